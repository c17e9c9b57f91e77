import { describe, expect, it } from 'vitest';
import { isCancellable, type RequestTexts, validateRequest } from './request-form';

const texts = (change: Partial<RequestTexts> = {}): RequestTexts => ({
  kind: 'DAY_OFF',
  type: 'HOLIDAY',
  part: 'FULL_DAY',
  startDate: '2026-11-25',
  endDate: '2026-11-26',
  startTime: '',
  endTime: '',
  note: '',
  day: '2026-11-25',
  wantedStart: '',
  wantedEnd: '',
  userTimeframeId: '',
  ...change,
});

describe('request form validation', () => {
  it('sends a day off with its type, part and days', () => {
    expect(validateRequest(texts({ part: 'AFTERNOON' }))).toEqual({
      errors: {},
      body: {
        kind: 'DAY_OFF',
        type: 'HOLIDAY',
        part: 'AFTERNOON',
        startDate: '2026-11-25',
        endDate: '2026-11-25',
        startTime: null,
        endTime: null,
        note: '',
      },
    });
    expect(validateRequest(texts({ endDate: '2026-11-20' })).errors).toEqual({ endDate: 'endBeforeStart' });
  });

  it('sends a shift change as the wanted wall-clock start and end, the end on the next day when it is not after the start', () => {
    expect(validateRequest(texts({ kind: 'SHIFT_CHANGE', wantedStart: '10:00', wantedEnd: '18:00', userTimeframeId: '42' })).body).toEqual({
      kind: 'SHIFT_CHANGE',
      wantedStart: '2026-11-25T10:00',
      wantedEnd: '2026-11-25T18:00',
      userTimeframeId: 42,
      note: '',
    });
    expect(validateRequest(texts({ kind: 'SHIFT_CHANGE', wantedStart: '22:00', wantedEnd: '04:00' })).body).toMatchObject({
      wantedStart: '2026-11-25T22:00',
      wantedEnd: '2026-11-26T04:00',
      userTimeframeId: null,
    });
  });

  it('names the wrong fields of a shift change', () => {
    expect(validateRequest(texts({ kind: 'SHIFT_CHANGE', day: '', wantedStart: 'x', wantedEnd: '' })).errors).toEqual({
      day: 'required',
      wantedStart: 'time',
      wantedEnd: 'required',
    });
    expect(validateRequest(texts({ kind: 'SHIFT_CHANGE', wantedStart: '10:00', wantedEnd: '10:00' })).errors).toEqual({
      wantedEnd: 'sameTime',
    });
    expect(validateRequest(texts({ kind: 'SHIFT_CHANGE', wantedStart: '05:00', wantedEnd: '22:00' })).errors).toEqual({
      wantedEnd: 'tooLong',
    });
  });
});

describe('isCancellable', () => {
  const holiday = { kind: 'DAY_OFF', status: 'APPROVED', startDate: '2026-06-05', endDate: '2026-06-09' };
  it('lets the person cancel an approved day off only before its first day', () => {
    expect(isCancellable(holiday, '2026-06-04', false)).toBe(true);
    expect(isCancellable(holiday, '2026-06-05', false)).toBe(false);
  });
  it('lets a manager cancel it until its last day', () => {
    expect(isCancellable(holiday, '2026-06-09', true)).toBe(true);
    expect(isCancellable(holiday, '2026-06-10', true)).toBe(false);
  });
  it('never offers it for a pending, rejected or cancelled request, a shift change, or before today is known', () => {
    for (const status of ['PENDING', 'REJECTED', 'CANCELLED'])
      expect(isCancellable({ ...holiday, status }, '2026-06-01', true)).toBe(false);
    expect(isCancellable({ ...holiday, kind: 'SHIFT_CHANGE' }, '2026-06-01', true)).toBe(false);
    expect(isCancellable(holiday, null, true)).toBe(false);
  });
});
