import { defineRollup } from './model.js';

/** Professional products used per salon and day: the cost side of ProfessionalProductsUse. */
export const professionalUseDaily = defineRollup({
  table: 'professional_use_daily',
  description:
    'Per salon and day with some: -sum(quantity x unit cost) of the INTERNAL_USE movements of PROFESSIONAL products (a positive cost).',
  columns: { salon_id: 'integer', day: 'date', cost_cents: 'bigint' },
  key: ['salon_id', 'day'],
  grain: { column: 'day', kind: 'day' },
  from: ['stock_movements', 'products'],
  staleWhen: [
    {
      source: 'stock_movements',
      why: 'an internal use written, changed or removed moves its day',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed} WHERE type = 'INTERNAL_USE'`,
    },
    {
      source: 'products',
      on: ['UPDATE'],
      why: "a product's category decides whether its internal uses count: a change moves every day it was used",
      keys: ({ oldRows, newRows }) => `
        SELECT m.salon_id, m.day FROM ${oldRows} o
        JOIN ${newRows} n ON n.id = o.id AND n.category IS DISTINCT FROM o.category
        JOIN stock_movements m ON m.product_id = n.id AND m.type = 'INTERNAL_USE'`,
    },
  ],
  rows: (keys) => `
    SELECT m.salon_id, m.day, -sum(m.quantity * m.unit_cost_cents) AS cost_cents
    FROM stock_movements m
    WHERE m.type = 'INTERNAL_USE' AND ${keys.match('m.salon_id', 'm.day')}
      AND m.product_id IN (SELECT p.id FROM products p WHERE p.category = 'PROFESSIONAL')
    GROUP BY m.salon_id, m.day`,
  readBy: ['Stock/ProfessionalProductsUse'],
});

/** Stock per salon, product and month: the months before the stock status' raw window. */
export const stockMonthly = defineRollup({
  table: 'stock_monthly',
  description: 'Per salon, product and month with movements: the quantity moved (signed) and the number of movements.',
  columns: { salon_id: 'integer', month: 'date', product_id: 'integer', quantity: 'bigint', movements: 'integer' },
  key: ['salon_id', 'month', 'product_id'],
  grain: { column: 'month', kind: 'month' },
  from: ['stock_movements'],
  staleWhen: [
    {
      source: 'stock_movements',
      why: 'any movement written, changed or removed moves its month',
      keys: ({ changed }) => `SELECT salon_id, day FROM ${changed}`,
    },
  ],
  rows: (keys) => `
    SELECT m.salon_id, date_trunc('month', m.day)::date AS month, m.product_id, sum(m.quantity) AS quantity, count(*) AS movements
    FROM stock_movements m
    WHERE ${keys.monthOfDay('m.salon_id', 'm.day')}
    GROUP BY m.salon_id, date_trunc('month', m.day)::date, m.product_id`,
  readBy: ['Stock/StockStatus'],
});

export const stockRollups = [professionalUseDaily, stockMonthly];
