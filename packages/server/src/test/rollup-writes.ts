import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ReportFixture } from './report-fixture.js';

/** A deterministic pseudo-random source, so a failing sequence of writes can be replayed. */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n: number) => {
    // In 32-bit integers (a double's product lost the low bits) and from the high bits (the low ones cycle: state % 2 alternates).
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return Math.floor((state / 2147483648) * n);
  };
}

export interface WriteContext {
  fixture: ReportFixture;
  rand: (n: number) => number;
}

/** A pick of one of the values, from the random source. */
export function pickWith(rand: (n: number) => number): <T>(values: readonly T[]) => T {
  return <T>(values: readonly T[]) => values[rand(values.length)] as T;
}

/** Client fields of every kind the data-quality flags tell apart: blank, invalid and valid contacts, implausible births, shared names. */
export const CLIENT_VALUES = {
  names: [
    ['Anna', 'Rossi'],
    ['ANNA', ' Rossi '],
    ['Bruno', 'Bianchi'],
    ['', ''],
  ],
  phones: [null, '', '+39 333 123 4567', '12 34', '333-999-8888'],
  emails: [null, ' ', 'a@b.it', 'bruno@example', ' ANNA@example.com '],
  births: [null, '1990-05-01', '1880-12-31', '2030-01-01'],
} as const;

export interface ClientScope {
  /** The first salon takes two records in three, the second one. */
  salons: readonly [number, number];
  creators: readonly (number | null)[];
}

/** One statement inserting client records with these external ids, or upserting them on (salon, external id) as the import does. */
export async function upsertRandomClients(db: Db, rand: (n: number) => number, scope: ClientScope, externalIds: readonly string[]) {
  const pick = pickWith(rand);
  const { names, phones, emails, births } = CLIENT_VALUES;
  const rows = externalIds.map((external_id) => {
    const [first_name, last_name] = pick(names);
    return {
      salon_id: rand(3) === 0 ? scope.salons[1] : scope.salons[0],
      first_name,
      last_name,
      phone: pick(phones),
      email: pick(emails),
      birth_date: pick(births),
      gender: pick(['MALE', 'FEMALE', null] as const),
      privacy_consent: rand(2) === 0,
      created_by: pick(scope.creators),
      external_id,
    };
  });
  // an upsert may not touch one row twice
  const unique = rows.filter((r, k) => rows.findIndex((o) => o.salon_id === r.salon_id && o.external_id === r.external_id) === k);
  await db
    .insertInto('clients')
    .values(unique)
    .onConflict((oc) =>
      oc.columns(['salon_id', 'external_id']).doUpdateSet((eb) => ({
        phone: eb.ref('excluded.phone'),
        email: eb.ref('excluded.email'),
        first_name: eb.ref('excluded.first_name'),
        created_by: eb.ref('excluded.created_by'),
      })),
    )
    .execute();
}

/**
 * One random write of a base table the rollups read: an insert, an update or a delete, the kinds of
 * write the product makes (the API, the import). The rollup model's test runs them for every base table
 * a stale rule names, and fails for a table without one here.
 */
