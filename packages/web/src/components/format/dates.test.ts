import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  daysBetween,
  formatDay,
  isIsoDate,
  isoMonthOf,
  monthEndOf,
  monthName,
  monthOf,
  monthRange,
  monthStartOf,
  periodEndOf,
  sameDateYearBefore,
  splitRangeByMonth,
  weekdayName,
  yearEarlier,
  yearOf,
} from './dates';

describe('date format', () => {
  it('formats a calendar date per language without a time-zone shift', () => {
    expect(formatDay('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDay('2026-03-05', 'it')).toBe('5 mar 2026');
    expect(formatDay('2026-11-20', 'en', 'long')).toBe('20 November 2026');
    expect(formatDay('2026-11-20', 'it', 'long')).toBe('20 novembre 2026');
    expect(formatDay('2026-03-05', 'en', 'short')).toBe('05/03/2026');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });

  it('names ISO weekdays and months in both languages', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'it')).toBe('domenica');
    expect(weekdayName(3, 'en', 'short')).toBe('Wed');
    expect(monthName(1, 'en')).toBe('January');
    expect(monthName(12, 'it')).toBe('dicembre');
  });
});

describe('typed dates (dd/mm/yyyy in both languages)', () => {
  it('reads complete, real dates only', async () => {
    const { parseDateInput } = await import('./dates');
    expect(parseDateInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDateInput('5/3/2026')).toBe('2026-03-05');
    expect(parseDateInput('05.03.2026')).toBe('2026-03-05');
    expect(parseDateInput('05-03-2026')).toBe('2026-03-05');
    expect(parseDateInput(' 29/02/2024 ')).toBe('2024-02-29');
    for (const text of ['10', '10/', '10/03/202', '31/02/2026', '12/31/2026', '00/01/2026', '2026-03-05', '']) {
      expect(parseDateInput(text)).toBeNull();
    }
  });

  it('takes the language format in en and it, and refuses what is not a date', async () => {
    const { parseDateInput } = await import('./dates');
    for (const language of ['en', 'it']) {
      expect(parseDateInput('03/12/2026', language)).toBe('2026-12-03');
      expect(parseDateInput('3.12.2026', language)).toBe('2026-12-03');
      // Digits run together (3 December? 12 March?), a two-digit year, mixed separators, words, 30 February, a 13th month.
      for (const text of [
        '03122026',
        '031226',
        '3/12/26',
        '03/12-2026',
        '3 dic 2026',
        'tomorrow',
        '30/02/2026',
        '01/13/2026',
        '1/1/12026',
        '001/01/2026',
      ]) {
        expect([language, text, parseDateInput(text, language)]).toEqual([language, text, null]);
      }
    }
  });
});

