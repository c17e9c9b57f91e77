import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { type Clock, createClock, dateInZone, salonToday } from './today.js';

const at = (iso: string): Clock => ({ now: () => new Date(iso) });

describe('salonToday', () => {
  it("is already the next day in Rome when UTC is still on the day before (23:30 UTC = 00:30 in Rome's winter)", () => {
    expect(salonToday('Europe/Rome', at('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(salonToday('Europe/Rome', at('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
  });

  it("follows the salon's own zone, summer time included", () => {
    // 2026-07-01 23:30 UTC: 01:30 on 2 July in Rome (UTC+2), 19:30 on 1 July in New York (UTC-4), 11:30 on 2 July in Auckland (UTC+12).
    const clock = at('2026-07-01T23:30:00Z');
    expect(salonToday('Europe/Rome', clock)).toBe('2026-07-02');
    expect(salonToday('America/New_York', clock)).toBe('2026-07-01');
    expect(salonToday('Pacific/Auckland', clock)).toBe('2026-07-02');
    // 2026-11-22 05:00 UTC: still 21 November in Los Angeles (UTC-8).
    expect(salonToday('America/Los_Angeles', at('2026-11-22T05:00:00Z'))).toBe('2026-11-21');
  });

  it('is the pinned day (DEMO_TODAY) in every zone, whatever the instant', () => {
    const pinned: Clock = { now: () => new Date('2031-01-01T23:30:00Z'), pinnedToday: '2026-11-22' };
    expect(salonToday('Europe/Rome', pinned)).toBe('2026-11-22');
    expect(salonToday('America/New_York', pinned)).toBe('2026-11-22');
    expect(createClock('2026-11-22').pinnedToday).toBe('2026-11-22');
    expect(createClock().pinnedToday).toBeUndefined();
  });

  it('names a time zone it does not know', () => {
    expect(() => dateInZone(new Date(), 'Europe/Atlantis')).toThrow("'Europe/Atlantis' is not an IANA time zone");
  });
});

describe('DEMO_TODAY', () => {
  it('accepts a calendar date and leaves the clock real when unset or empty', () => {
    expect(loadConfig({ DEMO_TODAY: '2026-11-22' }).demoToday).toBe('2026-11-22');
    expect(loadConfig({}).demoToday).toBeUndefined();
    expect(loadConfig({ DEMO_TODAY: '' }).demoToday).toBeUndefined();
  });

  it('stops the start with one line naming the setting for anything else', () => {
    for (const raw of ['2026-02-30', '22/11/2026', '2026-11-22T10:00', 'today']) {
      const start = () => loadConfig({ DEMO_TODAY: raw });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(`DEMO_TODAY must be a calendar date YYYY-MM-DD, got "${raw}"`);
    }
  });
});
