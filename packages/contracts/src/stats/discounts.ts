import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionParams } from '../common/schemas.js';
import { AmountsBlock, count, date, RangeFields } from './report-fields.js';

const TAGS = ['Stats'];

const Split = {
  services: AmountsBlock,
  products: AmountsBlock,
  total: AmountsBlock,
};

export const DiscountsQuery = Type.Object({
  salonId: SalonId,
  from: date('First day of the range (inclusive)'),
  to: date('Last day of the range (inclusive)'),
});

export const DiscountsPerDayResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(
      Type.Object({ day: date('The day'), ...Split }, { description: 'List, paid and discount of one day, split services / products' }),
      {
        description: 'Days of the range with at least one sale line, in order',
      },
    ),
    totals: Type.Object(Split, { description: 'The whole range' }),
  },
  { description: 'Discounts per day: list amount, paid amount and discount, services / products / total' },
);

export const DiscountsAppointmentRow = Type.Object(
  {
    appointmentId: Type.Integer({ description: 'The DONE appointment' }),
    day: date('Day of the appointment'),
    clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client, when known' }),
    clientName: Type.String({ description: "Client's first and last name; empty when no client" }),
    ...Split,
  },
  { description: 'List, paid and discount of one appointment, split services / products' },
);

export const DiscountsPerAppointmentResponse = Type.Object(
  {
    ...RangeFields,
    rows: Type.Array(DiscountsAppointmentRow, {
      description: 'The DONE appointments of the range that had a discount on at least one line, by day then id; one page (limit / offset)',
    }),
    appointments: count('DONE appointments in the range'),
    discountedAppointments: count('Of those, the ones with a discount (all pages)'),
    limit: count('Page size used'),
    offset: count('Rows skipped before this page'),
    totals: Type.Object(Split, { description: 'All appointment lines of the range (discounted or not); walk-in sales excluded' }),
  },
  { description: 'Discounts per appointment' },
);

export const discountsPerDay = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetDiscountsProductsServicesPerDay/{SESSIONCODE}',
  summary: 'Discounts per day over ?from..?to: list amount, paid amount, discount; services, products (walk-ins included) and total',
  tags: TAGS,
  params: SessionParams,
  querystring: DiscountsQuery,
  response: DiscountsPerDayResponse,
});

export const discountsPerAppointment = defineEndpoint({
  method: 'GET',
  path: '/api/Stats/GetDiscountsProductsServicesPerAppointment/{SESSIONCODE}',
  summary:
    'Discounts per DONE appointment over ?from..?to: the discounted appointments with list, paid and discount per services / products',
  tags: TAGS,
  params: SessionParams,
  querystring: Type.Object({
    ...DiscountsQuery.properties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 500, description: 'Page size (rows), default 500' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0, description: 'Rows to skip, default 0' })),
  }),
  response: DiscountsPerAppointmentResponse,
});
