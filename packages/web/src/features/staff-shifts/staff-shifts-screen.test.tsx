import '../../lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithSalons, testSalon } from '../../test/salons';
import StaffShiftsScreen from './staff-shifts-screen';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../lib/auth', () => ({ useAuth: () => ({ isSuperadmin: false, user: { userId: 1, salonId: 1 }, roles: ['ADMIN'] }) }));

const shift = (id: number, userId: number, day: string, startTime: string, endTime: string, hours: number, endsNextDay = false) => ({
  userTimeframeId: id,
  salonId: 1,
  userId,
  firstName: userId === 7 ? 'Anna' : 'Bruno',
  lastName: 'Rossi',
  // The salon is in Rome (UTC+1 in November); the week adds the shifts' instants, as the server does.
  dayStart: new Date(`${day}T${startTime}:00+01:00`).toISOString(),
  dayEnd: new Date(Date.parse(`${day}T${endTime}:00+01:00`) + (endsNextDay ? 86_400_000 : 0)).toISOString(),
  day,
  startTime,
  endTime,
  endsNextDay,
  hours,
  note: '',
  recurrenceId: id === 2 ? 'series-1' : null,
  recurrenceKind: id === 2 ? 'FORTNIGHTLY' : null,
});

const person = (userId: number, firstName: string) => ({
  userId,
  firstName,
  lastName: 'Rossi',
  title: '',
  employmentStart: null,
  employmentEnd: null,
  hours: 0,
  shiftCount: 0,
});

const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
const planner = {
  salonId: 1,
  timeZone: 'Europe/Rome',
  today: '2026-11-20',
  fromDate: '2026-11-16',
  toDate: '2026-11-22',
  days: days.map((date, index) => ({
    date,
    weekday: index + 1,
    isOpen: index < 6,
    holiday: null,
    opens: index < 6 ? '09:00' : null,
    closes: index < 6 ? '19:00' : null,
  })),
  staff: [person(7, 'Anna'), person(8, 'Bruno')],
  shifts: [
    shift(1, 7, '2026-11-16', '09:00', '13:00', 4),
    shift(2, 7, '2026-11-18', '09:00', '17:30', 8.5),
    shift(3, 8, '2026-11-21', '22:00', '04:00', 6, true),
  ],
  daysOff: [
    {
      userShiftId: 5,
      salonId: 1,
      userId: 8,
      firstName: 'Bruno',
      lastName: 'Rossi',
      startDate: '2026-11-16',
      endDate: '2026-11-17',
      type: 'HOLIDAY',
      part: 'FULL_DAY',
      startTime: null,
      endTime: null,
      note: '',
      days: 2,
      userShiftRequestId: null,
    },
  ],
  pendingRequests: [],
};

