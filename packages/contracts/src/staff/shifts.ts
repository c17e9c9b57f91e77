import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { Id, SalonId, SessionCode, SessionParams } from '../common/schemas.js';
import {
  DateOnly,
  dateOnly,
  Instant,
  idField,
  localDateTime,
  OptionalNote,
  RecurrenceKindSchema,
  RowId,
  STAFF_LIMITS,
  staffNameFields,
  TimeOfDay,
} from './staff-common.js';

/**
 * Shifts (user timeframes, /api/UserTimeframes). Rules the server enforces:
 * one person's shifts never overlap (one ending when the next starts is fine); a shift outside
 * the person's employment dates or on an approved whole day off is refused; a series (weekly or
 * fortnightly) keeps its wall-clock times across daylight-saving changes and is written whole
 * or not at all. A shift that crosses midnight belongs to the day it starts. Writes: ADMIN of
 * the salon or SUPERADMIN; reads: see each call.
 */
const TAGS = ['Shifts'];

export const ShiftDTO = Type.Object(
  {
    userTimeframeId: Type.Integer({ description: "The shift's id" }),
    salonId: Type.Integer({ description: 'The salon of the shift' }),
    userId: Type.Integer({ description: 'The staff member' }),
    ...staffNameFields,
    dayStart: Instant,
    dayEnd: Instant,
    day: Type.String({ format: 'date', description: 'The salon-local day the shift belongs to (the day it starts), YYYY-MM-DD' }),
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    endsNextDay: Type.Boolean({ description: 'True when the shift crosses midnight (it still belongs to `day`)' }),
    hours: Type.Number({ description: 'Length in hours, 2 decimals (a DST night counts its real hours)' }),
    note: Type.String({ description: 'Free note' }),
    recurrenceId: Type.Union([Type.String(), Type.Null()], { description: 'The series it belongs to, or null for a single shift' }),
    recurrenceKind: Type.Union([RecurrenceKindSchema, Type.Null()], { description: 'WEEKLY or FORTNIGHTLY for a series; null otherwise' }),
  },
  { description: 'A shift (user timeframe)' },
);

/** The shift another write clashed with: the 409 body's `clash`. */
export const ShiftClash = Type.Object(
  {
    userTimeframeId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The stored shift clashed with; null when two shifts of the same call clash with each other',
    }),
    userId: Type.Integer({ description: 'Whose shift' }),
    dayStart: Instant,
    dayEnd: Instant,
    day: DateOnly,
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    inputIndex: Type.Integer({
      description:
        'Which of the shifts being written clashes: its 0-based index in the Multiple list, or the occurrence number of a series',
    }),
  },
  { description: 'The clashing shift named by a 409' },
);

/**
 * The body of a staff-side 4xx: the usual error plus a machine-readable reason. Reasons and
 * status: SHIFT_CLASH 409 (with `clash`), OUTSIDE_EMPLOYMENT 409, ON_DAY_OFF 409 (with
 * `dayOffId`), DAY_OFF_CLASH 409 (with `dayOffId`), ALREADY_DECIDED 409, SHIFT_GONE 409 (a
 * shift change whose shift was deleted), OWN_REQUEST 403 (nobody approves their own), CLOSURE_CLASH 409
 * (with `closureId`), NOT_FOUND 404.
 */
