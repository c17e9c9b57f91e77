import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { ErrorResponse, SessionParams } from '../common/schemas.js';
import { count, date, euros } from './report-fields.js';

const TAGS = ['Stats'];

export const ClientHistoryQuery = Type.Object({
  appointmentId: Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    description: "The appointment whose client's history is wanted; it must belong to the caller's salon (403 otherwise)",
  }),
  onlyWithAppointment: Type.Optional(
    Type.Boolean({
      default: false,
      description: "false (default): the whole history of the appointment's client in that salon; true: only the lines of this appointment",
    }),
  ),
});

export const ClientHistoryLine = Type.Object(
  {
    saleLineId: Type.Integer({ description: 'The sale line' }),
    appointmentId: Type.Union([Type.Integer(), Type.Null()], { description: 'Its appointment; null for a walk-in retail sale' }),
    day: date('Day of the sale'),
    itemId: Type.Integer({ description: 'The service id (ClientHistoryServices) or product id (ClientHistoryProducts)' }),
    itemName: Type.String({ description: 'Name of the service or product' }),
    category: Type.String({ description: 'TREATMENT, COLOUR, HAIRCUT, STYLING (services); RESALE, PROFESSIONAL (products)' }),
    staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'Staff member on the line' }),
    staffName: Type.String({ description: "Staff member's first and last name; empty when none" }),
    quantity: count('Units'),
    listAmount: euros('List price of the line'),
    paidAmount: euros('Amount paid'),
    discount: euros('Discount given'),
    recommended: Type.Boolean({ description: 'The staff member recommended it and the client bought it' }),
  },
  { description: 'One sale line of the history' },
);

export const ClientHistoryResponse = Type.Object(
  {
    appointmentId: Type.Integer({ description: 'The appointment asked for' }),
    appointmentDay: date('Day of that appointment'),
    clientId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Its client; null when the appointment has none (then only its own lines are listed)',
    }),
    clientName: Type.String({ description: "Client's first and last name; empty when none" }),
    onlyWithAppointment: Type.Boolean({ description: 'Whether the list is restricted to this appointment' }),
    rows: Type.Array(ClientHistoryLine, { description: 'Lines, newest day first' }),
    totals: Type.Object(
      {
        lines: count('Lines listed'),
        quantity: count('Units'),
        listAmount: euros('List price total'),
        paidAmount: euros('Paid total'),
        discount: euros('Discount total'),
        visits: count('Distinct days with lines'),
      },
      { description: 'Totals of the rows' },
    ),
  },
  { description: "A client's service or product history, from one of their appointments" },
);

export const clientHistoryServices = defineEndpoint({
  method: 'GET',
  path: '/api/ClientHistoryServices/Appointment/{SESSIONCODE}',
  summary:
    "The service lines of an appointment's client (onlyWithAppointment=false, default) or of that appointment only (true); 403 when the appointment is in another salon",
  tags: TAGS,
  params: SessionParams,
  querystring: ClientHistoryQuery,
  response: ClientHistoryResponse,
  errors: { 404: ErrorResponse },
});

export const clientHistoryProducts = defineEndpoint({
  method: 'GET',
  path: '/api/ClientHistoryProducts/Appointment/{SESSIONCODE}',
  summary:
    "The product lines of an appointment's client (walk-in purchases included) or of that appointment only; 403 when the appointment is in another salon",
  tags: TAGS,
  params: SessionParams,
  querystring: ClientHistoryQuery,
  response: ClientHistoryResponse,
  errors: { 404: ErrorResponse },
});
