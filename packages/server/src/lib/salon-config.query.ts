import { SALON_CONFIG_DEFAULTS } from '@salon/contracts';
import type { DbOrTx, SalonConfigProduct } from '../db/database.js';
import { addMonths, firstOfMonth } from './months.js';

/** One growth setting as stored, or the defaults (id null) when the salon has none. */
export interface SalonConfig {
  id: number | null;
  salonId: number;
  product: SalonConfigProduct;
  reachTargetMonths: number;
  targetMonths: number;
  periodStartDate: string;
  target: number;
  isDefault: boolean;
}

/**
 * Defaults: target 60, 12 months to reach it, measured over 6; the period starts on the
 * first day of the month targetMonths months before today's month, so the report already has
 * targetMonths months of actuals on its path.
 */
export function defaultSalonConfig(salonId: number, product: SalonConfigProduct, today: string): SalonConfig {
  return {
    id: null,
    salonId,
    product,
    reachTargetMonths: SALON_CONFIG_DEFAULTS.reachTargetMonths,
    targetMonths: SALON_CONFIG_DEFAULTS.targetMonths,
    periodStartDate: addMonths(firstOfMonth(today), -SALON_CONFIG_DEFAULTS.targetMonths),
    target: SALON_CONFIG_DEFAULTS.target,
    isDefault: true,
  };
}

/** Every stored setting of a salon, keyed by product (products without one are absent). */
export async function getStoredSalonConfigs(db: DbOrTx, salonId: number): Promise<Map<SalonConfigProduct, SalonConfig>> {
  const rows = await db
    .selectFrom('salon_configs')
    .select(['id', 'salon_id', 'product', 'reach_target_months', 'target_months', 'period_start_date', 'target'])
    .where('salon_id', '=', salonId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.product,
      {
        id: row.id,
        salonId: row.salon_id,
        product: row.product,
        reachTargetMonths: row.reach_target_months,
        targetMonths: row.target_months,
        periodStartDate: row.period_start_date,
        target: Number(row.target),
        isDefault: false,
      },
    ]),
  );
}

/** The salon's setting for one product, or the defaults. */
export async function getSalonConfig(db: DbOrTx, salonId: number, product: SalonConfigProduct, today: string): Promise<SalonConfig> {
  const stored = await getStoredSalonConfigs(db, salonId);
  return stored.get(product) ?? defaultSalonConfig(salonId, product, today);
}

export interface SalonConfigValues {
  reachTargetMonths: number;
  targetMonths: number;
  periodStartDate: string;
  target: number;
}

/** Insert or update the salon's setting for one product; returns what is stored. */
export async function saveSalonConfig(
  db: DbOrTx,
  salonId: number,
  product: SalonConfigProduct,
  values: SalonConfigValues,
): Promise<SalonConfig> {
  const row = {
    reach_target_months: values.reachTargetMonths,
    target_months: values.targetMonths,
    period_start_date: values.periodStartDate,
    target: values.target,
  };
  const saved = await db
    .insertInto('salon_configs')
    .values({ salon_id: salonId, product, ...row })
    .onConflict((conflict) => conflict.columns(['salon_id', 'product']).doUpdateSet(row))
    .returning(['id', 'reach_target_months', 'target_months', 'period_start_date', 'target'])
    .executeTakeFirstOrThrow();
  return {
    id: saved.id,
    salonId,
    product,
    reachTargetMonths: saved.reach_target_months,
    targetMonths: saved.target_months,
    periodStartDate: saved.period_start_date,
    target: Number(saved.target),
    isDefault: false,
  };
}
