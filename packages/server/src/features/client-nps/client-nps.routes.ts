import { getNpsByAllClients, getNpsClientScoreDetails, getNpsDetractors, getNpsExcelLink, NPS_ACCESS } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { isCalendarDate } from '../../lib/months.js';
import { getSalonToday, getTodayOfSalon } from '../../lib/salon-today.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getNpsDetractors as getDetractors, getNpsAnswersOfYear, getNpsDay, getNpsYear } from './client-nps.query.js';
import { buildNpsXlsx, NPS_FILE_NAME, XLSX_TYPE } from './nps-xlsx.js';

export async function clientNpsRoutes(app: FastifyInstance) {
  const npsYear = async (salonId: number, year: number) =>
    getNpsYear(app.db, salonId, year, await getTodayOfSalon(app.db, app.clock, salonId));

  registerEndpoint(app, getNpsByAllClients, NPS_ACCESS, async ({ params: p }) => npsYear(p.salonId, p.year));

  registerEndpoint(app, getNpsClientScoreDetails, NPS_ACCESS, async ({ params: p }) => {
    if (!isCalendarDate(p.date))
      throw new HttpError(400, `Invalid date 'date': expected a real calendar date YYYY-MM-DD, got '${p.date}'`, 'date');
    return getNpsDay(app.db, p.salonId, p.date);
  });

  registerEndpoint(app, getNpsDetractors, NPS_ACCESS, async ({ params: p }) =>
    getDetractors(app.db, p.salonId, p.year, await getTodayOfSalon(app.db, app.clock, p.salonId)),
  );

  registerEndpoint(app, getNpsExcelLink, NPS_ACCESS, async ({ params: p, query }, request) => {
    const caller = callerOf(request);
    const language = query.language ?? (await getUserLanguage(app.db, caller.userId));
    const salon = await getSalonToday(app.db, app.clock, p.salonId);
    if (!salon) throw new HttpError(404, `Salon ${p.salonId} does not exist`, 'salonId');
    return app.downloads.create(caller, p.SESSIONCODE, {
      fileName: NPS_FILE_NAME,
      contentType: XLSX_TYPE,
      produce: async () =>
        buildNpsXlsx(
          await npsYear(p.salonId, p.year),
          await getNpsAnswersOfYear(app.db, p.salonId, p.year),
          await getDetractors(app.db, p.salonId, p.year, await getTodayOfSalon(app.db, app.clock, p.salonId)),
          salon.name,
          language,
        ),
    });
  });
}
