import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday, mondayOf, parseTime } from './staff-time';

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
