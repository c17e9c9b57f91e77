import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { NO_JIT, pgTypes } from '../db/connect.js';
import type { Database, Db, DbOrTx, Gender, Role } from '../db/database.js';
import { rebuildRollupModel, setStaleMarks } from '../db/rollups/apply.js';
import { storeTable } from '../db/rollups/ddl.js';
import { ROLLUPS } from '../db/rollups/registry.js';
import { freezeSalonParts } from '../features/campaigns/campaigns.query.js';
import { monthNamesOf } from '../lib/months.js';
import { hashPassword } from '../lib/password.js';
import { CHAIN_TIME_ZONE, createClock, salonToday } from '../lib/today.js';
import { BulkWriter, type Cell, type TableStat } from './bulk-writer.js';
import { clockOf, dayFromIso, dayOf, isoFromDay, isPublicHoliday, localTimestamp, partsOf, WEEKDAYS, weekdayOf } from './calendar.js';
import {
  CAMPAIGN_THEMES,
  CHAIN_NEWS,
  CHECK_UP_KPIS,
  EMAIL_DOMAINS,
  FEEDBACK_COMMENTS,
  FEMALE_NAMES,
  MALE_NAMES,
  NPS_COMMENTS,
  PRODUCTS,
  S,
  SALON_NEWS,
  SALON_SEEDS,
  SERVICES,
  SURNAMES,
} from './catalogue.js';
import {
  chooseServices,
  clientGender,
  type DemoClient,
  DueQueue,
  firstServices,
  isChild,
  MAX_OVERDUE_DAYS,
  NameBook,
  newProfile,
  pickResale,
  recordVisit,
  secondRecord,
} from './clients.js';
import { deriveSeed, Rng, WeightedPicker } from './random.js';

/*
 * The demo chain: a deterministic (seeded) generator that fills every base table.
 *
 * Invariants the reports rely on (generate.test.ts checks each one in SQL):
 * - sale_lines exist only for DONE appointments, or with appointment_id null for a walk-in
 *   retail sale; sale_lines.day = the appointment's day.
 * - Appointments after today are BOOKED and have no sale lines; appointments up to today are
 *   DONE (about 90 %), CANCELLED or NO_SHOW.
 * - clients.first_visit = the day of the client's first DONE appointment, null when they never came.
 * - paid_amount_cents = list_amount_cents - discount_cents; about 10 % of lines are recommended.
 * - Service lines carry services.category; product lines carry products.category and are
 *   always RESALE products (PROFESSIONAL products only appear in stock movements, as LOAD,
 *   INTERNAL_USE, ADJUSTMENT).
 * - A line's staff member had a shift (user_timeframes) covering the appointment that day;
 *   a walk-in sale's staff member had a shift that day. Shifts exist only on days the salon
 *   is open (opening_hours of that weekday not null, public holidays and summer closure excluded),
 *   never on a staff member's day off (user_shifts) nor outside their employment.
 * - Attendance follows the shifts up to today (clock-in/out within minutes of the shift, about
 *   3 % of days missing, a few clock-outs missing); none in the future.
 * - Saturday is the busiest day, Sunday and Monday are closed in most salons; December peaks,
 *   August dips; the chain grows about 5 % a year.
 * - Clients behave as clients.ts says: one name per person in a salon (a person registered twice
 *   keeps the phone or e-mail that shows it), back every 4 to 10 weeks (men sooner), never the
 *   same kind of service again within MIN_DAYS_BETWEEN; children's services for children only,
 *   men's and women's services and the men's products by gender; nothing sold to a child, and
 *   nothing to a client before their first visit.
 * Ids are explicit (chain-wide counters) and the identity sequences are moved past them at the end.
 */

export interface GenerateOptions {
  salons: number;
  /** Years of history before today (fractions allowed: 0.25 is about three months). */
  years: number;
  seed?: number;
  /** The last day of history, 'YYYY-MM-DD' (DEMO_TODAY); defaults to today in Europe/Rome. The chain is the same for the same seed and day. */
  today?: string;
  /** Appointments per salon-day relative to the benchmark volume (1 = about 5 M sale lines for 20 salons x 3 years). */
  density?: number;
  /** Days of BOOKED appointments after today. */
  daysAhead?: number;
  log?: { info(msg: string): void };
}

export interface DemoTarget {
  url: string;
}

export interface DemoReport {
  tables: TableStat[];
  milliseconds: number;
}

const TIME_ZONE = CHAIN_TIME_ZONE;
/**
 * Appointments (any status) per open salon-day at density 1 for a salon of size 1, before the
 * weekday and season factors. Measured: 5 salons x 3 years at density 1 give 1.23 M sale lines
 * (about 3.4 lines per appointment), so 20 salons x 3 years give about 5 M.
 */
const BASE_APPOINTMENTS = 100;
/** Sunday..Saturday. */
const WEEKDAY_FACTOR = [0.6, 0.65, 0.8, 0.85, 0.95, 1.15, 1.45];
/** January..December. */
const SEASON_FACTOR = [0.85, 0.85, 0.95, 1.0, 1.05, 1.1, 1.0, 0.6, 1.0, 1.0, 1.05, 1.35];
const PERMISSION_ID: Record<Role, number> = { SUPERADMIN: 1, ADMIN: 2, RECEPTIONIST: 3, SALESMARKETING: 4, IMAGE: 5, ASSISTANCE: 6 };

const TABLES: Record<string, readonly string[]> = {
  salons: [
    'id',
    'name',
    'code',
    'city',
    'address',
    'postal_code',
    'time_zone',
    'opening_hours',
    'active_client_days',
    'lost_client_days',
    'created_at',
  ],
  users: [
    'id',
    'salon_id',
    'username',
    'password_hash',
    'first_name',
    'last_name',
    'phone_number',
    'email',
    'title',
    'note',
    'gender',
    'employment_start',
    'employment_end',
    'language',
    'created_at',
  ],
  user_permissions: ['id', 'user_id', 'permission_id'],
  services: ['id', 'name', 'category', 'duration_minutes', 'list_price_cents', 'active'],
  products: ['id', 'name', 'brand', 'category', 'list_price_cents', 'unit_cost_cents', 'active'],
  clients: [
    'salon_id',
    'id',
    'first_name',
    'last_name',
    'gender',
    'birth_date',
    'phone',
    'email',
    'city',
    'postal_code',
    'latitude',
    'longitude',
    'privacy_consent',
    'marketing_consent',
    'first_visit',
    'created_at',
    'created_by',
  ],
  appointments: ['salon_id', 'id', 'client_id', 'staff_id', 'day', 'start_at', 'end_at', 'status', 'booked_at'],
  appointment_services: ['salon_id', 'id', 'appointment_id', 'service_id', 'staff_id', 'list_price_cents'],
  sale_lines: [
    'salon_id',
    'id',
    'appointment_id',
    'client_id',
    'staff_id',
    'day',
    'kind',
    'service_id',
    'product_id',
    'category',
    'quantity',
    'list_amount_cents',
    'paid_amount_cents',
    'discount_cents',
    'recommended',
  ],
  feedback: ['salon_id', 'id', 'appointment_id', 'client_id', 'staff_id', 'service_id', 'score', 'comment', 'created_at', 'day'],
  nps_responses: ['salon_id', 'id', 'client_id', 'day', 'score', 'comment'],
  stock_movements: ['salon_id', 'id', 'product_id', 'day', 'type', 'quantity', 'unit_cost_cents', 'note'],
  user_timeframes: ['salon_id', 'id', 'user_id', 'day_start', 'day_end', 'note', 'recurrence_id', 'recurrence_kind'],
  user_shifts: [
    'salon_id',
    'id',
    'user_id',
    'start_day',
    'end_day',
    'type',
    'note',
    'part',
    'start_time',
    'end_time',
    'user_shift_request_id',
  ],
  user_shift_requests: [
    'salon_id',
    'id',
    'user_id',
    'start_day',
    'end_day',
    'type',
    'note',
    'status',
    'decided_by',
    'decided_at',
    'created_at',
    'kind',
    'part',
    'start_time',
    'end_time',
    'wanted_start',
    'wanted_end',
    'user_timeframe_id',
  ],
  attendances: ['salon_id', 'id', 'user_id', 'clock_in', 'clock_out', 'source'],
  news: ['id', 'salon_id', 'author_id', 'title', 'body', 'published_at'],
  attendance_corrections: [
    'salon_id',
    'id',
    'attendance_id',
    'user_id',
    'action',
    'changed_by',
    'changed_at',
    'old_clock_in',
    'old_clock_out',
    'new_clock_in',
    'new_clock_out',
    'reason',
  ],
  news_reads: ['user_id', 'read_at'],
  salon_configs: ['salon_id', 'product', 'id', 'reach_target_months', 'target_months', 'period_start_date', 'target'],
  full_capacity_settings: ['salon_id', 'number_of_people', 'average_hourly_cents'],
  campaigns: ['id', 'name', 'description', 'month', 'year', 'date_from', 'date_to', 'created_by', 'created_at', 'tier_mode'],
  campaign_salons: ['salon_id', 'campaign_id', 'target_cents'],
  campaign_staff: ['salon_id', 'campaign_id', 'user_id', 'target_cents', 'feedback'],
  campaign_team_leaders: ['salon_id', 'campaign_id', 'user_id', 'bonus_percent'],
  campaign_services_products: [
    'salon_id',
    'campaign_id',
    'id',
    'service_id',
    'product_id',
    'bonus_per_unit_cents',
    'bonus_percent',
    'bonus_kind',
  ],
  campaign_item_tiers: ['salon_id', 'campaign_id', 'item_row_id', 'from_units', 'per_unit_cents'],
  check_ups: ['salon_id', 'gender', 'kpi', 'target', 'updated_at'],
};

