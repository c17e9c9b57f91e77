import { describe, expect, it } from 'vitest';
import {
  initialStaffState,
  mergeStaffResponse,
  type StaffAnalysisResponse,
  type StaffRow,
  staffReducer,
  totalsOf,
  ZERO_YEAR,
} from './merge-staff';

/** A person over one month: earned, recommended, working / shift / booked hours, visits, rebooked, with product, feedback. */
function row(
  staffId: number,
  f: {
    earned: number;
    rec: number;
    work: number;
    shift: number;
    booked: number;
    visits: number;
    rebooked: number;
    withProduct: number;
    feedback: number | null;
  },
): StaffRow {
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 100 : null);
  return {
    staffId,
    name: `P${staffId}`,
    staffWorkingDays: 10,
    averageFeedback: f.feedback,
    hourlyEarned: pct(f.earned, f.work * 100),
    hourlyRecommended: pct(f.rec, f.work * 100),
    perOnStaffTotal: 0,
    perOnStaffRecommendedTotal: 0,
    product_RETotalEarned: f.rec,
    product_TotalEarned: f.rec,
    service_RETotalEarned: 0,
    service_TotalEarned: f.earned - f.rec,
    totalEarned: f.earned,
    totalNumberOfClient: f.visits,
    totalRecommended: f.rec,
    totalShiftHours: f.shift,
    totalWorkingHours: f.work,
    intervalCount: 1,
    visits: f.visits,
    rebookingRate: pct(f.rebooked, f.visits),
    retailAttachRate: pct(f.withProduct, f.visits),
    bookedServiceHours: f.booked,
    utilisation: pct(f.booked, f.shift),
    newClientsServed: 1,
    previousYear: { ...ZERO_YEAR, totalEarned: f.earned / 2 },
  };
}

function response(fromDate: string, toDate: string, rows: StaffRow[], openDays: number): StaffAnalysisResponse {
  const earned = rows.reduce((sum, r) => sum + r.totalEarned, 0);
  const rec = rows.reduce((sum, r) => sum + r.totalRecommended, 0);
  return {
    salonId: 1,
    fromDate,
    toDate,
    gender: 'ALL',
    salonOpenDays: openDays,
    sumOfTotalDiscountValue: 10,
    sumOfTotalEarned: earned,
    sumOfTotalRecommended: rec,
    sumOfTotalDiscountValueRec: 1,
    previousYear: {
      fromDate: `2025${fromDate.slice(4)}`,
      toDate: `2025${toDate.slice(4)}`,
      salonOpenDays: 20,
      sumOfTotalEarned: earned / 2,
      sumOfTotalRecommended: 0,
    },
    staffDataAnalysis: rows.map((r) => ({ ...r, perOnStaffTotal: earned ? Math.round((r.totalEarned / earned) * 10000) / 100 : null })),
  };
}

// January: A and B; February: A only; March: A and C (new).
const jan = response(
  '2026-01-01',
  '2026-01-31',
  [
    row(1, { earned: 1000, rec: 200, work: 100, shift: 120, booked: 60, visits: 40, rebooked: 10, withProduct: 8, feedback: 4 }),
    row(2, { earned: 500, rec: 0, work: 50, shift: 50, booked: 40, visits: 20, rebooked: 5, withProduct: 0, feedback: null }),
  ],
  25,
);
const feb = response(
  '2026-02-01',
  '2026-02-28',
  [row(1, { earned: 800, rec: 100, work: 60, shift: 80, booked: 50, visits: 30, rebooked: 3, withProduct: 6, feedback: 5 })],
  20,
);
const mar = response(
  '2026-03-01',
  '2026-03-31',
  [
    row(1, { earned: 1200, rec: 300, work: 90, shift: 100, booked: 70, visits: 30, rebooked: 12, withProduct: 3, feedback: 3 }),
    row(3, { earned: 300, rec: 30, work: 20, shift: 40, booked: 10, visits: 7, rebooked: 1, withProduct: 2, feedback: 4.5 }),
  ],
  26,
);