export const StaffErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String({ description: 'HTTP reason phrase' }),
    message: Type.String({ description: 'What went wrong, in English, naming the clashing shift or day off' }),
    parameter: Type.Optional(Type.String({ description: 'The parameter at fault, for a 400' })),
    reason: Type.Optional(
      Type.Union(
        [
          Type.Literal('SHIFT_CLASH'),
          Type.Literal('OUTSIDE_EMPLOYMENT'),
          Type.Literal('ON_DAY_OFF'),
          Type.Literal('DAY_OFF_CLASH'),
          Type.Literal('ALREADY_DECIDED'),
          Type.Literal('SHIFT_GONE'),
          Type.Literal('OWN_REQUEST'),
          Type.Literal('NOT_CANCELLABLE'),
          Type.Literal('CLOSURE_CLASH'),
        ],
        { description: 'Why a write was refused' },
      ),
    ),
    clash: Type.Optional(ShiftClash),
    dayOffId: Type.Optional(Type.Integer({ description: 'The day off (userShiftId) a shift or another day off clashed with' })),
    closureId: Type.Optional(Type.Integer({ description: "The salon's closure a new or changed closure overlapped" })),
  },
  { description: 'An error answer of the staff calls' },
);
/** The error answers of every staff call: the common error shape plus a write's reason and what it clashed with. */
export const STAFF_ERRORS = { 400: StaffErrorResponse, 403: StaffErrorResponse, 404: StaffErrorResponse, 409: StaffErrorResponse };
export const STAFF_ERROR_REASONS = [
  'SHIFT_CLASH',
  'OUTSIDE_EMPLOYMENT',
  'ON_DAY_OFF',
  'DAY_OFF_CLASH',
  'ALREADY_DECIDED',
  'SHIFT_GONE',
  'OWN_REQUEST',
  'NOT_CANCELLABLE',
  'CLOSURE_CLASH',
] as const;
export type StaffErrorReason = (typeof STAFF_ERROR_REASONS)[number];

export const ShiftInput = Type.Object(
  {
    salonId: SalonId,
    userId: Id,
    dayStart: localDateTime('Start'),
    dayEnd: localDateTime('End (after dayStart)'),
    note: OptionalNote,
  },
  { description: `One shift: dayEnd after dayStart, at most ${STAFF_LIMITS.maxShiftHours} hours` },
);

export const createShifts = defineEndpoint({
  method: 'POST',
  path: '/api/UserTimeframes/Multiple/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    'Create shifts (ADMIN of their salon, SUPERADMIN): a list, or one object taken as a list of one; all written or none (409 SHIFT_CLASH naming the clashing shift, OUTSIDE_EMPLOYMENT, ON_DAY_OFF)',
  tags: TAGS,
  params: SessionParams,
  body: Type.Union([Type.Array(ShiftInput, { minItems: 1, maxItems: STAFF_LIMITS.maxShiftsPerCall }), ShiftInput], {
    description: 'The shifts to create',
  }),
  response: Type.Array(ShiftDTO, { description: 'The shifts created, in the order given' }),
});

const SeriesQuery = Type.Object({
  salonId: SalonId,
  userId: Id,
  dayStart: localDateTime("The first shift's start: its date is the first day of the series, its weekday and wall-clock time repeat"),
  dayEnd: localDateTime(
    `The first shift's end time (wall clock; earlier than the start time = the shift ends the next day) and, by its date, the last day a shift of the series may start (at most ${STAFF_LIMITS.maxSeriesDays} days after the first)`,
  ),
  note: OptionalNote,
});

const seriesSummary = (every: string) =>
  `Create a series (ADMIN of their salon, SUPERADMIN): a shift ${every} on dayStart's weekday at dayStart's to dayEnd's wall-clock times (the same local times across daylight-saving changes), from dayStart's date until dayEnd's date; one recurrenceId; written whole or refused whole (409 SHIFT_CLASH naming the first clash, OUTSIDE_EMPLOYMENT, ON_DAY_OFF)`;

export const createWeeklyShifts = defineEndpoint({
  method: 'POST',
  path: '/api/UserTimeframes/RecurrentType/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: seriesSummary('every week'),
  tags: TAGS,
  params: SessionParams,
  querystring: SeriesQuery,
  response: Type.Array(ShiftDTO, { description: 'The shifts of the series, in date order' }),
});

export const createFortnightlyShifts = defineEndpoint({
  method: 'POST',
  path: '/api/UserTimeframes/Recurrent2/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: seriesSummary('every second week'),
  tags: TAGS,
  params: SessionParams,
  querystring: SeriesQuery,
  response: Type.Array(ShiftDTO, { description: 'The shifts of the series, in date order' }),
});

