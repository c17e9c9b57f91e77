import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { CURRENT_SALON_KEY } from '../../lib/current-salon';
import { i18n } from '../../lib/i18n';
import { queryClientWithSalons, testSalon } from '../../test/salons';
import { isIsoDate, monthStartOf, toIsoDate } from '../format/dates';
import { ExportButton } from './export-button';
import { ReportFrame } from './report-frame';
import { reportStatusOf } from './report-status';
import { type ReportFilters, useReportFilters } from './use-report-filters';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ value: { isSuperadmin: false, user: { salonId: 7 as number | null } } }));
vi.mock('../../lib/auth', () => ({ useAuth: () => auth.value }));

const NOW = new Date(2026, 2, 18, 12, 0); // 18 March 2026, local time
/** Today in every salon of the list, as the server answers it (GET /api/Salons). */
const SALON_TODAY = '2026-03-18';
const SALONS = [2, 3, 5, 7].map((id) => testSalon({ id, name: `Salone ${id}`, today: SALON_TODAY }));
let location = '';

function LocationProbe() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

/** A router at `url` and a query cache that already holds the salon list (none when `salons` is null: it loads). */
function wrapperAt(url: string, salons: ReturnType<typeof testSalon>[] | null = SALONS) {
  const client = salons ? queryClientWithSalons(salons) : new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  localStorage.clear();
  auth.value = { isSuperadmin: false, user: { salonId: 7 } };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('report dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-02-01')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('formats local dates and month starts', () => {
    expect(toIsoDate(NOW)).toBe('2026-03-18');
    expect(monthStartOf('2026-03-18')).toBe('2026-03-01');
  });
});

describe('useReportFilters', () => {
  it("defaults to the current salon and the first of the month .. the salon's today", () => {
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/sales-data-analysis') });
    expect(result.current).toMatchObject({
      salonId: 7,
      fromDate: '2026-03-01',
      toDate: '2026-03-18',
      today: '2026-03-18',
      isPending: false,
      isRangeValid: true,
    });
  });

  it("takes today from the server's salon list, not from the device's clock", () => {
    // The device is still on 31 March (another zone, or a demo pinned by DEMO_TODAY); the salon is on 1 April.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 31, 23, 30));
    try {
      const salons = [testSalon({ id: 7, today: '2026-04-01' })];
      const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x', salons) });
      expect(result.current).toMatchObject({ fromDate: '2026-04-01', toDate: '2026-04-01', today: '2026-04-01' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the salon list before it gives a default date: pending, not a reversed range', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x', null) });
    expect(result.current).toMatchObject({ fromDate: '', toDate: '', today: undefined, isPending: true, isRangeValid: false });
    // Dates in the URL need no today.
    const given = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x?fromDate=2026-01-05&toDate=2026-02-10', null) });
    expect(given.result.current).toMatchObject({ fromDate: '2026-01-05', toDate: '2026-02-10', isPending: false, isRangeValid: true });
  });

  it('can default to today .. today', () => {
    const { result } = renderHook(() => useReportFilters({ defaultFrom: 'today' }), { wrapper: wrapperAt('/x') });
    expect(result.current).toMatchObject({ fromDate: '2026-03-18', toDate: '2026-03-18' });
  });

  it('reads the dates from the URL and ignores invalid ones', () => {
    const { result } = renderHook(() => useReportFilters(), {
      wrapper: wrapperAt('/x?fromDate=2026-01-05&toDate=2026-02-30'),
    });
    expect(result.current).toMatchObject({ fromDate: '2026-01-05', toDate: '2026-03-18' });
  });

  it('flags a range that ends before it starts', () => {
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x?fromDate=2026-03-10&toDate=2026-03-01') });
    expect(result.current.isRangeValid).toBe(false);
  });

  it('a non-superadmin always gets their own salon, whatever the URL says', () => {
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x?salonId=2') });
    expect(result.current.salonId).toBe(7);
  });

  it("a superadmin gets the URL's salon, and it becomes their current salon", () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    localStorage.setItem(CURRENT_SALON_KEY, '3');
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x?salonId=2') });
    expect(result.current.salonId).toBe(2);
    expect(localStorage.getItem(CURRENT_SALON_KEY)).toBe('2');
  });

  it('a superadmin without a salon in the URL gets the remembered one, or none', () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    expect(renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x') }).result.current.salonId).toBeNull();
    localStorage.setItem(CURRENT_SALON_KEY, '5');
    expect(renderHook(() => useReportFilters(), { wrapper: wrapperAt('/x') }).result.current.salonId).toBe(5);
  });

  it('writes changes to the URL, dropping cleared values', () => {
    const { result } = renderHook(() => useReportFilters(), { wrapper: wrapperAt('/sales?fromDate=2026-03-02') });
    act(() => result.current.setFilters({ toDate: '2026-03-10' }));
    expect(location).toBe('/sales?fromDate=2026-03-02&toDate=2026-03-10');
    expect(result.current).toMatchObject({ fromDate: '2026-03-02', toDate: '2026-03-10' });
    act(() => result.current.setFilters({ fromDate: '' }));
    expect(location).toBe('/sales?toDate=2026-03-10');
    expect(result.current.fromDate).toBe('2026-03-01');
  });
});

