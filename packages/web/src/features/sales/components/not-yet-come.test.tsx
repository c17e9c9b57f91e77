import '../../../lib/i18n';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../../components/data-table/data-table';
import { i18n } from '../../../lib/i18n';
import type { SalesMeasures } from '../api/use-sales-per-day';
import { compareDays } from '../sales-shaping';
import { comparisonColumns } from './comparison-columns';
import { dayColumns } from './day-columns';
import { type ComparedSpan, SalesKpis } from './sales-kpis';

// MUI renders slowly in happy-dom on a machine shared with other suites (as in the other screen tests).
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await i18n.loadNamespaces(['sales', 'components']);
});
afterEach(() => {
  cleanup();
  void i18n.changeLanguage('en');
});

const zero: SalesMeasures = {
  servicesRevenue: 0,
  productsRevenue: 0,
  totalRevenue: 0,
  appointments: 0,
  clients: 0,
  newClients: 0,
  averageTicket: 0,
  discountTotal: 0,
};
const measures = (totalRevenue: number, appointments: number): SalesMeasures => ({ ...zero, totalRevenue, appointments });

const span = (over: Partial<ComparedSpan>): ComparedSpan => ({
  fromDate: '2026-11-01',
  toDate: '2026-11-22',
  previousFromDate: '2025-11-01',
  previousToDate: '2025-11-22',
  isToDate: true,
  notYetCome: false,
  current: measures(600, 12),
  previous: measures(500, 10),
  ...over,
});

describe('periods not yet come', () => {
  it('shows a day after today as "Not yet" in the table, never EUR 0 or -100 %', () => {
    const rows = compareDays(
      [
        { ...measures(100, 2), day: '2026-11-22' },
        { ...measures(0, 0), day: '2026-11-23' },
      ],
      [
        { ...measures(50, 1), day: '2025-11-23' },
        { ...measures(80, 2), day: '2025-11-24' },
      ],
      '2026-11-22',
    );
    const t = i18n.getFixedT('en', 'sales');
    const columns = [
      { id: 'day', header: 'Day', value: (row: (typeof rows)[number]) => row.day },
      ...comparisonColumns<(typeof rows)[number]>(t, 'en', 'weekday'),
    ];
    render(<DataTable label="Days" columns={columns} data={rows} getRowId={(row) => row.day} pageSize={0} />);
    const future = screen.getByRole('row', { name: /2026-11-23/ });
    expect(within(future).getAllByText('Not yet').length).toBeGreaterThanOrEqual(1);
    // last year's same weekday is still shown; no change
    expect(within(future).getByText('€80.00')).toBeTruthy();
    expect(within(future).queryByText(/-100/)).toBeNull();
    expect(within(future).queryByText('€0.00')).toBeNull();
    const past = screen.getByRole('row', { name: /2026-11-22/ });
    expect(within(past).queryByText('Not yet')).toBeNull();
    expect(within(past).getByText('€100.00')).toBeTruthy();
  });

  it('shows the days after today as "Not yet" in the per-day table', () => {
    const t = i18n.getFixedT('en', 'sales');
    const rows = [
      { ...measures(100, 2), day: '2026-11-22' },
      { ...measures(0, 0), day: '2026-11-23' },
    ];
    render(<DataTable label="Days" columns={dayColumns(t, 'en', '2026-11-22')} data={rows} getRowId={(row) => row.day} pageSize={0} />);
    const [past, future] = screen.getAllByRole('row').filter((row) => /Nov 2026/.test(row.textContent ?? ''));
    expect(within(future as HTMLElement).getAllByText('Not yet')).toHaveLength(8);
    expect(within(future as HTMLElement).queryByText('€0.00')).toBeNull();
    expect(within(past as HTMLElement).queryByText('Not yet')).toBeNull();
    expect(within(past as HTMLElement).getByText('€100.00')).toBeTruthy();
  });

  it('says a period not yet come on the KPI cards instead of a change', async () => {
    render(<SalesKpis totals={measures(0, 0)} compared={span({ notYetCome: true, isToDate: false, current: measures(0, 0) })} />);
    expect((await screen.findByTestId('compared-span')).textContent).toMatch(/not come yet/);
    expect(screen.getAllByText('Not yet come')).toHaveLength(8);
    expect(screen.queryByText(/-100/)).toBeNull();
  });

  it('names the compared span (to date, same dates last year) and gives last year over it', async () => {
    render(<SalesKpis totals={measures(600, 12)} compared={span({})} />);
    expect((await screen.findByTestId('compared-span')).textContent).toContain('1 Nov 2026 – 22 Nov 2026 against 1 Nov 2025 – 22 Nov 2025');
    // revenue: last year 500, (600 - 500) / 500 = +20 %
    expect(screen.getAllByTestId('kpi-previous')[0]?.textContent).toBe('Last year €500.00 (20%)');
  });
});
