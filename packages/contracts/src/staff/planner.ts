import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { Id, SessionCode, SessionParams } from '../common/schemas.js';
import { DayOffDTO } from './days-off.js';
import { HolidayDayDTO } from './holidays.js';
import { ShiftRequestDTO } from './requests.js';
import { ShiftDTO, STAFF_ERRORS } from './shifts.js';
import { AppointmentSummaryDTO, DateOnly, dateOnly, Instant, idField, staffNameFields, TimeOfDay } from './staff-common.js';

/**
 * Around the planner: the week planner in one call, who is free for a service, and a client's
 * next and last appointment.
 */

export const PlannerStaff = Type.Object({
  userId: Type.Integer({ description: 'The staff member' }),
  ...staffNameFields,
  title: Type.String({ description: 'Job title' }),
  employmentStart: Type.Union([DateOnly, Type.Null()], { description: 'First day of employment, or null' }),
  employmentEnd: Type.Union([DateOnly, Type.Null()], { description: 'Last day of employment, or null' }),
  hours: Type.Number({ description: 'Hours of their shifts in the week, 2 decimals' }),
  shiftCount: Type.Integer({ description: 'How many shifts they have in the week' }),
});

export const PlannerDay = Type.Object({
  date: DateOnly,
  weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 Monday .. 7 Sunday' }),
  isOpen: Type.Boolean({
    description: 'Whether the salon opens that day: its opening hours for the weekday, and no holiday or closure',
  }),
  opens: Type.Union([TimeOfDay, Type.Null()], { description: 'Opening time, or null when closed' }),
  closes: Type.Union([TimeOfDay, Type.Null()], { description: 'Closing time, or null when closed' }),
  holiday: Type.Union([HolidayDayDTO, Type.Null()], { description: 'The holiday or closure that closes the salon that day, or null' }),
});

export const getPlannerWeek = defineEndpoint({
  method: 'GET',
  path: '/api/UserTimeframes/Planner/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "One week of a salon's planner in one call: the staff employed in the week with their hours, the shifts, the days off and the PENDING requests. ADMIN: their salon; SUPERADMIN: the salonId given (required); other roles: their own row only",
  tags: ['Shifts'],
  params: SessionParams,
  querystring: Type.Object({
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
    fromDate: Type.Optional(dateOnly("Any day of the week wanted (the week runs Monday..Sunday); default the salon's today")),
  }),
  response: Type.Object({
    salonId: Type.Integer({ description: 'The salon' }),
    timeZone: Type.String({ description: "The salon's IANA time zone (times below are in it)" }),
    today: DateOnly,
    fromDate: Type.String({ format: 'date', description: 'The Monday of the week' }),
    toDate: Type.String({ format: 'date', description: 'The Sunday of the week' }),
    days: Type.Array(PlannerDay, { description: 'Monday..Sunday' }),
    staff: Type.Array(PlannerStaff, { description: 'Ordered by last name, first name, id' }),
    shifts: Type.Array(ShiftDTO, { description: 'Shifts whose day is in the week, by dayStart' }),
    daysOff: Type.Array(DayOffDTO, { description: 'Days off overlapping the week' }),
    pendingRequests: Type.Array(ShiftRequestDTO, { description: 'PENDING requests overlapping the week' }),
  }),
});

export const FreeSlot = Type.Object({
  start: Instant,
  end: Instant,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  minutes: Type.Integer({ description: 'Length in minutes' }),
});

export const AvailableStaff = Type.Object({
  userId: Type.Integer({ description: 'The staff member' }),
  ...staffNameFields,
  servicesDone: Type.Integer({
    description: 'How many times they performed the service: their sale lines of it in the 365 days up to the date',
  }),
  lastDone: Type.Union([DateOnly, Type.Null()], { description: 'The last day they performed it, or null' }),
  shifts: Type.Array(FreeSlot, { description: 'Their shifts that day (whole, as slots)' }),
  freeSlots: Type.Array(FreeSlot, {
    description: 'Their free time that day: shifts minus BOOKED and DONE appointments with them; empty on a whole day off',
  }),
  freeMinutes: Type.Integer({ description: 'Sum of freeSlots minutes' }),
  isOff: Type.Boolean({ description: 'True when they have a whole day off that day' }),
});

export const getServiceAvailable = defineEndpoint({
  method: 'GET',
  path: '/api/UserServices/ServiceAvailable/{SESSIONCODE}/{serviceId}',
  errors: STAFF_ERRORS,
  summary:
    "Staff of the caller's salon (or salonId for a superadmin) who perform the service (from their sale history of the last 365 days) with their free time that day (shift minus booked appointments). Any role",
  tags: ['Planner'],
  params: Type.Object({ SESSIONCODE: SessionCode, serviceId: Id }),
  querystring: Type.Object({
    date: Type.Optional(dateOnly("The day; default the salon's today")),
    onlyTimeframes: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'true: only staff with a shift that day and not on a whole day off; false (default): all who perform it',
      }),
    ),
    onlyWithShiftIn: Type.Optional(
      Type.Boolean({
        default: false,
        description: "true: only staff with a free slot at least as long as the service's duration; false (default): no such filter",
      }),
    ),
    salonId: Type.Optional(idField("The salon (a superadmin's choice; others: their own)")),
  }),
  response: Type.Object({
    serviceId: Type.Integer({ description: 'The service' }),
    serviceName: Type.String({ description: 'Its name' }),
    durationMinutes: Type.Integer({ description: 'Its duration' }),
    date: DateOnly,
    staff: Type.Array(AvailableStaff, { description: 'Most free minutes first, then most times performed, then name' }),
  }),
});

export const getNextClientAppointment = defineEndpoint({
  method: 'GET',
  path: '/api/Agendas/NextClient/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary:
    "The client's next BOOKED appointment starting after the given day (in the salon's time zone), or null. Any role, for a client of their salon (SUPERADMIN: any)",
  tags: ['Planner'],
  params: SessionParams,
  querystring: Type.Object({
    date: Type.Optional(dateOnly("The day after which to look; default the salon's today")),
    clientId: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'The client' }),
  }),
  response: Type.Object({ appointment: Type.Union([AppointmentSummaryDTO, Type.Null()], { description: 'The appointment, or null' }) }),
});

export const getLastClientAppointment = defineEndpoint({
  method: 'GET',
  path: '/api/Appointments/Last/{SESSIONCODE}',
  errors: STAFF_ERRORS,
  summary: "The client's last DONE appointment, or null. Any role, for a client of their salon (SUPERADMIN: any)",
  tags: ['Planner'],
  params: SessionParams,
  querystring: Type.Object({
    clientId: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'The client' }),
  }),
  response: Type.Object({ appointment: Type.Union([AppointmentSummaryDTO, Type.Null()], { description: 'The appointment, or null' }) }),
});
