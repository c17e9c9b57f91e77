import { getLastClientAppointment, getNextClientAppointment, getPlannerWeek, getServiceAvailable, STAFF_LIMITS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { hoursOfSeconds } from '../../db/staff-hours.js';
import {
  addDays,
  assertRealDate,
  calendarToday,
  holidayOn,
  instantToLocal,
  isOpenOn,
  isoWeekday,
  localToInstant,
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
import { listDayOffRows } from './days-off.query.js';
import { plannerStaff } from './planner.query.js';
import { listRequestRows } from './requests.query.js';
import { requestDto } from './requests.service.js';
import { ANY_ROLE, dayOffDtos } from './route-helpers.js';
import { listShiftsOf } from './shifts.query.js';
import { Calendars } from './staff.service.js';
import { type Caller, isStaffManager, salonOfCall } from './staff-access.js';

/** The planner's week, who is free for a service, and a client's next and last appointment. */
export async function plannerRoutes(app: FastifyInstance) {
  const db = app.db;

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
      const holiday = holidayOn(calendar, day);
      const open = isOpenOn(calendar, day) && holiday === null;
      const hoursOfDay = calendar.openingHours[weekdayName(day)];
      days.push({
        date: day,
        weekday: isoWeekday(day),
        isOpen: open,
        opens: open && hoursOfDay ? hoursOfDay[0] : null,
        closes: open && hoursOfDay ? hoursOfDay[1] : null,
        holiday,
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
