import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { CustomerKpis, CustomerOverview } from './api/use-customer-analysis';
import CustomerOverviewScreen from './customer-overview-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
// ECharts needs a canvas; the charts are not what these tests look at.
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));
// The exported file is caught instead of downloaded.
const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

const kpis = (clientsSeen: number, retention: number | null): CustomerKpis => ({
  clientsSeen,
  newClients: 20,
  returningClients: clientsSeen - 20,
  retainedClients: 8,
  pendingClients: 4,
  firstVisitRetention: retention,
  visits: 150,
  averageVisitsPerClient: 1.5,
  revenue: 9000,
  averageSpendPerClient: 90,
});

function overview(hasLastYear: boolean): CustomerOverview {
  return {
    salonId: 1,
    fromDate: '2026-01-01',
    toDate: '2026-03-18',
    today: '2026-03-18',
    kpis: kpis(100, 50),
    lastYear: hasLastYear ? { fromDate: '2025-01-01', toDate: '2025-03-18', kpis: kpis(80, 40) } : null,
    genders: [
      { gender: 'MALE', clients: 30, sharePercent: 30 },
      { gender: 'FEMALE', clients: 70, sharePercent: 70 },
      { gender: 'UNKNOWN', clients: 0, sharePercent: 0 },
    ],
    ageBands: [],
    months: [
      { month: '2026-01', clientsSeen: 40, newClients: 10, returningClients: 30 },
      { month: '2026-02', clientsSeen: 35, newClients: 6, returningClients: 29 },
      { month: '2026-03', clientsSeen: 30, newClients: 4, returningClients: 26 },
    ],
    cohorts: [
      {
        month: '2026-01',
        clients: 10,
        retention: [
          { monthsAfter: 1, clients: 3, sharePercent: 30 },
          { monthsAfter: 2, clients: 1, sharePercent: 10 },
        ],
      },
      { month: '2026-02', clients: 6, retention: [{ monthsAfter: 1, clients: 3, sharePercent: 50 }] },
      { month: '2026-03', clients: 4, retention: [] },
    ],
  };
}

function renderAt(url: string, answer: CustomerOverview) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[url]}>
        <CustomerOverviewScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (label: string) => screen.getByRole('group', { name: label });

beforeEach(() => {
  localStorage.clear();
  saved.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomerOverviewScreen', () => {
  it('shows each KPI with last year and the change, retention in points', async () => {
    renderAt('/customer-analysis-overview?fromDate=2026-01-01&toDate=2026-03-18', overview(true));
    await screen.findByTestId('last-year-span', {}, { timeout: 10_000 });
    expect(screen.getByTestId('last-year-span').textContent).toContain('1 Jan 2025 – 18 Mar 2025');
    expect(within(card('Clients seen')).getByTestId('kpi-value').textContent).toBe('100');
    // 100 against 80: +25 %.
    expect(screen.getByTestId('last-year-clientsSeen').textContent).toBe('Last year: 80 (+25%)');
    // A share compares in points, not in per cent of a per cent.
    expect(screen.getByTestId('last-year-firstVisitRetention').textContent).toBe('Last year: 40% (+10 points)');
    // The cohort matrix: one row per first-visit month, the shares of the later months written out.
    const matrix = screen.getByTestId('cohort-matrix');
    expect(within(matrix).getAllByRole('row')).toHaveLength(4);
    expect(
      within(screen.getByTestId('cohort-2026-01'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '30%', '10%']);
    expect(screen.queryByTestId('cohorts-too-short')).toBeNull();
  });

  it('says the comparison has not come yet when there is no last year', async () => {
    renderAt('/customer-analysis-overview?fromDate=2026-01-01&toDate=2026-03-18', overview(false));
    expect((await screen.findByTestId('last-year-span', {}, { timeout: 10_000 })).textContent).toMatch(/no last year/);
    expect(screen.queryByTestId('last-year-clientsSeen')).toBeNull();
    expect(within(card('Clients seen')).getByText('Not yet come')).toBeTruthy();
  });

  it('says why the retention is not known yet while every new client is within their 90 days', async () => {
    const answer = overview(true);
    answer.kpis = { ...answer.kpis, firstVisitRetention: null, pendingClients: 20 };
    renderAt('/customer-analysis-overview?fromDate=2026-03-01&toDate=2026-03-18', answer);
    expect((await screen.findByTestId('retention-pending', {}, { timeout: 10_000 })).textContent).toBe(
      'Not known yet: 20 new clients are still within their 90 days',
    );
    expect(within(card('First-visit retention')).getByTestId('kpi-value').textContent).toBe('–');
  });

  it('sets the last 12 months in one click', async () => {
    renderAt('/customer-analysis-overview?fromDate=2026-03-01&toDate=2026-03-18', overview(true));
    fireEvent.click(await screen.findByTestId('last-12-months', {}, { timeout: 10_000 }));
    expect((screen.getByTestId('from-date') as HTMLInputElement).value).toBe('01/04/2025');
  });

  it('exports what the screen shows: the KPIs with last year, the months, genders, ages and cohorts', async () => {
    const answer = overview(true);
    answer.ageBands = [{ band: '25-34', clients: 40, sharePercent: 40 }];
    renderAt('/customer-analysis-overview?fromDate=2026-01-01&toDate=2026-03-18', answer);
    await screen.findByTestId('last-year-span', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]?.name).toBe('customer-overview_Salone-Uno_2026-01-01_2026-03-18.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(0, 4)).toEqual([
      ['Customer overview'],
      ['Salon', 'Salone Uno'],
      ['Period', '1 Jan 2026 – 18 Mar 2026'],
      ["Last year's span", '1 Jan 2025 – 18 Mar 2025'],
    ]);
    // The cards: this range and last year, a share as a fraction (50 % -> 0.5).
    expect(rows.slice(4, 8)).toEqual([
      ['Measure', 'This range', 'Last year'],
      ['Clients seen', 100, 80],
      ['New clients', 20, 20],
      ['Returning clients', 80, 60],
    ]);
    expect(rows[8]).toEqual(['First-visit retention', 0.5, 0.4]);
    expect(rows[12]).toEqual(['Revenue from clients', 9000, 9000]);
    const at = (title: string) => rows.findIndex((row) => row[0] === title);
    expect(rows[at('New and returning clients per month') + 2]).toEqual(['Jan 2026', 40, 10, 30]);
    expect(rows[at('Clients seen by gender') + 2]).toEqual(['Men', 30, 0.3]);
    expect(rows[at('Clients seen by age band (at the end of the range)') + 2]).toEqual(['25-34', 40, 0.4]);
    expect(rows[at('Cohort retention') + 1]).toEqual(['First visit', 'New clients', '1 month after', '2 months after']);
    expect(rows[at('Cohort retention') + 2]).toEqual(['Jan 2026', 10, 0.3, 0.1]);
  });
});
