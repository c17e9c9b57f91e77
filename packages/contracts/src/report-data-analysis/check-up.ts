import { Type } from 'typebox';
import { GenderScope, genderedReport } from '../common/gendered-report.js';
import { SalonId, SessionCode } from '../common/schemas.js';
import { date, RangeFields } from '../stats/report-fields.js';

const TAGS = ['ReportDataAnalysis'];

/** The check-up KPIs, their unit and definition: the web shows the definition as a tooltip. */
export const CHECK_UP_KPIS = {
  averageTicket: { unit: 'EUR', definition: 'Total revenue (services + products, walk-ins included) / DONE appointments' },
  retailAttachRate: { unit: 'PERCENT', definition: 'DONE appointments with at least one product line / DONE appointments x 100' },
  rebookingRate: {
    unit: 'PERCENT',
    definition:
      "DONE appointments of the range whose client's next appointment (any status but CANCELLED) was booked no later than 7 days after the visit ended / DONE appointments with a client x 100 (the pre-booking rate)",
  },
  newClients: { unit: 'COUNT', definition: 'Clients whose first visit (clients.first_visit) is in the range' },
  firstVisitRetention: {
    unit: 'PERCENT',
    definition:
      'Clients whose first visit is in the range and who had another DONE appointment within 90 days after it / those clients x 100; a client not back yet whose 90 days reach today is pending, out of the base (null, not known yet, when all are)',
  },
  colourPenetration: { unit: 'PERCENT', definition: 'DONE appointments with a COLOUR service line / DONE appointments x 100' },
  treatmentPenetration: { unit: 'PERCENT', definition: 'DONE appointments with a TREATMENT service line / DONE appointments x 100' },
  utilisation: {
    unit: 'PERCENT',
    definition:
      "Booked service hours / shift hours of the staff (user_timeframes) x 100. Booked service hours: the DONE and BOOKED appointments, a person's overlapping appointments of a day counted once; not split by client gender",
  },
  nps: {
    unit: 'SCORE',
    definition: 'Net promoter score of the NPS responses in the range: % promoters (9-10) - % detractors (0-6), -100..100',
  },
} as const;
export type CheckUpKpi = keyof typeof CHECK_UP_KPIS;
export const CHECK_UP_KPI_NAMES = Object.keys(CHECK_UP_KPIS) as CheckUpKpi[];

export const CheckUpKpiSchema = Type.Union(
  [
    Type.Literal('averageTicket'),
    Type.Literal('retailAttachRate'),
    Type.Literal('rebookingRate'),
    Type.Literal('newClients'),
    Type.Literal('firstVisitRetention'),
    Type.Literal('colourPenetration'),
    Type.Literal('treatmentPenetration'),
    Type.Literal('utilisation'),
    Type.Literal('nps'),
  ],
  { description: `A check-up KPI: ${CHECK_UP_KPI_NAMES.join(', ')}` },
);

export const CheckUpStatus = Type.Union(
  [Type.Literal('ON_TARGET'), Type.Literal('CLOSE'), Type.Literal('OFF'), Type.Literal('NO_TARGET'), Type.Literal('NO_DATA')],
  {
    description:
      'ON_TARGET: actual >= target; CLOSE: actual below target by at most 10 % of the target; OFF: further below; NO_TARGET: no target set; NO_DATA: actual not computable or not known yet (nothing to divide by, or every new client still within their retention window); never counted as OFF',
  },
);

