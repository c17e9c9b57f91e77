import { Type } from 'typebox';
import { GenderScope, genderedReport } from '../common/gendered-report.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, percentOrNull, RangeFields, SalesMeasures, SalesMeasuresFields } from '../stats/report-fields.js';

const TAGS = ['ReportDataAnalysis'];
const S = { SESSIONCODE: SessionCode };

// ---------- Days of the week ----------

export const DayOfWeekRow = Type.Object(
  {
    isoWeekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 Monday .. 7 Sunday' }),
    weekday: Type.Union(
      [
        Type.Literal('MONDAY'),
        Type.Literal('TUESDAY'),
        Type.Literal('WEDNESDAY'),
        Type.Literal('THURSDAY'),
        Type.Literal('FRIDAY'),
        Type.Literal('SATURDAY'),
        Type.Literal('SUNDAY'),
      ],
      { description: 'Weekday name (translate in the UI)' },
    ),
    days: count('Calendar days of this weekday in the range'),
    openDays: count('Of those, days with at least one sale'),
    averageRevenuePerOpenDay: euros('totalRevenue / openDays (0 when none)'),
    revenueSharePercent: percentOrNull("This weekday's totalRevenue / the range's totalRevenue x 100"),
    ...SalesMeasuresFields,
  },
  { description: 'Sales of one weekday over the range (clients = distinct clients on that weekday)' },
);

export const DayOfWeekResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderScope,
    rows: Type.Array(DayOfWeekRow, { description: 'Seven rows, Monday to Sunday' }),
    totals: SalesMeasures,
  },
  { description: 'The sales measures grouped Monday..Sunday (the rows add up to the totals, except distinct clients)' },
);

const RangeParams = { fromDate: RangeFields.fromDate, toDate: RangeFields.toDate, salonId: SalonId };
const FromToParams = {
  from: date('First day of the range (inclusive)'),
  to: date('Last day of the range (inclusive)'),
  salonId: SalonId,
};

/** Days of the week, plain and per client gender. */
export const getDayOfTheWeekReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { ...S, ...RangeParams },
  response: DayOfWeekResponse,
  all: {
    path: '/api/ReportDataAnalysis/GetDayOftheWeek/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}',
    summary: 'Days of the week: the sales measures of the range grouped Monday..Sunday',
  },
  byGender: {
    path: '/api/ReportDataAnalysis/GetDayOftheWeek/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{gender}',
    summary: 'Days of the week restricted to clients of one gender (gender appended to the path)',
  },
});
export const getDayOfTheWeek = getDayOfTheWeekReport.all;
export const getDayOfTheWeekGender = getDayOfTheWeekReport.byGender;

// ---------- Report data (service-product) ----------

const Kind = Type.Union([Type.Literal('SERVICE'), Type.Literal('PRODUCT')], { description: 'SERVICE or PRODUCT' });

export const ReportCategoryRow = Type.Object(
  {
    kind: Kind,
    category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT, STYLING (services); RESALE, PROFESSIONAL (products)' }),
    revenue: euros('Paid amount of the lines of this category'),
    quantity: count('Units sold'),
    lines: count('Sale lines'),
    discount: euros('Discount given on the lines'),
    sharePercent: percentOrNull('revenue / total revenue of the range (services + products) x 100'),
    shareOfKindPercent: percentOrNull('revenue / revenue of its kind (all services, or all products) x 100'),
  },
  { description: 'One sale category' },
);

export const ReportItemRow = Type.Object(
  {
    kind: Kind,
    itemId: Type.Integer({ description: 'Service id or product id' }),
    name: Type.String({ description: 'Service or product name' }),
    category: Type.String({ description: 'Its category' }),
    revenue: euros('Paid amount of its lines'),
    quantity: count('Units sold'),
    lines: count('Sale lines'),
    discount: euros('Discount given'),
    averagePrice: euros('revenue / quantity'),
    sharePercent: percentOrNull('revenue / total revenue of the range x 100'),
    shareOfCategoryPercent: percentOrNull('revenue / revenue of its category x 100'),
  },
  { description: 'One service or product' },
);

export const ReportDataResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderScope,
    servicesRevenue: euros('Paid amount of all service lines'),
    productsRevenue: euros('Paid amount of all product lines (walk-ins included)'),
    totalRevenue: euros('servicesRevenue + productsRevenue'),
    servicesQuantity: count('Services sold'),
    productsQuantity: count('Product units sold'),
    categories: Type.Array(ReportCategoryRow, { description: 'Categories with sales, services first, highest revenue first' }),
    items: Type.Array(ReportItemRow, { description: 'Services and products with sales, highest revenue first' }),
  },
  { description: 'Service-product report: revenue, quantity and share per category and per item' },
);

