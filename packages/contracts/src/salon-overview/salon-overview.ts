import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, Money, SessionParams } from '../common/schemas.js';

export const SalonOverviewQuery = Type.Object({
  fromDate: Type.Optional({ ...DateString, description: 'First day of the range, inclusive; default the first day of the current month' }),
  toDate: Type.Optional({
    ...DateString,
    description: "Last day of the range, inclusive; default today in the chain's time zone (Europe/Rome)",
  }),
});

export const SalonOverviewRow = Type.Object({
  id: Type.Integer({ description: "The salon's id" }),
  name: Type.String({ description: "The salon's display name" }),
  city: Type.String({ description: 'The city the salon is in' }),
  revenue: { ...Money, description: 'Paid amount of the sale lines in the range (DONE appointments and walk-in sales), euros' },
  appointments: Type.Integer({ description: 'DONE appointments in the range' }),
  averageTicket: { ...Money, description: 'revenue / appointments, euros; 0 when there were no appointments' },
});

export const SalonOverviewResponse = Type.Object({
  fromDate: { ...DateString, description: 'First day counted, inclusive' },
  toDate: { ...DateString, description: 'Last day counted, inclusive' },
  salons: Type.Array(SalonOverviewRow, { description: 'Every salon of the chain, ordered by name' }),
});

/** The chain overview behind /salon-listing (superadmin only). */
export const getSalonOverview = defineEndpoint({
  method: 'GET',
  path: '/api/Salons/Overview/{SESSIONCODE}',
  summary: "Every salon with its city and the range's revenue, DONE appointments and average ticket (superadmin only)",
  tags: ['Salons'],
  params: SessionParams,
  querystring: SalonOverviewQuery,
  response: SalonOverviewResponse,
});
