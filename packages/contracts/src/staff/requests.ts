import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { Id, SessionCode, SessionParams } from '../common/schemas.js';
import { DayOffDTO } from './days-off.js';
import { RangeQueryFields, ShiftDTO, STAFF_ERRORS } from './shifts.js';
import {
  AppointmentSummaryDTO,
  DayOffPartSchema,
  DayOffTypeSchema,
  dateOnly,
  Instant,
  idField,
  localDateTime,
  OptionalNote,
  RequestKindSchema,
  RequestStatusSchema,
  RowId,
  STAFF_LIMITS,
  staffNameFields,
  TimeOfDay,
} from './staff-common.js';

/**
 * Requests (user shift requests, /api/UserShiftRequests). A request
 * asks for a day off (kind DAY_OFF: type, dates, part) or a shift change (kind SHIFT_CHANGE: the
 * wanted start and end, optionally replacing one of the person's shifts). Everyone creates, edits
 * and deletes their own while PENDING; an ADMIN of the salon or a SUPERADMIN approves or rejects;
 * nobody decides their own (403 OWN_REQUEST); a decided request cannot be decided, edited or
 * deleted again (409 ALREADY_DECIDED). Approval writes the day off (or the shift) and the
 * decision (who, when) in one transaction, under the same rules as a direct write (409s). An
 * approved DAY_OFF can be cancelled: by a manager of the salon, or by the person before it starts.
 */
const TAGS = ['Shift requests'];

export const ShiftRequestDTO = Type.Object(
  {
    userShiftRequestId: Type.Integer({ description: "The request's id" }),
    salonId: Type.Integer({ description: 'The salon' }),
    userId: Type.Integer({ description: 'Who asks' }),
    ...staffNameFields,
    kind: RequestKindSchema,
    type: Type.Union([DayOffTypeSchema, Type.Null()], { description: 'DAY_OFF: the type asked for; null for SHIFT_CHANGE' }),
    startDate: Type.String({ format: 'date', description: "DAY_OFF: first day; SHIFT_CHANGE: the wanted shift's day" }),
    endDate: Type.String({ format: 'date', description: "DAY_OFF: last day; SHIFT_CHANGE: the wanted shift's day" }),
    part: Type.Union([DayOffPartSchema, Type.Null()], { description: 'DAY_OFF: which part of the day(s); null for SHIFT_CHANGE' }),
    startTime: Type.Union([TimeOfDay, Type.Null()], { description: 'DAY_OFF with HOURS: from; null otherwise' }),
    endTime: Type.Union([TimeOfDay, Type.Null()], { description: 'DAY_OFF with HOURS: until; null otherwise' }),
    wantedStart: Type.Union([Instant, Type.Null()], { description: 'SHIFT_CHANGE: the wanted start; null for DAY_OFF' }),
    wantedEnd: Type.Union([Instant, Type.Null()], { description: 'SHIFT_CHANGE: the wanted end; null for DAY_OFF' }),
    wantedStartTime: Type.Union([TimeOfDay, Type.Null()], { description: 'SHIFT_CHANGE: wanted start, salon-local HH:MM' }),
    wantedEndTime: Type.Union([TimeOfDay, Type.Null()], { description: 'SHIFT_CHANGE: wanted end, salon-local HH:MM' }),
    userTimeframeId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'SHIFT_CHANGE: the shift to be replaced by the wanted one; null to add a shift',
    }),
    note: Type.String({ description: 'Free note from the person asking' }),
    days: Type.Number({ description: 'DAY_OFF: working days covered (salon open; 0.5 a half day, 0 hours); 0 for SHIFT_CHANGE' }),
    status: RequestStatusSchema,
    createdAt: Instant,
    decidedBy: Type.Union([Type.Integer(), Type.Null()], { description: 'Who approved or rejected it; null while PENDING' }),
    decidedByName: Type.Union([Type.String(), Type.Null()], { description: "The decider's first and last name; null while PENDING" }),
    decidedAt: Type.Union([Instant, Type.Null()], { description: 'When it was decided; null while PENDING' }),
    rejectReason: Type.String({ description: "Why the manager rejected it, shown to the person who asked ('' when none was given)" }),
    cancelledBy: Type.Union([Type.Integer(), Type.Null()], { description: 'Who cancelled it; null unless CANCELLED' }),
    cancelledByName: Type.Union([Type.String(), Type.Null()], {
      description: "The canceller's first and last name; null unless CANCELLED",
    }),
    cancelledAt: Type.Union([Instant, Type.Null()], { description: 'When it was cancelled; null unless CANCELLED' }),
  },
  { description: 'A request for a day off or a shift change' },
);

