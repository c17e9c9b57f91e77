import { Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, Id, LOCAL_DATE_TIME_FORMAT, SalonId, SessionCode, SessionParams } from '../common/schemas.js';

/*
 * Attendance (/api/Attendances). Times are wall-clock
 * times in the salon's time zone, `YYYY-MM-DDTHH:MM` (the salon's timeZone is in every
 * sheet), so a sheet reads the same in any browser. A record belongs to the day its clock-in
 * falls on; a shift crossing midnight counts on the day it starts. Hours are decimal hours
 * rounded to 2 decimals.
 */

export const AttendanceTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
  format: LOCAL_DATE_TIME_FORMAT,
  description: "A wall-clock time in the salon's time zone, YYYY-MM-DDTHH:MM",
});

export const AbsenceCode = Type.Union([Type.Literal('HOLIDAY'), Type.Literal('SICK'), Type.Literal('PERMIT')], {
  description: 'The type of an approved day off covering the day (from the days off)',
});

export const AttendanceSource = Type.Union([Type.Literal('APP'), Type.Literal('BADGE'), Type.Literal('MANUAL'), Type.Literal('ADMIN')], {
  description:
    "APP = clocked in/out from the app; BADGE = a badge reader's import; MANUAL = a paper sheet typed in; ADMIN = added by a manager here",
});

/** One clock-in/clock-out record. */
export const AttendanceDTO = Type.Object({
  attendanceId: Type.Integer({ description: "The record's id (the {id} of PUT/DELETE)" }),
  salonId: Type.Integer({ description: 'The salon the person clocked in at' }),
  userId: Type.Integer({ description: 'The person' }),
  day: DateString,
  clockIn: AttendanceTime,
  clockOut: Type.Union([AttendanceTime, Type.Null()], {
    description: 'Null while the person is still clocked in (or forgot to clock out)',
  }),
  hoursWorked: Type.Number({ description: 'clockOut - clockIn in decimal hours; 0 while open' }),
  source: AttendanceSource,
  isCorrected: Type.Boolean({ description: 'A manager added or changed this record (see corrections)' }),
  isForgottenClockOut: Type.Boolean({
    description:
      "Still open once the salon's day of its clock-in is over (its local midnight) and at least 14 hours after clock-in; until then the person is still in",
  }),
});

export const AttendanceFlags = Type.Object(
  {
    forgottenClockOut: Type.Boolean({
      description: "A record of the day is still open after the salon's day is over (and at least 14 h after clock-in)",
    }),
    clockInWithoutShift: Type.Boolean({ description: 'Clocked in on a day with no shift' }),
    shiftWithoutClockIn: Type.Boolean({
      description: 'A shift that has started, not wholly excused by a day off, with no clock-in that day',
    }),
  },
  { description: 'What a manager should look at on this day' },
);

/** One person's day on the sheet: every day with a record, a shift or an approved day off is listed, days to come included. */
export const AttendanceDayDTO = Type.Object({
  day: DateString,
  clockIn: Type.Union([AttendanceTime, Type.Null()], { description: 'The first clock-in of the day; null with no record' }),
  clockOut: Type.Union([AttendanceTime, Type.Null()], {
    description: 'The last clock-out of the day; null with no record or when a record of the day is still open',
  }),
  hoursWorked: Type.Number({ description: 'Sum of the closed records of the day, decimal hours (0 on a day still to come)' }),
  shiftStart: Type.Union([AttendanceTime, Type.Null()], { description: 'Start of the first shift starting that day' }),
  shiftEnd: Type.Union([AttendanceTime, Type.Null()], { description: 'End of the last shift starting that day' }),
  shiftHours: Type.Number({ description: 'Hours of the shifts starting that day (0 with none)' }),
  excusedHours: Type.Number({
    description:
      'Shift hours an approved day off excuses: all of them for a whole day, those before / after 13:00 for a morning / afternoon, those inside the hours of a PERMIT',
  }),
  difference: Type.Number({
    description:
      'hoursWorked - (shiftHours - excusedHours): positive = overtime, negative = short; 0 on a day still to come (no shift started, nothing clocked) and on a day someone is still in (clocked in, the day not over)',
  }),
  absenceCode: Type.Union([AbsenceCode, Type.Null()], {
    description:
      'Approved day off covering the day (or part of it: see excusedHours), or null; a whole day wins over a part; a HOLIDAY covers only days the salon opens',
  }),
  flags: AttendanceFlags,
  isCorrected: Type.Boolean({ description: 'A record of the day was added or changed by a manager' }),
  attendances: Type.Array(AttendanceDTO, { description: 'The records of the day, by clock-in' }),
});

