import type { getStaffDataAnalysis, ResponseOf } from '@salon/contracts';

/*
 * The staff analysis store: the responses of intervals are merged as they arrive. The first
 * response is stored with every person's interval counter at 1; a later one is added per staffId
 * into the totals already there (intervalCount + 1), a person not seen yet is appended. Three sets are kept (primary range, second = comparison, gender); a
 * reset clears results and counters. Pure functions: the hook folds responses through
 * staffReducer in the order they arrive.
 *
 * What adds and what is recomputed:
 * - amounts, hours, days and counts are summed (rounded to cents so repeated sums do not drift);
 * - every ratio is recomputed from the merged sums, never summed: hourlyEarned, hourlyRecommended,
 *   perOnStaffTotal(Recommended), utilisation, and the two rates, whose numerators (rebooked visits,
 *   visits with a product) are recovered exactly from rate x visits, as visits are whole numbers;
 * - averageFeedback: the API gives no count of feedback, so a merged value is the mean of the
 *   intervals' averages weighted by the person's visits in each interval (an approximation);
 * - totalNumberOfClient: distinct clients cannot be merged from counts, so merged counts are summed.
 * The screen therefore asks a range as one interval (api/use-staff-analysis.ts): its figures are the
 * API's for that range, and the merge only adds people up in the totals row.
 */

export type StaffAnalysisResponse = ResponseOf<typeof getStaffDataAnalysis>;
export type StaffRow = StaffAnalysisResponse['staffDataAnalysis'][number];
export type PreviousYearFigures = StaffRow['previousYear'];
type SalonPreviousYear = StaffAnalysisResponse['previousYear'];

const STAFF_SETS = ['primary', 'second', 'gender'] as const;
export type StaffSetName = (typeof STAFF_SETS)[number];

/** A merged staff analysis: the response's shape, its range widened to every merged interval. */
export type StaffResult = StaffAnalysisResponse;

export interface StaffSet {
  /** The merged result; null before the first response. */
  result: StaffResult | null;
  /** The loader counter: responses merged so far. */
  loaded: number;
}

export type StaffState = Record<StaffSetName, StaffSet>;

export type StaffAction =
  | { type: 'merge'; set: StaffSetName; response: StaffAnalysisResponse }
  /** Clears one set, or every set when `set` is left out. */
  | { type: 'reset'; set?: StaffSetName };

export function emptyStaffSet(): StaffSet {
  return { result: null, loaded: 0 };
}

