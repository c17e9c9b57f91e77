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

describe('typed dates (dd/mm/yyyy in both languages)', () => {
  it('reads complete, real dates only', async () => {
    const { parseDateInput } = await import('./date-format');
    expect(parseDateInput('05/03/2026')).toBe('2026-03-05');
    expect(parseDateInput('5/3/2026')).toBe('2026-03-05');
    expect(parseDateInput('05.03.2026')).toBe('2026-03-05');
    expect(parseDateInput('05032026')).toBe('2026-03-05');
    expect(parseDateInput(' 29/02/2024 ')).toBe('2024-02-29');
    for (const text of ['10', '10/', '10/03/202', '31/02/2026', '12/31/2026', '00/01/2026', '2026-03-05', '']) {
      expect(parseDateInput(text)).toBeNull();
    }
  });

  it('writes dates for fields, chart axes and Excel', async () => {
    const { formatDateInput, formatAxisDay, excelDateOf } = await import('./date-format');
    expect(formatDateInput('2026-03-05')).toBe('05/03/2026');
    expect(formatDateInput('')).toBe('');
    expect(formatAxisDay('2026-11-21', 'en')).toBe('21 Nov');
    expect(formatAxisDay('2026-11-21', 'it')).toBe('21 nov');
    expect(excelDateOf('2026-11-21')?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(excelDateOf('21 Nov')).toBeNull();
  });
});
