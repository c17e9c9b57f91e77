import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DayDetailsRow, dayDetailsFigures, getStaffBuckets } from '../features/staff-analysis/staff-analysis.query.js';
import { monthEndOf, monthIndexOf } from '../lib/months.js';
import type { GenderScope } from '../lib/report-range.js';
import { getSalesMeasures, getSalesTotalsFromRaw, type RawMeasures } from '../lib/sales-measures.query.js';
import { createTestApp, insertSalon, insertUser, type TestApp } from '../test/helpers.js';
import { expectPerformanceDailyConsistent } from '../test/performance-daily-check.js';
import { type ReportFixture, seedReportFixture } from '../test/report-fixture.js';
import { CLIENT_VALUES, pickWith, seededRandom, upsertRandomClients } from '../test/rollup-writes.js';
import type { Db } from './database.js';
import { rebuildRollupModel } from './rollups/apply.js';

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await seedReportFixture(t.db);
});
afterAll(() => t.close());

const GENDERS: GenderScope[] = ['ALL', 'MALE', 'FEMALE'];

/** Every day with data in either source, with the rollup and the raw measures of that day. */
async function compareDays(db: Db, salonId: number, from: string, to: string) {
  const days = await sql<{ day: string }>`
    SELECT DISTINCT day::text AS day FROM (
      SELECT day FROM sale_lines WHERE salon_id = ${salonId}
      UNION SELECT day FROM appointments WHERE salon_id = ${salonId}
      UNION SELECT first_visit FROM clients WHERE salon_id = ${salonId} AND first_visit IS NOT NULL) d
    WHERE day BETWEEN ${from}::date AND ${to}::date ORDER BY 1`.execute(db);
  const out: { day: string; gender: GenderScope; rollup: RawMeasures; raw: RawMeasures }[] = [];
  for (const gender of GENDERS) {
    const { buckets } = await getSalesMeasures(db, { salonId, from, to, gender }, 'day');
    for (const { day } of days.rows) {
      const raw = await getSalesTotalsFromRaw(db, { salonId, from: day, to: day, gender });
      const rollup = buckets.get(day) ?? {
        servicesCents: 0,
        productsCents: 0,
        discountCents: 0,
        appointments: 0,
        clients: 0,
        newClients: 0,
      };
      out.push({ day, gender, rollup, raw });
    }
  }
  return out;
}

/**
 * staff_client_days.prev_day (migration 021) equals the person's previous day with the client recomputed
 * from scratch, on every row, so a range's distinct clients (the rows whose prev_day lies before it) are exact.
 */
async function expectStaffPrevDaysConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    SELECT count(*) FILTER (WHERE cd.prev_day IS DISTINCT FROM x.prev) AS n, count(*) AS total FROM staff_client_days cd
    JOIN (SELECT salon_id, staff_id, client_id, day, lag(day) OVER (PARTITION BY salon_id, staff_id, client_id ORDER BY day) AS prev
          FROM staff_client_days) x
      ON x.salon_id = cd.salon_id AND x.staff_id = cd.staff_id AND x.client_id = cd.client_id AND x.day = cd.day`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
  // The reading the staff analysis makes: per range, the rows whose prev_day lies before it = the distinct pairs in it.
  const ranges = await sql<{ from_day: string; counted: number; distinct_pairs: number }>`
    SELECT r.f::text AS from_day,
      (SELECT count(*) FROM staff_client_days cd WHERE cd.day BETWEEN r.f AND r.t AND (cd.prev_day IS NULL OR cd.prev_day < r.f)) AS counted,
      (SELECT count(DISTINCT (cd.salon_id, cd.staff_id, cd.client_id)) FROM staff_client_days cd WHERE cd.day BETWEEN r.f AND r.t) AS distinct_pairs
    FROM (SELECT d::date AS f, (d + interval '1 month' - interval '1 day')::date AS t
          FROM generate_series(DATE '2024-01-01', DATE '2026-12-01', interval '1 month') d
          UNION ALL SELECT DATE '2025-01-01', DATE '2025-12-31' UNION ALL SELECT DATE '2025-03-10', DATE '2025-04-20') r`.execute(db);
  for (const r of ranges.rows)
    expect({ from: r.from_day, n: Number(r.counted) }).toEqual({ from: r.from_day, n: Number(r.distinct_pairs) });
}

/**
 * The raw lines' (person, client) pairs per month (pairs: DONE and walk-in lines with a staff member and a
 * client, gender as the rollups take it) and each with the month of the pair's previous month (pair_months).
 */
const staffPairMonths = sql`
    pairs AS (
      SELECT sl.salon_id, sl.staff_id, sl.client_id, date_trunc('month', sl.day)::date AS month, min(COALESCE(c.gender, 'UNKNOWN')) AS gender
      FROM sale_lines sl
      LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
      LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
      WHERE sl.staff_id IS NOT NULL AND sl.client_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE')
      GROUP BY 1, 2, 3, 4
    ),
    pair_months AS (
      SELECT p.*, lag(p.month) OVER (PARTITION BY p.salon_id, p.staff_id, p.client_id ORDER BY p.month) AS prev_month FROM pairs p
    )`;

/**
 * staff_new_client_months (migration 042) equals its recomputation from the raw sale lines and the
 * clients' first visits, on every row; and a range of whole months' sums equal the distinct pairs of
 * the raw lines in it whose client's first visit falls in it (staff analysis' new clients served).
 */
async function expectStaffNewClientMonthsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number; sums: number }>`
    WITH ${staffPairMonths},
    raw AS (
      SELECT pm.salon_id, pm.month, pm.staff_id, pm.gender, pm.prev_month, date_trunc('month', c.first_visit)::date AS first_month, count(*) AS clients
      FROM pair_months pm JOIN clients c ON c.salon_id = pm.salon_id AND c.id = pm.client_id
      WHERE c.first_visit IS NOT NULL AND (pm.prev_month IS NULL OR pm.prev_month < date_trunc('month', c.first_visit))
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    SELECT
      (SELECT count(*) FROM staff_new_client_months m FULL JOIN raw r
         ON r.salon_id = m.salon_id AND r.month = m.month AND r.staff_id = m.staff_id AND r.gender = m.gender
           AND r.prev_month IS NOT DISTINCT FROM m.prev_month AND r.first_month = m.first_month
       WHERE m.clients IS DISTINCT FROM r.clients) AS n,
      (SELECT count(*) FROM staff_new_client_months) AS total,
      (SELECT count(*) FROM (
         SELECT salon_id, staff_id, gender, sum(clients) AS clients FROM staff_new_client_months
         WHERE month BETWEEN DATE '2025-02-01' AND DATE '2025-11-01' AND first_month BETWEEN DATE '2025-02-01' AND DATE '2025-11-01'
           AND (prev_month IS NULL OR prev_month < DATE '2025-02-01')
         GROUP BY 1, 2, 3) s
       FULL JOIN (
         SELECT p.salon_id, p.staff_id, p.gender, count(DISTINCT p.client_id) AS clients
         FROM pairs p JOIN clients c ON c.salon_id = p.salon_id AND c.id = p.client_id
         WHERE p.month BETWEEN DATE '2025-02-01' AND DATE '2025-11-01' AND c.first_visit BETWEEN DATE '2025-02-01' AND DATE '2025-11-30'
         GROUP BY 1, 2, 3) d
         ON d.salon_id = s.salon_id AND d.staff_id = s.staff_id AND d.gender = s.gender
       WHERE s.clients IS DISTINCT FROM d.clients) AS sums`.execute(db);
  expect([Number(rows[0]?.n), Number(rows[0]?.sums)]).toEqual([0, 0]);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
}

/** staff_feedback_months (migration 042) equals the feedback naming a person summed per month and client gender, on every row. */
async function expectStaffFeedbackMonthsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    SELECT
      (SELECT count(*) FROM staff_feedback_months m FULL JOIN (
         SELECT f.salon_id, date_trunc('month', f.day)::date AS month, f.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender,
           sum(f.score) AS score_sum, count(*) AS answers
         FROM feedback f LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
         WHERE f.staff_id IS NOT NULL GROUP BY 1, 2, 3, 4) r
         ON r.salon_id = m.salon_id AND r.month = m.month AND r.staff_id = m.staff_id AND r.gender = m.gender
       WHERE (m.score_sum, m.answers) IS DISTINCT FROM (r.score_sum, r.answers)) AS n,
      (SELECT count(*) FROM staff_feedback_months) AS total`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
}

/**
 * staff_day_details (migration 045) equals, for every salon, gender scope and day, the staff analysis' day grain summed
 * from its six sources by the report's own statement (getStaffBuckets: staff_daily, staff_client_days with the
 * clients' first visits, staff_booked_daily, staff_hours_daily, feedback and appointments_daily, each checked
 * against the raw tables by the expectations above): the same days, people, figures and open days.
 */
async function expectStaffDayDetailsConsistent(db: Db) {
  const salons = await db.selectFrom('salons').select('id').orderBy('id').execute();
  let compared = 0;
  for (const { id: salonId } of salons) {
    for (const gender of GENDERS) {
      const { rows } = await sql<DayDetailsRow & { day: string }>`
        SELECT * FROM staff_day_details WHERE salon_id = ${salonId} AND gender = ${gender} ORDER BY day, staff_id`.execute(db);
      const rollup = new Map<string, { salonOpenDays: number; staff: Record<number, unknown> }>();
      for (const r of rows) {
        const day = rollup.get(r.day) ?? { salonOpenDays: 0, staff: {} };
        rollup.set(r.day, day);
        if (r.staff_id === 0) day.salonOpenDays = 1;
        else day.staff[r.staff_id] = dayDetailsFigures(r);
      }
      const buckets = await getStaffBuckets(db, salonId, '1900-01-01', '2999-12-31', gender, 'day');
      const summed = new Map(
        [...buckets].map(([day, span]) => [day, { salonOpenDays: span.salonOpenDays, staff: Object.fromEntries(span.staff) }]),
      );
      expect(Object.fromEntries(rollup)).toEqual(Object.fromEntries(summed));
      compared += summed.size;
    }
  }
  expect(compared).toBeGreaterThan(0);
}

/**
 * staff_client_months (migration 030) equals its recomputation from the raw sale lines (each pair's
 * first day in a month, by the month of its previous day), on every row; and whole months' sums
 * equal the distinct (person, client) pairs of the raw lines, per person and gender.
 */
async function expectStaffClientMonthsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number; sums: number }>`
    WITH ${staffPairMonths},
    raw AS (SELECT salon_id, month, staff_id, gender, prev_month, count(*) AS clients FROM pair_months GROUP BY 1, 2, 3, 4, 5)
    SELECT
      (SELECT count(*) FROM staff_client_months m FULL JOIN raw r
         ON r.salon_id = m.salon_id AND r.month = m.month AND r.staff_id = m.staff_id AND r.gender = m.gender
           AND r.prev_month IS NOT DISTINCT FROM m.prev_month
       WHERE m.clients IS DISTINCT FROM r.clients) AS n,
      (SELECT count(*) FROM staff_client_months) AS total,
      (SELECT count(*) FROM (
         SELECT salon_id, staff_id, gender, sum(clients) AS clients FROM staff_client_months
         WHERE month BETWEEN DATE '2025-02-01' AND DATE '2025-11-01' AND (prev_month IS NULL OR prev_month < DATE '2025-02-01')
         GROUP BY 1, 2, 3) s
       FULL JOIN (
         SELECT salon_id, staff_id, gender, count(DISTINCT client_id) AS clients FROM pairs
         WHERE month BETWEEN DATE '2025-02-01' AND DATE '2025-11-01' GROUP BY 1, 2, 3) d
         ON d.salon_id = s.salon_id AND d.staff_id = s.staff_id AND d.gender = s.gender
       WHERE s.clients IS DISTINCT FROM d.clients) AS sums`.execute(db);
  expect([Number(rows[0]?.n), Number(rows[0]?.sums)]).toEqual([0, 0]);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
}

