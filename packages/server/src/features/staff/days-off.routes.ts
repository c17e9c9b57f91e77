import {
  createDayOff,
  deleteDayOff,
  getRemainingDays,
  listDaysOff,
  listUserDaysOff,
  STAFF_MESSAGES,
  updateDayOff,
  updateDayOffWithoutId,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { calendarToday, salonCalendar } from '../../lib/salon-time.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { type DayOff, deleteDayOffRow, findDayOffRow, listDayOffRows } from './days-off.query.js';
import { userSalon } from './planner.query.js';
import { markRequestCancelled } from './requests.query.js';
import { ANY_ROLE, calendarOfUser, dayOffDtos, rangeOf } from './route-helpers.js';
import { Calendars, normaliseDayOff, remainingDays, writeDayOff } from './staff.service.js';
import { assertCanReadStaff, assertManagesSalon, isStaffManager, STAFF_MANAGERS, salonOfCall } from './staff-access.js';

/** Days off (/api/UserShifts) and the holiday days a person has left. */
export async function daysOffRoutes(app: FastifyInstance) {
  const db = app.db;

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

  // The contract keeps the path without an id as a 400 (its own message), not an unknown route's 404.
  registerEndpoint(app, updateDayOffWithoutId, ANY_ROLE, async () => {
    throw new HttpError(400, STAFF_MESSAGES.missingId, 'id');
  });

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

  registerEndpoint(app, getRemainingDays, ANY_ROLE, async ({ params, query }, request) => {
    await assertCanReadStaff(db, callerOf(request), params.userId);
    const salonId = await userSalon(db, params.userId);
    if (salonId === undefined) throw new HttpError(404, `User ${params.userId} does not exist`, 'userId');
    const year =
      query.year ??
      Number((salonId === null ? new Date().toISOString() : calendarToday(await salonCalendar(db, salonId), app.clock)).slice(0, 4));
    return remainingDays(db, params.userId, year);
  });
}