const requestFields = {
  kind: RequestKindSchema,
  type: Type.Optional(Type.Union([DayOffTypeSchema, Type.Null()], { description: 'DAY_OFF: required' })),
  startDate: Type.Optional(dateOnly('DAY_OFF: first day (required)')),
  endDate: Type.Optional(
    dateOnly(`DAY_OFF: last day (default startDate; at most ${STAFF_LIMITS.maxDayOffDays} days; = startDate unless FULL_DAY)`),
  ),
  part: Type.Optional(Type.Union([DayOffPartSchema, Type.Null()], { description: 'DAY_OFF: default FULL_DAY' })),
  startTime: Type.Optional(Type.Union([TimeOfDay, Type.Null()], { description: 'DAY_OFF with HOURS: from (required)' })),
  endTime: Type.Optional(Type.Union([TimeOfDay, Type.Null()], { description: 'DAY_OFF with HOURS: until (required)' })),
  wantedStart: Type.Optional(Type.Union([localDateTime('SHIFT_CHANGE: the wanted start (required)'), Type.Null()])),
  wantedEnd: Type.Optional(Type.Union([localDateTime('SHIFT_CHANGE: the wanted end (required, after wantedStart)'), Type.Null()])),
  userTimeframeId: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'SHIFT_CHANGE: one of your shifts to replace; omit to ask for an extra shift',
    }),
  ),
  note: OptionalNote,
};

export const listShiftRequests = defineEndpoint({
  method: 'GET',
  path: '/api/UserShiftRequests/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "Requests overlapping fromDate..toDate (default: every date): ADMIN their salon's (the approval queue and the history), SUPERADMIN the salonId given (required), other roles their own",
  tags: TAGS,
  params: SessionParams,
  querystring: Type.Object({
    fromDate: Type.Optional(dateOnly('Only requests ending on or after this day')),
    toDate: Type.Optional(dateOnly('Only requests starting on or before this day')),
    status: Type.Optional(RequestStatusSchema),
    kind: Type.Optional(RequestKindSchema),
    userId: Type.Optional(idField('Only this person')),
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
  }),
  response: Type.Array(ShiftRequestDTO, { description: 'PENDING first (oldest first), then decided ones (latest decision first)' }),
});

export const createShiftRequest = defineEndpoint({
  method: 'POST',
  path: '/api/UserShiftRequests/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: 'Ask for a day off or a shift change, for yourself, in your salon (any role with a salon); it starts PENDING',
  tags: TAGS,
  params: SessionParams,
  body: Type.Object(requestFields, { description: 'The request' }),
  response: ShiftRequestDTO,
});

export const listUserShiftRequests = defineEndpoint({
  method: 'GET',
  path: '/api/UserShiftRequests/User/{SESSIONCODE}/{userId}',
  errors: STAFF_ERRORS,
  summary: "One person's requests: yourself, (ADMIN) your salon's users, (SUPERADMIN) anyone",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, userId: Id }),
  querystring: Type.Object({ ...RangeQueryFields, status: Type.Optional(RequestStatusSchema) }),
  response: Type.Array(ShiftRequestDTO, { description: 'PENDING first, then decided ones' }),
});

export const updateShiftRequest = defineEndpoint({
  method: 'PUT',
  path: '/api/UserShiftRequests/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Replace your own PENDING request (kind, dates, times, note). 403 when not yours, 404 when no such request, 409 ALREADY_DECIDED once decided',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Object(
    {
      userShiftRequestId: Type.Optional(
        Type.Integer({ minimum: 1, description: "The request's id again; when given it must equal the path's id" }),
      ),
      ...requestFields,
    },
    { description: 'The request as it should now read' },
  ),
  response: ShiftRequestDTO,
});

/** An update without its id is refused with 'Something went wrong.'. */
export const updateShiftRequestWithoutId = defineEndpoint({
  method: 'PUT',
  path: '/api/UserShiftRequests/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: "A shift-request update without its id: always 400 'Something went wrong.'",
  tags: TAGS,
  params: SessionParams,
  response: Type.Object({}, { description: 'Never answered: the call always fails with 400' }),
});

