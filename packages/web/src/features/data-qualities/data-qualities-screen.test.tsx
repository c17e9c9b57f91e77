import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { ClientQuality, DataQuality } from './api/use-data-quality';
import DataQualitiesScreen from './data-qualities-screen';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

const issues = {
  phoneMissing: 1,
  phoneInvalid: 1,
  emailMissing: 0,
  emailInvalid: 0,
  birthDateMissing: 0,
  birthDateImplausible: 0,
  genderMissing: 0,
  consentMissing: 0,
  duplicates: 2,
};
const client = (id: number, overrides: Partial<ClientQuality> = {}): ClientQuality => ({
  clientId: id,
  firstName: 'Client',
  lastName: String(id),
  phone: '333 1234567',
  email: 'c@example.com',
  birthDate: '1990-01-01',
  gender: 'FEMALE',
  privacyConsent: true,
  firstVisit: '2025-01-10',
  createdBy: 7,
  createdByName: 'Giulia Bianchi',
  score: 100,
  issues: [],
  duplicateGroupId: null,
  ...overrides,
});

function answer(offset: number, limit: number): DataQuality {
  const rows = Array.from({ length: Math.min(limit, 30 - offset) }, (_, index) => client(offset + index + 1));
  if (offset === 0 && rows[0]) rows[0] = client(1, { score: 60, phone: '12', issues: ['PHONE_INVALID', 'DUPLICATE'], duplicateGroupId: 1 });
  return {
    salonId: 1,
    today: '2026-03-18',
    clients: 30,
    completeClients: 27,
    completePercent: 90,
    averageScore: 97.33,
    issues,
    byCreator: [{ staffId: 7, name: 'Giulia Bianchi', clients: 30, completeClients: 27, completePercent: 90, averageScore: 97.33, issues }],
    duplicateGroups: [
      {
        groupId: 1,
        clientIds: [1, 2],
        name: 'Client 1',
        members: [
          { clientId: 1, name: 'Client 1', phone: '12', email: 'c1@example.com' },
          { clientId: 2, name: 'Client 1', phone: null, email: 'C1@example.com' },
        ],
        matchedOn: ['EMAIL'],
      },
    ],
    total: 30,
    limit,
    offset,
    rows,
  };
}

let gets: string[] = [];

function renderScreen() {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      const query = new URL(url, 'http://x').searchParams;
      return new Response(JSON.stringify(answer(Number(query.get('offset') ?? 0), Number(query.get('limit') ?? 100))), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/data-qualities']}>
        <DataQualitiesScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataQualitiesScreen', () => {
  it("shows the salon's complete share from the API and each record's findings as words", async () => {
    renderScreen();
    const cards = await screen.findAllByTestId('kpi-card', {}, { timeout: 10_000 });
    const share = cards.find((card) => within(card).getByRole('heading').textContent === 'Complete share');
    expect(share && within(share).getByTestId('kpi-value').textContent).toBe('90%');
    const table = screen.getByTestId('clients-to-fix');
    const first = within(table).getAllByTestId('client-row')[0];
    expect(first?.textContent).toContain('Client 1');
    expect(within(first as HTMLElement).getByTestId('issue-PHONE_INVALID').textContent).toBe('Invalid phone');
    expect(within(first as HTMLElement).getByTestId('issue-DUPLICATE').textContent).toBe('Likely duplicate');
  });

  it('asks the API for the next page of records (offset), keeping the figures', async () => {
    renderScreen();
    await screen.findByTestId('clients-to-fix', {}, { timeout: 10_000 });
    expect(screen.getAllByTestId('client-row')).toHaveLength(25);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('client-row')).toHaveLength(5));
    expect(gets.some((url) => url.includes('offset=25') && url.includes('limit=25'))).toBe(true);
    expect(screen.getAllByTestId('client-row')[0]?.textContent).toContain('Client 26');
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
  });

  it('names every record of a duplicate group and what matched, so a manager can merge them', async () => {
    renderScreen();
    const list = await screen.findByRole('table', { name: 'Likely duplicates' }, { timeout: 10_000 });
    expect(list.textContent).toContain('Client 1 (#1) · 12 · c1@example.com; Client 1 (#2) · C1@example.com');
    expect(list.textContent).toContain('e-mail');
  });
});
