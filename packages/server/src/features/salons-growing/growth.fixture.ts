import { sql } from 'kysely';
import type { AppointmentStatus, Db, ProductCategory, ServiceCategory } from '../../db/database.js';

/** Test support: a small catalogue and hand-made appointments whose penetration is worked out in growth.test.ts. */
export interface Catalogue {
  services: Record<ServiceCategory, number>;
  products: Record<ProductCategory, number>;
}

export async function insertCatalogue(db: Db): Promise<Catalogue> {
  const service = async (name: string, category: ServiceCategory, cents: number) =>
    (
      await db
        .insertInto('services')
        .values({ name, category, duration_minutes: 30, list_price_cents: cents })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const product = async (name: string, category: ProductCategory, cents: number) =>
    (
      await db
        .insertInto('products')
        .values({ name, brand: 'Brand', category, list_price_cents: cents, unit_cost_cents: Math.round(cents / 2) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    services: {
      TREATMENT: await service('Keratin treatment', 'TREATMENT', LIST_CENTS.TREATMENT),
      COLOUR: await service('Full colour', 'COLOUR', LIST_CENTS.COLOUR),
      HAIRCUT: await service('Cut', 'HAIRCUT', LIST_CENTS.HAIRCUT),
      STYLING: await service('Blow dry', 'STYLING', LIST_CENTS.STYLING),
    },
    products: {
      RESALE: await product('Shampoo', 'RESALE', LIST_CENTS.RESALE),
      PROFESSIONAL: await product('Colour tube', 'PROFESSIONAL', LIST_CENTS.PROFESSIONAL),
    },
  };
}

export type LineCategory = ServiceCategory | ProductCategory;

/** The catalogue's list prices: treatment 20.00, colour 55.00, haircut 35.00, styling 15.00, shampoo 12.50, colour tube 8.00. */
export const LIST_CENTS: Record<LineCategory, number> = {
  TREATMENT: 2000,
  COLOUR: 5500,
  HAIRCUT: 3500,
  STYLING: 1500,
  RESALE: 1250,
  PROFESSIONAL: 800,
};

export interface LineSpec {
  category: LineCategory;
  /** Paid amount in cents; the list amount is the catalogue price. */
  paidCents?: number;
}

/**
 * One appointment on `day` from `time` (salon-local, Europe/Rome) for `minutes`, with sale lines
 * (DONE only, as the write path does) or booked services (BOOKED).
 */
export async function insertAppointment(
  db: Db,
  catalogue: Catalogue,
  salonId: number,
  day: string,
  status: AppointmentStatus,
  lines: (LineCategory | LineSpec)[] = [],
  options: { time?: string; minutes?: number; booked?: ServiceCategory[]; staffId?: number } = {},
): Promise<number> {
  // As the write path does: the appointment, its lines and the rollup refresh in one transaction.
  return db.transaction().execute(async (tx) => {
    const time = options.time ?? '10:00';
    const { rows } = await sql<{ id: number }>`
      INSERT INTO appointments (salon_id, day, start_at, end_at, status, staff_id)
      VALUES (${salonId}, ${day}::date, (${day}::date + ${time}::time) AT TIME ZONE 'Europe/Rome',
        (${day}::date + ${time}::time + make_interval(mins => ${options.minutes ?? 60})) AT TIME ZONE 'Europe/Rome', ${status}, ${options.staffId ?? null})
      RETURNING id`.execute(tx);
    const id = (rows[0] as { id: number }).id;
    for (const entry of lines) {
      const spec = typeof entry === 'string' ? { category: entry } : entry;
      const isProduct = spec.category === 'RESALE' || spec.category === 'PROFESSIONAL';
      const listCents = LIST_CENTS[spec.category];
      const paid = spec.paidCents ?? listCents;
      await tx
        .insertInto('sale_lines')
        .values({
          salon_id: salonId,
          appointment_id: id,
          staff_id: options.staffId ?? null,
          day,
          kind: isProduct ? 'PRODUCT' : 'SERVICE',
          service_id: isProduct ? null : catalogue.services[spec.category as ServiceCategory],
          product_id: isProduct ? catalogue.products[spec.category as ProductCategory] : null,
          category: spec.category,
          list_amount_cents: listCents,
          paid_amount_cents: paid,
          discount_cents: listCents - paid,
        })
        .execute();
    }
    for (const category of options.booked ?? []) {
      await tx
        .insertInto('appointment_services')
        .values({
          salon_id: salonId,
          appointment_id: id,
          service_id: catalogue.services[category],
          list_price_cents: LIST_CENTS[category],
        })
        .execute();
    }
    return id;
  });
}

/**
 * The growth fixture (penetration per month worked out in growth.test.ts):
 * Jan 2026: 4 DONE [T+H], [H], [H+RESALE], [C]; plus a CANCELLED one and a walk-in retail sale
 * Feb 2026: 2 DONE [T+T], [S+PROFESSIONAL]; plus a NO_SHOW
 * Mar 2026: 3 DONE 03-02 [T], 03-02 [H], 03-04 [T+RESALE]
 * Apr 2026: no DONE appointment (one BOOKED)
 * May 2026: 05-02 [H], 05-10 [T], 05-20 [T] (after the reports' toDate 2026-05-15)
 */
export async function seedGrowthFixture(db: Db, salonId: number): Promise<Catalogue> {
  const catalogue = await insertCatalogue(db);
  const add = (day: string, status: AppointmentStatus, lines: LineCategory[] = []) =>
    insertAppointment(db, catalogue, salonId, day, status, lines);
  await add('2026-01-05', 'DONE', ['TREATMENT', 'HAIRCUT']);
  await add('2026-01-12', 'DONE', ['HAIRCUT']);
  await add('2026-01-20', 'DONE', ['HAIRCUT', 'RESALE']);
  await add('2026-01-28', 'DONE', ['COLOUR']);
  await add('2026-01-29', 'CANCELLED');
  await db
    .insertInto('sale_lines')
    .values({
      salon_id: salonId,
      appointment_id: null,
      day: '2026-01-30',
      kind: 'PRODUCT',
      product_id: catalogue.products.RESALE,
      category: 'RESALE',
      list_amount_cents: 1250,
      paid_amount_cents: 1250,
    })
    .execute();
  await add('2026-02-03', 'DONE', ['TREATMENT', 'TREATMENT']);
  await add('2026-02-17', 'DONE', ['STYLING', 'PROFESSIONAL']);
  await add('2026-02-18', 'NO_SHOW');
  await add('2026-03-02', 'DONE', ['TREATMENT']);
  await add('2026-03-02', 'DONE', ['HAIRCUT']);
  await add('2026-03-04', 'DONE', ['TREATMENT', 'RESALE']);
  await add('2026-04-10', 'BOOKED');
  await add('2026-05-02', 'DONE', ['HAIRCUT']);
  await add('2026-05-10', 'DONE', ['TREATMENT']);
  await add('2026-05-20', 'DONE', ['TREATMENT']);
  return catalogue;
}
