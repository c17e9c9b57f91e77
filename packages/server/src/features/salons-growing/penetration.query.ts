import type { GrowthCategory } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/** DONE appointments of one month or day and how many of them had a line of each category. */
export interface PenetrationCounts {
  /** YYYY-MM for months, YYYY-MM-DD for days. */
  period: string;
  appointments: number;
  withCategory: Record<GrowthCategory, number>;
}

interface Row {
  period: string;
  appointments: number;
  treatment: number;
  colour: number;
  haircut: number;
  resale: number;
  styling: number;
}

/**
 * Per month (or day) of [from, to]: DONE appointments and, per growth category, those with at
 * least one sale line of it; one grouped query for all five categories. Both tables are read
 * through their (salon_id, day) indexes over the range only. A sale line carries the day of its
 * checkout, which is the appointment's day, so the lines are limited to the same range.
 */
export async function getPenetrationCounts(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  grain: 'month' | 'day',
): Promise<PenetrationCounts[]> {
  const format = grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const { rows } = await sql<Row>`
    WITH done AS (
      SELECT id, day FROM appointments
      WHERE salon_id = ${salonId} AND day >= ${from}::date AND day <= ${to}::date AND status = 'DONE'
    ), flags AS (
      SELECT appointment_id,
        bool_or(kind = 'SERVICE' AND category = 'TREATMENT') AS treatment,
        bool_or(kind = 'SERVICE' AND category = 'COLOUR') AS colour,
        bool_or(kind = 'SERVICE' AND category = 'HAIRCUT') AS haircut,
        bool_or(kind = 'PRODUCT' AND category = 'RESALE') AS resale,
        bool_or(kind = 'SERVICE' AND category = 'STYLING') AS styling
      FROM sale_lines
      WHERE salon_id = ${salonId} AND day >= ${from}::date AND day <= ${to}::date AND appointment_id IS NOT NULL
      GROUP BY appointment_id
    )
    SELECT to_char(d.day, ${format}) AS period,
      count(*)::int AS appointments,
      count(*) FILTER (WHERE f.treatment)::int AS treatment,
      count(*) FILTER (WHERE f.colour)::int AS colour,
      count(*) FILTER (WHERE f.haircut)::int AS haircut,
      count(*) FILTER (WHERE f.resale)::int AS resale,
      count(*) FILTER (WHERE f.styling)::int AS styling
    FROM done d LEFT JOIN flags f ON f.appointment_id = d.id
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows.map((row) => ({
    period: row.period,
    appointments: row.appointments,
    withCategory: { TREATMENT: row.treatment, COLOUR: row.colour, HAIRCUT: row.haircut, RESALE: row.resale, STYLING: row.styling },
  }));
}