/** staff_monthly (migration 030) equals staff_daily (checked against the raw lines) summed per month, on every row. */
async function expectStaffMonthlyConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    SELECT
      (SELECT count(*) FROM staff_monthly m FULL JOIN (
         SELECT salon_id, date_trunc('month', day)::date AS month, staff_id, gender, sum(earned_cents) AS earned, sum(recommended_cents) AS rec,
           sum(service_cents) AS svc, sum(service_rec_cents) AS svc_rec, sum(product_cents) AS prod, sum(product_rec_cents) AS prod_rec,
           sum(discount_cents) AS disc, sum(discount_rec_cents) AS disc_rec, sum(visits) AS visits, sum(visits_with_product) AS with_product,
           sum(rebooked) AS rebooked
         FROM staff_daily GROUP BY 1, 2, 3, 4) d
         ON d.salon_id = m.salon_id AND d.month = m.month AND d.staff_id = m.staff_id AND d.gender = m.gender
       WHERE (m.earned_cents, m.recommended_cents, m.service_cents, m.service_rec_cents, m.product_cents, m.product_rec_cents, m.discount_cents,
           m.discount_rec_cents, m.visits, m.visits_with_product, m.rebooked)
         IS DISTINCT FROM (d.earned, d.rec, d.svc, d.svc_rec, d.prod, d.prod_rec, d.disc, d.disc_rec, d.visits, d.with_product, d.rebooked)) AS n,
      (SELECT count(*) FROM staff_monthly) AS total`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
}

/**
 * client_days.prev_day and prev_weekday_day equal the previous day (on any weekday, on the same ISO
 * weekday) recomputed from scratch, on every row.
 */
async function expectPrevDaysConsistent(db: Db) {
  const { rows } = await sql<{ n: number; weekday: number }>`
    SELECT count(*) FILTER (WHERE cd.prev_day IS DISTINCT FROM x.prev) AS n,
      count(*) FILTER (WHERE cd.prev_weekday_day IS DISTINCT FROM x.prev_weekday) AS weekday
    FROM client_days cd
    JOIN (SELECT salon_id, client_id, day, lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS prev,
            lag(day) OVER (PARTITION BY salon_id, client_id, extract(isodow FROM day) ORDER BY day) AS prev_weekday
          FROM client_days) x
      ON x.salon_id = cd.salon_id AND x.client_id = cd.client_id AND x.day = cd.day`.execute(db);
  expect({ prevDay: Number(rows[0]?.n), prevWeekdayDay: Number(rows[0]?.weekday) }).toEqual({ prevDay: 0, prevWeekdayDay: 0 });
}

/**
 * client_totals equals each client's client_days summed from scratch (last day, visits, spend), on
 * every row, and the client_days themselves equal the raw sale lines' per client and day; so the
 * last visit on any day D read as client_totals minus the days after D (the status list) equals
 * the raw max(day <= D).
 */
async function expectClientTotalsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; m: number; k: number }>`
    SELECT
      (SELECT count(*) FROM client_totals t
         FULL JOIN (SELECT salon_id, client_id, max(day) AS last_day, sum(appointments) AS visits, sum(revenue_cents) AS revenue
                    FROM client_days GROUP BY 1, 2) x ON x.salon_id = t.salon_id AND x.client_id = t.client_id
       WHERE t.last_day IS DISTINCT FROM x.last_day OR t.visits IS DISTINCT FROM x.visits
         OR t.revenue_cents IS DISTINCT FROM x.revenue) AS n,
      (SELECT count(*) FROM client_days cd
         FULL JOIN (SELECT salon_id, day, client_id, sum(paid_amount_cents) AS revenue, count(DISTINCT appointment_id) AS appointments
                    FROM sale_lines WHERE client_id IS NOT NULL GROUP BY 1, 2, 3) x
           ON x.salon_id = cd.salon_id AND x.day = cd.day AND x.client_id = cd.client_id
       WHERE cd.revenue_cents IS DISTINCT FROM x.revenue OR cd.appointments IS DISTINCT FROM x.appointments) AS m,
      (SELECT count(*) FROM (
         SELECT t.salon_id, t.client_id, d.day AS as_of,
           CASE WHEN a.first_after IS NULL THEN t.last_day
             ELSE (SELECT prev_day FROM client_days p WHERE p.salon_id = t.salon_id AND p.client_id = t.client_id AND p.day = a.first_after) END AS derived,
           (SELECT max(s.day) FROM sale_lines s WHERE s.salon_id = t.salon_id AND s.client_id = t.client_id AND s.day <= d.day) AS raw
         FROM client_totals t
         CROSS JOIN (SELECT DISTINCT day FROM client_days) d
         LEFT JOIN LATERAL (SELECT min(day) AS first_after FROM client_days n WHERE n.salon_id = t.salon_id AND n.client_id = t.client_id AND n.day > d.day) a ON true
       ) z WHERE z.derived IS DISTINCT FROM z.raw) AS k`.execute(db);
  expect([Number(rows[0]?.n), Number(rows[0]?.m), Number(rows[0]?.k)]).toEqual([0, 0, 0]);
}

/**
 * client_years (migration 041) equals client_days summed from scratch per salon, calendar year,
 * client and gender (visits, revenue, service and product revenue, last day, last day with an
 * appointment and that day's appointment id, whether it is the client's only gender that year), on every row.
 */
async function expectClientYearsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    SELECT
      (SELECT count(*) FROM client_years y
         FULL JOIN (
           SELECT salon_id, date_trunc('year', day)::date AS year, client_id, gender, sum(appointments) AS visits, sum(revenue_cents) AS revenue,
             sum(service_revenue_cents) AS services, sum(product_revenue_cents) AS products, max(day) AS last_day,
             max(day) FILTER (WHERE last_appointment_id IS NOT NULL) AS appointment_day,
             count(*) OVER (PARTITION BY salon_id, date_trunc('year', day)::date, client_id) = 1 AS single_gender
           FROM client_days GROUP BY 1, 2, 3, 4) x
           ON x.salon_id = y.salon_id AND x.year = y.year AND x.client_id = y.client_id AND x.gender = y.gender
         LEFT JOIN client_days a ON a.salon_id = x.salon_id AND a.client_id = x.client_id AND a.day = x.appointment_day
       WHERE (y.appointments, y.revenue_cents, y.service_revenue_cents, y.product_revenue_cents, y.last_day, y.last_appointment_day,
           y.last_appointment_id, y.single_gender)
         IS DISTINCT FROM (x.visits, x.revenue, x.services, x.products, x.last_day, x.appointment_day, a.last_appointment_id,
           x.single_gender)) AS n,
      (SELECT count(*) FROM client_years) AS total`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
}

/**
 * appointments_daily.with_client / rebooked equal the raw computation, on every row. Written
 * apart from db/staff-hours.ts (lead() over the client's not-cancelled appointments): a DONE
 * visit is rebooked when the next one was booked at most 7 days after the visit ended.
 */
async function expectRebookingConsistent(db: Db) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM appointments_daily ad
    FULL JOIN (
      SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender,
        count(*) FILTER (WHERE a.client_id IS NOT NULL) AS with_client,
        count(*) FILTER (WHERE a.client_id IS NOT NULL AND a.next_booked_at <= a.end_at + interval '7 days') AS rebooked
      FROM (
        SELECT x.*, lead(x.booked_at) OVER (PARTITION BY x.salon_id, x.client_id ORDER BY x.start_at, x.id) AS next_booked_at
        FROM appointments x WHERE x.status <> 'CANCELLED'
      ) a
      LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
      WHERE a.status = 'DONE' GROUP BY 1, 2, 3
    ) x ON x.salon_id = ad.salon_id AND x.day = ad.day AND x.gender = ad.gender
    WHERE ad.with_client IS DISTINCT FROM x.with_client OR ad.rebooked IS DISTINCT FROM x.rebooked`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * staff_booked_daily equals the raw booked seconds on every row: per salon, day and person the
 * DONE and BOOKED appointments, a person's overlaps counted once (here by walking the
 * appointments in start order and counting only what runs past the latest end so far); with no
 * staff each on its own.
 */
async function expectStaffBookedConsistent(db: Db) {
  const { rows } = await sql<{ n: number }>`
    WITH ordered AS (
      SELECT a.salon_id, a.day, COALESCE(a.staff_id, 0) AS staff_id, a.start_at, a.end_at,
        max(a.end_at) OVER (PARTITION BY a.salon_id, a.day, a.staff_id ORDER BY a.start_at, a.id
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached
      FROM appointments a WHERE a.status IN ('DONE', 'BOOKED') AND a.end_at > a.start_at
    ),
    raw AS (
      SELECT salon_id, day, staff_id,
        sum(CASE WHEN staff_id = 0 OR reached IS NULL THEN extract(epoch FROM end_at - start_at)
                 ELSE greatest(0, extract(epoch FROM end_at - greatest(start_at, reached))) END)::bigint AS seconds
      FROM ordered GROUP BY 1, 2, 3
    )
    SELECT count(*) AS n FROM staff_booked_daily bd
    FULL JOIN raw ON raw.salon_id = bd.salon_id AND raw.day = bd.day AND raw.staff_id = bd.staff_id
    WHERE bd.booked_seconds IS DISTINCT FROM raw.seconds`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  // booked_hourly (the grid's) splits the same seconds over local hours: per salon and day they add up the same
  const hourly = await sql<{ n: number }>`
    SELECT count(*) AS n FROM (SELECT salon_id, day, sum(booked_seconds) AS s FROM staff_booked_daily GROUP BY 1, 2) d
    FULL JOIN (SELECT salon_id, day, sum(seconds) AS s FROM booked_hourly GROUP BY 1, 2) h ON h.salon_id = d.salon_id AND h.day = d.day
    WHERE d.s IS DISTINCT FROM h.s`.execute(db);
  expect(Number(hourly.rows[0]?.n)).toBe(0);
}

/** visit_hours equals the DONE appointments counted per salon, day and local start hour (the salon's zone), recomputed. */
async function expectVisitHoursConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    WITH raw AS (
      SELECT a.salon_id, a.day, date_trunc('hour', a.start_at AT TIME ZONE z.time_zone) AS hour, count(*) AS visits
      FROM appointments a JOIN salons z ON z.id = a.salon_id WHERE a.status = 'DONE' GROUP BY 1, 2, 3
    )
    SELECT count(*) FILTER (WHERE v.visits IS DISTINCT FROM raw.visits) AS n, count(*) AS total FROM visit_hours v
    FULL JOIN raw ON raw.salon_id = v.salon_id AND raw.day = v.day AND raw.hour = v.hour`.execute(db);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * staff_daily and staff_client_days equal the raw sale lines on every row (rebooking by lead(), as
 * expectRebookingConsistent): per salon, day, staff member and client gender.
 */
async function expectStaffDailyConsistent(db: Db) {
  const { rows } = await sql<{ n: number; m: number }>`
    WITH nxt AS (
      SELECT x.salon_id, x.id, x.status, x.client_id, x.end_at,
        lead(x.booked_at) OVER (PARTITION BY x.salon_id, x.client_id ORDER BY x.start_at, x.id) AS next_booked_at
      FROM appointments x WHERE x.status <> 'CANCELLED'
    ),
    l AS (
      SELECT sl.*, COALESCE(c.gender, 'UNKNOWN') AS g, n.client_id AS visit_client, n.end_at, n.next_booked_at
      FROM sale_lines sl
      LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
      LEFT JOIN nxt n ON n.salon_id = sl.salon_id AND n.id = sl.appointment_id
      WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR n.status = 'DONE')
    ),
    raw AS (
      SELECT salon_id, day, staff_id, g, sum(paid_amount_cents) AS earned,
        COALESCE(sum(paid_amount_cents) FILTER (WHERE recommended), 0) AS rec,
        COALESCE(sum(paid_amount_cents) FILTER (WHERE kind = 'PRODUCT'), 0) AS prod,
        COALESCE(sum(discount_cents) FILTER (WHERE recommended), 0) AS disc_rec,
        count(DISTINCT appointment_id) AS visits,
        count(DISTINCT appointment_id) FILTER (WHERE kind = 'PRODUCT') AS with_product,
        count(DISTINCT appointment_id) FILTER (WHERE visit_client IS NOT NULL AND next_booked_at <= end_at + interval '7 days') AS rebooked
      FROM l GROUP BY 1, 2, 3, 4
    )
    SELECT
      (SELECT count(*) FROM staff_daily d FULL JOIN raw r
         ON r.salon_id = d.salon_id AND r.day = d.day AND r.staff_id = d.staff_id AND r.g = d.gender
       WHERE d.earned_cents IS DISTINCT FROM r.earned OR d.recommended_cents IS DISTINCT FROM r.rec
         OR d.product_cents IS DISTINCT FROM r.prod OR d.discount_rec_cents IS DISTINCT FROM r.disc_rec
         OR d.visits IS DISTINCT FROM r.visits OR d.visits_with_product IS DISTINCT FROM r.with_product
         OR d.rebooked IS DISTINCT FROM r.rebooked) AS n,
      (SELECT count(*) FROM staff_client_days cd
         FULL JOIN (SELECT DISTINCT salon_id, day, staff_id, client_id, g FROM l WHERE client_id IS NOT NULL) r
         ON r.salon_id = cd.salon_id AND r.day = cd.day AND r.staff_id = cd.staff_id AND r.client_id = cd.client_id
       WHERE cd.gender IS DISTINCT FROM r.g) AS m`.execute(db);
  expect([Number(rows[0]?.n), Number(rows[0]?.m)]).toEqual([0, 0]);
}

/** item_staff_daily (migration 020) equals the raw sale lines on every row: per salon, day, kind, item and staff member. */
async function expectItemStaffConsistent(db: Db) {
  const { rows } = await sql<{ n: number; rows: number }>`
    WITH raw AS (
      SELECT salon_id, day, kind, COALESCE(service_id, product_id) AS item_id, staff_id, sum(quantity) AS qty, count(*) AS lines,
        sum(paid_amount_cents) AS paid, sum(list_amount_cents) AS list, sum(discount_cents) AS disc,
        COALESCE(sum(quantity) FILTER (WHERE appointment_id IS NULL), 0) AS walk_in,
        COALESCE(sum(quantity) FILTER (WHERE recommended), 0) AS rec
      FROM sale_lines GROUP BY 1, 2, 3, 4, 5
    )
    SELECT (SELECT count(*) FROM raw) AS rows,
      (SELECT count(*) FROM item_staff_daily d FULL JOIN raw r
         ON r.salon_id = d.salon_id AND r.day = d.day AND r.kind = d.kind AND r.item_id = d.item_id
           AND r.staff_id IS NOT DISTINCT FROM d.staff_id
       WHERE d.quantity IS DISTINCT FROM r.qty OR d.line_count IS DISTINCT FROM r.lines OR d.revenue_cents IS DISTINCT FROM r.paid
         OR d.list_cents IS DISTINCT FROM r.list OR d.discount_cents IS DISTINCT FROM r.disc
         OR d.walk_in_quantity IS DISTINCT FROM r.walk_in OR d.recommended_quantity IS DISTINCT FROM r.rec) AS n`.execute(db);
  expect(Number(rows[0]?.rows)).toBeGreaterThan(0);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * staff_items_daily (migration 025) equals the raw lines StaffItems counts on every row: per salon, person,
 * day, kind and item, the lines naming a person that are walk-ins or belong to a DONE appointment.
 */
async function expectStaffItemsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; rows: number }>`
    WITH raw AS (
      SELECT sl.salon_id, sl.staff_id, sl.day, sl.kind, COALESCE(sl.service_id, sl.product_id) AS item_id, sum(sl.quantity) AS qty,
        sum(sl.paid_amount_cents) AS paid, COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0) AS rec_qty,
        COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.recommended), 0) AS rec_paid
      FROM sale_lines sl LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
      WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE')
      GROUP BY 1, 2, 3, 4, 5
    )
    SELECT (SELECT count(*) FROM raw) AS rows,
      (SELECT count(*) FROM staff_items_daily d FULL JOIN raw r
         ON r.salon_id = d.salon_id AND r.staff_id = d.staff_id AND r.day = d.day AND r.kind = d.kind AND r.item_id = d.item_id
       WHERE d.quantity IS DISTINCT FROM r.qty OR d.revenue_cents IS DISTINCT FROM r.paid
         OR d.recommended_quantity IS DISTINCT FROM r.rec_qty OR d.recommended_revenue_cents IS DISTINCT FROM r.rec_paid) AS n`.execute(db);
  expect(Number(rows[0]?.rows)).toBeGreaterThan(0);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * item_client_months (migration 028) answers every range that starts on the 1st of a month: for each
 * such start and every day with lines after it, the sum of its rows with prev_month before the start
 * equals the distinct clients of each item (and of each kind, item 0) counted on the raw sale lines.
 */
async function expectItemClientsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; ranges: number }>`
    WITH lines AS (
      SELECT salon_id, kind, COALESCE(service_id, product_id) AS item, client_id, day FROM sale_lines WHERE client_id IS NOT NULL
    ),
    ranges AS (
      SELECT DISTINCT s.salon_id, s.f, e.day AS t
      FROM (SELECT DISTINCT salon_id, date_trunc('month', day)::date AS f FROM lines) s
      JOIN lines e ON e.salon_id = s.salon_id AND e.day >= s.f
    ),
    raw AS (
      SELECT r.salon_id, r.f, r.t, l.kind, COALESCE(l.item, 0) AS item, count(DISTINCT l.client_id) AS n
      FROM ranges r JOIN lines l ON l.salon_id = r.salon_id AND l.day BETWEEN r.f AND r.t
      GROUP BY GROUPING SETS ((r.salon_id, r.f, r.t, l.kind, l.item), (r.salon_id, r.f, r.t, l.kind))
    ),
    roll AS (
      SELECT r.salon_id, r.f, r.t, m.kind, m.item_id AS item, sum(m.clients) AS n
      FROM ranges r JOIN item_client_months m ON m.salon_id = r.salon_id AND m.day BETWEEN r.f AND r.t
        AND (m.prev_month IS NULL OR m.prev_month < r.f)
      GROUP BY 1, 2, 3, 4, 5
    )
    SELECT (SELECT count(*) FROM ranges) AS ranges,
      (SELECT count(*) FROM raw FULL JOIN roll USING (salon_id, f, t, kind, item) WHERE raw.n IS DISTINCT FROM roll.n) AS n`.execute(db);
  expect(Number(rows[0]?.ranges)).toBeGreaterThan(0);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * client_visit_months and client_cohort_months (migration 039) equal their recomputation from the raw
 * sale lines and clients, on every row: per client and month the first and last day, the previous
 * visit before the month, the visits (appointments per day) and spend, and the client's gender, birth
 * date and first visit; per month and month of first visit the clients, visits and spend.
 */
