import { addDays, daysBetween, isIsoDate, monthEndOf, monthOf, yearOf } from '../../components/format/dates';
import type { TierMode } from './tiers';

/*
 * The new-campaign form as the user types it (texts), its checks and the body it sends
 * (POST /api/Campaign/{SESSIONCODE}, CampaignCreateBody). Nothing is sent while a check fails;
 * the limits are the contract's.
 */

export type BonusKind = 'PER_UNIT' | 'PERCENT' | 'TIERS';
export type ItemKind = 'SERVICE' | 'PRODUCT';
export type PeriodKind = 'MONTH' | 'RANGE';

export interface TierDraft {
  fromUnits: string;
  perUnit: string;
}

export interface ItemDraft {
  kind: ItemKind;
  itemId: number;
  name: string;
  bonusKind: BonusKind;
  perUnit: string;
  percent: string;
  tiers: TierDraft[];
}

export interface StaffDraft {
  userId: number;
  name: string;
  /** Taking part in the campaign. */
  isIn: boolean;
  target: string;
  feedback: string;
}

export interface LeaderDraft {
  /** 0 while no one is chosen. */
  userId: number;
  bonusPercent: string;
}

export interface SalonDraft {
  salonId: number;
  name: string;
  target: string;
  staff: StaffDraft[];
  leaders: LeaderDraft[];
  items: ItemDraft[];
}

export interface CampaignDraft {
  name: string;
  description: string;
  periodKind: PeriodKind;
  month: number;
  year: number;
  fromDate: string;
  toDate: string;
  tierMode: TierMode;
  salons: SalonDraft[];
}

/** What a field got wrong; the screen words it (incentives:errors.<code>). */
export type FieldError =
  | 'required'
  | 'tooLong'
  | 'amount'
  | 'tooLarge'
  | 'percent'
  | 'positive'
  | 'units'
  | 'sameUnits'
  | 'tiersRequired'
  | 'tooManyTiers'
  | 'rangeOrder'
  | 'rangeTooLong'
  | 'noSalon'
  | 'leaderTwice';

/** Errors by field path: `name`, `fromDate`, `salons.0.target`, `salons.0.staff.<userId>.target`, `salons.0.items.2.tiers.1.perUnit`... */
export type FormErrors = Record<string, FieldError>;

/** The limits of the contract (CampaignCreateBody). */
export const LIMITS = {
  name: 120,
  description: 2000,
  feedback: 2000,
  target: 100_000_000,
  perUnit: 100_000,
  tiers: 20,
  units: 1_000_000,
  rangeDays: 366,
} as const;

