import { defineRollup } from './model.js';
import { clientGenderOnSaleLines, saleLineDays, salonsWithNewZone } from './rules.js';

const GENDER = "COALESCE(c.gender, 'UNKNOWN')";
const CLIENT = 'LEFT JOIN clients c ON c.salon_id = sl.salon_id AND c.id = sl.client_id';

/** The sales reports' money and quantities per day, client gender, kind, category and walk-in. */
export const salesDaily = defineRollup({
  table: 'sales_daily',
  description:
    "Per salon, day, client gender (UNKNOWN without a client), kind, category and walk-in (no appointment): the lines' paid, list and discount money, quantity and count, and the same of the recommended lines.",
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    kind: 'text',
    category: 'text',
    is_walk_in: 'boolean',
    revenue_cents: 'bigint',
    list_cents: 'bigint',
    discount_cents: 'bigint',
    quantity: 'bigint',
    line_count: 'integer',
    recommended_revenue_cents: 'bigint',
    recommended_list_cents: 'bigint',
    recommended_discount_cents: 'bigint',
    recommended_quantity: 'bigint',
  },
  key: ['salon_id', 'day', 'gender', 'kind', 'category', 'is_walk_in'],
  grain: { column: 'day', kind: 'day' },
  from: ['sale_lines', 'clients'],
  staleWhen: [saleLineDays, clientGenderOnSaleLines],
  rows: (keys) => `
    SELECT sl.salon_id, sl.day, ${GENDER} AS gender, sl.kind, sl.category, sl.appointment_id IS NULL AS is_walk_in,
      sum(sl.paid_amount_cents) AS revenue_cents, sum(sl.list_amount_cents) AS list_cents, sum(sl.discount_cents) AS discount_cents,
      sum(sl.quantity) AS quantity, count(*) AS line_count,
      COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.recommended), 0) AS recommended_revenue_cents,
      COALESCE(sum(sl.list_amount_cents) FILTER (WHERE sl.recommended), 0) AS recommended_list_cents,
      COALESCE(sum(sl.discount_cents) FILTER (WHERE sl.recommended), 0) AS recommended_discount_cents,
      COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0) AS recommended_quantity
    FROM sale_lines sl ${CLIENT}
    WHERE ${keys.match('sl.salon_id', 'sl.day')}
    GROUP BY sl.salon_id, sl.day, ${GENDER}, sl.kind, sl.category, sl.appointment_id IS NULL`,
  readBy: ['Sales/*', 'Growth/*', 'the sales measures (lib/sales-measures.query.ts)'],
});

/** Each sold item's money and quantities per day and client gender. */
export const itemSalesDaily = defineRollup({
  table: 'item_sales_daily',
  description:
    'Per salon, day, client gender, kind and item (service or product): its paid, list and discount money, quantity and line count.',
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    kind: 'text',
    item_id: 'integer',
    category: 'text',
    revenue_cents: 'bigint',
    list_cents: 'bigint',
    discount_cents: 'bigint',
    quantity: 'bigint',
    line_count: 'integer',
  },
  key: ['salon_id', 'day', 'gender', 'kind', 'item_id'],
  grain: { column: 'day', kind: 'day' },
  indexes: ['(salon_id, kind, item_id, day) INCLUDE (revenue_cents)'],
  from: ['sale_lines', 'clients'],
  staleWhen: [saleLineDays, clientGenderOnSaleLines],
  rows: (keys) => `
    SELECT sl.salon_id, sl.day, ${GENDER} AS gender, sl.kind, COALESCE(sl.service_id, sl.product_id) AS item_id, min(sl.category) AS category,
      sum(sl.paid_amount_cents) AS revenue_cents, sum(sl.list_amount_cents) AS list_cents, sum(sl.discount_cents) AS discount_cents,
      sum(sl.quantity) AS quantity, count(*) AS line_count
    FROM sale_lines sl ${CLIENT}
    WHERE ${keys.match('sl.salon_id', 'sl.day')}
    GROUP BY sl.salon_id, sl.day, ${GENDER}, sl.kind, COALESCE(sl.service_id, sl.product_id)`,
  readBy: ['Sales/services and products', 'campaign revenue (lib/campaign-revenue.query.ts)'],
});

