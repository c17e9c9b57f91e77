import '../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { genderOf, useGenderFilter } from './gender-filter';
import { ReportFrame } from './report-frame';
import type { ReportFilters } from './use-report-filters';

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { salonId: 7 } }) }));

let search = '';
function LocationProbe() {
  search = useLocation().search;
  return null;
}
const wrapperAt =
  (url: string) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );

afterEach(cleanup);

describe('gender filter', () => {
  it('reads MALE and FEMALE, anything else is all clients', () => {
    expect(genderOf('MALE')).toBe('MALE');
    expect(genderOf('FEMALE')).toBe('FEMALE');
    expect(genderOf('male')).toBe('ALL');
    expect(genderOf(null)).toBe('ALL');
  });

  it('keeps the choice in the URL and removes it for all clients', () => {
    const { result } = renderHook(() => useGenderFilter(), { wrapper: wrapperAt('/days-of-week?fromDate=2026-03-01&gender=FEMALE') });
    expect(result.current[0]).toBe('FEMALE');
    act(() => result.current[1]('MALE'));
    expect(result.current[0]).toBe('MALE');
    expect(search).toBe('?fromDate=2026-03-01&gender=MALE');
    act(() => result.current[1]('ALL'));
    expect(search).toBe('?fromDate=2026-03-01');
  });
});

describe('ReportFrame on a 403', () => {
  const filters: ReportFilters = {
    salonId: 7,
    fromDate: '2026-03-01',
    toDate: '2026-03-18',
    today: '2026-03-18',
    isPending: false,
    isRangeValid: true,
    setFilters: () => {},
  };

  it('says the role gives no access instead of the server message, without a retry', () => {
    render(
      <ReportFrame title="Days of the week" filters={filters} status="error" error={new ApiError(403, 'Forbidden')} onRetry={() => {}}>
        <p>report</p>
      </ReportFrame>,
      { wrapper: wrapperAt('/days-of-week') },
    );
    expect(screen.getByTestId('report-forbidden').textContent).toBe('Your role does not give access to this report');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('report')).toBeNull();
  });

  it('keeps the generic error for other failures', () => {
    render(
      <ReportFrame title="Days of the week" filters={filters} status="error" error={new ApiError(500, 'boom')} onRetry={() => {}}>
        <p>report</p>
      </ReportFrame>,
      { wrapper: wrapperAt('/days-of-week') },
    );
    expect(screen.getByTestId('report-error').textContent).toContain('something went wrong.');
  });
});
