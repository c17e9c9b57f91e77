import { describe, expect, it } from 'vitest';
import { monthRange, periodEndOf } from './growth-dates';

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
