import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatInstant, isoWeekday, mondayOf, parseTime } from './staff-time';

describe('staff days and times', () => {
  it('counts weeks from Monday and reads typed times', () => {
    expect(mondayOf('2026-11-20')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-11-16', '2026-11-30')).toBe(14);
    expect(parseTime('9:00')).toBe('09:00');
    expect(parseTime('21.30')).toBe('21:30');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('9')).toBeNull();
  });
});

describe('formatInstant', () => {
  it("writes an instant in the salon's time zone and the interface language", () => {
    expect(formatInstant('2026-11-20T08:05:00Z', 'en', 'Europe/Rome')).toBe('20 Nov 2026, 09:05');
    expect(formatInstant('2026-11-20T23:30:00Z', 'it', 'Europe/Rome')).toBe('21 nov 2026, 00:30');
  });
});
