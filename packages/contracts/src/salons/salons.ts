import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SessionParams } from '../common/schemas.js';

export const OpeningHours = Type.Record(
  Type.String({ description: 'A weekday, monday..sunday' }),
  Type.Union([
    Type.Tuple([Type.String({ description: 'Opening time, HH:MM' }), Type.String({ description: 'Closing time, HH:MM' })]),
    Type.Null(),
  ]),
  { description: 'Opening hours per weekday: [opening, closing] in local time, or null when closed that day' },
);

export const SalonDTO = Type.Object({
  id: Type.Integer({ description: "The salon's id (the salonId of every other call)" }),
  name: Type.String({ description: 'Display name' }),
  code: Type.String({ description: 'Short unique code, e.g. S1' }),
  city: Type.String({ description: 'City' }),
  address: Type.String({ description: 'Street address; empty when unknown' }),
  timeZone: Type.String({ description: 'IANA time zone the salon counts its days in, e.g. Europe/Rome' }),
  today: Type.String({
    format: 'date',
    description:
      "Today in the salon's time zone, YYYY-MM-DD (the day DEMO_TODAY pins on a demo server): the default end of every report range, and the current month and year",
  }),
  openingHours: OpeningHours,
});

export const listSalons = defineEndpoint({
  method: 'GET',
  path: '/api/Salons/{SESSIONCODE}',
  summary: 'The salons the caller may see: every salon for a superadmin, their own salon for everyone else',
  tags: ['Salons'],
  params: SessionParams,
  response: Type.Array(SalonDTO, { description: 'Salons ordered by id' }),
});