/** Tables whose `id` is an identity column: their sequences are moved past the explicit ids. */
const IDENTITY_TABLES = [
  'salons',
  'users',
  'user_permissions',
  'services',
  'products',
  'clients',
  'appointments',
  'appointment_services',
  'sale_lines',
  'feedback',
  'nps_responses',
  'stock_movements',
  'user_timeframes',
  'user_shifts',
  'user_shift_requests',
  'attendances',
  'attendance_corrections',
  'news',
  'salon_configs',
  'campaigns',
  'campaign_services_products',
];

interface Salon {
  index: number;
  id: number;
  name: string;
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Relative size: appointments and staff scale with it. */
  size: number;
  /** Sunday..Saturday: [open, close] in minutes, or null when closed. */
  hours: ([number, number] | null)[];
  closesInAugust: boolean;
  adminId: number;
}

interface DayOff {
  start: number;
  end: number;
  type: 'HOLIDAY' | 'SICK' | 'PERMIT';
  /** FULL_DAY, a half day, or hours (PERMIT); the person has no shift on any day off either way. */
  part: 'FULL_DAY' | 'MORNING' | 'AFTERNOON' | 'HOURS';
  hours: [string, string] | null;
}

interface Staff {
  id: number;
  salon: Salon | null;
  role: Role | null;
  username: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  title: string;
  /** Has shifts and attendance. */
  works: boolean;
  /** Serves clients (IMAGE or ASSISTANCE): appears on sale lines. */
  serves: boolean;
  startDay: number;
  endDay: number | null;
  /** Part-timers work these weekdays only; null = every open day except restDay. */
  partTimeDays: number[] | null;
  restDay: number | null;
  /** Early or late shift in even weeks. */
  pattern: number;
  /** How often clients ask for them. */
  weight: number;
  daysOff: DayOff[];
  offDays: Set<number>;
}

interface Shift {
  staff: Staff;
  start: number;
  end: number;
}

interface Ids {
  [table: string]: number;
}

interface Chain {
  rng: Rng;
  seed: number;
  today: number;
  start: number;
  end: number;
  density: number;
  salons: Salon[];
  staff: Staff[];
  superadminId: number;
  writer: BulkWriter;
  ids: Ids;
  transfers: Map<number, { day: number; productId: number; quantity: number; note: string }[]>;
  /** Paid cents per salon, month and item (`soldKey`): what a campaign's target is set against (writeCampaigns). */
  sold: Map<string, number>;
  /** The last day with an appointment: `end`, or later for a visit pre-booked beyond it (prebookNextVisits). */
  lastDay: number;
}

/** Whether the salon is closed on the day: its weekday's hours, public holidays, the August closure. */
function closedOn(salon: Salon, day: number): boolean {
  const { month, dayOfMonth } = partsOf(day);
  return (
    !salon.hours[weekdayOf(day)] || isPublicHoliday(day) || (salon.closesInAugust && month === 8 && dayOfMonth >= 10 && dayOfMonth <= 21)
  );
}

/** The key of chain.sold: a salon, a month (year x 12 + month - 1) and a service (S) or product (P). */
const soldKey = (salonId: number, monthIndex: number, kind: 'S' | 'P', itemId: number) => `${salonId} ${monthIndex} ${kind}${itemId}`;

function addSold(chain: Chain, salonId: number, monthIndex: number, kind: 'S' | 'P', itemId: number, paidCents: number): void {
  const key = soldKey(salonId, monthIndex, kind, itemId);
  chain.sold.set(key, (chain.sold.get(key) ?? 0) + paidCents);
}

function nextId(ids: Ids, table: string): number {
  ids[table] = (ids[table] ?? 0) + 1;
  return ids[table];
}

const cents = (euros: number) => Math.round(euros * 100);

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function phoneNumber(rng: Rng): string {
  return `+39 3${rng.int(20, 49)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
}

async function loadChain(client: pg.Client, options: GenerateOptions): Promise<DemoReport> {
  if (!Number.isInteger(options.salons) || options.salons < 2 || options.salons > SALON_SEEDS.length) {
    throw new Error(`demo: salons must be between 2 and ${SALON_SEEDS.length}`);
  }
  if (!(options.years > 0 && options.years <= 10)) throw new Error('demo: years must be more than 0 and at most 10');
  const log = options.log ?? { info: () => {} };
  const seed = options.seed ?? 1;
  const today = dayFromIso(options.today ?? salonToday(TIME_ZONE, createClock()));
  // Kysely over this one connection: its transaction wraps the whole load and the rollups' fill, so the
  // chain and its rollups commit together.
  const kysely: Db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { connect: async () => Object.assign(client, { release: () => {} }), end: async () => {} },
    }),
  });
  return kysely.transaction().execute(async (tx) => {
    await client.query(`SET LOCAL TimeZone = '${TIME_ZONE}'`);
    // Foreign-key checks are triggers, one per row and key: skipping them (as pg_restore does)
    // saves time. It needs a superuser; elsewhere the checks simply stay on.
    // The generator writes consistent keys and generate.test.ts checks them.
    await client.query('SAVEPOINT replica');
    await client.query('SET LOCAL session_replication_role = replica').then(
      () => client.query('RELEASE SAVEPOINT replica'),
      () => client.query('ROLLBACK TO SAVEPOINT replica'),
    );
    const { rows } = await client.query<{ n: number }>('SELECT (SELECT count(*) FROM salons) + (SELECT count(*) FROM users) AS n');
    if (rows[0]!.n > 0) throw new Error('demo: the database already holds salons or users; refusing to add the demo chain');
    // Every rollup is filled whole before the commit: the stale marks of each row written would be wasted work.
    await setStaleMarks(tx, false);
    const indexes = await dropSecondaryIndexes(client);
    const writer = new BulkWriter(client);
    for (const [table, columns] of Object.entries(TABLES)) await writer.register(table, columns);

    const rng = new Rng(deriveSeed(seed, 0));
    const chain: Chain = {
      rng,
      seed,
      today,
      start: today - Math.round(options.years * 365.25),
      end: today + (options.daysAhead ?? 14),
      density: options.density ?? 1,
      salons: [],
      staff: [],
      superadminId: 0,
      writer,
      ids: {},
      transfers: new Map(),
      sold: new Map(),
      lastDay: 0,
    };
    chain.lastDay = chain.end;
    log.info(
      `demo: ${options.salons} salons, ${isoFromDay(chain.start)} .. ${isoFromDay(chain.end)}, seed ${seed}, density ${chain.density}`,
    );
    writeCatalogue(chain);
    buildSalons(chain, options.salons);
    await buildStaff(chain);
    planDaysOff(chain);
    planTransfers(chain);
    await writer.flushAll();
    for (const salon of chain.salons) {
      const t0 = Date.now();
      await generateSalon(chain, salon);
      log.info(`demo: ${salon.name} generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    writeNews(chain);
    writeSettings(chain);
    writeCampaigns(chain);
    await writer.flushAll();
    const indexed = Date.now();
    for (const definition of indexes) await client.query(definition);
    log.info(`demo: ${indexes.length} indexes rebuilt in ${((Date.now() - indexed) / 1000).toFixed(1)} s`);
    for (const table of IDENTITY_TABLES) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    const rolled = Date.now();
    for (const table of ['clients', 'appointments', 'sale_lines']) await client.query(`ANALYZE ${table}`);
    // The rollups (db/rollups/) from what was written: one fill per rollup and salon.
    await setStaleMarks(tx, true);
    await rebuildRollupModel(tx);
    log.info(`demo: daily rollups built in ${((Date.now() - rolled) / 1000).toFixed(1)} s`);
    await closePastCampaigns(tx, chain);
    return { tables: writer.stats(), milliseconds: 0 };
  });
}

