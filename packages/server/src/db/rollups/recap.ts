import { defineRollup } from './model.js';

/**
 * The salon recap's family: its clients of a day (new and returning) and its day figures combined from the
 * sales, appointments and clients rollups.
 */

/** The salon recap's clients of a day: new ones and returning ones against the lost threshold. */
export const recapClientDaily = defineRollup({
  table: 'recap_client_daily',
  description:
    "Per salon, day and gender with a new or returning client: the new clients (first visit that day) with a service, with a product and in all, and the returning ones within the salon's lost threshold (balance) and beyond it (lost).",
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    new_service: 'integer',
    new_product: 'integer',
    new_clients: 'integer',
    balance: 'integer',
    lost: 'integer',
  },
  key: ['salon_id', 'day', 'gender'],
  grain: { column: 'day', kind: 'day' },
  from: ['client_days', 'clients', 'salons'],
  staleWhen: [
    { source: 'client_days', why: 'it counts the clients of the day', keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
    {
      source: 'clients',
      on: ['UPDATE'],
      why: "a client's first visit makes them new on that day: a change moves the old and the new day",
      keys: ({ oldRows, newRows }) => `
        SELECT x.salon_id, x.day FROM ${oldRows} o JOIN ${newRows} n ON n.id = o.id
          AND (o.salon_id, o.first_visit) IS DISTINCT FROM (n.salon_id, n.first_visit)
        CROSS JOIN LATERAL (VALUES (o.salon_id, o.first_visit), (n.salon_id, n.first_visit)) x(salon_id, day)`,
    },
    {
      source: 'salons',
      on: ['UPDATE'],
      why: "the salon's lost threshold splits returning clients into balance and lost: a change moves every day it has clients",
      keys: ({ oldRows, newRows }) => `
        SELECT DISTINCT sl.salon_id, sl.day FROM ${oldRows} o JOIN ${newRows} n ON n.id = o.id AND n.lost_client_days IS DISTINCT FROM o.lost_client_days
        JOIN sale_lines sl ON sl.salon_id = n.id AND sl.client_id IS NOT NULL`,
    },
  ],
  rows: (keys) => `
    SELECT cd.salon_id, cd.day, cd.gender, count(c.id) FILTER (WHERE cd.has_service) AS new_service,
      count(c.id) FILTER (WHERE cd.has_product) AS new_product, count(c.id) AS new_clients,
      count(*) FILTER (WHERE cd.day - cd.prev_day <= s.lost_client_days) AS balance, count(*) FILTER (WHERE cd.day - cd.prev_day > s.lost_client_days) AS lost
    FROM client_days cd
    JOIN salons s ON s.id = cd.salon_id
    LEFT JOIN clients c ON c.salon_id = cd.salon_id AND c.id = cd.client_id AND c.first_visit = cd.day
    WHERE ${keys.match('cd.salon_id', 'cd.day')}
    GROUP BY cd.salon_id, cd.day, cd.gender
    HAVING count(c.id) > 0 OR count(cd.prev_day) > 0`,
  readBy: ['Salon recap'],
});

const recapColumn = (kind: string, column: string) => `CASE WHEN kind = '${kind}' THEN ${column} END`;