async function expectClientVisitMonthsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; cohorts: number; total: number }>`
    WITH days AS (
      SELECT salon_id, client_id, day, count(DISTINCT appointment_id) AS visits, sum(paid_amount_cents) AS revenue,
        lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS prev
      FROM sale_lines WHERE client_id IS NOT NULL GROUP BY salon_id, client_id, day
    ),
    raw AS (
      SELECT d.salon_id, d.client_id, date_trunc('month', d.day)::date AS month, min(d.day) AS first_day, max(d.day) AS last_day,
        min(d.prev) FILTER (WHERE d.prev < date_trunc('month', d.day)::date) AS prev_day, sum(d.visits) AS visits,
        sum(d.revenue) AS revenue, min(c.gender) AS gender, min(c.birth_date) AS birth_date, min(c.first_visit) AS first_visit
      FROM days d JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id
      GROUP BY 1, 2, 3
    ),
    cohorts AS (
      SELECT salon_id, month, date_trunc('month', first_visit)::date AS first_month, count(*) AS clients, sum(visits) AS visits,
        sum(revenue) AS revenue
      FROM raw GROUP BY 1, 2, 3
    )
    SELECT (SELECT count(*) FROM raw) AS total,
      (SELECT count(*) FROM client_visit_months m FULL JOIN raw r ON r.salon_id = m.salon_id AND r.client_id = m.client_id AND r.month = m.month
       WHERE (m.first_day, m.last_day, m.prev_day, m.visits, m.revenue_cents, m.gender, m.birth_date, m.first_visit)
         IS DISTINCT FROM (r.first_day, r.last_day, r.prev_day, r.visits, r.revenue, r.gender, r.birth_date, r.first_visit)) AS n,
      (SELECT count(*) FROM client_cohort_months m FULL JOIN cohorts r
         ON r.salon_id = m.salon_id AND r.month = m.month AND r.first_month IS NOT DISTINCT FROM m.first_month
       WHERE (m.clients, m.visits, m.revenue_cents) IS DISTINCT FROM (r.clients, r.visits, r.revenue)) AS cohorts`.execute(db);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
  expect([Number(rows[0]?.n), Number(rows[0]?.cohorts)]).toEqual([0, 0]);
}

/** appointments_daily.with_haircut / with_styling / with_resale (salon growth) equal the raw lines, on every row. */
async function expectGrowthFlagsConsistent(db: Db) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM appointments_daily ad
    FULL JOIN (
      SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM sale_lines l WHERE l.salon_id = a.salon_id AND l.appointment_id = a.id
          AND l.kind = 'SERVICE' AND l.category = 'HAIRCUT')) AS haircut,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM sale_lines l WHERE l.salon_id = a.salon_id AND l.appointment_id = a.id
          AND l.kind = 'SERVICE' AND l.category = 'STYLING')) AS styling,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM sale_lines l WHERE l.salon_id = a.salon_id AND l.appointment_id = a.id
          AND l.kind = 'PRODUCT' AND l.category = 'RESALE')) AS resale
      FROM appointments a LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
      WHERE a.status = 'DONE' GROUP BY 1, 2, 3
    ) x ON x.salon_id = ad.salon_id AND x.day = ad.day AND x.gender = ad.gender
    WHERE ad.with_haircut IS DISTINCT FROM x.haircut OR ad.with_styling IS DISTINCT FROM x.styling
      OR ad.with_resale IS DISTINCT FROM x.resale`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * Migration 023: service_units_daily = the SERVICE quantities of sales_daily per salon and day, and
 * professional_use_daily = -sum(quantity x unit cost) of the INTERNAL_USE movements of PROFESSIONAL
 * products per salon and day (rows only where there are some), on every row.
 */
async function expectProfessionalUseConsistent(db: Db) {
  const { rows } = await sql<{ n: number; m: number }>`
    SELECT
      (SELECT count(*) FROM service_units_daily su
        FULL JOIN (SELECT salon_id, day, sum(quantity) AS services FROM sales_daily WHERE kind = 'SERVICE' GROUP BY 1, 2) x
          ON x.salon_id = su.salon_id AND x.day = su.day
        WHERE su.services IS DISTINCT FROM x.services) AS n,
      (SELECT count(*) FROM professional_use_daily pu
        FULL JOIN (SELECT m.salon_id, m.day, -sum(m.quantity * m.unit_cost_cents) AS cost FROM stock_movements m
            JOIN products p ON p.id = m.product_id AND p.category = 'PROFESSIONAL'
          WHERE m.type = 'INTERNAL_USE' GROUP BY 1, 2) x
          ON x.salon_id = pu.salon_id AND x.day = pu.day
        WHERE pu.cost_cents IS DISTINCT FROM x.cost) AS m`.execute(db);
  expect([Number(rows[0]?.n), Number(rows[0]?.m)]).toEqual([0, 0]);
}

/**
 * Migration 040: client_quality_counts = the records per salon, creator, dq_flags and dq_score, on every
 * row (no key at 0). Migration 047: client_duplicate_candidates = the records whose non-blank name key two
 * or more records of their salon hold, with their fields as the records have them, for every such name key.
 */
async function expectClientQualityCountsConsistent(db: Db) {
  const candidates = await sql<{ d: number }>`
    SELECT count(*) AS d FROM client_duplicate_candidates r
    FULL JOIN (
      SELECT c.salon_id, c.dq_name_key, c.id, c.dq_phone_key, c.dq_email_key, c.created_by, c.dq_score, c.birth_date,
        c.first_name, c.last_name, c.phone, c.email
      FROM clients c
      WHERE c.dq_name_key <> '' AND (SELECT count(*) FROM clients o WHERE o.salon_id = c.salon_id AND o.dq_name_key = c.dq_name_key) > 1
    ) x ON x.salon_id = r.salon_id AND x.id = r.id
    WHERE (r.name_key, r.phone_key, r.email_key, r.created_by, r.dq_score, r.birth_date, r.first_name, r.last_name, r.phone, r.email)
      IS DISTINCT FROM (x.dq_name_key, x.dq_phone_key, x.dq_email_key, x.created_by, x.dq_score, x.birth_date, x.first_name,
        x.last_name, x.phone, x.email)`.execute(db);
  expect(Number(candidates.rows[0]?.d)).toBe(0);
  const { rows } = await sql<{ q: number; n: number }>`
    SELECT
      (SELECT count(*) FROM client_quality_counts r
        FULL JOIN (SELECT salon_id, created_by, dq_flags, dq_score, count(*) AS clients FROM clients GROUP BY 1, 2, 3, 4) x
          ON x.salon_id = r.salon_id AND x.created_by IS NOT DISTINCT FROM r.created_by AND x.dq_flags = r.dq_flags AND x.dq_score = r.dq_score
        WHERE r.clients IS DISTINCT FROM x.clients) AS q,
      (SELECT count(*) FROM (SELECT DISTINCT salon_id, name_key FROM client_duplicate_candidates) r
        FULL JOIN (SELECT salon_id, dq_name_key FROM clients WHERE dq_name_key <> '' GROUP BY 1, 2 HAVING count(*) > 1) x
          ON x.salon_id = r.salon_id AND x.dq_name_key = r.name_key
        WHERE r.name_key IS NULL OR x.dq_name_key IS NULL) AS n`.execute(db);
  expect([Number(rows[0]?.q), Number(rows[0]?.n)]).toEqual([0, 0]);
}

/**
 * Migration 040: place_months = per salon, month, previous visit's month (recomputed here with lag())
 * and the client's trimmed city and postal code, the client_days rows joined to their client, the
 * located ones, their coordinates' exact sums and the revenue, on every row (no key without rows).
 */
async function expectPlaceMonthsConsistent(db: Db) {
  const { rows } = await sql<{ n: number; total: number }>`
    WITH d AS (
      SELECT salon_id, client_id, day, revenue_cents, lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS prev_day FROM client_days
    ),
    x AS (
      SELECT d.salon_id, date_trunc('month', d.day)::date AS month, date_trunc('month', d.prev_day)::date AS prev_month,
        NULLIF(btrim(c.city), '') AS city, NULLIF(btrim(c.postal_code), '') AS postal_code, count(*) AS days,
        count(*) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL) AS located_days,
        coalesce(sum(c.latitude::numeric) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL), 0) AS latitude_sum,
        coalesce(sum(c.longitude::numeric) FILTER (WHERE c.latitude IS NOT NULL AND c.longitude IS NOT NULL), 0) AS longitude_sum,
        sum(d.revenue_cents) AS revenue_cents
      FROM d JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id GROUP BY 1, 2, 3, 4, 5
    )
    SELECT count(*) FILTER (WHERE (r.days, r.located_days, r.latitude_sum, r.longitude_sum, r.revenue_cents)
        IS DISTINCT FROM (x.days, x.located_days, x.latitude_sum, x.longitude_sum, x.revenue_cents)) AS n, count(*) AS total
    FROM place_months r
    FULL JOIN x ON x.salon_id = r.salon_id AND x.month = r.month AND x.prev_month IS NOT DISTINCT FROM r.prev_month
      AND x.city IS NOT DISTINCT FROM r.city AND x.postal_code IS NOT DISTINCT FROM r.postal_code`.execute(db);
  expect(Number(rows[0]?.total)).toBeGreaterThan(0);
  expect(Number(rows[0]?.n)).toBe(0);
}

/** Migration 023: stock_monthly = per salon, product and month the movements' quantity and count, on every row. */
async function expectStockMonthlyConsistent(db: Db) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM stock_monthly r
    FULL JOIN (SELECT salon_id, product_id, date_trunc('month', day)::date AS month, sum(quantity) AS quantity, count(*) AS movements
        FROM stock_movements GROUP BY 1, 2, 3) x
      ON x.salon_id = r.salon_id AND x.product_id = r.product_id AND x.month = r.month
    WHERE r.quantity IS DISTINCT FROM x.quantity OR r.movements IS DISTINCT FROM x.movements`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
}

