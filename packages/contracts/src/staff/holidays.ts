import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { SalonId, SessionCode, SessionParams } from '../common/schemas.js';
import { RangeQueryFields, STAFF_ERRORS } from './shifts.js';
import { DateOnly, dateOnly, idField, RowId } from './staff-common.js';

/**
 * A salon's holiday calendar (/api/SalonHolidays): the Italian national holidays, computed for
 * every year (Easter Monday by the Gregorian computus), the salon's own closures (a day or a
 * range, with a label) and its patron-saint day (a day of the year, every year). None of these
 * days counts as a working day of a day off, a request or the allowance. Writes: ADMIN of the
 * salon, SUPERADMIN; reads: every role of the salon.
 */
const TAGS = ['Holidays'];

export const NATIONAL_HOLIDAYS = [
  'NEW_YEAR',
  'EPIPHANY',
  'EASTER_MONDAY',
  'LIBERATION_DAY',
  'LABOUR_DAY',
  'REPUBLIC_DAY',
  'ASSUMPTION',
  'ALL_SAINTS',
  'IMMACULATE_CONCEPTION',
  'CHRISTMAS',
  'ST_STEPHEN',
] as const;

export const NationalHolidaySchema = Type.Union(
  [
    Type.Literal('NEW_YEAR'),
    Type.Literal('EPIPHANY'),
    Type.Literal('EASTER_MONDAY'),
    Type.Literal('LIBERATION_DAY'),
    Type.Literal('LABOUR_DAY'),
    Type.Literal('REPUBLIC_DAY'),
    Type.Literal('ASSUMPTION'),
    Type.Literal('ALL_SAINTS'),
    Type.Literal('IMMACULATE_CONCEPTION'),
    Type.Literal('CHRISTMAS'),
    Type.Literal('ST_STEPHEN'),
  ],
  { description: 'Which national holiday' },
);

export const HOLIDAY_KINDS = ['NATIONAL', 'PATRON', 'CLOSURE'] as const;

export const HolidayKindSchema = Type.Union([Type.Literal('NATIONAL'), Type.Literal('PATRON'), Type.Literal('CLOSURE')], {
  description: "NATIONAL: an Italian national holiday; PATRON: the salon's patron-saint day; CLOSURE: a closure the salon set",
});

/** Longest label of a closure or a patron-saint day. */
export const HOLIDAY_LABEL_MAX = 80;

const Label = Type.String({ minLength: 1, maxLength: HOLIDAY_LABEL_MAX, description: `A label, 1 to ${HOLIDAY_LABEL_MAX} characters` });

export const ClosureDTO = Type.Object(
  {
    closureId: Type.Integer({ description: "The closure's id" }),
    salonId: Type.Integer({ description: 'The salon' }),
    startDate: DateOnly,
    endDate: DateOnly,
    label: Type.String({ description: 'What it is, e.g. August closure' }),
  },
  { description: 'A closure of the salon: every day of startDate..endDate' },
);

export const PatronDayDTO = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: 'Month, 1..12' }),
    day: Type.Integer({ minimum: 1, maximum: 31, description: 'Day of the month' }),
    label: Type.String({ description: 'Whose day, e.g. Sant’Ambrogio' }),
  },
  { description: "The salon's patron-saint day, every year" },
);

export const HolidayDayDTO = Type.Object(
  {
    date: DateOnly,
    kind: HolidayKindSchema,
    holiday: Type.Union([NationalHolidaySchema, Type.Null()], { description: 'NATIONAL: which one; null otherwise' }),
    label: Type.String({ description: "English name of a national holiday; the salon's label of a closure or patron-saint day" }),
    closureId: Type.Union([Type.Integer(), Type.Null()], { description: 'CLOSURE: the closure; null otherwise' }),
  },
  { description: 'A day the salon is closed for a holiday or a closure' },
);

export const getSalonHolidays = defineEndpoint({
  method: 'GET',
  path: '/api/SalonHolidays/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "A salon's holiday calendar over fromDate..toDate (default: the salon's current year): each closed day (national holiday, patron-saint day, closure; one entry per day, a closure first, then the patron-saint day, then a national holiday), every closure of the salon and its patron-saint day. Every role: their salon; SUPERADMIN: the salonId given (required)",
  tags: TAGS,
  params: SessionParams,
  querystring: Type.Object({
    ...RangeQueryFields,
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
  }),
  response: Type.Object({
    salonId: Type.Integer({ description: 'The salon' }),
    fromDate: DateOnly,
    toDate: DateOnly,
    days: Type.Array(HolidayDayDTO, { description: 'Closed days within the range, by date' }),
    closures: Type.Array(ClosureDTO, { description: 'Every closure of the salon, by startDate' }),
    patronDay: Type.Union([PatronDayDTO, Type.Null()], { description: 'The patron-saint day, or null when none is set' }),
  }),
});

const closureInputFields = {
  startDate: dateOnly('First day of the closure'),
  endDate: Type.Optional(dateOnly('Last day (default startDate; not before it, at most 366 days)')),
  label: Label,
};

export const createClosure = defineEndpoint({
  method: 'POST',
  path: '/api/SalonHolidays/Closures/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: 'Add a closure to a salon (ADMIN of the salon, SUPERADMIN); 409 when it overlaps another closure of the salon',
  tags: TAGS,
  params: SessionParams,
  body: Type.Object({ salonId: SalonId, ...closureInputFields }),
  response: ClosureDTO,
});

export const updateClosure = defineEndpoint({
  method: 'PUT',
  path: '/api/SalonHolidays/Closures/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary: "Change a closure's days and label (ADMIN of its salon, SUPERADMIN). 404 when no such closure; 409 on overlap",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Object(closureInputFields),
  response: ClosureDTO,
});

export const deleteClosure = defineEndpoint({
  method: 'DELETE',
  path: '/api/SalonHolidays/Closures/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary: 'Remove a closure (ADMIN of its salon, SUPERADMIN). 404 when no such closure',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  response: Type.Object({
    deleted: Type.Literal(true, { description: 'The closure is gone' }),
    closureId: Type.Integer({ description: 'Its id' }),
  }),
});

export const setPatronDay = defineEndpoint({
  method: 'PUT',
  path: '/api/SalonHolidays/PatronDay/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "Set or clear a salon's patron-saint day (ADMIN of the salon, SUPERADMIN). 400 when the day does not exist in the month (29 February included: it recurs only every fourth year)",
  tags: TAGS,
  params: SessionParams,
  body: Type.Object({
    salonId: SalonId,
    patronDay: Type.Union(
      [
        Type.Object({
          month: Type.Integer({ minimum: 1, maximum: 12, description: 'Month, 1..12' }),
          day: Type.Integer({ minimum: 1, maximum: 31, description: 'Day of the month' }),
          label: Label,
        }),
        Type.Null(),
      ],
      { description: 'The day, or null to clear it' },
    ),
  }),
  response: Type.Object({
    salonId: Type.Integer({ description: 'The salon' }),
    patronDay: Type.Union([PatronDayDTO, Type.Null()], { description: 'The patron-saint day now, or null' }),
  }),
});
