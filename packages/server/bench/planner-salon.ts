/**
 * The bench's 15-person salon for the staff planner: the demo salons have 9 to 14
 * people, so the bench adds one salon of 15 (an ADMIN and 14 stylists) once, and plans a year
 * of shifts around today through the API itself (weekly and fortnightly series, Tuesday to
 * Saturday, early and late), a few days off and pending requests. Later runs find it by its code.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

const CODE = 'BENCH-PLANNER-15';
const PEOPLE = 15;

export interface PlannerSalon {
  salonId: number;
  /** A day of the current week (the planner shows its Monday..Sunday). */
  day: string;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function post(base: string, url: string, body?: unknown): Promise<void> {
  const res = await fetch(base + url, {
    method: 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok)
    throw new Error(`bench planner salon: ${url.replace(/\/[A-Za-z0-9_.-]{40,}/, '/…')} answered ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

export async function ensurePlannerSalon(db: Db, base: string, code: string): Promise<PlannerSalon> {
  const today = new Date().toISOString().slice(0, 10);
  const existing = await db.selectFrom('salons').select('id').where('code', '=', CODE).executeTakeFirst();
  if (existing) return { salonId: existing.id, day: today };
  console.log(`Adding the ${PEOPLE}-person planner salon (a year of shifts through the API)…`);
  const hours = {
    monday: null,
    tuesday: ['09:00', '19:00'],
    wednesday: ['09:00', '19:00'],
    thursday: ['09:00', '19:00'],
    friday: ['09:00', '20:00'],
    saturday: ['09:00', '18:00'],
    sunday: null,
  };
  const salon = await db
    .insertInto('salons')
    .values({ name: 'Bench Planner', code: CODE, city: 'Milano', opening_hours: JSON.stringify(hours) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userIds: number[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const user = await db
      .insertInto('users')
      .values({
        username: `bench.planner.${i + 1}`,
        salon_id: salon.id,
        // Not a hash any password matches: these people never sign in.
        password_hash: '!',
        first_name: `Persona ${i + 1}`,
        last_name: 'Bench',
        title: i === 0 ? 'Direttore' : 'Stilista',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_permissions')
      .values({ user_id: user.id, permission_id: i === 0 ? 2 : 5 })
      .execute();
    userIds.push(user.id);
  }
  // Series from about half a year back to half a year ahead, starting on the Tuesday of that week.
  const first = addDays(today, -182);
  const tuesday = addDays(first, (2 - new Date(`${first}T00:00:00Z`).getUTCDay() + 7) % 7);
  const last = addDays(tuesday, 364);
  for (const [index, userId] of userIds.entries()) {
    for (let weekday = 0; weekday < 5; weekday++) {
      const day = addDays(tuesday, weekday);
      const early = (index + weekday) % 2 === 0;
      const [from, to] = early ? ['09:00', '15:00'] : ['13:00', '19:00'];
      const query = new URLSearchParams({
        salonId: String(salon.id),
        userId: String(userId),
        dayStart: `${day}T${from}`,
        dayEnd: `${last}T${to}`,
      });
      if (index % 3 === 2) {
        // Fortnightly rota: this weekday in even weeks, the next in odd weeks (no overlap: other days).
        await post(base, `/api/UserTimeframes/Recurrent2/${code}?${query}`);
      } else {
        await post(base, `/api/UserTimeframes/RecurrentType/${code}?${query}`);
      }
    }
  }
  // Days off and pending requests in the planner's week (Monday of today's week + 1..5: Tuesday to
  // Saturday); whole days off remove those shifts.
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  for (const [index, userId] of userIds.slice(1, 5).entries()) {
    const day = addDays(monday, 1 + index);
    await post(base, `/api/UserShifts/${code}`, {
      salonId: salon.id,
      userId,
      startDate: day,
      endDate: addDays(day, 1),
      type: index % 2 ? 'SICK' : 'HOLIDAY',
    });
  }
  for (const userId of userIds.slice(6, 10)) {
    await db
      .insertInto('user_shift_requests')
      .values({
        salon_id: salon.id,
        user_id: userId,
        kind: 'DAY_OFF',
        type: 'HOLIDAY',
        part: 'FULL_DAY',
        start_day: addDays(monday, 3),
        end_day: addDays(monday, 4),
      })
      .execute();
  }
  await sql`ANALYZE user_timeframes, user_shifts, user_shift_requests`.execute(db);
  return { salonId: salon.id, day: today };
}