/**
 * sales_day_totals, sales_month_totals and client_months (migration 019) equal the raw tables on
 * every row: per salon, day (month) and client gender the revenue, discount and lines of the sale
 * lines, the DONE appointments and the clients with a line that day; per month the clients by the
 * month of their previous visit (null for a first visit), recomputed here with lag() over the
 * clients' days of the raw sale lines; discounted_appointments holds the appointments whose lines
 * have a positive discount in total, with their sums; item_staff_months holds the sums of the lines per
 * month, kind, item and staff member.
 */
async function expectMonthRollupsConsistent(db: Db) {
  const { rows } = await sql<{ d: number; m: number; c: number; a: number; i: number }>`
    WITH lines AS (
      SELECT sl.*, COALESCE(c.gender, 'UNKNOWN') AS g FROM sale_lines sl LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
    ),
    raw_days AS (
      SELECT salon_id, day, g AS gender, sum(s) AS s, sum(p) AS p, sum(d) AS d, sum(l) AS l, sum(a) AS a, sum(n) AS n FROM (
        SELECT salon_id, day, g, CASE WHEN kind = 'SERVICE' THEN paid_amount_cents ELSE 0 END AS s,
          CASE WHEN kind = 'PRODUCT' THEN paid_amount_cents ELSE 0 END AS p, discount_cents AS d, 1 AS l, 0 AS a, 0 AS n FROM lines
        UNION ALL
        SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN'), 0, 0, 0, 0, 1, 0 FROM appointments a
          LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id WHERE a.status = 'DONE'
        UNION ALL
        SELECT salon_id, day, min(g), 0, 0, 0, 0, 0, 1 FROM lines WHERE client_id IS NOT NULL GROUP BY salon_id, day, client_id
      ) x GROUP BY 1, 2, 3
    ),
    visits AS (
      SELECT salon_id, client_id, day, min(g) AS gender, lag(day) OVER (PARTITION BY salon_id, client_id ORDER BY day) AS prev
      FROM lines WHERE client_id IS NOT NULL GROUP BY salon_id, client_id, day
    ),
    raw_client_months AS (
      SELECT salon_id, date_trunc('month', day)::date AS month, gender, date_trunc('month', prev)::date AS prev_month, count(*) AS n
      FROM visits WHERE prev IS NULL OR prev < date_trunc('month', day) GROUP BY 1, 2, 3, 4
    )
    SELECT
      (SELECT count(*) FROM sales_day_totals t FULL JOIN raw_days r ON r.salon_id = t.salon_id AND r.day = t.day AND r.gender = t.gender
       WHERE (t.services_cents, t.products_cents, t.discount_cents, t.line_count, t.appointments, t.clients)
         IS DISTINCT FROM (r.s, r.p, r.d, r.l, r.a, r.n)) AS d,
      (SELECT count(*) FROM sales_month_totals t
         FULL JOIN (SELECT salon_id, date_trunc('month', day)::date AS month, gender, sum(s) AS s, sum(p) AS p, sum(d) AS d, sum(l) AS l,
                      sum(a) AS a FROM raw_days GROUP BY 1, 2, 3) r
           ON r.salon_id = t.salon_id AND r.month = t.month AND r.gender = t.gender
       WHERE (t.services_cents, t.products_cents, t.discount_cents, t.line_count, t.appointments)
         IS DISTINCT FROM (r.s, r.p, r.d, r.l, r.a)) AS m,
      (SELECT count(*) FROM client_months t
         FULL JOIN raw_client_months r ON r.salon_id = t.salon_id AND r.month = t.month AND r.gender = t.gender
           AND r.prev_month IS NOT DISTINCT FROM t.prev_month
       WHERE t.clients IS DISTINCT FROM r.n) AS c,
      (SELECT count(*) FROM discounted_appointments t
         FULL JOIN (SELECT salon_id, appointment_id, min(day) AS day, min(client_id) AS client_id, sum(discount_cents) AS disc,
                      sum(paid_amount_cents) AS paid, sum(list_amount_cents) AS list, count(*) AS lines,
                      sum(discount_cents) FILTER (WHERE kind = 'SERVICE') AS s_disc, sum(paid_amount_cents) FILTER (WHERE kind = 'PRODUCT') AS p_paid
                    FROM sale_lines WHERE appointment_id IS NOT NULL GROUP BY 1, 2 HAVING sum(discount_cents) > 0) r
           ON r.salon_id = t.salon_id AND r.appointment_id = t.appointment_id
       WHERE (t.day, t.client_id, COALESCE(t.s_disc, 0) + COALESCE(t.p_disc, 0), COALESCE(t.s_paid, 0) + COALESCE(t.p_paid, 0),
              COALESCE(t.s_list, 0) + COALESCE(t.p_list, 0), t.s_lines + t.p_lines, t.s_disc, t.p_paid)
         IS DISTINCT FROM (r.day, r.client_id, r.disc, r.paid, r.list, r.lines, r.s_disc, r.p_paid)) AS a,
      (SELECT count(*) FROM item_staff_months t
         FULL JOIN (SELECT salon_id, date_trunc('month', day)::date AS month, kind, COALESCE(service_id, product_id) AS item_id, staff_id,
                      sum(quantity) AS q, count(*) AS l, sum(paid_amount_cents) AS r, sum(list_amount_cents) AS li, sum(discount_cents) AS d,
                      COALESCE(sum(quantity) FILTER (WHERE appointment_id IS NULL), 0) AS w,
                      COALESCE(sum(quantity) FILTER (WHERE recommended), 0) AS rq
                    FROM sale_lines GROUP BY 1, 2, 3, 4, 5) r
           ON r.salon_id = t.salon_id AND r.month = t.month AND r.kind = t.kind AND r.item_id = t.item_id
           AND r.staff_id IS NOT DISTINCT FROM t.staff_id
       WHERE (t.quantity, t.line_count, t.revenue_cents, t.list_cents, t.discount_cents, t.walk_in_quantity, t.recommended_quantity)
         IS DISTINCT FROM (r.q, r.l, r.r, r.li, r.d, r.w, r.rq)) AS i`.execute(db);
  expect([Number(rows[0]?.d), Number(rows[0]?.m), Number(rows[0]?.c), Number(rows[0]?.a), Number(rows[0]?.i)]).toEqual([0, 0, 0, 0, 0]);
}

/**
 * recap_daily (migration 051) equals, for every salon, gender scope and day, the salon recap's sums of the three day
 * rollups it combines (each checked against the raw tables here): sales_daily per kind, appointments_daily and
 * recap_client_daily, 'ALL' over every gender; a day has a row when one of them has a row of it in the scope.
 */
async function expectRecapDailyConsistent(db: Db) {
  const { rows } = await sql<{ n: number; rows: number }>`
    WITH src AS (
      SELECT salon_id, day, gender, kind, revenue_cents AS a, recommended_revenue_cents AS ar, quantity AS q, recommended_quantity AS qr,
        discount_cents AS d, recommended_discount_cents AS dr, 0 AS ap, 0 AS ws, 0 AS wp, 0 AS ad, 0 AS ns, 0 AS np, 0 AS nc, 0 AS b, 0 AS l
      FROM sales_daily
      UNION ALL SELECT salon_id, day, gender, '', 0, 0, 0, 0, 0, 0, appointments, with_service, with_product, discount_cents, 0, 0, 0, 0, 0
      FROM appointments_daily
      UNION ALL SELECT salon_id, day, gender, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, new_service, new_product, new_clients, balance, lost
      FROM recap_client_daily
    ),
    scoped AS (
      SELECT *, 'ALL' AS scope FROM src UNION ALL SELECT *, gender FROM src WHERE gender IN ('MALE', 'FEMALE')
    ),
    raw AS (
      SELECT salon_id, scope, day,
        sum(a) FILTER (WHERE kind = 'SERVICE') AS sa, sum(ar) FILTER (WHERE kind = 'SERVICE') AS sar,
        sum(q) FILTER (WHERE kind = 'SERVICE') AS sq, sum(qr) FILTER (WHERE kind = 'SERVICE') AS sqr,
        sum(d) FILTER (WHERE kind = 'SERVICE') AS sd, sum(dr) FILTER (WHERE kind = 'SERVICE') AS sdr,
        sum(a) FILTER (WHERE kind = 'PRODUCT') AS pa, sum(ar) FILTER (WHERE kind = 'PRODUCT') AS par,
        sum(q) FILTER (WHERE kind = 'PRODUCT') AS pq, sum(qr) FILTER (WHERE kind = 'PRODUCT') AS pqr,
        sum(d) FILTER (WHERE kind = 'PRODUCT') AS pd, sum(dr) FILTER (WHERE kind = 'PRODUCT') AS pdr,
        sum(ap) AS ap, sum(ws) AS ws, sum(wp) AS wp, sum(ad) AS ad, sum(ns) AS ns, sum(np) AS np, sum(nc) AS nc, sum(b) AS b, sum(l) AS l
      FROM scoped GROUP BY 1, 2, 3
    )
    SELECT (SELECT count(*) FROM recap_daily) AS rows, count(*) AS n FROM recap_daily t
    FULL JOIN raw r ON r.salon_id = t.salon_id AND r.scope = t.gender AND r.day = t.day
    WHERE (t.s_amount, t.s_amount_rec, t.s_quantity, t.s_quantity_rec, t.s_discount, t.s_discount_rec, t.p_amount, t.p_amount_rec, t.p_quantity,
        t.p_quantity_rec, t.p_discount, t.p_discount_rec, t.appointments, t.with_service, t.with_product, t.appointments_discount, t.new_service,
        t.new_product, t.new_clients, t.balance, t.lost)
      IS DISTINCT FROM (COALESCE(r.sa, 0), COALESCE(r.sar, 0), COALESCE(r.sq, 0), COALESCE(r.sqr, 0), COALESCE(r.sd, 0), COALESCE(r.sdr, 0),
        COALESCE(r.pa, 0), COALESCE(r.par, 0), COALESCE(r.pq, 0), COALESCE(r.pqr, 0), COALESCE(r.pd, 0), COALESCE(r.pdr, 0),
        r.ap, r.ws, r.wp, r.ad, r.ns, r.np, r.nc, r.b, r.l)`.execute(db);
  expect(Number(rows[0]?.n)).toBe(0);
  expect(Number(rows[0]?.rows)).toBeGreaterThan(0);
}

