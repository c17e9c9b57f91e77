import { type ChangedRows, defineRollup, type StaleRule } from './model.js';
import { clientGenderOnSaleLines, clientsWithNewGender, daysFromEarliestWritten, everyLineDayOfSalons, runsOfAskedDays } from './rules.js';

/**
 * The per-client rollups: client_days (one row per client and day, with the client's previous day) and what
 * is counted from it. Distinct clients over a range are the client_days rows whose prev_day lies before it.
 */

/** The (salon_id, id) of the clients an UPDATE changed in one of `fields` (old and new salon). */
function clientsChangedIn({ oldRows, newRows }: ChangedRows, fields: readonly string[]): string {
  const of = (alias: string) => fields.map((f) => `${alias}.${f}`).join(', ');
  return `SELECT x.salon_id, x.id FROM ${oldRows} o JOIN ${newRows} n ON n.id = o.id
    AND (o.salon_id, ${of('o')}) IS DISTINCT FROM (n.salon_id, ${of('n')})
    CROSS JOIN LATERAL (VALUES (o.salon_id, o.id), (n.salon_id, n.id)) x(salon_id, id)`;
}

/**
 * A client's days from their lines, where `filter` keeps the lines: client_days' columns without the previous
 * days. The per-client rollups read it too, from the client's lines, rather than client_days' view.
 */
function clientDaysOfLines(filter: string): string {
  return `
    SELECT sl.salon_id, sl.day, sl.client_id, COALESCE(min(c.gender), 'UNKNOWN') AS gender, count(DISTINCT sl.appointment_id) AS appointments,
      sum(sl.paid_amount_cents) AS revenue_cents,
      COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'SERVICE'), 0) AS service_revenue_cents,
      COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT'), 0) AS product_revenue_cents,
      bool_or(sl.kind = 'SERVICE') AS has_service, bool_or(sl.kind = 'PRODUCT') AS has_product, max(sl.appointment_id) AS last_appointment_id
    FROM sale_lines sl
    LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id
    WHERE sl.client_id IS NOT NULL AND ${filter}
    GROUP BY sl.salon_id, sl.day, sl.client_id`;
}