export const AttendanceTotalsDTO = Type.Object(
  {
    daysWorked: Type.Integer({ description: 'Days with at least one record' }),
    hoursWorked: Type.Number({ description: "The days' worked seconds added up, then rounded once to 2 decimals" }),
    shiftHours: Type.Number({ description: "The days' shift seconds added up (days to come included), then rounded once to 2 decimals" }),
    excusedHours: Type.Number({ description: "The days' excused seconds added up, then rounded once to 2 decimals" }),
    difference: Type.Number({
      description: "The days' differences in seconds added up, then rounded once to 2 decimals (days still to come count 0)",
    }),
    holidayDays: Type.Number({
      description: 'Approved HOLIDAY days as the allowance counts them: days the salon opens, a morning or an afternoon 0.5',
    }),
    sickDays: Type.Integer({ description: 'Days with absence code SICK' }),
    permitDays: Type.Integer({ description: 'Days with absence code PERMIT' }),
    forgottenClockOuts: Type.Integer({ description: 'Days flagged forgottenClockOut' }),
    clockInsWithoutShift: Type.Integer({ description: 'Days flagged clockInWithoutShift' }),
    shiftsWithoutClockIn: Type.Integer({ description: 'Days flagged shiftWithoutClockIn' }),
    correctedDays: Type.Integer({ description: 'Days with a corrected record' }),
  },
  { description: "A person's totals over the range" },
);

export const AttendancePersonDTO = Type.Object({
  userId: Type.Integer({ description: 'The person' }),
  firstName: Type.String(),
  lastName: Type.String(),
  title: Type.String({ description: 'Job title' }),
  days: Type.Array(AttendanceDayDTO, { description: 'By day; days with nothing to show are left out' }),
  totals: AttendanceTotalsDTO,
});

export const AttendanceCorrectionDTO = Type.Object({
  correctionId: Type.Integer(),
  attendanceId: Type.Integer({ description: 'The record corrected (it may since have been deleted)' }),
  userId: Type.Integer({ description: 'Whose record it is' }),
  action: Type.Union([Type.Literal('ADD'), Type.Literal('CHANGE'), Type.Literal('DELETE')], {
    description: 'ADD = a manager added the record; CHANGE = changed its times; DELETE = removed it',
  }),
  changedById: Type.Union([Type.Integer(), Type.Null()], { description: 'The manager who made the correction' }),
  changedByName: Type.String({ description: "The manager's first and last name" }),
  changedAt: Type.String({ description: 'When the correction was made, ISO instant' }),
  oldClockIn: Type.Union([AttendanceTime, Type.Null()], { description: 'Null for ADD' }),
  oldClockOut: Type.Union([AttendanceTime, Type.Null()]),
  newClockIn: Type.Union([AttendanceTime, Type.Null()], { description: 'Null for DELETE' }),
  newClockOut: Type.Union([AttendanceTime, Type.Null()]),
  reason: Type.String({ description: 'Why, as the manager wrote it' }),
});

const RangeQuery = {
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description: 'First day, YYYY-MM-DD (inclusive)' }),
  to: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    format: 'date',
    description: 'Last day, YYYY-MM-DD (inclusive); not before from, at most 366 days after it',
  }),
};

export const AttendancePerUserResponse = Type.Object({
  salonId: Type.Integer(),
  timeZone: Type.String({ description: "The salon's IANA time zone the times are in" }),
  from: DateString,
  to: DateString,
  person: AttendancePersonDTO,
  corrections: Type.Array(AttendanceCorrectionDTO, {
    description: "Every correction of the person's records in the range, newest first (the Italian sheet shows them)",
  }),
});

export const getAttendancesPerUser = defineEndpoint({
  method: 'GET',
  path: '/api/Attendances/GetAttendancesPerUser/{SESSIONCODE}',
  summary:
    "One person's attendance sheet over from..to: the caller's own, or (ADMIN, SUPERADMIN) userId's in their salon; days, totals and corrections",
  tags: ['Attendances'],
  params: SessionParams,
  querystring: Type.Object({
    ...RangeQuery,
    userId: Type.Optional(Id),
  }),
  response: AttendancePerUserResponse,
});

export const AttendancePerMonthResponse = Type.Object({
  salonId: Type.Integer(),
  timeZone: Type.String({ description: "The salon's IANA time zone the times are in" }),
  from: DateString,
  to: DateString,
  people: Type.Array(AttendancePersonDTO, {
    description:
      "ADMIN/SUPERADMIN: the salon's staff employed in the range or with records in it, by last and first name; anyone else: only themselves",
  }),
});

const SheetQuery = Type.Object({
  ...RangeQuery,
  salonId: Type.Optional(SalonId),
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only this person (ADMIN, SUPERADMIN)' })),
});

export const getAttendancesPerMonth = defineEndpoint({
  method: 'GET',
  path: '/api/Attendances/GetAttendancesPerMonth/{SESSIONCODE}',
  summary:
    "The salon's sheet over from..to (usually a month), people x days: ADMIN their salon, SUPERADMIN the salonId given (required); everyone else their own row",
  tags: ['Attendances'],
  params: SessionParams,
  querystring: SheetQuery,
  response: AttendancePerMonthResponse,
});

