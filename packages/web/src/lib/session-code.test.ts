import { describe, expect, it } from 'vitest';
import { isSessionCodeValid, sessionCodeExpiry } from './session-code';

const now = new Date('2026-01-01T00:00:00Z');
const at = (date: string) => `s1.randomid.${Math.floor(new Date(date).getTime() / 1000)}.sig`;

describe('session code validity', () => {
  it('reads the embedded expiry', () => {
    expect(sessionCodeExpiry(at('2026-01-02T00:00:00Z'))?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(sessionCodeExpiry('garbage')).toBeNull();
  });
  it('is invalid when missing, malformed or expired', () => {
    expect(isSessionCodeValid(null, now)).toBe(false);
    expect(isSessionCodeValid('', now)).toBe(false);
    expect(isSessionCodeValid('not-a-code', now)).toBe(false);
    expect(isSessionCodeValid(at('2025-12-31T23:59:59Z'), now)).toBe(false);
    expect(isSessionCodeValid(at('2026-01-01T00:00:01Z'), now)).toBe(true);
  });
});