/** A client's day in the salon: what they bought and the previous day they came (on any and on the same weekday). */
export const clientDays = defineRollup({
  table: 'client_days',
  description:
    "Per salon, day and client with sale lines: the client's gender (UNKNOWN without one), appointments, paid money (all, services, products), whether they had a service and a product, the day's last appointment, and the client's previous day with lines (prev_day) and previous one on the same ISO weekday (prev_weekday_day).",
  columns: {
    salon_id: 'integer',
    day: 'date',
    client_id: 'bigint',
    gender: 'text',
    appointments: 'integer',
    revenue_cents: 'bigint',
    service_revenue_cents: 'bigint',
    product_revenue_cents: 'bigint',
    has_service: 'boolean',
    has_product: 'boolean',
    last_appointment_id: 'bigint null',
    prev_day: 'date null',
    prev_weekday_day: 'date null',
  },
  key: ['salon_id', 'day', 'client_id'],
  grain: { column: 'day', kind: 'day' },
  indexes: ['(salon_id, client_id, day) INCLUDE (appointments, revenue_cents)', '(salon_id, day) INCLUDE (client_id, prev_day)'],
  from: ['sale_lines', 'clients'],
  staleWhen: [
    {
      source: 'sale_lines',
      why: "a line written, changed or removed moves its day (old and new) and, as the client's previous day, their next day after it and their next one on the same weekday",
      // The next days come from lead() over the written clients' days and the written ones (a removed day leads to the
      // next one left): one pass over their lines, by sale_lines_client_idx for a few clients and by a scan for a bulk load's.
      keys: ({ changed }) => `
        WITH w AS (SELECT DISTINCT salon_id, client_id, day FROM ${changed} WHERE client_id IS NOT NULL),
        h AS (
          SELECT x.salon_id, x.client_id, x.day, lead(x.day) OVER (PARTITION BY x.salon_id, x.client_id ORDER BY x.day) AS next_day,
            lead(x.day) OVER (PARTITION BY x.salon_id, x.client_id, extract(isodow FROM x.day) ORDER BY x.day) AS next_weekday_day
          FROM (
            SELECT sl.salon_id, sl.client_id, sl.day FROM sale_lines sl WHERE (sl.salon_id, sl.client_id) IN (SELECT salon_id, client_id FROM w)
            UNION SELECT salon_id, client_id, day FROM w
          ) x
        )
        SELECT salon_id, day FROM ${changed}
        UNION ALL
        SELECT h.salon_id, n.day FROM h JOIN w ON w.salon_id = h.salon_id AND w.client_id = h.client_id AND w.day = h.day
        CROSS JOIN LATERAL (VALUES (h.next_day), (h.next_weekday_day)) n(day)`,
      bulk: ({ changed }) => daysFromEarliestWritten(changed),
    },
    clientGenderOnSaleLines,
  ],
  // The previous days are the lags over the asked days' rows where every day between was asked too (a rebuild, a
  // refresh's run of days), else probes of sale_lines_client_idx, so a few asked days read only their own lines.
  rows: (keys) => {
    const runs = runsOfAskedDays(keys);
    const lagged = (lag: string, lagRun: string, probe: string) =>
      keys.asked === null ? `l.${lag}` : `CASE WHEN l.${lag} IS NOT NULL AND l.${lagRun} = l.run THEN l.${lag} ELSE (${probe}) END`;
    return `${runs.with}
    SELECT l.*,
      ${lagged('lag_day', 'lag_run', 'SELECT max(p.day) FROM sale_lines p WHERE p.salon_id = l.salon_id AND p.client_id = l.client_id AND p.day < l.day')} AS prev_day,
      ${lagged(
        'lag_weekday_day',
        'lag_weekday_run',
        `SELECT p.day FROM sale_lines p WHERE p.salon_id = l.salon_id AND p.client_id = l.client_id AND p.day < l.day
         AND extract(isodow FROM p.day) = extract(isodow FROM l.day) ORDER BY p.day DESC LIMIT 1`,
      )} AS prev_weekday_day
    FROM (
      SELECT d.*, ${runs.run} AS run, lag(d.day) OVER c AS lag_day, lag(${runs.run}) OVER c AS lag_run,
        lag(d.day) OVER w AS lag_weekday_day, lag(${runs.run}) OVER w AS lag_weekday_run
      FROM (${clientDaysOfLines(keys.match('sl.salon_id', 'sl.day'))}) d ${runs.join('d')}
      WINDOW c AS (PARTITION BY d.salon_id, d.client_id ORDER BY d.day),
        w AS (PARTITION BY d.salon_id, d.client_id, extract(isodow FROM d.day) ORDER BY d.day)
    ) l`;
  },
  readBy: ['Customers/*', 'Sales/sales per client', 'the sales measures (lib/sales-measures.query.ts)'],
});

/** The clients whose days a line write moves (old and new client): a client whose last day went is on no day now. */
const lineClients: StaleRule = {
  source: 'sale_lines',
  why: "a line written, changed or removed moves its client's days (the old and the new client, who may have no day left)",
  keys: ({ changed }) => `SELECT salon_id, client_id FROM ${changed} WHERE client_id IS NOT NULL`,
};

/** Each client's totals over all their days: the customer status list reads a day's status from them. */
export const clientTotals = defineRollup({
  table: 'client_totals',
  description:
    'Per salon and client with sale lines: the last day, the appointments (distinct per day, as client_days) and the paid money of all their lines.',
  columns: { salon_id: 'integer', client_id: 'bigint', last_day: 'date', visits: 'bigint', revenue_cents: 'bigint' },
  key: ['salon_id', 'client_id'],
  grain: { column: 'client_id', kind: 'id' },
  indexes: ['(salon_id, last_day) INCLUDE (client_id, visits, revenue_cents)'],
  from: ['sale_lines'],
  staleWhen: [lineClients],
  // Appointments as client_days counts them: distinct per day.
  rows: (keys) => `
    SELECT cd.salon_id, cd.client_id, max(cd.day) AS last_day, sum(cd.appointments) AS visits, sum(cd.revenue_cents) AS revenue_cents
    FROM (
      SELECT sl.salon_id, sl.client_id, sl.day, count(DISTINCT sl.appointment_id) AS appointments, sum(sl.paid_amount_cents) AS revenue_cents
      FROM sale_lines sl WHERE sl.client_id IS NOT NULL AND ${keys.match('sl.salon_id', 'sl.client_id')}
      GROUP BY sl.salon_id, sl.client_id, sl.day
    ) cd
    GROUP BY cd.salon_id, cd.client_id`,
  readBy: ['Customers/status'],
});

