import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { CustomerStatusList, CustomerStatusRow } from './api/use-customer-analysis';
import CustomerStatusScreen from './customer-status-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ roles: ['ADMIN'] as string[] }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: auth.roles }) }));

function row(clientId: number, status: CustomerStatusRow['status'], withContact: boolean): CustomerStatusRow {
  return {
    clientId,
    firstName: `Anna${clientId}`,
    lastName: 'Rossi',
    gender: 'FEMALE',
    firstVisit: '2025-01-10',
    lastVisit: status === 'NO_VISIT' ? null : '2026-03-01',
    daysSinceLastVisit: status === 'NO_VISIT' ? null : 17,
    status,
    visits: 1,
    spend: 50,
    totalVisits: 4,
    totalSpend: 210.5,
    contact: withContact
      ? { phone: '+39 333 1234567', email: `anna${clientId}@example.it`, privacyConsent: true, marketingConsent: true }
      : null,
  };
}

/** The list as the API answers a URL: 120 clients (60 active, 50 lost, 10 at risk), one page of what was asked. */
function answerFor(url: string, withContacts: boolean): CustomerStatusList {
  const query = new URL(url, 'http://x').searchParams;
  const status = (query.get('status') ?? undefined) as CustomerStatusRow['status'] | undefined;
  const limit = Number(query.get('limit'));
  const offset = Number(query.get('offset'));
  const total = status === 'LOST' ? 50 : status === 'AT_RISK' ? 10 : 120;
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
    row(offset + i + 1, status ?? 'ACTIVE', withContacts),
  );
  return {
    salonId: 1,
    fromDate: '2026-03-01',
    toDate: '2026-03-18',
    activeDays: 90,
    lostDays: 180,
    counts: { active: 60, atRisk: 10, lost: 50, noVisit: 0, total: 120 },
    total,
    limit,
    offset,
    contactsIncluded: withContacts,
    rows,
  };
}

let calls: string[] = [];

function renderScreen(withContacts = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify(answerFor(input, withContacts)), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/customer-analysis-status']}>
        <CustomerStatusScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastCall = () => new URL(calls.filter((url) => url.includes('GetCustomerAnalysisStatus/')).at(-1) ?? '', 'http://x');

beforeEach(() => {
  calls = [];
  auth.roles = ['ADMIN'];
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomerStatusScreen', () => {
  it('shows the counts per status and the first page with contacts, and pages on the server', async () => {
    renderScreen();
    expect((await screen.findByTestId('count-LOST', {}, { timeout: 10_000 })).textContent).toBe('Lost: 50');
    expect(screen.getByTestId('count-ALL').textContent).toBe('All: 120');
    expect(lastCall().searchParams.get('limit')).toBe('50');
    expect(lastCall().searchParams.get('offset')).toBe('0');
    const table = screen.getByRole('table', { name: 'Clients with their status at the end of the range' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByRole('columnheader', { name: 'Contact' })).toBeTruthy();
    expect(within(table).getByText('anna1@example.it')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastCall().searchParams.get('offset')).toBe('50'));
    expect(await screen.findByText('51–100 of 120')).toBeTruthy();
  });

  it('lists the lost clients, highest total spend first, from the first page', async () => {
    renderScreen();
    fireEvent.click(await screen.findByTestId('count-LOST', {}, { timeout: 10_000 }));
    await waitFor(() => expect(lastCall().searchParams.get('status')).toBe('LOST'));
    expect(lastCall().searchParams.get('sort')).toBe('TOTAL_SPEND_DESC');
    expect(lastCall().searchParams.get('offset')).toBe('0');
    expect((await screen.findByTestId('status-total')).textContent).toContain('50 clients match');
    expect(screen.getByTestId('lost-list-note').textContent).toMatch(/with their contacts/);
    // Back to every client: the latest visits first again.
    fireEvent.click(screen.getByTestId('count-ALL'));
    await waitFor(() => expect(lastCall().searchParams.get('status')).toBeNull());
    expect(lastCall().searchParams.get('sort')).toBe('LAST_VISIT_DESC');
  });

  it('asks the server for a name once typing pauses', async () => {
    renderScreen();
    fireEvent.change(await screen.findByTestId('status-search', {}, { timeout: 10_000 }), { target: { value: 'ross' } });
    await waitFor(() => expect(lastCall().searchParams.get('search')).toBe('ross'), { timeout: 3000 });
  });

  it('keeps a status chosen while a search is pending, and the search too', async () => {
    renderScreen();
    fireEvent.change(await screen.findByTestId('status-search', {}, { timeout: 10_000 }), { target: { value: 'ross' } });
    fireEvent.click(screen.getByTestId('count-AT_RISK'));
    await waitFor(() => expect(lastCall().searchParams.get('status')).toBe('AT_RISK'));
    expect(lastCall().searchParams.get('search')).toBe('ross');
    // Nothing later undoes the choice.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lastCall().searchParams.get('status')).toBe('AT_RISK');
    expect(lastCall().searchParams.get('search')).toBe('ross');
  });

  it('shows no contact column when the API leaves the contacts out', async () => {
    renderScreen(false);
    await screen.findByTestId('count-LOST', {}, { timeout: 10_000 });
    expect(screen.queryByRole('columnheader', { name: 'Contact' })).toBeNull();
  });

  it('lets a manager change the thresholds only to valid values', async () => {
    renderScreen();
    expect((await screen.findByTestId('thresholds', {}, { timeout: 10_000 })).textContent).toMatch(/under 90 days.*over 180 days/);
    fireEvent.click(screen.getByTestId('edit-thresholds'));
    fireEvent.change(screen.getByTestId('lost-days'), { target: { value: '60' } });
    expect(screen.getByText('Must be at least the active threshold.')).toBeTruthy();
    expect((screen.getByTestId('save-thresholds') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('lost-days'), { target: { value: '200' } });
    expect((screen.getByTestId('save-thresholds') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('save-thresholds'));
    await waitFor(() => expect(calls.some((url) => url.includes('/StatusSettings/'))).toBe(true));
  });

  it('offers no threshold change to other roles', async () => {
    auth.roles = ['RECEPTIONIST'];
    renderScreen();
    await screen.findByTestId('thresholds', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('edit-thresholds')).toBeNull();
  });
});