/** Generates the chain into an empty database, in one transaction (a crash leaves nothing half-seeded). */
export async function generateDemoChain(target: DemoTarget, options: GenerateOptions): Promise<DemoReport> {
  const began = Date.now();
  const client = new pg.Client({ connectionString: target.url, types: pgTypes, options: NO_JIT });
  await client.connect();
  try {
    const report = await loadChain(client, options);
    // Vacuumed as well as analysed: the visibility map lets index-only scans skip the heap from
    // the first report on, and autovacuum has nothing left to do on the loaded tables later.
    const vacuumed = Date.now();
    for (const table of ANALYZED_TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
    options.log?.info(`demo: vacuumed and analysed in ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
    // Let the server recycle the write-ahead log of the load now rather than at its next checkpoint.
    await client.query('CHECKPOINT').catch(() => {});
    report.milliseconds = Date.now() - began;
    options.log?.info(`demo: done in ${(report.milliseconds / 1000).toFixed(1)} s`);
    return report;
  } finally {
    await client.end();
  }
}

// The raw tables and every rollup: without statistics the planner took a salon-year of staff_daily for 6 rows and
// probed clients once per staff_client_days row, several times slower.
const ANALYZED_TABLES = [
  'clients',
  'appointments',
  'sale_lines',
  'user_timeframes',
  'attendances',
  'stock_movements',
  'rollup_stale',
  ...ROLLUPS.map(storeTable),
];

/** Tables big enough that building their indexes once after the load beats updating them row by row. */
const BULK_TABLES = ['clients', 'appointments', 'sale_lines', 'feedback', 'stock_movements', 'user_timeframes', 'attendances'];

/** Drops the indexes of the bulk tables that back no constraint (primary and unique keys stay); returns their definitions. */
async function dropSecondaryIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.definition);
}

function writeCatalogue(chain: Chain): void {
  SERVICES.forEach((service, index) => {
    chain.writer.add('services', [index + 1, service.name, service.category, service.minutes, cents(service.euros), true]);
  });
  PRODUCTS.forEach((product, index) => {
    chain.writer.add('products', [
      index + 1,
      product.name,
      product.brand,
      product.category,
      cents(product.euros),
      cents(product.costEuros),
      true,
    ]);
  });
}

function buildSalons(chain: Chain, count: number): void {
  const { rng } = chain;
  for (let index = 0; index < count; index++) {
    const seed = SALON_SEEDS[index]!;
    const hours: ([number, number] | null)[] = [null, null, [540, 1140], [540, 1140], [540, 1140], [540, 1140], [510, 1080]];
    // A few salons open on Monday afternoon, a shopping-centre one on Sunday.
    if (index % 4 === 2) hours[1] = [840, 1140];
    if (index % 5 === 4) hours[0] = [600, 1080];
    const salon: Salon = {
      index,
      id: index + 1,
      name: seed.name,
      city: seed.city,
      postalCode: seed.postalCode,
      latitude: seed.latitude,
      longitude: seed.longitude,
      size: index === 0 ? 1.15 : index === 1 ? 1 : 0.8 + rng.next() * 0.4,
      hours,
      closesInAugust: index % 3 !== 2,
      adminId: 0,
    };
    chain.salons.push(salon);
    const openingHours: Record<string, [string, string] | null> = {};
    for (const [weekday, name] of [1, 2, 3, 4, 5, 6, 0].map((d) => [d, WEEKDAYS[d]!] as const)) {
      const h = hours[weekday];
      openingHours[name] = h ? [clockOf(h[0]), clockOf(h[1])] : null;
    }
    chain.writer.add('salons', [
      salon.id,
      salon.name,
      `S${salon.id}`,
      salon.city,
      seed.address,
      seed.postalCode,
      TIME_ZONE,
      JSON.stringify(openingHours),
      90,
      180,
      localTimestamp(isoFromDay(chain.start - 30), 9 * 60),
    ]);
  }
}

async function buildStaff(chain: Chain): Promise<void> {
  const { rng } = chain;
  const used = new Set<string>();
  const demoHash = async () => hashPassword('demo');
  // Staff sign in with 'demo' too; one hash shared by all of them saves a slow scrypt each.
  const staffHash = await hashPassword('demo');
  const s1 = chain.salons[0]!;
  const s2 = chain.salons[1]!;
  const longAgo = chain.start - 400;

  const add = async (
    fields: Partial<Staff> & {
      username: string;
      salon: Salon | null;
      role: Role | null;
      firstName: string;
      lastName: string;
      gender: Gender;
    },
    passwordHash: string,
  ) => {
    used.add(fields.username);
    const staff: Staff = {
      id: nextId(chain.ids, 'users'),
      title: '',
      works: false,
      serves: false,
      startDay: longAgo - rng.int(0, 2500),
      endDay: null,
      partTimeDays: null,
      restDay: null,
      pattern: rng.int(0, 1),
      weight: 0.7 + rng.next() * 0.6,
      daysOff: [],
      offDays: new Set(),
      ...fields,
    };
    chain.staff.push(staff);
    const email = `${slug(staff.firstName)}.${slug(staff.lastName)}@salonidemo.it`;
    chain.writer.add('users', [
      staff.id,
      staff.salon?.id ?? null,
      staff.username,
      passwordHash,
      staff.firstName,
      staff.lastName,
      phoneNumber(rng),
      email,
      staff.title,
      '',
      staff.gender,
      isoFromDay(staff.startDay),
      staff.endDay === null ? null : isoFromDay(staff.endDay),
      rng.chance(0.3) ? 'it' : 'en',
      localTimestamp(isoFromDay(Math.max(staff.startDay, chain.start - 30)), 9 * 60),
    ]);
    if (staff.role) chain.writer.add('user_permissions', [nextId(chain.ids, 'user_permissions'), staff.id, PERMISSION_ID[staff.role]]);
    return staff;
  };

  const superadmin = await add(
    {
      username: 'superadmin',
      salon: null,
      role: 'SUPERADMIN',
      firstName: 'Alessandra',
      lastName: 'Conti',
      gender: 'FEMALE',
      title: 'Direzione',
    },
    await demoHash(),
  );
  chain.superadminId = superadmin.id;
  const manager = await add(
    {
      username: 'manager',
      salon: s1,
      role: 'ADMIN',
      firstName: 'Marco',
      lastName: 'Bianchi',
      gender: 'MALE',
      title: 'Direttore di salone',
      works: true,
    },
    await demoHash(),
  );
  await add(
    {
      username: 'reception',
      salon: s1,
      role: 'RECEPTIONIST',
      firstName: 'Sara',
      lastName: 'Ferri',
      gender: 'FEMALE',
      title: 'Receptionist',
      works: true,
    },
    await demoHash(),
  );
  await add(
    { username: 'marketing', salon: s1, role: 'SALESMARKETING', firstName: 'Paolo', lastName: 'Galli', gender: 'MALE', title: 'Marketing' },
    await demoHash(),
  );
  await add(
    {
      username: 'stylist',
      salon: s1,
      role: 'IMAGE',
      firstName: 'Giulia',
      lastName: 'Romano',
      gender: 'FEMALE',
      title: 'Senior stylist',
      works: true,
      serves: true,
      weight: 1.3,
    },
    await demoHash(),
  );
  await add(
    {
      username: 'assistant',
      salon: s1,
      role: 'ASSISTANCE',
      firstName: 'Noemi',
      lastName: 'Greco',
      gender: 'FEMALE',
      title: 'Assistente',
      works: true,
      serves: true,
    },
    await demoHash(),
  );
  const manager2 = await add(
    {
      username: 'manager2',
      salon: s2,
      role: 'ADMIN',
      firstName: 'Chiara',
      lastName: 'Moretti',
      gender: 'FEMALE',
      title: 'Direttrice di salone',
      works: true,
    },
    await demoHash(),
  );
  await add(
    { username: 'noroles', salon: s1, role: null, firstName: 'Luca', lastName: 'Fontana', gender: 'MALE', title: 'Stagista' },
    await demoHash(),
  );
  s1.adminId = manager.id;
  s2.adminId = manager2.id;

  const person = (gender: Gender) => {
    for (;;) {
      const firstName = rng.pick(gender === 'FEMALE' ? FEMALE_NAMES : MALE_NAMES);
      const lastName = rng.pick(SURNAMES);
      const username = `${slug(firstName)}.${slug(lastName)}`;
      if (!used.has(username)) return { firstName, lastName, username, gender };
    }
  };

  for (const salon of chain.salons) {
    const openDays = salon.hours.flatMap((h, weekday) => (h ? [weekday] : []));
    const restCandidates = openDays.filter((weekday) => weekday !== 6);
    const restDay = () => (openDays.length > 5 ? rng.pick(restCandidates) : null);
    if (salon.adminId === 0) {
      const admin = await add(
        { ...person(rng.chance(0.6) ? 'FEMALE' : 'MALE'), salon, role: 'ADMIN', title: 'Direttore di salone', works: true },
        staffHash,
      );
      salon.adminId = admin.id;
    }
    if (salon.index !== 0) {
      await add({ ...person('FEMALE'), salon, role: 'RECEPTIONIST', title: 'Receptionist', works: true, restDay: restDay() }, staffHash);
    }
    const stylists = Math.round(6 * salon.size) - (salon.index === 0 ? 1 : 0);
    const assistants = Math.round(3 * salon.size) - (salon.index === 0 ? 1 : 0);
    const joiner = rng.int(0, stylists - 1);
    const leaver = stylists >= 6 ? (joiner + 1) % stylists : -1;
    for (let i = 0; i < stylists + assistants; i++) {
      const isStylist = i < stylists;
      const fields: Partial<Staff> = {};
      // One stylist joined during the history, one left (employment_start / employment_end).
      if (i === joiner) fields.startDay = chain.start + Math.floor((chain.today - chain.start) * (0.3 + 0.4 * rng.next()));
      if (i === leaver) fields.endDay = chain.start + Math.floor((chain.today - chain.start) * (0.4 + 0.4 * rng.next()));
      if (rng.chance(0.15)) {
        // Part-timers: Saturday and two other open days.
        const others = openDays.filter((d) => d !== 6);
        const first = rng.pick(others);
        const second = rng.pick(others.filter((d) => d !== first));
        fields.partTimeDays = [first, second, 6];
      } else fields.restDay = restDay();
      await add(
        {
          ...person(rng.chance(isStylist ? 0.75 : 0.85) ? 'FEMALE' : 'MALE'),
          salon,
          role: isStylist ? 'IMAGE' : 'ASSISTANCE',
          title: isStylist ? rng.pick(['Stilista', 'Senior stylist', 'Colorista', 'Hair stylist']) : 'Assistente',
          works: true,
          serves: true,
          ...fields,
        },
        staffHash,
      );
    }
  }
  for (const staff of chain.staff) {
    if (staff.salon && staff.works && staff.restDay === null && staff.partTimeDays === null) {
      const openDays = staff.salon.hours.filter((h) => h !== null).length;
      if (openDays > 5) staff.restDay = rng.pick(staff.salon.hours.flatMap((h, weekday) => (h && weekday !== 6 ? [weekday] : [])));
    }
  }
}

/** The DAY_OFF columns of a request row after created_at: kind, part, hours, and no wanted shift. */
function dayOffRequestFields(part: DayOff['part'], hours: [string, string] | null): Cell[] {
  return ['DAY_OFF', part, hours?.[0] ?? null, hours?.[1] ?? null, null, null, null];
}

/** Holidays, sick days and permits per working staff member, with the requests that led to them. */
function planDaysOff(chain: Chain): void {
  const { rng } = chain;
  const firstYear = partsOf(chain.start).year;
  const lastYear = partsOf(chain.end).year;
  for (const staff of chain.staff) {
    if (!staff.works || !staff.salon) continue;
    const salon = staff.salon;
    const blocks: DayOff[] = [];
    const free = (start: number, end: number) => blocks.every((b) => end < b.start - 1 || start > b.end + 1);
    const tryAdd = (start: number, length: number, type: DayOff['type']) => {
      const end = start + length - 1;
      if (start < chain.start || start > chain.end || !free(start, end)) return;
      if (start < staff.startDay || (staff.endDay !== null && end > staff.endDay)) return;
      // A one-day permit is asked for a day the person would work: not a closed day or their rest day.
      if (type === 'PERMIT' && (!salon.hours[weekdayOf(start)] || isPublicHoliday(start) || weekdayOf(start) === staff.restDay)) return;
      blocks.push({ start, end, type, part: 'FULL_DAY', hours: null });
    };
    for (let year = firstYear; year <= lastYear; year++) {
      tryAdd(dayOf(year, 3, 1) + rng.int(0, 110), rng.int(5, 8), 'HOLIDAY');
      tryAdd(dayOf(year, 9, 5) + rng.int(0, 75), rng.int(3, 6), 'HOLIDAY');
      for (let k = rng.count(1.6); k > 0; k--) tryAdd(dayOf(year, 1, 1) + rng.int(0, 364), rng.int(1, 4), 'SICK');
      for (let k = rng.count(2); k > 0; k--) tryAdd(dayOf(year, 1, 1) + rng.int(0, 364), 1, 'PERMIT');
    }
    blocks.sort((a, b) => a.start - b.start);
    // One-day permits: some are hours, some a half-day holiday (their own random stream, so the
    // chain's draws and everything planned from them stay as they were).
    const partRng = new Rng(deriveSeed(chain.seed, 100_000 + staff.id));
    for (const block of blocks) {
      if (block.type !== 'PERMIT' || block.end !== block.start) continue;
      const draw = partRng.next();
      if (draw < 0.4) {
        block.part = 'HOURS';
        block.hours = partRng.chance(0.5) ? ['09:00', '11:00'] : ['15:00', '18:00'];
      } else if (draw < 0.65) {
        block.type = 'HOLIDAY';
        block.part = partRng.chance(0.5) ? 'MORNING' : 'AFTERNOON';
      }
    }
    staff.daysOff = blocks;
    for (const block of blocks) {
      for (let d = block.start; d <= block.end; d++) staff.offDays.add(d);
      const requestId = block.type === 'SICK' ? null : nextId(chain.ids, 'user_shift_requests');
      chain.writer.add('user_shifts', [
        salon.id,
        nextId(chain.ids, 'user_shifts'),
        staff.id,
        isoFromDay(block.start),
        isoFromDay(block.end),
        block.type,
        block.type === 'SICK' ? 'Certificato medico' : block.type === 'PERMIT' ? 'Permesso personale' : 'Ferie',
        block.part,
        block.hours?.[0] ?? null,
        block.hours?.[1] ?? null,
        requestId,
      ]);
      if (requestId === null) continue;
      const created = block.start - rng.int(15, 45);
      const deciderId = staff.id === salon.adminId ? chain.superadminId : salon.adminId;
      chain.writer.add('user_shift_requests', [
        salon.id,
        requestId,
        staff.id,
        isoFromDay(block.start),
        isoFromDay(block.end),
        block.type,
        block.type === 'HOLIDAY' ? 'Ferie' : 'Visita medica',
        'APPROVED',
        deciderId,
        localTimestamp(isoFromDay(created + rng.int(1, 3)), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields(block.part, block.hours),
      ]);
    }
    // Refused requests (the salon was too busy), one every year or two.
    for (let year = firstYear; year <= lastYear; year++) {
      if (!rng.chance(0.6)) continue;
      const start = dayOf(year, 11, 20) + rng.int(0, 30);
      const created = start - rng.int(20, 40);
      if (created >= chain.today || start < chain.start || start < staff.startDay) continue;
      const deciderId = staff.id === salon.adminId ? chain.superadminId : salon.adminId;
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        staff.id,
        isoFromDay(start),
        isoFromDay(start + rng.int(1, 5)),
        'HOLIDAY',
        'Ferie natalizie',
        'REJECTED',
        deciderId,
        localTimestamp(isoFromDay(created + 2), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields('FULL_DAY', null),
      ]);
    }
  }
  // Open requests waiting for a decision, and one just refused, in every salon.
  for (const salon of chain.salons) {
    const candidates = chain.staff.filter((s) => s.salon === salon && s.serves && s.endDay === null);
    const refused = candidates[1 % candidates.length];
    if (refused) {
      const start = chain.today + rng.int(5, 30);
      const created = chain.today - rng.int(3, 15);
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        refused.id,
        isoFromDay(start),
        isoFromDay(start + rng.int(1, 4)),
        'HOLIDAY',
        'Ponte',
        'REJECTED',
        salon.adminId,
        localTimestamp(isoFromDay(created + 1), rng.int(540, 1080)),
        localTimestamp(isoFromDay(created), rng.int(540, 1080)),
        ...dayOffRequestFields('FULL_DAY', null),
      ]);
    }
    for (let k = 0; k < 3 && candidates.length > 0; k++) {
      const staff = candidates[(k * 3) % candidates.length]!;
      let start = chain.today + rng.int(20, 90);
      const type = k === 2 ? 'PERMIT' : 'HOLIDAY';
      const span = type === 'PERMIT' ? 0 : rng.int(3, 7);
      // A pending request never overlaps a day off the person already has (the API refuses that): move it past them.
      while (staff.daysOff.some((b) => b.start <= start + span && b.end >= start)) start += 7;
      chain.writer.add('user_shift_requests', [
        salon.id,
        nextId(chain.ids, 'user_shift_requests'),
        staff.id,
        isoFromDay(start),
        isoFromDay(start + span),
        type,
        type === 'PERMIT' ? 'Trasloco' : 'Vacanza',
        'PENDING',
        null,
        null,
        localTimestamp(isoFromDay(chain.today - rng.int(1, 10)), rng.int(540, 1080)),
        ...dayOffRequestFields(type === 'PERMIT' ? 'HOURS' : 'FULL_DAY', type === 'PERMIT' ? ['14:00', '17:00'] : null),
      ]);
    }
  }
}

type ShiftChangeState = 'APPROVED' | 'REJECTED' | 'PENDING';

/**
 * Shift-change requests in every state, once per salon, on the first open day from a target
 * (no random draws, so the rest of the chain is unchanged): APPROVED 12 days ago (the shift as
 * written is the one asked for), REJECTED 30 days ago (an hour later was asked), PENDING a week
 * ahead (an hour earlier). Each names the shift it would replace; the person is never the admin.
 */
function writeShiftChangeRequests(
  chain: Chain,
  salon: Salon,
  day: number,
  onShift: Shift[],
  shiftIds: Map<number, number>,
  done: Set<ShiftChangeState>,
): void {
  const targets: [ShiftChangeState, number, number][] = [
    ['REJECTED', chain.today - 30, 60],
    ['APPROVED', chain.today - 12, 0],
    ['PENDING', chain.today + 7, -60],
  ];
  for (const [state, from, shiftBy] of targets) {
    if (done.has(state) || day < from) continue;
    const shift = onShift.find((s) => s.staff.serves && s.staff.id !== salon.adminId);
    const shiftId = shift ? shiftIds.get(shift.staff.id) : undefined;
    if (!shift || shiftId === undefined) continue;
    done.add(state);
    const iso = isoFromDay(day);
    const pending = state === 'PENDING';
    chain.writer.add('user_shift_requests', [
      salon.id,
      nextId(chain.ids, 'user_shift_requests'),
      shift.staff.id,
      iso,
      iso,
      null,
      state === 'PENDING' ? 'Posso iniziare prima?' : state === 'APPROVED' ? 'Scambio con una collega' : 'Appuntamento dal medico',
      state,
      pending ? null : salon.adminId,
      pending ? null : localTimestamp(isoFromDay(day - 3), 600),
      localTimestamp(isoFromDay(pending ? chain.today - 1 : day - 5), 615),
      'SHIFT_CHANGE',
      null,
      null,
      null,
      localTimestamp(iso, shift.start + shiftBy),
      localTimestamp(iso, shift.end + shiftBy),
      shiftId,
    ]);
  }
}

/** Stock moved between salons now and then: the same quantity out of one and into another. */
function planTransfers(chain: Chain): void {
  const { rng, salons } = chain;
  const resale = PRODUCTS.flatMap((p, index) => (p.category === 'RESALE' ? [index + 1] : []));
  for (let day = chain.start + 20; day <= chain.today; day += rng.int(40, 80)) {
    const from = rng.int(0, salons.length - 1);
    const to = (from + rng.int(1, salons.length - 1)) % salons.length;
    const productId = rng.pick(resale);
    const quantity = rng.int(2, 6);
    // Moved on a Wednesday: every salon is open then.
    const wednesday = day + ((3 - weekdayOf(day) + 7) % 7);
    if (wednesday > chain.today) break;
    const push = (salon: Salon, signed: number, note: string) => {
      const list = chain.transfers.get(salon.id) ?? [];
      list.push({ day: wednesday, productId, quantity: signed, note });
      chain.transfers.set(salon.id, list);
    };
    push(salons[from]!, -quantity, `Trasferimento a ${salons[to]!.name}`);
    push(salons[to]!, quantity, `Trasferimento da ${salons[from]!.name}`);
  }
}

/** Chance that a line of each kind was recommended by the staff member (overall about 10 %). */
const RECOMMENDED: Record<string, number> = { TREATMENT: 0.35, COLOUR: 0.07, HAIRCUT: 0.02, STYLING: 0.04, RESALE: 0.5 };
/** Back-bar consumption per service: product name -> units. */
const USAGE: Record<string, [string, number][]> = {
  Colore: [
    ['Majirel colore in crema 50 ml', 1.5],
    ['Ossidante Oxydant 20 vol 1 l', 0.08],
    ['Guanti monouso (100 pezzi)', 0.02],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.01],
  ],
  'Ritocco radice': [
    ['Majirel colore in crema 50 ml', 1],
    ['Ossidante Oxydant 20 vol 1 l', 0.05],
    ['Guanti monouso (100 pezzi)', 0.02],
  ],
  'Colore uomo': [
    ['Majirel colore in crema 50 ml', 0.6],
    ['Ossidante Oxydant 20 vol 1 l', 0.03],
  ],
  Meches: [
    ['Blond Studio decolorante 500 g', 0.15],
    ['Carta stagnola rotolo 100 m', 0.05],
    ['Ossidante Oxydant 20 vol 1 l', 0.1],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.03],
  ],
  Balayage: [
    ['Blond Studio decolorante 500 g', 0.15],
    ['Ossidante Oxydant 20 vol 1 l', 0.1],
    ['Olaplex N.1 Bond Multiplier 525 ml', 0.03],
  ],
  Tonalizzante: [['Dia Light tonalizzante 50 ml', 1]],
  Shampoo: [['Shampoo professionale 1,5 l', 0.02]],
  'Trattamento ristrutturante': [['Maschera professionale 1 l', 0.03]],
  'Maschera idratante': [['Maschera professionale 1 l', 0.03]],
};
const PRODUCT_ID = Object.fromEntries(PRODUCTS.map((p, index) => [p.name, index + 1])) as Record<string, number>;
const SERVICE_USAGE: [number, number][][] = SERVICES.map((service) =>
  (USAGE[service.name] ?? []).map(([name, units]) => [PRODUCT_ID[name]!, units]),
);
/** Share of returning visits at which the client is registered a second time (a likely duplicate). */
const DUPLICATE_SHARE = 0.002;
/** Share of appointments booked by a new client. */
const NEW_CLIENT_SHARE = 0.085;
/**
 * Clients on the books of a salon of size 1 at density 1 when the history starts: about the
 * appointments of one day (74) times the days between two visits (45).
 */
const CLIENTELE = 3300;
const FEEDBACK_SCORE = new WeightedPicker([1, 2, 3, 4, 5], [2, 4, 10, 30, 54]);
const NPS_SCORE = new WeightedPicker([0, 2, 4, 5, 6, 7, 8, 9, 10], [1, 1, 2, 3, 6, 10, 16, 26, 35]);

/** Everything that happens in one salon, day by day: shifts, attendance, appointments, sales, stock. */
async function generateSalon(chain: Chain, salon: Salon): Promise<void> {
  const rng = new Rng(deriveSeed(chain.seed, salon.id));
  // Its own stream, so the manager's corrections leave every other generated value as it was.
  const corrections = new Rng(deriveSeed(chain.seed, salon.id, 11));
  // Every salon's sheet shows, in its last days, one forgotten clock-out still open (for the
  // manager to correct) and, a few days earlier, one the manager has already closed.
  let hasRecentForgotten = false;
  let hasRecentCorrected = false;
  const { writer, ids, today } = chain;
  const sid = salon.id;
  const staff = chain.staff.filter((s) => s.salon === salon && s.works);
  const names = new NameBook();
  /** Clients who will come back, by the day they are due. */
  const queue = new DueQueue();
  /** Adults who have come at least once: a walk-in buyer is sometimes one of them. */
  const regulars: DemoClient[] = [];
  const stock = new Map<number, number>();
  const usage = new Map<number, number>();
  const soldToday = new Map<number, number>();
  const transfers = chain.transfers.get(sid) ?? [];
  let transferIndex = 0;
  const shiftChanges = new Set<ShiftChangeState>();
  /** Per client: their last DONE visit (day, main staff member, end minute). */
  const lastDone = new Map<number, { day: number; staffId: number; endMinute: number }>();

  const reorderLevel = (productId: number) => {
    const p = PRODUCTS[productId - 1]!;
    return Math.ceil((p.category === 'RESALE' ? 6 + p.weight * 2 : 4 + p.weight * 3) * Math.max(0.3, salon.size * chain.density));
  };
  const movement = (productId: number, iso: string, type: string, quantity: number, note: string) => {
    stock.set(productId, (stock.get(productId) ?? 0) + quantity);
    writer.add('stock_movements', [
      sid,
      nextId(ids, 'stock_movements'),
      productId,
      iso,
      type,
      quantity,
      cents(PRODUCTS[productId - 1]!.costEuros),
      note,
    ]);
  };

  /** A person with a name and contacts, not yet on file; `same` is someone on file already (to be registered twice). */
  const newPerson = (day: number, gender: Gender | null, same?: DemoClient): DemoClient => {
    const id = nextId(ids, 'clients');
    // A likely duplicate: the same person registered twice (same name and phone or e-mail).
    if (same) return secondRecord(same, id);
    const client = newProfile(rng, id, day, gender);
    const { firstName, lastName } = names.draw(rng, client.gender);
    const phone = rng.chance(0.9) ? phoneNumber(rng) : null;
    let email: string | null = null;
    if (rng.chance(0.7)) {
      const local = `${slug(firstName)}.${slug(lastName)}${rng.chance(0.5) ? rng.int(1, 99) : ''}`;
      const r = rng.next();
      // About 2 % of the e-mails are malformed (a data-quality finding).
      email =
        r < 0.01
          ? `${local}@${rng.pick(EMAIL_DOMAINS).split('.')[0]}`
          : r < 0.02
            ? `${local}.${rng.pick(EMAIL_DOMAINS)}`
            : `${local}@${rng.pick(EMAIL_DOMAINS)}`;
    }
    client.firstName = firstName;
    client.lastName = lastName;
    client.phone = phone;
    client.email = email;
    return client;
  };
  /** Puts a person on file at their first booking: the clients row, created by the staff member of that appointment. */
  const register = (client: DemoClient, firstVisit: string | null, createdAt: string, createdBy: number): void => {
    client.registered = true;
    const near = rng.chance(0.75);
    const privacy = rng.chance(0.92);
    writer.add('clients', [
      sid,
      client.id,
      client.firstName,
      client.lastName,
      client.gender,
      client.birthDay === null ? null : isoFromDay(client.birthDay),
      client.phone,
      client.email,
      rng.chance(0.9) ? salon.city : null,
      near ? salon.postalCode : `${salon.postalCode.slice(0, 3)}${String(rng.int(10, 99))}`,
      Math.round((salon.latitude + rng.gauss() * (near ? 0.01 : 0.05)) * 1e6) / 1e6,
      Math.round((salon.longitude + rng.gauss() * (near ? 0.01 : 0.05)) * 1e6) / 1e6,
      privacy,
      privacy && rng.chance(0.65),
      firstVisit,
      createdAt,
      createdBy,
    ]);
  };

  // The salon's clientele when the history starts: people who come back every few weeks. They
  // go on file at their first visit in the history (first_visit is the first DONE appointment).
  for (let k = Math.round(CLIENTELE * salon.size * chain.density); k > 0; k--) {
    const gender = clientGender(rng);
    const client = newPerson(chain.start, gender);
    client.due = chain.start + rng.int(0, client.returnDays - 1);
    client.lastVisit = client.due - client.returnDays;
    client.last.fill(client.lastVisit);
    client.visits = rng.int(2, 12);
    queue.push(client);
  }

  for (let day = chain.start; day <= chain.end; day++) {
    const iso = isoFromDay(day);
    const weekday = weekdayOf(day);
    const { year, month, dayOfMonth } = partsOf(day);
    const monthIndex = year * 12 + month - 1;
    const isPast = day <= today;
    while (transferIndex < transfers.length && transfers[transferIndex]!.day <= day) {
      const t = transfers[transferIndex++]!;
      if (t.day === day) movement(t.productId, iso, 'TRANSFER', t.quantity, t.note);
    }
    const hours = salon.hours[weekday];
    if (!hours || closedOn(salon, day)) continue;
    const [open, close] = hours;

    // Shifts (and attendance up to today).
    const week = Math.floor((day + 3) / 7);
    const onShift: Shift[] = [];
    const shiftIds = new Map<number, number>();
    for (const member of staff) {
      if (day < member.startDay || (member.endDay !== null && day > member.endDay) || member.offDays.has(day)) continue;
      if (member.partTimeDays ? !member.partTimeDays.includes(weekday) : member.restDay === weekday) continue;
      let start = open;
      let end = close;
      // Early and late weeks alternate: each weekday is then a fortnightly series; otherwise a weekly one.
      let alternates = false;
      if (member.partTimeDays && close - open > 300) {
        alternates = true;
        if ((week + member.pattern) % 2 === 0) end = open + 300;
        else start = close - 300;
      } else if (member.serves && close - open >= 540) {
        alternates = true;
        if ((week + member.pattern) % 2 === 0) end = close - 60;
        else start = open + 60;
      }
      onShift.push({ staff: member, start, end });
      const shiftId = nextId(ids, 'user_timeframes');
      shiftIds.set(member.id, shiftId);
      writer.add('user_timeframes', [
        sid,
        shiftId,
        member.id,
        localTimestamp(iso, start),
        localTimestamp(iso, end),
        '',
        alternates ? `demo-${member.id}-${weekday}-${week % 2}` : `demo-${member.id}-${weekday}`,
        alternates ? 'FORTNIGHTLY' : 'WEEKLY',
      ]);
      if (!isPast || rng.chance(0.03)) continue;
      const clockIn = start - 8 + Math.round(rng.gauss() * 5);
      const source = rng.chance(0.9) ? 'APP' : rng.chance(0.8) ? 'BADGE' : 'MANUAL';
      let clockOut = day === today || rng.chance(0.01) ? null : localTimestamp(iso, end + rng.int(-5, 15), rng.int(0, 59));
      const clockInAt = localTimestamp(iso, clockIn, rng.int(0, 59));
      const attendanceId = nextId(ids, 'attendances');
      const isStaff = member.id !== salon.adminId;
      let leaveOpen = false;
      let correct = false;
      if (isStaff && !hasRecentForgotten && day < today && day >= today - 4) {
        clockOut = null;
        leaveOpen = hasRecentForgotten = true;
      } else if (isStaff && !hasRecentCorrected && day < today - 4 && day >= today - 10) {
        clockOut = null;
        correct = hasRecentCorrected = true;
      }
      // About half the other forgotten clock-outs of past days were closed by the manager the next morning, at the shift's end.
      if (clockOut === null && day < today && !leaveOpen && (correct || corrections.chance(0.5))) {
        clockOut = localTimestamp(iso, end);
        writer.add('attendance_corrections', [
          sid,
          nextId(ids, 'attendance_corrections'),
          attendanceId,
          member.id,
          'CHANGE',
          salon.adminId,
          localTimestamp(isoFromDay(day + 1), 540 + corrections.int(0, 30)),
          clockInAt,
          null,
          clockInAt,
          clockOut,
          corrections.pick(FORGOTTEN_CLOCK_OUT_REASONS),
        ]);
      }
      writer.add('attendances', [sid, attendanceId, member.id, clockInAt, clockOut, source]);
    }
    writeShiftChangeRequests(chain, salon, day, onShift, shiftIds, shiftChanges);
    const servers = onShift.filter((s) => s.staff.serves);
    if (servers.length === 0) continue;
    const stylists = servers.filter((s) => s.staff.role === 'IMAGE');
    const assistants = servers.filter((s) => s.staff.role === 'ASSISTANCE');
    const stylistPicker = new WeightedPicker(
      stylists,
      stylists.map((s) => s.staff.weight),
    );

    const years = (day - chain.start) / 365.25;
    let expected =
      BASE_APPOINTMENTS * salon.size * chain.density * WEEKDAY_FACTOR[weekday]! * SEASON_FACTOR[month - 1]! * (1 + 0.05 * years);
    if (close - open < 360) expected *= 0.5;
    if (!isPast) expected *= Math.max(0.2, 0.95 - 0.05 * (day - today));
    const count = rng.count(expected);

    for (let n = 0; n < count; n++) {
      const main = stylists.length > 0 && rng.chance(0.92) ? stylistPicker.pick(rng) : rng.pick(servers);
      const maxMinutes = main.end - main.start;
      const r = rng.next();
      const status = !isPast ? 'BOOKED' : r < 0.9 ? 'DONE' : r < 0.97 ? 'CANCELLED' : 'NO_SHOW';
      let bookedDay = Math.min(day - rng.int(1, 30), today);
      // Client: one who is due back (the longest waiting first), or a new one.
      while ((queue.peek()?.due ?? day) < day - MAX_OVERDUE_DAYS) queue.pop(); // long overdue: gone elsewhere
      let client: DemoClient | null = null;
      let services: number[] | null = null;
      let isNew = false;
      if (!rng.chance(NEW_CLIENT_SHARE) && (queue.peek()?.due ?? day + 1) <= day) {
        const due = queue.pop()!;
        // Someone of the starting clientele goes on file at a visit they come to.
        services = due.registered || status === 'DONE' ? chooseServices(rng, due, day, maxMinutes) : null;
        if (services) {
          client = due;
          // Half the returning clients booked their visit at the checkout of the previous one.
          if (due.lastVisit !== null && rng.chance(0.5)) bookedDay = Math.min(due.lastVisit, today);
        } else {
          due.due = day + rng.int(3, 10);
          queue.push(due);
        }
      }
      const bookedAt = localTimestamp(isoFromDay(bookedDay), rng.int(480, 1170), rng.int(0, 59));
      if (client && !client.registered) {
        register(client, iso, bookedAt, main.staff.id);
        isNew = true;
      } else if (client && status === 'DONE' && (client.phone || client.email) && rng.chance(DUPLICATE_SHARE)) {
        // Reception registers the person again instead of finding their record; the old record ends here.
        client = newPerson(day, client.gender, client);
        register(client, iso, bookedAt, main.staff.id);
        isNew = true;
      }
      if (!client) {
        isNew = true;
        const gender = clientGender(rng);
        client = newPerson(day, gender);
        register(client, status === 'DONE' ? iso : null, bookedAt, main.staff.id);
        services = chooseServices(rng, client, day, maxMinutes) ?? firstServices(client, day);
      }
      const child = isChild(client, day);
      if (status === 'DONE' || status === 'BOOKED') {
        if (isNew && status === 'DONE' && !child) regulars.push(client);
        if (recordVisit(rng, client, day, services!)) queue.push(client);
      } else if (!isNew) {
        // Cancelled or missed: they book again soon. A new client who never came does not come back.
        client.due = day + rng.int(3, 14);
        queue.push(client);
      }
      const duration = services!.reduce((sum, id) => sum + SERVICES[id - 1]!.minutes, 0);
      const slots = Math.floor((maxMinutes - duration) / 15);
      const startMinute = main.start + 15 * rng.int(0, slots);
      const endMinute = startMinute + duration;
      const appointmentId = nextId(ids, 'appointments');
      writer.add('appointments', [
        sid,
        appointmentId,
        client.id,
        main.staff.id,
        iso,
        localTimestamp(iso, startMinute),
        localTimestamp(iso, endMinute),
        status,
        bookedAt,
      ]);
      if (status === 'DONE') lastDone.set(client.id, { day, staffId: main.staff.id, endMinute });
      if (status === 'BOOKED') {
        // What the today / tomorrow report reads for an appointment not yet checked out.
        for (const serviceId of services!) {
          writer.add('appointment_services', [
            sid,
            nextId(ids, 'appointment_services'),
            appointmentId,
            serviceId,
            main.staff.id,
            cents(SERVICES[serviceId - 1]!.euros),
          ]);
        }
      }
      if (status !== 'DONE') continue;

      // Sale lines: each service, then any products bought at checkout.
      const discount = rng.chance(0.12) ? rng.pick(['loyalty', 'promo', 'fixed'] as const) : null;
      let fixedUsed = false;
      const helper = assistants.find((a) => a.start <= startMinute && a.end >= endMinute) ?? null;
      let mainService = 0;
      for (const serviceId of services!) {
        const service = SERVICES[serviceId - 1]!;
        const list = cents(service.euros);
        let off = 0;
        if (discount === 'loyalty') off = Math.round(list * 0.1);
        else if (discount === 'promo' && service.category === 'TREATMENT') off = Math.round(list * 0.2);
        else if (discount === 'fixed' && !fixedUsed && list >= 2000) {
          off = 500;
          fixedUsed = true;
        }
        const byHelper =
          helper && (serviceId === S.Shampoo || service.category === 'TREATMENT' || serviceId === S.Tonalizzante) && rng.chance(0.6);
        if (mainService === 0 && serviceId !== S.Shampoo) mainService = serviceId;
        addSold(chain, sid, monthIndex, 'S', serviceId, list - off);
        writer.add('sale_lines', [
          sid,
          nextId(ids, 'sale_lines'),
          appointmentId,
          client.id,
          byHelper ? helper.staff.id : main.staff.id,
          iso,
          'SERVICE',
          serviceId,
          null,
          service.category,
          1,
          list,
          list - off,
          off,
          rng.chance(RECOMMENDED[service.category]!),
        ]);
        for (const [productId, units] of SERVICE_USAGE[serviceId - 1]!) usage.set(productId, (usage.get(productId) ?? 0) + units);
      }
      // Products at checkout (a child's parent buys nothing for the child's record).
      if (!child && rng.chance(client.gender === 'MALE' ? 0.12 : 0.24)) {
        for (let k = rng.chance(0.2) ? 2 : 1; k > 0; k--) {
          const productId = pickResale(rng, client.gender);
          const quantity = rng.chance(0.08) ? 2 : 1;
          const list = cents(PRODUCTS[productId - 1]!.euros) * quantity;
          const off = discount === 'loyalty' || rng.chance(0.06) ? Math.round(list * 0.1) : 0;
          soldToday.set(productId, (soldToday.get(productId) ?? 0) + quantity);
          addSold(chain, sid, monthIndex, 'P', productId, list - off);
          writer.add('sale_lines', [
            sid,
            nextId(ids, 'sale_lines'),
            appointmentId,
            client.id,
            main.staff.id,
            iso,
            'PRODUCT',
            null,
            productId,
            'RESALE',
            quantity,
            list,
            list - off,
            off,
            rng.chance(RECOMMENDED.RESALE!),
          ]);
        }
      }
      if (rng.chance(0.08)) {
        const score = FEEDBACK_SCORE.pick(rng);
        writer.add('feedback', [
          sid,
          nextId(ids, 'feedback'),
          appointmentId,
          client.id,
          main.staff.id,
          mainService || services![0]!,
          score,
          rng.chance(0.35) ? rng.pick(FEEDBACK_COMMENTS) : '',
          localTimestamp(iso, Math.min(1439, endMinute + rng.int(30, 240))),
          iso,
        ]);
      }
      if (!child && rng.chance(0.022)) {
        writer.add('nps_responses', [
          sid,
          nextId(ids, 'nps_responses'),
          client.id,
          iso,
          NPS_SCORE.pick(rng),
          rng.chance(0.2) ? rng.pick(NPS_COMMENTS) : '',
        ]);
      }
    }

    if (isPast) {
      // Walk-in retail sales: no appointment, sometimes a known client.
      for (let k = rng.count(1.5 * salon.size * chain.density); k > 0; k--) {
        const seller = rng.pick(servers);
        const buyer = regulars.length > 0 && rng.chance(0.6) ? rng.pick(regulars) : null;
        const productId = pickResale(rng, buyer ? buyer.gender : 'ANYONE');
        const list = cents(PRODUCTS[productId - 1]!.euros);
        soldToday.set(productId, (soldToday.get(productId) ?? 0) + 1);
        addSold(chain, sid, monthIndex, 'P', productId, list);
        writer.add('sale_lines', [
          sid,
          nextId(ids, 'sale_lines'),
          null,
          buyer?.id ?? null,
          seller.staff.id,
          iso,
          'PRODUCT',
          null,
          productId,
          'RESALE',
          1,
          list,
          list,
          0,
          rng.chance(0.1),
        ]);
      }
      // Stock: opening load, daily sales and back-bar use, restocking, monthly count differences.
      if (stock.size === 0) {
        PRODUCTS.forEach((_, index) => {
          movement(index + 1, iso, 'LOAD', reorderLevel(index + 1) * 2, 'Carico iniziale');
        });
      }
      for (const [productId, quantity] of soldToday) movement(productId, iso, 'SALE', -quantity, '');
      soldToday.clear();
      for (const [productId, units] of usage) {
        const whole = Math.floor(units);
        if (whole < 1) continue;
        movement(productId, iso, 'INTERNAL_USE', -whole, 'Consumo interno');
        usage.set(productId, units - whole);
      }
      if (dayOfMonth <= 7 && weekday === 2 && rng.chance(0.5)) {
        const productId = pickResale(rng, 'ANYONE');
        movement(productId, iso, 'ADJUSTMENT', rng.chance(0.7) ? -1 : 1, 'Inventario: differenza conteggio');
      }
      for (let productId = 1; productId <= PRODUCTS.length; productId++) {
        const level = reorderLevel(productId);
        const onHand = stock.get(productId) ?? 0;
        if (onHand < level) movement(productId, iso, 'LOAD', Math.ceil((2 * level - onHand) / 6) * 6, 'Ordine fornitore');
      }
    }
    await writer.flushIfFull();
  }
  prebookNextVisits(chain, salon, staff, queue, lastDone);
}

/**
 * Half the returning clients book their next visit at the checkout of the previous one (as the
 * days above do for the visits they reach). For the clients still waiting when the generated days
 * end, whose last visit was DONE and who are due after today (beyond the days ahead, or not reached
 * by their fewer bookings), about half get that pre-booked visit: a BOOKED appointment on their due
 * day (the next day the salon is open and their last stylist works), with that stylist, inside the
 * opening hours, booked when the last visit ended. Without it the pre-booking rate of the last
 * weeks' visits would read near 0 while earlier months read about half. Its own random stream.
 */
function prebookNextVisits(
  chain: Chain,
  salon: Salon,
  staff: Staff[],
  queue: DueQueue,
  lastDone: Map<number, { day: number; staffId: number; endMinute: number }>,
): void {
  const rng = new Rng(deriveSeed(chain.seed, salon.id, 12));
  const { writer, ids, today } = chain;
  const byId = new Map(staff.map((s) => [s.id, s]));
  const works = (member: Staff, day: number) => {
    const weekday = weekdayOf(day);
    if (closedOn(salon, day) || day < member.startDay || (member.endDay !== null && day > member.endDay)) return false;
    if (member.offDays.has(day)) return false;
    return member.partTimeDays ? member.partTimeDays.includes(weekday) : member.restDay !== weekday;
  };
  while (queue.size > 0) {
    const client = queue.pop()!;
    const last = lastDone.get(client.id);
    if (!last || last.day !== client.lastVisit || client.due <= today || !rng.chance(0.5)) continue;
    const member = byId.get(last.staffId);
    if (!member) continue;
    let day = client.due;
    for (let k = 0; k < 14 && !works(member, day); k++) day++;
    if (!works(member, day)) continue;
    const [open, close] = salon.hours[weekdayOf(day)]!;
    const services = chooseServices(rng, client, day, close - open);
    if (!services) continue;
    const duration = services.reduce((sum, id) => sum + SERVICES[id - 1]!.minutes, 0);
    const startMinute = open + 15 * rng.int(0, Math.floor((close - open - duration) / 15));
    const iso = isoFromDay(day);
    const appointmentId = nextId(ids, 'appointments');
    writer.add('appointments', [
      salon.id,
      appointmentId,
      client.id,
      member.id,
      iso,
      localTimestamp(iso, startMinute),
      localTimestamp(iso, startMinute + duration),
      'BOOKED',
      localTimestamp(isoFromDay(last.day), Math.min(last.endMinute + rng.int(0, 10), 1439), rng.int(0, 59)),
    ]);
    for (const serviceId of services) {
      writer.add('appointment_services', [
        salon.id,
        nextId(ids, 'appointment_services'),
        appointmentId,
        serviceId,
        member.id,
        cents(SERVICES[serviceId - 1]!.euros),
      ]);
    }
    chain.lastDay = Math.max(chain.lastDay, day);
  }
}

/** Why a manager closed a forgotten clock-out (the demo chain is Italian). */
const FORGOTTEN_CLOCK_OUT_REASONS = [
  'Uscita non timbrata: chiusa a fine turno',
  'Dimenticata la timbratura in uscita',
  'Uscita confermata dalla responsabile',
];

function writeNews(chain: Chain): void {
  const { rng } = chain;
  // Everyone (the superadmin too) has read the news up to a week ago: the latest items show as unread.
  const readAt = localTimestamp(isoFromDay(chain.today - 7), 20 * 60);
  for (const member of chain.staff) chain.writer.add('news_reads', [member.id, readAt]);
  let k = 0;
  for (let day = chain.start + 3; day <= chain.today; day += 30) {
    const item = CHAIN_NEWS[k++ % CHAIN_NEWS.length]!;
    chain.writer.add('news', [
      nextId(chain.ids, 'news'),
      null,
      chain.superadminId,
      item.title,
      item.body,
      localTimestamp(isoFromDay(day), 540 + rng.int(0, 60)),
    ]);
  }
  for (const salon of chain.salons) {
    let j = salon.index;
    for (let day = chain.start + 10 + salon.index; day <= chain.today; day += 45) {
      const item = SALON_NEWS[j++ % SALON_NEWS.length]!;
      chain.writer.add('news', [
        nextId(chain.ids, 'news'),
        salon.id,
        salon.adminId,
        item.title,
        item.body,
        localTimestamp(isoFromDay(day), 480 + rng.int(0, 120)),
      ]);
    }
  }
}

function writeSettings(chain: Chain): void {
  const { rng, today } = chain;
  const { year, month } = partsOf(today);
  const periodStart = isoFromDay(dayOf(year, month - 6, 1));
  const updated = localTimestamp(isoFromDay(today - 7), 600);
  const targets: Record<string, number> = { treatment: 30, colour: 45, haircut: 50, resale: 30, styling: 80 };
  for (const salon of chain.salons) {
    for (const product of ['treatment', 'colour', 'haircut', 'resale', 'styling']) {
      // Salon 1 keeps the default target (60) for haircut, to show an untouched setting.
      const target = salon.index === 0 && product === 'haircut' ? 60 : targets[product]! + rng.int(-2, 2) * 5;
      chain.writer.add('salon_configs', [salon.id, product, nextId(chain.ids, 'salon_configs'), 12, 6, periodStart, target]);
    }
    const people = chain.staff.filter((s) => s.salon === salon && s.serves && s.endDay === null).length;
    chain.writer.add('full_capacity_settings', [salon.id, people, 4500 + 500 * rng.int(0, 3)]);
    for (const gender of ['ALL', 'FEMALE', 'MALE'] as const) {
      for (const { kpi, target } of CHECK_UP_KPIS) {
        let value = target;
        if (kpi === 'averageTicket') value = gender === 'MALE' ? 35 : gender === 'FEMALE' ? 72 : target;
        else if (kpi === 'newClients')
          value = Math.round((target * salon.size * (gender === 'ALL' ? 1 : gender === 'FEMALE' ? 0.75 : 0.25)) / 5) * 5;
        chain.writer.add('check_ups', [salon.id, gender, kpi, value, updated]);
      }
    }
  }
}

/**
 * A campaign's target for a salon: what the salon sold of the campaign's services and products
 * (its theme's) in a reference month fully in the history, scaled by the season (and a year's
 * growth when the reference is the same month a year earlier), times `factor` (0.9..1.2, so some
 * campaigns are reached and some are not). The reference: the same month a year earlier, else
 * the month before, else the latest full month of the history. The same basis as the campaign's
 * progress (lib/campaign-revenue.query.ts: only the listed items count).
 */
function campaignTargetCents(chain: Chain, salon: Salon, theme: (typeof CAMPAIGN_THEMES)[number], from: number, factor: number): number {
  const { year, month } = partsOf(from);
  const campaignMonth = year * 12 + month - 1;
  const fullMonth = (m: number) =>
    dayOf(Math.floor(m / 12), (m % 12) + 1, 1) >= chain.start && dayOf(Math.floor(m / 12), (m % 12) + 2, 1) - 1 <= chain.today;
  const todayParts = partsOf(chain.today);
  const latest = [0, 1, 2].map((k) => todayParts.year * 12 + todayParts.month - 2 - k).find(fullMonth);
  const reference = [campaignMonth - 12, campaignMonth - 1, latest].find((m) => m !== undefined && fullMonth(m));
  if (reference === undefined) return Math.round(salon.size * chain.density * 200_000 * factor);
  const items: ['S' | 'P', number][] = [
    ...theme.serviceNames.map((name): ['S', number] => ['S', S[name]!]),
    ...theme.productNames.map((name): ['P', number] => ['P', PRODUCT_ID[name]!]),
  ];
  const soldCents = items.reduce((sum, [kind, id]) => sum + (chain.sold.get(soldKey(salon.id, reference, kind, id)) ?? 0), 0);
  const season = SEASON_FACTOR[month - 1]! / SEASON_FACTOR[reference % 12]!;
  const growth = reference === campaignMonth - 12 ? 1.05 : 1;
  // Rounded to 50 euros, as a manager sets it.
  return Math.max(5_000, Math.round((soldCents * season * growth * factor) / 5_000) * 5_000);
}

/**
 * Closes the campaigns that ended before last month (last month's stays open, to be closed from
 * the screen) for every salon, as the superadmin five days after their end: their figures are
 * frozen (features/campaigns, the same close as the API's). After the rollups: the close reads them.
 */
async function closePastCampaigns(tx: DbOrTx, chain: Chain): Promise<void> {
  const { year, month } = partsOf(chain.today);
  const lastMonthStart = isoFromDay(dayOf(year, month - 1, 1));
  const { rows } = await sql<{ salonId: number; campaignId: number; toDate: string }>`SELECT cs.salon_id AS "salonId",
      cs.campaign_id AS "campaignId", c.date_to AS "toDate"
    FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id
    WHERE c.date_to < ${lastMonthStart}::date ORDER BY c.id, cs.salon_id`.execute(tx);
  const byEnd = new Map<string, { salonId: number; campaignId: number }[]>();
  for (const row of rows) byEnd.set(row.toDate, [...(byEnd.get(row.toDate) ?? []), { salonId: row.salonId, campaignId: row.campaignId }]);
  for (const [toDate, keys] of byEnd) {
    await freezeSalonParts(tx, keys, chain.superadminId, localTimestamp(isoFromDay(dayFromIso(toDate) + 5), 540));
  }
}

/** One incentive campaign a month over the last year, the current month and the next. */
function writeCampaigns(chain: Chain): void {
  const { rng, today } = chain;
  const { year, month } = partsOf(today);
  for (let offset = -12; offset <= 1; offset++) {
    const from = dayOf(year, month + offset, 1);
    const to = dayOf(year, month + offset + 1, 1) - 1;
    if (from < chain.start) continue;
    const parts = partsOf(from);
    const theme = CAMPAIGN_THEMES[(parts.month + parts.year) % CAMPAIGN_THEMES.length]!;
    const id = nextId(chain.ids, 'campaigns');
    chain.writer.add('campaigns', [
      id,
      `Incentivo ${theme.name} ${monthNamesOf('it')[parts.month - 1]} ${parts.year}`,
      `Bonus sui servizi e prodotti ${theme.name.toLowerCase()} venduti nel mese.`,
      parts.month,
      parts.year,
      isoFromDay(from),
      isoFromDay(to),
      chain.superadminId,
      localTimestamp(isoFromDay(from - 10), 600),
      // Tiers alternate by month: STRAIGHT in odd months, SLIDING in even ones.
      parts.month % 2 === 1 ? 'STRAIGHT' : 'SLIDING',
    ]);
    const past = to < today;
    for (const salon of chain.salons) {
      const salonTarget = campaignTargetCents(chain, salon, theme, from, 0.9 + rng.int(0, 10) * 0.03);
      chain.writer.add('campaign_salons', [salon.id, id, salonTarget]);
      const members = chain.staff.filter(
        (s) => s.salon === salon && s.serves && s.startDay <= to && (s.endDay === null || s.endDay >= from),
      );
      for (const member of members) {
        const feedback = past
          ? rng.pick(['Obiettivo raggiunto, ottimo lavoro!', 'Quasi raggiunto: continua così.', 'Sotto obiettivo questo mese.', ''])
          : '';
        // A person's target: an even share of the salon's, 70-130 % of it, in steps of 50.00.
        const share = (salonTarget / members.length) * (0.7 + rng.int(0, 6) * 0.1);
        chain.writer.add('campaign_staff', [salon.id, id, member.id, Math.max(5_000, Math.round(share / 5_000) * 5_000), feedback]);
      }
      const leader = members.find((m) => m.role === 'IMAGE');
      if (leader) chain.writer.add('campaign_team_leaders', [salon.id, id, leader.id, rng.pick([1, 2])]);
      for (const name of theme.serviceNames) {
        chain.writer.add('campaign_services_products', [
          salon.id,
          id,
          nextId(chain.ids, 'campaign_services_products'),
          S[name]!,
          null,
          rng.pick([200, 300, 500]),
          0,
          'PER_UNIT',
        ]);
      }
      // The theme's first product pays unit tiers (1.00 / 2.00 / 3.00 from 0 / 2 / 4 units: a person sells a few a month), the others a per cent.
      theme.productNames.forEach((name, index) => {
        const itemRowId = nextId(chain.ids, 'campaign_services_products');
        const tiered = index === 0;
        chain.writer.add('campaign_services_products', [
          salon.id,
          id,
          itemRowId,
          null,
          PRODUCT_ID[name]!,
          0,
          tiered ? 0 : rng.pick([5, 10]),
          tiered ? 'TIERS' : 'PERCENT',
        ]);
        if (tiered) {
          for (const [fromUnits, cents] of [
            [0, 100],
            [2, 200],
            [4, 300],
          ] as const) {
            chain.writer.add('campaign_item_tiers', [salon.id, id, itemRowId, fromUnits, cents]);
          }
        }
      });
    }
  }
}
