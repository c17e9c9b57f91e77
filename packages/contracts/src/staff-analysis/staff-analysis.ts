import { Type } from 'typebox';
import { genderedReport } from '../common/gendered-report.js';
import { REPORT_ACCESS, SalonId, SessionCode } from '../common/schemas.js';
import { count, date, euros, GenderScope, percentOrNull, RangeFields } from '../stats/report-fields.js';

/** Who may call the staff analysis API: the 'user' menu level of /staff-data-analysis. */
export const STAFF_ANALYSIS_ACCESS = REPORT_ACCESS.user;

const hours = (description: string) => Type.Number({ minimum: 0, description: `${description}. Hours, 2 decimals` });
const eurosPerHourOrNull = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], {
    description: `${description}. Euros per hour, 2 decimals; null when there are no working hours`,
  });

/** The manager's figures beside the report's, for one person over one span (also used for the previous year). */
const ManagerFields = {
  visits: count('DONE appointments on which the person has at least one sale line'),
  rebookingRate: percentOrNull(
    "Share of the person's visits after which the client's next appointment (not cancelled) was booked no later than 7 days after the visit ended",
  ),
  retailAttachRate: percentOrNull('Visits with a product line of the person / visits'),
  bookedServiceHours: hours(
    "The person's DONE and BOOKED appointments (appointments.staff_id), their overlapping appointments of a day counted once; not split by client gender",
  ),
  utilisation: percentOrNull('bookedServiceHours / totalShiftHours'),
  newClientsServed: count('Distinct clients on their lines whose first visit falls in the span'),
};

/** The figures of one person over the previous year's same span. */
export const StaffPreviousYear = Type.Object(
  {
    totalEarned: euros('Paid amount of their lines'),
    totalRecommended: euros('Paid amount of their recommended lines'),
    totalNumberOfClient: count('Distinct clients on their lines'),
    totalShiftHours: hours('Hours of their shifts'),
    totalWorkingHours: hours('Hours of their attendance'),
    hourlyEarned: eurosPerHourOrNull('totalEarned / totalWorkingHours'),
    ...ManagerFields,
  },
  {
    description:
      "The same person's figures over the comparison span: the same dates one year before (a range) or 52 weeks before (a day or a week)",
  },
);

export const StaffDataAnalysisRow = Type.Object(
  {
    staffId: Type.Integer({ description: 'The staff member (user id)' }),
    name: Type.String({ description: 'First and last name' }),
    staffWorkingDays: count('Days with attendance (salon-local day of the clock-in)'),
    averageFeedback: Type.Union([Type.Number(), Type.Null()], {
      description: 'Mean feedback score (1..5, 2 decimals) of the feedback naming them in the span; null when none',
    }),
    hourlyEarned: eurosPerHourOrNull('totalEarned / totalWorkingHours'),
    hourlyRecommended: eurosPerHourOrNull('totalRecommended / totalWorkingHours'),
    perOnStaffTotal: percentOrNull("totalEarned / sumOfTotalEarned (the salon's staff total) x 100"),
    perOnStaffRecommendedTotal: percentOrNull('totalRecommended / sumOfTotalRecommended x 100'),
    product_RETotalEarned: euros('Paid amount of their recommended product lines'),
    product_TotalEarned: euros('Paid amount of their product lines'),
    service_RETotalEarned: euros('Paid amount of their recommended service lines'),
    service_TotalEarned: euros('Paid amount of their service lines'),
    totalEarned: euros('Paid amount of their lines (DONE appointments and walk-in sales)'),
    totalNumberOfClient: count('Distinct clients on their lines'),
    totalRecommended: euros('Paid amount of the lines they recommended'),
    totalShiftHours: hours('Hours of their shifts starting in the span (salon-local day)'),
    totalWorkingHours: hours('Hours of their closed attendances clocked in during the span (salon-local day)'),
    intervalCount: count('Interval counter: 1 in a response; the screen adds 1 per merged interval'),
    ...ManagerFields,
    previousYear: StaffPreviousYear,
  },
  { description: 'One staff member over the span' },
);

