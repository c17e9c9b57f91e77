import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { REPORT_ACCESS, SalonId, SessionCode } from '../common/schemas.js';
import { DownloadLink } from '../downloads/downloads.js';
import { count, date, percentOrNull } from '../stats/report-fields.js';

/** NPS is a 'user'-level report (NPS menu entry). */
export const NPS_ACCESS = REPORT_ACCESS.user;

const NpsYear = Type.Integer({ minimum: 2000, maximum: 2100, description: 'A 4-digit year (2000..2100)' });

/**
 * Net Promoter Score of a set of answers (0..10): promoters 9-10, passives 7-8, detractors 0-6;
 * NPS = 100 x (promoters - detractors) / responses, rounded half away from zero to 1 decimal
 * (-100..100); null without responses.
 */
export const NpsFields = {
  responses: count('Answers'),
  promoters: count('Answers scoring 9 or 10'),
  passives: count('Answers scoring 7 or 8'),
  detractors: count('Answers scoring 0 to 6'),
  promotersPercent: percentOrNull('promoters / responses x 100'),
  passivesPercent: percentOrNull('passives / responses x 100'),
  detractorsPercent: percentOrNull('detractors / responses x 100'),
  nps: Type.Union([Type.Number({ minimum: -100, maximum: 100 }), Type.Null()], {
    description:
      'Net Promoter Score = 100 x (promoters - detractors) / responses, rounded half away from zero to 1 decimal, -100..100; null when there are no responses',
  }),
  averageScore: Type.Union([Type.Number({ minimum: 0, maximum: 10 }), Type.Null()], {
    description: 'Mean answer 0..10, 2 decimals; null when there are no responses',
  }),
};
export const NpsFigures = Type.Object(NpsFields, {
  description: 'Responses, promoters / passives / detractors and the NPS of a set of answers',
});

export const NpsMonth = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: 'Month 1..12' }),
    isFuture: Type.Boolean({ description: "The month starts after the salon's today: not yet come (its figures are empty, not zero)" }),
    ...NpsFields,
  },
  { description: 'The answers of one month' },
);

export const NpsDay = Type.Object(
  {
    date: date('The day'),
    responses: count('Answers of the day'),
    promoters: count('Answers scoring 9 or 10'),
    passives: count('Answers scoring 7 or 8'),
    detractors: count('Answers scoring 0 to 6'),
    nps: Type.Number({ minimum: -100, maximum: 100, description: "The day's NPS, rounded half away from zero to 1 decimal" }),
  },
  { description: 'One day of the year with answers (for the drill-down to GetClientScoreDetails)' },
);

export const NpsYearResponse = Type.Object(
  {
    salonId: SalonId,
    year: NpsYear,
    months: Type.Array(NpsMonth, { minItems: 12, maxItems: 12, description: 'January..December; a month without answers has nps null' }),
    days: Type.Array(NpsDay, { description: 'The days of the year that have answers, by date' }),
    totals: NpsFigures,
  },
  { description: 'NPS per month of a year and for the whole year (the totals are the sums of the months; the NPS recomputes from them)' },
);

export const getNpsByAllClients = defineEndpoint({
  method: 'GET',
  path: '/api/ClientNPSs/GetByAllClients/{SESSIONCODE}/{salonId}/{year}',
  summary: 'NPS per month of a year (responses, promoters 9-10, passives 7-8, detractors 0-6, NPS) and the year totals',
  tags: ['ClientNPSs'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, year: NpsYear }),
  response: NpsYearResponse,
});

export const NpsCategory = Type.Union([Type.Literal('PROMOTER'), Type.Literal('PASSIVE'), Type.Literal('DETRACTOR')], {
  description: 'PROMOTER (9-10), PASSIVE (7-8) or DETRACTOR (0-6)',
});

