import { describe, expect, it } from 'vitest';
import { formatDay, monthName, weekdayName } from './date-format';

describe('date format', () => {
  it('formats a calendar date per language without a time-zone shift', () => {
    expect(formatDay('2026-03-05', 'en')).toBe('5 Mar 2026');
    expect(formatDay('2026-03-05', 'it')).toBe('5 mar 2026');
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
