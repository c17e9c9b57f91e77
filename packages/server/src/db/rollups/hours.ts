import { rebookedCondition } from '../staff-hours.js';
import { type ChangedRows, defineRollup, type KeySet, type StaleRule } from './model.js';
import { clientsWithNewGender, salonsWithNewZone } from './rules.js';

/**
 * The salon-local days asked of each salon (salon_id, day, time_zone), from the local day of its first row of
 * `table` to that of its last (`column` a timestamptz): the days a defining query then reads each by an index
 * range of (salon_id, column), as no column holds the local day.
 */
function localDays(keys: KeySet, table: string, column: string): string {
  return `
    SELECT z.id AS salon_id, g::date AS day, z.time_zone
    FROM salons z
    CROSS JOIN LATERAL (SELECT min(x.${column}) AS lo, max(x.${column}) AS hi FROM ${table} x WHERE x.salon_id = z.id) r
    CROSS JOIN LATERAL generate_series((r.lo AT TIME ZONE z.time_zone)::date, (r.hi AT TIME ZONE z.time_zone)::date, interval '1 day') g
    WHERE ${keys.salon('z.id')} AND ${keys.match('z.id', 'g::date')}`;
}

/**
 * SQL: the row `alias` (timestamptz `column`) falls on the local day d.day of the salon d: an index range a few
 * hours wider than the day (a zone's change at midnight), then the local day itself.
 */
function onLocalDay(alias: string, column: string): string {
  const at = `${alias}.${column}`;
  return `${alias}.salon_id = d.salon_id
    AND ${at} >= (d.day::timestamp AT TIME ZONE d.time_zone) - interval '3 hours'
    AND ${at} < ((d.day + 1)::timestamp AT TIME ZONE d.time_zone) + interval '3 hours'
    AND (${at} AT TIME ZONE d.time_zone)::date = d.day`;
}

/** A shift written, changed or removed moves the salon-local day it starts on (old and new). */
const shiftDays: StaleRule = {
  source: 'user_timeframes',
  why: 'a shift written, changed or removed moves the salon-local day it starts on (the old and the new one; a shift crossing midnight stays on its first day)',
  keys: ({ changed }) => `
    SELECT t.salon_id, (t.day_start AT TIME ZONE z.time_zone)::date FROM ${changed} t JOIN salons z ON z.id = t.salon_id`,
};

/** The (salon_id, day) of every row of `table` in the old and the new zone of the salons whose time zone an UPDATE changed. */
function daysOfNewZone(rows: ChangedRows, table: string, column: string): string {
  return `
    SELECT n.id, (x.${column} AT TIME ZONE tz.zone)::date FROM ${salonsWithNewZone(rows)}
    CROSS JOIN LATERAL (VALUES (o.time_zone), (n.time_zone)) tz(zone)
    JOIN ${table} x ON x.salon_id = n.id`;
}