/**
 * recap_client_daily and client_weekday_months (migration 043) equal their recomputation from the raw sale lines,
 * clients and salons on every row: per salon, day and client gender the new clients (first_visit that day, with a
 * line that day; with a service, with a product) and the returning ones by the gap to their previous day against the
 * salon's lost threshold; per month and ISO weekday the clients' first days on that weekday in the month, by the
 * month of their previous day on that weekday (null: none).
 */
async function expectRecapWeekdayRollupsConsistent(db: Db) {
  const { rows } = await sql<{ r: number; w: number; recap_rows: number; lost: number; weekday_rows: number }>`
    WITH visits AS (
      SELECT sl.salon_id, sl.client_id, sl.day, min(COALESCE(c.gender, 'UNKNOWN')) AS gender, min(c.first_visit) AS first_visit,
        bool_or(sl.kind = 'SERVICE') AS s, bool_or(sl.kind = 'PRODUCT') AS p,
        lag(sl.day) OVER (PARTITION BY sl.salon_id, sl.client_id ORDER BY sl.day) AS prev,
        lag(sl.day) OVER (PARTITION BY sl.salon_id, sl.client_id, extract(isodow FROM sl.day) ORDER BY sl.day) AS prev_weekday
      FROM sale_lines sl LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
      WHERE sl.client_id IS NOT NULL GROUP BY sl.salon_id, sl.client_id, sl.day
    ),
    raw_recap AS (
      SELECT v.salon_id, v.day, v.gender, count(*) FILTER (WHERE v.first_visit = v.day AND v.s) AS ns,
        count(*) FILTER (WHERE v.first_visit = v.day AND v.p) AS np, count(*) FILTER (WHERE v.first_visit = v.day) AS n,
        count(*) FILTER (WHERE v.day - v.prev <= z.lost_client_days) AS b, count(*) FILTER (WHERE v.day - v.prev > z.lost_client_days) AS l
      FROM visits v JOIN salons z ON z.id = v.salon_id
      GROUP BY 1, 2, 3 HAVING count(*) FILTER (WHERE v.first_visit = v.day) > 0 OR count(v.prev) > 0
    ),
    raw_weekday AS (
      SELECT salon_id, date_trunc('month', day)::date AS month, gender, extract(isodow FROM day)::int AS isodow,
        date_trunc('month', prev_weekday)::date AS prev_month, count(*) AS n
      FROM visits WHERE prev_weekday IS NULL OR prev_weekday < date_trunc('month', day) GROUP BY 1, 2, 3, 4, 5
    )
    SELECT
      (SELECT count(*) FROM recap_client_daily t FULL JOIN raw_recap r ON r.salon_id = t.salon_id AND r.day = t.day AND r.gender = t.gender
       WHERE (t.new_service, t.new_product, t.new_clients, t.balance, t.lost) IS DISTINCT FROM (r.ns, r.np, r.n, r.b, r.l)) AS r,
      (SELECT count(*) FROM recap_client_daily) AS recap_rows,
      (SELECT sum(lost) FROM recap_client_daily) AS lost,
      (SELECT count(*) FROM client_weekday_months t
         FULL JOIN raw_weekday r ON r.salon_id = t.salon_id AND r.month = t.month AND r.gender = t.gender AND r.isodow = t.isodow
           AND r.prev_month IS NOT DISTINCT FROM t.prev_month
       WHERE t.clients IS DISTINCT FROM r.n) AS w,
      (SELECT count(*) FROM client_weekday_months) AS weekday_rows`.execute(db);
  const r = rows[0];
  expect({ recap: Number(r?.r), weekday: Number(r?.w) }).toEqual({ recap: 0, weekday: 0 });
  await expectRecapDailyConsistent(db);
  expect(Number(r?.recap_rows)).toBeGreaterThan(0);
  expect(Number(r?.weekday_rows)).toBeGreaterThan(0);
  return { lost: Number(r?.lost) };
}

/**
 * The sales measures of ranges that start and end on and off month boundaries (whole months read
 * from the month rollups, the other days from the day rollups) equal the raw tables: the totals of
 * every grain, the month buckets (distinct clients per month too) and the gender buckets.
 */
async function expectRangesExact(db: Db, salonId: number, ranges: readonly (readonly [string, string])[]) {
  const grains = ['day', 'month', 'isodow', 'gender'] as const;
  for (const [from, to] of ranges) {
    for (const gender of GENDERS) {
      const raw = await getSalesTotalsFromRaw(db, { salonId, from, to, gender });
      for (const grain of grains) {
        if (grain === 'gender' && gender !== 'ALL') continue;
        const { totals } = await getSalesMeasures(db, { salonId, from, to, gender }, grain);
        expect({ from, to, gender, grain, ...totals }).toEqual({ from, to, gender, grain, ...raw });
      }
      const { buckets } = await getSalesMeasures(db, { salonId, from, to, gender }, 'month');
      for (const [month, m] of buckets) {
        const start = `${month}-01` < from ? from : `${month}-01`;
        const end = monthEndOf(monthIndexOf(month)) > to ? to : monthEndOf(monthIndexOf(month));
        expect({ month, ...m }).toEqual({ month, ...(await getSalesTotalsFromRaw(db, { salonId, from: start, to: end, gender })) });
      }
    }
    const { buckets } = await getSalesMeasures(db, { salonId, from, to, gender: 'ALL' }, 'gender');
    for (const gender of ['MALE', 'FEMALE'] as const) {
      const raw = await getSalesTotalsFromRaw(db, { salonId, from, to, gender });
      expect({ from, to, gender, ...(buckets.get(gender) ?? raw) }).toEqual({ from, to, gender, ...raw });
    }
  }
}

/** Ranges over the fixture's span: whole years and months, and ranges starting or ending mid-month. */
const RANGES = [
  ['2024-01-01', '2025-12-31'],
  ['2025-01-01', '2025-12-31'],
  ['2025-02-01', '2025-04-30'],
  ['2025-02-15', '2025-04-30'],
  ['2025-03-01', '2025-04-10'],
  ['2025-02-21', '2025-03-31'],
  ['2024-03-01', '2025-03-04'],
  ['2024-03-06', '2025-03-03'],
  ['2025-03-04', '2025-03-04'],
] as const;

/**
 * Two transactions writing at once: the first writes and stays open while the second writes and commits
 * (or waits for a lock the first holds), then the first commits; both must commit. The second one's writes
 * and stale marks come after the first one's write and before its commit.
 */
