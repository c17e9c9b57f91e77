import {
  approveShiftRequest,
  cancelShiftRequest,
  createDayOff,
  createFortnightlyShifts,
  createShiftRequest,
  createShifts,
  createWeeklyShifts,
  deleteDayOff,
  deleteShift,
  deleteShiftRequest,
  getLastClientAppointment,
  getNextClientAppointment,
  getPlannerWeek,
  getRemainingDays,
  getServiceAvailable,
  getShiftRequestConflicts,
  listDaysOff,
  listShiftRequests,
  listShifts,
  listUserDaysOff,
  listUserShiftRequests,
  listUserShifts,
  ROLE_GROUPS,
  rejectShiftRequest,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  updateDayOff,
  updateDayOffWithoutId,
  updateShift,
  updateShiftRequest,
  updateShiftRequestWithoutId,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { hoursOfSeconds } from '../../db/staff-hours.js';
import {
  addDays,
  assertRealDate,
  calendarToday,
  daysBetween,
  instantToLocal,
  isOpenOn,
  isoWeekday,
  localToInstant,
  parseMoment,
  type SalonCalendar,
  salonCalendar,
  weekdayName,
} from '../../lib/salon-time.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  appointmentIntervals,
  clientSalon,
  findService,
  lastDoneAppointment,
  nextBookedAppointment,
  staffPerformingService,
} from './appointments.query.js';
import { type DayOff, type DayOffRow, deleteDayOffRow, findDayOffRow, listDayOffRows, toDayOff } from './days-off.query.js';
import { plannerStaff, userSalon } from './planner.query.js';
import {
  decideRequest,
  deleteRequestRow,
  findRequestRow,
  insertRequest,
  listRequestRows,
  markRequestCancelled,
  updateRequestRow,
} from './requests.query.js';
import {
  approveRequest,
  assertCanDecide,
  assertPending,
  assertRequestFits,
  cancelRequest,
  normaliseRequest,
  pendingRequest,
  requestConflicts,
  requestDto,
  shapeOfRequest,
} from './requests.service.js';
import { deleteShiftRows, findShift, listShiftsOf, listShiftsOfUser, type Shift, shiftsByIds } from './shifts.query.js';
import {
  Calendars,
  normaliseDayOff,
  remainingDays,
  type ShiftCandidate,
  seriesOccurrences,
  workingDays,
  writeDayOff,
  writeShifts,
} from './staff.service.js';
import { assertCanReadStaff, assertManagesSalon, type Caller, isStaffManager, STAFF_MANAGERS, salonOfCall } from './staff-access.js';

const ANY_ROLE = [...ROLE_GROUPS.all];

/** fromDate..toDate with defaults (today, from + defaultDays), checked: real dates, in order, at most maxRangeDays. */
function rangeOf(query: { fromDate?: string | undefined; toDate?: string | undefined }, today: string, defaultDays = 6) {
  const from = query.fromDate ?? today;
  assertRealDate(from, 'fromDate');
  const to = query.toDate ?? addDays(from, defaultDays);
  assertRealDate(to, 'toDate');
  if (to < from) throw new HttpError(400, `toDate (${to}) is before fromDate (${from})`, 'toDate');
  if (daysBetween(from, to) + 1 > STAFF_LIMITS.maxRangeDays) {
    throw new HttpError(400, `The range is longer than ${STAFF_LIMITS.maxRangeDays} days`, 'toDate');
  }
  return { from, to };
}

async function dayOffDtos(calendars: Calendars, rows: readonly DayOffRow[]): Promise<DayOff[]> {
  const out: DayOff[] = [];
  for (const row of rows) out.push(toDayOff(row, workingDays(await calendars.of(row.salon_id), { ...row, ...shapeOf(row) })));
  return out;
}

function shapeOf(row: DayOffRow) {
  return {
    startDay: row.start_day,
    endDay: row.end_day,
    type: row.type,
    part: row.part,
    startTime: row.start_time?.slice(0, 5) ?? null,
    endTime: row.end_time?.slice(0, 5) ?? null,
  };
}

