import { UTILISATION_THRESHOLDS } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { hoursOfSeconds } from '../../db/staff-hours.js';

export interface UtilisationCellFigures {
  weekday: number;
  hour: number;
  shiftHours: number;
  bookedServiceHours: number;
  utilisation: number | null;
  level: 'OVER' | 'UNDER' | null;
}

/**
 * Shift and booked seconds per ISO weekday and local hour of the salon's days from..to: the sums of
 * two hourly rollups, shift_hourly (db/rollups/hours.ts: the planner shifts split over the local hours they
 * cover, by the local day they start on, as the capacity blocks take them) and booked_hourly (the booked
 * stretches of db/staff-hours.ts by their day, a person's overlapping appointments merged, as
 * everywhere). Local clock times come from AT TIME ZONE when the rollups are written, so a shift running
 * through a DST change counts its wall-clock hours. A prepared statement: two index ranges, planned once;
 * date_part (a double), not extract (a numeric since PostgreSQL 14), costs half as much on a year's ~5,000 rows.
 */
export async function getUtilisationGrid(db: DbOrTx, salonId: number, from: string, to: string): Promise<UtilisationCellFigures[]> {
  const result = await prepared(
    'utilisation-grid',
    sql<{
      weekday: number;
      hour: number;
      shift_seconds: number;
      booked_seconds: number;
    }>`
    SELECT date_part('isodow', x.hour)::int AS weekday, date_part('hour', x.hour)::int AS hour,
      sum(x.shift_seconds) AS shift_seconds, sum(x.booked_seconds) AS booked_seconds
    FROM (
      SELECT sh.hour, sh.seconds AS shift_seconds, 0::bigint AS booked_seconds
      FROM shift_hourly sh WHERE sh.salon_id = ${salonId} AND sh.day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT bh.hour, 0, bh.seconds
      FROM booked_hourly bh WHERE bh.salon_id = ${salonId} AND bh.day BETWEEN ${from}::date AND ${to}::date
    ) x
    GROUP BY 1, 2
    ORDER BY 1, 2
  `,
  ).execute(db);
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
      shiftHours: hoursOfSeconds(shift),
      bookedServiceHours: hoursOfSeconds(booked),
      utilisation,
      level,
    };
  });
}
