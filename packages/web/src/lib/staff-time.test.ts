import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatInstant, isoWeekday, mondayOf, shiftStateAt, wallClockMinutes } from './staff-time';

describe('staff days and times', () => {
  it('counts weeks from Monday', () => {
    expect(mondayOf('2026-11-20')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-11-16', '2026-11-30')).toBe(14);
  });
});

describe('formatInstant', () => {
  it("writes an instant in the salon's time zone and the interface language", () => {
    expect(formatInstant('2026-11-20T08:05:00Z', 'en', 'Europe/Rome')).toBe('20 Nov 2026, 09:05');
    expect(formatInstant('2026-11-20T23:30:00Z', 'it', 'Europe/Rome')).toBe('21 nov 2026, 00:30');
  });
});

describe("today's shifts in the quick panel", () => {
  it("reads the salon's wall clock and tells who works now, next, or has ended", () => {
    // 08:30Z is 09:30 in Rome in November.
    expect(wallClockMinutes('Europe/Rome', new Date('2026-11-20T08:30:00Z'))).toBe(570);
    const morning = { startTime: '09:00', endTime: '13:00', endsNextDay: false };
    const night = { startTime: '21:00', endTime: '03:00', endsNextDay: true };
    expect(shiftStateAt(morning, 8 * 60 + 59)).toBe('next');
    expect(shiftStateAt(morning, 9 * 60)).toBe('now');
    expect(shiftStateAt(morning, 13 * 60)).toBe('ended');
    expect(shiftStateAt(night, 23 * 60)).toBe('now');
    expect(shiftStateAt(night, 20 * 60)).toBe('next');
  });
});
