import { defineRollup } from './model.js';
import { daysFromEarliestWritten, saleLineDays } from './rules.js';

const ITEM = 'COALESCE(sl.service_id, sl.product_id)';

/** Every sale line's sums per day, item and staff member: the item analyses and the open campaigns' figures. */
export const itemStaffDaily = defineRollup({
  table: 'item_staff_daily',
  description:
    'Per salon, day, kind, item (service or product) and staff member (null: a line without one): the quantity, line count, paid, list and discount money of every line (any appointment status), its walk-in quantity and its recommended quantity.',
  columns: {
    salon_id: 'integer',
    day: 'date',
    kind: 'text',
    item_id: 'integer',
    staff_id: 'integer null',
    quantity: 'bigint',
    line_count: 'bigint',
    revenue_cents: 'bigint',
    list_cents: 'bigint',
    discount_cents: 'bigint',
    walk_in_quantity: 'bigint',
    recommended_quantity: 'bigint',
  },
  key: ['salon_id', 'day', 'kind', 'item_id', 'staff_id'],
  grain: { column: 'day', kind: 'day' },
  // A campaign reads each listed item's days.
  indexes: ['(salon_id, kind, item_id, day) INCLUDE (staff_id, quantity, revenue_cents)'],
  from: ['sale_lines'],
  staleWhen: [saleLineDays],
  rows: (keys) => `
    SELECT sl.salon_id, sl.day, sl.kind, ${ITEM} AS item_id, sl.staff_id, sum(sl.quantity) AS quantity, count(*) AS line_count,
      sum(sl.paid_amount_cents) AS revenue_cents, sum(sl.list_amount_cents) AS list_cents, sum(sl.discount_cents) AS discount_cents,
      COALESCE(sum(sl.quantity) FILTER (WHERE sl.appointment_id IS NULL), 0) AS walk_in_quantity,
      COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0) AS recommended_quantity
    FROM sale_lines sl
    WHERE ${keys.match('sl.salon_id', 'sl.day')}
    GROUP BY sl.salon_id, sl.day, sl.kind, ${ITEM}, sl.staff_id`,
  readBy: ['ServiceAnalysis', 'ProductAnalysis', 'campaign figures (features/campaigns/campaigns.query.ts)'],
});