export function initialStaffState(): StaffState {
  return { primary: emptyStaffSet(), second: emptyStaffSet(), gender: emptyStaffSet() };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const add = (a: number, b: number) => round2(a + b);
/** numerator / denominator x factor, 2 decimals; null when the denominator is 0. */
const ratio = (numerator: number, denominator: number, factor = 1): number | null =>
  denominator > 0 ? round2((numerator / denominator) * factor) : null;
/** The whole count behind a rate: rate (per cent, 2 decimals) of a whole number of visits. */
const countOfRate = (rate: number | null, visits: number): number => (rate === null ? 0 : Math.round((rate * visits) / 100));

/** The manager's figures of two spans added, the rates recomputed from the summed counts. */
function mergeManagerFields<T extends PreviousYearFigures>(a: T, b: T): T {
  const visits = a.visits + b.visits;
  const rebooked = countOfRate(a.rebookingRate, a.visits) + countOfRate(b.rebookingRate, b.visits);
  const withProduct = countOfRate(a.retailAttachRate, a.visits) + countOfRate(b.retailAttachRate, b.visits);
  const totalEarned = add(a.totalEarned, b.totalEarned);
  const totalWorkingHours = add(a.totalWorkingHours, b.totalWorkingHours);
  const totalShiftHours = add(a.totalShiftHours, b.totalShiftHours);
  const bookedServiceHours = add(a.bookedServiceHours, b.bookedServiceHours);
  return {
    ...a,
    totalEarned,
    totalRecommended: add(a.totalRecommended, b.totalRecommended),
    totalNumberOfClient: a.totalNumberOfClient + b.totalNumberOfClient,
    totalShiftHours,
    totalWorkingHours,
    hourlyEarned: ratio(totalEarned, totalWorkingHours),
    visits,
    rebookingRate: ratio(rebooked, visits, 100),
    retailAttachRate: ratio(withProduct, visits, 100),
    bookedServiceHours,
    utilisation: ratio(bookedServiceHours, totalShiftHours, 100),
    newClientsServed: a.newClientsServed + b.newClientsServed,
  };
}

/** Mean of two averages weighted by visits (each side counts at least 1 when it has a value). */
function mergeFeedback(a: StaffRow, b: StaffRow): number | null {
  if (a.averageFeedback === null) return b.averageFeedback;
  if (b.averageFeedback === null) return a.averageFeedback;
  const wa = Math.max(a.visits, 1);
  const wb = Math.max(b.visits, 1);
  return round2((a.averageFeedback * wa + b.averageFeedback * wb) / (wa + wb));
}

/** One person's rows of two intervals added; shares are left for mergeStaffResponse (they need the salon's sums). */
export function mergeStaffRows(a: StaffRow, b: StaffRow): StaffRow {
  const merged = mergeManagerFields(a, b);
  const totalRecommended = merged.totalRecommended;
  return {
    ...merged,
    staffWorkingDays: a.staffWorkingDays + b.staffWorkingDays,
    averageFeedback: mergeFeedback(a, b),
    hourlyRecommended: ratio(totalRecommended, merged.totalWorkingHours),
    product_RETotalEarned: add(a.product_RETotalEarned, b.product_RETotalEarned),
    product_TotalEarned: add(a.product_TotalEarned, b.product_TotalEarned),
    service_RETotalEarned: add(a.service_RETotalEarned, b.service_RETotalEarned),
    service_TotalEarned: add(a.service_TotalEarned, b.service_TotalEarned),
    intervalCount: a.intervalCount + b.intervalCount,
    previousYear: mergeManagerFields(a.previousYear, b.previousYear),
  };
}

function mergeSalonPreviousYear(a: SalonPreviousYear, b: SalonPreviousYear): SalonPreviousYear {
  return {
    fromDate: a.fromDate < b.fromDate ? a.fromDate : b.fromDate,
    toDate: a.toDate > b.toDate ? a.toDate : b.toDate,
    salonOpenDays: a.salonOpenDays + b.salonOpenDays,
    sumOfTotalEarned: add(a.sumOfTotalEarned, b.sumOfTotalEarned),
    sumOfTotalRecommended: add(a.sumOfTotalRecommended, b.sumOfTotalRecommended),
  };
}

/** The shares of the salon's totals, from the merged sums. */
function withShares(rows: readonly StaffRow[], sumOfTotalEarned: number, sumOfTotalRecommended: number): StaffRow[] {
  return rows.map((row) => ({
    ...row,
    perOnStaffTotal: ratio(row.totalEarned, sumOfTotalEarned, 100),
    perOnStaffRecommendedTotal: ratio(row.totalRecommended, sumOfTotalRecommended, 100),
  }));
}

/**
 * One response merged into a result: the first is stored with every intervalCount at 1; later ones
 * are added per staffId (intervalCount + 1), new people appended, the range widened, the salon
 * sums added and the shares recomputed from them.
 */
export function mergeStaffResponse(existing: StaffResult | null, incoming: StaffAnalysisResponse): StaffResult {
  const tagged = incoming.staffDataAnalysis.map((row) => ({ ...row, intervalCount: 1 }));
  if (!existing) return { ...incoming, staffDataAnalysis: tagged };
  const rows = [...existing.staffDataAnalysis];
  const indexById = new Map(rows.map((row, index) => [row.staffId, index]));
  for (const row of tagged) {
    const index = indexById.get(row.staffId);
    if (index === undefined) {
      indexById.set(row.staffId, rows.length);
      rows.push(row);
    } else {
      rows[index] = mergeStaffRows(rows[index] as StaffRow, row);
    }
  }
  const sumOfTotalEarned = add(existing.sumOfTotalEarned, incoming.sumOfTotalEarned);
  const sumOfTotalRecommended = add(existing.sumOfTotalRecommended, incoming.sumOfTotalRecommended);
  return {
    ...existing,
    fromDate: existing.fromDate < incoming.fromDate ? existing.fromDate : incoming.fromDate,
    toDate: existing.toDate > incoming.toDate ? existing.toDate : incoming.toDate,
    salonOpenDays: existing.salonOpenDays + incoming.salonOpenDays,
    sumOfTotalDiscountValue: add(existing.sumOfTotalDiscountValue, incoming.sumOfTotalDiscountValue),
    sumOfTotalEarned,
    sumOfTotalRecommended,
    sumOfTotalDiscountValueRec: add(existing.sumOfTotalDiscountValueRec, incoming.sumOfTotalDiscountValueRec),
    previousYear: mergeSalonPreviousYear(existing.previousYear, incoming.previousYear),
    staffDataAnalysis: withShares(rows, sumOfTotalEarned, sumOfTotalRecommended),
  };
}

export function staffReducer(state: StaffState, action: StaffAction): StaffState {
  if (action.type === 'reset') {
    return action.set ? { ...state, [action.set]: emptyStaffSet() } : initialStaffState();
  }
  const set = state[action.set];
  return { ...state, [action.set]: { result: mergeStaffResponse(set.result, action.response), loaded: set.loaded + 1 } };
}

/** A person's previous-year figures when there is nothing: zero sums, no ratios. */
export const ZERO_YEAR: PreviousYearFigures = {
  totalEarned: 0,
  totalRecommended: 0,
  totalNumberOfClient: 0,
  totalShiftHours: 0,
  totalWorkingHours: 0,
  hourlyEarned: null,
  visits: 0,
  rebookingRate: null,
  retailAttachRate: null,
  bookedServiceHours: 0,
  utilisation: null,
  newClientsServed: 0,
};

/**
 * The salon's totals over a list of people (the table's totals row): sums summed, ratios
 * recomputed from the sums (never summed percentages); shares against the salon's sums.
 */
export function totalsOf(rows: readonly StaffRow[], salon: { sumOfTotalEarned: number; sumOfTotalRecommended: number }): StaffRow {
  const zero: StaffRow = {
    ...ZERO_YEAR,
    staffId: 0,
    name: '',
    staffWorkingDays: 0,
    averageFeedback: null,
    hourlyRecommended: null,
    perOnStaffTotal: null,
    perOnStaffRecommendedTotal: null,
    product_RETotalEarned: 0,
    product_TotalEarned: 0,
    service_RETotalEarned: 0,
    service_TotalEarned: 0,
    intervalCount: 0,
    previousYear: ZERO_YEAR,
  };
  const summed = rows.reduce((total, row) => mergeStaffRows(total, row), zero);
  return {
    ...summed,
    intervalCount: Math.max(0, ...rows.map((row) => row.intervalCount)),
    perOnStaffTotal: ratio(summed.totalEarned, salon.sumOfTotalEarned, 100),
    perOnStaffRecommendedTotal: ratio(summed.totalRecommended, salon.sumOfTotalRecommended, 100),
  };
}

/** Relative change in per cent (2 decimals); null when the base is 0. */
export function changePercent(current: number, base: number): number | null {
  return base === 0 ? null : round2(((current - base) / Math.abs(base)) * 100);
}