export const RangeQueryFields = {
  fromDate: Type.Optional(dateOnly("First day (salon-local, inclusive); default the salon's today")),
  toDate: Type.Optional(
    dateOnly(`Last day (inclusive); default fromDate + 6 days; at most ${STAFF_LIMITS.maxRangeDays} days after fromDate`),
  ),
};

export const listShifts = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "The shifts of a salon whose day (the day they start) is within fromDate..toDate. ADMIN: their salon's; SUPERADMIN: the salonId given (required); other roles: their own, or everyone's when the range is the salon's today only (who works today)",
  tags: TAGS,
  params: SessionParams,
  querystring: Type.Object({
    ...RangeQueryFields,
    userId: Type.Optional(idField('Only this staff member')),
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
  }),
  response: Type.Array(ShiftDTO, { description: 'Ordered by dayStart, last name, first name, id' }),
});

export const listUserShifts = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/UserAndDates/{SESSIONCODE}/{userId}',
  errors: STAFF_ERRORS,
  summary: "One staff member's shifts within fromDate..toDate: yourself, or (ADMIN) a user of your salon, or (SUPERADMIN) anyone",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, userId: Id }),
  querystring: Type.Object(RangeQueryFields),
  response: Type.Array(ShiftDTO, { description: 'Ordered by dayStart' }),
});

export const deleteShift = defineEndpoint({
  method: 'DELETE',
  path: '/api/UserTimeframes/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Delete one shift (ADMIN of its salon, SUPERADMIN); with ?series=following, that shift and the later shifts of its series (earlier ones stay). 404 when no such shift',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  querystring: Type.Object({
    series: Type.Optional(
      Type.Union([Type.Literal('one'), Type.Literal('following')], {
        description: "'one' (default): only this shift; 'following': this one and every later shift of its series",
      }),
    ),
  }),
  response: Type.Object({
    deletedIds: Type.Array(Type.Integer(), { description: 'The shifts deleted, in date order' }),
    deleted: Type.Integer({ description: 'How many were deleted' }),
  }),
});

export const updateShift = defineEndpoint({
  method: 'PUT',
  path: '/api/UserTimeframes/{SESSIONCODE}/{id}',
  errors: STAFF_ERRORS,
  summary:
    'Edit one shift in place (ADMIN of its salon, SUPERADMIN): new times and note, checked like a new shift (409 SHIFT_CLASH naming the other shift, OUTSIDE_EMPLOYMENT, ON_DAY_OFF); an edited shift leaves its series. 404 when no such shift',
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, id: RowId }),
  body: Type.Object({
    dayStart: localDateTime('New start'),
    dayEnd: localDateTime('New end (after dayStart)'),
    note: OptionalNote,
  }),
  response: ShiftDTO,
});

export const RemainingDaysDTO = Type.Object({
  userId: Type.Integer({ description: 'The staff member' }),
  year: Type.Integer({ description: 'The calendar year counted' }),
  allowanceDays: Type.Number({ description: 'Annual allowance of HOLIDAY working days (users.annual_allowance_days, default 24)' }),
  takenDays: Type.Number({
    description: 'Approved HOLIDAY days of the year that fall on days the salon is open; a half day counts 0.5, an hours permit 0',
  }),
  pendingDays: Type.Number({ description: 'The same count for PENDING HOLIDAY requests of the year (not yet subtracted)' }),
  remainingDays: Type.Number({ description: 'allowanceDays - takenDays (may be negative)' }),
});

export const getRemainingDays = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/UserRemainingDays/{SESSIONCODE}/{userId}',
  errors: STAFF_ERRORS,
  summary: "A staff member's remaining holiday days for a calendar year: yourself, (ADMIN) your salon's users, (SUPERADMIN) anyone",
  tags: TAGS,
  params: Type.Object({ SESSIONCODE: SessionCode, userId: Id }),
  querystring: Type.Object({
    year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, description: "The calendar year; default the salon's current year" })),
  }),
  response: RemainingDaysDTO,
});
