import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoChain, openDemoChain } from '../../test/demo-chain.js';
import type { TestApp } from '../../test/helpers.js';

// Cross-checks of staff analysis and full capacity on a small generated demo chain
// (2 salons, about 15 months up to a fixed "today", 5 % of the benchmark volume), against the
// other screens' APIs over HTTP: the sales report, the planner, the attendance sheet. Money in cents.
const MONTH = { from: '2025-05-01', to: '2025-05-31' };
const WEEK = { from: '2025-06-16', to: '2025-06-22' }; // Monday..Sunday
const cents = (euros: number) => Math.round(euros * 100);

let t: TestApp;
let code: string;
let salons: number[];

let chain: DemoChain;
beforeAll(async () => {
  chain = await openDemoChain();
  ({ t, code, salonIds: salons } = chain);
}, 300_000);
afterAll(() => chain.close());
const get = <T = Record<string, unknown>>(url: string) => chain.get<T>(url);

interface StaffRow {
  staffId: number;
  totalEarned: number;
  totalShiftHours: number;
  totalWorkingHours: number;
  bookedServiceHours: number;
}
interface StaffAnalysis {
  sumOfTotalEarned: number;
  staffDataAnalysis: StaffRow[];
}
const staffAnalysis = (salonId: number, r: { from: string; to: string }) =>
  get<StaffAnalysis>(`/api/StaffDataAnalysis/GetStaffDataAnalysis/${code}/${r.from}/${r.to}/${salonId}`);
const salesTotal = async (salonId: number, r: { from: string; to: string }) =>
  (await get<{ totals: { totalRevenue: number } }>(`/api/Stats/GetSalesDataAnalysisPerDay/${r.to}/${r.from}/${salonId}/${code}`)).totals
    .totalRevenue;

describe('staff analysis and capacity cross-checks on the demo chain', () => {
  it("the staff's totalEarned add up to the salon's revenue minus the walk-in sales with no staff", async () => {
    for (const salonId of salons) {
      for (const range of [MONTH, { from: '2024-07-01', to: '2025-06-30' }]) {
        const staff = await staffAnalysis(salonId, range);
        expect(staff.staffDataAnalysis.length).toBeGreaterThan(2);
        const earned = staff.staffDataAnalysis.reduce((s, r) => s + cents(r.totalEarned), 0);
        expect(earned).toBe(cents(staff.sumOfTotalEarned));
        const { rows } = await sql<{ walk_in: number; staffless: number }>`
          SELECT COALESCE(sum(paid_amount_cents) FILTER (WHERE appointment_id IS NULL), 0) AS walk_in,
            count(*) FILTER (WHERE appointment_id IS NOT NULL) AS staffless
          FROM sale_lines WHERE salon_id = ${salonId} AND staff_id IS NULL AND day BETWEEN ${range.from}::date AND ${range.to}::date`.execute(
          t.db,
        );
        const walkInNoStaff = Number(rows[0]?.walk_in); // the demo's walk-in sales all name their seller: 0 there
        expect(Number(rows[0]?.staffless)).toBe(0); // every appointment line names its staff member
        expect(earned).toBe(cents(await salesTotal(salonId, range)) - walkInNoStaff);
      }
    }
  });

  it("shift hours equal the planner's, per person and for the capacity block of the same week", async () => {
    for (const salonId of salons) {
      const planner = await get<{ fromDate: string; staff: { userId: number; hours: number }[] }>(
        `/api/UserTimeframes/Planner/${code}?salonId=${salonId}&fromDate=${WEEK.from}`,
      );
      expect(planner.fromDate).toBe(WEEK.from);
      const staff = await staffAnalysis(salonId, WEEK);
      const analysed = new Map(staff.staffDataAnalysis.map((r) => [r.staffId, r.totalShiftHours]));
      const planned = planner.staff.filter((p) => p.hours > 0);
      expect(planned.length).toBeGreaterThan(2);
      for (const p of planned) expect([p.userId, analysed.get(p.userId)]).toEqual([p.userId, p.hours]);
      for (const r of staff.staffDataAnalysis) {
        if (r.totalShiftHours > 0) expect(planned.some((p) => p.userId === r.staffId)).toBe(true);
      }
      const capacity = await get<{ customCapacity: { shiftHours: number; actualRevenue: number; bookedServiceHours: number } }>(
        `/api/UserTimeframes/GetLastWeekAndActualWeek/${WEEK.from}/${WEEK.to}/40/0/${salonId}/${code}`,
      );
      const plannerHours = planned.reduce((s, p) => s + cents(p.hours), 0);
      expect(cents(capacity.customCapacity.shiftHours)).toBe(plannerHours);
      // capacity's actual revenue is the sales report's for the same week
      expect(cents(capacity.customCapacity.actualRevenue)).toBe(cents(await salesTotal(salonId, WEEK)));
      // booked hours: the people's, plus the appointments with no staff (none in the demo)
      const booked = staff.staffDataAnalysis.reduce((s, r) => s + cents(r.bookedServiceHours), 0);
      expect(Math.abs(cents(capacity.customCapacity.bookedServiceHours) - booked)).toBeLessThanOrEqual(staff.staffDataAnalysis.length);
      expect(booked).toBeGreaterThan(0);
    }
  });

  it("working hours equal the attendance sheet's, per person", async () => {
    for (const salonId of salons) {
      const sheet = await get<{ people: { userId: number; totals: { hoursWorked: number; daysWorked: number } }[] }>(
        `/api/Attendances/GetAttendancesPerMonth/${code}?salonId=${salonId}&from=${MONTH.from}&to=${MONTH.to}`,
      );
      const staff = await staffAnalysis(salonId, MONTH);
      const worked = new Map(staff.staffDataAnalysis.map((r) => [r.staffId, r.totalWorkingHours]));
      const present = sheet.people.filter((p) => p.totals.daysWorked > 0);
      expect(present.length).toBeGreaterThan(2);
      // Both add up the seconds and round once: equal to the hundredth.
      for (const p of present) {
        expect([p.userId, worked.get(p.userId) ?? 0]).toEqual([p.userId, p.totals.hoursWorked]);
      }
      for (const r of staff.staffDataAnalysis) {
        if (r.totalWorkingHours > 0) expect(present.some((p) => p.userId === r.staffId)).toBe(true);
      }
    }
  });
});