/** item_staff_daily per calendar month: a range's whole months read a month's rows instead of its days'. */
export const itemStaffMonths = defineRollup({
  table: 'item_staff_months',
  description: 'Per salon, month, kind, item and staff member (null: none): item_staff_daily summed over the month.',
  columns: {
    salon_id: 'integer',
    month: 'date',
    kind: 'text',
    item_id: 'integer',
    staff_id: 'integer null',
    quantity: 'bigint',
    line_count: 'bigint',
    revenue_cents: 'bigint',
    list_cents: 'bigint',
    discount_cents: 'bigint',
    walk_in_quantity: 'bigint',
    recommended_quantity: 'bigint',
  },
  key: ['salon_id', 'month', 'kind', 'item_id', 'staff_id'],
  grain: { column: 'month', kind: 'month' },
  from: ['item_staff_daily'],
  staleWhen: [
    { source: 'item_staff_daily', why: 'it sums the days of the month', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  rows: (keys) => `
    SELECT r.salon_id, date_trunc('month', r.day)::date AS month, r.kind, r.item_id, r.staff_id, sum(r.quantity) AS quantity,
      sum(r.line_count) AS line_count, sum(r.revenue_cents) AS revenue_cents, sum(r.list_cents) AS list_cents,
      sum(r.discount_cents) AS discount_cents, sum(r.walk_in_quantity) AS walk_in_quantity, sum(r.recommended_quantity) AS recommended_quantity
    FROM item_staff_daily r
    WHERE ${keys.monthOfDay('r.salon_id', 'r.day')}
    GROUP BY r.salon_id, date_trunc('month', r.day)::date, r.kind, r.item_id, r.staff_id`,
  readBy: ['ServiceAnalysis', 'ProductAnalysis'],
});

/** A person's counted lines per day and item: the staff item list. */
export const staffItemsDaily = defineRollup({
  table: 'staff_items_daily',
  description:
    'Per salon, day, staff member, kind and item: the quantity and paid money, and their recommended part, of the lines naming that person that are walk-ins or belong to a DONE appointment.',
  columns: {
    salon_id: 'integer',
    day: 'date',
    staff_id: 'integer',
    kind: 'text',
    item_id: 'integer',
    quantity: 'bigint',
    revenue_cents: 'bigint',
    recommended_quantity: 'bigint',
    recommended_revenue_cents: 'bigint',
  },
  key: ['salon_id', 'day', 'staff_id', 'kind', 'item_id'],
  grain: { column: 'day', kind: 'day' },
  // The report reads one person's range of days.
  indexes: ['(salon_id, staff_id, day, kind, item_id) INCLUDE (quantity, revenue_cents, recommended_quantity, recommended_revenue_cents)'],
  from: ['sale_lines', 'appointments'],
  staleWhen: [
    saleLineDays,
    {
      source: 'appointments',
      on: ['UPDATE'],
      why: "an appointment's lines count while it is DONE: a change of its status moves the days of its lines",
      keys: ({ oldRows, newRows }) => `
        SELECT sl.salon_id, sl.day FROM ${oldRows} o
        JOIN ${newRows} n ON n.id = o.id AND (n.status = 'DONE') IS DISTINCT FROM (o.status = 'DONE')
        JOIN sale_lines sl ON sl.salon_id = n.salon_id AND sl.appointment_id = n.id`,
    },
  ],
  rows: (keys) => `
    SELECT sl.salon_id, sl.day, sl.staff_id, sl.kind, ${ITEM} AS item_id, sum(sl.quantity) AS quantity,
      sum(sl.paid_amount_cents) AS revenue_cents, COALESCE(sum(sl.quantity) FILTER (WHERE sl.recommended), 0) AS recommended_quantity,
      COALESCE(sum(sl.paid_amount_cents) FILTER (WHERE sl.recommended), 0) AS recommended_revenue_cents
    FROM sale_lines sl
    LEFT JOIN appointments a ON a.salon_id = sl.salon_id AND a.id = sl.appointment_id
    WHERE sl.staff_id IS NOT NULL AND (sl.appointment_id IS NULL OR a.status = 'DONE') AND ${keys.match('sl.salon_id', 'sl.day')}
    GROUP BY sl.salon_id, sl.day, sl.staff_id, sl.kind, ${ITEM}`,
  readBy: ['StaffAnalysis/items (features/staff-analysis/staff-items.query.ts)'],
});

/** The item of a line, 0 for the kind's row (the grouping set without the item). */
const ITEM_OR_KIND = 'COALESCE(COALESCE(sl.service_id, sl.product_id), 0)';

/**
 * A client's first line of an item (item 0: of the kind) in each month they bought it, with the month
 * of their previous purchase of it: the distinct clients of a range that starts on the 1st of a month
 * are the rows in the range whose previous month lies before it (lib/item-sales.query.ts).
 */
export const itemClientMonths = defineRollup({
  table: 'item_client_months',
  description:
    "Per salon, month, kind, day, item (0: every item of the kind) and prev_month: how many clients' first purchase of the item in the month was that day, their previous purchase of it being in prev_month (null: none before).",
  columns: {
    salon_id: 'integer',
    month: 'date',
    kind: 'text',
    day: 'date',
    item_id: 'integer',
    prev_month: 'date null',
    clients: 'bigint',
  },
  key: ['salon_id', 'month', 'kind', 'day', 'item_id', 'prev_month'],
  grain: { column: 'month', kind: 'month' },
  // The report reads a kind's range of days.
  indexes: ['(salon_id, kind, day) INCLUDE (item_id, prev_month, clients)'],
  from: ['sale_lines'],
  staleWhen: [
    {
      source: 'sale_lines',
      why: "a line written, changed or removed moves its month (old and new), and the client's next month with the item and with the kind after it, whose previous month it may be",
      keys: ({ changed }) => `
        SELECT salon_id, day FROM ${changed}
        UNION ALL
        SELECT c.salon_id, n.day FROM (
          SELECT DISTINCT sl.salon_id, sl.client_id, sl.kind, ${ITEM_OR_KIND} AS item_id, (date_trunc('month', sl.day) + interval '1 month')::date AS after
          FROM ${changed} sl WHERE sl.client_id IS NOT NULL
        ) c
        CROSS JOIN LATERAL (
          SELECT min(p.day) AS day FROM sale_lines p
          WHERE p.salon_id = c.salon_id AND p.client_id = c.client_id AND p.day >= c.after AND p.kind = c.kind
            AND COALESCE(p.service_id, p.product_id) = c.item_id
          UNION ALL
          SELECT min(p.day) FROM sale_lines p
          WHERE p.salon_id = c.salon_id AND p.client_id = c.client_id AND p.day >= c.after AND p.kind = c.kind
        ) n`,
      bulk: ({ changed }) => daysFromEarliestWritten(changed),
    },
  ],
  // The previous month is the lag over the months asked where every month between is asked too (the
  // rebuild's one pass, where a first purchase needs no look back either), else the client's last line of
  // the item before the month, one backward probe of sale_lines_client_idx.
  // Every month of the salons asked (a rebuild, a fill): the lag is the previous month, with no test a row.
  rows: (keys) => `
    SELECT f.salon_id, f.month, f.kind, f.day, f.item_id,
      ${
        keys.asked === null
          ? 'f.lag_month'
          : `CASE WHEN f.lag_month IS NULL AND ${keys.monthOfDay('f.salon_id', "date '0001-01-01'")} THEN NULL
        WHEN f.lag_month IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM generate_series(f.lag_month + interval '1 month', f.month - interval '1 month', interval '1 month') s(m)
          WHERE NOT ${keys.monthOfDay('f.salon_id', 's.m::date')}) THEN f.lag_month
        ELSE (SELECT date_trunc('month', max(p.day))::date FROM sale_lines p
          WHERE p.salon_id = f.salon_id AND p.client_id = f.client_id AND p.day < f.month AND p.kind = f.kind
            AND (f.item_id = 0 OR COALESCE(p.service_id, p.product_id) = f.item_id))
      END`
      } AS prev_month,
      count(*) AS clients
    FROM (
      SELECT g.salon_id, g.month, g.kind, g.day, g.item_id, g.client_id,
        lag(g.month) OVER (PARTITION BY g.salon_id, g.kind, g.item_id, g.client_id ORDER BY g.month) AS lag_month
      FROM (
        SELECT sl.salon_id, sl.kind, ${ITEM_OR_KIND} AS item_id, sl.client_id, date_trunc('month', sl.day)::date AS month, min(sl.day) AS day
        FROM sale_lines sl
        WHERE sl.client_id IS NOT NULL AND ${keys.monthOfDay('sl.salon_id', 'sl.day')}
        GROUP BY sl.salon_id, sl.kind, sl.client_id, date_trunc('month', sl.day), GROUPING SETS ((COALESCE(sl.service_id, sl.product_id)), ())
      ) g
    ) f
    GROUP BY 1, 2, 3, 4, 5, 6`,
  readBy: ['ServiceAnalysis', 'ProductAnalysis'],
});

export const itemRollups = [itemStaffDaily, itemStaffMonths, staffItemsDaily, itemClientMonths];