/** The figures of one span (a range, a day or a week). */
const staffAnalysisBody = {
  salonOpenDays: count('Days with at least one DONE appointment'),
  sumOfTotalDiscountValue: euros('Discount on the lines that name a staff member'),
  sumOfTotalEarned: euros("Paid amount of the lines that name a staff member (the salon's revenue minus sales with no staff)"),
  sumOfTotalRecommended: euros('Paid amount of the recommended lines that name a staff member'),
  sumOfTotalDiscountValueRec: euros('Discount on the recommended lines that name a staff member'),
  previousYear: Type.Object(
    {
      fromDate: date('First day of the previous year span'),
      toDate: date('Last day of the previous year span'),
      salonOpenDays: count('Days with at least one DONE appointment'),
      sumOfTotalEarned: euros('Paid amount of the lines that name a staff member'),
      sumOfTotalRecommended: euros('Paid amount of the recommended lines that name a staff member'),
    },
    {
      description: 'The salon sums over the comparison span: the same dates one year before (a range) or 52 weeks before (a day or a week)',
    },
  ),
  staffDataAnalysis: Type.Array(StaffDataAnalysisRow, {
    description:
      'Every staff member with a line, shift, attendance or feedback in the span or its comparison span; highest totalEarned first (ByName: by name)',
  }),
};

export const StaffDataAnalysisResponse = Type.Object(
  { ...RangeFields, gender: GenderScope, ...staffAnalysisBody },
  { description: 'Staff data analysis of a salon over a range' },
);

export const StaffDailyDetailsResponse = Type.Object(
  {
    ...RangeFields,
    gender: GenderScope,
    total: Type.Optional(count('Days of the range with data, over all pages (sent when limit or offset is)')),
    limit: Type.Optional(count('Page size used (sent when limit is)')),
    offset: Type.Optional(count('Days skipped before this page (sent when limit is)')),
    days: Type.Array(
      Type.Object(
        { day: date('The day'), ...staffAnalysisBody },
        { description: 'One day; its previousYear is the same weekday 52 weeks earlier' },
      ),
      {
        description:
          'The days of the range with any line, shift, attendance, feedback or DONE appointment, in order; one page when limit or offset is set',
      },
    ),
  },
  { description: 'Staff analysis of a salon day by day' },
);

export const StaffWeeklyDetailsResponse = Type.Object(
  {
    salonId: SalonId,
    staffId: Type.Integer({ description: 'The staff member' }),
    year: Type.Integer({ description: "The year (the salon's current year)" }),
    month: Type.Integer({ minimum: 1, maximum: 12, description: 'The month, 1..12' }),
    gender: GenderScope,
    weeks: Type.Array(
      Type.Object(
        {
          weekStart: date('Monday of the ISO week'),
          fromDate: date('First day of the week inside the month'),
          toDate: date('Last day of the week inside the month'),
          ...staffAnalysisBody,
        },
        {
          description:
            "One week of the month (clipped to the month); its previousYear is the same days 52 weeks earlier; staffDataAnalysis holds the person alone, the sums are the salon's",
        },
      ),
      { description: 'Every ISO week touching the month, in order' },
    ),
  },
  { description: "One person's staff analysis week by week over a month" },
);

const rangeParams = {
  SESSIONCODE: SessionCode,
  fromDate: date('First day of the range (inclusive)'),
  toDate: date('Last day of the range (inclusive)'),
  salonId: SalonId,
};

const BASE = '/api/StaffDataAnalysis';

export const getStaffDataAnalysisReport = genderedReport({
  method: 'GET',
  tags: ['StaffDataAnalysis'],
  params: rangeParams,
  response: StaffDataAnalysisResponse,
  all: {
    path: `${BASE}/GetStaffDataAnalysis/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}`,
    summary: 'Staff analysis over a range: per person earned, recommended, hours, clients, feedback, rebooking, retail attach, utilisation',
  },
  byGender: {
    path: `${BASE}/GetStaffDataAnalysisGender/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{gender}`,
    summary: 'Staff analysis over a range, counting only clients of one gender',
  },
});
export const getStaffDataAnalysis = getStaffDataAnalysisReport.all;
export const getStaffDataAnalysisGender = getStaffDataAnalysisReport.byGender;

