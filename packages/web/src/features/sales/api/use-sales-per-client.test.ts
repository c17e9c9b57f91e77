import { SALES_PER_CLIENT_PAGE } from '@salon/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAllSalesPerClient, type SalesClientRow, type SalesPerClient } from './use-sales-per-client';

const CLIENTS = 1234;

function row(clientId: number): SalesClientRow {
  return {
    clientId,
    firstName: `Client${clientId}`,
    lastName: 'Rossi',
    gender: 'FEMALE',
    revenue: CLIENTS - clientId + 1,
    servicesRevenue: CLIENTS - clientId + 1,
    productsRevenue: 0,
    visits: 1,
    averageTicket: CLIENTS - clientId + 1,
    lastVisit: '2026-03-01',
    lastAppointmentId: clientId,
  };
}
/** Every client in the server's order: what the export wrote when the server listed them all. */
const everyClient = Array.from({ length: CLIENTS }, (_, i) => row(i + 1));

/** The server: one page of at most SALES_PER_CLIENT_PAGE.max clients, with the total. */
function answerFor(url: string): Response {
  const query = new URL(url, 'http://x').searchParams;
  const limit = Number(query.get('limit') ?? SALES_PER_CLIENT_PAGE.default);
  if (limit > SALES_PER_CLIENT_PAGE.max)
    return new Response(JSON.stringify({ message: 'querystring/limit must be <= 500' }), { status: 400 });
  const offset = Number(query.get('offset') ?? 0);
  const answer: SalesPerClient = {
    salonId: 1,
    fromDate: '2026-01-01',
    toDate: '2026-12-31',
    rows: everyClient.slice(offset, offset + limit),
    totals: { clients: CLIENTS, revenue: 1, withoutClientRevenue: 0, visits: CLIENTS, servicesRevenue: 1, productsRevenue: 0 },
    total: CLIENTS,
    limit,
    offset,
  };
  return new Response(JSON.stringify(answer), { status: 200 });
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchAllSalesPerClient', () => {
  it('asks page after page of the maximum size, in order, until the total, and puts them end to end', async () => {
    const calls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        calls.push(new URL(input, 'http://x'));
        return answerFor(input);
      }),
    );
    const rows = await fetchAllSalesPerClient(
      { salonId: 1, fromDate: '2026-01-01', toDate: '2026-12-31' },
      { sort: 'visits', order: 'asc', search: 'ross', gender: 'FEMALE' },
    );
    expect(rows).toEqual(everyClient);
    expect(calls.map((url) => [url.searchParams.get('limit'), url.searchParams.get('offset')])).toEqual([
      ['500', '0'],
      ['500', '500'],
      ['500', '1000'],
    ]);
    // every page keeps the order and the filters
    for (const url of calls) {
      expect(url.pathname).toContain('/GetSalesDataAnalysisPerClient/2026-12-31/2026-01-01/1/');
      expect([...url.searchParams.entries()]).toEqual(
        expect.arrayContaining([
          ['sort', 'visits'],
          ['order', 'asc'],
          ['search', 'ross'],
          ['gender', 'FEMALE'],
        ]),
      );
    }
  });

  it('asks once when the first page holds every client, and stops on an empty page', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            salonId: 1,
            fromDate: '2026-01-01',
            toDate: '2026-12-31',
            rows: [],
            totals: { clients: 3, revenue: 0, withoutClientRevenue: 0, visits: 0, servicesRevenue: 0, productsRevenue: 0 },
            // clients gone between the count and the page: no endless asking
            total: 3,
            limit: 500,
            offset: 0,
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await fetchAllSalesPerClient({ salonId: 1, fromDate: '2026-01-01', toDate: '2026-12-31' }, {})).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
