import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { GenderParam, GenderScope, genderedReport } from '../common/gendered-report.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, GenderBucket, percentOrNull, RangeFields, SalesMeasures, SalesMeasuresFields } from './report-fields.js';

const TAGS = ['Stats'];
const Month = Type.Integer({ minimum: 1, maximum: 12, description: 'Month 1..12' });
const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'A 4-digit year' });

export const SalesDayRow = Type.Object(
  { day: date('The day'), ...SalesMeasuresFields },
  { description: 'Sales of one day (every day of the range is listed, zeros included)' },
);

export const SalesPeriod = Type.Object(
  {
    fromDate: date('First day of the period'),
    toDate: date('Last day of the period'),
    rows: Type.Array(SalesDayRow, { description: 'One row per calendar day of the period, in order' }),
    totals: SalesMeasures,
  },
  { description: 'Sales of a period, per day and in total' },
);

export const SalesPerDayResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderScope,
    rows: Type.Array(SalesDayRow, {
      description: 'One row per calendar day from fromDate to toDate, in order; days without sales are zeros',
    }),
    totals: SalesMeasures,
  },
  { description: 'Sales per day over a range' },
);

const comparison = {
  revenueChangePercent: percentOrNull(
    '(compared.current totalRevenue - compared.previous totalRevenue) / compared.previous totalRevenue x 100 (like for like: the compared span only); null when the period has not yet come',
  ),
  appointmentsChangePercent: percentOrNull(
    '(compared.current appointments - compared.previous appointments) / compared.previous appointments x 100 (the compared span only); null when the period has not yet come',
  ),
};

const SalonTodayField = date("The salon's today (its time zone; DEMO_TODAY on a demo server): the day comparisons stop at");

/** The span a period is compared over with the same dates a year before (like for like). */
export const ComparedSpanFields = {
  fromDate: date('First day of the compared span (the first day of the period)'),
  toDate: date("Last day compared: the period's last day once it is over, the salon's today while it is under way"),
  previousFromDate: date('The same first day one year before'),
  previousToDate: date('The same last day one year before (28 February for a 29 February)'),
  isToDate: Type.Boolean({ description: "true while the period is under way: only its days up to the salon's today are compared" }),
  notYetCome: Type.Boolean({
    description: "true when the period starts after the salon's today: nothing is compared, current is zeros and the change is null",
  }),
  current: SalesMeasures,
  previous: SalesMeasures,
};
export const ComparedSpan = Type.Object(ComparedSpanFields, {
  description:
    'A period against the same dates one year before: a month or year to date against the same days of the previous year, a whole period once it is over',
});

export const SalesPerMonthResponse = Type.Object(
  {
    salonId: SalonId,
    year: Year,
    month: Month,
    gender: GenderScope,
    today: SalonTodayField,
    current: SalesPeriod,
    previousYear: SalesPeriod,
    previousWeekdays: Type.Object(SalesPeriod.properties, {
      description:
        'For each day of current.rows, in the same order, the same weekday 52 weeks (364 days) before: the day-by-day comparison (fromDate/toDate are current.fromDate/toDate minus 364 days)',
    }),
    compared: ComparedSpan,
    ...comparison,
  },
  {
    description:
      'Sales of one month per day, with the same calendar month of the previous year (previousYear, whole), the same weekdays 52 weeks before (previousWeekdays) and the like-for-like totals (compared)',
  },
);

export const SalesMonthRow = Type.Object(
  {
    month: Month,
    fromDate: date('First day of the month'),
    toDate: date('Last day of the month'),
    ...SalesMeasuresFields,
  },
  { description: 'Sales of one month (clients = distinct clients within that month)' },
);

export const SalesYearPeriod = Type.Object(
  {
    year: Year,
    fromDate: date('1 January of the year'),
    toDate: date('31 December of the year'),
    rows: Type.Array(SalesMonthRow, { description: 'Twelve rows, January to December' }),
    totals: SalesMeasures,
  },
  { description: 'Sales of a calendar year, per month and in total' },
);

export const ComparedMonth = Type.Object(
  { month: Month, ...ComparedSpanFields },
  {
    description:
      'One month of the year against the same dates of the previous year: a past month whole, the current month to date; a month not yet come has notYetCome true (previous is then the whole month of the previous year, for reference)',
  },
);

