import {
  getCapacityActualWeek,
  getCapacityCustom,
  getCapacityLastWeek,
  getFullCapacity,
  getUtilisationGrid,
  REPORT_ACCESS,
  saveFullCapacity,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { addDays, assertRange, isoWeekday } from '../../lib/report-range.js';
import { getSalonToday } from '../../lib/salon-today.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getCapacity, getFullCapacitySettings, saveFullCapacitySettings } from './capacity.query.js';
import { getUtilisationGrid as queryUtilisationGrid } from './utilisation-grid.query.js';

/** Monday..Sunday of the week holding `today`, and of the week before. */
export function weeksOf(today: string): { lastWeek: { from: string; to: string }; actualWeek: { from: string; to: string } } {
  const monday = addDays(today, 1 - isoWeekday(today));
  return {
    lastWeek: { from: addDays(monday, -7), to: addDays(monday, -1) },
    actualWeek: { from: monday, to: addDays(monday, 6) },
  };
}

export async function fullCapacityRoutes(app: FastifyInstance) {
  const todayOf = async (salonId: number) => {
    const salon = await getSalonToday(app.db, app.clock, salonId);
    if (!salon) throw new HttpError(404, `Salon ${salonId} not found`);
    return salon.today;
  };

  registerEndpoint(app, getFullCapacity, REPORT_ACCESS.admin, async ({ query }) => {
    await todayOf(query.SalonId);
    return getFullCapacitySettings(app.db, query.SalonId);
  });

  registerEndpoint(app, saveFullCapacity, REPORT_ACCESS.admin, async ({ body }) => {
    await todayOf(body.salonId);
    return saveFullCapacitySettings(app.db, body.salonId, body.numberOfPeople, body.averageHourly);
  });

  const answer = async (p: { salonId: number; averageHourly: number; numberOfPeople: number }, custom?: { from: string; to: string }) => {
    const today = await todayOf(p.salonId);
    const weeks = weeksOf(today);
    const block = (range: { from: string; to: string }) => getCapacity(app.db, { ...p, ...range, today });
    return {
      lastWeek: await block(weeks.lastWeek),
      actualWeek: await block(weeks.actualWeek),
      customCapacity: custom ? await block(custom) : null,
    };
  };

  registerEndpoint(app, getCapacityLastWeek, REPORT_ACCESS.admin, ({ params }) => answer(params));
  registerEndpoint(app, getCapacityActualWeek, REPORT_ACCESS.admin, ({ params }) => answer(params));
  registerEndpoint(app, getCapacityCustom, REPORT_ACCESS.admin, ({ params }) => {
    assertRange(params.fromDate, params.toDate);
    return answer(params, { from: params.fromDate, to: params.toDate });
  });

  registerEndpoint(app, getUtilisationGrid, REPORT_ACCESS.admin, async ({ params }) => {
    assertRange(params.fromDate, params.toDate);
    await todayOf(params.salonId);
    return {
      fromDate: params.fromDate,
      toDate: params.toDate,
      cells: await queryUtilisationGrid(app.db, params.salonId, params.fromDate, params.toDate),
    };
  });
}
