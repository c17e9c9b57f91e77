import { UTILISATION_THRESHOLDS } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { withoutJit } from './no-jit.js';

export interface UtilisationCellFigures {
  weekday: number;
  hour: number;
  shiftHours: number;
  bookedServiceHours: number;
  utilisation: number | null;
  level: 'OVER' | 'UNDER' | null;
}

/**
 * Shift and booked seconds per ISO weekday and local hour of the salon's days from..to. Shifts
 * are taken by the local day they start on (as the capacity blocks), the booked stretches of
 * lib/staff-hours.ts by their day (a person's overlapping appointments merged, as everywhere),
 * already split per local hour in the rollup booked_hourly; shifts are split over the local hours
 * they cover here. Local clock times come
 * from AT TIME ZONE, so a shift running through a DST change counts its wall-clock hours. Shifts
 * repeat week after week, so they are first grouped by pattern (local weekday and clock time of
 * the start, wall-clock length), each pattern placed on the same weekday of a fixed week (Monday
 * 2001-01-01) and split once, its seconds multiplied by its count: the same sums as splitting
 * every shift, from a few dozen series instead of thousands.
 */
export async function getUtilisationGrid(db: DbOrTx, salonId: number, from: string, to: string): Promise<UtilisationCellFigures[]> {
  const result = await withoutJit(db, (tx) =>
    sql<{ weekday: number; hour: number; shift_seconds: number; booked_seconds: number }>`
    WITH tz AS (SELECT time_zone FROM salons WHERE id = ${salonId}),
    shifts AS (
      SELECT ut.day_start AT TIME ZONE tz.time_zone AS s, ut.day_end AT TIME ZONE tz.time_zone AS e
      FROM user_timeframes ut CROSS JOIN tz
      WHERE ut.salon_id = ${salonId}
        AND ut.day_start >= (${from}::date - 1)::timestamp AT TIME ZONE 'UTC'
        AND ut.day_start < (${to}::date + 2)::timestamp AT TIME ZONE 'UTC'
        AND (ut.day_start AT TIME ZONE tz.time_zone)::date BETWEEN ${from}::date AND ${to}::date
    ),
    patterns AS (
      SELECT DATE '2001-01-01' + (extract(isodow FROM s)::int - 1) + s::time AS s, e - s AS length, count(*) AS shifts
      FROM shifts GROUP BY 1, 2
    ),
    shift_hours AS (
      SELECT extract(isodow FROM h)::int AS weekday, extract(hour FROM h)::int AS hour,
        sum(sp.shifts * extract(epoch FROM least(sp.s + sp.length, h + interval '1 hour') - greatest(sp.s, h))) AS seconds
      FROM patterns sp
      CROSS JOIN LATERAL generate_series(date_trunc('hour', sp.s), sp.s + sp.length - interval '1 microsecond', interval '1 hour') AS h
      GROUP BY 1, 2
    ),
    booked_hours AS (
      SELECT extract(isodow FROM bh.hour)::int AS weekday, extract(hour FROM bh.hour)::int AS hour, sum(bh.seconds) AS seconds
      FROM booked_hourly bh
      WHERE bh.salon_id = ${salonId} AND bh.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2
    )
    SELECT COALESCE(s.weekday, b.weekday) AS weekday, COALESCE(s.hour, b.hour) AS hour,
           COALESCE(s.seconds, 0) AS shift_seconds, COALESCE(b.seconds, 0) AS booked_seconds
    FROM shift_hours s
    FULL JOIN booked_hours b ON b.weekday = s.weekday AND b.hour = s.hour
    ORDER BY 1, 2
  `.execute(tx),
  );
  return result.rows.map((r) => {
    const shift = Number(r.shift_seconds);
    const booked = Number(r.booked_seconds);
    const utilisation = shift > 0 ? Math.round((booked / shift) * 10_000) / 100 : null;
    const level =
      utilisation === null
        ? booked > 0
          ? 'OVER'
          : null
        : utilisation > UTILISATION_THRESHOLDS.over
          ? 'OVER'
          : utilisation < UTILISATION_THRESHOLDS.under
            ? 'UNDER'
            : null;
    return {
      weekday: r.weekday,
      hour: r.hour,
      shiftHours: Math.round(shift / 36) / 100,
      bookedServiceHours: Math.round(booked / 36) / 100,
      utilisation,
      level,
    };
  });
}