export const SalesPerYearResponse = Type.Object(
  {
    salonId: SalonId,
    gender: GenderScope,
    today: SalonTodayField,
    current: SalesYearPeriod,
    previousYear: SalesYearPeriod,
    compared: ComparedSpan,
    comparedMonths: Type.Array(ComparedMonth, { description: 'Twelve rows, January to December' }),
    ...comparison,
  },
  {
    description:
      'Sales of one year per month with the previous calendar year (whole), the like-for-like totals (compared: the year to date against the same dates of the previous year) and each month like for like (comparedMonths)',
  },
);

export const SalesByGenderResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderParam,
    totals: SalesMeasures,
    allGenders: SalesMeasures,
    revenueSharePercent: percentOrNull("This gender's totalRevenue / allGenders totalRevenue x 100"),
    appointmentsSharePercent: percentOrNull("This gender's appointments / allGenders appointments x 100"),
    byGender: Type.Array(Type.Object({ gender: GenderBucket, ...SalesMeasuresFields }), {
      description: 'MALE, FEMALE and UNKNOWN side by side (their revenue, appointments and new clients add up to allGenders)',
    }),
  },
  { description: 'Sales of one client gender over a range, against all genders' },
);

export const SalesClientRow = Type.Object(
  {
    clientId: Type.Integer({ description: "The client's id" }),
    firstName: Type.String({ description: "Client's first name" }),
    lastName: Type.String({ description: "Client's last name" }),
    gender: GenderBucket,
    revenue: euros('Paid amount of all the lines the client bought in the range (appointments and walk-ins)'),
    servicesRevenue: euros('Paid amount of the service lines'),
    productsRevenue: euros('Paid amount of the product lines'),
    visits: count('DONE appointments of the client in the range'),
    averageTicket: euros('revenue / visits (revenue when visits is 0, i.e. walk-in purchases only)'),
    lastVisit: date('Last day in the range the client bought something'),
    lastAppointmentId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The last DONE appointment in the range: pass it to ClientHistoryServices / ClientHistoryProducts to open the history',
    }),
  },
  { description: 'Sales of one client over the range' },
);

export const SalesPerClientSort = Type.Union(
  [
    Type.Literal('revenue'),
    Type.Literal('servicesRevenue'),
    Type.Literal('productsRevenue'),
    Type.Literal('visits'),
    Type.Literal('averageTicket'),
    Type.Literal('lastVisit'),
    Type.Literal('name'),
  ],
  { description: 'Order of the rows by this field (name: last then first name); ties by client id. Default revenue' },
);

/**
 * The per-client list is always one page (a busy salon has ~7,000 clients a year): `default` rows
 * unless limit says, at most `max`. A client that wants every client pages on (offset += limit) until total.
 */
export const SALES_PER_CLIENT_PAGE = { default: 50, max: 500 } as const;

/** Paging, sorting and filters of the per-client list (all optional: the first page of 50, highest revenue first). */
export const SalesPerClientQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SALES_PER_CLIENT_PAGE.max,
      default: SALES_PER_CLIENT_PAGE.default,
      description: `Page size (rows), default ${SALES_PER_CLIENT_PAGE.default}, at most ${SALES_PER_CLIENT_PAGE.max}; every matching client: ask page after page (offset += limit) until total`,
    }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Rows to skip, default 0' })),
  sort: Type.Optional(SalesPerClientSort),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Sort direction, default desc (asc for name)' }),
  ),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Only clients whose first name, last name or "first last" contains this text (case-insensitive)',
    }),
  ),
  gender: Type.Optional(GenderBucket),
});

export const SalesPerClientResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(SalesClientRow, {
      description:
        'One page of the clients who bought something in the range (highest revenue first unless sort says otherwise): at most limit rows from offset',
    }),
    totals: Type.Object(
      {
        clients: count('Clients matching the gender and search filters, over all pages (= total)'),
        revenue: euros('Sum of the rows revenue, over all pages (walk-in sales without a client are not in any row)'),
        withoutClientRevenue: euros(
          'Paid amount of the sale lines without a client in the range (walk-ins): in no row, so revenue + withoutClientRevenue is the totalRevenue of the other sales reports',
        ),
        visits: count('Sum of the rows visits, over all pages'),
        servicesRevenue: euros('Sum of the rows servicesRevenue, over all pages'),
        productsRevenue: euros('Sum of the rows productsRevenue, over all pages'),
      },
      { description: 'Totals of the rows of every page (every client matching the gender and search filters)' },
    ),
    total: count('Clients matching the gender and search filters, over all pages: offset + rows < total means there is a next page'),
    limit: count('Page size used (the default when the query has none)'),
    offset: count('Rows skipped before this page'),
  },
  { description: 'Sales per client over a range, one page with the totals of every matching client (/sales-data-analysis-clients)' },
);