/** Shift seconds per salon, local day and person: the planner's shifts and the attendances. */
export const staffHoursDaily = defineRollup({
  table: 'staff_hours_daily',
  description:
    "Per salon, salon-local day and person with a shift or an attendance: their shifts (on the local day a shift starts) and the shifts' seconds, their attendances (on the local day of clock-in) and the closed ones' worked seconds.",
  columns: {
    salon_id: 'integer',
    day: 'date',
    user_id: 'integer',
    shifts: 'integer',
    shift_seconds: 'numeric',
    attendances: 'integer',
    work_seconds: 'numeric',
  },
  key: ['salon_id', 'day', 'user_id'],
  grain: { column: 'day', kind: 'day' },
  from: ['user_timeframes', 'attendances', 'salons'],
  staleWhen: [
    shiftDays,
    {
      source: 'attendances',
      why: 'an attendance written, changed (clock-out, correction) or removed moves the salon-local day of its clock-in (old and new)',
      keys: ({ changed }) => `
        SELECT a.salon_id, (a.clock_in AT TIME ZONE z.time_zone)::date FROM ${changed} a JOIN salons z ON z.id = a.salon_id`,
    },
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's time zone decides the local days: a change moves every day of its shifts and attendances, in the old zone and the new",
      keys: (rows) => `${daysOfNewZone(rows, 'user_timeframes', 'day_start')} UNION ALL ${daysOfNewZone(rows, 'attendances', 'clock_in')}`,
    },
  ],
  rows: (keys) => `
    SELECT x.salon_id, x.day, x.user_id, sum(x.shifts) AS shifts, sum(x.shift_seconds) AS shift_seconds,
      sum(x.attendances) AS attendances, sum(x.work_seconds) AS work_seconds
    FROM (
      SELECT d.salon_id, d.day, t.user_id, count(*) AS shifts, sum(extract(epoch FROM t.day_end - t.day_start)) AS shift_seconds,
        0 AS attendances, 0 AS work_seconds
      FROM (${localDays(keys, 'user_timeframes', 'day_start')}) d
      JOIN user_timeframes t ON ${onLocalDay('t', 'day_start')}
      GROUP BY d.salon_id, d.day, t.user_id
      UNION ALL
      SELECT d.salon_id, d.day, a.user_id, 0, 0, count(*),
        COALESCE(sum(extract(epoch FROM a.clock_out - a.clock_in)) FILTER (WHERE a.clock_out IS NOT NULL), 0)
      FROM (${localDays(keys, 'attendances', 'clock_in')}) d
      JOIN attendances a ON ${onLocalDay('a', 'clock_in')}
      GROUP BY d.salon_id, d.day, a.user_id
    ) x
    GROUP BY x.salon_id, x.day, x.user_id`,
  readBy: ['StaffDataAnalysis/*', 'FullCapacity/*', 'Performance', 'ReportDataAnalysis/check-up'],
});

/** Shift seconds per salon, local start day and local wall-clock hour: the utilisation grid's hours. */
export const shiftHourly = defineRollup({
  table: 'shift_hourly',
  description:
    'Per salon, salon-local day a shift starts and local wall-clock hour it covers: the shifts reaching that hour and their seconds in it (wall-clock arithmetic: a shift through a DST change counts its wall-clock hours).',
  columns: { salon_id: 'integer', day: 'date', hour: 'timestamp', shifts: 'integer', seconds: 'numeric' },
  key: ['salon_id', 'day', 'hour'],
  grain: { column: 'day', kind: 'day' },
  from: ['user_timeframes', 'salons'],
  staleWhen: [
    shiftDays,
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's time zone decides the local days and hours: a change moves every day of its shifts, in the old zone and the new",
      keys: (rows) => daysOfNewZone(rows, 'user_timeframes', 'day_start'),
    },
  ],
  rows: (keys) => `
    SELECT t.salon_id, t.day, h AS hour, count(*) AS shifts, sum(extract(epoch FROM least(t.e, h + interval '1 hour') - greatest(t.s, h))) AS seconds
    FROM (
      SELECT d.salon_id, d.day, ut.day_start AT TIME ZONE d.time_zone AS s, ut.day_end AT TIME ZONE d.time_zone AS e
      FROM (${localDays(keys, 'user_timeframes', 'day_start')}) d
      JOIN user_timeframes ut ON ${onLocalDay('ut', 'day_start')}
    ) t
    CROSS JOIN LATERAL generate_series(date_trunc('hour', t.s), t.e - interval '1 microsecond', interval '1 hour') AS h
    GROUP BY t.salon_id, t.day, h`,
  readBy: ['FullCapacity/utilisation grid'],
});

/**
 * The DONE appointments a write of appointments makes the client's earlier visit look at: `rebooked` of a DONE
 * visit reads its client's next appointment that is not cancelled, so a written one (old or new) moves the
 * visit of that client it is (or was) the next one of.
 */
function visitsBeforeWritten({ changed }: ChangedRows): string {
  return `
    SELECT p.salon_id, p.day FROM ${changed} w
    JOIN appointments p ON p.salon_id = w.salon_id AND p.client_id = w.client_id AND p.status = 'DONE' AND p.day <= w.day
      AND (p.start_at, p.id) < (w.start_at, w.id)
    WHERE w.client_id IS NOT NULL AND w.status <> 'CANCELLED'
      AND NOT EXISTS (
        SELECT 1 FROM appointments n
        WHERE n.salon_id = w.salon_id AND n.client_id = w.client_id AND n.status <> 'CANCELLED' AND n.id <> w.id
          AND n.day >= p.day AND (n.start_at, n.id) > (p.start_at, p.id)
          AND (n.day, n.start_at, n.id) < (w.day, w.start_at, w.id))`;
}

