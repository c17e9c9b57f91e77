import {
  createFortnightlyShifts,
  createShifts,
  createWeeklyShifts,
  deleteShift,
  listShifts,
  listUserShifts,
  updateShift,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { calendarToday, parseMoment, salonCalendar } from '../../lib/salon-time.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { ANY_ROLE, calendarOfUser, rangeOf } from './route-helpers.js';
import { deleteShiftRows, findShift, listShiftsOf, listShiftsOfUser, type Shift, shiftsByIds } from './shifts.query.js';
import { Calendars, type ShiftCandidate, seriesOccurrences, writeShifts } from './staff.service.js';
import { assertCanReadStaff, assertManagesSalon, isStaffManager, STAFF_MANAGERS, salonOfCall } from './staff-access.js';

/** Shifts (/api/UserTimeframes): one, weekly or fortnightly series, read, moved and deleted. */
export async function shiftsRoutes(app: FastifyInstance) {
  const db = app.db;

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
}
