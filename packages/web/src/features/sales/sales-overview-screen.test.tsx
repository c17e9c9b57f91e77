import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import SalesOverviewScreen from './sales-overview-screen';

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

const measures = (services: number, products: number, appointments: number, clients: number) => ({
  servicesRevenue: services,
  productsRevenue: products,
  totalRevenue: services + products,
  appointments,
  clients,
  newClients: 1,
  averageTicket: appointments ? Math.round(((services + products) / appointments) * 100) / 100 : null,
  discountTotal: 5,
});

/** Two days: 100 + 20 on the 1st (2 appointments), 50 + 0 on the 2nd (1); 170 in all. */
const perDay = {
  salonId: 1,
  fromDate: '2026-03-01',
  toDate: '2026-03-02',
  gender: 'ALL',
  rows: [
    { day: '2026-03-01', ...measures(100, 20, 2, 2) },
    { day: '2026-03-02', ...measures(50, 0, 1, 1) },
  ],
  totals: { ...measures(150, 20, 3, 3), newClients: 2, discountTotal: 10 },
};
const byGender = {
  salonId: 1,
  fromDate: '2026-03-01',
  toDate: '2026-03-02',
  gender: 'FEMALE',
  totals: measures(120, 20, 2, 2),
  allGenders: perDay.totals,
  revenueSharePercent: 82.35,
  appointmentsSharePercent: 66.67,
  byGender: [
    { gender: 'FEMALE', ...measures(120, 20, 2, 2) },
    { gender: 'MALE', ...measures(30, 0, 1, 1) },
    { gender: 'UNKNOWN', ...measures(0, 0, 0, 0) },
  ],
};

beforeEach(() => {
  localStorage.clear();
  saved.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SalesOverviewScreen export', () => {
  it('writes the KPI cards, the gender table and the days with real dates, named after the screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(String(url).includes('GetSalesDataAnalysisGender') ? byGender : perDay))),
    );
    render(
      <QueryClientProvider client={queryClientWithSalons()}>
        <MemoryRouter initialEntries={['/sales-data-analysis?fromDate=2026-03-01&toDate=2026-03-02']}>
          <SalesOverviewScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('table', { name: 'Sales by client gender' }, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('export-xlsx'));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]?.name).toMatch(/^sales-overview_Salone-Uno_2026-03-01_2026-03-02\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await saved[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Sales data']);
    expect(rows[1]).toEqual(['Salon', 'Salone Uno']);
    expect(rows[2]).toEqual(['Period', '1 Mar 2026 – 2 Mar 2026']);
    // The eight cards: 170 of revenue from 3 appointments.
    const kpi = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect([kpi('Revenue'), kpi('Services revenue'), kpi('Appointments'), kpi('Discounts')]).toEqual([170, 150, 3, 10]);
    const at = (title: string) => rows.findIndex((row) => row[0] === title);
    // The gender table with each share as a fraction (140 of 170).
    expect(rows[at('Sales by client gender') + 2]?.slice(0, 3)).toEqual(['Women', 140, 0.8235]);
    // The days the chart draws, each a date cell, then their total.
    const days = at('Revenue and appointments per day');
    expect(rows[days + 2]?.slice(0, 2)).toEqual([new Date('2026-03-01T00:00:00Z'), 120]);
    expect(rows[days + 4]?.slice(0, 2)).toEqual(['Total', 170]);
    const dateCells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => {
      if (row.getCell(1).value instanceof Date) dateCells.push(row.getCell(1));
    });
    expect(dateCells.map((cell) => cell.numFmt)).toEqual(['dd/mm/yyyy', 'dd/mm/yyyy']);
  });
});