/** The DONE appointments per day and client gender, with what their lines hold and their rebooking. */
export const appointmentsDaily = defineRollup({
  table: 'appointments_daily',
  description:
    "Per salon, day and client gender (UNKNOWN without a client): the DONE appointments, those with a service, a product, a colour, a treatment and a discount (from their lines), the lines' discount, the booked minutes, those with a client and those rebooked (the client's next appointment not cancelled booked within 7 days of the end), those with a haircut, a styling and a resale.",
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    appointments: 'integer',
    with_service: 'integer',
    with_product: 'integer',
    with_colour: 'integer',
    with_treatment: 'integer',
    with_discount: 'integer',
    discount_cents: 'bigint',
    booked_minutes: 'bigint',
    with_client: 'integer',
    rebooked: 'integer',
    with_haircut: 'integer',
    with_styling: 'integer',
    with_resale: 'integer',
  },
  key: ['salon_id', 'day', 'gender'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments', 'sale_lines', 'clients'],
  staleWhen: [
    {
      source: 'appointments',
      why: "an appointment written, changed or removed moves its day (old and new), and the day of its client's DONE visit it is (or was) the next appointment of (that visit's rebooking)",
      keys: (rows) => `SELECT salon_id, day FROM ${rows.changed} UNION ALL ${visitsBeforeWritten(rows)}`,
    },
    {
      source: 'sale_lines',
      why: "a line of an appointment written, changed or removed moves its appointment's day",
      keys: ({ changed }) => `
        SELECT a.salon_id, a.day FROM ${changed} sl JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id`,
    },
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's gender decides the row of their visits: a change moves every day of their DONE appointments",
      keys: (rows) => `SELECT a.salon_id, a.day FROM (${clientsWithNewGender(rows)}) c
        JOIN appointments a ON a.salon_id = c.salon_id AND a.client_id = c.id AND a.status = 'DONE'`,
    },
  ],
  rows: (keys) => `
    SELECT a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN') AS gender, count(*) AS appointments,
      count(*) FILTER (WHERE l.services > 0) AS with_service, count(*) FILTER (WHERE l.products > 0) AS with_product,
      count(*) FILTER (WHERE l.colour > 0) AS with_colour, count(*) FILTER (WHERE l.treatment > 0) AS with_treatment,
      count(*) FILTER (WHERE l.discount > 0) AS with_discount, COALESCE(sum(l.discount), 0) AS discount_cents,
      COALESCE(round(sum(extract(epoch FROM (a.end_at - a.start_at))) / 60), 0) AS booked_minutes,
      count(*) FILTER (WHERE a.client_id IS NOT NULL) AS with_client,
      count(*) FILTER (WHERE ${rebookedCondition('a')}) AS rebooked,
      count(*) FILTER (WHERE l.haircut > 0) AS with_haircut, count(*) FILTER (WHERE l.styling > 0) AS with_styling,
      count(*) FILTER (WHERE l.resale > 0) AS with_resale
    FROM appointments a
    LEFT JOIN clients c ON c.salon_id = a.salon_id AND c.id = a.client_id
    LEFT JOIN (
      SELECT sl.salon_id, sl.appointment_id,
        count(*) FILTER (WHERE sl.kind = 'SERVICE') AS services, count(*) FILTER (WHERE sl.kind = 'PRODUCT') AS products,
        count(*) FILTER (WHERE sl.category = 'COLOUR') AS colour, count(*) FILTER (WHERE sl.category = 'TREATMENT') AS treatment,
        count(*) FILTER (WHERE sl.kind = 'SERVICE' AND sl.category = 'HAIRCUT') AS haircut,
        count(*) FILTER (WHERE sl.kind = 'SERVICE' AND sl.category = 'STYLING') AS styling,
        count(*) FILTER (WHERE sl.kind = 'PRODUCT' AND sl.category = 'RESALE') AS resale,
        sum(sl.discount_cents) AS discount
      FROM sale_lines sl
      WHERE (sl.salon_id, sl.appointment_id) IN (
        SELECT a2.salon_id, a2.id FROM appointments a2 WHERE a2.status = 'DONE' AND ${keys.match('a2.salon_id', 'a2.day')})
      GROUP BY sl.salon_id, sl.appointment_id
    ) l ON l.salon_id = a.salon_id AND l.appointment_id = a.id
    WHERE a.status = 'DONE' AND ${keys.match('a.salon_id', 'a.day')}
    GROUP BY a.salon_id, a.day, COALESCE(c.gender, 'UNKNOWN')`,
  readBy: ['Stats/*', 'Growth/*', 'ReportDataAnalysis/*', 'FullCapacity/*', 'sales_day_totals', 'recap_daily'],
});