/** The salon recap's figures per day and gender scope, combined from its three day rollups. */
export const recapDaily = defineRollup({
  table: 'recap_daily',
  description:
    "Per salon, day and gender scope (ALL, MALE, FEMALE: ALL counts every gender and walk-ins): services' and products' money, quantity and discount with their recommended share (sales_daily), the appointments, those with a service and with a product and their discounts (appointments_daily), and the new and returning clients (recap_client_daily).",
  columns: {
    salon_id: 'integer',
    day: 'date',
    gender: 'text',
    s_amount: 'bigint',
    s_amount_rec: 'bigint',
    s_quantity: 'bigint',
    s_quantity_rec: 'bigint',
    s_discount: 'bigint',
    s_discount_rec: 'bigint',
    p_amount: 'bigint',
    p_amount_rec: 'bigint',
    p_quantity: 'bigint',
    p_quantity_rec: 'bigint',
    p_discount: 'bigint',
    p_discount_rec: 'bigint',
    appointments: 'bigint',
    with_service: 'bigint',
    with_product: 'bigint',
    appointments_discount: 'bigint',
    new_service: 'bigint',
    new_product: 'bigint',
    new_clients: 'bigint',
    balance: 'bigint',
    lost: 'bigint',
  },
  key: ['salon_id', 'day', 'gender'],
  grain: { column: 'day', kind: 'day' },
  indexes: ['(salon_id, gender, day)'],
  from: ['sales_daily', 'appointments_daily', 'recap_client_daily'],
  staleWhen: [
    { source: 'sales_daily', why: "it sums the day's sales", keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
    { source: 'appointments_daily', why: "it sums the day's appointments", keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
    { source: 'recap_client_daily', why: "it takes the day's clients", keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}` },
  ],
  // Each source row counts for ALL and for its own gender (MALE, FEMALE); summed per scope and day.
  rows: (keys) => `
    SELECT x.salon_id, x.day, g.scope AS gender,
      COALESCE(sum(x.s_amount), 0) AS s_amount, COALESCE(sum(x.s_amount_rec), 0) AS s_amount_rec,
      COALESCE(sum(x.s_quantity), 0) AS s_quantity, COALESCE(sum(x.s_quantity_rec), 0) AS s_quantity_rec,
      COALESCE(sum(x.s_discount), 0) AS s_discount, COALESCE(sum(x.s_discount_rec), 0) AS s_discount_rec,
      COALESCE(sum(x.p_amount), 0) AS p_amount, COALESCE(sum(x.p_amount_rec), 0) AS p_amount_rec,
      COALESCE(sum(x.p_quantity), 0) AS p_quantity, COALESCE(sum(x.p_quantity_rec), 0) AS p_quantity_rec,
      COALESCE(sum(x.p_discount), 0) AS p_discount, COALESCE(sum(x.p_discount_rec), 0) AS p_discount_rec,
      COALESCE(sum(x.appointments), 0) AS appointments, COALESCE(sum(x.with_service), 0) AS with_service,
      COALESCE(sum(x.with_product), 0) AS with_product, COALESCE(sum(x.appointments_discount), 0) AS appointments_discount,
      COALESCE(sum(x.new_service), 0) AS new_service, COALESCE(sum(x.new_product), 0) AS new_product,
      COALESCE(sum(x.new_clients), 0) AS new_clients, COALESCE(sum(x.balance), 0) AS balance, COALESCE(sum(x.lost), 0) AS lost
    FROM (
      SELECT salon_id, day, gender,
        ${recapColumn('SERVICE', 'revenue_cents')} AS s_amount, ${recapColumn('SERVICE', 'recommended_revenue_cents')} AS s_amount_rec,
        ${recapColumn('SERVICE', 'quantity')} AS s_quantity, ${recapColumn('SERVICE', 'recommended_quantity')} AS s_quantity_rec,
        ${recapColumn('SERVICE', 'discount_cents')} AS s_discount, ${recapColumn('SERVICE', 'recommended_discount_cents')} AS s_discount_rec,
        ${recapColumn('PRODUCT', 'revenue_cents')} AS p_amount, ${recapColumn('PRODUCT', 'recommended_revenue_cents')} AS p_amount_rec,
        ${recapColumn('PRODUCT', 'quantity')} AS p_quantity, ${recapColumn('PRODUCT', 'recommended_quantity')} AS p_quantity_rec,
        ${recapColumn('PRODUCT', 'discount_cents')} AS p_discount, ${recapColumn('PRODUCT', 'recommended_discount_cents')} AS p_discount_rec,
        NULL::bigint AS appointments, NULL::bigint AS with_service, NULL::bigint AS with_product, NULL::bigint AS appointments_discount,
        NULL::bigint AS new_service, NULL::bigint AS new_product, NULL::bigint AS new_clients, NULL::bigint AS balance, NULL::bigint AS lost
      FROM sales_daily r WHERE ${keys.match('r.salon_id', 'r.day')}
      UNION ALL
      SELECT salon_id, day, gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        appointments, with_service, with_product, discount_cents, NULL, NULL, NULL, NULL, NULL
      FROM appointments_daily r WHERE ${keys.match('r.salon_id', 'r.day')}
      UNION ALL
      SELECT salon_id, day, gender, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, new_service, new_product, new_clients, balance, lost
      FROM recap_client_daily r WHERE ${keys.match('r.salon_id', 'r.day')}
    ) x
    CROSS JOIN LATERAL (VALUES ('ALL'), (x.gender)) AS g(scope)
    WHERE g.scope IN ('ALL', 'MALE', 'FEMALE')
    GROUP BY x.salon_id, x.day, g.scope`,
  readBy: ['Salon recap'],
});

export const recapRollups = [recapClientDaily, recapDaily];
