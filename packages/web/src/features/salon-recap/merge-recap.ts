import type { getSalonRecap, ResponseOf } from '@salon/contracts';
import { addDays, type DateRange, daysBetween, yearEarlier } from '../../components/format/dates';

/*
 * The salon recap store: successive GetSalonRecap responses (a long range is asked
 * for month by month) are merged by day, numeric values added (a non-number counts as 0), new days
 * appended. Three sets are kept: the primary range, a second period to compare with, and a gender
 * set; a reset clears results and counters. Pure functions: the hook folds responses through
 * recapReducer in the order they arrive.
 */

export type SalonRecapResponse = ResponseOf<typeof getSalonRecap>;
export type RecapDay = SalonRecapResponse['reportDashboardDataDiscounts'][number]['dayFrom'][number];
export type RecapTotals = SalonRecapResponse['recapData'];

const RECAP_SETS = ['primary', 'second', 'gender'] as const;
export type RecapSetName = (typeof RECAP_SETS)[number];

export interface RecapSet {
  /** Merged days, in the order they were first seen. */
  days: RecapDay[];
  /** Merged totals of the range; null before the first response. */
  totals: RecapTotals | null;
  /** The loader counter: responses merged so far. */
  loaded: number;
}

type RecapState = Record<RecapSetName, RecapSet>;

type RecapAction =
  | { type: 'merge'; set: RecapSetName; response: SalonRecapResponse }
  /** Clears one set, or every set when `set` is left out. */
  | { type: 'reset'; set?: RecapSetName };

export function emptyRecapSet(): RecapSet {
  return { days: [], totals: null, loaded: 0 };
}

