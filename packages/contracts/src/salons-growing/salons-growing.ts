import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, Money, SalonId, SessionCode } from '../common/schemas.js';

/*
 * Salon growth. Definitions every field below relies on:
 *
 * - Penetration of a category in a month = appointments with status DONE that have at least one
 *   sale line of that category / all DONE appointments of the month, in per cent (2 decimals).
 *   TREATMENT, COLOUR, HAIRCUT, STYLING are service lines of that service category; RESALE is a
 *   product line of a retail (RESALE) product. A month without DONE appointments has no value (null).
 * - The growth period starts on periodStartDate (always the 1st of a month) and lasts
 *   reachTargetMonths months. The target is reached when the average of the last targetMonths
 *   monthly penetrations reaches `target` at the end of the period.
 * - Start value = the average of the monthly penetrations of the targetMonths months before
 *   periodStartDate (months with DONE appointments only); when none of them has data, the first
 *   period month's actual; when that has none either, 0.
 * - Path = the straight line from the start value to the target: for period month i (1-based)
 *   path = start + (target - start) × i / reachTargetMonths, so the last period month's path is
 *   the target. Months after the period keep path = target.
 * - Averages of months are plain means of the monthly percentages (each month weighs the same),
 *   over the months that have data; the current month counts with the days up to toDate.
 * - Dates are salon-local YYYY-MM-DD; "today" is today in the salon's time zone.
 */

export const GROWTH_CATEGORIES = ['TREATMENT', 'COLOUR', 'HAIRCUT', 'RESALE', 'STYLING'] as const;
export type GrowthCategory = (typeof GROWTH_CATEGORIES)[number];
export const GrowthCategorySchema = Type.Union(
  [Type.Literal('TREATMENT'), Type.Literal('COLOUR'), Type.Literal('HAIRCUT'), Type.Literal('RESALE'), Type.Literal('STYLING')],
  { description: 'A growth category: service categories TREATMENT, COLOUR, HAIRCUT, STYLING; RESALE = retail products sold' },
);

/** The {type} of GetDailyData and the category each stands for. */
export const DAILY_DATA_TYPES = { TREATMENTS: 'TREATMENT', CUTS: 'HAIRCUT', COLOUR: 'COLOUR', RE_SALE: 'RESALE' } as const;
export type DailyDataType = keyof typeof DAILY_DATA_TYPES;

const Percent = (description: string) => Type.Number({ description: `${description}, per cent, 2 decimals` });
const NullablePercent = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description: `${description}, per cent, 2 decimals` });

const TargetParam = Type.Number({ minimum: 0, maximum: 100, description: 'Target penetration in per cent (0..100)' });
const MonthsParam = (description: string) => Type.Integer({ minimum: 1, maximum: 36, description: `${description} (1..36)` });

export const GrowthMonth = Type.Object({
  month: Type.String({ description: 'The month, YYYY-MM' }),
  phase: Type.Union([Type.Literal('BASELINE'), Type.Literal('PERIOD'), Type.Literal('AFTER')], {
    description:
      'BASELINE: one of the targetMonths months before periodStartDate (they give the start value, no path); PERIOD: inside the growth period; AFTER: after the period end (path = target)',
  }),
  periodMonth: Type.Union([Type.Integer(), Type.Null()], {
    description: '1-based month number inside the period; null for BASELINE months',
  }),
  appointments: Type.Union([Type.Integer(), Type.Null()], {
    description: 'DONE appointments in the month (up to toDate); null for a month that starts after toDate (not known yet)',
  }),
  appointmentsWithCategory: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Of those, the appointments with at least one line of the category; null for a month that starts after toDate',
  }),
  actualPercent: NullablePercent('Penetration of the month; null when the month has no DONE appointments or starts after toDate'),
  pathPercent: NullablePercent('Where the straight-line path to the target stands at the end of this month; null for BASELINE months'),
  gapPercent: NullablePercent('actualPercent - pathPercent (negative = behind the path); null when either is null'),
  rollingAveragePercent: NullablePercent(
    'Average of the actualPercent of the last targetMonths months up to and including this one (months with data only); null when none of them has data, for BASELINE months and after toDate',
  ),
  isComplete: Type.Boolean({ description: 'False for the month that contains toDate (counted up to toDate) and for months after it' }),
});

