import { describe, expect, it } from 'vitest';
import { formatHours } from './hours';

describe('formatHours (h:mm)', () => {
  it('writes decimal hours as hours and minutes', () => {
    expect(formatHours(9.52, 'en')).toBe('9:31'); // 9.52 h = 571.2 min
    expect(formatHours(7.5, 'it')).toBe('7:30');
    expect(formatHours(150.63, 'en')).toBe('150:38'); // 9,037.8 min
    expect(formatHours(0.25, 'en')).toBe('0:15');
    expect(formatHours(0, 'en')).toBe('0:00');
    expect(formatHours(8, 'en')).toBe('8:00');
    // 59.999 min rounds to the next hour, never to 0:60.
    expect(formatHours(0.99999, 'en')).toBe('1:00');
  });

  it('groups long hour counts as the language does', () => {
    expect(formatHours(1204.5, 'en')).toBe('1,204:30');
    expect(formatHours(1204.5, 'it')).toBe('1.204:30');
  });

  it('signs differences when asked, and always marks a negative', () => {
    expect(formatHours(0.75, 'en', { signed: true })).toBe('+0:45');
    expect(formatHours(-1.25, 'it', { signed: true })).toBe('−1:15');
    expect(formatHours(-1.25, 'en')).toBe('−1:15');
    expect(formatHours(0, 'en', { signed: true })).toBe('0:00');
    expect(formatHours(-0.001, 'en', { signed: true })).toBe('0:00');
  });
});
