import type { ReportDataResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { euros, type GenderScope, percent, ratio2 } from '../../lib/report-range.js';
import { genderFilter } from '../../lib/sales-measures.query.js';

type Kind = 'SERVICE' | 'PRODUCT';

/** Service-product report: per category and per item, from item_sales_daily. */
export async function getReportData(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  gender: GenderScope,
): Promise<Static<typeof ReportDataResponse>> {
  const { rows } = await sql<{
    kind: Kind;
    item_id: number;
    category: string;
    name: string | null;
    revenue: number;
    quantity: number;
    lines: number;
    discount: number;
  }>`
    SELECT r.kind, r.item_id, r.category, COALESCE(s.name, p.name) AS name,
      r.revenue, r.quantity, r.lines, r.discount
    FROM (
      SELECT kind, item_id, min(category) AS category, sum(revenue_cents) AS revenue, sum(quantity) AS quantity,
        sum(line_count) AS lines, sum(discount_cents) AS discount
      FROM item_sales_daily
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date ${genderFilter(gender)}
      GROUP BY kind, item_id
    ) r
    LEFT JOIN services s ON r.kind = 'SERVICE' AND s.id = r.item_id
    LEFT JOIN products p ON r.kind = 'PRODUCT' AND p.id = r.item_id
    ORDER BY r.revenue DESC, r.kind DESC, r.item_id
  `.execute(db);

  const kindTotals: Record<Kind, { revenue: number; quantity: number }> = {
    SERVICE: { revenue: 0, quantity: 0 },
    PRODUCT: { revenue: 0, quantity: 0 },
  };
  const categories = new Map<
    string,
    { kind: Kind; category: string; revenue: number; quantity: number; lines: number; discount: number }
  >();
  for (const r of rows) {
    kindTotals[r.kind].revenue += Number(r.revenue);
    kindTotals[r.kind].quantity += Number(r.quantity);
    const key = `${r.kind}:${r.category}`;
    const c = categories.get(key) ?? { kind: r.kind, category: r.category, revenue: 0, quantity: 0, lines: 0, discount: 0 };
    c.revenue += Number(r.revenue);
    c.quantity += Number(r.quantity);
    c.lines += Number(r.lines);
    c.discount += Number(r.discount);
    categories.set(key, c);
  }
  const total = kindTotals.SERVICE.revenue + kindTotals.PRODUCT.revenue;
  const categoryRows = [...categories.values()]
    .sort((a, b) => (a.kind === b.kind ? b.revenue - a.revenue : a.kind === 'SERVICE' ? -1 : 1))
    .map((c) => ({
      kind: c.kind,
      category: c.category,
      revenue: euros(c.revenue),
      quantity: c.quantity,
      lines: c.lines,
      discount: euros(c.discount),
      sharePercent: percent(c.revenue, total),
      shareOfKindPercent: percent(c.revenue, kindTotals[c.kind].revenue),
    }));
  const items = rows.map((r) => ({
    kind: r.kind,
    itemId: r.item_id,
    name: r.name ?? '',
    category: r.category,
    revenue: euros(r.revenue),
    quantity: Number(r.quantity),
    lines: Number(r.lines),
    discount: euros(r.discount),
    averagePrice: ratio2(Number(r.revenue) / 100, Number(r.quantity)),
    sharePercent: percent(Number(r.revenue), total),
    shareOfCategoryPercent: percent(Number(r.revenue), categories.get(`${r.kind}:${r.category}`)?.revenue ?? 0),
  }));
  return {
    salonId,
    fromDate: from,
    toDate: to,
    gender,
    servicesRevenue: euros(kindTotals.SERVICE.revenue),
    productsRevenue: euros(kindTotals.PRODUCT.revenue),
    totalRevenue: euros(total),
    servicesQuantity: kindTotals.SERVICE.quantity,
    productsQuantity: kindTotals.PRODUCT.quantity,
    categories: categoryRows,
    items,
  };
}
