import type { PerformanceResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { addDays, firstOfMonth } from '../../lib/months.js';
import { daysOf, euros, percent, ratio2, SAME_WEEKDAY_DAYS_BACK } from '../../lib/report-range.js';
import { bookedSecondsByDaySql, shiftSecondsByDaySql, utilisationPercent } from '../../lib/staff-hours.js';

type Performance = Static<typeof PerformanceResponse>;
type PerformanceSalon = Performance['salons'][number];
type Figures = PerformanceSalon['day']['current'];
type Campaign = NonNullable<PerformanceSalon['campaign']>;
type Median = Performance['chainMedian']['day'];
type Span = PerformanceSalon['day'];

type SpanName = 'day' | 'month' | 'dayLastYear' | 'monthLastYear';

/** What a span adds up (cents, seconds, counts). */
interface SpanTotals {
  revenue_cents: number;
  appointments: number;
  booked_seconds: number;
  with_client: number;
  rebooked: number;
  new_clients: number;
  shift_seconds: number;
}

/** One salon's day of one measure: R revenue, A appointments (with client, rebooked), B booked, N new clients, S shifts. */
interface DayRow {
  salon_id: number;
  day: string;
  kind: 'R' | 'A' | 'B' | 'N' | 'S';
  v1: number;
  v2: number;
  v3: number;
}

interface CampaignRow {
  salon_id: number;
  campaign_id: number;
  name: string;
  date_from: string;
  date_to: string;
  target_cents: number;
  revenue_cents: number;
}

const hours2 = (seconds: number) => Math.round(seconds / 36) / 100;

function figuresOf(row: SpanTotals, from: string, to: string): Figures {
  const n = (v: number | undefined) => Number(v ?? 0);
  const revenueCents = row.revenue_cents;
  const appointments = n(row.appointments);
  return {
    fromDate: from,
    toDate: to,
    revenue: euros(revenueCents),
    appointments,
    averageTicket: ratio2(revenueCents / 100, appointments),
    bookedHours: hours2(n(row.booked_seconds)),
    shiftHours: hours2(n(row.shift_seconds)),
    utilisation: utilisationPercent(n(row.booked_seconds), n(row.shift_seconds)),
    newClients: n(row.new_clients),
    rebookingRate: percent(n(row.rebooked), n(row.with_client)),
  };
}

/** The median of the non-null values, 2 decimals; null when there is none. */
export function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  const m = xs.length % 2 === 1 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
  return Math.round(m * 100) / 100;
}

function medianOf(spans: Span[]): Median {
  const of = (pick: (s: Span) => number | null) => median(spans.map(pick));
  return {
    revenue: of((s) => s.current.revenue),
    appointments: of((s) => s.current.appointments),
    averageTicket: of((s) => s.current.averageTicket),
    utilisation: of((s) => s.current.utilisation),
    newClients: of((s) => s.current.newClients),
    rebookingRate: of((s) => s.current.rebookingRate),
    revenueChange: of((s) => s.revenueChange),
  };
}

function change(current: Figures, lastYear: Figures) {
  if (!lastYear.revenue) return null;
  return Math.round(((current.revenue - lastYear.revenue) / lastYear.revenue) * 10_000) / 100;
}

/**
 * Performance of salons for a day and its month to date, each against the same weekdays a year
 * earlier (364 days back), with the campaign target running on the day. Revenue, DONE
 * appointments and rebooking come from the daily rollups (sales_daily, appointments_daily: the
 * figures of the sales report and the check-up), booked service hours, shift hours and
 * utilisation from lib/staff-hours.ts (as staff analysis, full capacity and the check-up), new
 * clients from clients.first_visit. `salonIds` null = every salon of the chain. Every salon is computed
 * either way: the chain's median is the yardstick a single salon is set against.
 */