export const GrowthReport = Type.Object({
  salonId: Type.Integer({ description: 'The salon' }),
  salonName: Type.String({ description: "The salon's name" }),
  category: GrowthCategorySchema,
  target: Percent('Target penetration'),
  reachTargetMonths: Type.Integer({ description: 'Length of the period in months; the target is due at its end' }),
  targetMonths: Type.Integer({ description: 'How many months the target is measured over (rolling average)' }),
  periodStartDate: Type.String({
    format: 'date',
    description: 'First day of the period: fromDate moved to the 1st of its month, YYYY-MM-DD',
  }),
  periodEndDate: Type.String({ format: 'date', description: 'Last day of the period (the target is due on this day), YYYY-MM-DD' }),
  toDate: Type.String({ format: 'date', description: 'Actuals are counted up to this day, YYYY-MM-DD' }),
  startPercent: Percent('The start value of the path'),
  startSource: Type.Union([Type.Literal('BASELINE'), Type.Literal('FIRST_MONTH'), Type.Literal('NONE')], {
    description:
      'Where the start value comes from: BASELINE = average of the targetMonths months before the period; FIRST_MONTH = no baseline data, the first period month; NONE = no data at all, 0',
  }),
  currentAveragePercent: NullablePercent(
    'Average of the last targetMonths months up to toDate (the measure of the target); null when none has data',
  ),
  currentPathPercent: NullablePercent(
    "The path's value in toDate's month (the target after the period); null when toDate is before the period",
  ),
  gapToPathPercent: NullablePercent('currentAveragePercent - currentPathPercent; null when either is null'),
  gapToTargetPercent: NullablePercent('currentAveragePercent - target (negative = still below the target); null without data'),
  isOnTrack: Type.Boolean({
    description: 'True when currentAveragePercent is at or above currentPathPercent (or the target when there is no path value yet)',
  }),
  monthsLeft: Type.Integer({ description: "Period months after toDate's month (0 once the period has ended)" }),
  months: Type.Array(GrowthMonth, {
    description: 'BASELINE months, then every PERIOD month (future ones with null actuals), then AFTER months up to toDate; oldest first',
  }),
});

const GrowthReportParams = Type.Object({
  target: TargetParam,
  toDate: Type.String({ ...dateOptions('Count actuals up to this day (normally today)') }),
  fromDate: Type.String({
    ...dateOptions("Start of the growth period (normally the setting's periodStartDate); moved to the 1st of its month"),
  }),
  reachTargetMonths: MonthsParam('Months from fromDate by which the target is due'),
  targetMonths: MonthsParam('Months the target is measured over'),
  salonId: SalonId,
  SESSIONCODE: SessionCode,
});

function dateOptions(description: string) {
  return { pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description: `${description}, YYYY-MM-DD` } as const;
}

const growthSummary = (what: string) =>
  `Monthly ${what} penetration against the straight-line path to the target: the baseline months, every period month, the gap and whether the salon is on track. 400 when toDate is before fromDate.`;
const tags = ['Salon growth'];
const reportPath = (name: string) =>
  `/api/SalonsGrowing/Get${name}TargetAndDataRelating/{target}/{toDate}/{fromDate}/{reachTargetMonths}/{targetMonths}/{salonId}/{SESSIONCODE}`;

export const getTreatmentTargetAndDataRelating = defineEndpoint({
  method: 'GET',
  path: reportPath('Treatment'),
  summary: growthSummary('treatment'),
  tags,
  params: GrowthReportParams,
  response: GrowthReport,
  errors: { 404: ErrorResponse },
});
export const getColourTargetAndDataRelating = defineEndpoint({
  method: 'GET',
  path: reportPath('Colour'),
  summary: growthSummary('colour'),
  tags,
  params: GrowthReportParams,
  response: GrowthReport,
  errors: { 404: ErrorResponse },
});
export const getHaircutTargetAndDataRelating = defineEndpoint({
  method: 'GET',
  path: reportPath('Haircut'),
  summary: growthSummary('haircut'),
  tags,
  params: GrowthReportParams,
  response: GrowthReport,
  errors: { 404: ErrorResponse },
});
export const getResaleTargetAndDataRelating = defineEndpoint({
  method: 'GET',
  path: reportPath('Resale'),
  summary: growthSummary('resale (retail product)'),
  tags,
  params: GrowthReportParams,
  response: GrowthReport,
  errors: { 404: ErrorResponse },
});
export const getStylingTargetAndDataRelating = defineEndpoint({
  method: 'GET',
  path: reportPath('Styling'),
  summary: growthSummary('styling'),
  tags,
  params: GrowthReportParams,
  response: GrowthReport,
  errors: { 404: ErrorResponse },
});