/** Each client's calendar years: sales per client reads a range's whole years from them. */
export const clientYears = defineRollup({
  table: 'client_years',
  description:
    "Per salon, client, calendar year (its 1 January) and gender of their client days (from their lines, as client_days): the sums of those days, their last day, their last day with an appointment and its last appointment, and whether all the client's days of the year have one gender.",
  columns: {
    salon_id: 'integer',
    client_id: 'bigint',
    year: 'date',
    gender: 'text',
    appointments: 'bigint',
    revenue_cents: 'bigint',
    service_revenue_cents: 'bigint',
    product_revenue_cents: 'bigint',
    last_day: 'date',
    last_appointment_day: 'date null',
    last_appointment_id: 'bigint null',
    single_gender: 'boolean',
  },
  key: ['salon_id', 'client_id', 'year', 'gender'],
  grain: { column: 'client_id', kind: 'id' },
  indexes: ['(salon_id, year, client_id, gender)'],
  from: ['sale_lines', 'clients'],
  staleWhen: [
    lineClients,
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's gender is their days' gender: a change moves the client",
      keys: (rows) => clientsWithNewGender(rows),
    },
  ],
  rows: (keys) => `
    SELECT cd.salon_id, cd.client_id, date_trunc('year', cd.day)::date AS year, cd.gender, sum(cd.appointments) AS appointments,
      sum(cd.revenue_cents) AS revenue_cents, sum(cd.service_revenue_cents) AS service_revenue_cents,
      sum(cd.product_revenue_cents) AS product_revenue_cents, max(cd.day) AS last_day,
      max(cd.day) FILTER (WHERE cd.last_appointment_id IS NOT NULL) AS last_appointment_day,
      (max(ARRAY[cd.day - DATE '2000-01-01', cd.last_appointment_id]) FILTER (WHERE cd.last_appointment_id IS NOT NULL))[2] AS last_appointment_id,
      count(*) OVER (PARTITION BY cd.salon_id, date_trunc('year', cd.day)::date, cd.client_id) = 1 AS single_gender
    FROM (${clientDaysOfLines(keys.match('sl.salon_id', 'sl.client_id'))}) cd
    GROUP BY cd.salon_id, cd.client_id, date_trunc('year', cd.day)::date, cd.gender`,
  readBy: ['Sales/sales per client'],
});

/** A month of client_days rule: the months of the changed days. */
const monthsOfDays: StaleRule = {
  source: 'client_days',
  why: 'it counts the client_days of the month',
  keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
};

/** Distinct clients per month and gender, by the month of their previous visit. */
export const clientMonths = defineRollup({
  table: 'client_months',
  description:
    "Per salon, month, gender and month of prev_day (null: none): the client_days rows that are their client's first in the month (prev_day before the month).",
  columns: { salon_id: 'integer', month: 'date', gender: 'text', prev_month: 'date null', clients: 'bigint' },
  key: ['salon_id', 'month', 'gender', 'prev_month'],
  grain: { column: 'month', kind: 'month' },
  from: ['client_days'],
  staleWhen: [monthsOfDays],
  rows: (keys) => `
    SELECT r.salon_id, date_trunc('month', r.day)::date AS month, r.gender, date_trunc('month', r.prev_day)::date AS prev_month, count(*) AS clients
    FROM client_days r
    WHERE (r.prev_day IS NULL OR r.prev_day < date_trunc('month', r.day)::date) AND ${keys.monthOfDay('r.salon_id', 'r.day')}
    GROUP BY r.salon_id, date_trunc('month', r.day)::date, r.gender, date_trunc('month', r.prev_day)::date`,
  readBy: ['the sales measures (lib/sales-measures.query.ts)'],
});

