import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { bookedSecondsSql, hoursOfSeconds, utilisationPercent } from '../../db/staff-hours.js';

export interface FullCapacitySettings {
  salonId: number;
  numberOfPeople: number;
  averageHourly: number;
  isDefault: boolean;
}

/** The stored settings, or numberOfPeople 0 / averageHourly 0 (isDefault) when none are stored. */
export async function getFullCapacitySettings(db: DbOrTx, salonId: number): Promise<FullCapacitySettings> {
  const row = await db
    .selectFrom('full_capacity_settings')
    .select(['number_of_people', 'average_hourly_cents'])
    .where('salon_id', '=', salonId)
    .executeTakeFirst();
  if (!row) return { salonId, numberOfPeople: 0, averageHourly: 0, isDefault: true };
  return { salonId, numberOfPeople: row.number_of_people, averageHourly: row.average_hourly_cents / 100, isDefault: false };
}

/** Inserts or updates a salon's settings (one statement) and answers them. */
export async function saveFullCapacitySettings(
  db: DbOrTx,
  salonId: number,
  numberOfPeople: number,
  averageHourly: number,
): Promise<FullCapacitySettings> {
  const cents = Math.round(averageHourly * 100);
  await db
    .insertInto('full_capacity_settings')
    .values({ salon_id: salonId, number_of_people: numberOfPeople, average_hourly_cents: cents })
    .onConflict((oc) => oc.column('salon_id').doUpdateSet({ number_of_people: numberOfPeople, average_hourly_cents: cents }))
    .execute();
  return getFullCapacitySettings(db, salonId);
}

export interface CapacityHours {
  headCount: number;
  /** Shift seconds of every person. */
  shiftSeconds: number;
  /** Shift seconds counting per day only the `numberOfPeople` people with the most (all when 0). */
  cappedSeconds: number;
  /**
   * Booked service seconds (db/staff-hours.ts): DONE and BOOKED appointments, a person's
   * overlapping appointments of a day counted once; appointments with no staff each on their own.
   */
  bookedSeconds: number;
  /** Paid amount of every sale line of the days, walk-ins included: the sales report's total revenue, from its rollup sales_daily. */
  revenueCents: number;
}

/**
 * Shift and booked hours and the revenue of a salon's days from..to (local calendar: a shift belongs to the day
 * it starts on in the salon's time zone, per person and day in the rollup staff_hours_daily; an appointment to its `day`).
 */
export async function getCapacityHours(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  numberOfPeople: number,
): Promise<CapacityHours> {
  const result = await sql<{
    head_count: number;
    shift_seconds: number | null;
    capped_seconds: number | null;
    booked_seconds: number | null;
    revenue_cents: number | null;
  }>`
    WITH per_person_day AS (
      SELECT h.user_id, h.day, h.shift_seconds AS seconds
      FROM staff_hours_daily h
      WHERE h.salon_id = ${salonId} AND h.day BETWEEN ${from}::date AND ${to}::date AND h.shifts > 0
    ),
    ranked AS (
      SELECT seconds, row_number() OVER (PARTITION BY day ORDER BY seconds DESC, user_id) AS rank
      FROM per_person_day
    )
    SELECT
      (SELECT count(DISTINCT user_id) FROM per_person_day)::int AS head_count,
      (SELECT sum(seconds) FROM ranked) AS shift_seconds,
      (SELECT sum(seconds) FROM ranked WHERE ${numberOfPeople}::int = 0 OR rank <= ${numberOfPeople}::int) AS capped_seconds,
      ${bookedSecondsSql(sql`${salonId}`, sql`${from}::date`, sql`${to}::date`)} AS booked_seconds,
      (SELECT sum(d.revenue_cents) FROM sales_daily d
        WHERE d.salon_id = ${salonId} AND d.day BETWEEN ${from}::date AND ${to}::date) AS revenue_cents
  `.execute(db);
  const r = result.rows[0];
  return {
    headCount: Number(r?.head_count ?? 0),
    shiftSeconds: Number(r?.shift_seconds ?? 0),
    cappedSeconds: Number(r?.capped_seconds ?? 0),
    bookedSeconds: Number(r?.booked_seconds ?? 0),
    revenueCents: Number(r?.revenue_cents ?? 0),
  };
}

export interface CapacityFigures {
  fromDate: string;
  toDate: string;
  headCount: number;
  shiftHours: number;
  capacityHours: number;
  bookedServiceHours: number;
  utilisation: number | null;
  capacityRevenue: number;
  actualRevenue: number;
  ratio: number | null;
}

const percent2 = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 100 : null);

/**
 * One capacity block (contracts' CapacityBlock); actual revenue is the sales report's total for the same days.
 * The ratio sets the revenue against the capacity of the days that have come (up to `today`): days still to
 * come have no revenue yet, so a range after today has no ratio (not known yet) rather than 0 %.
 */
export async function getCapacity(
  db: DbOrTx,
  q: { salonId: number; from: string; to: string; averageHourly: number; numberOfPeople: number; today?: string },
): Promise<CapacityFigures> {
  const hours = await getCapacityHours(db, q.salonId, q.from, q.to, q.numberOfPeople);
  const actualCents = hours.revenueCents;
  const capacityCents = Math.round((hours.cappedSeconds / 3600) * q.averageHourly * 100);
  const today = q.today ?? q.to;
  const cappedToDate =
    q.from > today
      ? 0
      : q.to <= today
        ? hours.cappedSeconds
        : (await getCapacityHours(db, q.salonId, q.from, today, q.numberOfPeople)).cappedSeconds;
  const capacityToDateCents = Math.round((cappedToDate / 3600) * q.averageHourly * 100);
  return {
    fromDate: q.from,
    toDate: q.to,
    headCount: hours.headCount,
    shiftHours: hoursOfSeconds(hours.shiftSeconds),
    capacityHours: hoursOfSeconds(hours.cappedSeconds),
    bookedServiceHours: hoursOfSeconds(hours.bookedSeconds),
    utilisation: utilisationPercent(hours.bookedSeconds, hours.shiftSeconds),
    capacityRevenue: capacityCents / 100,
    actualRevenue: actualCents / 100,
    ratio: percent2(actualCents, capacityToDateCents),
  };
}