/** The calendar of the salon a person works in (404 when no such person; 400 for a chain-level one). */
async function calendarOfUser(db: DbOrTx, userId: number): Promise<SalonCalendar> {
  const salonId = await userSalon(db, userId);
  if (salonId === undefined) throw new HttpError(404, `User ${userId} does not exist`, 'userId');
  if (salonId === null) throw new HttpError(400, `User ${userId} belongs to no salon`, 'userId');
  return salonCalendar(db, salonId);
}

export async function staffRoutes(app: FastifyInstance) {
  const db = app.db;

  // ---------------------------------------------------------------- shifts (/api/UserTimeframes)

  const respondShifts = async (ids: number[]): Promise<Shift[]> => {
    const shifts = await shiftsByIds(db, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    return shifts.sort((a, b) => (order.get(a.userTimeframeId) ?? 0) - (order.get(b.userTimeframeId) ?? 0));
  };

  registerEndpoint(app, createShifts, STAFF_MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    const inputs = Array.isArray(body) ? body : [body];
    const calendars = new Calendars(db);
    const candidates: ShiftCandidate[] = [];
    for (const [index, input] of inputs.entries()) {
      assertManagesSalon(caller, input.salonId);
      const { timeZone } = await calendars.of(input.salonId);
      const label = inputs.length > 1 ? `[${index}].` : '';
      candidates.push({
        salonId: input.salonId,
        userId: input.userId,
        start: parseMoment(input.dayStart, timeZone, `${label}dayStart`),
        end: parseMoment(input.dayEnd, timeZone, `${label}dayEnd`),
        note: input.note ?? '',
        recurrenceId: null,
        recurrenceKind: null,
        index,
      });
    }
    const ids = await db.transaction().execute((tx) => writeShifts(tx, candidates));
    return respondShifts(ids);
  });

  for (const [endpoint, kind] of [
    [createWeeklyShifts, 'WEEKLY'],
    [createFortnightlyShifts, 'FORTNIGHTLY'],
  ] as const) {
    registerEndpoint(app, endpoint, STAFF_MANAGERS, async ({ query }, request) => {
      assertManagesSalon(callerOf(request), query.salonId);
      const calendar = await salonCalendar(db, query.salonId);
      const candidates = seriesOccurrences(query, calendar, kind);
      const ids = await db.transaction().execute((tx) => writeShifts(tx, candidates));
      return respondShifts(ids);
    });
  }

  registerEndpoint(app, listShifts, ANY_ROLE, async ({ query }, request) => {
    const caller = callerOf(request);
    const salonId = salonOfCall(caller, query.salonId);
    const calendar = await salonCalendar(db, salonId);
    const today = calendarToday(calendar, app.clock);
    const { from, to } = rangeOf(query, today);
    let userId = query.userId;
    if (!isStaffManager(caller)) {
      // Everyone sees who works today; otherwise only their own shifts.
      const todayOnly = from === today && to === today;
      if (!todayOnly) {
        if (userId !== undefined && userId !== caller.userId) throw new HttpError(403, 'You may only read your own shifts');
        userId = caller.userId;
      }
    }
    return listShiftsOf(db, { salonId, fromDay: from, toDay: to, userId });
  });

  registerEndpoint(app, listUserShifts, ANY_ROLE, async ({ params, query }, request) => {
    await assertCanReadStaff(db, callerOf(request), params.userId);
    const calendar = await calendarOfUser(db, params.userId);
    const { from, to } = rangeOf(query, calendarToday(calendar, app.clock));
    return listShiftsOfUser(db, params.userId, from, to);
  });

  registerEndpoint(app, deleteShift, STAFF_MANAGERS, async ({ params, query }, request) => {
    const caller = callerOf(request);
    const deletedIds = await db.transaction().execute(async (tx) => {
      const shift = await findShift(tx, params.id);
      if (!shift) throw new HttpError(404, `Shift ${params.id} does not exist`, 'id');
      assertManagesSalon(caller, shift.salonId);
      return deleteShiftRows(tx, shift, query.series === 'following');
    });
    return { deletedIds, deleted: deletedIds.length };
  });

  registerEndpoint(app, updateShift, STAFF_MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    await db.transaction().execute(async (tx) => {
      const shift = await findShift(tx, params.id);
      if (!shift) throw new HttpError(404, `Shift ${params.id} does not exist`, 'id');
      assertManagesSalon(caller, shift.salonId);
      const { timeZone } = await salonCalendar(tx, shift.salonId);
      const candidate: ShiftCandidate = {
        salonId: shift.salonId,
        userId: shift.userId,
        start: parseMoment(body.dayStart, timeZone, 'dayStart'),
        end: parseMoment(body.dayEnd, timeZone, 'dayEnd'),
        note: body.note ?? '',
        recurrenceId: null,
        recurrenceKind: null,
        index: 0,
      };
      await writeShifts(tx, [candidate], { replacingId: shift.id, replacingNote: body.note });
    });
    const [updated] = await shiftsByIds(db, [params.id]);
    if (!updated) throw new HttpError(404, `Shift ${params.id} does not exist`, 'id');
    return updated;
  });

  registerEndpoint(app, getRemainingDays, ANY_ROLE, async ({ params, query }, request) => {
    await assertCanReadStaff(db, callerOf(request), params.userId);
    const salonId = await userSalon(db, params.userId);
    if (salonId === undefined) throw new HttpError(404, `User ${params.userId} does not exist`, 'userId');
    const year =
      query.year ??
      Number((salonId === null ? new Date().toISOString() : calendarToday(await salonCalendar(db, salonId), app.clock)).slice(0, 4));
    return remainingDays(db, params.userId, year);
  });

  registerEndpoint(app, getPlannerWeek, ANY_ROLE, async ({ query }, request) => {
    const caller = callerOf(request);
    const salonId = salonOfCall(caller, query.salonId);
    const calendar = await salonCalendar(db, salonId);
    const today = calendarToday(calendar, app.clock);
    const anyDay = query.fromDate ?? today;
    assertRealDate(anyDay, 'fromDate');
    const monday = addDays(anyDay, 1 - isoWeekday(anyDay));
    const sunday = addDays(monday, 6);
    const onlyUserId = isStaffManager(caller) ? undefined : caller.userId;
    const calendars = new Calendars(db);
    const [staffRows, shifts, dayOffRows, requestRows] = await Promise.all([
      plannerStaff(db, salonId, monday, sunday, onlyUserId),
      listShiftsOf(db, { salonId, fromDay: monday, toDay: sunday, userId: onlyUserId }),
      listDayOffRows(db, { salonId, userId: onlyUserId, fromDay: monday, toDay: sunday }),
      listRequestRows(db, { salonId, userId: onlyUserId, fromDay: monday, toDay: sunday, status: 'PENDING' }),
    ]);
    // A person's week adds the shifts' seconds and rounds once, as every report rounds its hours.
    const hours = new Map<number, { seconds: number; count: number }>();
    for (const shift of shifts) {
      const entry = hours.get(shift.userId) ?? { seconds: 0, count: 0 };
      entry.seconds += (Date.parse(shift.dayEnd) - Date.parse(shift.dayStart)) / 1000;
      entry.count += 1;
      hours.set(shift.userId, entry);
    }
    const days = [];
    for (let day = monday; day <= sunday; day = addDays(day, 1)) {
      const open = isOpenOn(calendar, day);
      const hoursOfDay = calendar.openingHours[weekdayName(day)];
      days.push({
        date: day,
        weekday: isoWeekday(day),
        isOpen: open,
        opens: open && hoursOfDay ? hoursOfDay[0] : null,
        closes: open && hoursOfDay ? hoursOfDay[1] : null,
      });
    }
    return {
      salonId,
      timeZone: calendar.timeZone,
      today,
      fromDate: monday,
      toDate: sunday,
      days,
      staff: staffRows.map((row) => ({
        userId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        title: row.title,
        employmentStart: row.employment_start,
        employmentEnd: row.employment_end,
        hours: hoursOfSeconds(hours.get(row.id)?.seconds ?? 0),
        shiftCount: hours.get(row.id)?.count ?? 0,
      })),
      shifts,
      daysOff: await dayOffDtos(calendars, dayOffRows),
      pendingRequests: requestRows.map((row) => requestDto(row, calendar)),
    };
  });

  // ---------------------------------------------------------------- days off (/api/UserShifts)

  registerEndpoint(app, listDaysOff, ANY_ROLE, async ({ query }, request) => {
    const caller = callerOf(request);
    const salonId = salonOfCall(caller, query.salonId);
    const calendar = await salonCalendar(db, salonId);
    const { from, to } = rangeOf(query, calendarToday(calendar, app.clock));
    let userId = query.userId;
    if (!isStaffManager(caller)) {
      if (userId !== undefined && userId !== caller.userId) throw new HttpError(403, 'You may only read your own days off');
      userId = caller.userId;
    }
    const rows = await listDayOffRows(db, { salonId, userId, fromDay: from, toDay: to, type: query.type });
    return dayOffDtos(new Calendars(db), rows);
  });

  const writeResult = async (id: number, removedShiftIds: number[]) => {
    const row = await findDayOffRow(db, id);
    if (!row) throw new Error(`day off ${id} vanished after its write`);
    const [dto] = await dayOffDtos(new Calendars(db), [row]);
    return { ...(dto as DayOff), removedShiftIds };
  };

  registerEndpoint(app, createDayOff, STAFF_MANAGERS, async ({ body }, request) => {
    assertManagesSalon(callerOf(request), body.salonId);
    const shape = normaliseDayOff(body);
    await salonCalendar(db, body.salonId);
    const written = await db
      .transaction()
      .execute((tx) =>
        writeDayOff(tx, { salonId: body.salonId, userId: body.userId }, { ...shape, note: body.note ?? '', requestId: null }),
      );
    return writeResult(written.id, written.removedShiftIds);
  });

  registerEndpoint(app, listUserDaysOff, ANY_ROLE, async ({ params, query }, request) => {
    await assertCanReadStaff(db, callerOf(request), params.userId);
    const calendar = await calendarOfUser(db, params.userId);
    const year = calendarToday(calendar, app.clock).slice(0, 4);
    const { from, to } = rangeOf(
      { fromDate: query.fromDate ?? `${year}-01-01`, toDate: query.toDate ?? (query.fromDate ? undefined : `${year}-12-31`) },
      `${year}-01-01`,
    );
    return dayOffDtos(new Calendars(db), await listDayOffRows(db, { userId: params.userId, fromDay: from, toDay: to }));
  });

  registerEndpoint(app, updateDayOff, STAFF_MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    if (body.userShiftId !== undefined && body.userShiftId !== params.id) {
      throw new HttpError(400, `userShiftId (${body.userShiftId}) differs from the path's id (${params.id})`, 'userShiftId');
    }
    const shape = normaliseDayOff(body);
    const written = await db.transaction().execute(async (tx) => {
      const current = await findDayOffRow(tx, params.id);
      if (!current) throw new HttpError(404, `Day off ${params.id} does not exist`, 'id');
      assertManagesSalon(caller, current.salon_id);
      if (body.salonId !== undefined && body.salonId !== current.salon_id) {
        throw new HttpError(400, `Day off ${params.id} belongs to salon ${current.salon_id}, not ${body.salonId}`, 'salonId');
      }
      return writeDayOff(
        tx,
        { salonId: current.salon_id, userId: current.user_id },
        { ...shape, note: body.note ?? '', requestId: null },
        params.id,
      );
    });
    return writeResult(written.id, written.removedShiftIds);
  });

  for (const endpoint of [updateDayOffWithoutId, updateShiftRequestWithoutId]) {
    registerEndpoint(app, endpoint, ANY_ROLE, async () => {
      throw new HttpError(400, STAFF_MESSAGES.missingId, 'id');
    });
  }

  registerEndpoint(app, deleteDayOff, STAFF_MANAGERS, async ({ params }, request) => {
    const caller = callerOf(request);
    await db.transaction().execute(async (tx) => {
      const current = await findDayOffRow(tx, params.id);
      if (!current) throw new HttpError(404, `Day off ${params.id} does not exist`, 'id');
      assertManagesSalon(caller, current.salon_id);
      await deleteDayOffRow(tx, params.id);
      // The approved request that wrote it would otherwise still read APPROVED with no day off.
      if (current.user_shift_request_id !== null) await markRequestCancelled(tx, current.user_shift_request_id, caller.userId);
    });
    return { deleted: true as const, userShiftId: params.id };
  });

  // ---------------------------------------------------------------- requests (/api/UserShiftRequests)

  const requestById = async (tx: DbOrTx, id: number) => {
    const row = await findRequestRow(tx, id);
    if (!row) throw new Error(`request ${id} vanished after its write`);
    return requestDto(row, await salonCalendar(tx, row.salon_id));
  };

  registerEndpoint(app, listShiftRequests, ANY_ROLE, async ({ query }, request) => {
    const caller = callerOf(request);
    const salonId = salonOfCall(caller, query.salonId);
    const calendar = await salonCalendar(db, salonId);
    if (query.fromDate) assertRealDate(query.fromDate, 'fromDate');
    if (query.toDate) assertRealDate(query.toDate, 'toDate');
    let userId = query.userId;
    if (!isStaffManager(caller)) {
      if (userId !== undefined && userId !== caller.userId) throw new HttpError(403, 'You may only read your own requests');
      userId = caller.userId;
    }
    const rows = await listRequestRows(db, {
      salonId,
      userId,
      fromDay: query.fromDate,
      toDay: query.toDate,
      status: query.status,
      kind: query.kind,
    });
    return rows.map((row) => requestDto(row, calendar));
  });

  registerEndpoint(app, createShiftRequest, ANY_ROLE, async ({ body }, request) => {
    const caller = callerOf(request);
    if (caller.salonId === null) throw new HttpError(400, 'You belong to no salon: requests are made by salon staff');
    const salonId = caller.salonId;
    const calendar = await salonCalendar(db, salonId);
    const values = await normaliseRequest(db, caller.userId, calendar, body);
    await assertRequestFits(db, caller.userId, values);
    const id = await insertRequest(db, salonId, caller.userId, values);
    return requestById(db, id);
  });

  registerEndpoint(app, listUserShiftRequests, ANY_ROLE, async ({ params, query }, request) => {
    await assertCanReadStaff(db, callerOf(request), params.userId);
    if (query.fromDate) assertRealDate(query.fromDate, 'fromDate');
    if (query.toDate) assertRealDate(query.toDate, 'toDate');
    const rows = await listRequestRows(db, { userId: params.userId, fromDay: query.fromDate, toDay: query.toDate, status: query.status });
    const calendars = new Calendars(db);
    const out = [];
    for (const row of rows) out.push(requestDto(row, await calendars.of(row.salon_id)));
    return out;
  });

  const assertOwnPending = (caller: Caller, row: Awaited<ReturnType<typeof pendingRequest>>, what: string) => {
    if (row.user_id !== caller.userId) throw new HttpError(403, `You may only ${what} your own requests`);
    assertPending(row);
  };

  registerEndpoint(app, updateShiftRequest, ANY_ROLE, async ({ params, body }, request) => {
    const caller = callerOf(request);
    if (body.userShiftRequestId !== undefined && body.userShiftRequestId !== params.id) {
      throw new HttpError(
        400,
        `userShiftRequestId (${body.userShiftRequestId}) differs from the path's id (${params.id})`,
        'userShiftRequestId',
      );
    }
    return db.transaction().execute(async (tx) => {
      const row = await pendingRequest(tx, params.id);
      assertOwnPending(caller, row, 'edit');
      const calendar = await salonCalendar(tx, row.salon_id);
      const values = await normaliseRequest(tx, row.user_id, calendar, body);
      await assertRequestFits(tx, row.user_id, values);
      await updateRequestRow(tx, row.id, values);
      return requestById(tx, row.id);
    });
  });

  registerEndpoint(app, deleteShiftRequest, ANY_ROLE, async ({ params }, request) => {
    const caller = callerOf(request);
    await db.transaction().execute(async (tx) => {
      const row = await pendingRequest(tx, params.id);
      assertOwnPending(caller, row, 'delete');
      await deleteRequestRow(tx, row.id);
    });
    return { deleted: true as const, userShiftRequestId: params.id };
  });

  registerEndpoint(app, approveShiftRequest, STAFF_MANAGERS, async ({ params }, request) => {
    const caller = callerOf(request);
    return db.transaction().execute(async (tx) => {
      const row = await pendingRequest(tx, params.id);
      const calendar = await salonCalendar(tx, row.salon_id);
      const approval = await approveRequest(tx, caller, row);
      const calendars = new Calendars(tx);
      const dayOffRow = approval.dayOffId === null ? undefined : await findDayOffRow(tx, approval.dayOffId);
      const [shift] = approval.shiftId === null ? [] : await shiftsByIds(tx, [approval.shiftId]);
      return {
        request: await requestById(tx, row.id),
        dayOff: dayOffRow ? ((await dayOffDtos(calendars, [dayOffRow]))[0] ?? null) : null,
        shift: shift ?? null,
        removedShiftIds: approval.removedShiftIds,
        bookedAppointments: await requestConflicts(tx, row, calendar),
      };
    });
  });

  registerEndpoint(app, rejectShiftRequest, STAFF_MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    return db.transaction().execute(async (tx) => {
      const row = await pendingRequest(tx, params.id);
      assertCanDecide(caller, row);
      await decideRequest(tx, row.id, 'REJECTED', caller.userId, body?.reason?.trim() ?? '');
      return { request: await requestById(tx, row.id) };
    });
  });

  registerEndpoint(app, cancelShiftRequest, ANY_ROLE, async ({ params }, request) => {
    const caller = callerOf(request);
    return db.transaction().execute(async (tx) => {
      const row = await findRequestRow(tx, params.id, true);
      if (!row) throw new HttpError(404, `Request ${params.id} does not exist`, 'id');
      const calendar = await salonCalendar(tx, row.salon_id);
      const cancellation = await cancelRequest(tx, caller, row, calendarToday(calendar, app.clock));
      const shortened = cancellation.shortenedDayOffId === null ? undefined : await findDayOffRow(tx, cancellation.shortenedDayOffId);
      return {
        request: await requestById(tx, row.id),
        removedDayOffIds: cancellation.removedDayOffIds,
        shortenedDayOff: shortened ? ((await dayOffDtos(new Calendars(tx), [shortened]))[0] ?? null) : null,
      };
    });
  });

  registerEndpoint(app, getShiftRequestConflicts, STAFF_MANAGERS, async ({ params }, request) => {
    const caller = callerOf(request);
    const row = await findRequestRow(db, params.id);
    if (!row) throw new HttpError(404, `Request ${params.id} does not exist`, 'id');
    assertManagesSalon(caller, row.salon_id);
    const calendar = await salonCalendar(db, row.salon_id);
    const shape = shapeOfRequest(row);
    const shifts = await listShiftsOfUser(db, row.user_id, shape.startDay, shape.endDay);
    let remainingDaysAfter: number | null = null;
    if (row.kind === 'DAY_OFF' && row.type === 'HOLIDAY') {
      const year = Number(shape.startDay.slice(0, 4));
      const remaining = await remainingDays(db, row.user_id, year);
      const cost = row.status === 'PENDING' ? workingDays(calendar, shape, `${year}-01-01`, `${year}-12-31`) : 0;
      remainingDaysAfter = remaining.remainingDays - cost;
    }
    return {
      request: requestDto(row, calendar),
      bookedAppointments: await requestConflicts(db, row, calendar),
      shifts,
      remainingDaysAfter,
    };
  });

  // ---------------------------------------------------------------- around the planner

  registerEndpoint(app, getServiceAvailable, ANY_ROLE, async ({ params, query }, request) => {
    const caller = callerOf(request);
    const salonId = salonOfCall(caller, query.salonId);
    const calendar = await salonCalendar(db, salonId);
    const date = query.date ?? calendarToday(calendar, app.clock);
    assertRealDate(date, 'date');
    const service = await findService(db, params.serviceId);
    if (!service) throw new HttpError(404, `Service ${params.serviceId} does not exist`, 'serviceId');
    const performers = await staffPerformingService(db, salonId, params.serviceId, date);
    const ids = performers.map((p) => p.user_id);
    const dayStart = localToInstant(date, '00:00', calendar.timeZone);
    const dayEnd = localToInstant(addDays(date, 1), '00:00', calendar.timeZone);
    const [shifts, daysOff, busy] = await Promise.all([
      listShiftsOf(db, { salonId, fromDay: date, toDay: date }),
      listDayOffRows(db, { salonId, fromDay: date, toDay: date }),
      appointmentIntervals(db, salonId, ids, {
        from: dayStart,
        to: addHours(dayEnd, STAFF_LIMITS.maxShiftHours),
        fromDay: date,
        toDay: addDays(date, 1),
      }),
    ]);
    const slot = (start: number, end: number) => ({
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      startTime: instantToLocal(new Date(start), calendar.timeZone).time,
      endTime: instantToLocal(new Date(end), calendar.timeZone).time,
      minutes: Math.round((end - start) / 60_000),
    });
    const staff = performers.map((p) => {
      const isOff = daysOff.some((d) => d.user_id === p.user_id && d.part === 'FULL_DAY');
      const own = shifts.filter((s) => s.userId === p.user_id);
      const taken = busy.filter((b) => b.userId === p.user_id).map((b) => [b.start.getTime(), b.end.getTime()] as const);
      const free: [number, number][] = [];
      if (!isOff) {
        for (const shift of own) {
          let pieces: [number, number][] = [[Date.parse(shift.dayStart), Date.parse(shift.dayEnd)]];
          for (const [b0, b1] of taken) {
            pieces = pieces.flatMap(([s0, s1]): [number, number][] => {
              if (b1 <= s0 || b0 >= s1) return [[s0, s1]];
              const out: [number, number][] = [];
              if (b0 > s0) out.push([s0, b0]);
              if (b1 < s1) out.push([b1, s1]);
              return out;
            });
          }
          free.push(...pieces.filter(([s0, s1]) => s1 > s0));
        }
      }
      const freeSlots = free.map(([s0, s1]) => slot(s0, s1));
      return {
        userId: p.user_id,
        firstName: p.first_name,
        lastName: p.last_name,
        servicesDone: p.services_done,
        lastDone: p.last_done,
        shifts: own.map((s) => slot(Date.parse(s.dayStart), Date.parse(s.dayEnd))),
        freeSlots,
        freeMinutes: freeSlots.reduce((sum, s) => sum + s.minutes, 0),
        isOff,
      };
    });
    const filtered = staff
      .filter((s) => !query.onlyTimeframes || (s.shifts.length > 0 && !s.isOff))
      .filter((s) => !query.onlyWithShiftIn || s.freeSlots.some((f) => f.minutes >= service.durationMinutes))
      .sort(
        (a, b) =>
          b.freeMinutes - a.freeMinutes ||
          b.servicesDone - a.servicesDone ||
          a.lastName.localeCompare(b.lastName) ||
          a.firstName.localeCompare(b.firstName) ||
          a.userId - b.userId,
      );
    return { serviceId: params.serviceId, serviceName: service.name, durationMinutes: service.durationMinutes, date, staff: filtered };
  });

  const clientInCallerSalon = async (caller: Caller, clientId: number) => {
    const salonId = await clientSalon(db, clientId);
    if (salonId === undefined) throw new HttpError(404, `Client ${clientId} does not exist`, 'clientId');
    if (!caller.isSuperadmin && caller.salonId !== salonId) throw new HttpError(403, `You have no access to client ${clientId}`);
    return salonId;
  };

  registerEndpoint(app, getNextClientAppointment, ANY_ROLE, async ({ query }, request) => {
    const salonId = await clientInCallerSalon(callerOf(request), query.clientId);
    const calendar = await salonCalendar(db, salonId);
    const date = query.date ?? calendarToday(calendar, app.clock);
    assertRealDate(date, 'date');
    return { appointment: await nextBookedAppointment(db, salonId, query.clientId, date) };
  });

  registerEndpoint(app, getLastClientAppointment, ANY_ROLE, async ({ query }, request) => {
    const salonId = await clientInCallerSalon(callerOf(request), query.clientId);
    return { appointment: await lastDoneAppointment(db, salonId, query.clientId) };
  });
}

function addHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * 3_600_000);
}
