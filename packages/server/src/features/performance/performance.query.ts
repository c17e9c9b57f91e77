import type { PerformanceResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { hoursOfSeconds, utilisationPercent } from '../../db/staff-hours.js';
import { campaignRevenueCentsSql } from '../../lib/campaign-revenue.query.js';
import { addDays, firstOfMonth } from '../../lib/months.js';
import { daysOf, euros, percent, ratio2, SAME_WEEKDAY_DAYS_BACK, sameDateLastYear } from '../../lib/report-range.js';

type Performance = Static<typeof PerformanceResponse>;
type PerformanceSalon = Performance['salons'][number];
type Figures = PerformanceSalon['day']['current'];
type Campaign = NonNullable<PerformanceSalon['campaign']>;
type Median = Performance['chainMedian']['day'];
type Span = PerformanceSalon['day'];

type SpanName = 'day' | 'month' | 'dayLastYear' | 'monthLastYear';

interface SpanRow {
  appointments: number;
  booked_seconds: number;
  with_client: number;
  rebooked: number;
  new_clients: number;
  shift_seconds: number;
}

/**
 * A salon's sums over a month span from performance_daily, its last day's (the day span, which ends it) under
 * `day_`, and each day's revenue in cents by YYYY-MM-DD (days without a row left out).
 */
interface MonthSpanRow extends SpanRow {
  id: number;
  name: string;
  city: string;
  span: 'month' | 'monthLastYear' | 'dayLastYear';
  revenue_cents: number;
  day_revenue_cents: number;
  day_appointments: number;
  day_booked_seconds: number;
  day_with_client: number;
  day_rebooked: number;
  day_new_clients: number;
  day_shift_seconds: number;
  revenue_by_day: Record<string, number> | null;
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

function figuresOf(row: SpanRow | undefined, from: string, to: string, revenueCents: number): Figures {
  const n = (v: number | undefined) => Number(v ?? 0);
  const appointments = n(row?.appointments);
  return {
    fromDate: from,
    toDate: to,
    revenue: euros(revenueCents),
    appointments,
    averageTicket: ratio2(revenueCents / 100, appointments),
    bookedHours: hoursOfSeconds(n(row?.booked_seconds)),
    shiftHours: hoursOfSeconds(n(row?.shift_seconds)),
    utilisation: utilisationPercent(n(row?.booked_seconds), n(row?.shift_seconds)),
    newClients: n(row?.new_clients),
    rebookingRate: percent(n(row?.rebooked), n(row?.with_client)),
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
 * Performance of salons for a day and its month to date: the day against the same weekday a year
 * earlier (364 days back), the month to date against the same dates a year earlier, with the campaign target running on the day. Every figure is summed from
 * performance_daily (db/rollups/hours.ts: per salon and day, combined from the daily rollups): revenue, DONE
 * appointments and rebooking as sales_day_totals and appointments_daily give them (the figures of the sales
 * report and the check-up), booked service hours, shift hours and utilisation as staff_booked_daily and
 * staff_hours_daily (the sums of db/staff-hours.ts's bookedSecondsSql and shiftSecondsSql, as staff
 * analysis, full capacity and the check-up), new clients by clients.first_visit; a campaign's revenue from lib/campaign-revenue.query.ts (its listed services and
 * products only). `salonIds` null = every salon of the chain. Every salon is computed
 * either way: the chain's median is the yardstick a single salon is set against.
 */
export async function getPerformance(db: DbOrTx, day: string, salonIds: number[] | null): Promise<Performance> {
  const monthFrom = firstOfMonth(day);
  const back = (d: string) => addDays(d, -SAME_WEEKDAY_DAYS_BACK);
  const spans: Record<SpanName, [string, string]> = {
    day: [day, day],
    month: [monthFrom, day],
    dayLastYear: [back(day), back(day)],
    monthLastYear: [sameDateLastYear(monthFrom), sameDateLastYear(day)],
  };
  // Every figure of a salon and day is one row of performance_daily (db/rollups/hours.ts): each salon's month to date,
  // last year's and last year's day are index ranges of ready rows, summed here with the day's figures (FILTER: the day
  // ends its span) and the days' revenue for the trend.
  // OFFSET 0 keeps the ranges per salon: flattened, the generic plan scanned the whole table. Prepared: its
  // text is the same for every day.
  const [{ rows }, campaigns] = await Promise.all([
    prepared(
      'performance-days',
      sql<MonthSpanRow>`
      SELECT s.id, s.name, s.city, r.span, a.revenue_cents, a.appointments, a.with_client, a.rebooked, a.booked_seconds, a.shift_seconds,
        a.new_clients, a.day_revenue_cents, a.day_appointments, a.day_with_client, a.day_rebooked, a.day_booked_seconds,
        a.day_shift_seconds, a.day_new_clients, a.revenue_by_day
      FROM salons s
      CROSS JOIN (VALUES ('month'::text, ${monthFrom}::date, ${day}::date),
        ('monthLastYear'::text, ${sameDateLastYear(monthFrom)}::date, ${sameDateLastYear(day)}::date),
        ('dayLastYear'::text, ${back(day)}::date, ${back(day)}::date)) r(span, from_day, to_day)
      CROSS JOIN LATERAL (
        SELECT COALESCE(sum(d.revenue_cents), 0) AS revenue_cents, COALESCE(sum(d.appointments), 0) AS appointments,
          COALESCE(sum(d.with_client), 0) AS with_client, COALESCE(sum(d.rebooked), 0) AS rebooked,
          COALESCE(sum(d.booked_seconds), 0) AS booked_seconds, COALESCE(sum(d.shift_seconds), 0) AS shift_seconds,
          COALESCE(sum(d.new_clients), 0) AS new_clients,
          COALESCE(sum(d.revenue_cents) FILTER (WHERE d.day = r.to_day), 0) AS day_revenue_cents,
          COALESCE(sum(d.appointments) FILTER (WHERE d.day = r.to_day), 0) AS day_appointments,
          COALESCE(sum(d.with_client) FILTER (WHERE d.day = r.to_day), 0) AS day_with_client,
          COALESCE(sum(d.rebooked) FILTER (WHERE d.day = r.to_day), 0) AS day_rebooked,
          COALESCE(sum(d.booked_seconds) FILTER (WHERE d.day = r.to_day), 0) AS day_booked_seconds,
          COALESCE(sum(d.shift_seconds) FILTER (WHERE d.day = r.to_day), 0) AS day_shift_seconds,
          COALESCE(sum(d.new_clients) FILTER (WHERE d.day = r.to_day), 0) AS day_new_clients,
          json_object_agg(d.day, d.revenue_cents) AS revenue_by_day
        FROM (
          SELECT * FROM performance_daily pd WHERE pd.salon_id = s.id AND pd.day BETWEEN r.from_day AND r.to_day OFFSET 0
        ) d
      ) a
      ORDER BY s.name, s.id, r.span`,
    ).execute(db),
    sql<CampaignRow>`
      SELECT DISTINCT ON (cs.salon_id) cs.salon_id, c.id AS campaign_id, c.name, c.date_from::text AS date_from,
        c.date_to::text AS date_to, cs.target_cents,
        ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`LEAST(c.date_to, ${day}::date)`)} AS revenue_cents
      FROM campaign_salons cs
      JOIN campaigns c ON c.id = cs.campaign_id
      JOIN salons s ON s.id = cs.salon_id
      WHERE ${day}::date BETWEEN c.date_from AND c.date_to AND cs.target_cents > 0
      ORDER BY cs.salon_id, c.date_from DESC, c.id DESC`.execute(db),
  ]);
  // The trend's days; each is set against the same date a year earlier.
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

  type SalonSpans = { id: number; name: string; city: string; spans: Map<SpanName, MonthSpanRow> };
  const bySalon = new Map<number, SalonSpans>();
  for (const row of rows) {
    let salon = bySalon.get(row.id);
    if (!salon) {
      salon = { id: row.id, name: row.name, city: row.city, spans: new Map() };
      bySalon.set(row.id, salon);
    }
    salon.spans.set(row.span, row);
  }

  const figures = (salon: SalonSpans, name: SpanName) => {
    const [from, to] = spans[name];
    const row = salon.spans.get(name === 'day' ? 'month' : name);
    if (name === 'month' || name === 'monthLastYear') return figuresOf(row, from, to, Number(row?.revenue_cents ?? 0));
    const dayRow = row && {
      appointments: row.day_appointments,
      booked_seconds: row.day_booked_seconds,
      with_client: row.day_with_client,
      rebooked: row.day_rebooked,
      new_clients: row.day_new_clients,
      shift_seconds: row.day_shift_seconds,
    };
    return figuresOf(dayRow, from, to, Number(row?.day_revenue_cents ?? 0));
  };
  const revenueOn = (salon: SalonSpans, span: 'month' | 'monthLastYear', d: string) => salon.spans.get(span)?.revenue_by_day?.[d];
  const salons = [...bySalon.values()].map((salon): PerformanceSalon => {
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
        revenue: euros(revenueOn(salon, 'month', d)),
        lastYearRevenue: euros(revenueOn(salon, 'monthLastYear', sameDateLastYear(d))),
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
