import { describe, expect, it } from 'vitest';
import { defaultCountdownEnd, remainingUntil } from './countdown';
import { yearRange } from './footer';
import { toggleShortcut } from './shortcuts';

describe('countdown', () => {
  it('ends 15 days ahead by default', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(defaultCountdownEnd(now).toISOString()).toBe('2026-03-16T10:00:00.000Z');
    expect(remainingUntil(defaultCountdownEnd(now), now)).toEqual({ days: 15, hours: 0, minutes: 0, seconds: 0 });
  });
  it('splits the time left and stops at zero', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    // 1 day + 2 h + 3 min + 4 s = 93784 s
    expect(remainingUntil(new Date(now.getTime() + 93_784_000), now)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(remainingUntil(new Date(now.getTime() - 5000), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('footer year range', () => {
  it('runs from the first year to this year', () => {
    expect(yearRange(2024, new Date('2026-06-01'))).toBe('2024–2026');
    expect(yearRange(2026, new Date('2026-06-01'))).toBe('2026');
  });
});

describe('shortcuts', () => {
  it('stars and unstars a page, keeping the order of the rest', () => {
    expect(toggleShortcut(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleShortcut(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
