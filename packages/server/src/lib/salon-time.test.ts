import { describe, expect, it } from 'vitest';
import { HttpError } from '../plugins/errors.js';
import { daysBetween, instantToLocal, isoWeekday, localToInstant, parseMoment } from './salon-time.js';

describe('salon wall-clock time', () => {
  it('turns a local time into the instant of that zone, summer and winter', () => {
    expect(localToInstant('2026-01-15', '09:00', 'Europe/Rome').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(localToInstant('2026-07-01', '09:00', 'Europe/Rome').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(localToInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(localToInstant('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
  });

  it('moves a time skipped by the spring change forward, and takes the later of a time that occurs twice', () => {
    // Rome, 29 March 2026: 02:00 -> 03:00. 02:30 does not exist: 03:30 CEST.
    expect(localToInstant('2026-03-29', '02:30', 'Europe/Rome').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Rome, 25 October 2026: 03:00 -> 02:00. 02:30 occurs twice: the second, in CET.
    expect(localToInstant('2026-10-25', '02:30', 'Europe/Rome').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(localToInstant('2026-03-29', '09:00', 'Europe/Rome').toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('reads an instant back as the local day and time', () => {
    expect(instantToLocal(new Date('2026-03-28T23:30:00Z'), 'Europe/Rome')).toEqual({ day: '2026-03-29', time: '00:30' });
    expect(instantToLocal(new Date('2026-03-29T01:30:00Z'), 'Europe/Rome')).toEqual({ day: '2026-03-29', time: '03:30' });
  });

  it('parses a moment with or without an offset, and refuses impossible ones naming the parameter', () => {
    expect(parseMoment('2026-03-02T09:00', 'Europe/Rome', 'dayStart').toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(parseMoment('2026-03-02T09:00:30', 'Europe/Rome', 'dayStart').toISOString()).toBe('2026-03-02T08:00:30.000Z');
    expect(parseMoment('2026-03-02T09:00:00Z', 'Europe/Rome', 'dayStart').toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(parseMoment('2026-03-02T09:00+02:00', 'Europe/Rome', 'dayStart').toISOString()).toBe('2026-03-02T07:00:00.000Z');
    for (const bad of ['2026-02-30T09:00', '2026-03-02T24:00', '2026-03-02T09:60', 'tomorrow']) {
      expect(() => parseMoment(bad, 'Europe/Rome', 'dayEnd')).toThrow(HttpError);
    }
  });

  it('counts days and weekdays', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(isoWeekday('2026-03-16')).toBe(1);
    expect(isoWeekday('2026-03-22')).toBe(7);
  });
});
