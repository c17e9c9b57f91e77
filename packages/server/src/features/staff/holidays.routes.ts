import { createClosure, deleteClosure, getSalonHolidays, HOLIDAY_LABEL_MAX, setPatronDay, updateClosure } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { assertRealDate, calendarToday, daysBetween, daysOf, holidayOn, isRealDate, salonCalendar } from '../../lib/salon-time.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  deleteClosureRow,
  findClosure,
  insertClosure,
  lockSalon,
  overlappingClosures,
  updateClosureRow,
  writePatronDay,
} from './holidays.query.js';
import { ANY_ROLE, rangeOf } from './route-helpers.js';
import { staffError } from './staff.service.js';
import { assertManagesSalon, STAFF_MANAGERS, salonOfCall } from './staff-access.js';

const MAX_CLOSURE_DAYS = 366;

/** Checks a closure's days and label (400 naming the field) and fills endDate. */
function normaliseClosure(input: { startDate: string; endDate?: string | undefined; label: string }) {
  const endDay = input.endDate ?? input.startDate;
  assertRealDate(input.startDate, 'startDate');
  assertRealDate(endDay, 'endDate');
  if (endDay < input.startDate) throw new HttpError(400, `endDate (${endDay}) is before startDate (${input.startDate})`, 'endDate');
  if (daysBetween(input.startDate, endDay) + 1 > MAX_CLOSURE_DAYS) {
    throw new HttpError(400, `A closure lasts at most ${MAX_CLOSURE_DAYS} days`, 'endDate');
  }
  const label = input.label.trim();
  if (label === '') throw new HttpError(400, 'label is empty', 'label');
  if (label.length > HOLIDAY_LABEL_MAX) throw new HttpError(400, `label is longer than ${HOLIDAY_LABEL_MAX} characters`, 'label');
  return { startDay: input.startDate, endDay, label };
}

/** 409 when the days overlap another closure of the salon (except `exceptId`). */
async function assertNoClosureOverlap(tx: DbOrTx, salonId: number, startDay: string, endDay: string, exceptId?: number) {
  const [other] = await overlappingClosures(tx, salonId, startDay, endDay, exceptId);
  if (other) {
    throw staffError(
      409,
      'CLOSURE_CLASH',
      `It overlaps closure ${other.closureId} (${other.label}, ${other.startDate} – ${other.endDate}) of salon ${salonId}`,
      { closureId: other.closureId },
    );
  }
}

/** A salon's holiday calendar (/api/SalonHolidays): read by its staff, closures and patron-saint day set by its managers. */
export async function holidaysRoutes(app: FastifyInstance) {
  const db = app.db;

  registerEndpoint(app, getSalonHolidays, ANY_ROLE, async ({ query }, request) => {
    const salonId = salonOfCall(callerOf(request), query.salonId);
    const calendar = await salonCalendar(db, salonId);
    const year = calendarToday(calendar, app.clock).slice(0, 4);
    const { from, to } = rangeOf(
      { fromDate: query.fromDate ?? `${year}-01-01`, toDate: query.toDate ?? (query.fromDate ? undefined : `${year}-12-31`) },
      `${year}-01-01`,
    );
    const days = daysOf(from, to).flatMap((day) => holidayOn(calendar, day) ?? []);
    return {
      salonId,
      fromDate: from,
      toDate: to,
      days,
      closures: calendar.holidays.closures.map((c) => ({
        closureId: c.id,
        salonId,
        startDate: c.startDay,
        endDate: c.endDay,
        label: c.label,
      })),
      patronDay: calendar.holidays.patronDay,
    };
  });

  registerEndpoint(app, createClosure, STAFF_MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    assertManagesSalon(caller, body.salonId);
    const shape = normaliseClosure(body);
    return db.transaction().execute(async (tx) => {
      if (!(await lockSalon(tx, body.salonId))) throw new HttpError(404, `Salon ${body.salonId} does not exist`, 'salonId');
      await assertNoClosureOverlap(tx, body.salonId, shape.startDay, shape.endDay);
      return insertClosure(tx, { salonId: body.salonId, ...shape, createdBy: caller.userId });
    });
  });

  registerEndpoint(app, updateClosure, STAFF_MANAGERS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    const shape = normaliseClosure(body);
    return db.transaction().execute(async (tx) => {
      const current = await findClosure(tx, params.id);
      if (!current) throw new HttpError(404, `Closure ${params.id} does not exist`, 'id');
      assertManagesSalon(caller, current.salonId);
      await lockSalon(tx, current.salonId);
      await assertNoClosureOverlap(tx, current.salonId, shape.startDay, shape.endDay, params.id);
      return updateClosureRow(tx, params.id, shape);
    });
  });

  registerEndpoint(app, deleteClosure, STAFF_MANAGERS, async ({ params }, request) => {
    const caller = callerOf(request);
    const current = await findClosure(db, params.id);
    if (!current) throw new HttpError(404, `Closure ${params.id} does not exist`, 'id');
    assertManagesSalon(caller, current.salonId);
    await deleteClosureRow(db, params.id);
    return { deleted: true as const, closureId: params.id };
  });

  registerEndpoint(app, setPatronDay, STAFF_MANAGERS, async ({ body }, request) => {
    const caller = callerOf(request);
    assertManagesSalon(caller, body.salonId);
    const patron = body.patronDay;
    let value: { month: number; day: number; label: string } | null = null;
    if (patron !== null) {
      // 2001 is not a leap year: 29 February is refused, as it would be a holiday only every fourth year.
      const date = `2001-${String(patron.month).padStart(2, '0')}-${String(patron.day).padStart(2, '0')}`;
      if (!isRealDate(date)) {
        throw new HttpError(400, `There is no day ${patron.day} in month ${patron.month} every year`, 'patronDay.day');
      }
      const label = patron.label.trim();
      if (label === '') throw new HttpError(400, 'patronDay.label is empty', 'patronDay.label');
      value = { month: patron.month, day: patron.day, label };
    }
    await salonCalendar(db, body.salonId);
    await writePatronDay(db, body.salonId, value, caller.userId);
    return { salonId: body.salonId, patronDay: value };
  });
}
