import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons } from '../../test/salons';
import SalonSettingScreen, { validateSetting } from './salon-setting-screen';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 1 }, roles: ['ADMIN'] }) }));
vi.mock('../../components/chart/chart', () => ({ Chart: () => null }));

const stored = (product: string) => ({
  [`salonConfig${product}Id`]: null,
  salonId: 1,
  reachTargetMonths: 12,
  targetMonths: 6,
  periodStartDate: '2026-05-01',
  isDefault: true,
  target: 60,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('validateSetting', () => {
  it('accepts values within the server limits and names each field out of them', () => {
    expect(validateSetting({ target: '55,5', reachTargetMonths: '12', targetMonths: '6', periodStartDate: '2026-05-01' })).toEqual({
      errors: {},
      input: { target: 55.5, reachTargetMonths: 12, targetMonths: 6, periodStartDate: '2026-05-01' },
    });
    expect(validateSetting({ target: '101', reachTargetMonths: '0', targetMonths: '2.5', periodStartDate: '' }).errors).toEqual({
      target: 'target',
      reachTargetMonths: 'months',
      targetMonths: 'months',
      periodStartDate: 'date',
    });
  });
});

describe('SalonSettingScreen', () => {
  it("shows the server's refusal at the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          return new Response(
            JSON.stringify({ statusCode: 400, message: "Invalid body 'periodStartDate': must be a date", parameter: 'periodStartDate' }),
            {
              status: 400,
            },
          );
        }
        const product = /SalonConfig(\w+?)\//.exec(url)?.[1] ?? '';
        return new Response(JSON.stringify(stored(product)), { status: 200 });
      }),
    );
    render(
      <QueryClientProvider client={queryClientWithSalons()}>
        <MemoryRouter initialEntries={['/salon-setting']}>
          <SalonSettingScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const resale = await screen.findByTestId('setting-Resale');
    expect(within(resale).getByTestId('field-target')).toHaveProperty('value', '60');
    fireEvent.change(within(resale).getByTestId('field-target'), { target: { value: '45' } });
    fireEvent.click(within(resale).getByTestId('save-setting'));
    expect(await within(resale).findByText("Invalid body 'periodStartDate': must be a date")).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Growth settings of the five product lines' });
    expect(within(table).getAllByRole('row').slice(2)).toHaveLength(5);
  });
});
