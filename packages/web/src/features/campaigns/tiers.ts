/**
 * How a campaign's unit tiers pay, in the words of the contract (CampaignTier, TierMode): the
 * screens explain a scheme and show what is ahead ("2 more units to reach the next tier"). The
 * bonus a person has earned always comes from the API; these only project the next tier.
 */

export type TierMode = 'STRAIGHT' | 'SLIDING';

export interface Tier {
  /** STRAIGHT: the tier is reached at this many units. SLIDING: the units above this many earn the tier's rate. */
  fromUnits: number;
  /** Euros per unit at this tier. */
  perUnit: number;
}

/** The tiers by fromUnits ascending (the API keeps them so; a form may not). */
export function sortedTiers(tiers: readonly Tier[]): Tier[] {
  return [...tiers].sort((a, b) => a.fromUnits - b.fromUnits);
}

/** The tier whose rate applies to every unit of a STRAIGHT scheme at `units`: the highest one reached, or null. */
export function reachedTier(tiers: readonly Tier[], units: number): Tier | null {
  let reached: Tier | null = null;
  for (const tier of sortedTiers(tiers)) if (tier.fromUnits <= units) reached = tier;
  return reached;
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * The bonus `units` earn under the tiers, euros. STRAIGHT: every unit at the reached tier's rate.
 * SLIDING: each band at its own rate (the units above a tier's fromUnits, up to the next tier's).
 */
export function tierBonus(tiers: readonly Tier[], mode: TierMode, units: number): number {
  const sorted = sortedTiers(tiers);
  if (mode === 'STRAIGHT') {
    const tier = reachedTier(sorted, units);
    return tier ? (units * cents(tier.perUnit)) / 100 : 0;
  }
  let total = 0;
  sorted.forEach((tier, index) => {
    const end = sorted[index + 1]?.fromUnits ?? Number.POSITIVE_INFINITY;
    const inBand = Math.max(0, Math.min(units, end) - tier.fromUnits);
    total += inBand * cents(tier.perUnit);
  });
  return total / 100;
}

/** What is ahead of a person with `units` of an item: the next tier, how many more units reach it, and the bonus then. */
export interface NextTier {
  tier: Tier;
  /** The next tier is the lowest one: nothing is earned on the item yet. */
  isFirst: boolean;
  /** Units still to sell before the next tier's rate applies. */
  unitsMore: number;
  /** The units at which it applies. */
  atUnits: number;
  /** The item's bonus at `atUnits`, euros. */
  bonusThen: number;
  /** How much more that is than the bonus now, euros. */
  bonusMore: number;
}

/**
 * The next tier ahead of `units`, or null when the top tier is reached. STRAIGHT: the first tier
 * whose fromUnits is above `units` (reached at fromUnits). SLIDING: the first band not yet
 * entered (its rate starts with unit fromUnits + 1).
 */
export function nextTier(tiers: readonly Tier[], mode: TierMode, units: number): NextTier | null {
  const sorted = sortedTiers(tiers);
  const tier = mode === 'STRAIGHT' ? sorted.find((t) => t.fromUnits > units) : sorted.find((t) => t.fromUnits >= units);
  if (!tier) return null;
  const atUnits = mode === 'STRAIGHT' ? tier.fromUnits : tier.fromUnits + 1;
  const bonusThen = tierBonus(sorted, mode, atUnits);
  return {
    tier,
    isFirst: tier === sorted[0],
    unitsMore: atUnits - units,
    atUnits,
    bonusThen,
    bonusMore: (cents(bonusThen) - cents(tierBonus(sorted, mode, units))) / 100,
  };
}

/** One band of a scheme as the screens word it: the units it covers (`toUnits` null = no upper end) and its rate. */
export interface TierBand {
  /** STRAIGHT: the tier is reached at this many units. SLIDING: the first unit of the band (fromUnits + 1). */
  firstUnit: number;
  /** SLIDING: the last unit of the band (the next tier's fromUnits); null for the top band and for STRAIGHT tiers. */
  lastUnit: number | null;
  perUnit: number;
}

/** The bands of a scheme in the order they apply, for an explanation in words. */
export function tierBands(tiers: readonly Tier[], mode: TierMode): TierBand[] {
  const sorted = sortedTiers(tiers);
  return sorted.map((tier, index) => {
    if (mode === 'STRAIGHT') return { firstUnit: Math.max(tier.fromUnits, 1), lastUnit: null, perUnit: tier.perUnit };
    const next = sorted[index + 1];
    return { firstUnit: tier.fromUnits + 1, lastUnit: next ? next.fromUnits : null, perUnit: tier.perUnit };
  });
}

/** A few unit counts worth showing as worked examples of a scheme: just below, at and just above each tier's edge. */
export function exampleUnits(tiers: readonly Tier[], mode: TierMode): number[] {
  const sorted = sortedTiers(tiers);
  const top = sorted.at(-1);
  if (!top) return [];
  const edge = mode === 'STRAIGHT' ? top.fromUnits : top.fromUnits + 1;
  const below = sorted.length > 1 ? edge - 1 : Math.max(edge - 1, 1);
  return [...new Set([below, edge, edge + 5].filter((units) => units > 0))];
}
