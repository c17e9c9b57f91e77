import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons, testSalon } from '../../test/salons';
import type { PerformanceReport, PerformanceSalon } from './api/use-performance';
import PerformanceSalonScreen from './performance-salon-screen';
import PerformanceScreen from './performance-screen';

vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ isSuperadmin: true, salonId: null as number | null }));
vi.mock('../../lib/auth', () => ({
  useAuth: () => ({
    isSuperadmin: auth.isSuperadmin,
    user: { salonId: auth.salonId },
    roles: [auth.isSuperadmin ? 'SUPERADMIN' : 'ADMIN'],
  }),
}));
vi.mock('../../components/chart/chart', () => ({ Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

function figures(revenue: number, appointments: number, averageTicket: number, utilisation: number | null) {
  return {
    fromDate: '2026-03-18',
    toDate: '2026-03-18',
    revenue,
    appointments,
    averageTicket,
    bookedHours: 10,
    shiftHours: 20,
    utilisation,
    newClients: 2,
    rebookingRate: 40,
  };
}

function salon(
  salonId: number,
  name: string,
  day: [number, number, number],
  month: [number, number, number],
  change: number | null,
): PerformanceSalon {
  return {
    salonId,
    name,
    city: 'Milano',
    day: { current: figures(day[0], day[1], day[2], 50), lastYear: figures(900, 10, 90, 60), revenueChange: change },
    monthToDate: {
      current: { ...figures(month[0], month[1], month[2], 70), fromDate: '2026-03-01' },
      lastYear: { ...figures(11_000, 120, 91.67, 65), fromDate: '2025-03-02', toDate: '2025-03-19' },
      revenueChange: 5,
    },
    trend: [{ day: '2026-03-01', revenue: 100, lastYearRevenue: 80 }],
    campaign:
      salonId === 2
        ? {
            campaignId: 7,
            name: 'Spring colour',
            fromDate: '2026-03-01',
            toDate: '2026-03-31',
            target: 20_000,
            revenueToDate: 5_000,
            achieved: 25,
          }
        : null,
  };
}

const median = { revenue: 1000, appointments: 11, averageTicket: 95, utilisation: 50, newClients: 2, rebookingRate: 40, revenueChange: 3 };
const chain: PerformanceReport = {
  day: '2026-03-18',
  salons: [
    salon(1, 'Alfa', [1000, 10, 100], [12_000, 150, 80], 11.11),
    salon(2, 'Beta', [1500, 12, 125], [9_000, 100, 90], -4),
    salon(3, 'Gamma', [500, 6, 83.33], [15_000, 160, 93.75], null),
  ],
  chainMedian: { salons: 3, day: median, monthToDate: { ...median, revenue: 12_000 } },
};

let gets: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: chain };

function renderAt(path: string, Screen: () => React.ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons([testSalon(), testSalon({ id: 2, name: 'Beta' })])}>
      <MemoryRouter initialEntries={[path]}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The salon names of the table's rows, top to bottom. */
function shownOrder(): string[] {
  const table = screen.getByRole('table', { name: /ranked by revenue/i });
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

beforeEach(() => {
  gets = [];
  answer = { status: 200, body: chain };
  auth.isSuperadmin = true;
  auth.salonId = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/Performance', () => {
  it("asks for the chain on the salon's today when no day is given, and ranks the salons by the day's revenue", async () => {
    renderAt('/Performance', PerformanceScreen);
    await screen.findByRole('table', { name: /ranked by revenue: day/i });
    expect(gets[0]).toContain('/api/Performance/GetPerformance/2026-03-18/');
    expect(shownOrder()).toEqual(['Beta', 'Alfa', 'Gamma']);
    expect(screen.getByTestId('salon-link-1').getAttribute('href')).toBe(
      '/PerformanceSalon?salonId=1&fromDate=2026-03-18&toDate=2026-03-18',
    );
  });

  it('ranks the month to date on its own revenue when switched, and sorts by any figure', async () => {
    renderAt('/Performance?fromDate=2026-03-18&toDate=2026-03-18', PerformanceScreen);
    await screen.findByRole('table', { name: /day/i });
    fireEvent.click(screen.getByTestId('span-monthToDate'));
    await screen.findByRole('table', { name: /month to date/i });
    expect(shownOrder()).toEqual(['Gamma', 'Alfa', 'Beta']);
    // It says what it compared with: the same dates last year.
    expect(screen.getByTestId('span-description').textContent).toMatch(/same dates a year earlier \(.*2025.*–.*2025.*\)/);
    // A figure sorts highest first (Gamma 93.75, Beta 90, Alfa 80), then lowest first.
    fireEvent.click(screen.getByRole('button', { name: 'Average ticket' }));
    expect(shownOrder()).toEqual(['Gamma', 'Beta', 'Alfa']);
    fireEvent.click(screen.getByRole('button', { name: 'Average ticket' }));
    expect(shownOrder()).toEqual(['Alfa', 'Beta', 'Gamma']);
  });

  it('shows the change with an arrow and words, and no base as no comparison (not as a fall)', async () => {
    renderAt('/Performance?fromDate=2026-03-18&toDate=2026-03-18', PerformanceScreen);
    await screen.findByRole('table', { name: /day/i });
    const changes = screen.getAllByTestId('revenue-change').map((element) => element.getAttribute('data-direction'));
    expect(changes).toEqual(['down', 'up', 'none']);
    expect(screen.getByText('up 11.1% on last year')).toBeTruthy();
    expect(screen.getByText('no revenue last year to compare with')).toBeTruthy();
    expect(screen.getByText('€5,000.00 of €20,000.00 (25%)')).toBeTruthy();
  });

  it('asks for the day picked, and the day before with the arrow', async () => {
    renderAt('/Performance?fromDate=2026-03-18&toDate=2026-03-18', PerformanceScreen);
    await screen.findByRole('table', { name: /day/i });
    fireEvent.change(screen.getByTestId('performance-day'), { target: { value: '02/03/2026' } });
    await waitFor(() => expect(gets.at(-1)).toContain('/GetPerformance/2026-03-02/'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(gets.at(-1)).toContain('/GetPerformance/2026-03-01/'));
  });

  it("shows the refusal of a report the caller's role does not reach when the API answers 403", async () => {
    auth.isSuperadmin = false;
    auth.salonId = 1;
    answer = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'your role does not allow this.' } };
    renderAt('/Performance', PerformanceScreen);
    expect(await screen.findByTestId('report-forbidden')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('/PerformanceSalon', () => {
  it("sets the salon's day and month against the chain's median and last year, better or worse in words", async () => {
    auth.isSuperadmin = false;
    auth.salonId = 2;
    answer = { status: 200, body: { ...chain, salons: [chain.salons[1]] } };
    renderAt('/PerformanceSalon', PerformanceSalonScreen);
    const day = await screen.findByTestId('comparison-day');
    expect(gets[0]).toContain('/api/Performance/GetPerformanceBysalon/2026-03-18/2/');
    const row = (id: string) => within(within(day).getByTestId(`kpi-row-${id}`));
    expect(row('revenue').getByTestId('salon-value').textContent).toBe('€1,500.00');
    expect(row('revenue').getByTestId('median-value').textContent).toBe('€1,000.00');
    expect(row('revenue').getByTestId('median-verdict').textContent).toBe('Better');
    expect(row('revenue').getByTestId('last-year-value').textContent).toBe('€900.00');
    expect(row('revenueChange').getByTestId('median-verdict').textContent).toBe('Worse');
    expect(row('utilisation').getByTestId('median-verdict').textContent).toBe('Equal');
    const month = screen.getByTestId('comparison-monthToDate');
    expect(within(within(month).getByTestId('kpi-row-revenue')).getByTestId('median-verdict').textContent).toBe('Worse');
    // Every KPI row carries its definition.
    expect(within(day).getAllByRole('button', { name: /definition|how/i }).length).toBeGreaterThanOrEqual(7);
    expect(screen.getByRole('img', { name: /revenue per day of beta/i })).toBeTruthy();
  });

  it("refuses a role below admin with the frame's message when the API answers 403", async () => {
    auth.isSuperadmin = false;
    auth.salonId = 1;
    answer = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'your role does not allow this.' } };
    renderAt('/PerformanceSalon', PerformanceSalonScreen);
    expect(await screen.findByTestId('report-forbidden')).toBeTruthy();
    expect(screen.queryByTestId('comparison-day')).toBeNull();
  });

  it("offers no day after the salon's today, and the day before it", async () => {
    auth.isSuperadmin = false;
    auth.salonId = 1;
    answer = { status: 200, body: { ...chain, salons: [chain.salons[0]] } };
    renderAt('/PerformanceSalon', PerformanceSalonScreen);
    await screen.findByTestId('comparison-day');
    expect(screen.getByRole('button', { name: 'Next day' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous day' }).hasAttribute('disabled')).toBe(false);
  });
});
