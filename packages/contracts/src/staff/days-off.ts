import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { Id, SalonId, SessionCode, SessionParams } from '../common/schemas.js';
import { RangeQueryFields, STAFF_ERRORS } from './shifts.js';
import {
  DateOnly,
  DayOffPartSchema,
  DayOffTypeSchema,
  dateOnly,
  idField,
  OptionalNote,
  RowId,
  STAFF_LIMITS,
  staffNameFields,
  TimeOfDay,
} from './staff-common.js';

/**
 * Days off (user shifts, /api/UserShifts). Types HOLIDAY, SICK, PERMIT;
 * whole days (FULL_DAY, startDate..endDate), a MORNING or AFTERNOON of one day, or HOURS of one
 * day (PERMIT only). One person's days off never overlap (409 DAY_OFF_CLASH naming the other);
 * a morning and an afternoon of the same day do not overlap, nor hours on the other half.
 * Writes: ADMIN of the salon, SUPERADMIN (an approved request also writes one). Reads: managers
 * their salon's, everyone else their own.
 */
const TAGS = ['Days off'];

// Field sets are plain objects reused by reference: the browser bundle's typebox stub builds empty
// schemas, so nothing here may read a schema's `.properties` at load time.
const dayOffDtoFields = {
  userShiftId: Type.Integer({ description: "The day off's id" }),
  salonId: Type.Integer({ description: 'The salon' }),
  userId: Type.Integer({ description: 'The staff member' }),
  ...staffNameFields,
  startDate: DateOnly,
  endDate: DateOnly,
  type: DayOffTypeSchema,
  part: DayOffPartSchema,
  startTime: Type.Union([TimeOfDay, Type.Null()], { description: 'HOURS only: from (salon-local); null otherwise' }),
  endTime: Type.Union([TimeOfDay, Type.Null()], { description: 'HOURS only: until (salon-local); null otherwise' }),
  note: Type.String({ description: 'Free note' }),
  days: Type.Number({
    description:
      'Working days it covers: days in startDate..endDate on which the salon is open; 0.5 for a half day, 0 for hours (what a HOLIDAY takes from the allowance)',
  }),
  userShiftRequestId: Type.Union([Type.Integer(), Type.Null()], { description: 'The approved request that wrote it, or null' }),
};

export const DayOffDTO = Type.Object(dayOffDtoFields, { description: 'A day off' });

/** What a write of a day off answers: the day off, and the shifts a whole-day one removed. */
export const DayOffWriteResult = Type.Object({
  ...dayOffDtoFields,
  removedShiftIds: Type.Array(Type.Integer(), {
    description: "A whole-day day off removes the person's shifts on its days (salon-local day of their start): their ids",
  }),
});

const dayOffInputFields = {
  salonId: SalonId,
  userId: Id,
  startDate: dateOnly('First day'),
  endDate: Type.Optional(
    dateOnly(
      `Last day (default startDate; not before it, at most ${STAFF_LIMITS.maxDayOffDays} days; = startDate unless part is FULL_DAY)`,
    ),
  ),
  type: DayOffTypeSchema,
  part: Type.Optional(DayOffPartSchema),
  startTime: Type.Optional(Type.Union([TimeOfDay, Type.Null()], { description: 'Required for HOURS: from' })),
  endTime: Type.Optional(Type.Union([TimeOfDay, Type.Null()], { description: 'Required for HOURS: until (after startTime)' })),
  note: OptionalNote,
};

export const DayOffInput = Type.Object(dayOffInputFields, { description: 'A day off; part defaults to FULL_DAY' });

export const listDaysOff = defineEndpoint({
  method: 'GET',
  path: '/api/UserShifts/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "Days off overlapping fromDate..toDate: ADMIN their salon's, SUPERADMIN the salonId given (required), other roles their own. Default range: the salon's today + 6 days",
  tags: TAGS,
  params: SessionParams,
  querystring: Type.Object({
    ...RangeQueryFields,
    userId: Type.Optional(idField('Only this staff member')),
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
    type: Type.Optional(DayOffTypeSchema),
  }),
  response: Type.Array(DayOffDTO, { description: 'Ordered by startDate, last name, first name, id' }),
});

export const createDayOff = defineEndpoint({
  method: 'POST',
  path: '/api/UserShifts/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "Create a day off (ADMIN of the salon, SUPERADMIN); 409 DAY_OFF_CLASH when it overlaps another of the person. A whole-day one removes the person's shifts on those days",
  tags: TAGS,
  params: SessionParams,
  body: DayOffInput,
  response: DayOffWriteResult,
});

export const listUserDaysOff = defineEndpoint({
  method: 'GET',
  path: '/api/UserShifts/User/{SESSIONCODE}/{userId}',
  errors: STAFF_ERRORS,
  summary:
    "One person's days off overlapping fromDate..toDate (default: the whole current year): yourself, (ADMIN) your salon's users, (SUPERADMIN) anyone",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, userId: Id }),
  querystring: Type.Object(RangeQueryFields),
  response: Type.Array(DayOffDTO, { description: 'Ordered by startDate' }),
});

export const updateDayOff = defineEndpoint({
  method: 'PUT',
  path: '/api/UserShifts/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    "Replace a day off's dates, type, part and note (ADMIN of its salon, SUPERADMIN); the person and salon stay. 404 when no such day off; 409 DAY_OFF_CLASH",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Object({
    userShiftId: Type.Optional(Type.Integer({ minimum: 1, description: "The day off's id again; when given it must equal the path's id" })),
    salonId: Type.Optional(SalonId),
    startDate: dayOffInputFields.startDate,
    endDate: dayOffInputFields.endDate,
    type: DayOffTypeSchema,
    part: Type.Optional(DayOffPartSchema),
    startTime: dayOffInputFields.startTime,
    endTime: dayOffInputFields.endTime,
    note: OptionalNote,
  }),
  response: DayOffWriteResult,
});

/** An update without its id is refused with 'Something went wrong.'. */
export const updateDayOffWithoutId = defineEndpoint({
  method: 'PUT',
  path: '/api/UserShifts/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: "A day-off update without its id: always 400 'Something went wrong.'",
  tags: TAGS,
  params: SessionParams,
  response: Type.Object({}, { description: 'Never answered: the call always fails with 400' }),
});

export const deleteDayOff = defineEndpoint({
  method: 'DELETE',
  path: '/api/UserShifts/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Delete a day off (ADMIN of its salon, SUPERADMIN); the approved request that wrote it, if any, then reads CANCELLED by you. 404 when no such day off',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  response: Type.Object({
    deleted: Type.Literal(true, { description: 'The day off is gone' }),
    userShiftId: Type.Integer({ description: 'Its id' }),
  }),
});
