import { describe, expect, it } from 'vitest';
import { clockTime, monthOf, sheetRow, shiftMonth, validateCorrection } from './attendance-shaping';

const noFlags = { forgottenClockOut: false, clockInWithoutShift: false, shiftWithoutClockIn: false };

describe('months', () => {
  it('lists every day of a month, February of a leap year included', () => {
    const feb = monthOf('2028-02-10');
    expect(feb.from).toBe('2028-02-01');
    expect(feb.to).toBe('2028-02-29');
    expect(feb.days).toHaveLength(29);
    expect(monthOf('2026-11').days.at(-1)).toBe('2026-11-30');
  });
  it('steps across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', 2)).toBe('2027-01');
  });
});

describe('times and hours', () => {
  it('shows a clock-out after midnight on the day the shift started, marked +1', () => {
    expect(clockTime('2026-11-20T18:00', '2026-11-20')).toBe('18:00');
    expect(clockTime('2026-11-21T01:30', '2026-11-20')).toBe('01:30 (+1)');
    expect(clockTime(null, '2026-11-20')).toBe('');
  });
});

describe('sheetRow', () => {
  it('lays the listed days on the month and keeps flags, absences and open records', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'];
    const row = sheetRow(
      [
        {
          day: '2026-11-02',
          hoursWorked: 8.25,
          shiftHours: 8,
          absenceCode: null,
          flags: noFlags,
          isCorrected: true,
          clockIn: '2026-11-02T09:00',
          clockOut: '2026-11-02T17:15',
        },
        {
          day: '2026-11-03',
          hoursWorked: 0,
          shiftHours: 8,
          absenceCode: null,
          flags: { ...noFlags, forgottenClockOut: true },
          isCorrected: false,
          clockIn: '2026-11-03T09:00',
          clockOut: null,
        },
        {
          day: '2026-11-04',
          hoursWorked: 0,
          shiftHours: 0,
          absenceCode: 'SICK',
          flags: noFlags,
          isCorrected: false,
          clockIn: null,
          clockOut: null,
        },
      ],
      days,
    );
    expect(row.map((cell) => cell.hours)).toEqual([null, 8.25, 0, null]);
    expect(row[1]).toMatchObject({ isCorrected: true, flags: [], hasShift: true });
    expect(row[2]).toMatchObject({ isOpen: true, flags: ['forgottenClockOut'] });
    expect(row[3]).toMatchObject({ absenceCode: 'SICK', hasShift: false });
  });
});

describe('validateCorrection', () => {
  it('takes a clock-out after the clock-in within 24 h and a reason', () => {
    expect(validateCorrection({ clockIn: '2026-11-19T09:00', clockOut: '2026-11-19T18:00', reason: ' forgot to clock out ' })).toEqual({
      problems: [],
      body: { clockIn: '2026-11-19T09:00', clockOut: '2026-11-19T18:00', reason: 'forgot to clock out' },
    });
    expect(validateCorrection({ clockIn: '2026-11-19T09:00', clockOut: '', reason: 'still in' }).body?.clockOut).toBeNull();
  });
  it('names what the API would refuse', () => {
    expect(validateCorrection({ clockIn: '', clockOut: 'x', reason: ' ' }).problems).toEqual(['clockIn', 'clockOut', 'reason']);
    expect(validateCorrection({ clockIn: '2026-11-19T18:00', clockOut: '2026-11-19T09:00', reason: 'r' }).problems).toEqual(['order']);
    expect(validateCorrection({ clockIn: '2026-11-19T09:00', clockOut: '2026-11-20T09:01', reason: 'r' }).problems).toEqual(['tooLong']);
  });
});