/** The service-product report, plain and per client gender. */
export const getReportDataAnalysisReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { ...S, ...FromToParams },
  response: ReportDataResponse,
  all: {
    path: '/api/ReportDataAnalysis/GetReportDataAnalysis/{SESSIONCODE}/{from}/{to}/{salonId}',
    summary: 'Service-product report: revenue, quantity and share per category and per service / product over a range',
  },
  byGender: {
    path: '/api/ReportDataAnalysis/GetReportDataAnalysisGender/{SESSIONCODE}/{from}/{to}/{salonId}/{gender}',
    summary: 'Service-product report restricted to clients of one gender',
  },
});
export const getReportDataAnalysis = getReportDataAnalysisReport.all;
export const getReportDataAnalysisGender = getReportDataAnalysisReport.byGender;

// ---------- Salon recap ----------

const blockFields = {
  amountCassaNova: euros('Everything of this kind checked out that day (paid amount; products include walk-in sales)'),
  amountRecommended: euros('Paid amount of the recommended lines of this kind'),
  appointmentCount: count('DONE appointments that day with at least one line of this kind'),
  newClientCount: count('Clients whose first visit is that day and who bought this kind that day'),
  quantityCassaNova: count('Units of this kind checked out'),
  quantityRecommended: count('Units of the recommended lines'),
};

export const ProductRecapBlock = Type.Object(
  {
    ...blockFields,
    discountsProductsValue: euros('Discount on all product lines'),
    discountsProductsValueRec: euros('Discount on the recommended product lines'),
  },
  { description: 'Products checked out that day' },
);

export const ServiceRecapBlock = Type.Object(
  {
    ...blockFields,
    discountsServicesValue: euros('Discount on all service lines'),
    discountsServicesValueRec: euros('Discount on the recommended service lines'),
    balanceClientCount: count(
      'Returning clients that day (any purchase) whose previous purchase day was at most salons.lost_client_days days before',
    ),
    lostClientCount: count(
      'Returning clients that day whose previous purchase day was more than salons.lost_client_days days before (recovered lost clients)',
    ),
  },
  { description: 'Services checked out that day, with the returning-client counts' },
);

export const SalonRecapDay = Type.Object(
  {
    day: date('The day (the key the client merges successive responses by)'),
    appointmentsDiscount: euros('Total discount given on the DONE appointments of the day (walk-in sales excluded)'),
    productDataRecommendedCheckoutCassaNova: ProductRecapBlock,
    serviceDataRecommendedCheckoutCassaNova: ServiceRecapBlock,
  },
  { description: 'One day of the recap' },
);

export const SalonRecapResponse = Type.Object(
  {
    reportDashboardDataDiscounts: Type.Array(
      Type.Object(
        {
          salonId: SalonId,
          fromDate: RangeFields.fromDate,
          toDate: RangeFields.toDate,
          dayFrom: Type.Array(SalonRecapDay, { description: 'Days of the range with sales or appointments, in order' }),
        },
        { description: 'The recap of one salon and range' },
      ),
      { description: 'One entry per salon and range asked (this endpoint returns one)' },
    ),
    recapData: Type.Object(
      {
        ...RangeFields,
        gender: GenderScope,
        lostClientDays: count('The lost threshold used (salons.lost_client_days)'),
        servicesAmount: euros('Sum of the days serviceData amountCassaNova'),
        servicesAmountRecommended: euros('Sum of serviceData amountRecommended'),
        productsAmount: euros('Sum of the days productData amountCassaNova'),
        productsAmountRecommended: euros('Sum of productData amountRecommended'),
        totalAmount: euros('servicesAmount + productsAmount (= total revenue of the range)'),
        recommendedSharePercent: percentOrNull('(servicesAmountRecommended + productsAmountRecommended) / totalAmount x 100'),
        appointmentCount: count('DONE appointments in the range'),
        appointmentsDiscount: euros('Sum of the days appointmentsDiscount'),
        servicesDiscount: euros('Sum of discountsServicesValue'),
        productsDiscount: euros('Sum of discountsProductsValue'),
        newClientCount: count('Clients whose first visit is in the range and who bought that day'),
        balanceClientCount: count('Sum of the days balanceClientCount'),
        lostClientCount: count('Sum of the days lostClientCount'),
      },
      { description: 'Totals of the range' },
    ),
  },
  { description: 'Salon recap: per day, products and services checked out vs recommended, discounts and client counts' },
);

/** The salon recap, plain and per client gender. */
export const getSalonRecapReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { ...S, ...RangeParams },
  response: SalonRecapResponse,
  all: {
    path: '/api/ReportDataAnalysis/GetSalonRecap/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}',
    summary: 'Salon recap per day: checked-out vs recommended amounts and quantities, discounts, appointment and client counts',
  },
  byGender: {
    path: '/api/ReportDataAnalysis/GetSalonRecapGender/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{gender}',
    summary: 'Salon recap restricted to clients of one gender',
  },
});
export const getSalonRecap = getSalonRecapReport.all;
export const getSalonRecapGender = getSalonRecapReport.byGender;
