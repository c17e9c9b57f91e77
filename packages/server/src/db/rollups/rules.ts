import type { ChangedRows, KeySet, StaleRule } from './model.js';

/**
 * Stale rules several families share: the same write moving the same keys is said once here.
 */

/** A sale line written, changed or removed moves its day (old and new). */
export const saleLineDays: StaleRule = {
  source: 'sale_lines',
  why: 'a sale line written, changed or removed moves its day (the old and the new one)',
  keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
};

/** The clients whose gender (or salon) an UPDATE changed, as (salon_id, id) in the old and new salon. */
export function clientsWithNewGender({ oldRows, newRows }: ChangedRows): string {
  return `SELECT x.salon_id, x.id FROM ${oldRows} o JOIN ${newRows} n ON n.id = o.id
    AND (n.gender IS DISTINCT FROM o.gender OR n.salon_id IS DISTINCT FROM o.salon_id)
    CROSS JOIN LATERAL (VALUES (o.salon_id, o.id), (n.salon_id, n.id)) x(salon_id, id)`;
}

/**
 * Every day of each written salon from the earliest day written to its last sale line's day (or the latest
 * written): the days a "next visit after it" rule can reach, found without looking up any row's next visit.
 */
export function daysFromEarliestWritten(changed: string): string {
  return `SELECT m.salon_id, d::date FROM (SELECT salon_id, min(day) AS first, max(day) AS last FROM ${changed} GROUP BY salon_id) m
    CROSS JOIN LATERAL generate_series(m.first, GREATEST(m.last, (SELECT max(sl.day) FROM sale_lines sl WHERE sl.salon_id = m.salon_id)), interval '1 day') d`;
}

/**
 * Every day of each written salon from its first sale line's day to its last (two probes of sale_lines_day_idx):
 * the days any line of its clients can be on, for a write of many clients that would otherwise join each one's lines.
 */
export function everyLineDayOfSalons(changed: string): string {
  return `SELECT w.salon_id, d::date FROM (SELECT DISTINCT salon_id FROM ${changed} WHERE salon_id IS NOT NULL) w
    CROSS JOIN LATERAL (SELECT min(sl.day) AS first, max(sl.day) AS last FROM sale_lines sl WHERE sl.salon_id = w.salon_id) m
    CROSS JOIN LATERAL generate_series(m.first, m.last, interval '1 day') d`;
}

/** A client's gender change moves every day of their sale lines (rows are split by the client's gender). */
export const clientGenderOnSaleLines: StaleRule = {
  source: 'clients',
  on: ['UPDATE'],
  why: "a client's gender decides the gender of their lines: a change moves every day they bought on",
  keys: (rows) => `SELECT sl.salon_id, sl.day FROM (${clientsWithNewGender(rows)}) c
    JOIN sale_lines sl ON sl.salon_id = c.salon_id AND sl.client_id = c.id`,
};

/** FROM text: the salons an UPDATE gave another time zone, old row `o` and new row `n` (local days and hours move). */
export function salonsWithNewZone({ oldRows, newRows }: ChangedRows): string {
  return `${oldRows} o JOIN ${newRows} n ON n.id = o.id AND n.time_zone IS DISTINCT FROM o.time_zone`;
}

/**
 * The runs of consecutive asked days (each day numbered by the first day of its run, in the runs CTE): a row's lag over
 * the asked days' rows is its true previous day when both are in one run, since every day between them was asked.
 * Every day of the salons asked: no runs (`with` and `join` empty), the lag is always the previous day.
 */
export function runsOfAskedDays(keys: KeySet): { with: string; join: (alias: string, day?: string) => string; run: string } {
  if (keys.asked === null) return { with: '', join: () => '', run: 'NULL::date' };
  return {
    with: `WITH runs AS MATERIALIZED (SELECT k.salon_id, k.g, k.g - (row_number() OVER (PARTITION BY k.salon_id ORDER BY k.g))::integer AS run
      FROM (SELECT DISTINCT ks.salon_id, ks.g::date AS g FROM ${keys.asked} ks) k)`,
    join: (alias, day = 'day') => `JOIN runs r ON r.salon_id = ${alias}.salon_id AND r.g = ${alias}.${day}`,
    run: 'r.run',
  };
}
