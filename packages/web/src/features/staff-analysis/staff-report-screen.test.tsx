import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import { type StaffAnalysisResponse, type StaffRow, ZERO_YEAR } from './merge-staff';
import StaffReportScreen from './staff-report-screen';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

function person(staffId: number, name: string, earned: number, hours: number, visits: number, rebookingRate: number): StaffRow {
  return {
    ...ZERO_YEAR,
    staffId,
    name,
    staffWorkingDays: 5,
    averageFeedback: null,
    hourlyEarned: Math.round((earned / hours) * 100) / 100,
    hourlyRecommended: 0,
    perOnStaffTotal: null,
    perOnStaffRecommendedTotal: null,
    product_RETotalEarned: 0,
    product_TotalEarned: 0,
    service_RETotalEarned: 0,
    service_TotalEarned: earned,
    totalEarned: earned,
    totalWorkingHours: hours,
    visits,
    rebookingRate,
    intervalCount: 1,
    previousYear: ZERO_YEAR,
  };
}

const body = (rows: StaffRow[]) => ({
  salonId: 1,
  fromDate: '2026-03-01',
  toDate: '2026-03-18',
  gender: 'ALL' as const,
  salonOpenDays: 15,
  sumOfTotalDiscountValue: 0,
  sumOfTotalEarned: rows.reduce((sum, row) => sum + row.totalEarned, 0),
  sumOfTotalRecommended: 0,
  sumOfTotalDiscountValueRec: 0,
  previousYear: { fromDate: '2025-03-01', toDate: '2025-03-18', salonOpenDays: 15, sumOfTotalEarned: 0, sumOfTotalRecommended: 0 },
  staffDataAnalysis: rows,
});

// Anna: 900 in 30 h, 40 visits, rebooking 25 %; Bruno: 300 in 30 h, 10 visits, rebooking 50 %.
const anna = person(1, 'Anna', 900, 30, 40, 25);
const bruno = person(2, 'Bruno', 300, 30, 10, 50);
const salon: StaffAnalysisResponse = body([anna, bruno]);

function answerFor(url: string): unknown {
  if (url.includes('/GetStaffDataAnalysisByName/')) return salon;
  if (url.includes('/GetStaffDailyDetailsAnalysis/') && url.includes('/2026-01-01/2026-02-09/')) {
    // 40 days of Anna, paged by the server as the query asks (every day without limit).
    const query = new URL(url, 'http://localhost').searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const limit = query.has('limit') ? Number(query.get('limit')) : 40;
    const days = Array.from({ length: 40 }, (_, i) => ({
      day: `2026-${i < 31 ? `01-${String(i + 1).padStart(2, '0')}` : `02-${String(i - 30).padStart(2, '0')}`}`,
      ...body([person(1, 'Anna', 100 + i, 8, 4, 25)]),
    }));
    return {
      salonId: 1,
      fromDate: '2026-01-01',
      toDate: '2026-02-09',
      gender: 'ALL',
      ...(query.has('limit') ? { total: 40, limit, offset } : {}),
      days: days.slice(offset, offset + limit),
    };
  }
  if (url.includes('/GetStaffDailyDetailsAnalysis/')) {
    return {
      salonId: 1,
      fromDate: '2026-03-01',
      toDate: '2026-03-18',
      gender: 'ALL',
      total: 2,
      limit: 25,
      offset: 0,
      days: [
        { day: '2026-03-02', ...body([person(1, 'Anna', 120, 8, 4, 25), person(2, 'Bruno', 50, 8, 2, 50)]) },
        // Anna was off on the 3rd: the day is not hers.
        { day: '2026-03-03', ...body([person(2, 'Bruno', 60, 8, 2, 50)]) },
      ],
    };
  }
  if (url.includes('/GetStaffWeeklyDetailsAnalysis/')) {
    const week = (weekStart: string, toDate: string, earned: number) => ({
      ...body([person(1, 'Anna', earned, 10, 5, 20)]),
      weekStart,
      fromDate: weekStart,
      toDate,
    });
    return {
      salonId: 1,
      staffId: 1,
      ZERO_YEAR: 2026,
      month: 3,
      gender: 'ALL',
      // Today is 18 March (test salon): the week of 23 March has not begun.
      weeks: [week('2026-03-09', '2026-03-15', 400), week('2026-03-16', '2026-03-22', 200), week('2026-03-23', '2026-03-29', 0)],
    };
  }
  if (url.includes('/GetStaffItems/')) {
    return {
      salonId: 1,
      fromDate: '2026-03-01',
      toDate: '2026-03-18',
      staffId: 1,
      items: [{ kind: 'SERVICE', itemId: 5, name: 'Piega', quantity: 12, revenue: 360, recommendedQuantity: 2, recommendedRevenue: 60 }],
    };
  }
  throw new Error(`unexpected ${url}`);
}