describe('reportStatusOf', () => {
  it('maps a query to loading, error, empty or ready', () => {
    expect(reportStatusOf({ isPending: true, isError: false, data: undefined })).toBe('loading');
    expect(reportStatusOf({ isPending: false, isError: true, data: undefined })).toBe('error');
    expect(reportStatusOf({ isPending: false, isError: false, data: [] })).toBe('empty');
    expect(reportStatusOf({ isPending: false, isError: false, data: {} })).toBe('empty');
    expect(reportStatusOf({ isPending: false, isError: false, data: [1] })).toBe('ready');
    expect(reportStatusOf({ isPending: false, isError: false, data: { rows: [] } }, (d) => d.rows.length === 0)).toBe('empty');
  });
});

function Frame(props: Partial<Parameters<typeof ReportFrame>[0]> & { filters?: ReportFilters }) {
  const filters = useReportFilters();
  return (
    <ReportFrame title="Sales per day" filters={props.filters ?? filters} status="ready" {...props}>
      <p>the report</p>
    </ReportFrame>
  );
}

describe('ReportFrame', () => {
  it('shows the title, the date inputs and the report when ready', () => {
    render(<Frame />, { wrapper: wrapperAt('/x') });
    expect(screen.getByRole('heading', { level: 1, name: 'Sales per day' })).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('01/03/2026');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('18/03/2026');
    expect(screen.getByText('the report')).toBeTruthy();
    // No salon picker for a manager.
    expect(screen.queryByLabelText('Salon')).toBeNull();
  });

  it('keeps a date change in the URL', () => {
    render(<Frame />, { wrapper: wrapperAt('/x') });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '05/03/2026' } });
    expect(location).toBe('/x?fromDate=2026-03-05');
  });

  /** Types `text` one character at a time, as a user does. */
  function typeInto(input: HTMLElement, text: string) {
    fireEvent.change(input, { target: { value: '' } });
    for (let i = 1; i <= text.length; i += 1) fireEvent.change(input, { target: { value: text.slice(0, i) } });
  }

  it('keeps a half-typed date in the field and the URL as it was, then applies the complete date', () => {
    render(<Frame />, { wrapper: wrapperAt('/x?fromDate=2026-03-02&toDate=2026-03-18') });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '10' } });
    expect(from.value).toBe('10');
    expect(location).toBe('/x?fromDate=2026-03-02&toDate=2026-03-18');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('the report')).toBeTruthy();
    typeInto(from, '10/03/202');
    expect(location).toBe('/x?fromDate=2026-03-02&toDate=2026-03-18');
    fireEvent.change(from, { target: { value: '10/03/2026' } });
    expect(from.value).toBe('10/03/2026');
    expect(location).toBe('/x?fromDate=2026-03-10&toDate=2026-03-18');
  });

  it('says so when a typed date is not a real one, and keeps the applied date', () => {
    render(<Frame />, { wrapper: wrapperAt('/x?fromDate=2026-03-02') });
    const to = screen.getByLabelText('To') as HTMLInputElement;
    typeInto(to, '31/02/2026');
    expect(to.value).toBe('31/02/2026');
    expect(screen.getByTestId('to-date-message').textContent).toBe('Type a date as dd/mm/yyyy, e.g. 05/03/2026.');
    expect(location).toBe('/x?fromDate=2026-03-02');
    // Month first (US style) is no date either: 12/31/2026.
    typeInto(to, '12/31/2026');
    expect(screen.getByTestId('to-date-message').textContent).toMatch(/dd\/mm\/yyyy/);
    // A half-typed date is flagged when the user leaves the field.
    typeInto(to, '1/3');
    expect(screen.queryByTestId('to-date-message')).toBeNull();
    fireEvent.blur(to);
    expect(screen.getByTestId('to-date-message')).toBeTruthy();
    typeInto(to, '15/03/2026');
    expect(screen.queryByTestId('to-date-message')).toBeNull();
    expect(location).toBe('/x?fromDate=2026-03-02&toDate=2026-03-15');
  });

  it('reads and shows dates as gg/mm/aaaa in Italian, with an Italian message', async () => {
    await i18n.changeLanguage('it');
    try {
      render(<Frame />, { wrapper: wrapperAt('/x') });
      const from = screen.getByLabelText('Dal') as HTMLInputElement;
      expect(from.value).toBe('01/03/2026');
      expect(from.placeholder).toBe('gg/mm/aaaa');
      typeInto(from, '07/03/2026');
      expect(location).toBe('/x?fromDate=2026-03-07');
      typeInto(from, '32/03/2026');
      expect(screen.getByTestId('from-date-message').textContent).toMatch(/gg\/mm\/aaaa/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('marks the fields when From is after To', () => {
    render(<Frame />, { wrapper: wrapperAt('/x?fromDate=2026-03-10&toDate=2026-03-18') });
    typeInto(screen.getByLabelText('To'), '05/03/2026');
    expect(location).toBe('/x?fromDate=2026-03-10&toDate=2026-03-05');
    expect(screen.getByTestId('to-date-message').textContent).toBe('The start date is after the end date.');
    expect(screen.getByTestId('from-date-message').textContent).toBe('The start date is after the end date.');
  });

  it('shows a loader, the fixed empty message, or the error instead of the report', () => {
    const { rerender } = render(<Frame status="loading" />, { wrapper: wrapperAt('/x') });
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    expect(screen.queryByText('the report')).toBeNull();
    rerender(<Frame status="empty" />);
    expect(screen.getByTestId('report-empty').textContent).toMatch(/Unable to fetch product list/);
    rerender(<Frame status="error" error={new ApiError(500, 'something went wrong.')} />);
    expect(screen.getByTestId('report-error').textContent).toMatch(/something went wrong\./);
    rerender(<Frame status="error" error={new ApiError(0, 'x')} errorFallback="something went wrong jj." />);
    expect(screen.getByTestId('report-error').textContent).toMatch(/something went wrong jj\./);
  });

  it('offers a retry on error', () => {
    const onRetry = vi.fn();
    render(<Frame status="error" error={new ApiError(500, 'x')} onRetry={onRetry} />, { wrapper: wrapperAt('/x') });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("shows the loader, not a range warning, while the salon's today is on its way", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    render(<Frame />, { wrapper: wrapperAt('/x', null) });
    expect(screen.getByTestId('report-loading')).toBeTruthy();
    expect(screen.queryByText('The start date is after the end date.')).toBeNull();
    expect(screen.queryByText('the report')).toBeNull();
  });

  it('warns about an inverted range instead of showing the report', () => {
    render(<Frame />, { wrapper: wrapperAt('/x?fromDate=2026-03-10&toDate=2026-03-01') });
    expect(screen.getAllByText('The start date is after the end date.').length).toBeGreaterThan(0);
    expect(screen.queryByText('the report')).toBeNull();
  });

  it('asks a superadmin without a salon to choose one, from the salons list', async () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    const salons = [
      testSalon({ id: 1, name: 'Salone Uno', today: SALON_TODAY }),
      testSalon({ id: 2, name: 'Salone Due', city: 'Roma', today: SALON_TODAY }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(salons), { status: 200 })),
    );
    render(<Frame />, { wrapper: wrapperAt('/x', null) });
    expect(screen.getByText('Choose a salon to see this report.')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Salon' });
    await vi.waitFor(() => expect(picker.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(picker);
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Salone Due (Roma)'));
    expect(location).toBe('/x?salonId=2');
    expect(localStorage.getItem(CURRENT_SALON_KEY)).toBe('2');
    expect(await screen.findByText('the report')).toBeTruthy();
  });

  it('shows the export buttons, disabled until the report is ready', () => {
    const { rerender } = render(<Frame status="loading" exports={{ xlsx: vi.fn(), pdf: vi.fn() }} />, { wrapper: wrapperAt('/x') });
    expect((screen.getByRole('button', { name: 'Export XLSX' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Frame status="ready" exports={{ xlsx: vi.fn(), pdf: vi.fn() }} />);
    expect((screen.getByRole('button', { name: 'Export XLSX' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeTruthy();
  });
});

describe('ExportButton', () => {
  it('is disabled with a progress label while the export runs, and enabled again after', async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ExportButton kind="xlsx" run={run} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Export XLSX' }) as HTMLButtonElement).disabled).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('reports a failure in the snackbar and can be tried again', async () => {
    const snackbar = await import('../../lib/snackbar');
    const shown = vi.spyOn(snackbar, 'showMessage');
    render(<ExportButton kind="pdf" run={() => Promise.reject(new ApiError(500, 'boom'))} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Export PDF' })));
    expect(shown).toHaveBeenCalledWith('something went wrong.', 'error');
    expect((screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('exportDescription (what a report export says above its table and how its file is named)', () => {
  it('names the salon and the period in the heading and the file name', async () => {
    const { exportDescription } = await import('./report-table-export');
    const context = {
      title: 'Sales per day',
      salonName: 'Salone Città Alta',
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      language: 'en',
      labels: { salon: 'Salon', period: 'Period' },
    };
    expect(exportDescription({ name: 'sales-days', details: [['Client gender', 'Women']] }, context)).toEqual({
      heading: {
        title: 'Sales per day',
        lines: [
          ['Salon', 'Salone Città Alta'],
          ['Period', '1 Oct 2026 – 31 Oct 2026'],
          ['Client gender', 'Women'],
        ],
      },
      fileName: 'sales-days_Salone-Città-Alta_2026-10-01_2026-10-31',
    });
    expect(exportDescription({ name: 'sales-year', period: { label: '2026', file: '2026' } }, context).fileName).toBe(
      'sales-year_Salone-Città-Alta_2026',
    );
    expect(exportDescription({ name: 'Salon-Settings', period: null }, context).heading.lines).toEqual([['Salon', 'Salone Città Alta']]);
  });
});
