import '../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_SALON_KEY } from '../../lib/current-salon';
import SalonListingScreen, { chainTotals } from './salon-listing-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: true, user: { salonId: null } }) }));

const overview = {
  fromDate: '2026-03-01',
  toDate: '2026-03-18',
  salons: [
    { id: 2, name: 'Salone Due', city: 'Roma', revenue: 33.33, appointments: 2, averageTicket: 16.67 },
    { id: 3, name: 'Salone Tre', city: 'Torino', revenue: 0, appointments: 0, averageTicket: 0 },
    { id: 1, name: 'Salone Uno', city: 'Milano', revenue: 78.5, appointments: 2, averageTicket: 39.25 },
  ],
};

function Landing() {
  const location = useLocation();
  return <p data-testid="landing">{`${location.pathname}${location.search}`}</p>;
}

function renderScreen(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/salon-listing']}>
        <Routes>
          <Route path="/salon-listing" element={<SalonListingScreen />} />
          <Route path="/sales-data-analysis" element={<Landing />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Salons of the chain' }))
    .getAllByRole('row')
    .slice(2)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SalonListingScreen', () => {
  it("lists the salons by this month's revenue, with chain totals", async () => {
    renderScreen(() => new Response(JSON.stringify(overview), { status: 200 }));
    await screen.findByRole('table', { name: 'Salons of the chain' });
    expect(names()).toEqual(['Salone Uno', 'Salone Due', 'Salone Tre']);
    expect(screen.getByTestId('salon-listing-period').textContent).toBe('This month: 1 Mar 2026 – 18 Mar 2026');
    // 78.50 + 33.33 + 0 = 111.83 over 4 appointments = 27.9575 -> 27.96
    const kpis = screen.getAllByTestId('kpi-value').map((k) => k.textContent);
    expect(kpis).toEqual(['€111.83', '4', '€27.96']);
  });

  it('makes the chosen salon current and opens its reports', async () => {
    renderScreen(() => new Response(JSON.stringify(overview), { status: 200 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open reports for Salone Due' }));
    expect(screen.getByTestId('landing').textContent).toBe('/sales-data-analysis?salonId=2');
    expect(localStorage.getItem(CURRENT_SALON_KEY)).toBe('2');
  });

  it('shows the fixed message for no salons', async () => {
    renderScreen(() => new Response(JSON.stringify({ ...overview, salons: [] }), { status: 200 }));
    expect((await screen.findByTestId('report-empty')).textContent).toBe('Unable to fetch product list');
  });

  it("shows 'something went wrong.' when the server fails", async () => {
    renderScreen(() => new Response('{}', { status: 500 }));
    expect((await screen.findByTestId('report-error')).textContent).toMatch(/something went wrong\./);
  });
});

describe('SalonListingScreen in Italian', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('translates the screen and formats euros the Italian way', async () => {
    await act(() => i18next.changeLanguage('it'));
    renderScreen(() => new Response(JSON.stringify(overview), { status: 200 }));
    await screen.findByRole('table', { name: 'Saloni della catena' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Elenco saloni');
    expect(screen.getByRole('button', { name: 'Apri report di Salone Uno' }).textContent).toBe('Apri report');
    expect(screen.getByRole('columnheader', { name: /Scontrino medio/ })).toBeTruthy();
    const kpis = screen.getAllByTestId('kpi-value').map((k) => (k.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
    expect(kpis).toEqual(['111,83 €', '4', '27,96 €']);
  });

  it('translates the fixed messages', async () => {
    await act(() => i18next.changeLanguage('it'));
    renderScreen(() => new Response('{}', { status: 500 }));
    expect((await screen.findByTestId('report-error')).textContent).toMatch(/qualcosa è andato storto\./);
  });
});

describe('chainTotals', () => {
  it('divides total revenue by total appointments', () => {
    expect(chainTotals(overview.salons)).toEqual({ revenue: 111.83, appointments: 4, averageTicket: 27.96 });
    expect(chainTotals([])).toEqual({ revenue: 0, appointments: 0, averageTicket: 0 });
  });
});