/** The clients whose first visit a write added, removed or moved (or who moved salon): their old and new (salon, first visit). */
function firstVisitsWritten({ oldRows, newRows }: ChangedRows): string {
  return `
    SELECT k.salon_id, k.g FROM ${oldRows} o FULL JOIN ${newRows} n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.salon_id, o.first_visit), (n.salon_id, n.first_visit)) k(salon_id, g)
    WHERE (o.salon_id, o.first_visit) IS DISTINCT FROM (n.salon_id, n.first_visit)`;
}

const byDay = (source: string, why: string): StaleRule => ({
  source,
  why,
  keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
});

/** The staff daily details' figures per gender scope, day and person, combined from their sources. */
export const staffDayDetails = defineRollup({
  table: 'staff_day_details',
  description:
    "Per salon, day, gender scope (ALL, MALE, FEMALE: the client's gender) and person: money, visits and rebooking (staff_daily), clients and new clients (staff_client_days, the clients' first visit), booked seconds (staff_booked_daily), shift and worked seconds and working days (staff_hours_daily), the feedback average round(avg(score), 2); staff_id 0 is the salon's row of a day with a DONE appointment of the scope (appointments_daily). Booked and hours figures are not gendered: every scope carries them.",
  columns: {
    salon_id: 'integer',
    gender: 'text',
    day: 'date',
    staff_id: 'integer',
    earned_cents: 'bigint',
    recommended_cents: 'bigint',
    service_cents: 'bigint',
    service_rec_cents: 'bigint',
    product_cents: 'bigint',
    product_rec_cents: 'bigint',
    discount_cents: 'bigint',
    discount_rec_cents: 'bigint',
    clients: 'integer',
    new_clients: 'integer',
    visits: 'integer',
    visits_with_product: 'integer',
    rebooked: 'integer',
    booked_seconds: 'bigint',
    shift_seconds: 'numeric',
    work_seconds: 'numeric',
    working_days: 'integer',
    feedback_average: 'numeric null',
  },
  key: ['salon_id', 'day', 'gender', 'staff_id'],
  grain: { column: 'day', kind: 'day' },
  // The report reads one scope's days: an index range of the scope.
  indexes: ['(salon_id, gender, day, staff_id)'],
  from: ['staff_daily', 'staff_client_days', 'staff_booked_daily', 'staff_hours_daily', 'appointments_daily', 'feedback', 'clients'],
  staleWhen: [
    byDay('staff_daily', "it takes the day's money, visits and rebooking per person"),
    byDay('staff_client_days', "it counts the day's clients per person"),
    byDay('staff_booked_daily', "it takes the day's booked seconds per person"),
    byDay('staff_hours_daily', "it takes the day's shift and worked seconds per person"),
    byDay('appointments_daily', 'a day with a DONE appointment of the scope has the salon row'),
    {
      source: 'feedback',
      why: 'a feedback written, changed or removed moves its day (old and new)',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
    },
    {
      source: 'clients',
      why: "a client's first visit decides the new clients: a record added, removed or whose first visit (or salon) changed moves its old and new first-visit day; a client's gender decides the scope of their feedback: a change moves the days of their feedback",
      keys: (rows) => `${firstVisitsWritten(rows)}
        UNION ALL
        SELECT f.salon_id, f.day FROM (${clientsWithNewGender(rows)}) c JOIN feedback f ON f.salon_id = c.salon_id AND f.client_id = c.id`,
    },
  ],
  rows: (keys) => `
    SELECT x.salon_id, g.scope AS gender, x.day, x.staff_id, COALESCE(sum(x.earned), 0) AS earned_cents, COALESCE(sum(x.rec), 0) AS recommended_cents,
      COALESCE(sum(x.svc), 0) AS service_cents, COALESCE(sum(x.svc_rec), 0) AS service_rec_cents, COALESCE(sum(x.prod), 0) AS product_cents,
      COALESCE(sum(x.prod_rec), 0) AS product_rec_cents, COALESCE(sum(x.disc), 0) AS discount_cents, COALESCE(sum(x.disc_rec), 0) AS discount_rec_cents,
      COALESCE(sum(x.clients), 0) AS clients, COALESCE(sum(x.new_clients), 0) AS new_clients, COALESCE(sum(x.visits), 0) AS visits,
      COALESCE(sum(x.with_product), 0) AS visits_with_product, COALESCE(sum(x.rebooked), 0) AS rebooked,
      COALESCE(sum(x.booked_seconds), 0) AS booked_seconds, COALESCE(sum(x.shift_seconds), 0) AS shift_seconds,
      COALESCE(sum(x.work_seconds), 0) AS work_seconds, COALESCE(sum(x.working_days), 0) AS working_days, round(avg(x.score), 2) AS feedback_average
    FROM (
      SELECT d.salon_id, d.day, d.staff_id, d.gender AS cg, d.earned_cents AS earned, d.recommended_cents AS rec, d.service_cents AS svc,
        d.service_rec_cents AS svc_rec, d.product_cents AS prod, d.product_rec_cents AS prod_rec, d.discount_cents AS disc,
        d.discount_rec_cents AS disc_rec, NULL::bigint AS clients, NULL::bigint AS new_clients, d.visits, d.visits_with_product AS with_product,
        d.rebooked, NULL::bigint AS booked_seconds, NULL::numeric AS shift_seconds, NULL::numeric AS work_seconds,
        NULL::int AS working_days, NULL::int AS score
      FROM staff_daily d
      WHERE ${keys.match('d.salon_id', 'd.day')}
      UNION ALL
      SELECT cd.salon_id, cd.day, cd.staff_id, cd.gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, count(*),
        count(*) FILTER (WHERE c.first_visit = cd.day), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM staff_client_days cd
      LEFT JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id
      WHERE ${keys.match('cd.salon_id', 'cd.day')}
      GROUP BY cd.salon_id, cd.day, cd.staff_id, cd.gender
      UNION ALL
      SELECT bd.salon_id, bd.day, bd.staff_id, '*', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, bd.booked_seconds,
        NULL, NULL, NULL, NULL
      FROM staff_booked_daily bd
      WHERE ${keys.match('bd.salon_id', 'bd.day')} AND bd.staff_id <> 0
      UNION ALL
      SELECT h.salon_id, h.day, h.user_id, '*', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        CASE WHEN h.shifts > 0 THEN h.shift_seconds END, CASE WHEN h.attendances > 0 THEN h.work_seconds END,
        CASE WHEN h.attendances > 0 THEN 1 END, NULL
      FROM staff_hours_daily h
      WHERE ${keys.match('h.salon_id', 'h.day')} AND (h.shifts > 0 OR h.attendances > 0)
      UNION ALL
      SELECT f.salon_id, f.day, f.staff_id, COALESCE(c.gender, 'UNKNOWN'), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, f.score
      FROM feedback f
      LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
      WHERE ${keys.match('f.salon_id', 'f.day')} AND f.staff_id IS NOT NULL
      UNION ALL
      SELECT DISTINCT ad.salon_id, ad.day, 0, ad.gender, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint,
        NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::int, NULL::int, NULL::int, NULL::bigint, NULL::numeric, NULL::numeric,
        NULL::int, NULL::int
      FROM appointments_daily ad
      WHERE ${keys.match('ad.salon_id', 'ad.day')} AND ad.appointments > 0
    ) x
    JOIN (VALUES ('ALL'), ('MALE'), ('FEMALE')) g(scope) ON g.scope = 'ALL' OR x.cg = '*' OR x.cg = g.scope
    GROUP BY x.salon_id, g.scope, x.day, x.staff_id`,
  readBy: ['StaffDataAnalysis/GetStaffDailyDetailsAnalysis'],
});

