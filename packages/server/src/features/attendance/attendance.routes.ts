import {
  addAttendance,
  clockIn,
  clockOut,
  correctAttendance,
  deleteAttendance,
  exportAttendancesCsv,
  exportAttendancesXls,
  getAttendanceStatus,
  getAttendancesPerMonth,
  getAttendancesPerUser,
  ROLES,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { dateInZone } from '../../lib/today.js';
import { assertUserInCallerSalon } from '../../lib/user-access.js';
import { assertSalonAccess, callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import * as q from './attendance.query.js';
import { buildAttendanceXls, buildCsv, exportFileName } from './attendance-export.js';

type Caller = ReturnType<typeof callerOf>;

/** Who corrects attendance and sees the whole salon's sheet. */
const MANAGERS = ['SUPERADMIN', 'ADMIN'] as const;
/** Every role clocks in and reads their own sheet. */
const EVERYONE = [...ROLES];
const MAX_RANGE_DAYS = 366;
const MAX_RECORD_HOURS = 24;

function isManager(caller: Caller): boolean {
  return caller.isSuperadmin || caller.roles.includes('ADMIN');
}

function assertRange(from: string, to: string): void {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const isDay = (time: number, text: string) => !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
  if (!isDay(start, from)) throw new HttpError(400, `'${from}' is not a date (from)`, 'from');
  if (!isDay(end, to)) throw new HttpError(400, `'${to}' is not a date (to)`, 'to');
  if (end < start) throw new HttpError(400, 'to must not be before from', 'to');
  if ((end - start) / 86_400_000 > MAX_RANGE_DAYS) throw new HttpError(400, `The range may span at most ${MAX_RANGE_DAYS} days`, 'to');
}

/**
 * "Now" for attendance in a salon: the real instant, moved to the pinned day when DEMO_TODAY
 * pins one (same time of day), so clocking in on a demo server lands on the demo's today.
 */
function nowIn(app: FastifyInstance, timeZone: string): Date {
  const real = app.clock.now();
  const pinned = app.clock.pinnedToday;
  if (pinned === undefined) return real;
  const days = Math.round((Date.parse(`${pinned}T00:00:00Z`) - Date.parse(`${dateInZone(real, timeZone)}T00:00:00Z`)) / 86_400_000);
  return new Date(real.getTime() + days * 86_400_000);
}

async function salonOrThrow(app: FastifyInstance, salonId: number): Promise<q.SalonInfo> {
  const salon = await q.findSalon(app.db, salonId);
  if (!salon) throw new HttpError(404, `Salon ${salonId} does not exist`, 'salonId');
  return salon;
}

/** The salon and people a sheet or export covers, after the access checks. */
async function sheetScope(
  app: FastifyInstance,
  caller: Caller,
  query: { from: string; to: string; salonId?: number; userId?: number },
): Promise<q.SheetScope> {
  assertRange(query.from, query.to);
  const range = { from: query.from, to: query.to };
  if (!isManager(caller)) {
    if (query.userId !== undefined && query.userId !== caller.userId) throw new HttpError(403, 'You may only read your own attendance');
    if (caller.salonId === null) throw new HttpError(400, 'You belong to no salon, so you have no attendance sheet', 'salonId');
    const salon = await salonOrThrow(app, caller.salonId);
    return { ...range, now: nowIn(app, salon.timeZone), salon, userIds: [caller.userId] };
  }
  // The auth plugin has already refused another salon's salonId to an ADMIN.
  const salonId = query.salonId ?? caller.salonId;
  if (salonId === null) throw new HttpError(400, 'Missing query parameter salonId: choose the salon of the sheet', 'salonId');
  const salon = await salonOrThrow(app, salonId);
  const base = { ...range, now: nowIn(app, salon.timeZone) };
  if (query.userId === undefined) return { ...base, salon };
  const user = await assertUserInCallerSalon(app.db, caller, query.userId);
  if (user.salonId !== salon.id) throw new HttpError(400, `User ${query.userId} does not work in salon ${salon.id}`, 'userId');
  return { ...base, salon, userIds: [query.userId] };
}

/** Parses a wall-clock time of the salon, naming the field when it is not a real time. */
async function instantOf(app: FastifyInstance, salon: q.SalonInfo, text: string, field: string): Promise<Date> {
  const instant = await q.localToInstant(app.db, salon.timeZone, text);
  if (!instant) throw new HttpError(400, `'${text}' is not a valid time (${field})`, field);
  return instant;
}

function assertTimes(clockInAt: Date, clockOutAt: Date | null, now: Date): void {
  if (clockInAt.getTime() > now.getTime()) throw new HttpError(400, 'clockIn must not be in the future', 'clockIn');
  if (clockOutAt === null) return;
  if (clockOutAt.getTime() <= clockInAt.getTime()) throw new HttpError(400, 'clockOut must be after clockIn', 'clockOut');
  if (clockOutAt.getTime() - clockInAt.getTime() > MAX_RECORD_HOURS * 3_600_000) {
    throw new HttpError(400, `A record may last at most ${MAX_RECORD_HOURS} hours: check clockOut`, 'clockOut');
  }
  if (clockOutAt.getTime() > now.getTime()) throw new HttpError(400, 'clockOut must not be in the future', 'clockOut');
}

function reasonOf(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new HttpError(400, 'Give the reason of the correction', 'reason');
  return trimmed;
}

async function assertNoOverlap(
  tx: Parameters<typeof q.findOverlap>[0],
  target: { salonId: number; userId: number },
  times: { clockIn: Date; clockOut: Date | null },
  exceptId?: number,
): Promise<void> {
  const overlap = await q.findOverlap(tx, target.salonId, target.userId, times, exceptId);
  if (!overlap) return;
  const until = overlap.clock_out_local ? overlap.clock_out_local.slice(11) : '…';
  throw new HttpError(
    409,
    `This overlaps another record of the same person: ${overlap.clock_in_local.replace('T', ' ')}-${until}. Correct that one instead.`,
  );
}

async function recordOrThrow(app: FastifyInstance, salon: q.SalonInfo, id: number) {
  const record = await q.getAttendance(app.db, salon.id, id, nowIn(app, salon.timeZone));
  if (!record) throw new Error(`attendance ${id} vanished`);
  return record;
}

export async function attendanceRoutes(app: FastifyInstance) {
  registerEndpoint(app, getAttendancesPerUser, EVERYONE, async ({ query }, request) => {
    const caller = callerOf(request);
    assertRange(query.from, query.to);
    const userId = query.userId ?? caller.userId;
    let salonId: number | null;
    if (userId === caller.userId) {
      salonId = caller.salonId;
    } else {
      if (!isManager(caller)) throw new HttpError(403, 'You may only read your own attendance');
      salonId = (await assertUserInCallerSalon(app.db, caller, userId)).salonId;
    }
    if (salonId === null) throw new HttpError(400, `User ${userId} belongs to no salon, so has no attendance sheet`, 'userId');
    const salon = await salonOrThrow(app, salonId);
    const [person] = await q.getSheet(app.db, {
      salon,
      from: query.from,
      to: query.to,
      userIds: [userId],
      now: nowIn(app, salon.timeZone),
    });
    if (!person) throw new HttpError(404, `User ${userId} does not exist`, 'userId');
    const corrections = await q.listCorrections(app.db, salon, userId, query.from, query.to);
    return { salonId: salon.id, timeZone: salon.timeZone, from: query.from, to: query.to, person, corrections };
  });

  registerEndpoint(app, getAttendancesPerMonth, EVERYONE, async ({ query }, request) => {
    const scope = await sheetScope(app, callerOf(request), query);
    const people = await q.getSheet(app.db, scope);
    return { salonId: scope.salon.id, timeZone: scope.salon.timeZone, from: query.from, to: query.to, people };
  });

  for (const [endpoint, kind] of [
    [exportAttendancesCsv, 'csv'],
    [exportAttendancesXls, 'xls'],
  ] as const) {
    registerEndpoint(app, endpoint, EVERYONE, async ({ query }, request, reply) => {
      const caller = callerOf(request);
      const scope = await sheetScope(app, caller, query);
      const language = query.language ?? (await q.getUserLanguage(app.db, caller.userId));
      const people = await q.getSheet(app.db, scope);
      const covered = { salonName: scope.salon.name, fromDate: query.from, toDate: query.to };
      const file = kind === 'csv' ? buildCsv(people, covered, language) : buildAttendanceXls(people, covered, language);
      return reply
        .type(kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.ms-excel')
        .header('Content-Disposition', `attachment; filename="${exportFileName(query.from, query.to, kind)}"`)
        .send(file);
    });
  }

  registerEndpoint(app, getAttendanceStatus, 'session', async (_input, request) => {
    const caller = callerOf(request);
    if (caller.salonId === null || caller.roles.length === 0) return { canClock: false, isClockedIn: false, open: null, today: null };
    const salon = await salonOrThrow(app, caller.salonId);
    const now = nowIn(app, salon.timeZone);
    const open = await q.findOpenRecord(app.db, salon.id, caller.userId, now);
    const today = dateInZone(now, salon.timeZone);
    const [person] = await q.getSheet(app.db, { salon, from: today, to: today, userIds: [caller.userId], now });
    return {
      canClock: true,
      isClockedIn: open?.isCurrent ?? false,
      open: open?.isCurrent ? await recordOrThrow(app, salon, open.id) : null,
      today: person?.days[0] ?? null,
    };
  });

  registerEndpoint(app, clockIn, EVERYONE, async (_input, request) => {
    const caller = callerOf(request);
    if (caller.salonId === null) throw new HttpError(400, 'You belong to no salon: only salon staff clock in');
    const salon = await salonOrThrow(app, caller.salonId);
    const salonId = salon.id;
    const now = nowIn(app, salon.timeZone);
    const id = await app.db.transaction().execute(async (tx) => {
      await q.lockUser(tx, caller.userId);
      const open = await q.findOpenRecord(tx, salonId, caller.userId, now);
      if (open?.isCurrent) {
        throw new HttpError(409, `You are already clocked in since ${open.clockInLocal.slice(11)}. Clock out first.`);
      }
      return q.insertAttendance(tx, { salonId, userId: caller.userId, clockIn: now, clockOut: null, source: 'APP' });
    });
    return recordOrThrow(app, salon, id);
  });

  registerEndpoint(app, clockOut, EVERYONE, async (_input, request) => {
    const caller = callerOf(request);
    if (caller.salonId === null) throw new HttpError(400, 'You belong to no salon: only salon staff clock in and out');
    const salon = await salonOrThrow(app, caller.salonId);
    const salonId = salon.id;
    const now = nowIn(app, salon.timeZone);
    const id = await app.db.transaction().execute(async (tx) => {
      await q.lockUser(tx, caller.userId);
      const open = await q.findOpenRecord(tx, salonId, caller.userId, now);
      if (!open) throw new HttpError(409, 'You are not clocked in. Clock in first.');
      if (!open.isCurrent) {
        throw new HttpError(
          409,
          `You are not clocked in: your clock-in of ${open.clockInLocal.replace('T', ' ')} was left open for more than ${q.FORGOTTEN_AFTER_HOURS} hours. Ask a manager to correct it.`,
        );
      }
      await q.setClockOut(tx, salonId, open.id, now);
      return open.id;
    });
    return recordOrThrow(app, salon, id);
  });

  registerEndpoint(app, addAttendance, MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    const target = await assertUserInCallerSalon(app.db, caller, body.userId);
    if (target.salonId === null) throw new HttpError(400, `User ${body.userId} belongs to no salon`, 'userId');
    const salon = await salonOrThrow(app, target.salonId);
    const now = nowIn(app, salon.timeZone);
    const times = {
      clockIn: await instantOf(app, salon, body.clockIn, 'clockIn'),
      clockOut: body.clockOut === null ? null : await instantOf(app, salon, body.clockOut, 'clockOut'),
    };
    assertTimes(times.clockIn, times.clockOut, now);
    const reason = reasonOf(body.reason);
    const id = await app.db.transaction().execute(async (tx) => {
      await q.lockUser(tx, body.userId);
      await assertNoOverlap(tx, { salonId: salon.id, userId: body.userId }, times);
      const attendanceId = await q.insertAttendance(tx, { salonId: salon.id, userId: body.userId, ...times, source: 'ADMIN' });
      await q.insertCorrection(tx, {
        salonId: salon.id,
        attendanceId,
        userId: body.userId,
        action: 'ADD',
        changedBy: caller.userId,
        old: null,
        new: times,
        reason,
      });
      return attendanceId;
    });
    return recordOrThrow(app, salon, id);
  });

  registerEndpoint(app, correctAttendance, MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    const row = await q.findAttendanceRow(app.db, params.id);
    if (!row) throw new HttpError(404, `Attendance record ${params.id} does not exist`, 'id');
    assertSalonAccess(caller, row.salonId);
    const salon = await salonOrThrow(app, row.salonId);
    const now = nowIn(app, salon.timeZone);
    const old = { clockIn: new Date(row.clockIn), clockOut: row.clockOut ? new Date(row.clockOut) : null };
    const next = {
      clockIn: body.clockIn === undefined ? old.clockIn : await instantOf(app, salon, body.clockIn, 'clockIn'),
      clockOut:
        body.clockOut === undefined ? old.clockOut : body.clockOut === null ? null : await instantOf(app, salon, body.clockOut, 'clockOut'),
    };
    if (next.clockIn.getTime() === old.clockIn.getTime() && (next.clockOut?.getTime() ?? null) === (old.clockOut?.getTime() ?? null)) {
      throw new HttpError(400, 'The new times are the same as the old ones: nothing to correct');
    }
    assertTimes(next.clockIn, next.clockOut, now);
    const reason = reasonOf(body.reason);
    await app.db.transaction().execute(async (tx) => {
      await q.lockUser(tx, row.userId);
      await assertNoOverlap(tx, { salonId: row.salonId, userId: row.userId }, next, row.id);
      await q.updateAttendanceTimes(tx, row.salonId, row.id, next);
      await q.insertCorrection(tx, {
        salonId: row.salonId,
        attendanceId: row.id,
        userId: row.userId,
        action: 'CHANGE',
        changedBy: caller.userId,
        old,
        new: next,
        reason,
      });
    });
    return recordOrThrow(app, salon, row.id);
  });

  registerEndpoint(app, deleteAttendance, MANAGERS, async ({ params, query }, request) => {
    const caller = callerOf(request);
    const row = await q.findAttendanceRow(app.db, params.id);
    if (!row) throw new HttpError(404, `Attendance record ${params.id} does not exist`, 'id');
    assertSalonAccess(caller, row.salonId);
    const reason = reasonOf(query.reason);
    await app.db.transaction().execute(async (tx) => {
      await q.lockUser(tx, row.userId);
      await q.insertCorrection(tx, {
        salonId: row.salonId,
        attendanceId: row.id,
        userId: row.userId,
        action: 'DELETE',
        changedBy: caller.userId,
        old: { clockIn: new Date(row.clockIn), clockOut: row.clockOut ? new Date(row.clockOut) : null },
        new: null,
        reason,
      });
      await q.deleteAttendanceRow(tx, row.salonId, row.id);
    });
    return { success: true as const };
  });
}
