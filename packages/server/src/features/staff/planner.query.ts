import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface PlannerStaffRow {
  id: number;
  first_name: string;
  last_name: string;
  title: string;
  employment_start: string | null;
  employment_end: string | null;
}

/**
 * The people of a salon's planner for fromDay..toDay: its users employed on any of those days
 * (chain-level users excluded), plus anyone with a shift of the salon in the range.
 */
export async function plannerStaff(
  db: DbOrTx,
  salonId: number,
  fromDay: string,
  toDay: string,
  onlyUserId?: number,
): Promise<PlannerStaffRow[]> {
  const { rows } = await sql<PlannerStaffRow>`
    SELECT u.id, u.first_name, u.last_name, u.title, u.employment_start::text AS employment_start, u.employment_end::text AS employment_end
    FROM users u
    WHERE (
        (u.salon_id = ${salonId}
          AND (u.employment_start IS NULL OR u.employment_start <= ${toDay}::date)
          AND (u.employment_end IS NULL OR u.employment_end >= ${fromDay}::date)
          AND NOT EXISTS (SELECT 1 FROM user_permissions up WHERE up.user_id = u.id AND up.permission_id = 1))
        OR EXISTS (
          SELECT 1 FROM user_timeframes t JOIN salons s ON s.id = t.salon_id
          WHERE t.salon_id = ${salonId} AND t.user_id = u.id
            AND t.day_start >= (${fromDay}::date::timestamp AT TIME ZONE s.time_zone)
            AND t.day_start < ((${toDay}::date + 1)::timestamp AT TIME ZONE s.time_zone))
      )
      ${onlyUserId !== undefined ? sql`AND u.id = ${onlyUserId}` : sql``}
    ORDER BY u.last_name, u.first_name, u.id
  `.execute(db);
  return rows;
}

/** A user's salon, or undefined when there is no such user (null: a chain-level user). */
export async function userSalon(db: DbOrTx, userId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('users').select('salon_id').where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : row.salon_id;
}
