import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { NO_JIT, pgTypes } from '../db/connect.js';
import type { Database, Db } from '../db/database.js';
import { rebuildRollupModel, setStaleMarks } from '../db/rollups/apply.js';
import { storeTable } from '../db/rollups/ddl.js';
import { ROLLUPS } from '../db/rollups/registry.js';
import { createClock, salonToday } from '../lib/today.js';
import { BulkWriter, type TableStat } from './bulk-writer.js';
import { clockOf, dayFromIso, isoFromDay, localTimestamp, WEEKDAYS } from './calendar.js';
import { PRODUCTS, SALON_SEEDS, SERVICES } from './catalogue.js';
import { type Chain, cents, type Salon, TIME_ZONE } from './chain.js';
import { closePastCampaigns, writeCampaigns, writeNews, writeSettings } from './chain-extras.js';
import { deriveSeed, Rng } from './random.js';
import { generateSalon } from './salon-days.js';
import { buildStaff, planDaysOff, planTransfers } from './staff-plan.js';

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