describe('typed times (24-hour in both languages)', () => {
  it('reads 1400, 14.00, 14:00 and 9 as times of day', async () => {
    const { parseTimeInput } = await import('./dates');
    expect(parseTimeInput('1400')).toBe('14:00');
    expect(parseTimeInput('14.00')).toBe('14:00');
    expect(parseTimeInput('14:00')).toBe('14:00');
    expect(parseTimeInput('9')).toBe('09:00');
    expect(parseTimeInput('09')).toBe('09:00');
    expect(parseTimeInput('930')).toBe('09:30');
    expect(parseTimeInput('9:05')).toBe('09:05');
    expect(parseTimeInput(' 0 ')).toBe('00:00');
    expect(parseTimeInput('23:59')).toBe('23:59');
  });

  it('refuses what is not a time of day', async () => {
    const { parseTimeInput } = await import('./dates');
    for (const text of ['', '24', '2400', '14:60', '1460', '14:0', '14:000', '14,00', '12345', '2pm', 'ab:cd', '-1']) {
      expect([text, parseTimeInput(text)]).toEqual([text, null]);
    }
  });

  it('writes a time as the language does', async () => {
    const { formatTimeInput } = await import('./dates');
    expect(formatTimeInput('14:00', 'en')).toBe('14:00');
    expect(formatTimeInput('09:30', 'it')).toBe('09:30');
    expect(formatTimeInput('00:05', 'en')).toBe('00:05');
  });

  it('writes dates for fields, chart axes and Excel', async () => {
    const { formatDateInput, formatAxisDay, excelDateOf } = await import('./dates');
    expect(formatDateInput('2026-03-05')).toBe('05/03/2026');
    expect(formatDateInput('')).toBe('');
    expect(formatAxisDay('2026-11-21', 'en')).toBe('21 Nov');
    expect(formatAxisDay('2026-11-21', 'it')).toBe('21 nov');
    expect(excelDateOf('2026-11-21')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(excelDateOf('21 Nov')).toBeNull();
  });
});

describe('splitRangeByMonth', () => {
  it('cuts a range into calendar-month pieces', () => {
    expect(splitRangeByMonth('2026-01-15', '2026-03-10')).toEqual([
      { fromDate: '2026-01-15', toDate: '2026-01-31' },
      { fromDate: '2026-02-01', toDate: '2026-02-28' },
      { fromDate: '2026-03-01', toDate: '2026-03-10' },
    ]);
  });

  it('keeps a range inside one month whole, crosses a year, and gives nothing for a reversed range', () => {
    expect(splitRangeByMonth('2026-11-01', '2026-11-22')).toEqual([{ fromDate: '2026-11-01', toDate: '2026-11-22' }]);
    expect(splitRangeByMonth('2025-12-31', '2026-01-01')).toEqual([
      { fromDate: '2025-12-31', toDate: '2025-12-31' },
      { fromDate: '2026-01-01', toDate: '2026-01-01' },
    ]);
    expect(splitRangeByMonth('2024-02-01', '2024-02-29')).toHaveLength(1);
    expect(splitRangeByMonth('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('calendar arithmetic', () => {
  it('reads the year and month of a date and the first and last day of its month', () => {
    expect(yearOf('2026-11-22')).toBe(2026);
    expect(monthOf('2026-11-22')).toBe(11);
    expect(dayOf('2026-11-02')).toBe(2);
    expect(monthStartOf('2026-11-22')).toBe('2026-11-01');
    expect(isoMonthOf(2026, 3)).toBe('2026-03');
    expect(monthEndOf(2024, 2)).toBe('2024-02-29');
    expect(monthEndOf(2026, 12)).toBe('2026-12-31');
  });

  it('adds days across months and years, and counts the days between two dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1); // across the change to summer time
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  });

  it('gives the same date a year earlier, 29 February as 28 February', () => {
    expect(yearEarlier('2026-11-22')).toBe('2025-11-22');
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
    // The exact date, or none: what a day-by-day same-date comparison pairs.
    expect(sameDateYearBefore('2026-11-22')).toBe('2025-11-22');
    expect(sameDateYearBefore('2024-02-29')).toBeNull();
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('periodEndOf', () => {
  it('ends on the last day of the last period month', () => {
    // 2026-05-01 + 12 months: May 2026 .. April 2027
    expect(periodEndOf('2026-05-01', 12)).toBe('2027-04-30');
    expect(periodEndOf('2024-01-01', 2)).toBe('2024-02-29');
    expect(periodEndOf('2026-12-01', 1)).toBe('2026-12-31');
  });
});

describe('monthRange', () => {
  it('gives the whole month, or up to today in the current month', () => {
    expect(monthRange(2026, 2)).toEqual({ dateFrom: '2026-02-01', dateTo: '2026-02-28' });
    expect(monthRange(2026, 11, '2026-11-22')).toEqual({ dateFrom: '2026-11-01', dateTo: '2026-11-22' });
    // A cap in another month leaves the month whole.
    expect(monthRange(2026, 3, '2026-11-22')).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-31' });
  });
});