async function writeOverlapped(first: RawBuilder<unknown>, second: RawBuilder<unknown>) {
  let signalWritten = () => {};
  const written = new Promise<void>((done) => {
    signalWritten = done;
  });
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  const one = t.db.transaction().execute(async (tx) => {
    await first.execute(tx);
    signalWritten();
    await released;
  });
  await written;
  let isSecondDone = false;
  const two = t.db
    .transaction()
    .execute(async (tx) => {
      await second.execute(tx);
    })
    .finally(() => {
      isSecondDone = true;
    });
  for (let i = 0; !isSecondDone; i++) {
    const waiting = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`.execute(t.db);
    if (Number(waiting.rows[0]?.n) > 0) break;
    if (i === 500) throw new Error('the second writer neither ended nor waited for the first');
    await new Promise((r) => setTimeout(r, 10));
  }
  release();
  await Promise.all([one, two]);
}

describe('daily rollups', () => {
  it('agree with the raw tables on the fixture, per day and per range, for every gender', async () => {
    await expectClientTotalsConsistent(t.db);
    await expectClientYearsConsistent(t.db);
    for (const salonId of [f.salon1, f.salon2]) {
      for (const { day, gender, rollup, raw } of await compareDays(t.db, salonId, '2024-01-01', '2025-12-31')) {
        expect({ day, gender, ...rollup }).toEqual({ day, gender, ...raw });
      }
      for (const gender of GENDERS) {
        for (const [from, to] of [
          ['2024-01-01', '2025-12-31'],
          ['2025-03-01', '2025-03-31'],
          ['2025-03-04', '2025-03-04'],
        ] as const) {
          const { totals } = await getSalesMeasures(t.db, { salonId, from, to, gender }, 'month');
          expect(totals).toEqual(await getSalesTotalsFromRaw(t.db, { salonId, from, to, gender }));
        }
      }
    }
    await expectPrevDaysConsistent(t.db);
    await expectRebookingConsistent(t.db);
    await expectStaffBookedConsistent(t.db);
    await expectVisitHoursConsistent(t.db);
    await expectStaffDailyConsistent(t.db);
    await expectItemStaffConsistent(t.db);
    await expectStaffItemsConsistent(t.db);
    await expectItemClientsConsistent(t.db);
    await expectStaffPrevDaysConsistent(t.db);
    await expectStaffClientMonthsConsistent(t.db);
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffMonthlyConsistent(t.db);
    await expectGrowthFlagsConsistent(t.db);
    await expectProfessionalUseConsistent(t.db);
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectStaffDayDetailsConsistent(t.db);
    for (const salonId of [f.salon1, f.salon2]) await expectRangesExact(t.db, salonId, RANGES);
    // month buckets of a range starting mid-month: distinct clients per month equal the raw count
    const { buckets } = await getSalesMeasures(t.db, { salonId: f.salon1, from: '2025-02-21', to: '2025-04-30', gender: 'ALL' }, 'month');
    for (const [month, from, to] of [
      ['2025-02', '2025-02-21', '2025-02-28'],
      ['2025-03', '2025-03-01', '2025-03-31'],
      ['2025-04', '2025-04-01', '2025-04-30'],
    ] as const) {
      const raw = await getSalesTotalsFromRaw(t.db, { salonId: f.salon1, from, to, gender: 'ALL' });
      expect([month, buckets.get(month)?.clients ?? 0]).toEqual([month, raw.clients]);
    }
    // and on the hand-worked numbers: March 2025 of salon 1 (see report-fixture.ts)
    const march = await getSalesTotalsFromRaw(t.db, { salonId: f.salon1, from: '2025-03-01', to: '2025-03-31', gender: 'ALL' });
    expect(march).toEqual({ servicesCents: 15600, productsCents: 5200, discountCents: 1700, appointments: 4, clients: 4, newClients: 2 });
  });

  it('item rollup, category rollup and client days add up to the same revenue', async () => {
    const { rows } = await sql<{ a: number; b: number; c: number; d: number }>`
      SELECT (SELECT sum(revenue_cents) FROM sales_daily) AS a, (SELECT sum(revenue_cents) FROM item_sales_daily) AS b,
        (SELECT sum(paid_amount_cents) FROM sale_lines) AS c,
        (SELECT sum(revenue_cents) FROM client_days) + (SELECT sum(paid_amount_cents) FROM sale_lines WHERE client_id IS NULL) AS d`.execute(
      t.db,
    );
    const r = rows[0]!;
    expect(r.a).toBe(r.c);
    expect(r.b).toBe(r.c);
    expect(r.d).toBe(r.c);
  });

  it('stay in step when a write refreshes them in its own transaction', async () => {
    const { salon1, clients, services, users } = f;
    await t.db.transaction().execute(async (tx) => {
      // a new DONE appointment for C3 on 2025-03-05 with a discounted Colour, and C4 becomes MALE
      const { id } = await tx
        .insertInto('appointments')
        .values({
          salon_id: salon1,
          client_id: clients.c3,
          day: '2025-03-05',
          start_at: new Date('2025-03-05T09:00:00Z'),
          end_at: new Date('2025-03-05T10:00:00Z'),
          status: 'DONE',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('sale_lines')
        .values({
          salon_id: salon1,
          appointment_id: id,
          client_id: clients.c3,
          staff_id: users.stylist,
          day: '2025-03-05',
          kind: 'SERVICE',
          service_id: services.colour,
          category: 'COLOUR',
          list_amount_cents: 6000,
          paid_amount_cents: 5000,
          discount_cents: 1000,
        })
        .execute();
      await tx.updateTable('clients').set({ gender: 'MALE' }).where('salon_id', '=', salon1).where('id', '=', clients.c4).execute();
    });
    // The gender change touched every day of C4: refresh them (here the day of A4)
    // A purchase between two of C2's days (02-20 and 03-03) moves the previous day of 03-03
    await t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sale_lines')
        .values({
          salon_id: salon1,
          appointment_id: null,
          client_id: clients.c2,
          day: '2025-02-25',
          kind: 'PRODUCT',
          product_id: f.products.gel,
          category: 'RESALE',
          list_amount_cents: 1000,
          paid_amount_cents: 1000,
        })
        .execute();
    });
    await expectPrevDaysConsistent(t.db);
    await expectClientTotalsConsistent(t.db);
    await expectClientYearsConsistent(t.db);
    // A booking for C3 on 03-20, made on 03-08, makes C3's 03-05 appointment (ended 10:00Z) rebooked: refreshing
    // 03-20 recomputes the day of C3's previous visit. A booking for C4 on 06-01, made on 03-06, makes A4 (03-04,
    // 89 days earlier: no fixed window reaches it) rebooked, refreshing 06-01 alone.
    await t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('appointments')
        .values({
          salon_id: salon1,
          client_id: clients.c3,
          day: '2025-03-20',
          start_at: new Date('2025-03-20T09:00:00Z'),
          end_at: new Date('2025-03-20T09:30:00Z'),
          status: 'BOOKED',
          booked_at: new Date('2025-03-08T12:00:00Z'),
        })
        .execute();
    });
    await t.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('appointments')
        .values({
          salon_id: salon1,
          client_id: clients.c4,
          staff_id: users.manager,
          day: '2025-06-01',
          start_at: new Date('2025-06-01T09:00:00Z'),
          end_at: new Date('2025-06-01T09:30:00Z'),
          status: 'BOOKED',
          booked_at: new Date('2025-03-06T12:00:00Z'),
        })
        .execute();
    });
    await expectRebookingConsistent(t.db);
    await expectStaffBookedConsistent(t.db);
    await expectVisitHoursConsistent(t.db);
    await expectStaffDailyConsistent(t.db);
    await expectItemStaffConsistent(t.db);
    await expectStaffItemsConsistent(t.db);
    await expectItemClientsConsistent(t.db);
    await expectStaffPrevDaysConsistent(t.db);
    await expectStaffClientMonthsConsistent(t.db);
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffMonthlyConsistent(t.db);
    await expectGrowthFlagsConsistent(t.db);
    await expectProfessionalUseConsistent(t.db);
    const march = await sql<{ rebooked: number }>`
      SELECT sum(rebooked) AS rebooked FROM appointments_daily WHERE salon_id = ${salon1} AND day BETWEEN '2025-03-01' AND '2025-03-31'`.execute(
      t.db,
    );
    // C3's 03-05 (next booked 03-08) and A4 (next booked 03-06); A1, A2, A3 not: their next appointments
    // (A8, A6, C3's 03-05) were booked at insert time, not within 7 days of the visit.
    expect(Number(march.rows[0]?.rebooked)).toBe(2);
    const c2Days = await sql<{ day: string; prev_day: string | null }>`
      SELECT day::text AS day, prev_day::text AS prev_day FROM client_days WHERE salon_id = ${salon1} AND client_id = ${clients.c2} ORDER BY day`.execute(
      t.db,
    );
    expect(c2Days.rows).toEqual([
      { day: '2024-03-05', prev_day: null },
      { day: '2025-02-20', prev_day: '2024-03-05' },
      { day: '2025-02-25', prev_day: '2025-02-20' },
      { day: '2025-03-03', prev_day: '2025-02-25' },
      { day: '2025-03-04', prev_day: '2025-03-03' },
    ]);
    for (const { day, gender, rollup, raw } of await compareDays(t.db, salon1, '2025-03-01', '2025-03-31')) {
      expect({ day, gender, ...rollup }).toEqual({ day, gender, ...raw });
    }
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectClientVisitMonthsConsistent(t.db);
    await expectRangesExact(t.db, salon1, RANGES);
    const { totals } = await getSalesMeasures(t.db, { salonId: salon1, from: '2025-03-01', to: '2025-03-31', gender: 'ALL' }, 'day');
    // 156 + 50 services, 5 appointments, discount 17 + 10
    expect(totals).toMatchObject({ servicesCents: 20600, appointments: 5, discountCents: 2700 });
  });

  it('stay in step after random writes, each refreshing the days it wrote', async () => {
    const { salon1, clients, users, services, products } = f;
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)] as T;
    const clientIds = [clients.c1, clients.c2, clients.c3, clients.c4];
    const staff = [users.stylist, users.manager, null];
    const day = () => `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
    for (let i = 0; i < 40; i++) {
      await t.db.transaction().execute(async (tx) => {
        const d = day();
        if (i % 4 === 3) {
          // change the status of an existing appointment of the span
          const row = await tx
            .selectFrom('appointments')
            .select(['id', 'day'])
            .where('salon_id', '=', salon1)
            .where('day', '>=', '2025-03-01')
            .orderBy('id')
            .offset(rand(10))
            .limit(1)
            .executeTakeFirst();
          if (!row) return;
          await tx
            .updateTable('appointments')
            .set({ status: pick(['DONE', 'BOOKED', 'CANCELLED', 'NO_SHOW'] as const) })
            .where('salon_id', '=', salon1)
            .where('id', '=', row.id)
            .execute();
          return;
        }
        if (i % 5 === 4) {
          // an import moves a client's first visit (no refresh: the triggers on clients keep staff_new_client_months)
          await tx
            .updateTable('clients')
            .set({ first_visit: rand(4) === 0 ? null : `202${4 + rand(2)}-0${1 + rand(9)}-1${rand(9)}` })
            .where('salon_id', '=', salon1)
            .where('id', '=', pick(clientIds))
            .execute();
        }
        if (i % 3 === 2) {
          // a shift, an attendance and a feedback written on a day of their own (May), an older one of each deleted at times
          // (no refresh: their triggers keep staff_hours_daily, staff_feedback_months and staff_day_details)
          const own = `2025-05-${String(1 + rand(28)).padStart(2, '0')}`; // no line written there: no refresh of it
          const at = new Date(`${own}T0${7 + rand(3)}:00:00Z`);
          const person = pick([users.stylist, users.manager]);
          const until = new Date(at.getTime() + (2 + rand(6)) * 3_600_000);
          await tx
            .insertInto('user_timeframes')
            .values({ salon_id: salon1, user_id: person, day_start: at, day_end: until })
            .onConflict((oc) => oc.doNothing()) // a shift overlapping one of the person's
            .execute();
          await tx
            .insertInto('attendances')
            .values({ salon_id: salon1, user_id: person, clock_in: at, clock_out: rand(3) === 0 ? null : until })
            .execute();
          await tx
            .insertInto('feedback')
            .values({ salon_id: salon1, client_id: rand(4) === 0 ? null : pick(clientIds), staff_id: person, score: 1 + rand(5), day: own })
            .execute();
          if (rand(2) === 0)
            for (const table of ['user_timeframes', 'attendances', 'feedback'])
              await sql`DELETE FROM ${sql.table(table)} WHERE salon_id = ${salon1} AND id = (
                SELECT id FROM ${sql.table(table)} WHERE salon_id = ${salon1} ORDER BY id LIMIT 1 OFFSET ${rand(3)})`.execute(tx);
        }
        const clientId = pick(clientIds);
        const staffId = pick(staff);
        const start = new Date(`${d}T${String(8 + rand(8)).padStart(2, '0')}:${pick(['00', '15', '30'])}:00Z`);
        const { id } = await tx
          .insertInto('appointments')
          .values({
            salon_id: salon1,
            client_id: clientId,
            staff_id: staffId,
            day: d,
            start_at: start,
            end_at: new Date(start.getTime() + (15 + rand(4) * 15) * 60_000),
            status: pick(['DONE', 'DONE', 'BOOKED', 'CANCELLED'] as const),
            booked_at: new Date(start.getTime() - rand(20) * 86_400_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const product = rand(2) === 0;
        await tx
          .insertInto('sale_lines')
          .values({
            salon_id: salon1,
            appointment_id: rand(5) === 0 ? null : id,
            client_id: clientId,
            staff_id: staffId ?? users.stylist,
            day: d,
            kind: product ? 'PRODUCT' : 'SERVICE',
            service_id: product ? null : services.cut,
            product_id: product ? products.gel : null,
            category: product ? 'RESALE' : 'HAIRCUT',
            list_amount_cents: 3000,
            paid_amount_cents: 2500 + rand(5) * 100,
            discount_cents: 500 - rand(5) * 100,
            recommended: rand(3) === 0,
          })
          .execute();
      });
    }
    await expectPrevDaysConsistent(t.db);
    await expectClientTotalsConsistent(t.db);
    await expectClientYearsConsistent(t.db);
    await expectRebookingConsistent(t.db);
    await expectStaffBookedConsistent(t.db);
    await expectVisitHoursConsistent(t.db);
    await expectStaffDailyConsistent(t.db);
    await expectItemStaffConsistent(t.db);
    await expectStaffItemsConsistent(t.db);
    await expectItemClientsConsistent(t.db);
    await expectStaffPrevDaysConsistent(t.db);
    await expectStaffClientMonthsConsistent(t.db);
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffMonthlyConsistent(t.db);
    await expectGrowthFlagsConsistent(t.db);
    await expectProfessionalUseConsistent(t.db);
    for (const { day, gender, rollup, raw } of await compareDays(t.db, salon1, '2025-03-01', '2025-04-30')) {
      expect({ day, gender, ...rollup }).toEqual({ day, gender, ...raw });
    }
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectClientVisitMonthsConsistent(t.db);
    await expectStaffDayDetailsConsistent(t.db);
    await expectPerformanceDailyConsistent(t.db);
    await expectRangesExact(t.db, salon1, RANGES);
  });

  it('stock: the triggers keep professional_use_daily and stock_monthly in step with stock movement and product writes', async () => {
    const { salon1, salon2 } = f;
    let seed = 4242;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const product = async (name: string, category: 'RESALE' | 'PROFESSIONAL') =>
      (
        await t.db
          .insertInto('products')
          .values({ name, brand: 'Brand', category, list_price_cents: 1000, unit_cost_cents: 400 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const items = [await product('PU Tube', 'PROFESSIONAL'), await product('PU Foil', 'PROFESSIONAL'), await product('PU Brush', 'RESALE')];
    const types = ['INTERNAL_USE', 'INTERNAL_USE', 'LOAD', 'SALE', 'ADJUSTMENT'] as const;
    const day = () => `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
    for (let i = 0; i < 60; i++) {
      const op = rand(10);
      if (op < 5) {
        // one statement inserting several movements (days and salons mixed)
        await t.db
          .insertInto('stock_movements')
          .values(
            Array.from({ length: 1 + rand(4) }, () => ({
              salon_id: rand(3) === 0 ? salon2 : salon1,
              product_id: items[rand(items.length)] as number,
              day: day(),
              type: types[rand(types.length)] as (typeof types)[number],
              quantity: -1 - rand(4),
              unit_cost_cents: 100 + rand(500),
              note: `pu ${i}`,
            })),
          )
          .execute();
      } else if (op < 7) {
        // move a movement to another day, type or quantity
        await sql`UPDATE stock_movements SET day = ${day()}::date, type = ${types[rand(types.length)]}, quantity = ${-1 - rand(6)}
          WHERE id = (SELECT id FROM stock_movements WHERE note LIKE 'pu %' ORDER BY id OFFSET ${rand(5)} LIMIT 1)`.execute(t.db);
      } else if (op < 9) {
        await sql`DELETE FROM stock_movements WHERE id = (SELECT id FROM stock_movements WHERE note LIKE 'pu %' ORDER BY id DESC OFFSET ${rand(5)} LIMIT 1)`.execute(
          t.db,
        );
      } else {
        // a product changes category: its movements count, or stop counting
        await sql`UPDATE products SET category = CASE category WHEN 'RESALE' THEN 'PROFESSIONAL' ELSE 'RESALE' END
          WHERE id = ${items[rand(items.length)]}`.execute(t.db);
      }
      if (i % 10 === 9) {
        await expectProfessionalUseConsistent(t.db);
        await expectStockMonthlyConsistent(t.db);
      }
    }
    await expectProfessionalUseConsistent(t.db);
    await expectStockMonthlyConsistent(t.db);
    await rebuildRollupModel(t.db);
    await expectProfessionalUseConsistent(t.db);
    await expectStockMonthlyConsistent(t.db);
  });

  it('data quality: the clients triggers keep client_quality_counts and client_duplicate_candidates in step with every client write', async () => {
    const { salon1, salon2 } = f;
    const creators = [await insertUser(t.db, 'dq-one', salon1, ['RECEPTIONIST']), await insertUser(t.db, 'dq-two', salon1, ['ADMIN'])];
    const rand = seededRandom(777);
    const pick = pickWith(rand);
    const { names, phones, emails, births } = CLIENT_VALUES;
    const scope = { salons: [salon1, salon2], creators: [null, ...creators] } as const;
    // the records written here (no appointments: one may move to another salon)
    const one = sql`(SELECT id FROM clients WHERE external_id LIKE 'dq-%' ORDER BY id OFFSET ${rand(8)} LIMIT 1)`;
    await expectClientQualityCountsConsistent(t.db);
    for (let i = 0; i < 80; i++) {
      const op = rand(12);
      if (op < 3) {
        const ids = Array.from({ length: 1 + rand(4) }, (_, k) => `dq-${(i * 4 + k) % 25}`);
        await upsertRandomClients(t.db, rand, scope, ids);
      } else if (op === 3) await sql`UPDATE clients SET phone = ${pick(phones)} WHERE id = ${one}`.execute(t.db);
      else if (op === 4) await sql`UPDATE clients SET email = ${pick(emails)} WHERE id = ${one}`.execute(t.db);
      else if (op === 5) await sql`UPDATE clients SET birth_date = ${pick(births)}::date WHERE id = ${one}`.execute(t.db);
      else if (op === 6)
        await sql`UPDATE clients SET gender = ${pick(['MALE', 'FEMALE', null])}, privacy_consent = NOT privacy_consent WHERE id = ${one}`.execute(
          t.db,
        );
      else if (op === 7) {
        const [first, last] = pick(names);
        await sql`UPDATE clients SET first_name = ${first}, last_name = ${last}, created_by = ${pick([null, ...creators])} WHERE id = ${one}`.execute(
          t.db,
        );
      } else if (op === 8)
        // a record moved to the other salon (it has no appointments, so it may)
        await sql`UPDATE clients SET salon_id = CASE salon_id WHEN ${salon1} THEN ${salon2}::int ELSE ${salon1}::int END,
          external_id = external_id || '-moved-' || ${i} WHERE id = ${one}`.execute(t.db);
      else if (op === 9) await sql`DELETE FROM clients WHERE id = ${one}`.execute(t.db);
      else if (op === 10) await sql`UPDATE clients SET first_visit = first_visit WHERE external_id LIKE 'dq-%'`.execute(t.db);
      else await sql`DELETE FROM clients WHERE external_id LIKE 'dq-%' AND salon_id = ${salon2} AND id % 3 = ${rand(3)}`.execute(t.db);
      if (i % 10 === 9) await expectClientQualityCountsConsistent(t.db);
    }
    // a creator's user removed: their records' created_by becomes null (ON DELETE SET NULL)
    await t.db
      .deleteFrom('users')
      .where('id', '=', creators[0] as number)
      .execute();
    await expectClientQualityCountsConsistent(t.db);
    const { rows } = await sql<{ n: number; d: number }>`
      SELECT (SELECT count(*) FROM (SELECT 1 FROM clients WHERE dq_name_key <> '' GROUP BY salon_id, dq_name_key HAVING count(*) > 1) h) AS n,
        (SELECT count(*) FROM client_duplicate_candidates) AS d`.execute(t.db);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    expect(Number(rows[0]?.d)).toBeGreaterThan(1);
    await rebuildRollupModel(t.db);
    await expectClientQualityCountsConsistent(t.db);
  });

  it('data quality: two transactions writing records of one name key at once leave client_duplicate_candidates exact', async () => {
    const { salon1 } = f;
    const records = ['dqc-1', 'dqc-2', 'dqc-3'].map((external_id, k) => ({
      salon_id: salon1,
      external_id,
      first_name: 'Carla',
      last_name: 'Verdi',
      phone: `+39 333 000 000${k}`,
      email: `carla${k}@example.com`,
    }));
    await t.db.insertInto('clients').values(records).execute();
    await expectClientQualityCountsConsistent(t.db);
    // Each update swaps one valid phone for another: the same flags and score, so neither touches a count row both
    // would lock; only the candidates of the shared name key are recomputed by both.
    await writeOverlapped(
      sql`UPDATE clients SET phone = '+39 333 111 1111' WHERE external_id = 'dqc-1'`,
      sql`UPDATE clients SET phone = '+39 333 222 2222' WHERE external_id = 'dqc-2'`,
    );
    await expectClientQualityCountsConsistent(t.db);
    const phones = await sql<{ phone: string }>`
      SELECT d.phone FROM client_duplicate_candidates d JOIN clients c ON c.id = d.id
      WHERE c.external_id LIKE 'dqc-%' ORDER BY c.external_id`.execute(t.db);
    expect(phones.rows.map((r) => r.phone)).toEqual(['+39 333 111 1111', '+39 333 222 2222', '+39 333 000 0002']);
    await t.db.deleteFrom('clients').where('external_id', 'like', 'dqc-%').execute();
    await expectClientQualityCountsConsistent(t.db);
  });

  it("two people clocking in, two shifts and two feedbacks of one salon's day at once all commit, and the staff rollups stay exact", async () => {
    const { salon1, users } = f;
    const at = (time: string) => sql`${`2025-06-10T${time}:00Z`}::timestamptz`;
    // Both already have a row of the day in every staff rollup, so each refill rewrites the other's keys too.
    await sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end)
      VALUES (${salon1}, ${users.stylist}, ${at('06:00')}, ${at('07:00')}), (${salon1}, ${users.manager}, ${at('06:00')}, ${at('07:00')})`.execute(
      t.db,
    );
    await writeOverlapped(
      sql`INSERT INTO attendances (salon_id, user_id, clock_in, clock_out) VALUES (${salon1}, ${users.stylist}, ${at('08:00')}, ${at('12:00')})`,
      sql`INSERT INTO attendances (salon_id, user_id, clock_in, clock_out) VALUES (${salon1}, ${users.manager}, ${at('08:01')}, ${at('13:00')})`,
    );
    await writeOverlapped(
      sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end) VALUES (${salon1}, ${users.stylist}, ${at('14:00')}, ${at('18:00')})`,
      sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end) VALUES (${salon1}, ${users.manager}, ${at('14:00')}, ${at('19:00')})`,
    );
    await writeOverlapped(
      sql`INSERT INTO feedback (salon_id, staff_id, score, day) VALUES (${salon1}, ${users.stylist}, 5, '2025-06-10')`,
      sql`INSERT INTO feedback (salon_id, staff_id, score, day) VALUES (${salon1}, ${users.manager}, 3, '2025-06-10')`,
    );
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM staff_day_details WHERE salon_id = ${salon1} AND day = '2025-06-10' AND gender = 'ALL'
        AND staff_id IN (${users.stylist}, ${users.manager}) AND work_seconds > 0 AND shift_seconds > 0`.execute(t.db);
    expect(Number(rows[0]?.n)).toBe(2);
    await expectStaffDayDetailsConsistent(t.db);
    await expectStaffFeedbackMonthsConsistent(t.db);
    await expectRecapDailyConsistent(t.db);
  });

  it('heat-map places: the clients trigger moves place_months when a client changes place or coordinates', async () => {
    const { salon1 } = f;
    await expectPlaceMonthsConsistent(t.db);
    const ids = (await t.db.selectFrom('clients').select('id').where('salon_id', '=', salon1).orderBy('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(2);
    const [a, b, c] = ids as [number, number, number];
    const edits = [
      sql`UPDATE clients SET city = 'Milano', postal_code = '20121', latitude = 45.4642035, longitude = 9.189982 WHERE id = ${a}`,
      sql`UPDATE clients SET city = ' Milano ', postal_code = '20121 ' WHERE id = ${b}`,
      sql`UPDATE clients SET city = 'Monza', latitude = NULL WHERE id IN (${a}, ${c})`,
      sql`UPDATE clients SET postal_code = '', longitude = 9.27 WHERE id = ${c}`,
      sql`UPDATE clients SET latitude = 45.58, longitude = 9.27 WHERE salon_id = ${salon1}`,
      sql`UPDATE clients SET first_visit = first_visit WHERE salon_id = ${salon1}`,
      sql`UPDATE clients SET city = NULL, postal_code = NULL WHERE id = ${b}`,
    ];
    for (const edit of edits) {
      await edit.execute(t.db);
      await expectPlaceMonthsConsistent(t.db);
    }
    // the import's upsert of a record that has visits
    await sql`UPDATE clients SET external_id = 'place-a' WHERE id = ${a}`.execute(t.db);
    await t.db
      .insertInto('clients')
      .values({
        salon_id: salon1,
        external_id: 'place-a',
        first_name: 'A',
        last_name: 'B',
        city: 'Como',
        postal_code: '22100',
        latitude: 45.81,
        longitude: 9.08,
      })
      .onConflict((oc) =>
        oc.columns(['salon_id', 'external_id']).doUpdateSet((eb) => ({
          city: eb.ref('excluded.city'),
          postal_code: eb.ref('excluded.postal_code'),
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
        })),
      )
      .execute();
    await expectPlaceMonthsConsistent(t.db);
    // a new record and its removal (no visits: nothing moves), in one transaction with a place edit
    await t.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('clients')
        .values({ salon_id: salon1, first_name: 'New', city: 'Lecco' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`UPDATE clients SET city = 'Lecco' WHERE id = ${c}`.execute(tx);
      await tx.deleteFrom('clients').where('id', '=', id).execute();
    });
    await expectPlaceMonthsConsistent(t.db);
  });

  it('are exact without a refresh where declared (db/rollups/), and rebuildRollups repairs the others', async () => {
    await t.db
      .insertInto('sale_lines')
      .values({
        salon_id: f.salon1,
        appointment_id: null,
        client_id: null,
        day: '2025-03-06',
        kind: 'PRODUCT',
        product_id: f.products.gel,
        category: 'RESALE',
        list_amount_cents: 1000,
        paid_amount_cents: 1000,
      })
      .execute();
    const q = { salonId: f.salon1, from: '2025-03-01', to: '2025-03-31', gender: 'ALL' as const };
    // The sales measures read declared rollups: the line counts at once, with no refresh called.
    const before = (await getSalesMeasures(t.db, q, 'day')).totals;
    const raw = await getSalesTotalsFromRaw(t.db, q);
    expect(before).toEqual(raw);
    await rebuildRollupModel(t.db);
    expect((await getSalesMeasures(t.db, q, 'day')).totals).toEqual(raw);
    await expectClientTotalsConsistent(t.db);
    await expectClientYearsConsistent(t.db);
    await expectItemStaffConsistent(t.db);
    await expectStaffItemsConsistent(t.db);
    await expectItemClientsConsistent(t.db);
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectClientVisitMonthsConsistent(t.db);
    await expectVisitHoursConsistent(t.db);
    // An appointment's start moved without a refresh: the heat-map's hours (a declared rollup) follow at once
    await t.db
      .updateTable('appointments')
      .set({ start_at: sql`start_at + interval '1 hour'`, end_at: sql`end_at + interval '1 hour'` })
      .where('salon_id', '=', f.salon1)
      .where('status', '=', 'DONE')
      .execute();
    await expectVisitHoursConsistent(t.db);
    await rebuildRollupModel(t.db);
    await expectVisitHoursConsistent(t.db);
  });

  it('month rollups follow a write that moves the previous visit of a later month, and its delete', async () => {
    const { salon1, clients } = f;
    // C2's 2025-02-20 visit had its previous visit in March 2024: a purchase on 2024-12-10 moves it to December,
    // a change in February 2025's client_months that only the refresh of 2024-12-10 can see.
    const write = async (remove: boolean) =>
      t.db.transaction().execute(async (tx) => {
        if (remove) {
          await tx.deleteFrom('sale_lines').where('salon_id', '=', salon1).where('day', '=', '2024-12-10').execute();
        } else {
          await tx
            .insertInto('sale_lines')
            .values({
              salon_id: salon1,
              appointment_id: null,
              client_id: clients.c2,
              day: '2024-12-10',
              kind: 'PRODUCT',
              product_id: f.products.gel,
              category: 'RESALE',
              list_amount_cents: 1500,
              paid_amount_cents: 1200,
              discount_cents: 300,
            })
            .execute();
        }
      });
    const ranges = [...RANGES, ['2024-12-01', '2025-02-28'], ['2024-12-11', '2025-02-28'], ['2025-01-01', '2025-02-28']] as const;
    await write(false);
    const feb = await sql<{ prev_month: string | null }>`
      SELECT prev_month::text AS prev_month FROM client_months WHERE salon_id = ${salon1} AND month = '2025-02-01' AND prev_month = '2024-12-01'`.execute(
      t.db,
    );
    expect(feb.rows).toHaveLength(1);
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectClientVisitMonthsConsistent(t.db);
    await expectRangesExact(t.db, salon1, ranges);
    await write(true);
    await expectMonthRollupsConsistent(t.db);
    await expectPlaceMonthsConsistent(t.db);
    await expectRecapWeekdayRollupsConsistent(t.db);
    await expectClientVisitMonthsConsistent(t.db);
    await expectRangesExact(t.db, salon1, ranges);
  });

  it("recap_client_daily follows a salon's lost threshold and a client's first visit (triggers on salons and clients)", async () => {
    const { salon1 } = f;
    const before = await expectRecapWeekdayRollupsConsistent(t.db);
    const { lost_client_days: threshold } = await t.db
      .selectFrom('salons')
      .select('lost_client_days')
      .where('id', '=', salon1)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('salons').set({ lost_client_days: 1 }).where('id', '=', salon1).execute();
    expect((await expectRecapWeekdayRollupsConsistent(t.db)).lost).toBeGreaterThan(before.lost);
    // A client whose first visit has a client day and who came again: their first visit moved to the later day, and back.
    const moved = await sql<{ id: number; first_visit: string; next: string }>`
      SELECT c.id, c.first_visit::text AS first_visit, n.day::text AS next FROM clients c
      JOIN client_days cd ON cd.salon_id = c.salon_id AND cd.client_id = c.id AND cd.day = c.first_visit
      JOIN LATERAL (SELECT min(day) AS day FROM client_days x WHERE x.salon_id = c.salon_id AND x.client_id = c.id AND x.day > c.first_visit) n
        ON n.day IS NOT NULL
      WHERE c.salon_id = ${salon1} ORDER BY c.id LIMIT 1`.execute(t.db);
    const client = moved.rows[0];
    if (!client) throw new Error('the fixture has no returning client with a first visit');
    await t.db
      .updateTable('clients')
      .set({ first_visit: client.next })
      .where('salon_id', '=', salon1)
      .where('id', '=', client.id)
      .execute();
    await expectRecapWeekdayRollupsConsistent(t.db);
    await t.db
      .updateTable('clients')
      .set({ first_visit: client.first_visit })
      .where('salon_id', '=', salon1)
      .where('id', '=', client.id)
      .execute();
    await t.db.updateTable('salons').set({ lost_client_days: threshold }).where('id', '=', salon1).execute();
    expect(await expectRecapWeekdayRollupsConsistent(t.db)).toEqual(before);
  });

  it("client_visit_months follows a client's gender, birth date and first visit (trigger on clients), with no refresh", async () => {
    const { salon1, clients } = f;
    await expectClientVisitMonthsConsistent(t.db);
    const before = await t.db
      .selectFrom('clients')
      .select(['id', 'gender', 'birth_date', 'first_visit'])
      .where('salon_id', '=', salon1)
      .where('id', 'in', [clients.c1, clients.c2])
      .orderBy('id')
      .execute();
    // One statement changing two clients (the first visit moves C2 to another cohort month), then one changing nothing tracked.
    await sql`
      UPDATE clients SET birth_date = CASE WHEN id = ${clients.c1} THEN DATE '1990-02-28' ELSE birth_date END,
        first_visit = CASE WHEN id = ${clients.c2} THEN DATE '2025-02-20' ELSE first_visit END,
        gender = CASE WHEN id = ${clients.c1} THEN 'MALE' ELSE gender END
      WHERE salon_id = ${salon1} AND id IN (${clients.c1}, ${clients.c2})`.execute(t.db);
    await t.db.updateTable('clients').set({ phone: '+39 000' }).where('salon_id', '=', salon1).where('id', '=', clients.c1).execute();
    const moved = await sql<{ first_month: string }>`
      SELECT DISTINCT first_month::text AS first_month FROM client_cohort_months WHERE salon_id = ${salon1} AND first_month = DATE '2025-02-01'`.execute(
      t.db,
    );
    expect(moved.rows).toHaveLength(1);
    await expectClientVisitMonthsConsistent(t.db);
    // A first visit cleared, then everything put back.
    await t.db.updateTable('clients').set({ first_visit: null }).where('salon_id', '=', salon1).where('id', '=', clients.c1).execute();
    await expectClientVisitMonthsConsistent(t.db);
    for (const c of before)
      await t.db
        .updateTable('clients')
        .set({ gender: c.gender, birth_date: c.birth_date, first_visit: c.first_visit })
        .where('salon_id', '=', salon1)
        .where('id', '=', c.id)
        .execute();
    await expectClientVisitMonthsConsistent(t.db);
  });

  it('staff_client_months follows a write that moves the previous day of a pair in a later month, and its delete', async () => {
    const { salon1 } = f;
    // A (person, client) pair whose previous day lies two months or more before its visit: a walk-in line of that pair
    // on the 10th of the month before moves the visit's prev_month, a month the written day's refresh must also recompute.
    const pairs = await sql<{ staff_id: number; client_id: number; month: string; mid: string }>`
      SELECT staff_id, client_id, date_trunc('month', day)::date::text AS month,
        (date_trunc('month', day) - interval '1 month' + interval '9 days')::date::text AS mid
      FROM staff_client_days WHERE salon_id = ${salon1} AND prev_day < date_trunc('month', day) - interval '1 month'
      ORDER BY day, staff_id, client_id LIMIT 1`.execute(t.db);
    const pair = pairs.rows[0];
    if (!pair) throw new Error('the fixture has no pair with a gap of two months');
    const write = async (remove: boolean) =>
      t.db.transaction().execute(async (tx) => {
        if (remove) await tx.deleteFrom('sale_lines').where('salon_id', '=', salon1).where('day', '=', pair.mid).execute();
        else
          await tx
            .insertInto('sale_lines')
            .values({
              salon_id: salon1,
              appointment_id: null,
              client_id: pair.client_id,
              staff_id: pair.staff_id,
              day: pair.mid,
              kind: 'PRODUCT',
              product_id: f.products.gel,
              category: 'RESALE',
              list_amount_cents: 1500,
              paid_amount_cents: 1500,
              discount_cents: 0,
            })
            .execute();
      });
    await write(false);
    const moved = await sql`
      SELECT 1 FROM staff_client_months WHERE salon_id = ${salon1} AND month = ${pair.month}::date AND staff_id = ${pair.staff_id}
        AND prev_month = date_trunc('month', ${pair.mid}::date)::date`.execute(t.db);
    expect(moved.rows).toHaveLength(1);
    await expectStaffClientMonthsConsistent(t.db);
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffMonthlyConsistent(t.db);
    await write(true);
    await expectStaffClientMonthsConsistent(t.db);
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffMonthlyConsistent(t.db);
  });
  it("staff_new_client_months follows a client's first visit that an import moves, inserts or deletes (triggers on clients)", async () => {
    const { salon1 } = f;
    // A client with staff rows in several months: each value of first_visit moves (or drops) their rows' first_month.
    const busy = await sql<{ client_id: number }>`
      SELECT client_id FROM staff_client_days WHERE salon_id = ${salon1}
      GROUP BY client_id ORDER BY count(DISTINCT date_trunc('month', day)) DESC, client_id LIMIT 1`.execute(t.db);
    const clientId = Number(busy.rows[0]?.client_id);
    for (const firstVisit of ['2025-03-10', null, '2024-01-15', '2026-01-01']) {
      await t.db
        .updateTable('clients')
        .set({ first_visit: firstVisit })
        .where('salon_id', '=', salon1)
        .where('id', '=', clientId)
        .execute();
      await expectStaffNewClientMonthsConsistent(t.db);
      await expectStaffDayDetailsConsistent(t.db);
    }
    const { id } = await t.db
      .insertInto('clients')
      .values({ salon_id: salon1, first_name: 'New', last_name: 'Client', first_visit: '2025-03-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectStaffNewClientMonthsConsistent(t.db);
    await t.db.deleteFrom('clients').where('salon_id', '=', salon1).where('id', '=', id).execute();
    await expectStaffNewClientMonthsConsistent(t.db);
    await expectStaffDayDetailsConsistent(t.db);
  });
  it('staff_feedback_months follows feedback writes and the gender of their clients (triggers on feedback and clients)', async () => {
    const { salon1, clients, users } = f;
    const ids = await t.db
      .insertInto('feedback')
      .values([
        { salon_id: salon1, client_id: clients.c1, staff_id: users.stylist, score: 5, day: '2025-03-03' },
        { salon_id: salon1, client_id: clients.c2, staff_id: users.stylist, score: 2, day: '2025-03-20' },
        { salon_id: salon1, client_id: null, staff_id: users.manager, score: 4, day: '2025-04-02' },
        { salon_id: salon1, client_id: clients.c3, staff_id: null, score: 3, day: '2025-04-02' },
      ])
      .returning('id')
      .execute();
    await expectStaffFeedbackMonthsConsistent(t.db);
    await t.db
      .updateTable('feedback')
      .set({ score: 1, day: '2025-05-01' })
      .where('salon_id', '=', salon1)
      .where('id', '=', Number(ids[0]?.id))
      .execute();
    await expectStaffFeedbackMonthsConsistent(t.db);
    for (const gender of ['MALE', null, 'FEMALE'] as const) {
      await t.db.updateTable('clients').set({ gender }).where('salon_id', '=', salon1).where('id', '=', clients.c2).execute();
      await expectStaffFeedbackMonthsConsistent(t.db);
      await expectStaffDayDetailsConsistent(t.db);
    }
    await t.db.deleteFrom('feedback').where('salon_id', '=', salon1).where('id', '=', Number(ids[1]?.id)).execute();
    await expectStaffFeedbackMonthsConsistent(t.db);
    await expectStaffDayDetailsConsistent(t.db);
    await rebuildRollupModel(t.db);
    await expectStaffFeedbackMonthsConsistent(t.db);
    await expectStaffDayDetailsConsistent(t.db);
  });

  it("a salon's first lines refreshed over their whole span, then days before and after it, keep every previous day exact", async () => {
    // The first refresh has no client_days or staff_client_days outside its range (the prev_day fix-ups are skipped);
    // the later ones, one day each before and after it, have rows outside theirs and must fix the neighbours' previous days.
    const salonId = await insertSalon(t.db, 'First import', 'FIRST1');
    const staffId = await insertUser(t.db, 'first.import.stylist', salonId, ['ADMIN']);
    const client = async (first: string, gender: 'MALE' | 'FEMALE') =>
      (
        await t.db
          .insertInto('clients')
          .values({ salon_id: salonId, first_name: first, last_name: 'Test', gender })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const anna = await client('Anna', 'FEMALE');
    const bruno = await client('Bruno', 'MALE');
    const write = (lines: [number, string][], from: string, to: string) =>
      t.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sale_lines')
          .values(
            lines.map(([clientId, day]) => ({
              salon_id: salonId,
              appointment_id: null,
              client_id: clientId,
              staff_id: staffId,
              day,
              kind: 'PRODUCT' as const,
              product_id: f.products.gel,
              category: 'RESALE',
              list_amount_cents: 1000,
              paid_amount_cents: 900,
              discount_cents: 100,
            })),
          )
          .execute();
      });
    const expectExact = async () => {
      await expectPrevDaysConsistent(t.db);
      await expectStaffPrevDaysConsistent(t.db);
      await expectClientTotalsConsistent(t.db);
      await expectClientYearsConsistent(t.db);
      await expectStaffClientMonthsConsistent(t.db);
      await expectStaffNewClientMonthsConsistent(t.db);
      await expectMonthRollupsConsistent(t.db);
      await expectPlaceMonthsConsistent(t.db);
      await expectRecapWeekdayRollupsConsistent(t.db);
      await expectRangesExact(t.db, salonId, [
        ['2025-04-01', '2025-05-31'],
        ['2025-05-01', '2025-05-31'],
        ['2025-05-06', '2025-05-19'],
      ]);
    };
    await write(
      [
        [anna, '2025-05-05'],
        [anna, '2025-05-07'],
        [anna, '2025-05-12'],
        [bruno, '2025-05-06'],
        [bruno, '2025-05-13'],
      ],
      '2025-05-05',
      '2025-05-13',
    );
    await expectExact();
    // A Monday before: Anna's 2025-05-05 (a Monday) now has a previous day and a previous same-weekday day.
    await write([[anna, '2025-04-28']], '2025-04-28', '2025-04-28');
    const { rows } = await sql<{ prev_day: string; prev_weekday_day: string }>`
      SELECT prev_day::text AS prev_day, prev_weekday_day::text AS prev_weekday_day FROM client_days
      WHERE salon_id = ${salonId} AND client_id = ${anna} AND day = '2025-05-05'`.execute(t.db);
    expect(rows).toEqual([{ prev_day: '2025-04-28', prev_weekday_day: '2025-04-28' }]);
    await expectExact();
    // A day after: Bruno's first day past the first range.
    await write([[bruno, '2025-05-20']], '2025-05-20', '2025-05-20');
    await expectExact();
  });
});
