import '../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ShowReportScreen from './show-report-screen';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

/** Today in salon 1 as the server answers it (its own clock, or DEMO_TODAY), whatever the device's date. */
const today = '2026-03-18';

const setting = (product: string) => ({
  [`salonConfig${product}Id`]: 4,
  salonId: 1,
  reachTargetMonths: 10,
  targetMonths: 3,
  periodStartDate: '2026-02-01',
  isDefault: false,
  target: product === 'Colour' ? 45 : 60,
});

const month = (value: string, actual: number | null, path: number | null) => ({
  month: value,
  phase: path === null ? 'BASELINE' : 'PERIOD',
  periodMonth: path === null ? null : 1,
  appointments: 100,
  appointmentsWithCategory: actual ?? 0,
  actualPercent: actual,
  pathPercent: path,
  gapPercent: actual !== null && path !== null ? actual - path : null,
  rollingAveragePercent: actual,
  isComplete: true,
});

const report = {
  salonId: 1,
  salonName: 'Salone Uno',
  category: 'COLOUR',
  target: 45,
  reachTargetMonths: 10,
  targetMonths: 3,
  periodStartDate: '2026-02-01',
  periodEndDate: '2026-11-30',
  toDate: today,
  startPercent: 30,
  startSource: 'BASELINE',
  currentAveragePercent: 33,
  currentPathPercent: 31.5,
  gapToPathPercent: 1.5,
  gapToTargetPercent: -12,
  isOnTrack: true,
  monthsLeft: 2,
  months: [month('2026-01', 30, null), month('2026-02', 33, 31.5)],
};

const dayReport = {
  salonId: 1,
  date: today,
  appointmentCount: 0,
  doneCount: 0,
  expectedRevenue: 0,
  appointmentsWithoutItems: 0,
  categories: [],
  appointments: [],
};

let calls: { url: string; init?: RequestInit }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (/^\/api\/Salons\/[^/?]*$/.test(url)) {
        return json([
          { id: 1, name: 'Salone Uno', code: 'S1', city: 'Milano', address: '', timeZone: 'Europe/Rome', today, openingHours: {} },
        ]);
      }
      if (url.startsWith('/api/SalonConfig')) return json(setting(/SalonConfig(\w+?)\//.exec(url)?.[1] ?? ''));
      if (url.includes('TargetAndDataRelating')) return json(report);
      if (url.includes('/GetRecapData/'))
        return json({
          salonId: 1,
          salonName: 'Salone Uno',
          toDate: today,
          target: 60,
          reachTargetMonths: 12,
          targetMonths: 6,
          onTrackCount: 0,
          categories: [],
        });
      if (url.includes('/GetDailyData/'))
        return json({
          salonId: 1,
          type: 'COLOUR',
          category: 'COLOUR',
          target: 60,
          reachTargetMonths: 12,
          targetMonths: 6,
          periodStartDate: '2026-02-01',
          dateFrom: today,
          dateTo: today,
          appointments: 0,
          appointmentsWithCategory: 0,
          percent: null,
          gapToTargetPercent: null,
          days: [],
        });
      if (url.includes('ExportPDF')) return new Response(new Blob(['%PDF-1.4']), { status: 200 });
      return json(dayReport);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <ShowReportScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ShowReportScreen', () => {
  it("asks the category's report with its stored target, period start and months, up to today", async () => {
    renderAt('/show-report?category=COLOUR');
    expect((await screen.findByTestId('growth-period', {}, { timeout: 10_000 })).textContent).toBe(
      'Salone Uno · Colour: from 1 Feb 2026 to 30 Nov 2026, target 45%',
    );
    const asked = calls.find((call) => call.url.includes('GetColourTargetAndDataRelating'))?.url ?? '';
    expect(asked).toMatch(new RegExp(`/GetColourTargetAndDataRelating/45/${today}/2026-02-01/10/3/1/`));
    const table = screen.getByRole('table', { name: 'Colour: months of the growth period' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // 2026-02: 33 % against a path of 31.5 %: 1.5 points ahead.
    expect(rows[1]?.slice(0, 7)).toEqual(['2026-02', 'Period', '100', '33', '33%', '31.5%', '+1.5 pt']);
    expect(screen.getByTestId('on-track').textContent).toBe('On track');
  });

  it('exports the PDF with a POST, the salon in the query and an empty JSON body', async () => {
    renderAt('/show-report?targetMonths=4');
    await screen.findByTestId('growth-period', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('export-pdf'));
    await waitFor(() => expect(calls.some((call) => call.url.includes('ExportPDF'))).toBe(true));
    const pdf = calls.find((call) => call.url.includes('ExportPDF'));
    const query = new URL(pdf?.url ?? '', 'http://x').searchParams;
    expect(pdf?.init?.method).toBe('POST');
    expect(pdf?.init?.body).toBe('{}');
    expect(query.get('salonId')).toBe('1');
    // The PDF, the recap and the cards use the same months: the URL's 4 measured, the saved 10 to reach the target
    expect(query.get('targetMonth')).toBe('4');
    expect(query.get('reachTargetMonth')).toBe('10');
    expect(calls.some((call) => call.url.includes('/GetRecapData/60/10/4/1/'))).toBe(true);
    expect(calls.some((call) => /TargetAndDataRelating\/60\/[\d-]+\/2026-02-01\/10\/4\/1\//.test(call.url))).toBe(true);
  });

  it('measures the recap over the saved months when the URL gives none', async () => {
    renderAt('/show-report?category=COLOUR');
    await screen.findByTestId('growth-period', {}, { timeout: 10_000 });
    await waitFor(() => expect(calls.some((call) => call.url.includes('/GetRecapData/60/10/3/1/'))).toBe(true));
  });
});