/** The services done per day: the denominator of professional use per service. */
export const serviceUnitsDaily = defineRollup({
  table: 'service_units_daily',
  description: "Per salon and day with service lines: the quantity of the day's service lines.",
  columns: { salon_id: 'integer', day: 'date', services: 'bigint' },
  key: ['salon_id', 'day'],
  grain: { column: 'day', kind: 'day' },
  from: ['sales_daily'],
  staleWhen: [
    { source: 'sales_daily', why: 'it sums the day of sales_daily', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  rows: (keys) => `
    SELECT sd.salon_id, sd.day, sum(sd.quantity) AS services FROM sales_daily sd
    WHERE sd.kind = 'SERVICE' AND ${keys.match('sd.salon_id', 'sd.day')}
    GROUP BY sd.salon_id, sd.day`,
  readBy: ['Stock/ProfessionalProductsUse'],
});

/** The appointments whose lines of a day carry a discount, with their money per kind. */
export const discountedAppointments = defineRollup({
  table: 'discounted_appointments',
  description:
    'Per salon, day and appointment whose lines of the day have a positive discount in total: the client and, per kind (s_ services, p_ products), list, paid, discount and line count.',
  columns: {
    salon_id: 'integer',
    day: 'date',
    appointment_id: 'bigint',
    client_id: 'bigint null',
    s_list: 'bigint null',
    s_paid: 'bigint null',
    s_disc: 'bigint null',
    s_lines: 'bigint null',
    p_list: 'bigint null',
    p_paid: 'bigint null',
    p_disc: 'bigint null',
    p_lines: 'bigint null',
  },
  key: ['salon_id', 'day', 'appointment_id'],
  grain: { column: 'day', kind: 'day' },
  from: ['sale_lines'],
  staleWhen: [saleLineDays],
  rows: (keys) => `
    SELECT sl.salon_id, sl.day, sl.appointment_id, min(sl.client_id) AS client_id,
      sum(sl.list_amount_cents) FILTER (WHERE sl.kind = 'SERVICE') AS s_list, sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'SERVICE') AS s_paid,
      sum(sl.discount_cents) FILTER (WHERE sl.kind = 'SERVICE') AS s_disc, count(*) FILTER (WHERE sl.kind = 'SERVICE') AS s_lines,
      sum(sl.list_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT') AS p_list, sum(sl.paid_amount_cents) FILTER (WHERE sl.kind = 'PRODUCT') AS p_paid,
      sum(sl.discount_cents) FILTER (WHERE sl.kind = 'PRODUCT') AS p_disc, count(*) FILTER (WHERE sl.kind = 'PRODUCT') AS p_lines
    FROM sale_lines sl
    WHERE sl.appointment_id IS NOT NULL AND ${keys.match('sl.salon_id', 'sl.day')}
    GROUP BY sl.salon_id, sl.day, sl.appointment_id
    HAVING sum(sl.discount_cents) > 0`,
  readBy: ['Sales/discounts per appointment'],
});

/** DONE appointments per day and salon-local start hour: the customer heat-map. */
export const visitHours = defineRollup({
  table: 'visit_hours',
  description: "Per salon, day and hour (the salon's local time, truncated) of their start: the DONE appointments.",
  columns: { salon_id: 'integer', day: 'date', hour: 'timestamp', visits: 'bigint' },
  key: ['salon_id', 'day', 'hour'],
  grain: { column: 'day', kind: 'day' },
  from: ['appointments', 'salons'],
  staleWhen: [
    {
      source: 'appointments',
      why: 'an appointment written, changed (status, time, day) or removed moves its day',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
    },
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's time zone decides the local hour: a change moves every day it has visits",
      keys: (rows) => `
        SELECT a.salon_id, a.day FROM ${salonsWithNewZone(rows)}
        JOIN appointments a ON a.salon_id = n.id AND a.status = 'DONE'`,
    },
  ],
  rows: (keys) => `
    SELECT a.salon_id, a.day, date_trunc('hour', a.start_at AT TIME ZONE z.time_zone) AS hour, count(*) AS visits
    FROM appointments a JOIN salons z ON z.id = a.salon_id
    WHERE a.status = 'DONE' AND ${keys.match('a.salon_id', 'a.day')}
    GROUP BY a.salon_id, a.day, date_trunc('hour', a.start_at AT TIME ZONE z.time_zone)`,
  readBy: ['Customers/heat-map'],
});

/** The sales measures per day and client gender: money, lines, appointments and clients. */
export const salesDayTotals = defineRollup({
  table: 'sales_day_totals',
  description:
    "Per salon, day and client gender: services' and products' paid money, discount and lines (sales_daily), DONE appointments (appointments_daily) and clients seen (client_days).",
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    services_cents: 'bigint',
    products_cents: 'bigint',
    discount_cents: 'bigint',
    line_count: 'bigint',
    appointments: 'bigint',
    clients: 'bigint',
  },
  key: ['salon_id', 'day', 'gender'],
  grain: { column: 'day', kind: 'day' },
  from: ['sales_daily', 'appointments_daily', 'client_days'],
  staleWhen: [
    { source: 'sales_daily', why: 'it sums the day of sales_daily', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
    { source: 'appointments_daily', why: "it takes the day's appointments", keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
    { source: 'client_days', why: "it counts the day's clients", keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  rows: (keys) => `
    SELECT x.salon_id, x.day, x.gender, sum(x.s) AS services_cents, sum(x.p) AS products_cents, sum(x.d) AS discount_cents,
      sum(x.l) AS line_count, sum(x.a) AS appointments, sum(x.c) AS clients
    FROM (
      SELECT r.salon_id, r.day, r.gender, CASE WHEN r.kind = 'SERVICE' THEN r.revenue_cents ELSE 0 END AS s,
        CASE WHEN r.kind = 'PRODUCT' THEN r.revenue_cents ELSE 0 END AS p, r.discount_cents AS d, r.line_count AS l, 0 AS a, 0 AS c
      FROM sales_daily r WHERE ${keys.match('r.salon_id', 'r.day')}
      UNION ALL SELECT r.salon_id, r.day, r.gender, 0, 0, 0, 0, r.appointments, 0 FROM appointments_daily r WHERE ${keys.match('r.salon_id', 'r.day')}
      UNION ALL SELECT r.salon_id, r.day, r.gender, 0, 0, 0, 0, 0, count(*) FROM client_days r WHERE ${keys.match('r.salon_id', 'r.day')}
      GROUP BY r.salon_id, r.day, r.gender
    ) x
    GROUP BY x.salon_id, x.day, x.gender`,
  readBy: ['the sales measures (lib/sales-measures.query.ts)', 'Performance'],
});

/** The sales measures per month and client gender. */
export const salesMonthTotals = defineRollup({
  table: 'sales_month_totals',
  description: 'Per salon, month and client gender: sales_day_totals summed over the month (without the clients, which cannot be summed).',
  columns: {
    salon_id: 'integer',
    month: 'date',
    gender: 'text',
    services_cents: 'bigint',
    products_cents: 'bigint',
    discount_cents: 'bigint',
    line_count: 'bigint',
    appointments: 'bigint',
  },
  key: ['salon_id', 'month', 'gender'],
  grain: { column: 'month', kind: 'month' },
  from: ['sales_day_totals'],
  staleWhen: [
    { source: 'sales_day_totals', why: 'it sums the days of the month', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  rows: (keys) => `
    SELECT r.salon_id, date_trunc('month', r.day)::date AS month, r.gender, sum(r.services_cents) AS services_cents,
      sum(r.products_cents) AS products_cents, sum(r.discount_cents) AS discount_cents, sum(r.line_count) AS line_count,
      sum(r.appointments) AS appointments
    FROM sales_day_totals r
    WHERE ${keys.monthOfDay('r.salon_id', 'r.day')}
    GROUP BY r.salon_id, date_trunc('month', r.day)::date, r.gender`,
  readBy: ['the sales measures (lib/sales-measures.query.ts)'],
});

export const salesRollups = [
  salesDaily,
  itemSalesDaily,
  serviceUnitsDaily,
  discountedAppointments,
  visitHours,
  salesDayTotals,
  salesMonthTotals,
];
