import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { insertUser, signIn } from '../../test/helpers.js';

/**
 * The staff tests' hand-made chain: two salons in Europe/Rome, closed on Sunday and Monday (so
 * a Monday-to-Sunday holiday week costs 5 working days), a manager, a receptionist and two
 * stylists in salon 1 (stylist2 employed from 2026-03-01 to 2026-12-31), a manager in salon 2,
 * a superadmin. Passwords 'secret123'.
 */
export async function seedStaffFixture(db: Db, app: FastifyInstance) {
  const hours = JSON.stringify({
    monday: null,
    tuesday: ['09:00', '19:00'],
    wednesday: ['09:00', '19:00'],
    thursday: ['09:00', '19:00'],
    friday: ['09:00', '20:00'],
    saturday: ['09:00', '18:00'],
    sunday: null,
  });
  const salon1 = (
    await db
      .insertInto('salons')
      .values({ name: 'Uno', code: 'U1', city: 'Milano', opening_hours: hours, time_zone: 'Europe/Rome' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const salon2 = (
    await db
      .insertInto('salons')
      .values({ name: 'Due', code: 'U2', city: 'Roma', opening_hours: hours, time_zone: 'Europe/Rome' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const users = {
    superadmin: await insertUser(db, 'superadmin', null, ['SUPERADMIN']),
    manager: await insertUser(db, 'manager', salon1, ['ADMIN']),
    reception: await insertUser(db, 'reception', salon1, ['RECEPTIONIST']),
    stylist: await insertUser(db, 'stylist', salon1, ['IMAGE']),
    stylist2: await insertUser(db, 'stylist2', salon1, ['IMAGE']),
    manager2: await insertUser(db, 'manager2', salon2, ['ADMIN']),
  };
  await db
    .updateTable('users')
    .set({ employment_start: '2026-03-01', employment_end: '2026-12-31' })
    .where('id', '=', users.stylist2)
    .execute();
  const codes: Record<keyof typeof users, string> = {} as Record<keyof typeof users, string>;
  for (const name of Object.keys(users) as (keyof typeof users)[]) codes[name] = await signIn(app, name);
  return { salon1, salon2, users, codes };
}

export type StaffFixture = Awaited<ReturnType<typeof seedStaffFixture>>;

/** app.inject with a query of strings and a JSON payload. */
export function caller(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { query?: Record<string, unknown>; payload?: unknown } = {}) =>
    app.inject({
      method,
      url,
      query: options.query
        ? Object.fromEntries(
            Object.entries(options.query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          )
        : undefined,
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    });
}
