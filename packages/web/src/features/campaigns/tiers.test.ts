import { describe, expect, it } from 'vitest';
import { exampleUnits, nextTier, reachedTier, type Tier, tierBands, tierBonus } from './tiers';

// €1.00 a unit from the first unit, €2.00 from 10 units, €3.50 from 20 units (given out of order on purpose).
const TIERS: Tier[] = [
  { fromUnits: 10, perUnit: 2 },
  { fromUnits: 0, perUnit: 1 },
  { fromUnits: 20, perUnit: 3.5 },
];

describe('STRAIGHT tiers: every unit at the reached tier rate', () => {
  it('pays the highest tier reached on every unit, at, below and above the edges', () => {
    expect(tierBonus(TIERS, 'STRAIGHT', 9)).toBe(9); // 9 x 1.00
    expect(tierBonus(TIERS, 'STRAIGHT', 10)).toBe(20); // 10 x 2.00: reached at fromUnits
    expect(tierBonus(TIERS, 'STRAIGHT', 15)).toBe(30); // 15 x 2.00
    expect(tierBonus(TIERS, 'STRAIGHT', 20)).toBe(70); // 20 x 3.50
    expect(tierBonus(TIERS, 'STRAIGHT', 25)).toBe(87.5); // 25 x 3.50
    expect(reachedTier(TIERS, 19)).toEqual({ fromUnits: 10, perUnit: 2 });
  });

  it('pays nothing below the lowest tier', () => {
    expect(tierBonus([{ fromUnits: 5, perUnit: 2 }], 'STRAIGHT', 4)).toBe(0);
    expect(tierBonus([{ fromUnits: 5, perUnit: 2 }], 'STRAIGHT', 5)).toBe(10); // 5 x 2.00
  });

  it('says how many units and how much more the next tier is worth', () => {
    // At 15 units: the €3.50 tier at 20, 5 more units; then 20 x 3.50 = 70, 40 more than 15 x 2.00 = 30.
    expect(nextTier(TIERS, 'STRAIGHT', 15)).toEqual({
      tier: { fromUnits: 20, perUnit: 3.5 },
      isFirst: false,
      unitsMore: 5,
      atUnits: 20,
      bonusThen: 70,
      bonusMore: 40,
    });
    expect(nextTier([{ fromUnits: 5, perUnit: 2 }], 'STRAIGHT', 4)).toMatchObject({
      unitsMore: 1,
      atUnits: 5,
      bonusThen: 10,
      bonusMore: 10,
    });
    expect(nextTier(TIERS, 'STRAIGHT', 20)).toBeNull();
    expect(nextTier(TIERS, 'STRAIGHT', 25)).toBeNull();
  });
});

describe('SLIDING tiers: each band at its own rate', () => {
  it('pays each band its rate', () => {
    expect(tierBonus(TIERS, 'SLIDING', 10)).toBe(10); // units 1-10 x 1.00
    expect(tierBonus(TIERS, 'SLIDING', 15)).toBe(20); // 10 x 1.00 + 5 x 2.00
    expect(tierBonus(TIERS, 'SLIDING', 20)).toBe(30); // 10 x 1.00 + 10 x 2.00
    expect(tierBonus(TIERS, 'SLIDING', 25)).toBe(47.5); // 10 + 20 + 5 x 3.50
    expect(tierBonus([{ fromUnits: 5, perUnit: 2 }], 'SLIDING', 5)).toBe(0); // units at or below fromUnits earn nothing
  });

  it('counts the next band from the unit after its start', () => {
    // At 15 units: the band above 20 starts with unit 21, 6 more; then 10 + 20 + 3.50 = 33.50, 13.50 more than 20.
    expect(nextTier(TIERS, 'SLIDING', 15)).toEqual({
      tier: { fromUnits: 20, perUnit: 3.5 },
      isFirst: false,
      unitsMore: 6,
      atUnits: 21,
      bonusThen: 33.5,
      bonusMore: 13.5,
    });
    // At 10 units the €2.00 band starts with the next unit: 10 + 2 = 12, 2 more.
    expect(nextTier(TIERS, 'SLIDING', 10)).toMatchObject({ unitsMore: 1, atUnits: 11, bonusThen: 12, bonusMore: 2 });
    expect(nextTier(TIERS, 'SLIDING', 21)).toBeNull();
  });
});

describe('wording helpers', () => {
  it('lists the bands in the order they apply', () => {
    expect(tierBands(TIERS, 'SLIDING')).toEqual([
      { firstUnit: 1, lastUnit: 10, perUnit: 1 },
      { firstUnit: 11, lastUnit: 20, perUnit: 2 },
      { firstUnit: 21, lastUnit: null, perUnit: 3.5 },
    ]);
    expect(tierBands(TIERS, 'STRAIGHT')).toEqual([
      { firstUnit: 1, lastUnit: null, perUnit: 1 },
      { firstUnit: 10, lastUnit: null, perUnit: 2 },
      { firstUnit: 20, lastUnit: null, perUnit: 3.5 },
    ]);
  });

  it('offers worked examples around the top edge', () => {
    expect(exampleUnits(TIERS, 'STRAIGHT')).toEqual([19, 20, 25]);
    expect(exampleUnits(TIERS, 'SLIDING')).toEqual([20, 21, 26]);
    expect(exampleUnits([], 'SLIDING')).toEqual([]);
  });
});