/** Distinct clients per month, gender and weekday, by the month of their previous visit on that weekday. */
export const clientWeekdayMonths = defineRollup({
  table: 'client_weekday_months',
  description:
    "Per salon, month, gender, ISO weekday and month of prev_weekday_day (null: none): the client_days rows that are their client's first on that weekday in the month.",
  columns: { salon_id: 'integer', month: 'date', gender: 'text', isodow: 'smallint', prev_month: 'date null', clients: 'bigint' },
  key: ['salon_id', 'month', 'gender', 'isodow', 'prev_month'],
  grain: { column: 'month', kind: 'month' },
  from: ['client_days'],
  staleWhen: [monthsOfDays],
  rows: (keys) => `
    SELECT r.salon_id, date_trunc('month', r.day)::date AS month, r.gender, extract(isodow FROM r.day)::int AS isodow,
      date_trunc('month', r.prev_weekday_day)::date AS prev_month, count(*) AS clients
    FROM client_days r
    WHERE (r.prev_weekday_day IS NULL OR r.prev_weekday_day < date_trunc('month', r.day)::date) AND ${keys.monthOfDay('r.salon_id', 'r.day')}
    GROUP BY r.salon_id, date_trunc('month', r.day)::date, r.gender, extract(isodow FROM r.day)::int, date_trunc('month', r.prev_weekday_day)::date`,
  readBy: ['the sales measures (lib/sales-measures.query.ts)', 'ReportDataAnalysis/day of week'],
});

/** The months of a client's days, when an UPDATE changed one of `fields` of the client. */
function monthsOfClientsChangedIn(fields: readonly string[], why: string): StaleRule {
  return {
    source: 'clients',
    on: ['UPDATE'],
    why,
    keys: (rows) => `SELECT sl.salon_id, sl.day FROM (${clientsChangedIn(rows, fields)}) c
      JOIN sale_lines sl ON sl.salon_id = c.salon_id AND sl.client_id = c.id`,
    bulk: ({ changed }) => everyLineDayOfSalons(changed),
  };
}

/** Each client's month: the customer overview's distinct clients, first-visit retention and cohorts. */
export const clientVisitMonths = defineRollup({
  table: 'client_visit_months',
  description:
    "Per salon, month and client with client days: the month's first and last day, the prev_day of its first day when before the month, the appointments and paid money, and the client's gender, birth date and first visit.",
  columns: {
    salon_id: 'integer',
    month: 'date',
    client_id: 'bigint',
    first_day: 'date',
    last_day: 'date',
    prev_day: 'date null',
    visits: 'bigint',
    revenue_cents: 'bigint',
    gender: 'text null',
    birth_date: 'date null',
    first_visit: 'date null',
  },
  key: ['salon_id', 'month', 'client_id'],
  grain: { column: 'month', kind: 'month' },
  indexes: [
    '(salon_id, month, prev_day) INCLUDE (gender, birth_date, first_visit)',
    '(salon_id, first_visit) INCLUDE (first_day) WHERE last_day > first_visit AND (prev_day IS NULL OR prev_day <= first_visit)',
  ],
  from: ['client_days', 'clients'],
  staleWhen: [
    monthsOfDays,
    monthsOfClientsChangedIn(
      ['gender', 'birth_date', 'first_visit'],
      "a client's gender, birth date or first visit is copied onto their months: a change moves them",
    ),
  ],
  rows: (keys) => `
    SELECT d.salon_id, date_trunc('month', d.day)::date AS month, d.client_id, min(d.day) AS first_day, max(d.day) AS last_day,
      min(d.prev_day) FILTER (WHERE d.prev_day < date_trunc('month', d.day)::date) AS prev_day, sum(d.appointments) AS visits,
      sum(d.revenue_cents) AS revenue_cents, min(c.gender) AS gender, min(c.birth_date) AS birth_date, min(c.first_visit) AS first_visit
    FROM client_days d LEFT JOIN clients c ON c.salon_id = d.salon_id AND c.id = d.client_id
    WHERE ${keys.monthOfDay('d.salon_id', 'd.day')}
    GROUP BY d.salon_id, date_trunc('month', d.day)::date, d.client_id`,
  readBy: ['Customers/overview'],
});