/**
 * An amount in euros as typed: digits with an optional decimal point or comma and at most two
 * decimals ('12', '12.5', '12,50'); null for anything else (grouping, signs, letters).
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** A whole number of units as typed, or null. */
export function parseUnits(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The first and last day of the draft's period, or null while it is not a valid one. */
export function periodOf(
  draft: Pick<CampaignDraft, 'periodKind' | 'month' | 'year' | 'fromDate' | 'toDate'>,
): { from: string; to: string } | null {
  if (draft.periodKind === 'MONTH') {
    if (!(draft.month >= 1 && draft.month <= 12 && draft.year >= 2000 && draft.year <= 2100)) return null;
    return { from: `${draft.year}-${String(draft.month).padStart(2, '0')}-01`, to: monthEndOf(draft.year, draft.month) };
  }
  if (!isIsoDate(draft.fromDate) || !isIsoDate(draft.toDate) || draft.fromDate > draft.toDate) return null;
  return { from: draft.fromDate, to: draft.toDate };
}

/** The month after a campaign's (the default period of its duplicate): the next calendar month of its first day. */
export function nextMonthOf(fromDate: string): { month: number; year: number } {
  const month = monthOf(fromDate);
  const year = yearOf(fromDate);
  return month === 12 ? { month: 1, year: year + 1 } : { month: month + 1, year };
}

/** The same span shifted to start the day after a range ends (the default range of a date-range campaign's duplicate). */
export function followingRangeOf(fromDate: string, toDate: string): { fromDate: string; toDate: string } {
  const start = addDays(toDate, 1);
  return { fromDate: start, toDate: addDays(start, daysBetween(fromDate, toDate)) };
}

/** An amount check: required, a valid amount, not above `max`; `isPositive` refuses 0. */
function checkAmount(text: string, max: number, isPositive = false): FieldError | null {
  if (!text.trim()) return 'required';
  const value = parseAmount(text);
  if (value === null) return 'amount';
  if (value > max) return 'tooLarge';
  if (isPositive && value <= 0) return 'positive';
  return null;
}

function checkPercent(text: string): FieldError | null {
  if (!text.trim()) return 'required';
  const value = parseAmount(text);
  if (value === null) return 'amount';
  return value > 0 && value <= 100 ? null : 'percent';
}

function checkPeriod(draft: CampaignDraft, errors: FormErrors): void {
  if (draft.periodKind === 'MONTH') {
    if (!periodOf(draft)) errors.month = 'required';
    return;
  }
  if (!isIsoDate(draft.fromDate)) errors.fromDate = 'required';
  if (!isIsoDate(draft.toDate)) errors.toDate = 'required';
  if (isIsoDate(draft.fromDate) && isIsoDate(draft.toDate)) {
    if (draft.fromDate > draft.toDate) errors.toDate = 'rangeOrder';
    else if (daysBetween(draft.fromDate, draft.toDate) > LIMITS.rangeDays) errors.toDate = 'rangeTooLong';
  }
}

function checkItem(item: ItemDraft, path: string, errors: FormErrors): void {
  const set = (field: string, error: FieldError | null) => {
    if (error) errors[`${path}.${field}`] = error;
  };
  if (item.bonusKind === 'PER_UNIT') set('perUnit', checkAmount(item.perUnit, LIMITS.perUnit, true));
  else if (item.bonusKind === 'PERCENT') set('percent', checkPercent(item.percent));
  else {
    if (item.tiers.length === 0) set('tiers', 'tiersRequired');
    if (item.tiers.length > LIMITS.tiers) set('tiers', 'tooManyTiers');
    const seen = new Set<number>();
    item.tiers.forEach((tier, index) => {
      const units = parseUnits(tier.fromUnits);
      if (!tier.fromUnits.trim()) set(`tiers.${index}.fromUnits`, 'required');
      else if (units === null || units > LIMITS.units) set(`tiers.${index}.fromUnits`, 'units');
      else if (seen.has(units)) set(`tiers.${index}.fromUnits`, 'sameUnits');
      if (units !== null) seen.add(units);
      set(`tiers.${index}.perUnit`, checkAmount(tier.perUnit, LIMITS.perUnit));
    });
  }
}

function checkSalon(salon: SalonDraft, index: number, errors: FormErrors): void {
  const path = `salons.${index}`;
  const targetError = checkAmount(salon.target, LIMITS.target);
  if (targetError) errors[`${path}.target`] = targetError;
  for (const person of salon.staff) {
    if (!person.isIn) continue;
    const error = checkAmount(person.target, LIMITS.target);
    if (error) errors[`${path}.staff.${person.userId}.target`] = error;
    if (person.feedback.length > LIMITS.feedback) errors[`${path}.staff.${person.userId}.feedback`] = 'tooLong';
  }
  const leaders = new Set<number>();
  salon.leaders.forEach((leader, leaderIndex) => {
    const leaderPath = `${path}.leaders.${leaderIndex}`;
    if (leader.userId === 0) errors[`${leaderPath}.userId`] = 'required';
    else if (leaders.has(leader.userId)) errors[`${leaderPath}.userId`] = 'leaderTwice';
    leaders.add(leader.userId);
    const error = checkPercent(leader.bonusPercent);
    if (error) errors[`${leaderPath}.bonusPercent`] = error;
  });
  salon.items.forEach((item, itemIndex) => {
    checkItem(item, `${path}.items.${itemIndex}`, errors);
  });
}

/** A new campaign's body (CampaignCreateBody without duplicateOf). */
export interface CreateBody {
  name: string;
  description: string;
  month?: number;
  year?: number;
  fromDate?: string;
  toDate?: string;
  tierMode: TierMode;
  salons: {
    salonId: number;
    target: number;
    staff: { userId: number; target: number; feedback: string }[];
    teamLeaders: { userId: number; bonusPercent: number }[];
    items: {
      kind: ItemKind;
      itemId: number;
      bonusKind: BonusKind;
      bonusPerUnit?: number;
      bonusPercent?: number;
      tiers?: { fromUnits: number; perUnit: number }[];
    }[];
  }[];
}

/** The period fields of a body: month and year, or the date range. */
function periodBody(draft: CampaignDraft): Pick<CreateBody, 'month' | 'year' | 'fromDate' | 'toDate'> {
  return draft.periodKind === 'MONTH' ? { month: draft.month, year: draft.year } : { fromDate: draft.fromDate, toDate: draft.toDate };
}

const amount = (text: string) => parseAmount(text) ?? 0;

/** Checks a new campaign; the body to send when nothing is wrong. */
export function validateCampaign(draft: CampaignDraft): { body?: CreateBody; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!draft.name.trim()) errors.name = 'required';
  else if (draft.name.trim().length > LIMITS.name) errors.name = 'tooLong';
  if (draft.description.length > LIMITS.description) errors.description = 'tooLong';
  checkPeriod(draft, errors);
  if (draft.salons.length === 0) errors.salons = 'noSalon';
  draft.salons.forEach((salon, index) => {
    checkSalon(salon, index, errors);
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      ...periodBody(draft),
      tierMode: draft.tierMode,
      salons: draft.salons.map((salon) => ({
        salonId: salon.salonId,
        target: amount(salon.target),
        staff: salon.staff
          .filter((person) => person.isIn)
          .map((person) => ({ userId: person.userId, target: amount(person.target), feedback: person.feedback.trim() })),
        teamLeaders: salon.leaders.map((leader) => ({ userId: leader.userId, bonusPercent: amount(leader.bonusPercent) })),
        items: salon.items.map((item) => ({
          kind: item.kind,
          itemId: item.itemId,
          bonusKind: item.bonusKind,
          ...(item.bonusKind === 'PER_UNIT' ? { bonusPerUnit: amount(item.perUnit) } : {}),
          ...(item.bonusKind === 'PERCENT' ? { bonusPercent: amount(item.percent) } : {}),
          ...(item.bonusKind === 'TIERS'
            ? { tiers: item.tiers.map((tier) => ({ fromUnits: parseUnits(tier.fromUnits) ?? 0, perUnit: amount(tier.perUnit) })) }
            : {}),
        })),
      })),
    },
  };
}

