import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { NpsDay, NpsDetractors, NpsMonth, NpsYear } from './api/use-nps';
import NpsScreen from './nps-screen';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

const empty = {
  responses: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  promotersPercent: null,
  passivesPercent: null,
  detractorsPercent: null,
  nps: null,
  averageScore: null,
};
const months: NpsMonth[] = Array.from({ length: 12 }, (_, index) => ({ month: index + 1, isFuture: index >= 3, ...empty }));
months[0] = {
  month: 1,
  isFuture: false,
  responses: 5,
  promoters: 2,
  passives: 1,
  detractors: 2,
  promotersPercent: 40,
  passivesPercent: 20,
  detractorsPercent: 40,
  nps: 0,
  averageScore: 7.2,
};
const year: NpsYear = {
  salonId: 1,
  year: 2026,
  months,
  days: [
    { date: '2026-01-10', responses: 4, promoters: 2, passives: 1, detractors: 1, nps: 25 },
    { date: '2026-01-20', responses: 1, promoters: 0, passives: 0, detractors: 1, nps: -100 },
  ],
  totals: { ...months[0], promotersPercent: 40 } as NpsYear['totals'],
};
const day: NpsDay = {
  salonId: 1,
  date: '2026-01-20',
  answers: [{ responseId: 9, clientId: 4, clientName: 'Bruno Test', score: 3, category: 'DETRACTOR', comment: 'Waited 40 minutes' }],
  totals: { ...empty, responses: 1, detractors: 1, detractorsPercent: 100, nps: -100, averageScore: 3 },
};

const detractors: NpsDetractors = {
  salonId: 1,
  year: 2026,
  today: '2026-03-18',
  activeDays: 90,
  lostDays: 180,
  rows: [
    {
      clientId: 4,
      clientName: 'Bruno Test',
      answers: 2,
      lastScore: 3,
      lastAnswerDay: '2026-01-20',
      lastComment: 'Waited 40 minutes',
      lastVisit: '2025-10-01',
      daysSinceLastVisit: 168,
      status: 'AT_RISK',
    },
  ],
};

let gets: string[] = [];

function renderScreen(search = '') {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      const body = url.includes('GetClientScoreDetails') ? day : url.includes('GetDetractors') ? detractors : year;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[`/NPS${search}`]}>
        <NpsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NpsScreen', () => {
  it("asks for the salon's current year and shows the year's NPS and shares as KPI cards", async () => {
    renderScreen();
    const cards = await screen.findAllByTestId('kpi-card', {}, { timeout: 10_000 });
    expect(gets[0]).toContain('/api/ClientNPSs/GetByAllClients/');
    expect(gets[0]).toMatch(/\/1\/2026$/);
    const values = cards.map((card) => [within(card).getByRole('heading').textContent, within(card).getByTestId('kpi-value').textContent]);
    expect(values.slice(0, 3)).toEqual([
      ['NPS', '0'],
      ['Answers', '5'],
      ['Promoters', '40%'],
    ]);
  });

  it('shows a month not yet come as such, not as zero answers', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'NPS per month, 2026' }, { timeout: 10_000 });
    const april = within(table).getAllByRole('row')[5];
    expect(april?.textContent).toContain('not yet come');
  });

  it("opens the last month with answers, lists its days and shows a clicked day's answers with the client and comment", async () => {
    renderScreen();
    const days = await screen.findByTestId('answer-days', {}, { timeout: 10_000 });
    expect(
      within(days)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['10 Jan 2026 · 4 answers · NPS 25', '20 Jan 2026 · 1 answer · NPS -100']);
    fireEvent.click(screen.getByTestId('day-2026-01-20'));
    const answers = await screen.findByTestId('day-answers', {}, { timeout: 10_000 });
    expect(gets.some((url) => /GetClientScoreDetails\/[^/]*\/1\/2026-01-20$/.test(url))).toBe(true);
    expect(answers.textContent).toContain('Bruno Test');
    expect(answers.textContent).toContain('Waited 40 minutes');
    expect(answers.textContent).toContain('Detractor');
  });

  it("lists the year's detractors to follow up with their status in words and the salon's thresholds", async () => {
    renderScreen();
    const list = await screen.findByTestId('follow-up', {}, { timeout: 10_000 });
    expect(gets.some((url) => /GetDetractors\/[^/]*\/1\/2026$/.test(url))).toBe(true);
    expect(within(list).getByTestId('follow-up-status-AT_RISK').textContent).toBe('At risk');
    expect(list.textContent).toContain('Bruno Test');
    expect(list.textContent).toContain('168');
    expect(screen.getByText(/active under 90 days, lost over 180 days/)).toBeTruthy();
  });
});
