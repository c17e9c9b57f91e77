import { DATA_QUALITY_ACCESS, getCustomersBySalon, getCustomersBySalonXls } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { getSalonToday, getTodayOfSalon } from '../../lib/salon-today.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { getDataQuality } from './data-qualities.query.js';
import { buildDataQualityXlsx, DATA_QUALITY_FILE_NAME, XLSX_TYPE } from './data-qualities-xlsx.js';

export async function dataQualitiesRoutes(app: FastifyInstance) {
  registerEndpoint(app, getCustomersBySalon, DATA_QUALITY_ACCESS, async ({ params: p, query }) => {
    const today = await getTodayOfSalon(app.db, app.clock, p.salonId);
    const page = { limit: query.limit ?? 100, offset: query.offset ?? 0 };
    const { salon, byCreator, duplicateGroups, rows } = await getDataQuality(app.db, p.salonId, today, page);
    return { salonId: p.salonId, today, ...salon, byCreator, duplicateGroups, total: salon.clients, ...page, rows };
  });

  registerEndpoint(app, getCustomersBySalonXls, DATA_QUALITY_ACCESS, async ({ params: p, query }, request, reply) => {
    const where = await getSalonToday(app.db, app.clock, p.salonId);
    if (!where) throw new HttpError(404, `Salon ${p.salonId} does not exist`, 'salonId');
    const language = query.language ?? (await getUserLanguage(app.db, callerOf(request).userId));
    const { salon, byCreator, duplicateGroups, rows } = await getDataQuality(app.db, p.salonId, where.today, null);
    const place = { salonName: where.name, today: where.today };
    const file = await buildDataQualityXlsx(rows, salon, byCreator, duplicateGroups.length, place, language);
    return reply.type(XLSX_TYPE).header('Content-Disposition', `attachment; filename="${DATA_QUALITY_FILE_NAME}"`).send(file);
  });
}