export function initialRecapState(): RecapState {
  return { primary: emptyRecapSet(), second: emptyRecapSet(), gender: emptyRecapSet() };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** a + b where anything that is not a finite number counts as 0; rounded to cents so repeated sums do not drift. */
export function addNumbers(a: unknown, b: unknown): number {
  return round2(numberOr0(a) + numberOr0(b));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Merges two values of the same shape: nested objects key by key, numbers added (a non-number on
 * one side counts as 0), anything else (the day key, dates) kept from `existing` unless it is missing.
 */
export function mergeNumeric<T>(existing: T, incoming: T): T {
  if (isRecord(existing) && isRecord(incoming)) {
    const merged: Record<string, unknown> = { ...existing };
    for (const key of new Set([...Object.keys(existing), ...Object.keys(incoming)])) {
      merged[key] = mergeNumeric(existing[key], incoming[key]);
    }
    return merged as T;
  }
  if (typeof existing === 'number' || typeof incoming === 'number') return addNumbers(existing, incoming) as T;
  return (existing ?? incoming) as T;
}

/** Days merged by their `day` key: a day already present gets the incoming numbers added, a new day is appended. */
export function mergeDays(days: readonly RecapDay[], incoming: readonly RecapDay[]): RecapDay[] {
  const merged = [...days];
  const indexByDay = new Map(merged.map((day, index) => [day.day, index]));
  for (const day of incoming) {
    const index = indexByDay.get(day.day);
    if (index === undefined) {
      indexByDay.set(day.day, merged.length);
      merged.push(day);
    } else {
      merged[index] = mergeNumeric(merged[index] as RecapDay, day);
    }
  }
  return merged;
}

/**
 * Totals of two ranges: amounts and counts added; the range widened; the salon, gender and lost
 * threshold kept; the recommended share recomputed from the summed amounts (a share does not add).
 */
export function mergeTotals(existing: RecapTotals | null, incoming: RecapTotals): RecapTotals {
  if (!existing) return incoming;
  const summed = mergeNumeric(existing, incoming);
  const recommended = summed.servicesAmountRecommended + summed.productsAmountRecommended;
  return {
    ...summed,
    salonId: existing.salonId,
    gender: existing.gender,
    lostClientDays: existing.lostClientDays,
    fromDate: existing.fromDate < incoming.fromDate ? existing.fromDate : incoming.fromDate,
    toDate: existing.toDate > incoming.toDate ? existing.toDate : incoming.toDate,
    recommendedSharePercent: summed.totalAmount > 0 ? round2((recommended / summed.totalAmount) * 100) : null,
  };
}

/** One response merged into a set; the loader counter rises by one. */
export function mergeRecapResponse(set: RecapSet, response: SalonRecapResponse): RecapSet {
  const incomingDays = response.reportDashboardDataDiscounts.flatMap((entry) => entry.dayFrom);
  return {
    days: mergeDays(set.days, incomingDays),
    totals: mergeTotals(set.totals, response.recapData),
    loaded: set.loaded + 1,
  };
}

export function recapReducer(state: RecapState, action: RecapAction): RecapState {
  if (action.type === 'reset') {
    return action.set ? { ...state, [action.set]: emptyRecapSet() } : initialRecapState();
  }
  return { ...state, [action.set]: mergeRecapResponse(state[action.set], action.response) };
}

export const COMPARISONS = ['none', 'previous', 'lastYear'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The second period: the same number of days just before the range, or the same dates a year earlier. */
export function comparisonRange(range: DateRange, comparison: Comparison): DateRange | null {
  if (comparison === 'none') return null;
  if (comparison === 'previous') {
    const length = daysBetween(range.fromDate, range.toDate) + 1;
    return { fromDate: addDays(range.fromDate, -length), toDate: addDays(range.fromDate, -1) };
  }
  return { fromDate: yearEarlier(range.fromDate), toDate: yearEarlier(range.toDate) };
}

/** Revenue of a day: services + products checked out. */
export function dayRevenue(day: RecapDay): number {
  return addNumbers(
    day.serviceDataRecommendedCheckoutCassaNova.amountCassaNova,
    day.productDataRecommendedCheckoutCassaNova.amountCassaNova,
  );
}

/** Relative change in per cent (2 decimals); null when the base is 0. */
export function changePercent(current: number, base: number): number | null {
  return base === 0 ? null : round2(((current - base) / Math.abs(base)) * 100);
}

/** One table row: a day of the primary range, flattened. */
export interface RecapRow {
  day: string;
  revenue: number;
  services: number;
  servicesRecommended: number;
  products: number;
  productsRecommended: number;
  serviceAppointments: number;
  productQuantity: number;
  newClients: number;
  balanceClients: number;
  lostClients: number;
  discount: number;
}

export function rowOf(day: RecapDay): RecapRow {
  const services = day.serviceDataRecommendedCheckoutCassaNova;
  const products = day.productDataRecommendedCheckoutCassaNova;
  return {
    day: day.day,
    revenue: dayRevenue(day),
    services: services.amountCassaNova,
    servicesRecommended: services.amountRecommended,
    products: products.amountCassaNova,
    productsRecommended: products.amountRecommended,
    serviceAppointments: services.appointmentCount,
    productQuantity: products.quantityCassaNova,
    newClients: services.newClientCount,
    balanceClients: services.balanceClientCount,
    lostClients: services.lostClientCount,
    discount: day.appointmentsDiscount,
  };
}

/**
 * The recap table's totals row over the days shown: every column is a sum of the day's own figures
 * (clients are counted once per day they came, as the recap's totals count them), so the days add up.
 */
export function recapTotalsOf(rows: readonly RecapRow[]): RecapRow {
  const sum = (pick: (row: RecapRow) => number) => Math.round(rows.reduce((total, row) => total + pick(row), 0) * 100) / 100;
  return {
    day: '',
    revenue: sum((row) => row.revenue),
    services: sum((row) => row.services),
    servicesRecommended: sum((row) => row.servicesRecommended),
    products: sum((row) => row.products),
    productsRecommended: sum((row) => row.productsRecommended),
    serviceAppointments: sum((row) => row.serviceAppointments),
    productQuantity: sum((row) => row.productQuantity),
    newClients: sum((row) => row.newClients),
    balanceClients: sum((row) => row.balanceClients),
    lostClients: sum((row) => row.lostClients),
    discount: sum((row) => row.discount),
  };
}
