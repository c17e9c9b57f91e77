import { describe, expect, it } from 'vitest';
import { validateClosure, validatePatronDay } from './holiday-form';

describe('closure form', () => {
  it('takes one day or a range with a trimmed label, the last day defaulting to the first', () => {
    expect(validateClosure({ startDate: '2026-08-10', endDate: '', label: ' August closure ' }).input).toEqual({
      startDate: '2026-08-10',
      endDate: '2026-08-10',
      label: 'August closure',
    });
    expect(validateClosure({ startDate: '2026-08-10', endDate: '2026-08-21', label: 'x' }).input?.endDate).toBe('2026-08-21');
  });

  it('names each field at fault', () => {
    expect(validateClosure({ startDate: '', endDate: '', label: '' }).errors).toEqual({
      startDate: 'required',
      endDate: 'date',
      label: 'required',
    });
    expect(validateClosure({ startDate: '2026-08-10', endDate: '2026-08-09', label: 'x' }).errors).toEqual({ endDate: 'endBeforeStart' });
    // 1 Jan 2026 .. 1 Jan 2027 is 366 days (2026 has 365): allowed; one more day is not.
    expect(validateClosure({ startDate: '2026-01-01', endDate: '2027-01-01', label: 'x' }).errors).toEqual({});
    expect(validateClosure({ startDate: '2026-01-01', endDate: '2027-01-02', label: 'x' }).errors).toEqual({ endDate: 'tooLong' });
    expect(validateClosure({ startDate: '2026-01-01', endDate: '', label: 'x'.repeat(81) }).errors).toEqual({ label: 'labelTooLong' });
  });
});

describe('patron-saint day form', () => {
  it('takes a day every year has and refuses 29 February, 31 April and an empty saint', () => {
    expect(validatePatronDay({ month: '12', day: '7', label: 'Sant’Ambrogio' }).input).toEqual({
      month: 12,
      day: 7,
      label: 'Sant’Ambrogio',
    });
    expect(validatePatronDay({ month: '2', day: '29', label: 'x' }).errors).toEqual({ day: 'noSuchDay' });
    expect(validatePatronDay({ month: '4', day: '31', label: 'x' }).errors).toEqual({ day: 'noSuchDay' });
    expect(validatePatronDay({ month: '', day: '', label: ' ' }).errors).toEqual({ month: 'required', day: 'required', label: 'required' });
  });
});
