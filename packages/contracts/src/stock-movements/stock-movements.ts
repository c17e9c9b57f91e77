import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { REPORT_ACCESS, SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, RangeFields } from '../stats/report-fields.js';

/** Stock movements is an 'admin'-level report (/stock-movements is on the admin menu level). */
export const STOCK_ACCESS = REPORT_ACCESS.admin;

/** The stock screen loads its movements 100 at a time. */
export const STOCK_DEFAULT_STEPS = 100;
export const STOCK_MAX_STEPS = 1000;
/** Days of usage the status call averages over (the 90 days ending on toDate). */
export const STOCK_USAGE_DAYS = 90;
/** Reorder rule: a product needs reordering when its stock covers this many days of usage or fewer. */
export const STOCK_REORDER_COVER_DAYS = 14;

export const STOCK_MOVEMENT_TYPES = ['LOAD', 'SALE', 'INTERNAL_USE', 'ADJUSTMENT', 'TRANSFER'] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];
export const StockMovementTypeSchema = Type.Union(
  [Type.Literal('LOAD'), Type.Literal('SALE'), Type.Literal('INTERNAL_USE'), Type.Literal('ADJUSTMENT'), Type.Literal('TRANSFER')],
  {
    description:
      'LOAD (delivery from a supplier, +), SALE (sold to a client, -), INTERNAL_USE (back-bar use during services, -), ADJUSTMENT (count difference, + or -), TRANSFER (between salons, + or -)',
  },
);
export const ProductCategorySchema = Type.Union([Type.Literal('RESALE'), Type.Literal('PROFESSIONAL')], {
  description: 'RESALE (retail) or PROFESSIONAL (back-bar use)',
});

const StockParams = Type.Object({
  SESSIONCODE: SessionCode,
  salonId: SalonId,
  fromDate: date('First day of the range (inclusive)'),
  toDate: date('Last day of the range (inclusive)'),
});

const Language = Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('it')], { description: "The sheet's language (default en)" }));

const StockFilters = {
  type: Type.Optional(StockMovementTypeSchema),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only products whose name or brand contains this text (case-insensitive)' }),
  ),
};

/** A page's cursor: the day and id of the last movement of the previous page. */
export const STOCK_CURSOR_PATTERN = '^\\d{4}-\\d{2}-\\d{2}_\\d{1,18}$';

export const StockMovementsQuery = Type.Object({
  steps: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: STOCK_MAX_STEPS,
      default: STOCK_DEFAULT_STEPS,
      description: `Movements per page, 1..${STOCK_MAX_STEPS} (default ${STOCK_DEFAULT_STEPS})`,
    }),
  ),
  progress: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'true: the answer also counts the movements up to the end of this page (loaded), for a progress bar; false (default): loaded is null',
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      pattern: STOCK_CURSOR_PATTERN,
      description: 'The nextCursor of the previous page (its last movement, day_id); omitted for the first page',
    }),
  ),
  ...StockFilters,
});

export const StockMovement = Type.Object(
  {
    movementId: Type.Integer({ description: 'The movement' }),
    day: date('The day of the movement'),
    productId: Type.Integer({ description: 'The product' }),
    productName: Type.String({ description: "The product's name" }),
    brand: Type.String({ description: "The product's brand" }),
    category: ProductCategorySchema,
    type: StockMovementTypeSchema,
    quantity: Type.Integer({ description: 'Units, signed: + into the salon, - out of it' }),
    unitCost: euros('Unit cost recorded on the movement'),
    value: euros('quantity x unitCost (signed)'),
    note: Type.String({ description: 'The note on the movement; empty when none' }),
  },
  { description: 'One stock movement' },
);

export const StockMovementsResponse = Type.Object(
  {
    ...RangeFields,
    steps: count('Movements per page'),
    total: count('Movements of the range matching the filters (all pages)'),
    loaded: Type.Union([count('Movements up to the end of this page'), Type.Null()], {
      description: 'Movements up to the end of this page (with progress=true); null otherwise',
    }),
    nextCursor: Type.Union([Type.String({ pattern: STOCK_CURSOR_PATTERN }), Type.Null()], {
      description: 'The cursor of the next page; null on the last page',
    }),
    movements: Type.Array(StockMovement, {
      description: 'At most steps movements, by day then id (a stable order: no movement twice or lost)',
    }),
  },
  { description: 'One page of the stock movements of a range' },
);

export const importStocksMovements = defineEndpoint({
  method: 'GET',
  path: '/api/CassaNova/ImportStocksMovements/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}/',
  summary:
    'The stock movements of the range, steps per page (default 100) by day then id, with the cursor of the next page (keyset paging); optional filters by type and product',
  tags: ['CassaNova'],
  params: StockParams,
  querystring: StockMovementsQuery,
  response: StockMovementsResponse,
});

