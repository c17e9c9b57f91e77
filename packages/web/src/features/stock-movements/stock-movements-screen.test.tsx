import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { StockMovement, StockMovementsPage } from './api/use-stock-movements';
import StockMovementsScreen from './stock-movements-screen';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

/** 250 movements: pages of 100 by cursor (the id of the last one shown). */
const TOTAL = 250;
const movement = (id: number): StockMovement => ({
  movementId: id,
  day: '2026-03-02',
  productId: 1,
  productName: `Product ${id}`,
  brand: 'Brand',
  category: 'RESALE',
  type: 'SALE',
  quantity: -1,
  unitCost: 7.5,
  value: -7.5,
  note: '',
});

function page(after: number): StockMovementsPage {
  const movements = Array.from({ length: Math.min(100, TOTAL - after) }, (_, i) => movement(after + i + 1));
  const last = movements.at(-1)?.movementId ?? after;
  return {
    salonId: 1,
    fromDate: '2026-03-01',
    toDate: '2026-03-18',
    steps: 100,
    total: TOTAL,
    loaded: null,
    nextCursor: last < TOTAL ? `2026-03-02_${last}` : null,
    movements,
  };
}

let gets: string[] = [];

function renderScreen(failing = false) {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      if (failing) return new Response('{}', { status: 500 });
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return new Response(JSON.stringify(page(cursor ? Number(cursor.split('_')[1]) : 0)), { status: 200 });
    }),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/stock-movements']}>
        <StockMovementsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StockMovementsScreen', () => {
  it('appends the next page from the cursor, to the end, then clears', async () => {
    renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(100), { timeout: 10_000 });
    expect(gets[0]).toContain('/api/CassaNova/ImportStocksMovements/');
    expect(gets[0]).toContain('steps=100');
    expect(gets[0]).toContain('progress=false');
    expect(screen.getByTestId('list-count').textContent).toBe('100 of 250 movements shown');

    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(200));
    expect(gets.at(-1)).toContain('cursor=2026-03-02_100');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(250));
    expect(screen.getByTestId('list-end')).toBeTruthy();
    expect((screen.getByTestId('load-more') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('clear-list'));
    expect(screen.queryAllByTestId('movement-row')).toHaveLength(0);
    expect(screen.getByTestId('list-cleared')).toBeTruthy();
    fireEvent.click(screen.getByTestId('load-first'));
    await waitFor(() => expect(screen.getAllByTestId('movement-row')).toHaveLength(100));
  });

  it("says 'Unable to fetch stock movemenys list' when the server fails", async () => {
    renderScreen(true);
    expect((await screen.findByTestId('report-error', {}, { timeout: 10_000 })).textContent).toContain(
      'Unable to fetch stock movemenys list',
    );
  });
});