/** Every figure the performance report sums, per salon and day. */
export const performanceDaily = defineRollup({
  table: 'performance_daily',
  description:
    "Per salon and day with any: revenue (sales_day_totals' services and products over the genders), DONE appointments, those with a client and the rebooked ones (appointments_daily), booked service seconds (staff_booked_daily), shift seconds (staff_hours_daily), new clients (clients' first visit).",
  columns: {
    salon_id: 'integer',
    day: 'date',
    revenue_cents: 'bigint',
    appointments: 'bigint',
    with_client: 'bigint',
    rebooked: 'bigint',
    booked_seconds: 'bigint',
    shift_seconds: 'numeric',
    new_clients: 'bigint',
  },
  key: ['salon_id', 'day'],
  grain: { column: 'day', kind: 'day' },
  from: ['sales_day_totals', 'appointments_daily', 'staff_booked_daily', 'staff_hours_daily', 'clients'],
  staleWhen: [
    byDay('sales_day_totals', "it takes the day's revenue"),
    byDay('appointments_daily', "it takes the day's appointments and rebooking"),
    byDay('staff_booked_daily', "it takes the day's booked seconds"),
    byDay('staff_hours_daily', "it takes the day's shift seconds"),
    {
      source: 'clients',
      why: 'a client record added, removed or whose first visit (or salon) changed moves its old and new first-visit day',
      keys: (rows) => firstVisitsWritten(rows),
    },
  ],
  rows: (keys) => `
    SELECT x.salon_id, x.day, COALESCE(sum(x.revenue), 0) AS revenue_cents, COALESCE(sum(x.appointments), 0) AS appointments,
      COALESCE(sum(x.with_client), 0) AS with_client, COALESCE(sum(x.rebooked), 0) AS rebooked, COALESCE(sum(x.booked), 0) AS booked_seconds,
      COALESCE(sum(x.shift), 0) AS shift_seconds, COALESCE(sum(x.new_clients), 0) AS new_clients
    FROM (
      SELECT t.salon_id, t.day, t.services_cents + t.products_cents AS revenue, NULL::bigint AS appointments, NULL::bigint AS with_client,
        NULL::bigint AS rebooked, NULL::bigint AS booked, NULL::numeric AS shift, NULL::bigint AS new_clients
      FROM sales_day_totals t WHERE ${keys.match('t.salon_id', 't.day')}
      UNION ALL
      SELECT ad.salon_id, ad.day, NULL, ad.appointments, ad.with_client, ad.rebooked, NULL, NULL, NULL
      FROM appointments_daily ad WHERE ${keys.match('ad.salon_id', 'ad.day')}
      UNION ALL
      SELECT bd.salon_id, bd.day, NULL, NULL, NULL, NULL, bd.booked_seconds, NULL, NULL
      FROM staff_booked_daily bd WHERE ${keys.match('bd.salon_id', 'bd.day')}
      UNION ALL
      SELECT h.salon_id, h.day, NULL, NULL, NULL, NULL, NULL, h.shift_seconds, NULL
      FROM staff_hours_daily h WHERE ${keys.match('h.salon_id', 'h.day')}
      UNION ALL
      SELECT c.salon_id, c.first_visit, NULL, NULL, NULL, NULL, NULL, NULL, count(*)
      FROM clients c WHERE c.first_visit IS NOT NULL AND ${keys.match('c.salon_id', 'c.first_visit')}
      GROUP BY c.salon_id, c.first_visit
    ) x
    GROUP BY x.salon_id, x.day`,
  readBy: ['Performance'],
});

export const hoursRollups = [staffHoursDaily, shiftHourly, appointmentsDaily, staffDayDetails, performanceDaily];
