import { describe, expect, it } from 'vitest';
import { closedDayOf, easterSunday, nationalHolidays } from './holidays.js';

describe('national holidays', () => {
  it('computes Easter Monday with the Gregorian computus: 21 Apr 2025, 6 Apr 2026, 29 Mar 2027', () => {
    const easterMonday = (year: number) => nationalHolidays(year).find((h) => h.holiday === 'EASTER_MONDAY')?.date;
    expect(easterMonday(2025)).toBe('2025-04-21');
    expect(easterMonday(2026)).toBe('2026-04-06');
    expect(easterMonday(2027)).toBe('2027-03-29');
    // The computus' edge years: the earliest and latest Easter Sundays (22 March 1818, 25 April 2038).
    expect(easterSunday(1818)).toBe('1818-03-22');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('lists the eleven Italian national holidays of a year in date order', () => {
    expect(nationalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-06',
      '2026-04-25',
      '2026-05-01',
      '2026-06-02',
      '2026-08-15',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it("names a closed day by the salon's closure first, then its patron-saint day, then the national holiday", () => {
    const settings = {
      closures: [{ id: 7, startDay: '2026-08-10', endDay: '2026-08-21', label: 'August closure' }],
      patronDay: { month: 12, day: 7, label: 'Sant’Ambrogio' },
    };
    expect(closedDayOf(settings, '2026-08-15')).toEqual({
      date: '2026-08-15',
      kind: 'CLOSURE',
      holiday: null,
      label: 'August closure',
      closureId: 7,
    });
    expect(closedDayOf(settings, '2027-12-07')).toMatchObject({ kind: 'PATRON', label: 'Sant’Ambrogio' });
    expect(closedDayOf(settings, '2026-12-08')).toMatchObject({ kind: 'NATIONAL', holiday: 'IMMACULATE_CONCEPTION' });
    expect(closedDayOf(settings, '2026-08-22')).toBeNull();
    expect(closedDayOf({ closures: [], patronDay: null }, '2026-12-07')).toBeNull();
  });
});
