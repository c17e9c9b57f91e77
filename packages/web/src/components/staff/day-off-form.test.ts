import { describe, expect, it } from 'vitest';
import { type DayOffTexts, validateDayOff } from './day-off-form';

const texts = (change: Partial<DayOffTexts> = {}): DayOffTexts => ({
  type: 'HOLIDAY',
  part: 'FULL_DAY',
  startDate: '2026-11-23',
  endDate: '2026-11-25',
  startTime: '',
  endTime: '',
  note: '',
  ...change,
});

describe('day-off form validation', () => {
  it('takes whole days from the first to the last day', () => {
    expect(validateDayOff(texts({ note: ' family ' }))).toEqual({
      errors: {},
      input: {
        type: 'HOLIDAY',
        part: 'FULL_DAY',
        startDate: '2026-11-23',
        endDate: '2026-11-25',
        startTime: null,
        endTime: null,
        note: 'family',
      },
    });
  });

  it('refuses a last day before the first, a missing day, and more than a year', () => {
    expect(validateDayOff(texts({ endDate: '2026-11-22' })).errors).toEqual({ endDate: 'endBeforeStart' });
    expect(validateDayOff(texts({ startDate: '', endDate: '' })).errors).toEqual({ startDate: 'required', endDate: 'required' });
    // 23 Nov 2026 .. 23 Nov 2027 is 366 days: taken; one more is refused.
    expect(validateDayOff(texts({ endDate: '2027-11-23' })).errors).toEqual({});
    expect(validateDayOff(texts({ endDate: '2027-11-24' })).errors).toEqual({ endDate: 'tooLong' });
  });

  it('makes a half day one day, whatever the last day says', () => {
    expect(validateDayOff(texts({ part: 'MORNING', endDate: '2026-12-31' })).input).toMatchObject({
      part: 'MORNING',
      startDate: '2026-11-23',
      endDate: '2026-11-23',
    });
  });

  it('takes hours for a permit only, ending after they start', () => {
    expect(validateDayOff(texts({ type: 'PERMIT', part: 'HOURS', startTime: '10:00', endTime: '12:30' })).input).toMatchObject({
      part: 'HOURS',
      endDate: '2026-11-23',
      startTime: '10:00',
      endTime: '12:30',
    });
    expect(validateDayOff(texts({ type: 'HOLIDAY', part: 'HOURS', startTime: '10:00', endTime: '12:00' })).errors).toEqual({
      part: 'hoursOnlyPermit',
    });
    expect(validateDayOff(texts({ type: 'PERMIT', part: 'HOURS', startTime: '12:00', endTime: '10:00' })).errors).toEqual({
      endTime: 'endTimeBeforeStart',
    });
    expect(validateDayOff(texts({ type: 'PERMIT', part: 'HOURS', startTime: '', endTime: '26:00' })).errors).toEqual({
      startTime: 'required',
      endTime: 'time',
    });
  });
});
