import { describe, expect, it } from 'vitest';
import { addMonths, monthRange, monthWeeks, shortNames } from './month-calendar';

describe('month calendar', () => {
  it('lays November 2026 out in Monday-first weeks, the days of other months marked', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday: the first week starts on Monday 26 October; 30 November is a Monday.
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toEqual({ day: '2026-10-26', inMonth: false });
    expect(weeks[0]?.[6]).toEqual({ day: '2026-11-01', inMonth: true });
    expect(weeks[5]?.[0]).toEqual({ day: '2026-11-30', inMonth: true });
    expect(weeks[5]?.[6]).toEqual({ day: '2026-12-06', inMonth: false });
    expect(weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
  });

  it('gives a month its first and last day and steps across years', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });
});

describe('shortNames', () => {
  it('keeps a first name that is unique and tells namesakes apart by their last name', () => {
    const names = shortNames([
      { userId: 1, firstName: 'Marco', lastName: 'Rossi' },
      { userId: 2, firstName: 'Marco', lastName: 'Bianchi' },
      { userId: 3, firstName: 'Giulia', lastName: 'Verdi' },
      { userId: 4, firstName: 'Luca', lastName: 'Romano' },
      { userId: 5, firstName: 'Luca', lastName: 'Rossi' },
      { userId: 3, firstName: 'Giulia', lastName: 'Verdi' },
    ]);
    expect(Object.fromEntries(names)).toEqual({ 1: 'Marco R.', 2: 'Marco B.', 3: 'Giulia', 4: 'Luca Rom.', 5: 'Luca Ros.' });
  });
});
