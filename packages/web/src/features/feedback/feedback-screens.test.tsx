import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import FeedbackCustomersScreen from './feedback-customers-screen';
import FeedbackStaffDetailScreen from './feedback-staff-detail-screen';
import FeedbackStaffScreen from './feedback-staff-screen';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

const RANGE = { salonId: 1, fromDate: '2026-03-01', toDate: '2026-03-31' };
const staff = {
  ...RANGE,
  rows: [
    { staffId: 5, name: 'Giulia Romano', count: 12, average: 4.25, distribution: [0, 1, 0, 6, 5], shareOfFives: 41.7, shareOfLow: 8.3 },
    { staffId: null, name: '', count: 2, average: 3, distribution: [0, 1, 0, 1, 0], shareOfFives: 0, shareOfLow: 50 },
  ],
  totals: { count: 14, average: 4.07, distribution: [0, 2, 0, 7, 5], shareOfFives: 35.7, shareOfLow: 14.3 },
};
const customers = {
  ...RANGE,
  rows: [
    {
      clientId: 7,
      name: 'Agnese Benedetti',
      lastDay: '2026-03-18',
      count: 3,
      average: 4.67,
      distribution: [0, 0, 0, 1, 2],
      shareOfFives: 66.7,
      shareOfLow: 0,
    },
  ],
  totals: { count: 3, average: 4.67, distribution: [0, 0, 0, 1, 2], shareOfFives: 66.7, shareOfLow: 0 },
};
const detailRow = (id: number) => ({
  feedbackId: id,
  day: '2026-03-18',
  appointmentId: 100 + id,
  clientId: 7,
  clientName: 'Agnese Benedetti',
  staffId: 5,
  staffName: 'Giulia Romano',
  serviceId: 3,
  serviceName: 'Piega',
  score: 4,
  comment: id === 1 ? 'Molto brava, tornerò' : '',
});

let gets: string[] = [];
function renderAt(entry: string, element: React.ReactNode, answer: (url: string) => Response) {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      return answer(url);
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[entry]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('feedback screens', () => {
  it("lists the staff with the API's counts and averages, the distribution in words, the totals row and links to the details for the same range", async () => {
    renderAt('/feedback-staff-data?fromDate=2026-03-01&toDate=2026-03-31', <FeedbackStaffScreen />, () => json(staff));
    const table = await screen.findByRole('table', { name: 'Feedback per staff member' });
    expect(gets[0]).toContain('/api/Feedback/GetFeedbackStaff/2026-03-31/2026-03-01/1/');
    const link = within(table).getByRole('link', { name: 'Giulia Romano' });
    expect(link.getAttribute('href')).toBe('/feedback-staff-details-data?fromDate=2026-03-01&toDate=2026-03-31&staffId=5');
    const row = link.closest('tr') as HTMLElement;
    expect(row.textContent).toContain('4.25');
    expect(row.textContent).toContain('Score 1: 0, score 2: 1, score 3: 0, score 4: 6, score 5: 5');
    expect(row.textContent).toContain('41.7%'); // 5 of 12
    // Feedback naming no staff member has a row, not a link.
    expect(within(table).getByText('No staff member recorded').closest('a')).toBeNull();
    const totals = within(table).getByTestId('totals-row');
    expect(totals.textContent).toContain('14');
    expect(totals.textContent).toContain('4.07');
    const kpis = screen.getAllByTestId('kpi-value').map((node) => node.textContent);
    expect(kpis).toEqual(['14', '4.07', '35.7%', '14.3%']); // 5/14 and 2/14
  });

  it('opens a client in place with their counts', async () => {
    renderAt('/feedback-customers-data?fromDate=2026-03-01&toDate=2026-03-31', <FeedbackCustomersScreen />, () => json(customers));
    fireEvent.click(await screen.findByRole('button', { name: 'Agnese Benedetti' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Feedback of Agnese Benedetti');
    expect(
      within(dialog)
        .getAllByTestId('kpi-value')
        .map((node) => node.textContent),
    ).toEqual(['3', '4.67', '66.7%', '0%']);
  });

  it("pages a staff member's rows through the API (limit/offset), shows comments, and says so when the person does not exist", async () => {
    const total = 30;
    renderAt('/feedback-staff-details-data?fromDate=2026-03-01&toDate=2026-03-31&staffId=5', <FeedbackStaffDetailScreen />, (url) => {
      const offset = Number(new URL(url, 'http://x').searchParams.get('offset'));
      const count = Math.min(25, total - offset);
      return json({
        ...RANGE,
        staffMemberId: 5,
        name: 'Giulia Romano',
        summary: { count: total, average: 4, distribution: [0, 0, 0, 30, 0], shareOfFives: 0, shareOfLow: 0 },
        total,
        limit: 25,
        offset,
        rows: Array.from({ length: count }, (_, i) => detailRow(offset + i + 1)),
      });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback on Giulia Romano' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'The feedback rows, latest first' });
    expect(gets[0]).toMatch(/\/api\/Feedback\/GetFeedbacStaffDetail\/2026-03-31\/2026-03-01\/5\/1\/[^?]*\?limit=25&offset=0$/);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(table.textContent).toContain('Molto brava, tornerò');
    expect(table.textContent).toContain('No comment');
    // A row's service opens the service's page for the same range.
    expect(within(table).getAllByRole('link', { name: 'Piega' })[0]?.getAttribute('href')).toBe(
      '/feedback-services-details-data?fromDate=2026-03-01&toDate=2026-03-31&serviceId=3',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(gets.at(-1)).toMatch(/\?limit=25&offset=25$/);
    cleanup();

    renderAt('/feedback-staff-details-data?fromDate=2026-03-01&toDate=2026-03-31&staffId=99', <FeedbackStaffDetailScreen />, () =>
      json({ statusCode: 404, error: 'Not Found', message: 'Staff member 99 does not exist in salon 1' }, 404),
    );
    expect(await screen.findByText('This staff member does not exist in the salon.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to staff' }).getAttribute('href')).toBe(
      '/feedback-staff-data?fromDate=2026-03-01&toDate=2026-03-31',
    );
  });
});