/** The five growth report endpoints by category. */
export const growthReportEndpoints = {
  TREATMENT: getTreatmentTargetAndDataRelating,
  COLOUR: getColourTargetAndDataRelating,
  HAIRCUT: getHaircutTargetAndDataRelating,
  RESALE: getResaleTargetAndDataRelating,
  STYLING: getStylingTargetAndDataRelating,
} as const;

/**
 * The value 60 is fixed in the daily graph and recap calls: a literal path segment. On
 * track is judged against each category's saved target (salon setting), as everywhere else.
 */
export const FIXED_GRAPH_TARGET = 60;

export const GrowthRecapCategory = Type.Object({
  category: GrowthCategorySchema,
  periodStartDate: Type.String({ format: 'date', description: "The category's stored periodStartDate (or the default), YYYY-MM-DD" }),
  periodEndDate: Type.String({ format: 'date', description: 'Last day of the period, YYYY-MM-DD' }),
  startPercent: Percent('Start value of the path'),
  lastMonthPercent: NullablePercent("Penetration of today's month so far; null without DONE appointments"),
  currentAveragePercent: NullablePercent('Average of the last targetMonths months up to today'),
  currentPathPercent: NullablePercent("The path's value in the current month; null when the period has not started"),
  target: Percent("The category's saved target (salon setting; default 60): the one the path, the gaps and isOnTrack use"),
  gapToPathPercent: NullablePercent('currentAveragePercent - currentPathPercent'),
  gapToTargetPercent: NullablePercent('currentAveragePercent - target'),
  isOnTrack: Type.Boolean({ description: 'currentAveragePercent at or above the path (or the target before the period starts)' }),
  monthsLeft: Type.Integer({ description: 'Period months after the current month' }),
});

export const GrowthRecap = Type.Object({
  salonId: Type.Integer({ description: 'The salon' }),
  salonName: Type.String({ description: "The salon's name" }),
  toDate: Type.String({ format: 'date', description: "Today in the salon's time zone: actuals are counted up to here" }),
  target: Percent("The 60 of the call's path; each category is judged against its own saved target, categories[].target"),
  reachTargetMonths: Type.Integer({ description: 'As given in the path' }),
  targetMonths: Type.Integer({ description: 'As given in the path' }),
  onTrackCount: Type.Integer({ description: 'How many of the five categories are on track' }),
  categories: Type.Array(GrowthRecapCategory, { description: 'TREATMENT, COLOUR, HAIRCUT, RESALE, STYLING in this order' }),
});

export const getGrowthRecapData = defineEndpoint({
  method: 'GET',
  path: '/api/SalonsGrowing/GetRecapData/60/{reachTargetMonths}/{targetMonths}/{salonId}/{SESSIONCODE}',
  summary:
    'All five categories at once, up to today: current average, path, target, gaps and on track yes/no. Each category is judged against its saved target (the 60 in the path is a fixed segment) from its stored periodStartDate (or the defaults); reachTargetMonths and targetMonths come from the path.',
  tags,
  params: Type.Object({
    reachTargetMonths: MonthsParam('Months from periodStartDate by which the target is due'),
    targetMonths: MonthsParam('Months the target is measured over'),
    salonId: SalonId,
    SESSIONCODE: SessionCode,
  }),
  response: GrowthRecap,
  errors: { 404: ErrorResponse },
});

