import { Type } from 'typebox';
import { LOCAL_DATE_TIME_FORMAT } from '../common/schemas.js';

/**
 * Shared pieces of the staff side: shifts (user timeframes), days off (user shifts)
 * and requests. Times go in as the salon's wall-clock time ('2026-03-02T09:00', no offset) or
 * as an instant with an offset ('2026-03-02T08:00:00Z'); they come back as UTC instants
 * (ISO 8601) plus the salon-local day and HH:MM times, so a screen needs no time-zone library.
 */

export const DAY_OFF_TYPES = ['HOLIDAY', 'SICK', 'PERMIT'] as const;
export type DayOffType = (typeof DAY_OFF_TYPES)[number];
export const DayOffTypeSchema = Type.Union([Type.Literal('HOLIDAY'), Type.Literal('SICK'), Type.Literal('PERMIT')], {
  description: 'HOLIDAY (counts against the annual allowance), SICK or PERMIT (a leave of some hours, or days)',
});

/** Whole days, a morning or an afternoon (one day only), or hours (PERMIT only, one day). */
export const DAY_OFF_PARTS = ['FULL_DAY', 'MORNING', 'AFTERNOON', 'HOURS'] as const;
export type DayOffPart = (typeof DAY_OFF_PARTS)[number];
export const DayOffPartSchema = Type.Union(
  [Type.Literal('FULL_DAY'), Type.Literal('MORNING'), Type.Literal('AFTERNOON'), Type.Literal('HOURS')],
  {
    description:
      'FULL_DAY: every day from startDate to endDate; MORNING / AFTERNOON: half of one day (startDate = endDate; the halves meet at 13:00); HOURS: PERMIT only, startTime-endTime of one day',
  },
);
/** Where a morning ends and an afternoon begins (salon-local), for overlaps with hour permits. */
export const MIDDAY = '13:00';

export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const RequestStatusSchema = Type.Union(
  [Type.Literal('PENDING'), Type.Literal('APPROVED'), Type.Literal('REJECTED'), Type.Literal('CANCELLED')],
  {
    description:
      'PENDING until an ADMIN of the salon or a SUPERADMIN approves or rejects it; an APPROVED day off can then be CANCELLED (its day off goes); nothing else changes a decided request',
  },
);

export const REQUEST_KINDS = ['DAY_OFF', 'SHIFT_CHANGE'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const RequestKindSchema = Type.Union([Type.Literal('DAY_OFF'), Type.Literal('SHIFT_CHANGE')], {
  description: 'DAY_OFF asks for a day off (type, dates, part); SHIFT_CHANGE asks for a shift at wantedStart-wantedEnd',
});

export const RECURRENCE_KINDS = ['WEEKLY', 'FORTNIGHTLY'] as const;
export type RecurrenceKind = (typeof RECURRENCE_KINDS)[number];
export const RecurrenceKindSchema = Type.Union([Type.Literal('WEEKLY'), Type.Literal('FORTNIGHTLY')], {
  description: 'WEEKLY (RecurrentType) or FORTNIGHTLY (Recurrent2, every second week)',
});

/** Limits the server enforces (400 naming the field otherwise). */
export const STAFF_LIMITS = {
  /** Longest single shift. */
  maxShiftHours: 16,
  /** Most shifts in one Multiple call. */
  maxShiftsPerCall: 500,
  /** A series may run at most this many days after its first shift. */
  maxSeriesDays: 366,
  /** Longest range a list call accepts (fromDate..toDate inclusive). */
  maxRangeDays: 400,
  /** Longest day off or request, in calendar days. */
  maxDayOffDays: 366,
  /** Default annual allowance of HOLIDAY working days (users.annual_allowance_days). */
  defaultAllowanceDays: 24,
} as const;

const LOCAL_DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?$';
const LOCAL_DATE_TIME_HELP =
  "the salon's wall-clock time 'YYYY-MM-DDTHH:MM' (no offset: read in the salon's time zone), or an ISO 8601 instant with Z or an offset";
/** A moment as a client writes it. */
export const localDateTime = (description: string) =>
  Type.String({ pattern: LOCAL_DATE_TIME_PATTERN, format: LOCAL_DATE_TIME_FORMAT, description: `${description}: ${LOCAL_DATE_TIME_HELP}` });
export const LocalDateTime = localDateTime('A moment');
/** A calendar date with its own description. */
export const dateOnly = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description: `${description}, YYYY-MM-DD` });
/** A positive id with its own description. */
export const idField = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
export const TimeOfDay = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  description: "A salon-local time of day, 'HH:MM' (24 h)",
});
export const Instant = Type.String({ format: 'date-time', description: 'A UTC instant, ISO 8601 (e.g. 2026-03-02T08:00:00.000Z)' });
export const DateOnly = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  format: 'date',
  description: 'A calendar date in the salon, YYYY-MM-DD',
});
export const OptionalNote = Type.Optional(Type.String({ maxLength: 500, description: 'Free note, up to 500 characters (default empty)' }));
export const RowId = Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'A row id' });

/** A staff member's name, carried on list rows so a screen needs no second call. */
export const staffNameFields = {
  firstName: Type.String({ description: "The staff member's first name" }),
  lastName: Type.String({ description: "The staff member's last name" }),
};

/** A BOOKED appointment of a staff member: the conflicts of a day off. */
export const AppointmentSummaryDTO = Type.Object(
  {
    appointmentId: Type.Integer({ description: 'The appointment' }),
    salonId: Type.Integer({ description: 'Its salon' }),
    clientId: Type.Union([Type.Integer(), Type.Null()], { description: 'The client, or null' }),
    clientName: Type.String({ description: "The client's first and last name; empty when unknown" }),
    staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff member the appointment is booked with' }),
    start: Instant,
    end: Instant,
    day: DateOnly,
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    status: Type.Union([Type.Literal('BOOKED'), Type.Literal('DONE'), Type.Literal('CANCELLED'), Type.Literal('NO_SHOW')], {
      description: 'Appointment status',
    }),
    services: Type.Array(
      Type.Object({
        serviceId: Type.Integer({ description: 'The service' }),
        name: Type.String({ description: 'Service name' }),
        staffId: Type.Union([Type.Integer(), Type.Null()], { description: 'Who performs it (null when not assigned)' }),
      }),
      { description: 'The services booked on it, in booking order' },
    ),
  },
  { description: 'An appointment' },
);

/**
 * The fixed messages for the staff side, word for word (typos included), to show when a
 * call fails; the Italian interface translates them. The API's own error answers say precisely
 * what is wrong (409 naming the clashing shift, etc.); screens show these as the headline.
 */
export const STAFF_MESSAGES = {
  createShift: 'Unable to create user shift',
  getShifts: 'Unable to get user shift list',
  getRequests: 'Unable to get day off shift requests list',
  getDaysOff: 'Unable to get user day off',
  createRequest: 'Unable to create user shift request',
  approveRequest: 'Unable to approve user request',
  updateRequest: 'Unable to update user shift request',
  updateDayOff: 'Unable to update user day off',
  deleteRequest: 'Unable to delete user shift request',
  deleteDayOff: 'Unable to delete user day off',
  deleteShift: 'Unable to delete staff working hours',
  remainingDays: 'Unable to get staff remaning days',
  availableStaff: 'Unable to get available working staff',
  lastAppointment: 'Unable to get client last appointment',
  presentStaff: 'Unable to fetch present staff list',
  /** An update of a request or a day off without its id. */
  missingId: 'Something went wrong.',
} as const;
