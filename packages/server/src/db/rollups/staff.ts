import { bookedHourlySql, mergedBookingsSql, rebookedCondition } from '../staff-hours.js';
import { defineRollup, type StaleRule } from './model.js';
import {
  clientGenderOnSaleLines,
  clientsWithNewGender,
  daysFromEarliestWritten,
  everyLineDayOfSalons,
  runsOfAskedDays,
  saleLineDays,
  salonsWithNewZone,
} from './rules.js';

/** An appointment that books service time (DONE or BOOKED) written, changed or removed moves its day (old and new). */
const bookedAppointmentDays: StaleRule = {
  source: 'appointments',
  why: 'a DONE or BOOKED appointment written, changed (staff, times, status) or removed moves its day (the old and the new one)',
  keys: ({ changed }) => `SELECT salon_id, day FROM ${changed} WHERE status IN ('DONE', 'BOOKED')`,
};

/** Booked service seconds per salon, appointment day and person: utilisation everywhere (db/staff-hours.ts). */
export const staffBookedDaily = defineRollup({
  table: 'staff_booked_daily',
  description:
    "Per salon, appointment day and person (0: appointments with no staff, each on its own): the seconds of the union of their DONE and BOOKED appointments' intervals.",
  columns: { salon_id: 'integer', day: 'date', staff_id: 'integer', booked_seconds: 'bigint' },
  key: ['salon_id', 'day', 'staff_id'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments'],
  staleWhen: [bookedAppointmentDays],
  rows: (keys) => `
    SELECT b.salon_id, b.day, b.staff_id, b.seconds AS booked_seconds FROM (${mergedBookingsSql(keys.match('a.salon_id', 'a.day'))}) b`,
  readBy: ['StaffAnalysis/*', 'FullCapacity/*', 'Performance', 'ReportDataAnalysis/check-up', 'staff_day_details', 'performance_daily'],
});

/** Booked service seconds per salon, appointment day and salon-local hour: the capacity grid (weekday x hour). */
export const bookedHourly = defineRollup({
  table: 'booked_hourly',
  description:
    "Per salon, appointment day and salon-local hour (its start): the seconds of staff_booked_daily's merged stretches that fall in that hour.",
  columns: { salon_id: 'integer', day: 'date', hour: 'timestamp', seconds: 'bigint' },
  key: ['salon_id', 'day', 'hour'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments', 'salons'],
  staleWhen: [
    bookedAppointmentDays,
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's time zone decides the local hours: a change moves every day it has DONE or BOOKED appointments",
      keys: (rows) => `
        SELECT a.salon_id, a.day FROM ${salonsWithNewZone(rows)}
        JOIN appointments a ON a.salon_id = n.id AND a.status IN ('DONE', 'BOOKED')`,
    },
  ],
  rows: (keys) => `SELECT b.salon_id, b.day, b.hour, b.seconds FROM (${bookedHourlySql(keys.match('a.salon_id', 'a.day'))}) b`,
  readBy: ['FullCapacity/utilisation grid'],
});

/** Feedback scores per month, person and client gender: the staff analysis' feedback average over whole months. */
export const staffFeedbackMonths = defineRollup({
  table: 'staff_feedback_months',
  description:
    "Per salon, month, person and the client's gender (UNKNOWN: none, or no client): the sum and the number of the feedback scores naming the person.",
  columns: { salon_id: 'integer', month: 'date', staff_id: 'integer', gender: 'text', score_sum: 'bigint', answers: 'bigint' },
  key: ['salon_id', 'month', 'staff_id', 'gender'],
  grain: { column: 'month', kind: 'month' },
  from: ['feedback', 'clients'],
  staleWhen: [
    {
      source: 'feedback',
      why: 'feedback naming a person written, changed or removed moves its month (the old and the new one)',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed} WHERE staff_id IS NOT NULL`,
    },
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's gender decides the gender of their feedback: a change moves every month they gave feedback in",
      keys: (rows) => `SELECT f.salon_id, f.day FROM (${clientsWithNewGender(rows)}) c
        JOIN feedback f ON f.salon_id = c.salon_id AND f.client_id = c.id AND f.staff_id IS NOT NULL`,
    },
  ],
  rows: (keys) => `
    SELECT f.salon_id, date_trunc('month', f.day)::date AS month, f.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender,
      sum(f.score) AS score_sum, count(*) AS answers
    FROM feedback f
    LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
    WHERE f.staff_id IS NOT NULL AND ${keys.monthOfDay('f.salon_id', 'f.day')}
    GROUP BY f.salon_id, date_trunc('month', f.day)::date, f.staff_id, COALESCE(c.gender, 'UNKNOWN')`,
  readBy: ['StaffAnalysis/*'],
});

/** The money columns of staff_daily and staff_monthly, summed the same way. */
const STAFF_MONEY = {
  earned_cents: 'bigint',
  recommended_cents: 'bigint',
  service_cents: 'bigint',
  service_rec_cents: 'bigint',
  product_cents: 'bigint',
  product_rec_cents: 'bigint',
  discount_cents: 'bigint',
  discount_rec_cents: 'bigint',
} as const;

/** Money, visits and rebooking per salon, day, person and client gender: staff analysis over days. */
export const staffDaily = defineRollup({
  table: 'staff_daily',
  description:
    'Per salon, day, person and client gender (UNKNOWN without a client): the paid money of their lines (walk-ins and DONE appointments) by kind and recommended, the discounts, their visits (DONE appointments with a line of theirs), those with a product and those rebooked (db/staff-hours.ts).',
  columns: {
    salon_id: 'integer',
    day: 'date',
    staff_id: 'integer',
    gender: 'text',
    ...STAFF_MONEY,
    visits: 'integer',
    visits_with_product: 'integer',
    rebooked: 'integer',
  },
  key: ['salon_id', 'day', 'staff_id', 'gender'],
  grain: { column: 'day', kind: 'day' },
  from: ['sale_lines', 'clients', 'appointments'],
  staleWhen: [
    saleLineDays,
    clientGenderOnSaleLines,
    {
      source: 'appointments',
      why: "an appointment's status decides whether its lines count and its fields whether it was rebooked: a write moves the days of its lines; its client's next appointment decides the rebooking of their previous DONE visit, so it also moves the days of that visit's lines (the last DONE one before the old and the new day)",
      keys: ({ changed }) => `
        SELECT sl.salon_id, sl.day FROM ${changed} a JOIN sale_lines sl ON sl.salon_id = a.salon_id AND sl.appointment_id = a.id
        UNION ALL
        SELECT sl.salon_id, sl.day FROM ${changed} a
        CROSS JOIN LATERAL (
          SELECT max(p.day) AS day FROM appointments p
          WHERE p.salon_id = a.salon_id AND p.client_id = a.client_id AND p.day < a.day AND p.status = 'DONE'
        ) d
        JOIN appointments p ON p.salon_id = a.salon_id AND p.client_id = a.client_id AND p.day IN (d.day, a.day) AND p.status = 'DONE'
        JOIN sale_lines sl ON sl.salon_id = p.salon_id AND sl.appointment_id = p.id
        WHERE a.client_id IS NOT NULL`,
    },
  ],
  rows: (keys) => `
    WITH l AS MATERIALIZED (
      SELECT sl.salon_id, sl.day, sl.staff_id, COALESCE(c.gender, 'UNKNOWN') AS gender, sl.appointment_id, sl.kind,
        sl.recommended, sl.paid_amount_cents AS paid, sl.discount_cents AS disc
      FROM sale_lines sl
      LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
      LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
      WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE') AND ${keys.match('sl.salon_id', 'sl.day')}
    )
    SELECT m.salon_id, m.day, m.staff_id, m.gender, m.earned AS earned_cents, m.rec AS recommended_cents, m.svc AS service_cents,
      m.svc_rec AS service_rec_cents, m.prod AS product_cents, m.prod_rec AS product_rec_cents, m.disc AS discount_cents,
      m.disc_rec AS discount_rec_cents, COALESCE(v.visits, 0) AS visits, COALESCE(v.with_product, 0) AS visits_with_product,
      COALESCE(v.rebooked, 0) AS rebooked
    FROM (
      SELECT salon_id, day, staff_id, gender, sum(paid) AS earned, COALESCE(sum(paid) FILTER (WHERE recommended), 0) AS rec,
        COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE'), 0) AS svc,
        COALESCE(sum(paid) FILTER (WHERE kind = 'SERVICE' AND recommended), 0) AS svc_rec,
        COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT'), 0) AS prod,
        COALESCE(sum(paid) FILTER (WHERE kind = 'PRODUCT' AND recommended), 0) AS prod_rec,
        sum(disc) AS disc, COALESCE(sum(disc) FILTER (WHERE recommended), 0) AS disc_rec
      FROM l GROUP BY 1, 2, 3, 4
    ) m
    LEFT JOIN (
      SELECT x.salon_id, x.day, x.staff_id, x.gender, count(*) AS visits, count(*) FILTER (WHERE x.has_product) AS with_product,
        count(*) FILTER (WHERE ${rebookedCondition('a')}) AS rebooked
      FROM (
        SELECT salon_id, day, staff_id, gender, appointment_id, bool_or(kind = 'PRODUCT') AS has_product
        FROM l WHERE appointment_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
      ) x
      JOIN appointments a ON a.salon_id = x.salon_id AND a.id = x.appointment_id
      GROUP BY 1, 2, 3, 4
    ) v ON v.salon_id = m.salon_id AND v.day = m.day AND v.staff_id = m.staff_id AND v.gender = m.gender`,
  readBy: ['StaffAnalysis/*', 'staff_day_details'],
});

/** staff_daily summed per month: staff analysis over whole months. */
export const staffMonthly = defineRollup({
  table: 'staff_monthly',
  description: 'Per salon, month, person and client gender: staff_daily summed over the month (money, visits, rebooked).',
  columns: {
    salon_id: 'integer',
    month: 'date',
    staff_id: 'integer',
    gender: 'text',
    ...STAFF_MONEY,
    visits: 'bigint',
    visits_with_product: 'bigint',
    rebooked: 'bigint',
  },
  key: ['salon_id', 'month', 'staff_id', 'gender'],
  grain: { column: 'month', kind: 'month' },
  from: ['staff_daily'],
  staleWhen: [
    { source: 'staff_daily', why: 'it sums the days of the month', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  rows: (keys) => `
    SELECT d.salon_id, date_trunc('month', d.day)::date AS month, d.staff_id, d.gender, sum(d.earned_cents) AS earned_cents,
      sum(d.recommended_cents) AS recommended_cents, sum(d.service_cents) AS service_cents, sum(d.service_rec_cents) AS service_rec_cents,
      sum(d.product_cents) AS product_cents, sum(d.product_rec_cents) AS product_rec_cents, sum(d.discount_cents) AS discount_cents,
      sum(d.discount_rec_cents) AS discount_rec_cents, sum(d.visits) AS visits, sum(d.visits_with_product) AS visits_with_product,
      sum(d.rebooked) AS rebooked
    FROM staff_daily d
    WHERE ${keys.monthOfDay('d.salon_id', 'd.day')}
    GROUP BY d.salon_id, date_trunc('month', d.day)::date, d.staff_id, d.gender`,
  readBy: ['StaffAnalysis/*'],
});

/** SQL condition: the line aliased `sl` counts for the staff rollups (a walk-in, or its appointment DONE). */
function countedLine(sl: string): string {
  return `(${sl}.appointment_id IS NULL OR EXISTS (SELECT 1 FROM appointments ca WHERE ca.salon_id = ${sl}.salon_id AND ca.id = ${sl}.appointment_id AND ca.status = 'DONE'))`;
}

/**
 * The staff_client_days keys a write moves, from the (salon_id, day, staff_id, client_id) of the lines it touched:
 * their days, and the next day of each (person, client) pair after them, whose prev_day they may be.
 * Set-based over the touched clients' lines (sale_lines_client_idx), so an import's thousands of pairs
 * cost one pass rather than a probe each; a touched day that is no longer a counted line stays in the
 * ordered days, so the counted day after it is still reached (its own next day is marked too).
 */
function pairDaysAndNext(touched: string): string {
  return `
    WITH w AS (SELECT DISTINCT t.salon_id, t.day, t.staff_id, t.client_id FROM (${touched}) t),
    h AS (
      SELECT x.salon_id, x.staff_id, x.client_id, x.day,
        lead(x.day) OVER (PARTITION BY x.salon_id, x.staff_id, x.client_id ORDER BY x.day) AS next_day
      FROM (
        SELECT n.salon_id, n.staff_id, n.client_id, n.day FROM sale_lines n
        WHERE (n.salon_id, n.client_id) IN (SELECT salon_id, client_id FROM w) AND n.staff_id IS NOT NULL AND ${countedLine('n')}
        UNION SELECT salon_id, staff_id, client_id, day FROM w
      ) x
    )
    SELECT salon_id, day FROM w
    UNION ALL
    SELECT h.salon_id, h.next_day FROM h
    JOIN w ON w.salon_id = h.salon_id AND w.staff_id = h.staff_id AND w.client_id = h.client_id AND w.day = h.day`;
}

/** The clients on each person's lines per day, with the pair's previous day: distinct clients over any range. */
export const staffClientDays = defineRollup({
  table: 'staff_client_days',
  description:
    "Per salon, day, person and client on their lines (walk-ins and DONE appointments): the client's gender and the pair's previous such day (prev_day, null: none).",
  columns: { salon_id: 'integer', day: 'date', staff_id: 'integer', client_id: 'bigint', gender: 'text', prev_day: 'date null' },
  key: ['salon_id', 'day', 'staff_id', 'client_id'],
  grain: { column: 'day', kind: 'day' },
  // A client's rows (new clients served, by the clients' first visits) and a pair's rows.
  indexes: ['(client_id, day) INCLUDE (salon_id, staff_id, gender, prev_day)', '(salon_id, staff_id, client_id, day)'],
  from: ['sale_lines', 'appointments', 'clients'],
  staleWhen: [
    {
      source: 'sale_lines',
      why: "a line with a person and a client written, changed or removed moves its day (old and new) and the pair's next day, whose prev_day it may be",
      keys: ({ changed }) =>
        pairDaysAndNext(`SELECT salon_id, day, staff_id, client_id FROM ${changed} WHERE staff_id IS NOT NULL AND client_id IS NOT NULL`),
      bulk: ({ changed }) => daysFromEarliestWritten(changed),
    },
    {
      source: 'appointments',
      why: "an appointment's status decides whether its lines count: a write moves the days of its lines with a person and a client, and each pair's next day",
      keys: ({ changed }) =>
        pairDaysAndNext(`SELECT sl.salon_id, sl.day, sl.staff_id, sl.client_id FROM ${changed} a
          JOIN sale_lines sl ON sl.salon_id = a.salon_id AND sl.appointment_id = a.id
          WHERE sl.staff_id IS NOT NULL AND sl.client_id IS NOT NULL`),
    },
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's gender is on their rows: a change moves every day they have a line with a person",
      keys: (rows) => `SELECT sl.salon_id, sl.day FROM (${clientsWithNewGender(rows)}) c
        JOIN sale_lines sl ON sl.salon_id = c.salon_id AND sl.client_id = c.id AND sl.staff_id IS NOT NULL`,
      bulk: ({ changed }) => everyLineDayOfSalons(changed),
    },
  ],
  // prev_day is the lag over the asked days' rows where every day between them was asked too (the rebuild's one sort, a
  // refresh's run of days); else one backward probe of sale_lines_client_idx for the pair's last counted line before the day.
  rows: (keys) => {
    const runs = runsOfAskedDays(keys);
    return `${runs.with}
    SELECT l.salon_id, l.day, l.staff_id, l.client_id, l.gender,
      CASE WHEN ${keys.asked === null ? 'true' : 'l.lag_day IS NOT NULL AND l.lag_run = l.run'} THEN l.lag_day
        ELSE (SELECT max(s.day) FROM sale_lines s WHERE s.salon_id = l.salon_id AND s.client_id = l.client_id AND s.day < l.day
          AND s.staff_id = l.staff_id AND ${countedLine('s')}) END AS prev_day
    FROM (
      SELECT p.salon_id, p.day, p.staff_id, p.client_id, p.gender, p.run,
        lag(p.day) OVER w AS lag_day, lag(p.run) OVER w AS lag_run
      FROM (
        SELECT sl.salon_id, sl.day, sl.staff_id, sl.client_id, min(COALESCE(c.gender, 'UNKNOWN')) AS gender, min(${runs.run}) AS run
        FROM sale_lines sl
        LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
        LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
        ${runs.join('sl')}
        WHERE sl.staff_id IS NOT NULL AND sl.client_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE')
          AND ${keys.match('sl.salon_id', 'sl.day')}
        GROUP BY sl.salon_id, sl.day, sl.staff_id, sl.client_id
      ) p
      WINDOW w AS (PARTITION BY p.salon_id, p.staff_id, p.client_id ORDER BY p.day)
    ) l`;
  },
  readBy: ['StaffAnalysis/*', 'staff_day_details'],
});

/** A month's first row of each pair, by the month of its previous day: a person's distinct clients over whole months as a sum. */
export const staffClientMonths = defineRollup({
  table: 'staff_client_months',
  description:
    "Per salon, month, person, client gender and prev_month (the month of the pair's previous day, null: none): the staff_client_days rows that are their (person, client) pair's first in the month.",
  columns: { salon_id: 'integer', month: 'date', staff_id: 'integer', gender: 'text', prev_month: 'date null', clients: 'bigint' },
  key: ['salon_id', 'month', 'staff_id', 'gender', 'prev_month'],
  grain: { column: 'month', kind: 'month' },
  from: ['staff_client_days'],
  staleWhen: [
    {
      source: 'staff_client_days',
      why: 'it counts the rows of the month (their prev_day included)',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
    },
  ],
  rows: (keys) => `
    SELECT cd.salon_id, date_trunc('month', cd.day)::date AS month, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date AS prev_month,
      count(*) AS clients
    FROM staff_client_days cd
    WHERE (cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date) AND ${keys.monthOfDay('cd.salon_id', 'cd.day')}
    GROUP BY cd.salon_id, date_trunc('month', cd.day)::date, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date`,
  readBy: ['StaffAnalysis/*'],
});

/** staff_client_months' rows by the month of the client's first visit: new clients served over whole months as a sum. */
export const staffNewClientMonths = defineRollup({
  table: 'staff_new_client_months',
  description:
    "Per salon, month, person, client gender, prev_month and the month of the client's first visit (first_month): the staff_client_days rows that are their pair's first in the month, of clients with a first visit, whose prev_month is null or before first_month.",
  columns: {
    salon_id: 'integer',
    month: 'date',
    staff_id: 'integer',
    gender: 'text',
    prev_month: 'date null',
    first_month: 'date',
    clients: 'bigint',
  },
  key: ['salon_id', 'month', 'staff_id', 'gender', 'prev_month', 'first_month'],
  grain: { column: 'month', kind: 'month' },
  from: ['staff_client_days', 'clients'],
  staleWhen: [
    {
      source: 'staff_client_days',
      why: 'it counts the rows of the month (their prev_day included)',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
    },
    {
      source: 'clients',
      why: "a client's first visit decides first_month: a client added, removed or whose first visit or salon changed moves the months of their lines with a person",
      keys: ({ oldRows, newRows }) => `
        SELECT sl.salon_id, sl.day FROM ${oldRows} o FULL JOIN ${newRows} n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.salon_id, o.id), (n.salon_id, n.id)) k(salon_id, id)
        JOIN sale_lines sl ON sl.salon_id = k.salon_id AND sl.client_id = k.id AND sl.staff_id IS NOT NULL
        WHERE (o.salon_id, o.first_visit) IS DISTINCT FROM (n.salon_id, n.first_visit)`,
      bulk: ({ changed }) => everyLineDayOfSalons(changed),
    },
  ],
  // One join of the months' rows with their clients: proportional to the months asked.
  rows: (keys) => `
    SELECT cd.salon_id, date_trunc('month', cd.day)::date AS month, cd.staff_id, cd.gender, date_trunc('month', cd.prev_day)::date AS prev_month,
      date_trunc('month', c.first_visit)::date AS first_month, count(*) AS clients
    FROM staff_client_days cd
    JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id
    WHERE (cd.prev_day IS NULL OR cd.prev_day < date_trunc('month', cd.day)::date) AND c.first_visit IS NOT NULL
      AND (cd.prev_day IS NULL OR date_trunc('month', cd.prev_day) < date_trunc('month', c.first_visit))
      AND ${keys.monthOfDay('cd.salon_id', 'cd.day')}
    GROUP BY 1, 2, 3, 4, 5, 6`,
  readBy: ['StaffAnalysis/*'],
});

export const staffRollups = [
  staffBookedDaily,
  bookedHourly,
  staffFeedbackMonths,
  staffDaily,
  staffMonthly,
  staffClientDays,
  staffClientMonths,
  staffNewClientMonths,
];