export const GrowthDay = Type.Object({
  date: Type.String({ format: 'date', description: 'The day, YYYY-MM-DD' }),
  appointments: Type.Integer({ description: 'DONE appointments that day' }),
  appointmentsWithCategory: Type.Integer({ description: 'Of those, with at least one line of the category' }),
  percent: NullablePercent('Penetration of the day; null without DONE appointments'),
  cumulativePercent: NullablePercent('Penetration from dateFrom through this day (all appointments pooled); null while none'),
  pathPercent: NullablePercent("The path's value in this day's month; null before the period starts"),
});

export const GrowthDailyData = Type.Object({
  salonId: Type.Integer({ description: 'The salon' }),
  type: Type.Union([Type.Literal('TREATMENTS'), Type.Literal('CUTS'), Type.Literal('COLOUR'), Type.Literal('RE_SALE')], {
    description: 'The type as given in the path',
  }),
  category: GrowthCategorySchema,
  target: Percent("The category's saved target (salon setting; default 60): the target line, the path and the gap use it"),
  reachTargetMonths: Type.Integer({ description: 'As given in the path' }),
  targetMonths: Type.Integer({ description: 'As given in the path' }),
  periodStartDate: Type.String({
    format: 'date',
    description: "The category's stored periodStartDate (or the default); the path starts here",
  }),
  dateFrom: Type.String({ format: 'date', description: 'First day shown, YYYY-MM-DD' }),
  dateTo: Type.String({ format: 'date', description: 'Last day shown, YYYY-MM-DD' }),
  appointments: Type.Integer({ description: 'DONE appointments in the range' }),
  appointmentsWithCategory: Type.Integer({ description: 'Of those, with at least one line of the category' }),
  percent: NullablePercent('Penetration over the whole range (pooled); null without appointments'),
  gapToTargetPercent: NullablePercent('percent - target'),
  days: Type.Array(GrowthDay, { description: 'Every day of the range, oldest first, days without appointments included' }),
});

export const getGrowthDailyData = defineEndpoint({
  method: 'GET',
  path: '/api/SalonsGrowing/GetDailyData/{type}/60/{reachTargetMonths}/{targetMonths}/{salonId}/{SESSIONCODE}',
  summary:
    "Penetration per day for one type (TREATMENTS, CUTS, COLOUR, RE_SALE), with the category's saved target (the 60 in the path is a fixed segment) and the path. Range: dateFrom..dateTo when given (both, at most 366 days), else month (1..12) of the current year, else the current month.",
  tags,
  params: Type.Object({
    type: Type.Union([Type.Literal('TREATMENTS'), Type.Literal('CUTS'), Type.Literal('COLOUR'), Type.Literal('RE_SALE')], {
      description: 'TREATMENTS, CUTS (haircut), COLOUR or RE_SALE (retail products)',
    }),
    reachTargetMonths: MonthsParam('Months from periodStartDate by which the target is due'),
    targetMonths: MonthsParam('Months the target is measured over'),
    salonId: SalonId,
    SESSIONCODE: SessionCode,
  }),
  querystring: Type.Object({
    month: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, description: 'A month of the current year, 1..12; used when no dateFrom/dateTo' }),
    ),
    dateFrom: Type.Optional(Type.String({ ...dateOptions('First day (with dateTo)') })),
    dateTo: Type.Optional(Type.String({ ...dateOptions('Last day (with dateFrom)') })),
  }),
  response: GrowthDailyData,
  errors: { 404: ErrorResponse },
});

export const DayReportItem = Type.Object({
  kind: Type.Union([Type.Literal('SERVICE'), Type.Literal('PRODUCT')], { description: 'A service or a product' }),
  name: Type.String({ description: 'Service or product name' }),
  category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT, STYLING (services); RESALE or PROFESSIONAL (products)' }),
  amount: Money,
});

