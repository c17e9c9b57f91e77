import { describe, expect, it } from 'vitest';
import {
  type CampaignDraft,
  followingRangeOf,
  nextMonthOf,
  parseAmount,
  periodOf,
  type SalonDraft,
  validateCampaign,
  validateDuplicate,
} from './campaign-form';

const salon = (change: Partial<SalonDraft> = {}): SalonDraft => ({
  salonId: 1,
  name: 'Salone Uno',
  target: '12000',
  staff: [
    { userId: 7, name: 'Giulia Rossi', isIn: true, target: '3000,50', feedback: ' Brava ' },
    { userId: 8, name: 'Marco Bianchi', isIn: false, target: '', feedback: '' },
  ],
  leaders: [{ userId: 7, bonusPercent: '5' }],
  items: [
    { kind: 'SERVICE', itemId: 3, name: 'Piega', bonusKind: 'PER_UNIT', perUnit: '2.5', percent: '', tiers: [] },
    { kind: 'PRODUCT', itemId: 9, name: 'Shampoo', bonusKind: 'PERCENT', perUnit: '', percent: '10', tiers: [] },
    {
      kind: 'SERVICE',
      itemId: 4,
      name: 'Colore',
      bonusKind: 'TIERS',
      perUnit: '',
      percent: '',
      tiers: [
        { fromUnits: '0', perUnit: '1' },
        { fromUnits: '10', perUnit: '2,5' },
      ],
    },
  ],
  ...change,
});

const draft = (change: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: ' Colour month ',
  description: '',
  periodKind: 'MONTH',
  month: 12,
  year: 2026,
  fromDate: '',
  toDate: '',
  tierMode: 'SLIDING',
  salons: [salon()],
  ...change,
});