export const StockStatusRow = Type.Object(
  {
    productId: Type.Integer({ description: 'The product' }),
    productName: Type.String({ description: "The product's name" }),
    brand: Type.String({ description: "The product's brand" }),
    category: ProductCategorySchema,
    openingQuantity: Type.Integer({ description: 'Stock on hand at the start of fromDate: the sum of the movements before it' }),
    netChange: Type.Integer({ description: 'Sum of the movements of the range' }),
    onHand: Type.Integer({
      description: 'Stock on hand at the end of toDate = the sum of all movements up to toDate (openingQuantity + netChange)',
    }),
    unitCost: euros("The product's current unit cost"),
    stockValue: euros('onHand x unitCost (value at cost)'),
    dailyUsage: Type.Number({
      minimum: 0,
      description: `Average units out per day over the ${STOCK_USAGE_DAYS} days ending on toDate: -(SALE + INTERNAL_USE quantities) / ${STOCK_USAGE_DAYS}, 2 decimals`,
    }),
    daysOfCover: Type.Union([Type.Number({ description: 'onHand / dailyUsage, 1 decimal (0 when nothing is on hand)' }), Type.Null()], {
      description: 'onHand / dailyUsage, 1 decimal (0 when nothing is on hand); null when the product had no usage',
    }),
    reorderLevel: Type.Integer({
      minimum: 0,
      description: `ceil(units used in the ${STOCK_USAGE_DAYS} days x ${STOCK_REORDER_COVER_DAYS} / ${STOCK_USAGE_DAYS}): the stock that covers ${STOCK_REORDER_COVER_DAYS} days of usage`,
    }),
    reorder: Type.Boolean({ description: 'onHand <= reorderLevel while the product is used (reorderLevel > 0)' }),
  },
  { description: 'The stock of one product' },
);

export const StockStatusResponse = Type.Object(
  {
    ...RangeFields,
    usageFrom: date(`First day of the ${STOCK_USAGE_DAYS} usage days`),
    reorderCoverDays: Type.Integer({ description: 'The reorder rule: days of usage the stock must cover' }),
    totals: Type.Object(
      {
        products: count('Products with a movement up to toDate'),
        productsToReorder: count('Products flagged reorder'),
        stockValue: euros('Sum of stockValue'),
        units: Type.Integer({ description: 'Sum of onHand' }),
      },
      { description: 'The whole stock' },
    ),
    rows: Type.Array(StockStatusRow, {
      description: 'One row per product with a movement up to toDate: those to reorder first, then fewest days of cover, then by name',
    }),
  },
  { description: 'Stock on hand per product at the end of the range, its value and days of cover' },
);

export const getStocksStatus = defineEndpoint({
  method: 'GET',
  path: '/api/CassaNova/StocksStatus/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary: `Stock on hand per product at the end of toDate (sum of its movements), value at cost, days of cover from the last ${STOCK_USAGE_DAYS} days' usage, and the products to reorder first`,
  tags: ['CassaNova'],
  params: StockParams,
  response: StockStatusResponse,
});

export const getStocksMovementsXlsx = defineEndpoint({
  method: 'GET',
  path: '/api/CassaNova/ExportStocksMovements/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    'The stock spreadsheet: the movements of the range (with the filters), the stock status at toDate with its KPIs, and the professional products used per month with theirs; file StocksMovements-{fromDate}-{toDate}.xlsx',
  tags: ['CassaNova'],
  params: StockParams,
  querystring: Type.Object({ language: Language, ...StockFilters }),
  response: Type.String({
    description:
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet (Content-Disposition attachment; filename StocksMovements-YYYYMMDD-YYYYMMDD.xlsx)',
  }),
  isFile: true,
});

/** The file name of the export: StocksMovements-YYYYMMDD-YYYYMMDD.xlsx. */
export function stockExportFileName(fromDate: string, toDate: string): string {
  return `StocksMovements-${fromDate.replaceAll('-', '')}-${toDate.replaceAll('-', '')}.xlsx`;
}

const costPerService = (who: string) =>
  Type.Union([Type.Number({ description: `${who}. Euros, 2 decimals` }), Type.Null()], {
    description: `${who}. Euros, 2 decimals; null without DONE services`,
  });

export const ProfessionalUseMonth = Type.Object(
  {
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The month, YYYY-MM (only its days within the range count)' }),
    services: count('DONE services of the month (sum of the service lines’ quantities)'),
    professionalCost: euros('Cost of the PROFESSIONAL products used: -(INTERNAL_USE quantity x unit cost) of the month'),
    costPerService: costPerService('professionalCost / services'),
    chainCostPerService: costPerService('The same for the whole chain in that month'),
    vsSalonAveragePercent: Type.Union([Type.Number(), Type.Null()], {
      description:
        '(costPerService / the salon average - 1) x 100, 1 decimal: above 0 the month used more than usual; null when either is null',
    }),
  },
  { description: 'Professional products used per DONE service in one month' },
);

export const ProfessionalUseResponse = Type.Object(
  {
    ...RangeFields,
    months: Type.Array(ProfessionalUseMonth, { description: 'Every month the range touches, oldest first' }),
    services: count('DONE services of the range'),
    professionalCost: euros('Cost of the PROFESSIONAL products used in the range'),
    salonAverage: costPerService("The salon's average over the range: professionalCost / services"),
    chainAverage: costPerService("The chain's average over the range: every salon's professional cost / every salon's DONE services"),
  },
  {
    description:
      'Cost of the PROFESSIONAL (back-bar) products used per DONE service, per month, against the salon’s own average over the range and the chain’s',
  },
);

export const getProfessionalProductsUse = defineEndpoint({
  method: 'GET',
  path: '/api/CassaNova/ProfessionalProductsUse/{SESSIONCODE}/{salonId}/{fromDate}/{toDate}',
  summary:
    'Per month of the range: the cost of the PROFESSIONAL products used (INTERNAL_USE movements) per DONE service, against the salon’s average over the range and the chain’s',
  tags: ['CassaNova'],
  params: StockParams,
  response: ProfessionalUseResponse,
});