/** What a duplicate's form holds: the new period, and optionally a new name and tier mode. */
export type DuplicateDraft = Pick<CampaignDraft, 'name' | 'periodKind' | 'month' | 'year' | 'fromDate' | 'toDate' | 'tierMode'>;

export interface DuplicateBody {
  duplicateOf: number;
  name?: string;
  month?: number;
  year?: number;
  fromDate?: string;
  toDate?: string;
  tierMode: TierMode;
}

/** Checks a duplicate: a valid period and a name within the limit (empty = the API names it after the new period). */
export function validateDuplicate(sourceId: number, draft: DuplicateDraft): { body?: DuplicateBody; errors: FormErrors } {
  const errors: FormErrors = {};
  if (draft.name.trim().length > LIMITS.name) errors.name = 'tooLong';
  checkPeriod({ ...draft, description: '', salons: [] }, errors);
  if (Object.keys(errors).length > 0) return { errors };
  const name = draft.name.trim();
  return {
    errors,
    body: {
      duplicateOf: sourceId,
      ...(name ? { name } : {}),
      ...periodBody({ ...draft, description: '', salons: [] }),
      tierMode: draft.tierMode,
    },
  };
}

/** An empty tier row, and the two rows a new TIERS item starts with. */
export const emptyTier = (): TierDraft => ({ fromUnits: '', perUnit: '' });