export async function getPerformance(db: DbOrTx, day: string, salonIds: number[] | null): Promise<Performance> {
  const monthFrom = firstOfMonth(day);
  const back = (d: string) => addDays(d, -SAME_WEEKDAY_DAYS_BACK);
  const spans: Record<SpanName, [string, string]> = {
    day: [day, day],
    month: [monthFrom, day],
    dayLastYear: [back(day), back(day)],
    monthLastYear: [back(monthFrom), back(day)],
  };
  const [salonRows, { rows: dayRows }, campaigns] = await Promise.all([
    db.selectFrom('salons').select(['id', 'name', 'city']).orderBy('name').orderBy('id').execute(),
    // Per salon and day of the month to date and of last year's (the day spans lie inside them),
    // each measure read once, per salon and range so every (salon_id, day, …) key bounds its scan.
    sql<DayRow>`
      SELECT s.id AS salon_id, x.day::text AS day, x.kind, x.v1, x.v2, x.v3
      FROM salons s
      CROSS JOIN (VALUES (${monthFrom}::date, ${day}::date), (${back(monthFrom)}::date, ${back(day)}::date)) r(from_day, to_day)
      CROSS JOIN LATERAL (
        SELECT d.day, 'R' AS kind, sum(d.revenue_cents) AS v1, 0 AS v2, 0 AS v3 FROM sales_daily d
        WHERE d.salon_id = s.id AND d.day BETWEEN r.from_day AND r.to_day GROUP BY d.day
        UNION ALL
        SELECT ad.day, 'A', sum(ad.appointments), sum(ad.with_client), sum(ad.rebooked) FROM appointments_daily ad
        WHERE ad.salon_id = s.id AND ad.day BETWEEN r.from_day AND r.to_day GROUP BY ad.day
        UNION ALL
        SELECT b.day, 'B', b.seconds, 0, 0 FROM (${bookedSecondsByDaySql(sql`s.id`, sql`r.from_day`, sql`r.to_day`)}) b
        UNION ALL
        SELECT c.first_visit, 'N', count(*), 0, 0 FROM clients c
        WHERE c.salon_id = s.id AND c.first_visit BETWEEN r.from_day AND r.to_day GROUP BY c.first_visit
        UNION ALL
        SELECT sh.day, 'S', sh.seconds, 0, 0 FROM (${shiftSecondsByDaySql(sql`s.id`, sql`s.time_zone`, sql`r.from_day`, sql`r.to_day`)}) sh
      ) x`.execute(db),
    sql<CampaignRow>`
      SELECT DISTINCT ON (cs.salon_id) cs.salon_id, c.id AS campaign_id, c.name, c.date_from::text AS date_from,
        c.date_to::text AS date_to, cs.target_cents,
        (SELECT COALESCE(sum(d.revenue_cents), 0) FROM sales_daily d
          WHERE d.salon_id = cs.salon_id AND d.day BETWEEN c.date_from AND LEAST(c.date_to, ${day}::date)) AS revenue_cents
      FROM campaign_salons cs
      JOIN campaigns c ON c.id = cs.campaign_id
      JOIN salons s ON s.id = cs.salon_id
      WHERE ${day}::date BETWEEN c.date_from AND c.date_to AND cs.target_cents > 0
      ORDER BY cs.salon_id, c.date_from DESC, c.id DESC`.execute(db),
  ]);
  const perDay = new Map<string, [number, number, number]>();
  for (const r of dayRows) perDay.set(`${r.salon_id} ${r.kind} ${r.day}`, [Number(r.v1), Number(r.v2), Number(r.v3)]);
  const trendCents = new Map(dayRows.filter((r) => r.kind === 'R').map((r) => [`${r.salon_id} ${r.day}`, Number(r.v1)]));
  const monthDays = daysOf(monthFrom, day);

  const campaignOf = new Map<number, Campaign>(
    campaigns.rows.map((r) => [
      r.salon_id,
      {
        campaignId: r.campaign_id,
        name: r.name,
        fromDate: r.date_from,
        toDate: r.date_to,
        target: euros(r.target_cents),
        revenueToDate: euros(r.revenue_cents),
        achieved: percent(Number(r.revenue_cents), Number(r.target_cents)),
      },
    ]),
  );

  /** A salon's span: the sums of its days. */
  const totalsOf = (salonId: number, from: string, to: string): SpanTotals => {
    const t: SpanTotals = {
      revenue_cents: 0,
      appointments: 0,
      booked_seconds: 0,
      with_client: 0,
      rebooked: 0,
      new_clients: 0,
      shift_seconds: 0,
    };
    for (const d of daysOf(from, to)) {
      const at = (kind: DayRow['kind']) => perDay.get(`${salonId} ${kind} ${d}`);
      t.revenue_cents += at('R')?.[0] ?? 0;
      const a = at('A');
      if (a) {
        t.appointments += a[0];
        t.with_client += a[1];
        t.rebooked += a[2];
      }
      t.booked_seconds += at('B')?.[0] ?? 0;
      t.new_clients += at('N')?.[0] ?? 0;
      t.shift_seconds += at('S')?.[0] ?? 0;
    }
    return t;
  };
  const figures = (salon: { id: number }, name: SpanName) =>
    figuresOf(totalsOf(salon.id, spans[name][0], spans[name][1]), spans[name][0], spans[name][1]);
  const salons = salonRows.map((salon): PerformanceSalon => {
    const dayNow = figures(salon, 'day');
    const dayBefore = figures(salon, 'dayLastYear');
    const monthNow = figures(salon, 'month');
    const monthBefore = figures(salon, 'monthLastYear');
    return {
      salonId: salon.id,
      name: salon.name,
      city: salon.city,
      day: { current: dayNow, lastYear: dayBefore, revenueChange: change(dayNow, dayBefore) },
      monthToDate: { current: monthNow, lastYear: monthBefore, revenueChange: change(monthNow, monthBefore) },
      trend: monthDays.map((d) => ({
        day: d,
        revenue: euros(trendCents.get(`${salon.id} ${d}`)),
        lastYearRevenue: euros(trendCents.get(`${salon.id} ${back(d)}`)),
      })),
      campaign: campaignOf.get(salon.id) ?? null,
    };
  });
  const chainMedian = {
    salons: salons.length,
    day: medianOf(salons.map((s) => s.day)),
    monthToDate: medianOf(salons.map((s) => s.monthToDate)),
  };
  const wanted = salonIds === null ? salons : salons.filter((s) => salonIds.includes(s.salonId));
  return { day, salons: wanted, chainMedian };
}