export const NpsAnswer = Type.Object(
  {
    responseId: Type.Integer({ description: 'The answer' }),
    clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client who answered; null when unknown' }),
    clientName: Type.String({ description: "The client's first and last name; empty when unknown" }),
    score: Type.Integer({ minimum: 0, maximum: 10, description: 'Score 0..10' }),
    category: NpsCategory,
    comment: Type.String({ description: "The client's comment; empty when none" }),
  },
  { description: 'One answer' },
);

export const NpsDayResponse = Type.Object(
  {
    salonId: SalonId,
    date: date('The day'),
    answers: Type.Array(NpsAnswer, { description: 'The answers of the day: lowest score first (ties: by id)' }),
    totals: NpsFigures,
  },
  { description: 'The NPS answers of one day, with the client and the comment' },
);

export const getNpsClientScoreDetails = defineEndpoint({
  method: 'GET',
  path: '/api/ClientNPSs/GetClientScoreDetails/{SESSIONCODE}/{salonId}/{date}',
  summary: "The NPS answers of one day with the client's name and the comment, and that day's figures",
  tags: ['ClientNPSs'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, date: date('The day') }),
  response: NpsDayResponse,
});

export const getNpsExcelLink = defineEndpoint({
  method: 'GET',
  path: '/api/ClientNPSs/GetByAllClientsExcelLink/{SESSIONCODE}/{salonId}/{year}',
  summary:
    'The NPS excel download ("uses a returned link, saved as Nps.xlsx"): a link, for the session that asked and a few minutes, to Nps.xlsx with the year’s KPIs, the months of the year, the totals, every answer and the detractors to follow up',
  tags: ['ClientNPSs'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, year: NpsYear }),
  querystring: Type.Object({
    language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('it')], { description: "The sheet's language (default en)" })),
  }),
  response: DownloadLink,
});

export const FollowUpStatus = Type.Union(
  [Type.Literal('AT_RISK'), Type.Literal('LOST'), Type.Literal('ACTIVE'), Type.Literal('NO_VISIT')],
  {
    description:
      "The client's status today, from the days since their last visit up to the salon's today: ACTIVE under the salon's active threshold (default 90 days), LOST over its lost threshold (default 180), AT_RISK in between, NO_VISIT without a visit",
  },
);

export const NpsDetractor = Type.Object(
  {
    clientId: Type.Integer({ description: 'The client' }),
    clientName: Type.String({ description: "The client's first and last name" }),
    answers: count("The client's detractor answers (0-6) in the year"),
    lastScore: Type.Integer({ minimum: 0, maximum: 6, description: 'The score of their latest detractor answer of the year' }),
    lastAnswerDay: date('The day of that answer'),
    lastComment: Type.String({ description: 'Its comment; empty when none' }),
    lastVisit: Type.Union([date('Their last visit up to the salon’s today'), Type.Null()], { description: 'null when they never came' }),
    daysSinceLastVisit: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "The salon's today - lastVisit, in days" }),
    status: FollowUpStatus,
  },
  { description: 'A client who answered 0 to 6 in the year, to follow up' },
);

export const NpsDetractorsResponse = Type.Object(
  {
    salonId: SalonId,
    year: NpsYear,
    today: date("The salon's today, the day the statuses are taken on"),
    activeDays: Type.Integer({ minimum: 1, description: "The salon's active threshold in days" }),
    lostDays: Type.Integer({ minimum: 1, description: "The salon's lost threshold in days" }),
    rows: Type.Array(NpsDetractor, {
      description:
        'One row per client (answers without a client left out): AT_RISK first, then LOST, ACTIVE, NO_VISIT; then latest answer first',
    }),
  },
  { description: "The year's detractors with their status today: the follow-up list" },
);

export const getNpsDetractors = defineEndpoint({
  method: 'GET',
  path: '/api/ClientNPSs/GetDetractors/{SESSIONCODE}/{salonId}/{year}',
  summary:
    'The clients who answered 0 to 6 in the year, each with their latest such answer, their last visit and their status today (at risk, lost, active): the NPS follow-up list of the /NPS screen',
  tags: ['ClientNPSs'],
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, year: NpsYear }),
  response: NpsDetractorsResponse,
});
