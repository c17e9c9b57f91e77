import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import {
  count,
  date,
  euros,
  GenderBucket,
  GenderParam,
  GenderScope,
  percentOrNull,
  RangeFields,
  SalesMeasures,
  SalesMeasuresFields,
} from './report-fields.js';

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
  revenueChangePercent: percentOrNull('(totalRevenue - previous year totalRevenue) / previous year totalRevenue x 100'),
  appointmentsChangePercent: percentOrNull('(appointments - previous year appointments) / previous year appointments x 100'),
};

export const SalesPerMonthResponse = Type.Object(
  {
    salonId: SalonId,
    year: Year,
    month: Month,
    gender: GenderScope,
    current: SalesPeriod,
    previousYear: SalesPeriod,
    ...comparison,
  },
  { description: 'Sales of one month per day, with the same month of the previous year' },
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

export const SalesPerYearResponse = Type.Object(
  { salonId: SalonId, gender: GenderScope, current: SalesYearPeriod, previousYear: SalesYearPeriod, ...comparison },
  { description: 'Sales of one year per month, with the previous year' },
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

export const SalesPerClientResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(SalesClientRow, { description: 'Clients who bought something in the range, highest revenue first' }),
    totals: Type.Object(
      {
        clients: count('Clients listed'),
        revenue: euros('Sum of the rows revenue (walk-in sales without a client are not in any row)'),
        visits: count('Sum of the rows visits'),
      },
      { description: 'Totals of the rows' },
    ),
  },
  { description: 'Sales per client over a range (/sales-data-analysis-clients)' },
);

const SessionField = { SESSIONCODE: SessionCode };

export const salesPerDay = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerDay/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary:
    'Sales per day over a range (note: toDate comes before fromDate in the path): revenue split services/products, DONE appointments, distinct clients, new clients, average ticket, discounts; per day and in total',
  tags: TAGS,
  params: Type.Object({ toDate: RangeFields.toDate, fromDate: RangeFields.fromDate, salonId: SalonId, ...SessionField }),
  response: SalesPerDayResponse,
});

export const salesPerDayGender = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerDayGender/{gender}/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary: 'GetSalesDataAnalysisPerDay restricted to clients of one gender (gender first in the path)',
  tags: TAGS,
  params: Type.Object({
    gender: GenderParam,
    toDate: RangeFields.toDate,
    fromDate: RangeFields.fromDate,
    salonId: SalonId,
    ...SessionField,
  }),
  response: SalesPerDayResponse,
});

const YearQuery = Type.Object({
  year: Type.Optional(
    Type.Integer({ minimum: 2000, maximum: 2100, description: "The year of {month}; default the current year in the salon's time zone" }),
  ),
});

export const salesPerMonth = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerMonth/{month}/{salonId}/{SESSIONCODE}',
  summary: 'Sales of month {month} (1..12) of the current year (or ?year=), per day, with the same month of the previous year',
  tags: TAGS,
  params: Type.Object({ month: Month, salonId: SalonId, ...SessionField }),
  querystring: YearQuery,
  response: SalesPerMonthResponse,
});

export const salesPerMonthGender = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerMonthGender/{gender}/{month}/{salonId}/{SESSIONCODE}',
  summary: 'GetSalesDataAnalysisPerMonth restricted to clients of one gender (gender first in the path)',
  tags: TAGS,
  params: Type.Object({ gender: GenderParam, month: Month, salonId: SalonId, ...SessionField }),
  querystring: YearQuery,
  response: SalesPerMonthResponse,
});

export const salesPerYear = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerYear/{year}/{salonId}/{SESSIONCODE}',
  summary: 'Sales of a calendar year per month, with the previous year',
  tags: TAGS,
  params: Type.Object({ year: Year, salonId: SalonId, ...SessionField }),
  response: SalesPerYearResponse,
});

export const salesPerYearGender = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetSalesDataAnalysisPerYearGender/{gender}/{year}/{salonId}/{SESSIONCODE}',
  summary: 'GetSalesDataAnalysisPerYear restricted to clients of one gender (gender first in the path)',
  tags: TAGS,
  params: Type.Object({ gender: GenderParam, year: Year, salonId: SalonId, ...SessionField }),
  response: SalesPerYearResponse,
});

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
    'Sales per client over a range: revenue, visits, average ticket, last visit and appointment ids to open the client history (not in SPEC.md: added for /sales-data-analysis-clients)',
  tags: TAGS,
  params: Type.Object({ toDate: RangeFields.toDate, fromDate: RangeFields.fromDate, salonId: SalonId, ...SessionField }),
  response: SalesPerClientResponse,
});
