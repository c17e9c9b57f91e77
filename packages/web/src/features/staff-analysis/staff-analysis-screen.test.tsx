import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import { type StaffAnalysisResponse, type StaffRow, ZERO_YEAR } from './merge-staff';
import StaffAnalysisScreen from './staff-analysis-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
// ECharts needs a canvas; the charts are not what these tests look at.
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

function person(staffId: number, name: string, earned: number, hours: number): StaffRow {
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
    intervalCount: 1,
    previousYear: ZERO_YEAR,
  };
}

/**
 * The fake server's base table: one row per visit (staff, day, client, earned, feedback score).
 * Anna sees clients 1 and 2 in January, 2 and 3 in February, 1 and 3 in March: 3 distinct clients
 * over the quarter, 2 in each month. Her scores: 5 (January), 4 and 4 (February), 3 and 3 (March).
 * Bruno works from February. Every visit is 2.5 hours worked.
 */
const VISITS: readonly { staffId: number; day: string; client: number; earned: number; score: number | null }[] = [
  { staffId: 1, day: '2026-01-10', client: 1, earned: 100, score: 5 },
  { staffId: 1, day: '2026-01-20', client: 2, earned: 100, score: null },
  { staffId: 1, day: '2026-02-10', client: 2, earned: 200, score: 4 },
  { staffId: 1, day: '2026-02-20', client: 3, earned: 200, score: 4 },
  { staffId: 1, day: '2026-03-10', client: 1, earned: 300, score: 3 },
  { staffId: 1, day: '2026-03-20', client: 3, earned: 300, score: 3 },
  { staffId: 2, day: '2026-02-15', client: 4, earned: 30, score: null },
  { staffId: 2, day: '2026-03-15', client: 4, earned: 30, score: null },
];
const NAMES: Record<number, string> = { 1: 'Anna', 2: 'Bruno' };

/** What the API answers for a range, computed from the visits (the gender twin halves the earnings). */
function answerFor(url: string): StaffAnalysisResponse {
  const [fromDate, toDate] = url.match(/\d{4}-\d{2}-\d{2}/g) as [string, string];
  const factor = url.includes('Gender') ? 0.5 : 1;
  const inRange = VISITS.filter((visit) => visit.day >= fromDate && visit.day <= toDate);
  const rows = [...new Set(inRange.map((visit) => visit.staffId))].map((staffId) => {
    const mine = inRange.filter((visit) => visit.staffId === staffId);
    const scores = mine.flatMap((visit) => (visit.score === null ? [] : [visit.score]));
    const earned = mine.reduce((sum, visit) => sum + visit.earned, 0) * factor;
    return {
      ...person(staffId, NAMES[staffId] as string, earned, mine.length * 2.5),
      visits: mine.length,
      totalNumberOfClient: new Set(mine.map((visit) => visit.client)).size,
      averageFeedback: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null,
    };
  });
  const earned = rows.reduce((sum, row) => sum + row.totalEarned, 0);
  return {
    salonId: 1,
    fromDate,
    toDate,
    gender: 'ALL',
    salonOpenDays: 20,
    sumOfTotalDiscountValue: 0,
    sumOfTotalEarned: earned,
    sumOfTotalRecommended: 0,
    sumOfTotalDiscountValueRec: 0,
    previousYear: { fromDate, toDate, salonOpenDays: 20, sumOfTotalEarned: earned, sumOfTotalRecommended: 0 },
    staffDataAnalysis: rows,
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
        <StaffAnalysisScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The cells of a table row by the text of its first cell. */
function cellsOf(rowName: string): string[] {
  const table = screen.getByRole('table', { name: 'Staff analysis per person' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.firstElementChild?.textContent === rowName) as HTMLElement;
  return Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent ?? '');
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StaffAnalysisScreen', () => {
  it('asks a quarter as one range, so distinct clients and the mean feedback equal the API answer for that range', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-03-31');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^1 \/ 1 intervals/), { timeout: 10_000 });
    expect(calls.map((url) => (url.match(/\d{4}-\d{2}-\d{2}/g) ?? []).join('/'))).toEqual(['2026-01-01/2026-03-31']);
    const anna = cellsOf('Anna');
    expect(anna[1]).toBe('€1,200.00'); // 100 + 100 + 200 + 200 + 300 + 300
    expect(anna[11]).toBe('€80.00'); // 1200 / 15 h
    expect(anna[13]).toBe('3'); // clients 1, 2, 3 (months merged would say 2 + 2 + 2 = 6)
    expect(anna[15]).toBe('6');
    expect(anna[18]).toBe('3.8'); // (5 + 4 + 4 + 3 + 3) / 5 (months weighted by visits would say 4)
    // Totals: 1260 earned in 20 h = 63 an hour, 100 % of the staff revenue.
    const totals = cellsOf('Total');
    expect(totals[1]).toBe('€1,260.00');
    expect(totals[11]).toBe('€63.00');
    expect(totals[9]).toBe('100%');
    expect(screen.getByRole('link', { name: 'Anna' }).getAttribute('href')).toBe(
      '/staff-data-analysis-report?staffId=1&fromDate=2026-01-01&toDate=2026-03-31&salonId=1',
    );
  });

  it('asks the Gender twin for the chosen gender, over the whole range', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-02-28&gender=FEMALE');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^1 \/ 1 intervals/), { timeout: 10_000 });
    expect(calls.some((url) => url.includes('/GetStaffDataAnalysisGender/') && url.endsWith('/FEMALE'))).toBe(true);
    // Half of 100 + 100 + 200 + 200.
    expect(cellsOf('Anna')[1]).toBe('€300.00');
  });

  it('resets: the range is asked again and merged from a zero counter', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-02-28');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^1 \/ 1 intervals/), { timeout: 10_000 });
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByTestId('staff-reset'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^1 \/ 1 intervals/));
    expect(cellsOf('Anna')[1]).toBe('€600.00');
  });

  it('shows the staff analysis fixed failure message when the server fails', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-01-31', () => new Response('{}', { status: 500 }));
    expect((await screen.findByTestId('report-error', {}, { timeout: 10_000 })).textContent).toContain('something went wrong jj.');
  });
});
