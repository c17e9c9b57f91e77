import { REPORT_ACCESS, type SalonConfigProductName, salonConfigEndpoints } from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { SalonConfigProduct } from '../../db/database.js';
import { firstOfMonth, isCalendarDate } from '../../lib/months.js';
import { getSalonConfig, type SalonConfig, saveSalonConfig } from '../../lib/salon-config.query.js';
import { getSalonToday } from '../../lib/salon-today.js';
import { registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';

const productOf: Record<SalonConfigProductName, SalonConfigProduct> = {
  Treatment: 'treatment',
  Colour: 'colour',
  Haircut: 'haircut',
  Resale: 'resale',
  Styling: 'styling',
};

/** What every family's POST body has in common (the id and target field names differ per product). */
interface ConfigBody {
  salonId: number;
  reachTargetMonths?: number;
  targetMonths?: number;
  periodStartDate?: string;
  target?: number;
  [key: string]: unknown;
}

/**
 * A stored or default setting in the contract's shape, with the product-specific id and target
 * names. The five families differ only in those two computed keys, which TypeScript cannot
 * follow through the loop below, hence the `as never` on the handlers' answers (the response
 * schema still checks and serialises every field).
 */
export function toSalonConfigResponse(config: SalonConfig, idKey: string, targetKey: string): Record<string, unknown> {
  return {
    [idKey]: config.id,
    salonId: config.salonId,
    reachTargetMonths: config.reachTargetMonths,
    targetMonths: config.targetMonths,
    periodStartDate: config.periodStartDate,
    isDefault: config.isDefault,
    target: config.target,
    [targetKey]: config.target,
  };
}

async function salonTodayOrThrow(app: FastifyInstance, salonId: number): Promise<string> {
  const salon = await getSalonToday(app.db, app.clock, salonId);
  if (!salon) throw new HttpError(404, `Salon ${salonId} not found`);
  return salon.today;
}

export async function salonConfigRoutes(app: FastifyInstance) {
  for (const name of Object.keys(salonConfigEndpoints) as SalonConfigProductName[]) {
    const { get, save, idKey, targetKey } = salonConfigEndpoints[name];
    const product = productOf[name];

    registerEndpoint(app, get, REPORT_ACCESS.admin, async ({ params }) => {
      const today = await salonTodayOrThrow(app, params.salonId);
      const config = await getSalonConfig(app.db, params.salonId, product, today);
      return toSalonConfigResponse(config, idKey, targetKey) as never;
    });

    registerEndpoint(app, save, REPORT_ACCESS.admin, async ({ body }) => {
      const input = body as ConfigBody;
      const specific = input[targetKey] as number | undefined;
      if (input.target !== undefined && specific !== undefined && input.target !== specific) {
        throw new HttpError(400, `target and ${targetKey} differ: give one, or the same value in both`, targetKey);
      }
      if (input.periodStartDate !== undefined && !isCalendarDate(input.periodStartDate)) {
        throw new HttpError(400, `Invalid body 'periodStartDate': ${input.periodStartDate} is not a calendar date`, 'periodStartDate');
      }
      const today = await salonTodayOrThrow(app, input.salonId);
      const current = await getSalonConfig(app.db, input.salonId, product, today);
      const saved = await saveSalonConfig(app.db, input.salonId, product, {
        reachTargetMonths: input.reachTargetMonths ?? current.reachTargetMonths,
        targetMonths: input.targetMonths ?? current.targetMonths,
        periodStartDate: input.periodStartDate !== undefined ? firstOfMonth(input.periodStartDate) : current.periodStartDate,
        target: input.target ?? specific ?? current.target,
      });
      return toSalonConfigResponse(saved, idKey, targetKey) as never;
    });
  }
}
