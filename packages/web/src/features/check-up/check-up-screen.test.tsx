import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { CheckUp } from './api/use-check-up';
import CheckUpScreen, { parseTarget } from './check-up-screen';

vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ roles: ['ADMIN'] as string[] }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: auth.roles }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

const yearly = (savedTarget: number | null) => ({ savedTarget, isMonthlyTarget: false });

const checkUp: CheckUp = {
  salonId: 1,
  fromDate: '2026-03-01',
  toDate: '2026-03-31',
  gender: 'ALL',
  monthsInRange: 0.2258,
  updatedAt: null,
  items: [
    { kpi: 'averageTicket', unit: 'EUR', definition: '', target: 50, actual: 52, gapPercent: 4, status: 'ON_TARGET', ...yearly(50) },
    { kpi: 'retailAttachRate', unit: 'PERCENT', definition: '', target: 30, actual: 28, gapPercent: -6.67, status: 'CLOSE', ...yearly(30) },
    { kpi: 'nps', unit: 'SCORE', definition: '', target: null, actual: 33.33, gapPercent: null, status: 'NO_TARGET', ...yearly(null) },
    // A monthly target of 140 over 1-7 March: 7/31 = 0.2258 months, 31.61
    {
      kpi: 'newClients',
      unit: 'COUNT',
      definition: '',
      target: 31.61,
      savedTarget: 140,
      isMonthlyTarget: true,
      actual: 30,
      gapPercent: -5.09,
      status: 'CLOSE',
    },
  ],
};

let posts: { url: string; body: unknown }[] = [];
let gets: string[] = [];

function renderScreen(search = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
      else gets.push(url);
      return new Response(JSON.stringify(checkUp), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[`/Check-Up?fromDate=2026-03-01&toDate=2026-03-31${search}`]}>
        <CheckUpScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  posts = [];
  gets = [];
  auth.roles = ['ADMIN'];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('parseTarget', () => {
  it('reads an empty field as no target and refuses what the unit cannot hold', () => {
    expect(parseTarget('', 'EUR')).toBeNull();
    expect(parseTarget('42,5', 'PERCENT')).toBe(42.5);
    expect(parseTarget('101', 'PERCENT')).toBe('invalid');
    expect(parseTarget('-20', 'SCORE')).toBe(-20);
    expect(parseTarget('-1', 'COUNT')).toBe('invalid');
    expect(parseTarget('abc', 'EUR')).toBe('invalid');
  });
});

describe('CheckUpScreen', () => {
  it('shows each KPI with its target, actual and a status in words', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Check-up KPIs: target, actual and status' }, { timeout: 10_000 });
    const cells = within(table)
      .getAllByRole('row')
      .slice(2)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['Average ticket', '€50.00', '€52.00', '4%', 'On target'],
      ['Retail attach rate', '30%', '28%', '-6.7%', 'Close'],
      ['NPS', '–', '33.33', '–', 'No target'],
      ['New clients', '31.61 (140 a month)', '30', '-5.1%', 'Close'],
    ]);
  });

  it('says the new-clients target is monthly and shows the target scaled to the range', async () => {
    renderScreen();
    expect((await screen.findByTestId('target-line-newClients', {}, { timeout: 10_000 })).textContent).toBe(
      'Target for this range: 31.61 (140 a month)',
    );
    expect(screen.getByTestId('monthly-target-note').textContent).toContain('Length of this range in months: 0.23;');
    // the editor holds the monthly target, labelled as such
    expect(screen.getByTestId('target-newClients')).toHaveProperty('value', '140');
    expect(screen.getByLabelText('New clients (number per month)')).toBeTruthy();
  });

  it('saves the targets of every KPI, an empty field removing one', async () => {
    renderScreen();
    const field = await screen.findByTestId('target-averageTicket');
    fireEvent.change(field, { target: { value: '60' } });
    fireEvent.change(screen.getByTestId('target-retailAttachRate'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('save-targets'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.url).toMatch(/\/api\/ReportDataAnalysis\/AddCheckUp\/[^/]*\/1$/);
    expect(posts[0]?.body).toEqual([
      { kpi: 'averageTicket', target: 60 },
      { kpi: 'retailAttachRate', target: null },
      { kpi: 'nps', target: null },
      { kpi: 'newClients', target: 140 },
    ]);
  });

  it("reads and saves one gender's own targets when a gender is chosen", async () => {
    renderScreen('&gender=FEMALE');
    fireEvent.change(await screen.findByTestId('target-averageTicket', {}, { timeout: 10_000 }), { target: { value: '70' } });
    expect(gets[0]).toMatch(/\/api\/ReportDataAnalysis\/GetCheckUpGender\/[^/]*\/1\/FEMALE\?fromDate=2026-03-01&toDate=2026-03-31$/);
    expect(screen.getByText('Targets for women')).toBeTruthy();
    fireEvent.click(screen.getByTestId('save-targets'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.url).toMatch(/\/api\/ReportDataAnalysis\/AddCheckUpGender\/[^/]*\/1\/FEMALE$/);
  });

  it('lets other roles read the targets but not save them', async () => {
    auth.roles = ['RECEPTIONIST'];
    renderScreen();
    expect(await screen.findByTestId('target-averageTicket')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('save-targets')).toBeNull();
    expect(screen.getByText('Only a salon administrator can change the targets.')).toBeTruthy();
  });
});
