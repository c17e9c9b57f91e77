import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import type { CapacityBlock, CapacitySetting } from './api/use-capacity';
import CapacityShowDataScreen from './capacity-show-data-screen';
import FullCapacitySettingScreen from './full-capacity-setting-screen';

vi.setConfig({ testTimeout: 30_000 });

const auth = vi.hoisted(() => ({ roles: ['ADMIN'] as string[] }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: auth.roles }) }));

const block = (fromDate: string, toDate: string, actualRevenue: number): CapacityBlock => ({
  fromDate,
  toDate,
  headCount: 3,
  shiftHours: 100,
  capacityHours: 100,
  bookedServiceHours: 40,
  utilisation: 40,
  capacityRevenue: 0,
  actualRevenue,
  ratio: null,
});

let posts: unknown[] = [];
let gets: string[] = [];

function stubApi(setting: CapacitySetting, post?: (body: unknown) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return post ? post(body) : new Response(JSON.stringify({ ...setting, ...body, isDefault: false }), { status: 200 });
      }
      gets.push(url);
      if (url.includes('/UtilisationGrid/')) {
        return Response.json({
          fromDate: '2026-03-02',
          toDate: '2026-03-15',
          cells: [
            { weekday: 6, hour: 10, shiftHours: 4, bookedServiceHours: 3.9, utilisation: 97.5, level: 'OVER' },
            { weekday: 6, hour: 11, shiftHours: 4, bookedServiceHours: 3.8, utilisation: 95, level: 'OVER' },
            { weekday: 2, hour: 15, shiftHours: 4, bookedServiceHours: 1, utilisation: 25, level: 'UNDER' },
          ],
        });
      }
      if (url.includes('/GetLastWeekAndActualWeek/')) {
        return Response.json({
          lastWeek: block('2026-03-09', '2026-03-15', 1000),
          actualWeek: block('2026-03-16', '2026-03-22', 500),
          customCapacity: block('2026-03-02', '2026-03-15', 2500),
        });
      }
      return Response.json(setting);
    }),
  );
}

function renderAt(path: string, Screen: () => React.ReactNode) {
  render(
    <QueryClientProvider client={queryClientWithSalons()}>
      <MemoryRouter initialEntries={[path]}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  posts = [];
  gets = [];
  auth.roles = ['ADMIN'];
});

describe('CapacityShowDataScreen', () => {
  it('without saved settings links to the settings screen, and still shows the columns, the grid and its suggestions', async () => {
    stubApi({ salonId: 1, numberOfPeople: 0, averageHourly: 0, isDefault: true });
    renderAt('/capacity-showData?fromDate=2026-03-02&toDate=2026-03-15', CapacityShowDataScreen);
    const alert = await screen.findByTestId('capacity-no-settings');
    expect(within(alert).getByRole('link', { name: 'Set them now' }).getAttribute('href')).toBe('/full-capacity-setting');
    // The settings' values are what the capacity call is costed with.
    expect(gets.some((url) => url.includes('/GetLastWeekAndActualWeek/2026-03-02/2026-03-15/0/0/1/'))).toBe(true);
    expect(within(screen.getByTestId('capacity-customCapacity')).getByTestId('value-actualRevenue').textContent).toBe('€2,500.00');
    expect(within(screen.getByTestId('capacity-lastWeek')).getByTestId('value-ratio').textContent).toBe('–');
    expect(screen.getByTestId('suggestion-over').textContent).toBe('Add a stylist on Saturday 10-12 (96.3%)');
    expect(screen.getByTestId('suggestion-under').textContent).toBe('Tuesday 15-16 is at 25%');
  });
});

describe('FullCapacitySettingScreen', () => {
  it('checks the limits before sending, then posts the typed values for the salon', async () => {
    stubApi({ salonId: 1, numberOfPeople: 0, averageHourly: 0, isDefault: true });
    renderAt('/full-capacity-setting', FullCapacitySettingScreen);
    expect((await screen.findByTestId('setting-state')).textContent).toBe('Not saved yet');
    fireEvent.change(screen.getByTestId('field-numberOfPeople'), { target: { value: '501' } });
    fireEvent.click(screen.getByTestId('save-capacity-setting'));
    expect(await screen.findByText('Type a whole number from 0 to 500.')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByTestId('field-numberOfPeople'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('field-averageHourly'), { target: { value: '38,5' } });
    fireEvent.click(screen.getByTestId('save-capacity-setting'));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(posts).toEqual([{ salonId: 1, numberOfPeople: 4, averageHourly: 38.5 }]);
  });

  it("shows the server's refusal at the field it names", async () => {
    stubApi({ salonId: 1, numberOfPeople: 2, averageHourly: 40, isDefault: false }, () =>
      Response.json(
        { statusCode: 400, message: "Invalid body 'averageHourly': must be <= 10000", parameter: 'averageHourly' },
        { status: 400 },
      ),
    );
    renderAt('/full-capacity-setting', FullCapacitySettingScreen);
    expect((await screen.findByTestId('field-averageHourly')).getAttribute('value')).toBe('40');
    fireEvent.click(screen.getByTestId('save-capacity-setting'));
    expect(await screen.findByText("Invalid body 'averageHourly': must be <= 10000")).toBeTruthy();
  });

  it('a role that may not save reads the values with no save button', async () => {
    auth.roles = ['SALESMARKETING'];
    stubApi({ salonId: 1, numberOfPeople: 2, averageHourly: 40, isDefault: false });
    renderAt('/full-capacity-setting', FullCapacitySettingScreen);
    expect(await screen.findByText('Only a salon administrator can change these settings.')).toBeTruthy();
    expect(screen.getByTestId('field-numberOfPeople').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('save-capacity-setting')).toBeNull();
  });
});
