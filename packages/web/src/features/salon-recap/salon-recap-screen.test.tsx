import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { RecapDay, SalonRecapResponse } from './merge-recap';
import SalonRecapScreen from './salon-recap-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
// ECharts needs a canvas; the chart is not what these tests look at.
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

function day(date: string, services: number, products: number): RecapDay {
  const block = { amountRecommended: 0, appointmentCount: 1, newClientCount: 0, quantityCassaNova: 1, quantityRecommended: 0 };
  return {
    day: date,
    appointmentsDiscount: 0,
    productDataRecommendedCheckoutCassaNova: {
      ...block,
      amountCassaNova: products,
      discountsProductsValue: 0,
      discountsProductsValueRec: 0,
    },
    serviceDataRecommendedCheckoutCassaNova: {
      ...block,
      amountCassaNova: services,
      discountsServicesValue: 0,
      discountsServicesValueRec: 0,
      balanceClientCount: 0,
      lostClientCount: 0,
    },
  };
}

/** One answer per asked range: one day on its first date, services 100 x month number, products 10. */
function answerFor(url: string): SalonRecapResponse {
  const [fromDate, toDate] = url.match(/\d{4}-\d{2}-\d{2}/g) as [string, string];
  const services = 100 * Number(fromDate.slice(5, 7)) * (url.includes('Gender') ? 0.5 : 1);
  return {
    reportDashboardDataDiscounts: [{ salonId: 1, fromDate, toDate, dayFrom: [day(fromDate, services, 10)] }],
    recapData: {
      salonId: 1,
      fromDate,
      toDate,
      gender: 'ALL',
      lostClientDays: 180,
      servicesAmount: services,
      servicesAmountRecommended: 0,
      productsAmount: 10,
      productsAmountRecommended: 0,
      totalAmount: services + 10,
      recommendedSharePercent: 0,
      appointmentCount: 1,
      appointmentsDiscount: 0,
      servicesDiscount: 0,
      productsDiscount: 0,
      newClientCount: 0,
      balanceClientCount: 0,
      lostClientCount: 0,
    },
  };
}

let calls: string[] = [];

function renderAt(url: string, answer: (url: string) => Response = (u) => new Response(JSON.stringify(answerFor(u)), { status: 200 })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return answer(input);
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[url]}>
        <SalonRecapScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const kpi = (label: string) =>
  within(screen.getAllByTestId('kpi-card').find((card) => card.textContent?.startsWith(label)) as HTMLElement).getByTestId('kpi-value')
    .textContent;

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SalonRecapScreen', () => {
  it('asks a long range month by month and shows the merged days and totals', async () => {
    renderAt('/Salon-Recap?fromDate=2026-01-15&toDate=2026-03-10');
    expect((await screen.findByTestId('recap-loaded', {}, { timeout: 10_000 })).textContent).toBe('3 months loaded');
    expect(calls.map((url) => (url.match(/\d{4}-\d{2}-\d{2}/g) ?? []).join('/'))).toEqual([
      '2026-01-15/2026-01-31',
      '2026-02-01/2026-02-28',
      '2026-03-01/2026-03-10',
    ]);
    // (100 + 10) + (200 + 10) + (300 + 10) = 630
    expect(kpi('Total revenue')).toBe('€630.00');
    expect(kpi('Services revenue')).toBe('€600.00');
    const table = screen.getByRole('table', { name: 'Salon recap per day' });
    const days = within(table)
      .getAllByRole('row')
      .slice(2)
      .filter((row) => row.getAttribute('data-testid') !== 'totals-row')
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    // Days in the interface language's format, as on every other table.
    expect(days).toEqual(['15 Jan 2026', '1 Feb 2026', '1 Mar 2026']);
    // The totals row adds the days up to the recap's own total.
    expect(within(screen.getByTestId('totals-row')).getAllByRole('cell')[0]?.textContent).toBe('€630.00');
  });

  it('adds a comparison period and a gender set, each merged on its own', async () => {
    renderAt('/Salon-Recap?fromDate=2026-03-01&toDate=2026-03-31&compare=lastYear&gender=FEMALE');
    expect((await screen.findByTestId('recap-loaded', {}, { timeout: 10_000 })).textContent).toMatch(
      /compared with 1 Mar 2025 – 31 Mar 2025/,
    );
    expect(calls.some((url) => url.includes('/GetSalonRecap/') && url.includes('2025-03-01/2025-03-31'))).toBe(true);
    expect(calls.some((url) => url.includes('/GetSalonRecapGender/') && url.endsWith('/FEMALE'))).toBe(true);
    // Same answer a year earlier: 310 vs 310, a change of 0 %; women: half the services, 150 + 10.
    const total = screen.getAllByTestId('kpi-card').find((card) => card.textContent?.startsWith('Total revenue')) as HTMLElement;
    expect(total.textContent).toContain('Comparison: €310.00 (0 %)');
    expect(total.textContent).toContain('Women: €160.00');
  });

  it('resets: the comparison and gender sets are dropped and the range is asked again from a zero counter', async () => {
    renderAt('/Salon-Recap?fromDate=2026-03-01&toDate=2026-04-30&compare=previous&gender=MALE');
    expect((await screen.findByTestId('recap-loaded', {}, { timeout: 10_000 })).textContent).toMatch(/^2 months loaded · compared with/);
    // 2 primary + 3 previous-period (61 days before: 2025-12-30 .. 2026-02-28) + 2 gender requests
    expect(calls).toHaveLength(7);
    fireEvent.click(screen.getByTestId('recap-reset'));
    await waitFor(() => expect(screen.getByTestId('recap-loaded').textContent).toBe('2 months loaded'));
    // Only the primary range is asked again.
    await waitFor(() => expect(calls).toHaveLength(9));
    expect(calls.slice(7).every((url) => url.includes('/GetSalonRecap/') && url.includes('2026-0'))).toBe(true);
    expect(screen.queryByText(/Comparison:/)).toBeNull();
  });

  it('says the role does not reach the report when the API answers 403', async () => {
    renderAt('/Salon-Recap', () => new Response(JSON.stringify({ statusCode: 403, message: 'Forbidden' }), { status: 403 }));
    expect((await screen.findByTestId('report-forbidden', {}, { timeout: 10_000 })).textContent).toBe(
      'Your role does not give access to this report',
    );
  });

  it('shows the fixed message when the range has no day', async () => {
    renderAt('/Salon-Recap?fromDate=2026-03-01&toDate=2026-03-31', (url) => {
      const empty = answerFor(url);
      empty.reportDashboardDataDiscounts = [];
      return new Response(JSON.stringify(empty), { status: 200 });
    });
    expect((await screen.findByTestId('report-empty', {}, { timeout: 10_000 })).textContent).toBe('Unable to fetch product list');
  });
});
