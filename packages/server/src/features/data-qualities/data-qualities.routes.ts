import { DATA_QUALITY_ACCESS, getCustomersBySalon, getCustomersBySalonXls } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { getDataQuality } from './data-qualities.query.js';
import { buildDataQualityXlsx, DATA_QUALITY_FILE_NAME, XLSX_TYPE } from './data-qualities-xlsx.js';

export async function dataQualitiesRoutes(app: FastifyInstance) {
  registerEndpoint(app, getCustomersBySalon, DATA_QUALITY_ACCESS, async ({ params: p, query }) => {
    const today = await getTodayOfSalon(app.db, app.clock, p.salonId);
    const page = { limit: query.limit ?? 100, offset: query.offset ?? 0 };
    const { salon, byCreator, duplicateGroups, rows } = await getDataQuality(app.db, p.salonId, today, page);
    return { salonId: p.salonId, today, ...salon, byCreator, duplicateGroups, total: salon.clients, ...page, rows };
  });

  registerEndpoint(app, getCustomersBySalonXls, DATA_QUALITY_ACCESS, async ({ params: p, query }, _request, reply) => {
    const today = await getTodayOfSalon(app.db, app.clock, p.salonId);
    const { salon, byCreator, rows } = await getDataQuality(app.db, p.salonId, today, null);
    const file = await buildDataQualityXlsx(rows, salon, byCreator, query.language ?? 'en');
    return reply.type(XLSX_TYPE).header('Content-Disposition', `attachment; filename="${DATA_QUALITY_FILE_NAME}"`).send(file);
  });
}
