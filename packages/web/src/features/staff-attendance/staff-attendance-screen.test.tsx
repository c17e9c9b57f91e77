import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons, testSalon } from '../../test/salons';
import StaffAttendanceScreen, { exportFileName } from './staff-attendance-screen';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { userId: 2, salonId: 1 }, roles: ['ADMIN'] }) }));

const flags = { forgottenClockOut: false, clockInWithoutShift: false, shiftWithoutClockIn: false };
const totals = {
  daysWorked: 2,
  hoursWorked: 8.5,
  shiftHours: 16,
  excusedHours: 0,
  difference: -7.5,
  holidayDays: 0,
  sickDays: 0,
  permitDays: 0,
  forgottenClockOuts: 1,
  clockInsWithoutShift: 0,
  shiftsWithoutClockIn: 0,
  correctedDays: 0,
};
const record = (id: number, day: string, clockOut: string | null) => ({
  attendanceId: id,
  salonId: 1,
  userId: 5,
  day,
  clockIn: `${day}T09:00`,
  clockOut,
  hoursWorked: clockOut ? 8.5 : 0,
  source: 'APP',
  isCorrected: false,
  isForgottenClockOut: clockOut === null,
});
const person = {
  userId: 5,
  firstName: 'Sara',
  lastName: 'Verdi',
  title: 'Stylist',
  days: [
    {
      day: '2026-11-18',
      clockIn: '2026-11-18T09:00',
      clockOut: '2026-11-18T17:30',
      hoursWorked: 8.5,
      shiftStart: '2026-11-18T09:00',
      shiftEnd: '2026-11-18T17:00',
      shiftHours: 8,
      excusedHours: 0,
      difference: 0.5,
      absenceCode: null,
      flags,
      isCorrected: false,
      attendances: [record(11, '2026-11-18', '2026-11-18T17:30')],
    },
    {
      day: '2026-11-19',
      clockIn: '2026-11-19T09:00',
      clockOut: null,
      hoursWorked: 0,
      shiftStart: '2026-11-19T09:00',
      shiftEnd: '2026-11-19T17:00',
      shiftHours: 8,
      excusedHours: 0,
      difference: -8,
      absenceCode: null,
      flags: { ...flags, forgottenClockOut: true },
      isCorrected: false,
      attendances: [record(12, '2026-11-19', null)],
    },
  ],
  totals,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('StaffAttendanceScreen (manager)', () => {
  it('names the exports Presence-{from}-{to}', () => {
    expect(exportFileName('2026-11-01', '2026-11-30', 'xls')).toBe('Presence-20261101-20261130.xls');
  });

  it("shows the salon's month with the flagged day highlighted, opens the person and corrects with a reason", async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/Status/')) return json({ canClock: true, isClockedIn: false, open: null, today: null });
      if (url.includes('GetAttendancesPerMonth'))
        return json({ salonId: 1, timeZone: 'Europe/Rome', from: '2026-11-01', to: '2026-11-30', people: [person] });
      if (url.includes('GetAttendancesPerUser'))
        return json({ salonId: 1, timeZone: 'Europe/Rome', from: '2026-11-01', to: '2026-11-30', person, corrections: [] });
      if (init?.method === 'PUT') return json({ statusCode: 400, message: "Invalid body 'reason'", parameter: 'reason' }, 400);
      if (init?.method === 'DELETE') return json({ success: true });
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={queryClientWithSalons([testSalon({ today: '2026-11-20' })])}>
        <MemoryRouter initialEntries={['/staff-attendance']}>
          <StaffAttendanceScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const sheet = await screen.findByTestId('month-sheet', {}, { timeout: 10_000 });
    expect(within(sheet).getAllByRole('columnheader')).toHaveLength(1 + 30 + 4);
    expect(within(sheet).getByTestId('sheet-cell-2026-11-18').textContent).toBe('8:30');
    expect(within(sheet).getByTestId('sheet-cell-2026-11-19').getAttribute('data-flags')).toBe('forgottenClockOut');
    expect(within(sheet).getByTestId('sheet-total-hours').textContent).toBe('8:30');
    const monthCall = fetchMock.mock.calls.find(([url]) => String(url).includes('GetAttendancesPerMonth'));
    expect(String(monthCall?.[0])).toContain('from=2026-11-01&to=2026-11-30');

    fireEvent.click(within(sheet).getByRole('button', { name: 'Open the month of Sara Verdi' }));
    const month = await screen.findByTestId('person-month');
    expect(within(month).getByTestId('person-day-2026-11-19').textContent).toContain('Forgotten clock-out');
    fireEvent.click(within(month).getByTestId('correct-12'));
    const form = await screen.findByTestId('correction-form');
    // The clock-out's day is the app's date field (dd/mm/yyyy), already on the clock-in's day; the time is typed hh:mm.
    expect((within(form).getByTestId('correction-clock-out-day') as HTMLInputElement).value).toBe('19/11/2026');
    fireEvent.change(within(form).getByTestId('correction-clock-out-time'), { target: { value: '18:00' } });
    fireEvent.click(within(form).getByTestId('correction-save'));
    expect(await within(form).findByText('Write the reason for the correction.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    fireEvent.change(within(form).getByTestId('correction-reason'), { target: { value: 'Forgot to clock out' } });
    fireEvent.click(within(form).getByTestId('correction-save'));
    expect((await within(form).findByTestId('correction-problem')).textContent).toContain('Unable to correct the record');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toMatch(/\/api\/Attendances\/[^/]*\/12$/);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      clockIn: '2026-11-19T09:00',
      clockOut: '2026-11-19T18:00',
      reason: 'Forgot to clock out',
    });

    // Removing a record entered by mistake: the reason is required, a second press confirms, the reason travels in the query.
    fireEvent.change(within(form).getByTestId('correction-reason'), { target: { value: ' ' } });
    fireEvent.click(within(form).getByTestId('correction-remove'));
    expect(await within(form).findByText('Write the reason for the correction.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('correction-reason'), { target: { value: 'Clocked in twice' } });
    fireEvent.click(within(form).getByTestId('correction-remove'));
    expect(within(form).getByTestId('correction-remove-confirm').textContent).toContain('Press again');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(form).getByTestId('correction-remove'));
    await waitFor(() => expect(screen.queryByTestId('correction-form')).toBeNull());
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(removal?.[0])).toMatch(/\/api\/Attendances\/[^/]*\/12\?reason=Clocked\+in\+twice$/);
  });
});
