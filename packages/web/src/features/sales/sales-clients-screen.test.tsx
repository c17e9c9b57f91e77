import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { SalesClientRow, SalesPerClient } from './api/use-sales-per-client';
import SalesClientsScreen from './sales-clients-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));

function row(clientId: number): SalesClientRow {
  return {
    clientId,
    firstName: `Anna${clientId}`,
    lastName: 'Rossi',
    gender: 'FEMALE',
    revenue: 200 - clientId,
    servicesRevenue: 150 - clientId,
    productsRevenue: 50,
    visits: 2,
    averageTicket: (200 - clientId) / 2,
    lastVisit: '2026-03-01',
    lastAppointmentId: 1000 + clientId,
  };
}

/** The API's answer to a URL: 120 clients, one page of them (50 when no limit is asked, as the server does). */
function answerFor(url: string): SalesPerClient {
  const query = new URL(url, 'http://x').searchParams;
  const limit = query.has('limit') ? Number(query.get('limit')) : 50;
  const offset = Number(query.get('offset') ?? 0);
  const rows = Array.from({ length: Math.max(0, Math.min(limit, 120 - offset)) }, (_, i) => row(offset + i + 1));
  return {
    salonId: 1,
    fromDate: '2026-03-01',
    toDate: '2026-03-18',
    rows,
    totals: { clients: 120, revenue: 16740, withoutClientRevenue: 12.5, visits: 240, servicesRevenue: 10740, productsRevenue: 6000 },
    total: 120,
    limit,
    offset,
  };
}

let calls: string[] = [];
const perClientCalls = () => calls.filter((url) => url.includes('GetSalesDataAnalysisPerClient/')).map((url) => new URL(url, 'http://x'));
const lastCall = () =>
  perClientCalls()
    .filter((url) => url.searchParams.get('limit') !== '10')
    .at(-1) as URL;

function renderScreen() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify(answerFor(input)), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/sales-data-analysis-clients?fromDate=2026-03-01&toDate=2026-03-18']}>
        <SalesClientsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SalesClientsScreen', () => {
  it('asks the server for one page by revenue and shows its totals for every client', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Sales per client' }, { timeout: 10_000 });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(50));
    expect(lastCall().searchParams.get('limit')).toBe('50');
    expect(lastCall().searchParams.get('offset')).toBe('0');
    expect(lastCall().searchParams.get('sort')).toBe('revenue');
    expect(lastCall().searchParams.get('order')).toBe('desc');
    // the first page is by revenue already: no separate call for the top-10 chart
    expect(perClientCalls().some((url) => url.searchParams.get('limit') === '10')).toBe(false);
    // header + filter-less body: 50 rows and the server's totals row
    const totalsRow = within(table).getByTestId('totals-row');
    expect(totalsRow.textContent).toContain('16,740.00');
    expect(totalsRow.textContent).toContain('10,740.00');
    expect(screen.getByTestId('without-client-revenue').textContent).toContain('12.50');
    expect(screen.getByText('1–50 of 120')).toBeTruthy();
  });

  it('pages and sorts on the server, back to the first page on a new order', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }, { timeout: 10_000 }));
    await waitFor(() => expect(lastCall().searchParams.get('offset')).toBe('50'));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
    // not by revenue on the first page any more: the chart asks for its own top 10
    await waitFor(() => expect(perClientCalls().some((url) => url.searchParams.get('limit') === '10')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Visits' }));
    await waitFor(() => expect(lastCall().searchParams.get('sort')).toBe('visits'));
    expect(lastCall().searchParams.get('offset')).toBe('0');
  });

  it('asks the server for a name once typing pauses', async () => {
    renderScreen();
    fireEvent.change(await screen.findByTestId('clients-search', {}, { timeout: 10_000 }), { target: { value: 'ross' } });
    // 350 ms of pause, then a render and a fetch: on a loaded 2-core CI machine that took over 3 s once.
    await waitFor(() => expect(lastCall().searchParams.get('search')).toBe('ross'), { timeout: 10_000 });
  });
});
