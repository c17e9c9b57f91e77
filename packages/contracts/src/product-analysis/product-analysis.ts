import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { TopStaff } from '../service-analysis/service-analysis.js';
import { count, date, euros, percentOrNull, RangeFields } from '../stats/report-fields.js';

export const ProductAnalysisRow = Type.Object(
  {
    productId: Type.Integer({ description: 'The product' }),
    name: Type.String({ description: 'Product name' }),
    brand: Type.String({ description: 'Brand' }),
    category: Type.String({ description: 'RESALE (retail) or PROFESSIONAL (back-bar)' }),
    quantity: count('Units sold (sum of line quantities)'),
    lines: count('Sale lines'),
    revenue: euros('Paid amount'),
    listAmount: euros('List price total'),
    discount: euros('Discount given'),
    averagePrice: euros('revenue / quantity (average unit price paid)'),
    distinctClients: count('Distinct clients who bought it'),
    walkInQuantity: count('Units sold in walk-in sales (no appointment)'),
    recommendedQuantity: count('Units recommended and bought'),
    sharePercent: percentOrNull('revenue / revenue of all products in the range x 100'),
    topStaff: TopStaff,
  },
  { description: 'One product over the range' },
);

export const ProductAnalysisResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(ProductAnalysisRow, { description: 'Products sold in the range, highest revenue first' }),
    totals: Type.Object(
      {
        quantity: count('Units sold'),
        revenue: euros('Paid amount of all product lines (walk-ins included)'),
        discount: euros('Discount on all product lines'),
        distinctClients: count('Distinct clients who bought a product'),
        averagePrice: euros('revenue / quantity'),
      },
      { description: 'All products of the range' },
    ),
  },
  { description: 'Product analysis: per product units, revenue, average price, discount, clients, share and top staff' },
);

export const getProductDataAnalysis = defineEndpoint({
  method: 'GET',
  path: '/api/ProductDataAnalysis/GetProductDataAnalysis/{SESSIONCODE}/{from}/{to}/{salonId}',
  summary:
    'Product analysis over a range: per product units, revenue, average price, discount, distinct clients, share of total, top staff',
  tags: ['ProductDataAnalysis'],
  params: Type.Object({
    SESSIONCODE: SessionCode,
    from: date('First day of the range (inclusive)'),
    to: date('Last day of the range (inclusive)'),
    salonId: SalonId,
  }),
  response: ProductAnalysisResponse,
});