describe('amounts as typed', () => {
  it('takes a point or a comma and at most two decimals', () => {
    expect(parseAmount('12')).toBe(12);
    expect(parseAmount(' 12,5 ')).toBe(12.5);
    expect(parseAmount('0.05')).toBe(0.05);
    expect(parseAmount('1.234,50')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('new campaign validation', () => {
  it('sends the campaign with the staff taking part, the leaders and how each item pays', () => {
    const { body, errors } = validateCampaign(draft());
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'Colour month',
      description: '',
      month: 12,
      year: 2026,
      tierMode: 'SLIDING',
      salons: [
        {
          salonId: 1,
          target: 12000,
          staff: [{ userId: 7, target: 3000.5, feedback: 'Brava' }],
          teamLeaders: [{ userId: 7, bonusPercent: 5 }],
          items: [
            { kind: 'SERVICE', itemId: 3, bonusKind: 'PER_UNIT', bonusPerUnit: 2.5 },
            { kind: 'PRODUCT', itemId: 9, bonusKind: 'PERCENT', bonusPercent: 10 },
            {
              kind: 'SERVICE',
              itemId: 4,
              bonusKind: 'TIERS',
              tiers: [
                { fromUnits: 0, perUnit: 1 },
                { fromUnits: 10, perUnit: 2.5 },
              ],
            },
          ],
        },
      ],
    });
  });

  it('sends a date range instead of a month', () => {
    const { body } = validateCampaign(draft({ periodKind: 'RANGE', fromDate: '2026-12-01', toDate: '2026-12-15' }));
    expect(body).toMatchObject({ fromDate: '2026-12-01', toDate: '2026-12-15' });
    expect(body).not.toHaveProperty('month');
  });

  it('names every wrong field and sends nothing', () => {
    const wrong = salon({
      target: '',
      staff: [{ userId: 7, name: 'Giulia Rossi', isIn: true, target: '1.000,00', feedback: '' }],
      leaders: [
        { userId: 0, bonusPercent: '5' },
        { userId: 7, bonusPercent: '120' },
        { userId: 7, bonusPercent: '3' },
      ],
      items: [
        { kind: 'SERVICE', itemId: 3, name: 'Piega', bonusKind: 'PER_UNIT', perUnit: '0', percent: '', tiers: [] },
        { kind: 'PRODUCT', itemId: 9, name: 'Shampoo', bonusKind: 'PERCENT', perUnit: '', percent: '', tiers: [] },
        {
          kind: 'SERVICE',
          itemId: 4,
          name: 'Colore',
          bonusKind: 'TIERS',
          perUnit: '',
          percent: '',
          tiers: [
            { fromUnits: '5', perUnit: '1' },
            { fromUnits: '5', perUnit: 'x' },
            { fromUnits: '2.5', perUnit: '1' },
          ],
        },
        { kind: 'SERVICE', itemId: 5, name: 'Taglio', bonusKind: 'TIERS', perUnit: '', percent: '', tiers: [] },
      ],
    });
    const result = validateCampaign(
      draft({ name: '  ', periodKind: 'RANGE', fromDate: '2026-12-10', toDate: '2026-12-01', salons: [wrong] }),
    );
    expect(result.body).toBeUndefined();
    expect(result.errors).toEqual({
      name: 'required',
      toDate: 'rangeOrder',
      'salons.0.target': 'required',
      'salons.0.staff.7.target': 'amount',
      'salons.0.leaders.0.userId': 'required',
      'salons.0.leaders.1.bonusPercent': 'percent',
      'salons.0.leaders.2.userId': 'leaderTwice',
      'salons.0.items.0.perUnit': 'positive',
      'salons.0.items.1.percent': 'required',
      'salons.0.items.2.tiers.1.fromUnits': 'sameUnits',
      'salons.0.items.2.tiers.1.perUnit': 'amount',
      'salons.0.items.2.tiers.2.fromUnits': 'units',
      'salons.0.items.3.tiers': 'tiersRequired',
    });
  });

  it('refuses no salon, a range over 366 days and a name over 120 characters', () => {
    expect(validateCampaign(draft({ salons: [] })).errors).toEqual({ salons: 'noSalon' });
    // 2026-01-01 .. 2027-01-03 is 367 days after the first day.
    expect(validateCampaign(draft({ periodKind: 'RANGE', fromDate: '2026-01-01', toDate: '2027-01-03' })).errors).toEqual({
      toDate: 'rangeTooLong',
    });
    expect(validateCampaign(draft({ periodKind: 'RANGE', fromDate: '2026-01-01', toDate: '2027-01-02' })).errors).toEqual({});
    expect(validateCampaign(draft({ name: 'x'.repeat(121) })).errors).toEqual({ name: 'tooLong' });
  });
});

describe('duplicates', () => {
  it('sends the source, the new period and a name only when one is typed', () => {
    const period = { periodKind: 'MONTH' as const, month: 1, year: 2027, fromDate: '', toDate: '', tierMode: 'STRAIGHT' as const };
    expect(validateDuplicate(12, { ...period, name: '' })).toEqual({
      errors: {},
      body: { duplicateOf: 12, month: 1, year: 2027, tierMode: 'STRAIGHT' },
    });
    expect(validateDuplicate(12, { ...period, name: ' January ' }).body).toMatchObject({ name: 'January' });
    expect(validateDuplicate(12, { ...period, periodKind: 'RANGE', name: '' }).errors).toEqual({
      fromDate: 'required',
      toDate: 'required',
    });
  });

  it('proposes the following month, or the same span after a range', () => {
    expect(nextMonthOf('2026-11-01')).toEqual({ month: 12, year: 2026 });
    expect(nextMonthOf('2026-12-01')).toEqual({ month: 1, year: 2027 });
    // 1..10 December is 10 days: 11..20 December.
    expect(followingRangeOf('2026-12-01', '2026-12-10')).toEqual({ fromDate: '2026-12-11', toDate: '2026-12-20' });
    expect(periodOf({ periodKind: 'MONTH', month: 2, year: 2028, fromDate: '', toDate: '' })).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});
