import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, ErrorResponse, Money, SalonId, SessionCode } from '../common/schemas.js';

const tags = ['Performance'];

const Percent = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** The KPIs of one salon over one span of days. */
export const PerformanceFigures = Type.Object({
  fromDate: { ...DateString, description: 'First day counted, inclusive' },
  toDate: { ...DateString, description: 'Last day counted, inclusive' },
  revenue: { ...Money, description: "Paid amount of the salon's sale lines in the span (DONE appointments and walk-in sales), euros" },
  appointments: Type.Integer({ description: 'DONE appointments in the span' }),
  averageTicket: { ...Money, description: 'revenue / appointments, euros; 0 when there were no appointments' },
  bookedHours: Type.Number({
    description:
      "Booked service hours: the DONE and BOOKED appointments of the span, a person's overlapping appointments of a day counted once (no staff: each on its own), 2 decimals",
  }),
  shiftHours: Type.Number({ description: "Hours of the staff's shifts (planner) starting on a day of the span, 2 decimals" }),
  utilisation: Percent('bookedHours / shiftHours x 100, 2 decimals; null when no shift was planned'),
  newClients: Type.Integer({ description: 'Clients whose first visit falls in the span' }),
  rebookingRate: Percent(
    "Share (%) of the DONE appointments with a client whose client's next, not cancelled, appointment was booked no later than 7 days after the visit ended (as in the check-up and staff analysis); null without such appointments",
  ),
});

export const PerformanceSpan = Type.Object({
  current: PerformanceFigures,
  lastYear: Type.Object(PerformanceFigures.properties, { description: 'The same span 364 days earlier: the same weekdays a year before' }),
  revenueChange: Percent('(revenue - last year revenue) / last year revenue x 100, 2 decimals; null when last year had no revenue'),
});

export const PerformanceCampaign = Type.Object({
  campaignId: Type.Integer({ description: 'The incentive campaign running on the day for this salon' }),
  name: Type.String({ description: "The campaign's name" }),
  fromDate: { ...DateString, description: 'First day of the campaign' },
  toDate: { ...DateString, description: 'Last day of the campaign' },
  target: { ...Money, description: "The salon's revenue target for the campaign, euros" },
  revenueToDate: {
    ...Money,
    description:
      "The salon's revenue of the services and products the campaign lists for it (every line when it lists none), from the campaign's first day to the day asked (or its last day), euros",
  },
  achieved: Percent('revenueToDate / target x 100, 2 decimals; null when the target is 0'),
});

export const PerformanceTrendDay = Type.Object({
  day: { ...DateString, description: 'A day of the month to date' },
  revenue: { ...Money, description: "The salon's revenue that day, euros" },
  lastYearRevenue: { ...Money, description: 'The revenue of the same weekday a year earlier (364 days back), euros' },
});

export const PerformanceSalon = Type.Object({
  salonId: Type.Integer({ description: "The salon's id" }),
  name: Type.String({ description: "The salon's display name" }),
  city: Type.String({ description: 'The city the salon is in' }),
  day: { ...PerformanceSpan, description: 'The day asked, and the same weekday a year earlier' },
  monthToDate: { ...PerformanceSpan, description: "From the first of the day's month to the day, and the same weekdays a year earlier" },
  trend: Type.Array(PerformanceTrendDay, { description: "Every day of the month to date, in order: the salon's small trend" }),
  campaign: Type.Union([PerformanceCampaign, Type.Null()], {
    description: 'The campaign with a target for this salon running on the day (the latest started when several), or null',
  }),
});

const Median = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/** The chain's median of each figure over every salon; nulls (no shifts, no base) are left out. */
export const PerformanceMedian = Type.Object({
  revenue: Median('Median revenue of the salons, euros'),
  appointments: Median('Median DONE appointments of the salons'),
  averageTicket: Median('Median average ticket of the salons, euros'),
  utilisation: Median('Median utilisation (%) of the salons that had shifts'),
  newClients: Median('Median new clients of the salons'),
  rebookingRate: Median('Median rebooking rate (%) of the salons that had appointments with a client'),
  revenueChange: Median('Median revenue change against last year (%) of the salons that had revenue last year'),
});

export const PerformanceResponse = Type.Object({
  day: { ...DateString, description: 'The day asked' },
  salons: Type.Array(PerformanceSalon, { description: 'The salons asked, ordered by name' }),
  chainMedian: Type.Object(
    {
      salons: Type.Integer({ description: 'How many salons the chain has (the medians are over these)' }),
      day: PerformanceMedian,
      monthToDate: PerformanceMedian,
    },
    { description: "The chain's median salon for the day and the month to date, to set one salon against" },
  ),
});

const Day = { ...DateString, description: 'The day of the report; the month to date ends on it' };

export const getPerformanceBySalon = defineEndpoint({
  method: 'GET',
  path: '/api/Performance/GetPerformanceBysalon/{day}/{salonId}/{SESSIONCODE}',
  summary: "One salon's performance for the day and the month to date against the same weekdays last year, with its campaign target",
  tags,
  params: Type.Object({ day: Day, salonId: SalonId, SESSIONCODE: SessionCode }),
  response: PerformanceResponse,
  errors: { 404: ErrorResponse },
});

export const getPerformance = defineEndpoint({
  method: 'GET',
  path: '/api/Performance/GetPerformance/{day}/{SESSIONCODE}',
  summary: 'Every salon of the chain: performance for the day and the month to date against last year (superadmin only)',
  tags,
  params: Type.Object({ day: Day, SESSIONCODE: SessionCode }),
  response: PerformanceResponse,
});

export const getPerformanceById = defineEndpoint({
  method: 'GET',
  path: '/api/Performance/GetPerformanceById/{day}/{SESSIONCODE}/{salonId}',
  summary: "One salon's performance (same answer as GetPerformanceBysalon, its second path)",
  tags,
  params: Type.Object({ day: Day, SESSIONCODE: SessionCode, salonId: SalonId }),
  response: PerformanceResponse,
  errors: { 404: ErrorResponse },
});
