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

/** Anna earns 100 x month in 10 h every month; Bruno (only from February) 30 in 30 h; the gender twin halves Anna. */
function answerFor(url: string): StaffAnalysisResponse {
  const [fromDate, toDate] = url.match(/\d{4}-\d{2}-\d{2}/g) as [string, string];
  const month = Number(fromDate.slice(5, 7));
  const anna = person(1, 'Anna', (url.includes('Gender') ? 50 : 100) * month, 10);
  const rows = month === 1 ? [anna] : [anna, person(2, 'Bruno', 30, 30)];
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
  it('asks three months as three intervals, merges them and recomputes the totals row from the sums', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-03-31');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^3 \/ 3 intervals/), { timeout: 10_000 });
    expect(calls.map((url) => (url.match(/\d{4}-\d{2}-\d{2}/g) ?? []).join('/'))).toEqual([
      '2026-01-01/2026-01-31',
      '2026-02-01/2026-02-28',
      '2026-03-01/2026-03-31',
    ]);
    // Anna: 100 + 200 + 300 = 600 in 30 h; Bruno (appended in February): 60 in 60 h.
    const anna = cellsOf('Anna');
    expect(anna[1]).toBe('€600.00');
    expect(anna[11]).toBe('€20.00'); // earned per hour 600 / 30
    expect(anna[25]).toBe('3'); // intervals merged
    expect(cellsOf('Bruno')[25]).toBe('2');
    // Totals: 660 earned in 90 h = 7.33 an hour (not 20 + 1 = 21), 100 % of the staff revenue.
    const totals = cellsOf('Total');
    expect(totals[1]).toBe('€660.00');
    expect(totals[11]).toBe('€7.33');
    expect(totals[9]).toBe('100%');
    expect(screen.getByRole('link', { name: 'Anna' }).getAttribute('href')).toBe(
      '/staff-data-analysis-report?staffId=1&fromDate=2026-01-01&toDate=2026-03-31&salonId=1',
    );
  });

  it('asks the Gender twin for the chosen gender, merged the same way', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-02-28&gender=FEMALE');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^2 \/ 2 intervals/), { timeout: 10_000 });
    expect(calls.some((url) => url.includes('/GetStaffDataAnalysisGender/') && url.endsWith('/FEMALE'))).toBe(true);
    // Half of 100 + 200.
    expect(cellsOf('Anna')[1]).toBe('€150.00');
  });

  it('resets: every interval is asked again and merged from a zero counter', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-02-28');
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^2 \/ 2 intervals/), { timeout: 10_000 });
    expect(calls).toHaveLength(2);
    fireEvent.click(screen.getByTestId('staff-reset'));
    await waitFor(() => expect(calls).toHaveLength(4));
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^2 \/ 2 intervals/));
    expect(cellsOf('Anna')[1]).toBe('€300.00');
  });

  it('asks a long range a few intervals at a time, the next one as each answer arrives', async () => {
    const held: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: string) =>
          new Promise<Response>((resolve) => {
            calls.push(input);
            held.push(() => resolve(new Response(JSON.stringify(answerFor(input)), { status: 200 })));
          }),
      ),
    );
    render(
      <QueryClientProvider client={queryClientWithSalons()}>
        <MemoryRouter initialEntries={['/staff-data-analysis?fromDate=2026-01-01&toDate=2026-06-30']}>
          <StaffAnalysisScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(3));
    // Nothing more is asked while the first three are out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toHaveLength(3);
    held[0]?.();
    await waitFor(() => expect(calls).toHaveLength(4));
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^1 \/ 6 intervals/));
    for (let i = 1; i < 6; i += 1) {
      await waitFor(() => expect(held.length).toBeGreaterThan(i));
      held[i]?.();
    }
    await waitFor(() => expect(screen.getByTestId('staff-progress').textContent).toMatch(/^6 \/ 6 intervals/));
    expect(calls.map((url) => url.match(/\d{4}-\d{2}-\d{2}/)?.[0])).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    // 100 x (1 + 2 + ... + 6)
    expect(cellsOf('Anna')[1]).toBe('€2,100.00');
  });

  it('shows the staff analysis fixed failure message when the server fails', async () => {
    renderAt('/staff-data-analysis?fromDate=2026-01-01&toDate=2026-01-31', () => new Response('{}', { status: 500 }));
    expect((await screen.findByTestId('report-error', {}, { timeout: 10_000 })).textContent).toContain('something went wrong jj.');
  });
});