/** client_visit_months counted per month of the first visit: new vs returning clients, cohorts. */
export const clientCohortMonths = defineRollup({
  table: 'client_cohort_months',
  description: "Per salon, month and month of the client's first visit (null: none): client_visit_months' clients, visits and paid money.",
  columns: {
    salon_id: 'integer',
    month: 'date',
    first_month: 'date null',
    clients: 'bigint',
    visits: 'bigint',
    revenue_cents: 'bigint',
  },
  key: ['salon_id', 'month', 'first_month'],
  grain: { column: 'month', kind: 'month' },
  from: ['client_visit_months'],
  staleWhen: [
    {
      source: 'client_visit_months',
      why: 'it counts the month of client_visit_months',
      keys: ({ changed }) => `SELECT salon_id, month FROM ${changed}`,
    },
  ],
  rows: (keys) => `
    SELECT v.salon_id, v.month, date_trunc('month', v.first_visit)::date AS first_month, count(*) AS clients, sum(v.visits) AS visits,
      sum(v.revenue_cents) AS revenue_cents
    FROM client_visit_months v WHERE ${keys.match('v.salon_id', 'v.month')}
    GROUP BY v.salon_id, v.month, date_trunc('month', v.first_visit)::date`,
  readBy: ['Customers/overview'],
});

const LOCATED = 'c.latitude IS NOT NULL AND c.longitude IS NOT NULL';

/** The client days of each month per place of the client: the customer heat-map's places. */
export const placeMonths = defineRollup({
  table: 'place_months',
  description:
    "Per salon, month, month of prev_day (null: none) and the client's trimmed city and postal code (null when blank): the client_days rows of clients on record, those of clients with coordinates and their coordinates' sums, and the paid money.",
  columns: {
    salon_id: 'integer',
    month: 'date',
    prev_month: 'date null',
    city: 'text null',
    postal_code: 'text null',
    days: 'bigint',
    located_days: 'bigint',
    latitude_sum: 'numeric',
    longitude_sum: 'numeric',
    revenue_cents: 'bigint',
  },
  key: ['salon_id', 'month', 'prev_month', 'city', 'postal_code'],
  grain: { column: 'month', kind: 'month' },
  from: ['client_days', 'clients'],
  staleWhen: [
    monthsOfDays,
    monthsOfClientsChangedIn(['city', 'postal_code', 'latitude', 'longitude'], "a client's place or coordinates moves their months"),
  ],
  rows: (keys) => `
    SELECT r.salon_id, date_trunc('month', r.day)::date AS month, date_trunc('month', r.prev_day)::date AS prev_month,
      NULLIF(btrim(c.city), '') AS city, NULLIF(btrim(c.postal_code), '') AS postal_code, count(*) AS days,
      count(*) FILTER (WHERE ${LOCATED}) AS located_days,
      coalesce(sum(c.latitude::numeric) FILTER (WHERE ${LOCATED}), 0) AS latitude_sum,
      coalesce(sum(c.longitude::numeric) FILTER (WHERE ${LOCATED}), 0) AS longitude_sum, sum(r.revenue_cents) AS revenue_cents
    FROM client_days r JOIN clients c ON c.salon_id = r.salon_id AND c.id = r.client_id
    WHERE ${keys.monthOfDay('r.salon_id', 'r.day')}
    GROUP BY r.salon_id, date_trunc('month', r.day)::date, date_trunc('month', r.prev_day)::date, NULLIF(btrim(c.city), ''),
      NULLIF(btrim(c.postal_code), '')`,
  readBy: ['Customers/heat-map places'],
});

export const clientRollups = [
  clientDays,
  clientTotals,
  clientYears,
  clientMonths,
  clientWeekdayMonths,
  clientVisitMonths,
  clientCohortMonths,
  placeMonths,
];
