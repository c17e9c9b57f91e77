import { describe, expect, it } from 'vitest';
import { type ShiftFormTexts, seriesCount, seriesMoments, shiftMoments, validateShiftForm } from './shift-form';

const texts = (change: Partial<ShiftFormTexts> = {}): ShiftFormTexts => ({
  userId: '7',
  day: '16/11/2026',
  startTime: '9:00',
  endTime: '18:30',
  repeat: 'NONE',
  until: '',
  note: ' front desk ',
  ...change,
});

describe('shift form validation', () => {
  it('accepts a single shift and reads the typed day and times', () => {
    expect(validateShiftForm(texts())).toEqual({
      errors: {},
      input: {
        userId: 7,
        day: '2026-11-16',
        startTime: '09:00',
        endTime: '18:30',
        repeat: 'NONE',
        until: '2026-11-16',
        note: 'front desk',
      },
    });
  });

  it('names every wrong field', () => {
    expect(validateShiftForm(texts({ userId: '', day: '31/02/2026', startTime: '25:00', endTime: '' })).errors).toEqual({
      userId: 'required',
      day: 'date',
      startTime: 'time',
      endTime: 'required',
    });
    expect(validateShiftForm(texts({ startTime: '09:00', endTime: '9:00' })).errors).toEqual({ endTime: 'sameTime' });
    // 06:00 to 23:00 is 17 hours: longer than the 16 the API takes.
    expect(validateShiftForm(texts({ startTime: '06:00', endTime: '23:00' })).errors).toEqual({ endTime: 'tooLong' });
    expect(validateShiftForm(texts({ note: 'x'.repeat(501) })).errors).toEqual({ note: 'noteTooLong' });
  });

  it('wants a last day for a series, not before the first and at most a year after', () => {
    expect(validateShiftForm(texts({ repeat: 'WEEKLY' })).errors).toEqual({ until: 'required' });
    expect(validateShiftForm(texts({ repeat: 'WEEKLY', until: '15/11/2026' })).errors).toEqual({ until: 'untilBeforeDay' });
    expect(validateShiftForm(texts({ repeat: 'FORTNIGHTLY', until: '18/11/2027' })).errors).toEqual({ until: 'untilTooFar' });
    expect(validateShiftForm(texts({ repeat: 'FORTNIGHTLY', until: '14/12/2026' })).input?.until).toBe('2026-12-14');
  });

  it('lets a night shift cross midnight: its end is on the next day', () => {
    const { input } = validateShiftForm(texts({ startTime: '22:00', endTime: '06:00' }));
    expect(input).toBeDefined();
    expect(shiftMoments('2026-11-22', '22:00', '06:00')).toEqual({ dayStart: '2026-11-22T22:00', dayEnd: '2026-11-23T06:00' });
    expect(shiftMoments('2026-11-22', '09:00', '17:00')).toEqual({ dayStart: '2026-11-22T09:00', dayEnd: '2026-11-22T17:00' });
  });

  it('sends a series as its first start and its last day at the end time, and counts its shifts', () => {
    const { input } = validateShiftForm(texts({ repeat: 'FORTNIGHTLY', until: '14/12/2026' }));
    expect(input && seriesMoments(input)).toEqual({ dayStart: '2026-11-16T09:00', dayEnd: '2026-12-14T18:30' });
    // 16 Nov, 30 Nov, 14 Dec.
    expect(seriesCount('2026-11-16', '2026-12-14', 'FORTNIGHTLY')).toBe(3);
    // 16, 23, 30 Nov, 7, 14 Dec.
    expect(seriesCount('2026-11-16', '2026-12-14', 'WEEKLY')).toBe(5);
    expect(seriesCount('2026-11-16', '2026-11-16', 'NONE')).toBe(1);
  });
});
