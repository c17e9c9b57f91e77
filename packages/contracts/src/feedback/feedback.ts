import { type TSchema, Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, REPORT_ACCESS, SalonId, SessionCode } from '../common/schemas.js';
import { count, date, RangeFields } from '../stats/report-fields.js';

/** Feedback is a 'user'-level report (Feedback menu entry). */
export const FEEDBACK_ACCESS = REPORT_ACCESS.user;

const averageScore = (description: string) =>
  Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
    description: `${description}: mean of the scores (1..5), 2 decimals; null when there is no feedback`,
  });

const sharePercent = (description: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], {
    description: `${description}, in per cent with 1 decimal; null when there is no feedback`,
  });

/** How many feedback rows, their average and how many gave each score 1..5. */
export const FeedbackStatsFields = {
  count: count('Feedback rows'),
  average: averageScore('Average score'),
  distribution: Type.Array(Type.Integer({ minimum: 0 }), {
    minItems: 5,
    maxItems: 5,
    description: 'Rows per score: [score 1, score 2, score 3, score 4, score 5]; sums to count',
  }),
  shareOfFives: sharePercent('Share of the rows with score 5 (the delighted clients)'),
  shareOfLow: sharePercent('Share of the rows with score 1 or 2 (the clients to call back)'),
};
export const FeedbackStats = Type.Object(FeedbackStatsFields, {
  description: 'Count, average and 1..5 distribution of a set of feedback rows',
});

export const FeedbackStaffRow = Type.Object(
  {
    staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff member the feedback names; null when it names none' }),
    name: Type.String({ description: 'First and last name; empty when staffId is null' }),
    ...FeedbackStatsFields,
  },
  { description: 'The feedback on one staff member in the range' },
);
export const FeedbackCustomerRow = Type.Object(
  {
    clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client who gave it; null for feedback without a client' }),
    name: Type.String({ description: "The client's first and last name; empty when clientId is null" }),
    lastDay: date('Day of their latest feedback in the range'),
    ...FeedbackStatsFields,
  },
  { description: 'The feedback one client gave in the range' },
);
export const FeedbackServiceRow = Type.Object(
  {
    serviceId: Type.Union([Type.Integer(), Type.Null()], { description: 'The service the feedback is about; null when it names none' }),
    name: Type.String({ description: 'Service name; empty when serviceId is null' }),
    category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT or STYLING; empty when serviceId is null' }),
    ...FeedbackStatsFields,
  },
  { description: 'The feedback on one service in the range' },
);

const summaryResponse = <T extends TSchema>(row: T, what: string) =>
  Type.Object(
    {
      ...RangeFields,
      rows: Type.Array(row, {
        description: `One row per ${what} with feedback in the range: most feedback first (ties: higher average, then id)`,
      }),
      totals: FeedbackStats,
    },
    {
      description: `Feedback per ${what}: counts, averages (2 decimals) and the 1..5 distribution; totals over every feedback row of the range`,
    },
  );

export const FeedbackStaffResponse = summaryResponse(FeedbackStaffRow, 'staff member');
export const FeedbackCustomerResponse = summaryResponse(FeedbackCustomerRow, 'client');
export const FeedbackServiceResponse = summaryResponse(FeedbackServiceRow, 'service');

/** Every feedback path puts {toDate} before {fromDate}. */
const rangeParams = {
  toDate: date('Last day of the range (inclusive)'),
  fromDate: date('First day of the range (inclusive)'),
};

export const getFeedbackStaff = defineEndpoint({
  method: 'GET',
  path: '/api/Feedback/GetFeedbackStaff/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary: 'Feedback per staff member over a range: count, average score and the 1..5 distribution',
  tags: ['Feedback'],
  params: Type.Object({ ...rangeParams, salonId: SalonId, SESSIONCODE: SessionCode }),
  response: FeedbackStaffResponse,
});

export const getFeedbackCustomer = defineEndpoint({
  method: 'GET',
  path: '/api/Feedback/GetFeedbackCustomer/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary: 'Feedback per client over a range: count, average score, the 1..5 distribution and their latest feedback day',
  tags: ['Feedback'],
  params: Type.Object({ ...rangeParams, salonId: SalonId, SESSIONCODE: SessionCode }),
  response: FeedbackCustomerResponse,
});

