import type { DayOfWeekResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { daysOf, euros, type GenderScope, isoWeekday, percent, ratio2 } from '../../lib/report-range.js';
import { emptyMeasures, genderFilter, getSalesMeasures, toMeasures } from '../../lib/sales-measures.query.js';

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

/**
 * The sales measures of a range grouped by ISO weekday, with calendar and open days per weekday (days with a
 * sale line: sales_day_totals rows with lines, one per day and gender).
 */
export async function getDayOfWeek(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
): Promise<Static<typeof DayOfWeekResponse>> {
  const [{ buckets, totals }, open] = await Promise.all([
    getSalesMeasures(db, { salonId, from, to, gender }, 'isodow'),
    sql<{ dow: number; open_days: number }>`
      SELECT extract(isodow FROM day)::int AS dow, count(DISTINCT day) AS open_days
      FROM sales_day_totals WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date AND line_count > 0 ${genderFilter(gender)}
      GROUP BY 1`.execute(db),
  ]);
  const calendarDays = new Array<number>(8).fill(0);
  for (const day of daysOf(from, to)) calendarDays[isoWeekday(day)] = (calendarDays[isoWeekday(day)] ?? 0) + 1;
  const openDays = new Map(open.rows.map((r) => [Number(r.dow), Number(r.open_days)]));
  const total = toMeasures(totals);
  const rows = WEEKDAYS.map((weekday, i) => {
    const raw = buckets.get(String(i + 1)) ?? emptyMeasures();
    const m = toMeasures(raw);
    const opened = openDays.get(i + 1) ?? 0;
    return {
      isoWeekday: i + 1,
      weekday,
      days: calendarDays[i + 1] ?? 0,
      openDays: opened,
      averageRevenuePerOpenDay: opened ? ratio2(euros(raw.servicesCents + raw.productsCents), opened) : 0,
      revenueSharePercent: percent(m.totalRevenue, total.totalRevenue),
      ...m,
    };
  });
  return { salonId, fromDate: from, toDate: to, gender, rows, totals: total };
}
