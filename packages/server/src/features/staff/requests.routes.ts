import {
  approveShiftRequest,
  cancelShiftRequest,
  createShiftRequest,
  deleteShiftRequest,
  getShiftRequestConflicts,
  listShiftRequests,
  listUserShiftRequests,
  rejectShiftRequest,
  STAFF_MESSAGES,
  updateShiftRequest,
  updateShiftRequestWithoutId,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { assertRealDate, calendarToday, salonCalendar } from '../../lib/salon-time.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { findDayOffRow } from './days-off.query.js';
import { decideRequest, deleteRequestRow, findRequestRow, insertRequest, listRequestRows, updateRequestRow } from './requests.query.js';
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
import { ANY_ROLE, dayOffDtos } from './route-helpers.js';
import { listShiftsOfUser, shiftsByIds } from './shifts.query.js';
import { Calendars, remainingDays, workingDays } from './staff.service.js';
import { assertCanReadStaff, assertManagesSalon, type Caller, isStaffManager, STAFF_MANAGERS, salonOfCall } from './staff-access.js';

/** Shift and day-off requests (/api/UserShiftRequests): asked by staff, decided by their managers. */
export async function requestsRoutes(app: FastifyInstance) {
  const db = app.db;

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

  // The contract keeps the path without an id as a 400 (its own message), not an unknown route's 404.
  registerEndpoint(app, updateShiftRequestWithoutId, ANY_ROLE, async () => {
    throw new HttpError(400, STAFF_MESSAGES.missingId, 'id');
  });
}