export const getFeedbackService = defineEndpoint({
  method: 'GET',
  path: '/api/Feedback/GetFeedbackService/{toDate}/{fromDate}/{salonId}/{SESSIONCODE}',
  summary: 'Feedback per service over a range: count, average score and the 1..5 distribution',
  tags: ['Feedback'],
  params: Type.Object({ ...rangeParams, salonId: SalonId, SESSIONCODE: SessionCode }),
  response: FeedbackServiceResponse,
});

export const FeedbackDetailRow = Type.Object(
  {
    feedbackId: Type.Integer({ description: 'The feedback row' }),
    day: date('Day of the visit the feedback is about'),
    appointmentId: Type.Union([Type.Integer(), Type.Null()], { description: 'The appointment, when recorded' }),
    clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client who gave it' }),
    clientName: Type.String({ description: "The client's first and last name; empty without a client" }),
    staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff member it is about' }),
    staffName: Type.String({ description: "The staff member's first and last name; empty without one" }),
    serviceId: Type.Union([Type.Integer(), Type.Null()], { description: 'The service it is about' }),
    serviceName: Type.String({ description: 'Service name; empty without one' }),
    score: Type.Integer({ minimum: 1, maximum: 5, description: 'Score 1..5' }),
    comment: Type.String({ description: "The client's comment; empty when none" }),
  },
  { description: 'One feedback row' },
);

export const FeedbackDetailQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, default: 500, description: 'Rows per page (default 500)' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0, description: 'Rows to skip (default 0)' })),
});

const detailFields = (what: string) => ({
  ...RangeFields,
  name: Type.String({ description: `The ${what}'s name` }),
  summary: FeedbackStats,
  total: count('Feedback rows of the range (all pages)'),
  limit: count('Rows per page'),
  offset: count('Rows skipped'),
  rows: Type.Array(FeedbackDetailRow, { description: 'The feedback rows of the page: latest day first (ties: latest id first)' }),
});

export const FeedbackServiceDetailResponse = Type.Object(
  { serviceId: Type.Integer({ description: 'The service' }), ...detailFields('service') },
  { description: 'The individual feedback rows on one service in the range, with their count, average and distribution' },
);
export const FeedbackStaffDetailResponse = Type.Object(
  { staffMemberId: Type.Integer({ description: 'The staff member' }), ...detailFields('staff member') },
  { description: 'The individual feedback rows on one staff member in the range, with their count, average and distribution' },
);

export const getFeedbackServiceDetail = defineEndpoint({
  method: 'GET',
  path: '/api/Feedback/GetFeedbackServiceDetail/{toDate}/{fromDate}/{serviceid}/{salonId}/{SESSIONCODE}',
  summary: 'The feedback rows on one service over a range (day, client, staff member, score, comment), paged, with their summary',
  tags: ['Feedback'],
  params: Type.Object({
    ...rangeParams,
    serviceid: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The service' }),
    salonId: SalonId,
    SESSIONCODE: SessionCode,
  }),
  querystring: FeedbackDetailQuery,
  response: FeedbackServiceDetailResponse,
  errors: { 404: ErrorResponse },
});

export const getFeedbacStaffDetail = defineEndpoint({
  method: 'GET',
  path: '/api/Feedback/GetFeedbacStaffDetail/{toDate}/{fromDate}/{staffMemberId}/{salonId}/{SESSIONCODE}',
  summary:
    'The feedback rows on one staff member over a range (day, client, service, score, comment), paged, with their summary. The path keeps its historical spelling',
  tags: ['Feedback'],
  params: Type.Object({
    ...rangeParams,
    staffMemberId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The staff member (a user of the salon)' }),
    salonId: SalonId,
    SESSIONCODE: SessionCode,
  }),
  querystring: FeedbackDetailQuery,
  response: FeedbackStaffDetailResponse,
  errors: { 404: ErrorResponse },
});