const ExportQuery = Type.Object({
  ...SheetQuery.properties,
  language: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('it')], {
      description: "Headers' language (and Italian: `;` and decimal comma in the CSV); default the caller's stored language",
    }),
  ),
});

export const exportAttendancesCsv = defineEndpoint({
  method: 'GET',
  path: '/api/Attendances/ExportCSV/{SESSIONCODE}',
  summary:
    'The sheet of GetAttendancesPerMonth as CSV for the payroll consultant: UTF-8 with BOM, one row per person per day and a totals row per person; Italian: `;` separator and decimal comma; file Presence-{YYYYMMDD}-{YYYYMMDD}.csv',
  tags: ['Attendances'],
  params: SessionParams,
  querystring: ExportQuery,
  response: Type.String({ description: 'text/csv; charset=utf-8 (Content-Disposition attachment)' }),
  isFile: true,
});

export const exportAttendancesXls = defineEndpoint({
  method: 'GET',
  path: '/api/Attendances/ExportXLS/{SESSIONCODE}',
  summary:
    'The same rows as ExportCSV in a genuine Excel 97-2003 workbook (BIFF8), numbers as numbers; file Presence-{YYYYMMDD}-{YYYYMMDD}.xls',
  tags: ['Attendances'],
  params: SessionParams,
  querystring: ExportQuery,
  response: Type.String({ description: 'application/vnd.ms-excel (Content-Disposition attachment)' }),
  isFile: true,
});

export const AttendanceStatusResponse = Type.Object({
  canClock: Type.Boolean({ description: 'The caller belongs to a salon and has a role, and so can clock in' }),
  isClockedIn: Type.Boolean({ description: 'The caller has an open record (clocked in, not out)' }),
  open: Type.Union([AttendanceDTO, Type.Null()], { description: 'The open record, or null' }),
  today: Type.Union([AttendanceDayDTO, Type.Null()], { description: "The caller's day today (salon's time zone), or null" }),
});

export const getAttendanceStatus = defineEndpoint({
  method: 'GET',
  path: '/api/Attendances/Status/{SESSIONCODE}',
  summary: 'Whether the signed-in person is clocked in now (for the clock in / clock out button)',
  tags: ['Attendances'],
  params: SessionParams,
  response: AttendanceStatusResponse,
});

export const clockIn = defineEndpoint({
  method: 'POST',
  path: '/api/Attendances/ClockIn/{SESSIONCODE}',
  summary:
    'Clock the signed-in person (any role) in now, in their salon (on a demo server: on the pinned day, at the real time of day); 409 "You are already clocked in since HH:MM" when a record is open, 400 for a user without a salon',
  tags: ['Attendances'],
  params: SessionParams,
  response: AttendanceDTO,
});

export const clockOut = defineEndpoint({
  method: 'POST',
  path: '/api/Attendances/ClockOut/{SESSIONCODE}',
  summary: 'Clock the signed-in person out now, closing their open record; 409 "You are not clocked in" without one',
  tags: ['Attendances'],
  params: SessionParams,
  response: AttendanceDTO,
});

const Reason = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'Why the record is added or changed (kept with the correction; not blank)',
});

export const addAttendance = defineEndpoint({
  method: 'POST',
  path: '/api/Attendances/{SESSIONCODE}',
  summary:
    "Add a record for someone in the salon (ADMIN for their salon, SUPERADMIN); kept as an ADD correction. 409 when it overlaps another of the person's records",
  tags: ['Attendances'],
  params: SessionParams,
  body: Type.Object({
    userId: Id,
    clockIn: AttendanceTime,
    clockOut: Type.Union([AttendanceTime, Type.Null()], { description: 'After clockIn, at most 24 h later; null = still in' }),
    reason: Reason,
  }),
  response: AttendanceDTO,
});

export const correctAttendance = defineEndpoint({
  method: 'PUT',
  path: '/api/Attendances/{SESSIONCODE}/{id}',
  summary:
    "Correct a record's times (ADMIN for their salon, SUPERADMIN), e.g. a forgotten clock-out; who, when, old and new times and the reason are kept. Omitted times stay",
  tags: ['Attendances'],
  params: Type.Object({ SESSIONCODE: SessionCode, id: Id }),
  body: Type.Object({
    clockIn: Type.Optional(AttendanceTime),
    clockOut: Type.Optional(Type.Union([AttendanceTime, Type.Null()], { description: 'null reopens the record' })),
    reason: Reason,
  }),
  response: AttendanceDTO,
});

export const deleteAttendance = defineEndpoint({
  method: 'DELETE',
  path: '/api/Attendances/{SESSIONCODE}/{id}',
  summary: 'Remove a record entered by mistake (ADMIN for their salon, SUPERADMIN); kept as a DELETE correction with the old times',
  tags: ['Attendances'],
  params: Type.Object({ SESSIONCODE: SessionCode, id: Id }),
  querystring: Type.Object({ reason: Reason }),
  response: Type.Object({ success: Type.Literal(true, { description: 'The record is gone; its correction stays' }) }),
});