export const DayReportAppointment = Type.Object({
  appointmentId: Type.Integer({ description: 'The appointment' }),
  status: Type.Union([Type.Literal('BOOKED'), Type.Literal('DONE')], { description: 'BOOKED (not yet checked out) or DONE' }),
  startTime: Type.String({ description: 'Local start time, HH:MM' }),
  endTime: Type.String({ description: 'Local end time, HH:MM' }),
  clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client; null when unknown' }),
  clientName: Type.String({ description: 'First and last name; empty when unknown' }),
  staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff member the appointment is with; null when none' }),
  staffName: Type.String({ description: 'First and last name; empty when none' }),
  revenueSource: Type.Union([Type.Literal('PAID_LINES'), Type.Literal('BOOKED_SERVICES'), Type.Literal('NONE')], {
    description:
      'PAID_LINES: a DONE appointment, its checked-out lines at the paid amount; BOOKED_SERVICES: a BOOKED one, its booked services at list price; NONE: nothing recorded, expected revenue 0',
  }),
  expectedRevenue: Type.Number({ description: 'Paid total (DONE) or list-price total of the booked services (BOOKED), euros' }),
  categories: Type.Array(Type.String(), { description: 'Distinct categories of its items, alphabetical' }),
  items: Type.Array(DayReportItem, { description: 'The lines (DONE) or the booked services (BOOKED)' }),
});

export const DayReportCategory = Type.Object({
  category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT, STYLING, RESALE or PROFESSIONAL' }),
  appointments: Type.Integer({ description: 'Appointments of the day with at least one item of this category' }),
  expectedRevenue: Type.Number({ description: 'Sum of the amounts of the items of this category, euros' }),
});

export const DayReport = Type.Object({
  salonId: Type.Integer({ description: 'The salon' }),
  date: Type.String({ format: 'date', description: "The day (today or tomorrow in the salon's time zone), YYYY-MM-DD" }),
  appointmentCount: Type.Integer({ description: 'Appointments that day with status BOOKED or DONE' }),
  doneCount: Type.Integer({ description: 'Of those, already checked out (DONE)' }),
  expectedRevenue: Type.Number({ description: 'Sum of expectedRevenue over the appointments, euros' }),
  appointmentsWithoutItems: Type.Integer({
    description: 'Appointments with no booked services and no lines: they add 0 to the expected revenue (no estimate is made)',
  }),
  categories: Type.Array(DayReportCategory, { description: 'Categories involved that day, by expected revenue, largest first' }),
  appointments: Type.Array(DayReportAppointment, { description: 'Ordered by start time' }),
});

const dayReportParams = Type.Object({ salonId: SalonId, SESSIONCODE: SessionCode });

export const getGrowthTodayReport = defineEndpoint({
  method: 'GET',
  path: '/api/SalonsGrowing/GetTodayReportdata/{salonId}/{SESSIONCODE}',
  summary: "Today's appointments (BOOKED or DONE) with the expected revenue and the categories involved",
  tags,
  params: dayReportParams,
  response: DayReport,
  errors: { 404: ErrorResponse },
});

export const getGrowthTomorrowReport = defineEndpoint({
  method: 'GET',
  path: '/api/SalonsGrowing/GetTomorrowReportdata/{salonId}/{SESSIONCODE}',
  summary: "Tomorrow's booked appointments with the expected revenue (list prices of the booked services) and the categories involved",
  tags,
  params: dayReportParams,
  response: DayReport,
  errors: { 404: ErrorResponse },
});

export const exportGrowthPdf = defineEndpoint({
  method: 'POST',
  path: '/api/SalonsGrowing/ExportPDF',
  summary:
    "The growth report as a PDF (application/pdf, attachment Salon-Growth-{salon}-{from}-{to}.pdf): the salon's name and period, the recap, and per category the monthly table (month, actual, path, target, gap) and a chart. Each category uses its stored target and periodStartDate; reachTargetMonth/targetMonth, when given, override the stored months. Written in the caller's language (en or it). Send an empty JSON body.",
  tags,
  querystring: Type.Object({
    reachTargetMonth: Type.Optional(
      MonthsParam('Months from periodStartDate by which the target is due; default: each category’s setting'),
    ),
    targetMonth: Type.Optional(MonthsParam('Months the target is measured over; default: each category’s setting')),
    salonId: SalonId,
    sessionCode: Type.Optional(SessionCode),
  }),
  response: Type.String({ description: 'The PDF file (binary)' }),
  isFile: true,
  errors: { 404: ErrorResponse },
});
