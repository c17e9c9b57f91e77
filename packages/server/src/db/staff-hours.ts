import { type RawBuilder, sql } from 'kysely';

/**
 * The one definition of booked service hours, utilisation and rebooking, read by staff
 * analysis, full capacity (blocks and grid), performance and the check-up.
 *
 * - Booked service seconds of a person on a day: the union of the intervals of their appointments
 *   with status DONE or BOOKED whose (salon-local) day is that day, so a person's overlapping
 *   appointments count once (a colour processing while they cut another client is one stretch).
 *   Appointments with no staff count each on their own (staff_id 0 in the rollup). Kept per
 *   salon, day and person in the rollup staff_booked_daily (db/rollups/staff.ts declares it with
 *   `mergedBookingsSql`).
 * - Shift seconds: the planner's shifts (user_timeframes) on the salon-local day they start, kept
 *   per salon, day and person in the rollup staff_hours_daily (db/rollups/hours.ts).
 * - Utilisation = booked service seconds / shift seconds x 100 (null without shifts). Hours are
 *   not split by client gender: the gender variants show the same utilisation.
 * - Rebooking ("pre-booking"): a DONE visit with a client counts as rebooked when the client's
 *   next appointment (by start, then id; not cancelled) was booked no later than REBOOK_DAYS days
 *   after the visit ended (`rebookedSql`).
 */

/** The pre-booking window in days: booked at most 7 x 24 h after the visit ended counts, a minute later does not. */
export const REBOOK_DAYS = 7;

/**
 * SQL boolean: the DONE appointment aliased `alias` was rebooked (its client's next, not cancelled,
 * appointment was booked no later than REBOOK_DAYS days after it ended). False without a client.
 */
export function rebookedCondition(alias: string): string {
  return `(${alias}.client_id IS NOT NULL AND COALESCE((
    SELECT nx.booked_at <= ${alias}.end_at + interval '${REBOOK_DAYS} days'
    FROM appointments nx
    WHERE nx.salon_id = ${alias}.salon_id AND nx.client_id = ${alias}.client_id AND nx.status <> 'CANCELLED'
      AND nx.day >= ${alias}.day AND (nx.start_at, nx.id) > (${alias}.start_at, ${alias}.id)
    ORDER BY nx.day, nx.start_at, nx.id LIMIT 1), false))`;
}

/** rebookedCondition for a Kysely query. */
export function rebookedSql(alias: string): RawBuilder<boolean> {
  return sql.raw<boolean>(rebookedCondition(alias));
}

/**
 * SQL rows (salon_id, day, staff_id, r): the booked stretches, a person's DONE and BOOKED
 * appointments of a day merged into disjoint tstzranges (staff_id 0: an appointment with no
 * staff, on its own), over the appointments `where` keeps (a condition on alias `a`, e.g. a salon
 * and days).
 */
export function mergedIntervalsSql(where: string): string {
  return `
    SELECT a.salon_id, a.day, COALESCE(a.staff_id, 0) AS staff_id, unnest(range_agg(tstzrange(a.start_at, a.end_at))) AS r
    FROM appointments a
    WHERE a.status IN ('DONE', 'BOOKED') AND a.end_at > a.start_at AND ${where}
    GROUP BY a.salon_id, a.day, COALESCE(a.staff_id, 0), CASE WHEN a.staff_id IS NULL THEN a.id END`;
}

/** SQL rows (salon_id, day, staff_id, seconds): the booked service seconds per salon, day and person of `mergedIntervalsSql`. */
export function mergedBookingsSql(where: string): string {
  return `
    SELECT m.salon_id, m.day, m.staff_id, sum(extract(epoch FROM upper(m.r) - lower(m.r)))::bigint AS seconds
    FROM (${mergedIntervalsSql(where)}) m
    GROUP BY m.salon_id, m.day, m.staff_id`;
}

/**
 * SQL rows (salon_id, day, hour, seconds): `mergedIntervalsSql`'s stretches split over the
 * salon-local hours they cover (hour = the local hour's start), per salon and appointment day:
 * what the rollup booked_hourly keeps for the capacity grid.
 */
export function bookedHourlySql(where: string): string {
  return `
    SELECT m.salon_id, m.day, h AS hour, sum(extract(epoch FROM least(m.e, h + interval '1 hour') - greatest(m.s, h)))::bigint AS seconds
    FROM (
      SELECT mi.salon_id, mi.day, lower(mi.r) AT TIME ZONE z.time_zone AS s, upper(mi.r) AT TIME ZONE z.time_zone AS e
      FROM (${mergedIntervalsSql(where)}) mi
      JOIN salons z ON z.id = mi.salon_id
    ) m
    CROSS JOIN LATERAL generate_series(date_trunc('hour', m.s), m.e - interval '1 microsecond', interval '1 hour') h
    GROUP BY 1, 2, 3`;
}

/**
 * SQL: the booked service seconds (from the rollup) of salon `salonId` over the days from..to,
 * every person and the appointments with no staff. Arguments are SQL so a query can correlate.
 */
export function bookedSecondsSql(salonId: RawBuilder<unknown>, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT COALESCE(sum(bd.booked_seconds), 0) FROM staff_booked_daily bd
    WHERE bd.salon_id = ${salonId} AND bd.day BETWEEN ${from} AND ${to})`;
}

/**
 * SQL: the shift seconds of salon `salonId` whose salon-local start day is in from..to, from the
 * rollup staff_hours_daily (db/rollups/hours.ts).
 */
export function shiftSecondsSql(salonId: RawBuilder<unknown>, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT COALESCE(sum(h.shift_seconds), 0) FROM staff_hours_daily h
    WHERE h.salon_id = ${salonId} AND h.day BETWEEN ${from} AND ${to})`;
}

/**
 * THE rounding of every hours figure: seconds to hours with 2 decimals. A total adds the seconds
 * and rounds once (never a sum of hours already rounded), so the same person's hours read the same
 * on every report; the attendance sheet's SQL round(seconds / 3600, 2) is the same rule.
 */
export function hoursOfSeconds(seconds: number): number {
  return Math.round(seconds / 36) / 100;
}

/** Utilisation in per cent, 2 decimals: booked / shift seconds; null without shifts. */
export function utilisationPercent(bookedSeconds: number, shiftSeconds: number): number | null {
  return shiftSeconds > 0 ? Math.round((bookedSeconds / shiftSeconds) * 10_000) / 100 : null;
}
