import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { CustomerMap } from './api/use-customer-analysis';
import CustomerHeatmapScreen from './customer-heatmap-screen';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
// ECharts needs a canvas; the charts are not what these tests look at.
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));
// The exported files are caught instead of downloaded.
const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));

/** Monday 10:00 three visits and 11:00 one, Tuesday 10:00 two: six visits, Monday the busiest day. */
function map(): CustomerMap {
  const visits: Record<string, number> = { '1@10': 3, '1@11': 1, '2@10': 2 };
  return {
    salonId: 1,
    fromDate: '2026-03-01',
    toDate: '2026-03-18',
    timeZone: 'Europe/Rome',
    totalVisits: 6,
    cells: Array.from({ length: 7 * 24 }, (_, index) => {
      const weekday = Math.floor(index / 24) + 1;
      const hour = index % 24;
      return { weekday, hour, visits: visits[`${weekday}@${hour}`] ?? 0 };
    }),
    cities: [
      { city: 'Milano', clients: 3, revenue: 189, latitude: 45.47, longitude: 9.2 },
      { city: null, clients: 1, revenue: 27, latitude: null, longitude: null },
    ],
    postalCodes: [{ postalCode: '20121', city: 'Milano', clients: 3, revenue: 189, latitude: 45.47, longitude: 9.2 }],
  } as CustomerMap;
}

beforeEach(() => {
  localStorage.clear();
  saved.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function exported(kind: 'xlsx' | 'csv') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(map()), { status: 200 })),
  );
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={['/customer-analysis-heatmap?fromDate=2026-03-01&toDate=2026-03-18']}>
        <CustomerHeatmapScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('heatmap-legend', {}, { timeout: 10_000 });
  fireEvent.click(screen.getByTestId(`export-${kind}`));
  await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
  return saved[0]!;
}

describe('CustomerHeatmapScreen exports', () => {
  it('writes the KPI cards, the cities, the weekday x hour table and the postal codes, named after the screen', async () => {
    const file = await exported('xlsx');
    expect(file.name).toBe('customer-heatmap_Salone-Uno_2026-03-01_2026-03-18.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.blob.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(0, 7)).toEqual([
      ['Customer heat-map'],
      ['Salon', 'Salone Uno'],
      ['Period', '1 Mar 2026 – 18 Mar 2026'],
      ['Measure', 'This range', 'Visits'],
      ['Visits', 6],
      ['Busiest hour', 'Monday 10:00', 3],
      ['Busiest day', 'Monday', 4],
    ]);
    expect(rows.slice(7, 11)).toEqual([
      ['Clients and revenue per city'],
      ['City', 'Clients', 'Revenue'],
      ['Milano', 3, 189],
      ['Not recorded', 1, 27],
    ]);
    expect(rows.slice(11, 15)).toEqual([
      ['Visits per weekday and hour (time zone Europe/Rome)'],
      ['Day', '10:00', '11:00', 'Total'],
      ['Monday', 3, 1, 4],
      ['Tuesday', 2, 0, 2],
    ]);
    expect(rows.slice(20, 23)).toEqual([
      ['Clients and revenue per postal code'],
      ['Postal code', 'City', 'Clients', 'Revenue'],
      ['20121', 'Milano', 3, 189],
    ]);
  });

  it('writes the same parts into the CSV', async () => {
    const file = await exported('csv');
    expect(file.name).toBe('customer-heatmap_Salone-Uno_2026-03-01_2026-03-18.csv');
    const lines = (await file.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(4, 8)).toEqual(['Measure,This range,Visits', 'Visits,6', 'Busiest hour,Monday 10:00,3', 'Busiest day,Monday,4']);
    expect(lines).toContain('Monday,3,1,4');
    expect(lines).toContain('20121,Milano,3,189.00');
  });
});
