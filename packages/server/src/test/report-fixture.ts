import type { Db } from '../db/database.js';
import { rebuildRollupModel } from '../db/rollups/apply.js';
import { seedAccessFixture } from './helpers.js';

/**
 * The small hand-made fixture every issue-4 report test shares (salon 1 unless said):
 *
 * services: Cut (HAIRCUT, 30 min, 30.00), Colour (COLOUR, 60.00), Mask (TREATMENT, 20.00)
 * products: Shampoo (RESALE, 15.00), Gel (RESALE, 10.00)
 * clients:  C1 Anna FEMALE first visit 2025-03-03 · C2 Bruno MALE 2024-01-10 · C3 Carla FEMALE 2024-06-01
 *           C4 Dario (no gender) 2025-03-04 · C5 Elsa FEMALE in salon 2
 *
 * appointments (staff: the person on the appointment, as on its lines; A00, A0, A5, A6, A7 have
 * none; booked_at is the insert time, so no visit counts as rebooked unless a test sets it) and
 * lines (list / paid / discount in cents):
 *  A000 C2 2024-03-05 DONE  Cut 3000/2500/500 (manager)
 *  A00  C3 2024-06-01 DONE  Cut 3000/3000/0
 *  A0   C2 2025-02-20 DONE  Cut 3000/3000/0
 *  A1   C1 2025-03-03 (Mon) DONE 60 min  Colour 6000/5400/600 (stylist) + Shampoo x2 3000/3000/0 recommended (stylist)
 *  A2   C2 2025-03-03 (Mon) DONE 30 min  Cut 3000/3000/0 (manager)
 *  A3   C3 2025-03-04 (Tue) DONE 45 min  Cut 3000/3000/0 (stylist) + Mask 2000/1500/500 recommended (stylist)
 *  A4   C4 2025-03-04 (Tue) DONE 30 min  Cut 3000/2700/300 (manager)
 *  A5   C1 2025-03-04 CANCELLED · A6 C2 2025-03-10 BOOKED
 *  W1   walk-in C2 2025-03-04  Gel x1 1000/1000/0 (reception)
 *  W2   walk-in, no client, 2025-03-05 (Wed)  Shampoo x1 1500/1200/300
 *  A8   C1 2025-04-15 DONE 30 min  Cut 3000/3000/0 (stylist)
 *  A7   salon 2: C5 2025-03-03 DONE  Colour 6000/6000/0
 * shifts (salon 1): stylist 2025-03-03 09:00-17:00 (8 h), manager 2025-03-04 09:00-13:00 (4 h)
 * NPS (salon 1, 2025-03-05): C1 10, C3 9, C2 5
 */