export const deleteShiftRequest = defineEndpoint({
  method: 'DELETE',
  path: '/api/UserShiftRequests/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary: 'Delete your own PENDING request. 403 when not yours, 404 when no such request, 409 ALREADY_DECIDED once decided',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  response: Type.Object({
    deleted: Type.Literal(true, { description: 'The request is gone' }),
    userShiftRequestId: Type.Integer({ description: 'Its id' }),
  }),
});

export const ApprovalResult = Type.Object({
  request: ShiftRequestDTO,
  dayOff: Type.Union([DayOffDTO, Type.Null()], { description: 'DAY_OFF: the day off written; null otherwise' }),
  shift: Type.Union([ShiftDTO, Type.Null()], { description: 'SHIFT_CHANGE: the shift written (or moved); null otherwise' }),
  removedShiftIds: Type.Array(Type.Integer(), {
    description: "A whole-day DAY_OFF removes the person's shifts on those days: their ids",
  }),
  bookedAppointments: Type.Array(AppointmentSummaryDTO, {
    description: "The person's BOOKED appointments in the request's period (to be moved to someone else)",
  }),
});

const EmptyBody = Type.Object({}, { additionalProperties: false, description: 'An empty JSON object' });

const RejectBody = Type.Object(
  {
    reason: Type.Optional(
      Type.String({ maxLength: 500, description: 'Why it is rejected (optional), shown to the person who asked; at most 500 characters' }),
    ),
  },
  { additionalProperties: false, description: 'An empty JSON object, or the reason for the rejection' },
);

export const approveShiftRequest = defineEndpoint({
  method: 'POST',
  path: '/api/UserShiftRequests/Approve/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Approve a PENDING request (ADMIN of its salon, SUPERADMIN; never your own: 403 OWN_REQUEST): writes the day off or the shift and the decision in one transaction. 409 ALREADY_DECIDED, DAY_OFF_CLASH, SHIFT_CLASH, OUTSIDE_EMPLOYMENT, ON_DAY_OFF, SHIFT_GONE',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Optional(EmptyBody),
  response: ApprovalResult,
});

export const rejectShiftRequest = defineEndpoint({
  method: 'POST',
  path: '/api/UserShiftRequests/Reject/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary: 'Reject a PENDING request (ADMIN of its salon, SUPERADMIN; never your own: 403 OWN_REQUEST). 409 ALREADY_DECIDED',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Optional(RejectBody),
  response: Type.Object({ request: ShiftRequestDTO }),
});

export const cancelShiftRequest = defineEndpoint({
  method: 'POST',
  path: '/api/UserShiftRequests/Cancel/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Our addition: cancel an APPROVED day off request, by an ADMIN of its salon or a SUPERADMIN, or by the person who asked before its first day. It reads CANCELLED with who and when; its day off goes in the same transaction (a manager cancelling one already begun keeps the days before today), so the remaining days follow. 403 when not allowed, 404 when no such request, 409 NOT_CANCELLABLE when not an approved DAY_OFF or when it is over',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Optional(EmptyBody),
  response: Type.Object({
    request: ShiftRequestDTO,
    removedDayOffIds: Type.Array(Type.Integer(), { description: 'The days off removed' }),
    shortenedDayOff: Type.Union([DayOffDTO, Type.Null()], {
      description: 'The day off kept for the days already taken (a manager cancelling one already begun); null otherwise',
    }),
  }),
});

export const getShiftRequestConflicts = defineEndpoint({
  method: 'GET',
  path: '/api/UserShiftRequests/Conflicts/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    "What approving would touch, for the approver to see first (ADMIN of its salon, SUPERADMIN): the person's BOOKED appointments in the period and their shifts on those days",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  response: Type.Object({
    request: ShiftRequestDTO,
    bookedAppointments: Type.Array(AppointmentSummaryDTO, { description: 'BOOKED appointments of the person in the period' }),
    shifts: Type.Array(ShiftDTO, {
      description:
        'Their shifts on those days (a whole-day DAY_OFF removes them when approved; a SHIFT_CHANGE must not clash with the others)',
    }),
    remainingDaysAfter: Type.Union([Type.Number(), Type.Null()], {
      description: "HOLIDAY: the remaining days of the request's year once approved; null otherwise",
    }),
  }),
});