/** A day of March or April 2025, the fixture's months. */
function fixtureDay(rand: (n: number) => number): string {
  return `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
}

/** A day of January to June 2025: sale lines around the fixture's months, so a client's months with an item have gaps. */
function lineDay(rand: (n: number) => number): string {
  return `2025-0${1 + rand(6)}-${String(1 + rand(28)).padStart(2, '0')}`;
}

/** How many sale-line writes were made: the next one makes the next kind. */
let saleLineWrites = 0;

export const RANDOM_WRITES: Record<string, (db: Db, ctx: WriteContext) => Promise<void>> = {
  async sale_lines(db, { fixture, rand }) {
    const pick = pickWith(rand);
    const salon = rand(4) === 0 ? fixture.salon2 : fixture.salon1;
    const clients =
      salon === fixture.salon1 ? [fixture.clients.c1, fixture.clients.c2, fixture.clients.c3, fixture.clients.c4] : [fixture.clients.c5];
    // The kinds of write in turn, each with rows at random: eight calls make every kind once.
    const op = saleLineWrites++ % 8;
    if (op === 6) {
      // A walk-in line of a person and client who already have one, some days before it: the later day's previous day moves.
      const added = await sql<{ salon_id: number; day: string }>`
        INSERT INTO sale_lines (salon_id, client_id, staff_id, day, kind, product_id, category, quantity, list_amount_cents,
          paid_amount_cents, discount_cents)
        SELECT salon_id, client_id, staff_id, day - ${1 + rand(10)}::int, 'PRODUCT', ${fixture.products.gel}, 'RESALE', 1, 1000, 1000, 0
        FROM sale_lines WHERE staff_id IS NOT NULL AND client_id IS NOT NULL AND day >= '2025-03-12' ORDER BY id OFFSET ${rand(4)} LIMIT 1
        RETURNING salon_id, day::text AS day`.execute(db);
    } else if (op === 7) {
      // A walk-in a week before a client's day with another day of theirs in between: that day's previous one on its weekday moves.
      const added = await sql<{ salon_id: number; day: string }>`
        INSERT INTO sale_lines (salon_id, client_id, day, kind, service_id, category, list_amount_cents, paid_amount_cents, discount_cents)
        SELECT w.salon_id, w.client_id, w.day - 7, 'SERVICE', ${fixture.services.cut}, 'HAIRCUT', 2500, 2500, 0
        FROM (SELECT DISTINCT salon_id, client_id, day FROM sale_lines WHERE client_id IS NOT NULL) w
        WHERE EXISTS (SELECT 1 FROM sale_lines b WHERE b.salon_id = w.salon_id AND b.client_id = w.client_id AND b.day > w.day - 7 AND b.day < w.day)
          AND NOT EXISTS (SELECT 1 FROM sale_lines b WHERE b.salon_id = w.salon_id AND b.client_id = w.client_id AND b.day = w.day - 7)
        ORDER BY w.day, w.client_id OFFSET ${rand(4)} LIMIT 1
        RETURNING salon_id, day::text AS day`.execute(db);
    } else if (op === 0) {
      // A checkout: an appointment and its lines (a service, maybe a product), or a walk-in's lines.
      const day = lineDay(rand);
      const staff = pick([null, fixture.users.stylist, fixture.users.manager]);
      const client = rand(5) === 0 ? null : (clients[rand(clients.length)] as number);
      let appointment: number | null = null;
      if (client !== null && rand(3) > 0) {
        const start = new Date(`${day}T${String(9 + rand(8)).padStart(2, '0')}:00:00Z`);
        const row = await db
          .insertInto('appointments')
          .values({
            salon_id: salon,
            client_id: client,
            staff_id: staff,
            day,
            start_at: start,
            end_at: new Date(start.getTime() + 3_600_000),
            status: 'DONE',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        appointment = row.id;
      }
      const list = 2000 + rand(4000);
      const paid = list - (rand(3) === 0 ? rand(1000) : 0);
      await db
        .insertInto('sale_lines')
        .values([
          {
            salon_id: salon,
            appointment_id: appointment,
            client_id: client,
            day,
            staff_id: staff,
            kind: 'SERVICE',
            service_id: pick([fixture.services.cut, fixture.services.cut, fixture.services.mask]),
            category: 'HAIRCUT' as const,
            list_amount_cents: list,
            paid_amount_cents: paid,
            discount_cents: list - paid,
            recommended: rand(2) === 0,
          },
          ...(rand(2) === 0
            ? [
                {
                  salon_id: salon,
                  appointment_id: appointment,
                  client_id: client,
                  day,
                  staff_id: staff,
                  kind: 'PRODUCT' as const,
                  product_id: pick([fixture.products.gel, fixture.products.shampoo]),
                  category: 'RESALE' as const,
                  quantity: 1 + rand(2),
                  list_amount_cents: 1000,
                  paid_amount_cents: 1000,
                  discount_cents: 0,
                },
              ]
            : []),
        ])
        .execute();
    } else if (op === 4) {
      // A line moved to another day or amount (an import's update).
      const moved = await sql<{ salon_id: number; day: string; old_day: string }>`
        UPDATE sale_lines l SET day = ${rand(3) === 0 ? lineDay(rand) : fixtureDay(rand)}::date, paid_amount_cents = l.paid_amount_cents + ${rand(500)}
        FROM (SELECT salon_id, id, day FROM sale_lines WHERE appointment_id IS NULL ORDER BY id OFFSET ${rand(6)} LIMIT 1) o
        WHERE (l.salon_id, l.id) = (o.salon_id, o.id)
        RETURNING l.salon_id, l.day::text AS day, o.day::text AS old_day`.execute(db);
      // The old and the new day apart: one refresh of the months between would cost more than the write.
    } else if (op === 5) {
      const removed = await sql<{ salon_id: number; day: string }>`
        DELETE FROM sale_lines WHERE (salon_id, id) = (SELECT salon_id, id FROM sale_lines ORDER BY id DESC OFFSET ${rand(6)} LIMIT 1)
        RETURNING salon_id, day::text AS day`.execute(db);
    } else if (op === 3) {
      // A correction removing a purchase the client made again in a later month (whose previous purchase it was).
      const removed = await sql<{ salon_id: number; day: string }>`
        DELETE FROM sale_lines WHERE (salon_id, id) = (SELECT l.salon_id, l.id FROM sale_lines l
          WHERE EXISTS (SELECT 1 FROM sale_lines n WHERE n.salon_id = l.salon_id AND n.client_id = l.client_id AND n.kind = l.kind
            AND n.day >= (date_trunc('month', l.day) + interval '1 month')::date)
          ORDER BY l.id OFFSET ${rand(3)} LIMIT 1)
        RETURNING salon_id, day::text AS day`.execute(db);
    } else if (op === 2) {
      const changed = await sql<{ salon_id: number; day: string }>`
        UPDATE sale_lines SET client_id = ${clients[rand(clients.length)]}, recommended = NOT recommended,
          staff_id = ${pick([null, fixture.users.stylist, fixture.users.manager])},
          service_id = CASE WHEN kind = 'SERVICE' THEN ${pick([fixture.services.cut, fixture.services.colour, fixture.services.mask])}::int END
        WHERE (salon_id, id) = (SELECT salon_id, id FROM sale_lines WHERE salon_id = ${salon} ORDER BY id OFFSET ${rand(8)} LIMIT 1)
        RETURNING salon_id, day::text AS day`.execute(db);
    } else {
      // A back-dated purchase, before the client's first: a copy of their first line of an item bought after another of its kind.
      const added = await sql<{ salon_id: number; day: string }>`
        INSERT INTO sale_lines (salon_id, client_id, staff_id, day, kind, service_id, product_id, category, quantity, list_amount_cents,
          paid_amount_cents, discount_cents)
        SELECT l.salon_id, l.client_id, l.staff_id,
          ((SELECT min(f.day) FROM sale_lines f WHERE f.salon_id = l.salon_id AND f.client_id = l.client_id) - make_interval(months => ${1 + rand(3)}))::date,
          l.kind, l.service_id, l.product_id, l.category, l.quantity, l.list_amount_cents, l.paid_amount_cents, l.discount_cents
        FROM sale_lines l
        WHERE EXISTS (SELECT 1 FROM sale_lines e WHERE e.salon_id = l.salon_id AND e.client_id = l.client_id AND e.kind = l.kind
          AND e.day < date_trunc('month', l.day) AND COALESCE(e.service_id, e.product_id) <> COALESCE(l.service_id, l.product_id))
          AND NOT EXISTS (SELECT 1 FROM sale_lines e WHERE e.salon_id = l.salon_id AND e.client_id = l.client_id AND e.kind = l.kind
            AND e.day < date_trunc('month', l.day) AND COALESCE(e.service_id, e.product_id) = COALESCE(l.service_id, l.product_id))
        ORDER BY l.id DESC OFFSET ${rand(3)} LIMIT 1
        RETURNING salon_id, day::text AS day`.execute(db);
    }
  },
  async appointments(db, { rand }) {
    // A status change (DONE, CANCELLED, NO_SHOW) or a move of the start time, as the import writes them.
    const statuses = ['DONE', 'CANCELLED', 'NO_SHOW', 'BOOKED'] as const;
    if (rand(2) === 0) {
      // A client's next visit, a few days after a DONE one and booked within (or after) a week of its end: it moves that visit's rebooking.
      const after = 1 + rand(20);
      const added = await sql<{ salon_id: number; day: string }>`
        INSERT INTO appointments (salon_id, client_id, day, start_at, end_at, status, booked_at)
        SELECT p.salon_id, p.client_id, p.day + ${after}::int, p.start_at + make_interval(days => ${after}), p.end_at + make_interval(days => ${after}),
          ${statuses[rand(statuses.length)]}, p.end_at + make_interval(days => ${rand(10)})
        FROM appointments p WHERE p.status = 'DONE' AND p.client_id IS NOT NULL ORDER BY p.id OFFSET ${rand(6)} LIMIT 1
        RETURNING salon_id, day::text AS day`.execute(db);
      return;
    }
    const minutes = rand(240) - 120;
    // booked_at some days before the start: a visit up to 7 days earlier counts as rebooked by it.
    const bookedDaysBefore = rand(12);
    const changed = await sql<{ salon_id: number; day: string }>`
      UPDATE appointments SET status = ${statuses[rand(statuses.length)]}, start_at = start_at + make_interval(mins => ${minutes}),
        end_at = end_at + make_interval(mins => ${minutes}), booked_at = start_at - make_interval(days => ${bookedDaysBefore})
      WHERE (salon_id, id) = (SELECT salon_id, id FROM appointments ORDER BY id OFFSET ${rand(10)} LIMIT 1)
      RETURNING salon_id, day::text AS day`.execute(db);
  },
  async feedback(db, { fixture, rand }) {
    // A client's answer naming a person (or nobody), its score or person changed, or removed.
    const staff = [fixture.users.stylist, fixture.users.manager, null];
    const op = rand(4);
    if (op < 2) {
      const salon = rand(4) === 0 ? fixture.salon2 : fixture.salon1;
      const clients =
        salon === fixture.salon1
          ? [fixture.clients.c1, fixture.clients.c2, fixture.clients.c3, fixture.clients.c4, null]
          : [fixture.clients.c5, null];
      await db
        .insertInto('feedback')
        .values(
          Array.from({ length: 1 + rand(3) }, () => ({
            salon_id: salon,
            client_id: clients[rand(clients.length)] ?? null,
            staff_id: staff[rand(staff.length)] ?? null,
            score: 1 + rand(5),
            day: fixtureDay(rand),
          })),
        )
        .execute();
    } else if (op === 2) {
      await sql`UPDATE feedback SET score = ${1 + rand(5)}, staff_id = ${staff[rand(staff.length)] ?? null}, day = ${fixtureDay(rand)}::date
        WHERE (salon_id, id) = (SELECT salon_id, id FROM feedback ORDER BY id OFFSET ${rand(5)} LIMIT 1)`.execute(db);
    } else {
      await sql`DELETE FROM feedback WHERE (salon_id, id) = (SELECT salon_id, id FROM feedback ORDER BY id DESC OFFSET ${rand(5)} LIMIT 1)`.execute(
        db,
      );
    }
  },
  async salons(db, { fixture, rand }) {
    const pick = pickWith(rand);
    const zones = ['Europe/Rome', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
    const salon = rand(2) === 0 ? fixture.salon1 : fixture.salon2;
    if (rand(2) === 0) await sql`UPDATE salons SET time_zone = ${zones[rand(zones.length)]} WHERE id = ${salon}`.execute(db);
    // The lost threshold splits the recap's returning clients.
    else await sql`UPDATE salons SET lost_client_days = ${pick([7, 30, 180])} WHERE id = ${salon}`.execute(db);
  },
  async stock_movements(db, { fixture, rand }) {
    const day = () => `2025-0${3 + rand(2)}-${String(1 + rand(28)).padStart(2, '0')}`;
    const types = ['INTERNAL_USE', 'INTERNAL_USE', 'LOAD', 'SALE', 'ADJUSTMENT'] as const;
    const products = [fixture.products.shampoo, fixture.products.gel];
    const op = rand(4);
    if (op < 2) {
      await db
        .insertInto('stock_movements')
        .values(
          Array.from({ length: 1 + rand(4) }, () => ({
            salon_id: rand(3) === 0 ? fixture.salon2 : fixture.salon1,
            product_id: products[rand(products.length)] as number,
            day: day(),
            type: types[rand(types.length)] as (typeof types)[number],
            quantity: -1 - rand(4),
            unit_cost_cents: 100 + rand(500),
            note: 'random',
          })),
        )
        .execute();
    } else if (op === 2) {
      await sql`UPDATE stock_movements SET day = ${day()}::date, type = ${types[rand(types.length)]}, quantity = ${-1 - rand(6)}
        WHERE id = (SELECT id FROM stock_movements ORDER BY id OFFSET ${rand(5)} LIMIT 1)`.execute(db);
    } else {
      await sql`DELETE FROM stock_movements WHERE id = (SELECT id FROM stock_movements ORDER BY id DESC OFFSET ${rand(5)} LIMIT 1)`.execute(
        db,
      );
    }
  },
  async products(db, { fixture, rand }) {
    const products = [fixture.products.shampoo, fixture.products.gel];
    await sql`UPDATE products SET category = CASE category WHEN 'RESALE' THEN 'PROFESSIONAL' ELSE 'RESALE' END
      WHERE id = ${products[rand(products.length)]}`.execute(db);
  },
  async clients(db, { fixture, rand }) {
    const pick = pickWith(rand);
    const { names, phones, emails, births } = CLIENT_VALUES;
    const creators = [null, fixture.users.reception, fixture.users.manager];
    // a record no appointment, sale, feedback or NPS answer names: it may be removed or move to the other salon
    const free = sql`(SELECT c.id FROM clients c WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE a.client_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.client_id = c.id) AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.client_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM nps_responses r WHERE r.client_id = c.id) ORDER BY c.id DESC OFFSET ${rand(4)} LIMIT 1)`;
    const any = sql`(SELECT id FROM clients ORDER BY id OFFSET ${rand(8)} LIMIT 1)`;
    const op = rand(7);
    if (op < 2) {
      const ids = Array.from({ length: 1 + rand(3) }, () => `random-${rand(12)}`);
      await upsertRandomClients(db, rand, { salons: [fixture.salon1, fixture.salon2], creators }, ids);
    } else if (op === 2) {
      const [first, last] = pick(names);
      await sql`UPDATE clients SET first_name = ${first}, last_name = ${last}, created_by = ${pick(creators)} WHERE id = ${any}`.execute(
        db,
      );
    } else if (op === 3) {
      await sql`UPDATE clients SET phone = ${pick(phones)}, email = ${pick(emails)}, birth_date = ${pick(births)}::date,
        gender = ${pick(['MALE', 'FEMALE', null])}, privacy_consent = NOT privacy_consent,
        first_visit = ${pick([null, '2025-03-04', '2025-03-10', '2025-04-15'])}::date WHERE id = ${any}`.execute(db);
    } else if (op === 6) {
      // The import's first visits and a record's place, which the recap and the customer map read.
      const [city, postal] = pick([
        [null, null],
        ['Milano', '20121'],
        [' Roma ', ' '],
        ['', '00184'],
      ] as const);
      const located = rand(2) === 0;
      const firstVisit = pick([
        sql`NULL::date`,
        sql`${fixtureDay(rand)}::date`,
        sql`(SELECT min(l.day) FROM sale_lines l WHERE l.salon_id = clients.salon_id AND l.client_id = clients.id)`,
      ]);
      await sql`UPDATE clients SET first_visit = ${firstVisit}, city = ${city}, postal_code = ${postal},
        latitude = ${located ? 45 + rand(100) / 100 : null}, longitude = ${located ? 9 + rand(100) / 100 : null} WHERE id = ${any}`.execute(
        db,
      );
    } else if (op === 4) {
      await sql`UPDATE clients SET salon_id = CASE salon_id WHEN ${fixture.salon1} THEN ${fixture.salon2}::int ELSE ${fixture.salon1}::int END,
        external_id = NULL WHERE id = ${free}`.execute(db);
    } else {
      await sql`DELETE FROM clients WHERE id = ${free}`.execute(db);
    }
  },
  async user_timeframes(db, { fixture, rand }) {
    // A shift added (some crossing the salon's midnight), moved or removed, as the planner writes them; none overlaps another of the person.
    const { salon1, salon2, users } = fixture;
    const people = [
      [salon1, users.stylist],
      [salon1, users.manager],
      [salon1, users.assistant],
      [salon2, users.manager2],
    ] as const;
    const [salon, user] = people[rand(people.length)] as (typeof people)[number];
    const start = `${fixtureDay(rand)}T${String(rand(24)).padStart(2, '0')}:${rand(2) === 0 ? '00' : '30'}:00Z`;
    const hours = 1 + rand(10);
    const op = rand(4);
    if (op < 2) {
      await sql`INSERT INTO user_timeframes (salon_id, user_id, day_start, day_end)
        SELECT ${salon}::int, ${user}::int, ${start}::timestamptz, ${start}::timestamptz + make_interval(hours => ${hours})
        WHERE NOT EXISTS (SELECT 1 FROM user_timeframes t WHERE t.salon_id = ${salon} AND t.user_id = ${user}
          AND tstzrange(t.day_start, t.day_end) && tstzrange(${start}::timestamptz, ${start}::timestamptz + make_interval(hours => ${hours})))`.execute(
        db,
      );
    } else if (op === 2) {
      const minutes = (rand(9) - 4) * 90;
      await sql`UPDATE user_timeframes u SET day_start = u.day_start + make_interval(mins => ${minutes}), day_end = u.day_end + make_interval(mins => ${minutes})
        WHERE u.id = (SELECT id FROM user_timeframes ORDER BY id OFFSET ${rand(4)} LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM user_timeframes t WHERE t.salon_id = u.salon_id AND t.user_id = u.user_id AND t.id <> u.id
            AND tstzrange(t.day_start, t.day_end) && tstzrange(u.day_start + make_interval(mins => ${minutes}), u.day_end + make_interval(mins => ${minutes})))`.execute(
        db,
      );
    } else {
      await sql`DELETE FROM user_timeframes WHERE id = (SELECT id FROM user_timeframes ORDER BY id DESC OFFSET ${rand(4)} LIMIT 1)`.execute(
        db,
      );
    }
  },
  async attendances(db, { fixture, rand }) {
    // A clock-in (some late in the salon's evening), a clock-out or correction, or a removal.
    const { salon1, salon2, users } = fixture;
    const people = [
      [salon1, users.stylist],
      [salon1, users.reception],
      [salon2, users.manager2],
    ] as const;
    const [salon, user] = people[rand(people.length)] as (typeof people)[number];
    const op = rand(4);
    if (op < 2) {
      const clockIn = `${fixtureDay(rand)}T${String(rand(24)).padStart(2, '0')}:15:00Z`;
      const hours = rand(3) === 0 ? null : 1 + rand(9);
      await sql`INSERT INTO attendances (salon_id, user_id, clock_in, clock_out)
        VALUES (${salon}, ${user}, ${clockIn}::timestamptz, ${clockIn}::timestamptz + make_interval(hours => ${hours}))`.execute(db);
    } else if (op === 2) {
      const minutes = (rand(9) - 4) * 60;
      await sql`UPDATE attendances SET clock_in = clock_in + make_interval(mins => ${minutes}),
          clock_out = COALESCE(clock_out, clock_in + interval '8 hours') + make_interval(mins => ${minutes})
        WHERE id = (SELECT id FROM attendances ORDER BY id OFFSET ${rand(4)} LIMIT 1)`.execute(db);
    } else {
      await sql`DELETE FROM attendances WHERE id = (SELECT id FROM attendances ORDER BY id DESC OFFSET ${rand(4)} LIMIT 1)`.execute(db);
    }
  },
};