export async function seedReportFixture(db: Db) {
  const access = await seedAccessFixture(db);
  const { salon1, salon2, users } = access;
  const service = async (name: string, category: 'HAIRCUT' | 'COLOUR' | 'TREATMENT', minutes: number, cents: number) =>
    (
      await db
        .insertInto('services')
        .values({ name, category, duration_minutes: minutes, list_price_cents: cents })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const product = async (name: string, cents: number) =>
    (
      await db
        .insertInto('products')
        .values({ name, brand: 'Brand', category: 'RESALE', list_price_cents: cents, unit_cost_cents: Math.round(cents / 2) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const cut = await service('Cut', 'HAIRCUT', 30, 3000);
  const colour = await service('Colour', 'COLOUR', 60, 6000);
  const mask = await service('Mask', 'TREATMENT', 15, 2000);
  const shampoo = await product('Shampoo', 1500);
  const gel = await product('Gel', 1000);

  const client = async (salonId: number, first: string, gender: 'MALE' | 'FEMALE' | null, firstVisit: string) =>
    (
      await db
        .insertInto('clients')
        .values({ salon_id: salonId, first_name: first, last_name: 'Test', gender, first_visit: firstVisit })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const c1 = await client(salon1, 'Anna', 'FEMALE', '2025-03-03');
  const c2 = await client(salon1, 'Bruno', 'MALE', '2024-01-10');
  const c3 = await client(salon1, 'Carla', 'FEMALE', '2024-06-01');
  const c4 = await client(salon1, 'Dario', null, '2025-03-04');
  const c5 = await client(salon2, 'Elsa', 'FEMALE', '2025-03-03');

  const appointment = async (
    salonId: number,
    clientId: number,
    day: string,
    start: string,
    minutes: number,
    status = 'DONE',
    staffId: number | null = null,
  ) => {
    const startAt = new Date(`${day}T${start}:00Z`);
    return (
      await db
        .insertInto('appointments')
        .values({
          salon_id: salonId,
          client_id: clientId,
          day,
          start_at: startAt,
          end_at: new Date(startAt.getTime() + minutes * 60_000),
          status: status as 'DONE',
          staff_id: staffId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  type Line = {
    salon?: number;
    appointment: number | null;
    client: number | null;
    staff?: number | null;
    day: string;
    service?: number;
    product?: number;
    category: string;
    qty?: number;
    list: number;
    paid: number;
    rec?: boolean;
  };
  const line = async (l: Line) => {
    await db
      .insertInto('sale_lines')
      .values({
        salon_id: l.salon ?? salon1,
        appointment_id: l.appointment,
        client_id: l.client,
        staff_id: l.staff ?? null,
        day: l.day,
        kind: l.service ? 'SERVICE' : 'PRODUCT',
        service_id: l.service ?? null,
        product_id: l.product ?? null,
        category: l.category as 'HAIRCUT',
        quantity: l.qty ?? 1,
        list_amount_cents: l.list,
        paid_amount_cents: l.paid,
        discount_cents: l.list - l.paid,
        recommended: l.rec ?? false,
      })
      .execute();
  };
  const { manager, stylist, reception } = users;

  const a000 = await appointment(salon1, c2, '2024-03-05', '10:00', 30, 'DONE', manager);
  await line({
    appointment: a000,
    client: c2,
    staff: manager,
    day: '2024-03-05',
    service: cut,
    category: 'HAIRCUT',
    list: 3000,
    paid: 2500,
  });
  const a00 = await appointment(salon1, c3, '2024-06-01', '10:00', 30);
  await line({ appointment: a00, client: c3, day: '2024-06-01', service: cut, category: 'HAIRCUT', list: 3000, paid: 3000 });
  const a0 = await appointment(salon1, c2, '2025-02-20', '10:00', 30);
  await line({ appointment: a0, client: c2, day: '2025-02-20', service: cut, category: 'HAIRCUT', list: 3000, paid: 3000 });

  const a1 = await appointment(salon1, c1, '2025-03-03', '09:00', 60, 'DONE', stylist);
  await line({
    appointment: a1,
    client: c1,
    staff: stylist,
    day: '2025-03-03',
    service: colour,
    category: 'COLOUR',
    list: 6000,
    paid: 5400,
  });
  await line({
    appointment: a1,
    client: c1,
    staff: stylist,
    day: '2025-03-03',
    product: shampoo,
    category: 'RESALE',
    qty: 2,
    list: 3000,
    paid: 3000,
    rec: true,
  });
  const a2 = await appointment(salon1, c2, '2025-03-03', '10:00', 30, 'DONE', manager);
  await line({ appointment: a2, client: c2, staff: manager, day: '2025-03-03', service: cut, category: 'HAIRCUT', list: 3000, paid: 3000 });
  const a3 = await appointment(salon1, c3, '2025-03-04', '11:00', 45, 'DONE', stylist);
  await line({ appointment: a3, client: c3, staff: stylist, day: '2025-03-04', service: cut, category: 'HAIRCUT', list: 3000, paid: 3000 });
  await line({
    appointment: a3,
    client: c3,
    staff: stylist,
    day: '2025-03-04',
    service: mask,
    category: 'TREATMENT',
    list: 2000,
    paid: 1500,
    rec: true,
  });
  const a4 = await appointment(salon1, c4, '2025-03-04', '12:00', 30, 'DONE', manager);
  await line({ appointment: a4, client: c4, staff: manager, day: '2025-03-04', service: cut, category: 'HAIRCUT', list: 3000, paid: 2700 });
  const a5 = await appointment(salon1, c1, '2025-03-04', '15:00', 30, 'CANCELLED');
  const a6 = await appointment(salon1, c2, '2025-03-10', '10:00', 30, 'BOOKED');
  await line({
    appointment: null,
    client: c2,
    staff: reception,
    day: '2025-03-04',
    product: gel,
    category: 'RESALE',
    list: 1000,
    paid: 1000,
  });
  await line({ appointment: null, client: null, day: '2025-03-05', product: shampoo, category: 'RESALE', list: 1500, paid: 1200 });
  const a8 = await appointment(salon1, c1, '2025-04-15', '10:00', 30, 'DONE', stylist);
  await line({ appointment: a8, client: c1, staff: stylist, day: '2025-04-15', service: cut, category: 'HAIRCUT', list: 3000, paid: 3000 });
  const a7 = await appointment(salon2, c5, '2025-03-03', '10:00', 60);
  await line({
    salon: salon2,
    appointment: a7,
    client: c5,
    day: '2025-03-03',
    service: colour,
    category: 'COLOUR',
    list: 6000,
    paid: 6000,
  });

  await db
    .insertInto('user_timeframes')
    .values([
      { salon_id: salon1, user_id: stylist, day_start: new Date('2025-03-03T09:00:00Z'), day_end: new Date('2025-03-03T17:00:00Z') },
      { salon_id: salon1, user_id: manager, day_start: new Date('2025-03-04T09:00:00Z'), day_end: new Date('2025-03-04T13:00:00Z') },
    ])
    .execute();
  await db
    .insertInto('nps_responses')
    .values([
      { salon_id: salon1, client_id: c1, day: '2025-03-05', score: 10 },
      { salon_id: salon1, client_id: c3, day: '2025-03-05', score: 9 },
      { salon_id: salon1, client_id: c2, day: '2025-03-05', score: 5 },
    ])
    .execute();

  await rebuildRollupModel(db);
  return {
    ...access,
    services: { cut, colour, mask },
    products: { shampoo, gel },
    clients: { c1, c2, c3, c4, c5 },
    appointments: { a000, a00, a0, a1, a2, a3, a4, a5, a6, a7, a8 },
  };
}

export type ReportFixture = Awaited<ReturnType<typeof seedReportFixture>>;