const SessionField = { SESSIONCODE: SessionCode };

/** Sales per day, plain and per client gender (one definition, both paths). */
export const salesPerDayReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { toDate: RangeFields.toDate, fromDate: RangeFields.fromDate, salonId: SalonId, ...SessionField },
  response: SalesPerDayResponse,
  all: {
    path: '/api/Stats/GetSalesDataAnalysisPerDay/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
    summary:
      'Sales per day over a range (note: toDate comes before fromDate in the path): revenue split services/products, DONE appointments, distinct clients, new clients, average ticket, discounts; per day and in total',
  },
  byGender: {
    path: '/api/Stats/GetSalesDataAnalysisPerDayGender/{gender}/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
    summary: 'GetSalesDataAnalysisPerDay restricted to clients of one gender (gender first in the path)',
  },
});
export const salesPerDay = salesPerDayReport.all;
export const salesPerDayGender = salesPerDayReport.byGender;

const YearQuery = Type.Object({
  year: Type.Optional(
    Type.Integer({ minimum: 2000, maximum: 2100, description: "The year of {month}; default the current year in the salon's time zone" }),
  ),
});

/** Sales of a month with the same month a year before, plain and per client gender. */
export const salesPerMonthReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { month: Month, salonId: SalonId, ...SessionField },
  querystring: YearQuery,
  response: SalesPerMonthResponse,
  all: {
    path: '/api/Stats/GetSalesDataAnalysisPerMonth/{month}/{salonId}/{SESSIONCODE}',
    summary: 'Sales of month {month} (1..12) of the current year (or ?year=), per day, with the same month of the previous year',
  },
  byGender: {
    path: '/api/Stats/GetSalesDataAnalysisPerMonthGender/{gender}/{month}/{salonId}/{SESSIONCODE}',
    summary: 'GetSalesDataAnalysisPerMonth restricted to clients of one gender (gender first in the path)',
  },
});
export const salesPerMonth = salesPerMonthReport.all;
export const salesPerMonthGender = salesPerMonthReport.byGender;

/** Sales of a year per month with the year before, plain and per client gender. */
export const salesPerYearReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { year: Year, salonId: SalonId, ...SessionField },
  response: SalesPerYearResponse,
  all: {
    path: '/api/Stats/GetSalesDataAnalysisPerYear/{year}/{salonId}/{SESSIONCODE}',
    summary: 'Sales of a calendar year per month, with the previous year',
  },
  byGender: {
    path: '/api/Stats/GetSalesDataAnalysisPerYearGender/{gender}/{year}/{salonId}/{SESSIONCODE}',
    summary: 'GetSalesDataAnalysisPerYear restricted to clients of one gender (gender first in the path)',
  },
});
export const salesPerYear = salesPerYearReport.all;
export const salesPerYearGender = salesPerYearReport.byGender;

export const salesByGender = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisGender/{toDate}/{fromDate}/{gender}/{salonId}/{SESSIONCODE}',
  summary: 'Sales of clients of one gender over a range, with all genders and the MALE / FEMALE / UNKNOWN split',
  tags: TAGS,
  params: Type.Object({
    toDate: RangeFields.toDate,
    fromDate: RangeFields.fromDate,
    gender: GenderParam,
    salonId: SalonId,
    ...SessionField,
  }),
  response: SalesByGenderResponse,
});

export const salesPerClient = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerClient/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary:
    'Sales per client over a range, one page (limit, default 50, at most 500) with the totals of every matching client: revenue, visits, average ticket, last visit and appointment ids to open the client history (for /sales-data-analysis-clients)',
  tags: TAGS,
  params: Type.Object({ toDate: RangeFields.toDate, fromDate: RangeFields.fromDate, salonId: SalonId, ...SessionField }),
  querystring: SalesPerClientQuery,
  response: SalesPerClientResponse,
});