export const getStaffDataAnalysisByNameReport = genderedReport({
  method: 'GET',
  tags: ['StaffDataAnalysis'],
  params: rangeParams,
  response: StaffDataAnalysisResponse,
  all: {
    path: `${BASE}/GetStaffDataAnalysisByName/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}`,
    summary: 'Staff analysis over a range, people sorted by name (the same figures as GetStaffDataAnalysis)',
  },
  byGender: {
    path: `${BASE}/GetStaffDataAnalysisByNameGender/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{gender}`,
    summary: 'Staff analysis over a range sorted by name, counting only clients of one gender',
  },
});
export const getStaffDataAnalysisByName = getStaffDataAnalysisByNameReport.all;
export const getStaffDataAnalysisByNameGender = getStaffDataAnalysisByNameReport.byGender;

export const MemberId = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The staff member (user id) of the salon' });

export const getStaffDataAnalysisByStaffReport = genderedReport({
  method: 'GET',
  tags: ['StaffDataAnalysis'],
  params: { ...rangeParams, meamberId: MemberId },
  response: StaffDataAnalysisResponse,
  all: {
    path: `${BASE}/GetStaffDataAnalysisByStaff/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{meamberId}`,
    summary:
      "One person's staff analysis over a range; the salon sums stay the whole salon's so the shares compare the person with the salon",
  },
  byGender: {
    path: `${BASE}/GetStaffDataAnalysisByStaffGender/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{meamberId}/{gender}`,
    summary: "One person's staff analysis over a range, counting only clients of one gender",
  },
});
export const getStaffDataAnalysisByStaff = getStaffDataAnalysisByStaffReport.all;
export const getStaffDataAnalysisByStaffGender = getStaffDataAnalysisByStaffReport.byGender;

/** Optional paging of the daily details: without it every day of the range is listed. */
export const StaffDailyDetailsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Page size (days); without it every day is listed' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Days to skip, default 0' })),
});

export const getStaffDailyDetailsAnalysisReport = genderedReport({
  method: 'GET',
  tags: ['StaffDataAnalysis'],
  params: rangeParams,
  querystring: StaffDailyDetailsQuery,
  response: StaffDailyDetailsResponse,
  all: {
    path: `${BASE}/GetStaffDailyDetailsAnalysis/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}`,
    summary: 'Staff analysis day by day over a range, each day against the same weekday 52 weeks earlier',
  },
  byGender: {
    path: `${BASE}/GetStaffDailyDetailsAnalysisGender/{SESSIONCODE}/{fromDate}/{toDate}/{salonId}/{gender}`,
    summary: 'Staff analysis day by day, counting only clients of one gender',
  },
});
export const getStaffDailyDetailsAnalysis = getStaffDailyDetailsAnalysisReport.all;
export const getStaffDailyDetailsAnalysisGender = getStaffDailyDetailsAnalysisReport.byGender;

export const getStaffWeeklyDetailsAnalysisReport = genderedReport({
  method: 'GET',
  tags: ['StaffDataAnalysis'],
  params: {
    SESSIONCODE: SessionCode,
    salonId: SalonId,
    meamberId: MemberId,
    month: Type.Integer({ minimum: 1, maximum: 12, description: "Month 1..12 of the salon's current year" }),
  },
  response: StaffWeeklyDetailsResponse,
  all: {
    path: `${BASE}/GetStaffWeeklyDetailsAnalysis/{SESSIONCODE}/{salonId}/{meamberId}/{month}`,
    summary: "One person's staff analysis week by week over a month of the current year",
  },
  byGender: {
    path: `${BASE}/GetStaffWeeklyDetailsAnalysisGender/{SESSIONCODE}/{salonId}/{meamberId}/{month}/{gender}`,
    summary: "One person's weekly staff analysis, counting only clients of one gender",
  },
});
export const getStaffWeeklyDetailsAnalysis = getStaffWeeklyDetailsAnalysisReport.all;
export const getStaffWeeklyDetailsAnalysisGender = getStaffWeeklyDetailsAnalysisReport.byGender;