describe('staffReducer (the staff analysis store)', () => {
  it('stores the first response with every interval count at 1 and the counter at 1', () => {
    const state = staffReducer(initialStaffState(), { type: 'merge', set: 'primary', response: jan });
    expect(state.primary.loaded).toBe(1);
    expect(state.primary.result?.staffDataAnalysis.map((r) => [r.staffId, r.intervalCount])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(state.gender).toEqual({ result: null, loaded: 0 });
  });

  it('merges three monthly intervals: sums per staffId, new staff appended, ratios recomputed from the sums', () => {
    let state = initialStaffState();
    for (const response of [jan, feb, mar]) state = staffReducer(state, { type: 'merge', set: 'primary', response });
    const result = state.primary.result;
    expect(state.primary.loaded).toBe(3);
    expect(result).toMatchObject({
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      salonOpenDays: 71,
      sumOfTotalEarned: 3800, // 1500 + 800 + 1500
      sumOfTotalRecommended: 630,
      sumOfTotalDiscountValue: 30,
      previousYear: { fromDate: '2025-01-01', toDate: '2025-03-31', salonOpenDays: 60, sumOfTotalEarned: 1900 },
    });
    // B was only in January, C appended after A and B in March.
    expect(result?.staffDataAnalysis.map((r) => [r.staffId, r.intervalCount])).toEqual([
      [1, 3],
      [2, 1],
      [3, 1],
    ]);
    const a = result?.staffDataAnalysis[0] as StaffRow;
    expect(a).toMatchObject({
      totalEarned: 3000,
      totalRecommended: 600,
      totalWorkingHours: 250,
      totalShiftHours: 300,
      bookedServiceHours: 180,
      visits: 100,
      staffWorkingDays: 30,
      hourlyEarned: 12, // 3000 / 250, not 10 + 13.33 + 13.33
      hourlyRecommended: 2.4,
      utilisation: 60, // 180 / 300
      rebookingRate: 25, // (10 + 3 + 12) / 100
      retailAttachRate: 17, // (8 + 6 + 3) / 100
      perOnStaffTotal: 78.95, // 3000 / 3800
      perOnStaffRecommendedTotal: 95.24, // 600 / 630
      averageFeedback: 4, // (4 x 40 + 5 x 30 + 3 x 30) / 100 = 400 / 100, weighted by visits (a plain mean of 4, 5, 3 is also 4: see below)
      previousYear: { totalEarned: 1500, hourlyEarned: null },
    });
    expect(result?.staffDataAnalysis[2]).toMatchObject({ staffId: 3, totalEarned: 300, perOnStaffTotal: 7.89 });
  });

  it('weights averageFeedback by visits, so a busy month counts more than a quiet one', () => {
    const quiet = response(
      '2026-04-01',
      '2026-04-30',
      [row(1, { earned: 10, rec: 0, work: 1, shift: 1, booked: 1, visits: 1, rebooked: 0, withProduct: 0, feedback: 1 })],
      1,
    );
    const busy = response(
      '2026-05-01',
      '2026-05-31',
      [row(1, { earned: 90, rec: 0, work: 9, shift: 9, booked: 9, visits: 9, rebooked: 0, withProduct: 0, feedback: 5 })],
      9,
    );
    // (1 x 1 + 5 x 9) / 10 = 4.6, where a plain mean would say 3.
    expect(mergeStaffResponse(mergeStaffResponse(null, quiet), busy).staffDataAnalysis[0]?.averageFeedback).toBe(4.6);
  });

  it('keeps the gender set apart and a reset clears every result and counter', () => {
    let state = staffReducer(initialStaffState(), { type: 'merge', set: 'primary', response: jan });
    state = staffReducer(state, { type: 'merge', set: 'gender', response: feb });
    expect(state.gender.loaded).toBe(1);
    expect(state.primary.result?.sumOfTotalEarned).toBe(1500);
    expect(staffReducer(state, { type: 'reset', set: 'gender' })).toEqual({ ...state, gender: { result: null, loaded: 0 } });
    expect(staffReducer(state, { type: 'reset' })).toEqual(initialStaffState());
  });
});

describe('totalsOf (the table totals row)', () => {
  it('sums the sums and recomputes the ratios from them, never summing percentages', () => {
    const merged = mergeStaffResponse(mergeStaffResponse(null, jan), mar);
    const totals = totalsOf(merged.staffDataAnalysis, merged);
    expect(totals).toMatchObject({
      totalEarned: 3000, // A 2200 + B 500 + C 300
      totalWorkingHours: 260,
      hourlyEarned: 11.54, // 3000 / 260
      utilisation: 58.06, // (130 + 40 + 10) / (220 + 50 + 40) x 100 = 180 / 310
      visits: 97, // A 70 + B 20 + C 7
      rebookingRate: 28.87, // (22 + 5 + 1) / 97, not 25 + 31.43 + 25 + 14.29
      perOnStaffTotal: 100,
    });
  });
});