export const CheckUpItem = Type.Object(
  {
    kpi: CheckUpKpiSchema,
    unit: Type.Union([Type.Literal('EUR'), Type.Literal('PERCENT'), Type.Literal('COUNT'), Type.Literal('SCORE')], {
      description: 'How to show target and actual: euros, per cent (0..100), a count, or an NPS score (-100..100)',
    }),
    definition: Type.String({ description: 'How the actual is computed (English; the UI translates)' }),
    target: Type.Union([Type.Number(), Type.Null()], {
      description:
        'The target for the range, in the KPI unit: the saved target; for a count KPI (isMonthlyTarget) the saved monthly target x monthsInRange, 2 decimals; null when none',
    }),
    savedTarget: Type.Union([Type.Number(), Type.Null()], {
      description:
        'The target as the manager saved it (per month for a count KPI); null when none. The target editor shows and saves this value',
    }),
    isMonthlyTarget: Type.Boolean({
      description: 'true for count KPIs (unit COUNT): the saved target is per month and scales with the length of the range',
    }),
    actual: Type.Union([Type.Number(), Type.Null()], {
      description: 'The actual for the range, in the KPI unit (2 decimals); null when not computable',
    }),
    gapPercent: Type.Union([Type.Number(), Type.Null()], {
      description: '(actual - target) / |target| x 100; null without target or actual',
    }),
    status: CheckUpStatus,
  },
  { description: 'One KPI: target, actual and status (every KPI is higher-is-better)' },
);

export const CheckUpResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderScope,
    items: Type.Array(CheckUpItem, { description: 'Every KPI, in a fixed order, whether or not it has a target' }),
    monthsInRange: Type.Number({
      description:
        "The length of the range in months, by the days of the months it covers, up to the salon's today (days not yet come do not count): each day counts 1 / (days of its month), so a whole calendar month is 1 and 7 days of November are 7/30 (4 decimals). Monthly (count) targets are multiplied by it",
    }),
    updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'When the targets were last saved (ISO instant); null if never' }),
  },
  { description: "The salon's check-up: KPI targets vs actuals for the range" },
);

const CheckUpQuery = Type.Object({
  fromDate: Type.Optional(date("First day of the range; default the first day of the salon's current month")),
  toDate: Type.Optional(date("Last day of the range; default the last day of the salon's current month")),
});

export const CheckUpTargetInput = Type.Object(
  {
    kpi: CheckUpKpiSchema,
    // A type array (not anyOf) so that the server's type coercion never turns null into 0.
    target: Type.Unsafe<number | null>({
      type: ['number', 'null'],
      minimum: -100,
      maximum: 10_000_000,
      description: 'The target in the KPI unit (euros, per cent 0..100, count, NPS -100..100); null removes the target',
    }),
  },
  { description: 'One KPI target' },
);
export const CheckUpBody = Type.Array(CheckUpTargetInput, {
  minItems: 1,
  maxItems: 20,
  description: 'The targets to set (KPIs not listed keep their target), saved in one transaction',
});

const S = { SESSIONCODE: SessionCode };

/** The check-up, plain and per client gender (each with its own targets). */
export const getCheckUpReport = genderedReport({
  method: 'GET',
  tags: TAGS,
  params: { ...S, salonId: SalonId },
  querystring: CheckUpQuery,
  response: CheckUpResponse,
  all: {
    path: '/api/ReportDataAnalysis/GetCheckUp/{SESSIONCODE}/{salonId}',
    summary: 'Check-up: every KPI with its target, the actual for ?fromDate..?toDate (default the current month) and a status',
  },
  byGender: {
    path: '/api/ReportDataAnalysis/GetCheckUpGender/{SESSIONCODE}/{salonId}/{gender}',
    summary:
      'Check-up for clients of one gender: its own targets, actuals over that gender (utilisation is not split by gender: the salon’s)',
  },
});
export const getCheckUp = getCheckUpReport.all;
export const getCheckUpGender = getCheckUpReport.byGender;

/** Setting check-up targets, for all clients or one client gender; answers that check-up. */
export const addCheckUpReport = genderedReport({
  method: 'POST',
  tags: TAGS,
  params: { ...S, salonId: SalonId },
  body: CheckUpBody,
  response: CheckUpResponse,
  all: {
    path: '/api/ReportDataAnalysis/AddCheckUp/{SESSIONCODE}/{salonId}',
    summary: 'Set check-up targets (ADMIN or SUPERADMIN); answers the check-up of the current month',
  },
  byGender: {
    path: '/api/ReportDataAnalysis/AddCheckUpGender/{SESSIONCODE}/{salonId}/{gender}',
    summary: 'Set the check-up targets of one client gender (ADMIN or SUPERADMIN); answers that check-up for the current month',
  },
});
export const addCheckUp = addCheckUpReport.all;
export const addCheckUpGender = addCheckUpReport.byGender;
