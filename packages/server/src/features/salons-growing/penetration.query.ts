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
 * least one sale line of it, read from the daily rollup (appointments_daily, all genders summed),
 * so a year costs one indexed range over a few hundred rows instead of every sale line.
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
    SELECT to_char(day, ${format}) AS period,
      sum(appointments)::int AS appointments,
      sum(with_treatment)::int AS treatment,
      sum(with_colour)::int AS colour,
      sum(with_haircut)::int AS haircut,
      sum(with_resale)::int AS resale,
      sum(with_styling)::int AS styling
    FROM appointments_daily
    WHERE salon_id = ${salonId} AND day >= ${from}::date AND day <= ${to}::date
    GROUP BY 1
    ORDER BY 1`.execute(db);
  return rows.map((row) => ({
    period: row.period,
    appointments: row.appointments,
    withCategory: { TREATMENT: row.treatment, COLOUR: row.colour, HAIRCUT: row.haircut, RESALE: row.resale, STYLING: row.styling },
  }));
}
