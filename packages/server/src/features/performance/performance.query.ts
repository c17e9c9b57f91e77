import type { PerformanceResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { campaignRevenueCentsSql } from '../../lib/campaign-revenue.query.js';
import { addDays, firstOfMonth } from '../../lib/months.js';
import { daysOf, euros, percent, ratio2, SAME_WEEKDAY_DAYS_BACK } from '../../lib/report-range.js';
import { utilisationPercent } from '../../lib/staff-hours.js';

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

/** A month span's sums, and its last day's (the day span, which ends it) under `day_`. */
interface MonthSpanRow extends SpanRow {
  id: number;
  name: string;
  city: string;
  span: 'month' | 'monthLastYear';
  day_appointments: number;
  day_booked_seconds: number;
  day_with_client: number;
  day_rebooked: number;
  day_new_clients: number;
  day_shift_seconds: number;
}

interface TrendRow {
  salon_id: number;
  day: string;
  revenue_cents: number;
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

function figuresOf(row: SpanRow | undefined, from: string, to: string, revenueCents: number): Figures {
  const n = (v: number | undefined) => Number(v ?? 0);
  const appointments = n(row?.appointments);
  return {
    fromDate: from,
    toDate: to,
    revenue: euros(revenueCents),
    appointments,
    averageTicket: ratio2(revenueCents / 100, appointments),
    bookedHours: hours2(n(row?.booked_seconds)),
    shiftHours: hours2(n(row?.shift_seconds)),
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
 * Performance of salons for a day and its month to date, each against the same weekdays a year
 * earlier (364 days back), with the campaign target running on the day. Revenue, DONE
 * appointments and rebooking come from the daily rollups (sales_day_totals, appointments_daily: the
 * figures of the sales report and the check-up), booked service hours, shift hours and
 * utilisation from staff_booked_daily and staff_hours_daily (the sums of lib/staff-hours.ts's
 * bookedSecondsSql and shiftSecondsSql, as staff analysis, full capacity and the check-up), new
 * clients from clients.first_visit, a campaign's revenue from lib/campaign-revenue.query.ts (its listed services and
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
    monthLastYear: [back(monthFrom), back(day)],
  };
  // The day spans end their month spans, so each rollup is scanned once per salon and month span,
  // the day's sums taken with FILTER: half the index scans and a third fewer buffers than one scan
  // per span. Prepared: its text is the same for every day, so it need not be planned on each call.
  const [{ rows }, campaigns, trend] = await Promise.all([
    sql<MonthSpanRow>`/* prepared: performance-spans */
      WITH spans(span, from_day, to_day) AS (VALUES ('month'::text, ${monthFrom}::date, ${day}::date),
        ('monthLastYear'::text, ${back(monthFrom)}::date, ${back(day)}::date))
      SELECT s.id, s.name, s.city, sp.span, a.appointments, a.with_client, a.rebooked, a.day_appointments, a.day_with_client,
        a.day_rebooked, b.booked_seconds, b.day_booked_seconds, n.new_clients, n.day_new_clients, h.shift_seconds, h.day_shift_seconds
      FROM salons s
      CROSS JOIN spans sp
      CROSS JOIN LATERAL (
        SELECT COALESCE(sum(ad.appointments), 0) AS appointments, COALESCE(sum(ad.with_client), 0) AS with_client,
          COALESCE(sum(ad.rebooked), 0) AS rebooked, COALESCE(sum(ad.appointments) FILTER (WHERE ad.day = sp.to_day), 0) AS day_appointments,
          COALESCE(sum(ad.with_client) FILTER (WHERE ad.day = sp.to_day), 0) AS day_with_client,
          COALESCE(sum(ad.rebooked) FILTER (WHERE ad.day = sp.to_day), 0) AS day_rebooked
        FROM appointments_daily ad
        WHERE ad.salon_id = s.id AND ad.day BETWEEN sp.from_day AND sp.to_day
      ) a
      CROSS JOIN LATERAL (
        SELECT COALESCE(sum(bd.booked_seconds), 0) AS booked_seconds,
          COALESCE(sum(bd.booked_seconds) FILTER (WHERE bd.day = sp.to_day), 0) AS day_booked_seconds
        FROM staff_booked_daily bd
        WHERE bd.salon_id = s.id AND bd.day BETWEEN sp.from_day AND sp.to_day
      ) b
      CROSS JOIN LATERAL (
        SELECT count(*) AS new_clients, count(*) FILTER (WHERE c.first_visit = sp.to_day) AS day_new_clients
        FROM clients c
        WHERE c.salon_id = s.id AND c.first_visit BETWEEN sp.from_day AND sp.to_day
      ) n
      CROSS JOIN LATERAL (
        SELECT COALESCE(sum(h.shift_seconds), 0) AS shift_seconds,
          COALESCE(sum(h.shift_seconds) FILTER (WHERE h.day = sp.to_day), 0) AS day_shift_seconds
        FROM staff_hours_daily h
        WHERE h.salon_id = s.id AND h.day BETWEEN sp.from_day AND sp.to_day
      ) h
      ORDER BY s.name, s.id, sp.span`.execute(db),
    sql<CampaignRow>`
      SELECT DISTINCT ON (cs.salon_id) cs.salon_id, c.id AS campaign_id, c.name, c.date_from::text AS date_from,
        c.date_to::text AS date_to, cs.target_cents,
        ${campaignRevenueCentsSql(sql`cs.salon_id`, sql`cs.campaign_id`, sql`c.date_from`, sql`LEAST(c.date_to, ${day}::date)`)} AS revenue_cents
      FROM campaign_salons cs
      JOIN campaigns c ON c.id = cs.campaign_id
      JOIN salons s ON s.id = cs.salon_id
      WHERE ${day}::date BETWEEN c.date_from AND c.date_to AND cs.target_cents > 0
      ORDER BY cs.salon_id, c.date_from DESC, c.id DESC`.execute(db),
    // Per salon and range, so the rollup's (salon_id, day, gender) key bounds each scan. The day's
    // revenue is sales_day_totals' services + products (migration 019: sales_daily's revenue per day
    // and gender, so a few rows a day instead of one per gender, kind, category and walk-in flag).
    sql<TrendRow>`
      SELECT s.id AS salon_id, x.day::text AS day, x.revenue_cents
      FROM salons s
      CROSS JOIN (VALUES (${monthFrom}::date, ${day}::date), (${back(monthFrom)}::date, ${back(day)}::date)) r(from_day, to_day)
      CROSS JOIN LATERAL (
        SELECT d.day, sum(d.services_cents + d.products_cents) AS revenue_cents FROM sales_day_totals d
        WHERE d.salon_id = s.id AND d.day BETWEEN r.from_day AND r.to_day GROUP BY d.day
      ) x`.execute(db),
  ]);
  const trendCents = new Map(trend.rows.map((r) => [`${r.salon_id} ${r.day}`, Number(r.revenue_cents)]));
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

  const bySalon = new Map<number, { id: number; name: string; city: string; spans: Map<SpanName, SpanRow> }>();
  for (const row of rows) {
    let salon = bySalon.get(row.id);
    if (!salon) {
      salon = { id: row.id, name: row.name, city: row.city, spans: new Map() };
      bySalon.set(row.id, salon);
    }
    salon.spans.set(row.span, row);
    salon.spans.set(row.span === 'month' ? 'day' : 'dayLastYear', {
      appointments: row.day_appointments,
      booked_seconds: row.day_booked_seconds,
      with_client: row.day_with_client,
      rebooked: row.day_rebooked,
      new_clients: row.day_new_clients,
      shift_seconds: row.day_shift_seconds,
    });
  }

  // Revenue of a span: its days' revenue from the trend rows (read once from sales_day_totals), which
  // cover the month to date and last year's (the day spans lie inside them).
  const revenueOf = (salonId: number, from: string, to: string) =>
    daysOf(from, to).reduce((sum, d) => sum + (trendCents.get(`${salonId} ${d}`) ?? 0), 0);
  const figures = (salon: { id: number; spans: Map<SpanName, SpanRow> }, name: SpanName) =>
    figuresOf(salon.spans.get(name), spans[name][0], spans[name][1], revenueOf(salon.id, spans[name][0], spans[name][1]));
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
