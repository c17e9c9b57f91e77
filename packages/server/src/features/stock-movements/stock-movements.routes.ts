import {
  getProfessionalProductsUse,
  getStocksMovementsXlsx,
  getStocksStatus,
  importStocksMovements,
  isAcceptedDate,
  STOCK_ACCESS,
  STOCK_DEFAULT_STEPS,
  stockExportFileName,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { assertRange } from '../../lib/report-range.js';
import { getSalonToday } from '../../lib/salon-today.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import {
  countStockMovements,
  getProfessionalUse,
  getStockMovements,
  getStockStatus,
  type MovementKey,
  type StockScope,
} from './stock-movements.query.js';
import { buildStockXlsx, XLSX_TYPE } from './stock-xlsx.js';

/** The range of a stock call, checked (real dates, fromDate <= toDate): 400 naming the parameter otherwise. */
function scopeOf(p: { salonId: number; fromDate: string; toDate: string }): StockScope {
  assertRange(p.fromDate, p.toDate);
  return { salonId: p.salonId, from: p.fromDate, to: p.toDate };
}

/** A cursor `YYYY-MM-DD_id` (the contract checks its shape; here its date). */
function keyOf(cursor: string | undefined): MovementKey | null {
  if (cursor === undefined) return null;
  const [day = '', id = ''] = cursor.split('_');
  if (!isAcceptedDate(day)) throw new HttpError(400, `Invalid cursor: '${cursor}' does not start with a real date`, 'cursor');
  return { day, id: Number(id) };
}

export async function stockMovementsRoutes(app: FastifyInstance) {
  registerEndpoint(app, importStocksMovements, STOCK_ACCESS, async ({ params: p, query }) => {
    const scope = scopeOf(p);
    const steps = query.steps ?? STOCK_DEFAULT_STEPS;
    const filters = { type: query.type, search: query.search };
    // One row more than a page tells whether another page follows.
    const rows = await getStockMovements(app.db, scope, filters, keyOf(query.cursor), steps + 1);
    const movements = rows.slice(0, steps);
    const last = movements.at(-1);
    const lastKey = last ? { day: last.day, id: last.movementId } : null;
    const counts = await countStockMovements(app.db, scope, filters, query.progress ? lastKey : null);
    return {
      salonId: p.salonId,
      fromDate: p.fromDate,
      toDate: p.toDate,
      steps,
      total: counts.total,
      loaded: query.progress ? counts.upTo : null,
      nextCursor: rows.length > steps && lastKey ? `${lastKey.day}_${lastKey.id}` : null,
      movements,
    };
  });

  registerEndpoint(app, getStocksStatus, STOCK_ACCESS, async ({ params: p }) => getStockStatus(app.db, scopeOf(p)));

  registerEndpoint(app, getProfessionalProductsUse, STOCK_ACCESS, async ({ params: p }) => getProfessionalUse(app.db, scopeOf(p)));

  registerEndpoint(app, getStocksMovementsXlsx, STOCK_ACCESS, async ({ params: p, query }, request, reply) => {
    const scope = scopeOf(p);
    const salon = await getSalonToday(app.db, app.clock, p.salonId);
    if (!salon) throw new HttpError(404, `Salon ${p.salonId} does not exist`, 'salonId');
    const language = query.language ?? (await getUserLanguage(app.db, callerOf(request).userId));
    const movements = await getStockMovements(app.db, scope, { type: query.type, search: query.search }, null, null);
    const where = { salonName: salon.name, fromDate: p.fromDate, toDate: p.toDate };
    const [status, use] = [await getStockStatus(app.db, scope), await getProfessionalUse(app.db, scope)];
    const file = await buildStockXlsx(movements, status, use, where, language);
    return reply
      .type(XLSX_TYPE)
      .header('Content-Disposition', `attachment; filename="${stockExportFileName(p.fromDate, p.toDate)}"`)
      .send(file);
  });
}