let calls: string[] = [];
function renderAt(url: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify(answerFor(input)), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[url]}>
        <StaffReportScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (label: string) => screen.getAllByTestId('kpi-card').find((c) => c.querySelector('h2')?.textContent === label) as HTMLElement;
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(2)
    .map((row) => row.firstElementChild?.textContent);
/** The rows of a table the server pages (a header row, no filter row). */
const serverRowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.firstElementChild?.textContent);

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StaffReportScreen', () => {
  it("shows the person's KPIs against the salon's average person, their days, the weeks begun and what they sold", async () => {
    renderAt('/staff-data-analysis-report?staffId=1&fromDate=2026-03-01&toDate=2026-03-18&month=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff report: Anna' }, { timeout: 10_000 })).toBeTruthy();
    // Sums: the salon's 1,200 over 2 people; ratios from the sums: 1,200 / 60 h = 20 an hour, (10 + 5) / 50 visits = 30 %.
    expect(card('Earned').textContent).toContain('€900.00');
    expect(card('Earned').textContent).toContain('Salon average per person: €600.00');
    expect(card('Earned per hour').textContent).toContain('Salon average per person: €20.00');
    expect(card('Rebooking rate').textContent).toContain('Salon average per person: 30%');
    await waitFor(() => expect(screen.getByRole('table', { name: "The person's figures per day" })).toBeTruthy());
    expect(serverRowsOf("The person's figures per day")).toEqual(['2 Mar 2026']);
    await waitFor(() => expect(screen.getByRole('table', { name: "The person's figures per week of the month" })).toBeTruthy());
    expect(rowsOf("The person's figures per week of the month")).toEqual(['9 Mar 2026 – 15 Mar 2026', '16 Mar 2026 – 22 Mar 2026']);
    await waitFor(() => expect(screen.getByRole('table', { name: 'The services and products the person sold' })).toBeTruthy());
    expect(rowsOf('The services and products the person sold')).toEqual(['Service']);
    expect(calls.some((url) => url.includes('/GetStaffItems/') && url.endsWith('/2026-03-01/2026-03-18/1/1'))).toBe(true);
    expect(calls.some((url) => url.includes('/GetStaffWeeklyDetailsAnalysis/') && url.endsWith('/1/1/3'))).toBe(true);
  });

  it('pages the daily table on the server, 25 days at a time', async () => {
    renderAt('/staff-data-analysis-report?staffId=1&fromDate=2026-01-01&toDate=2026-02-09&month=1');
    const table = "The person's figures per day";
    await waitFor(() => expect(screen.getByRole('table', { name: table })).toBeTruthy(), { timeout: 10_000 });
    expect(serverRowsOf(table)).toHaveLength(25);
    expect(serverRowsOf(table)[0]).toBe('1 Jan 2026');
    expect(calls.some((url) => url.includes('/GetStaffDailyDetailsAnalysis/') && url.endsWith('?limit=25&offset=0'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(serverRowsOf(table)).toEqual([
        '26 Jan 2026',
        '27 Jan 2026',
        '28 Jan 2026',
        '29 Jan 2026',
        '30 Jan 2026',
        '31 Jan 2026',
        '1 Feb 2026',
        '2 Feb 2026',
        '3 Feb 2026',
        '4 Feb 2026',
        '5 Feb 2026',
        '6 Feb 2026',
        '7 Feb 2026',
        '8 Feb 2026',
        '9 Feb 2026',
      ]),
    );
    expect(calls.some((url) => url.includes('/GetStaffDailyDetailsAnalysis/') && url.endsWith('?limit=25&offset=25'))).toBe(true);
  });

  it('asks for a person when none is chosen and asks nothing about a person', async () => {
    renderAt('/staff-data-analysis-report?fromDate=2026-03-01&toDate=2026-03-18');
    expect((await screen.findByTestId('choose-person', {}, { timeout: 10_000 })).textContent).toBe('Choose a person to see their report.');
    expect(calls.every((url) => url.includes('/GetStaffDataAnalysisByName/'))).toBe(true);
  });
});