function renderScreen() {
  return render(
    <QueryClientProvider client={queryClientWithSalons([testSalon({ today: '2026-11-20' })])}>
      <MemoryRouter initialEntries={['/staff-shifts']}>
        <StaffShiftsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StaffShiftsScreen', () => {
  it("draws the salon's week: shifts in their person's day cell, days off, hours per person and in all", async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(planner), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderScreen();
    const grid = await screen.findByTestId('planner-grid');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/UserTimeframes/Planner/');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('fromDate=2026-11-16');
    expect(within(screen.getByTestId('planner-cell-7-2026-11-16')).getByRole('button', { name: /09:00–13:00/ })).toBeTruthy();
    expect(within(screen.getByTestId('planner-cell-7-2026-11-18')).getByRole('button', { name: /09:00–17:30/ })).toBeTruthy();
    // The night shift sits on Saturday, the day it starts, and says it ends the next day.
    expect(
      within(screen.getByTestId('planner-cell-8-2026-11-21')).getByRole('button', { name: /22:00–04:00 \(ends the next day\)/ }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('planner-cell-8-2026-11-16')).getByText('Holiday')).toBeTruthy();
    expect(within(screen.getByTestId('planner-cell-8-2026-11-17')).getByText('Holiday')).toBeTruthy();
    expect(within(screen.getByTestId('planner-cell-8-2026-11-18')).queryByText('Holiday')).toBeNull();
    expect(screen.getByTestId('planner-hours-7').textContent).toBe('12.5');
    expect(screen.getByTestId('planner-hours-8').textContent).toBe('6');
    expect(screen.getByTestId('planner-total-hours').textContent).toBe('18.5');
    expect(within(grid).getAllByText('Closed')).toHaveLength(1);
  });

  it('names a holiday or closure on its day, apart from a weekday the salon never opens', async () => {
    const withHolidays = {
      ...planner,
      days: planner.days.map((day) =>
        day.date === '2026-11-19'
          ? {
              ...day,
              isOpen: false,
              opens: null,
              closes: null,
              holiday: { date: day.date, kind: 'CLOSURE', holiday: null, label: 'Inventory', closureId: 3 },
            }
          : day.date === '2026-11-20'
            ? {
                ...day,
                isOpen: false,
                opens: null,
                closes: null,
                holiday: { date: day.date, kind: 'NATIONAL', holiday: 'ALL_SAINTS', label: "All Saints' Day", closureId: null },
              }
            : day,
      ),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(withHolidays), { status: 200 })),
    );
    renderScreen();
    const grid = await screen.findByTestId('planner-grid');
    expect(within(grid).getByTestId('planner-holiday-2026-11-19').textContent).toBe('Inventory');
    expect(within(grid).getByLabelText("Closed: All Saints' Day")).toBeTruthy();
    // Sunday keeps its plain 'Closed': no holiday closes it.
    expect(within(grid).getAllByText('Closed')).toHaveLength(1);
  });

  it('shows a refused shift at the cell of the shift it clashes with, with the fixed message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          return new Response(
            JSON.stringify({
              statusCode: 409,
              error: 'Conflict',
              message: 'The shift overlaps shift 2 of user 7 (2026-11-18 09:00-17:30)',
              reason: 'SHIFT_CLASH',
              clash: {
                userTimeframeId: 2,
                userId: 7,
                dayStart: '2026-11-18T08:00:00.000Z',
                dayEnd: '2026-11-18T16:30:00.000Z',
                day: '2026-11-18',
                startTime: '09:00',
                endTime: '17:30',
                inputIndex: 0,
              },
            }),
            { status: 409 },
          );
        }
        expect(url).toContain('/api/UserTimeframes/Planner/');
        return new Response(JSON.stringify(planner), { status: 200 });
      }),
    );
    renderScreen();
    fireEvent.click(await screen.findByTestId('add-shift-7-2026-11-18'));
    const dialog = await screen.findByTestId('shift-dialog');
    fireEvent.change(within(dialog).getByTestId('shift-start'), { target: { value: '12:00' } });
    fireEvent.change(within(dialog).getByTestId('shift-end'), { target: { value: '19:00' } });
    fireEvent.click(within(dialog).getByTestId('shift-save'));
    const message = await screen.findByTestId('clash-message');
    expect(message.textContent).toContain('Unable to create user shift');
    expect(message.textContent).toContain('It overlaps the shift of 18 Nov 2026, 09:00–17:30.');
    expect(within(screen.getByTestId('planner-cell-7-2026-11-18')).getByTestId('clash-message')).toBe(message);
    expect(screen.getByTestId('shift-2').getAttribute('data-clash')).toBe('true');
    await waitFor(() => expect(screen.queryByTestId('shift-dialog')).toBeNull());
  });

  it('asks before deleting a shift, and deletes nothing when the person keeps it', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return new Response(JSON.stringify({ deleted: 1, userTimeframeIds: [2] }), { status: 200 });
      return new Response(JSON.stringify(planner), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    renderScreen();
    fireEvent.click(await screen.findByTestId('shift-2'));
    const dialog = await screen.findByTestId('shift-dialog');
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;
    fireEvent.click(within(dialog).getByTestId('shift-delete-one'));
    expect(within(dialog).getByTestId('shift-delete-confirm').textContent).toContain('Delete this shift? It cannot be undone.');
    expect(deletes()).toBe(0);
    fireEvent.click(within(dialog).getByTestId('shift-delete-no'));
    expect(within(dialog).queryByTestId('shift-delete-confirm')).toBeNull();
    expect(deletes()).toBe(0);
    fireEvent.click(within(dialog).getByTestId('shift-delete-one'));
    fireEvent.click(within(dialog).getByTestId('shift-delete-yes'));
    await waitFor(() => expect(deletes()).toBe(1));
  });
});
