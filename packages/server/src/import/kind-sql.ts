import type { ImportKindName } from '@salon/contracts';
import { type ColumnDef, type ColumnType, kindDef } from './kinds.js';

/**
 * The set-based half of an import, per kind: the work table the rows are copied into, the checks
 * that need the database or the whole file (duplicates, references, conflicts), the upsert, and
 * the days whose rollups it changes. Every statement reads the work table `import_rows`; $1 is
 * the salon id for salon kinds (chain kinds take no parameter).
 */

export const PG_TYPES: Record<ColumnType, string> = {
  text: 'text',
  enum: 'text',
  integer: 'integer',
  decimal: 'double precision',
  money: 'bigint',
  date: 'date',
  datetime: 'timestamp',
  boolean: 'boolean',
};

const q = (name: string) => `"${name}"`;

export function workTableSql(kind: ImportKindName): string {
  const columns = kindDef(kind).columns.map((c: ColumnDef) => `${q(c.name)} ${PG_TYPES[c.type]}`);
  return `CREATE TEMP TABLE import_rows (row_number integer NOT NULL, ${columns.join(', ')}) ON COMMIT DROP`;
}

/** A check: rows of (row_number, column_name, value, code, detail jsonb). */
export interface Check {
  sql: string;
  /** Takes the salon id ($1). */
  isSalonScoped: boolean;
}

/**
 * Rows repeating an earlier row's value. One hash aggregate finds the repeated values; the join back to
 * the rows only runs when there are some (a hash join with an empty side skips the other), where a
 * window over every row sorted the whole file.
 */
const duplicates = (column: string, code = 'DUPLICATE'): Check => ({
  sql: `SELECT r.row_number, '${column}' AS column_name, r.${q(column)}::text AS value, '${code}' AS code,
      jsonb_build_object('row', d.first_row) AS detail
    FROM (SELECT ${q(column)}, min(row_number) AS first_row FROM import_rows WHERE ${q(column)} IS NOT NULL
          GROUP BY ${q(column)} HAVING count(*) > 1) d
    JOIN import_rows r ON r.${q(column)} = d.${q(column)} AND r.row_number <> d.first_row`,
  isSalonScoped: false,
});

const TARGETS: Record<string, { table: string; isSalonScoped: boolean }> = {
  clients: { table: 'clients', isSalonScoped: true },
  staff: { table: 'users', isSalonScoped: true },
  appointments: { table: 'appointments', isSalonScoped: true },
  services: { table: 'services', isSalonScoped: false },
  products: { table: 'products', isSalonScoped: false },
};

/** Rows naming a record (by external_id) that is not in the database. */
function unknownReference(column: string, kind: string, extraWhere = ''): Check {
  const target = TARGETS[kind];
  if (!target) throw new Error(`no reference target ${kind}`);
  const salon = target.isSalonScoped ? 't.salon_id = $1 AND ' : '';
  return {
    sql: `SELECT r.row_number, '${column}' AS column_name, r.${q(column)} AS value, 'UNKNOWN_REFERENCE' AS code,
        jsonb_build_object('kind', '${kind}') AS detail
      FROM import_rows r
      WHERE r.${q(column)} IS NOT NULL ${extraWhere}
        AND NOT EXISTS (SELECT 1 FROM ${target.table} t WHERE ${salon}t.external_id = r.${q(column)})`,
    isSalonScoped: target.isSalonScoped,
  };
}

function referenceChecks(kind: ImportKindName): Check[] {
  const checks: Check[] = [];
  for (const column of kindDef(kind).columns) {
    if (!column.references || column.name === 'item_external_id') continue;
    checks.push(unknownReference(column.name, column.references));
  }
  return checks;
}

/** A LEFT JOIN resolving a reference column to the record's id, as alias. */
function join(column: string, kind: string, alias: string): string {
  const target = TARGETS[kind];
  if (!target) throw new Error(`no reference target ${kind}`);
  const salon = target.isSalonScoped ? `${alias}.salon_id = $1 AND ` : '';
  return `LEFT JOIN ${target.table} ${alias} ON ${salon}${alias}.external_id = r.${q(column)}`;
}

/** `ON CONFLICT … DO UPDATE SET` every column, only when one differs (so an unchanged row is not rewritten). */
function upsertTail(table: string, conflict: string, columns: string[]): string {
  const set = columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  const mine = columns.map((c) => `${table}.${c}`).join(', ');
  const theirs = columns.map((c) => `EXCLUDED.${c}`).join(', ');
  return `ON CONFLICT (${conflict}) DO UPDATE SET ${set} WHERE (${mine}) IS DISTINCT FROM (${theirs})`;
}

/** Wraps an INSERT … RETURNING (xmax = 0) so one row comes back: how many rows were inserted and updated. */
function counted(insert: string): string {
  return `WITH up AS (${insert} RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted)::integer AS inserted, count(*) FILTER (WHERE NOT inserted)::integer AS updated FROM up`;
}

export interface KindSql {
  checks: Check[];
  /** Before the upsert (after the checks passed): work tables it and `after` read ($1 only where a statement has it). */
  before?: string[];
  /** One row (inserted, updated). */
  upsert: string;
  /**
   * Before the upsert: one row (from, to) of the file's days, whose rollups change (null: none); $1 only where it has it.
   * With written_from and written_to, those of the rows written (new or changed) are narrower: the rollups refreshed.
   */
  days?: string;
  /** After the upsert (salon kinds): statements keeping derived fields right. */
  after?: string[];
}

/** After visits are imported: a client's first visit is their earliest sale line unless the file said earlier. */
const FIRST_VISIT = `
  UPDATE clients c SET first_visit = v.first_day
  FROM (SELECT sl.client_id, min(sl.day) AS first_day FROM sale_lines sl
        WHERE sl.salon_id = $1 AND sl.client_id IN (SELECT id FROM clients WHERE salon_id = $1 AND external_id IN (SELECT "client_external_id" FROM import_rows))
        GROUP BY sl.client_id) v
  WHERE c.salon_id = $1 AND c.id = v.client_id AND (c.first_visit IS NULL OR c.first_visit > v.first_day)`;

/**
 * The same for sale lines: each client's earliest line is one probe of sale_lines_client_idx
 * (salon_id, client_id, day), where grouping every line of the file's clients read them all.
 */
const SALE_LINES_FIRST_VISIT = `
  UPDATE clients c SET first_visit = v.first_day
  FROM (SELECT t.client_id, (SELECT min(sl.day) FROM sale_lines sl WHERE sl.salon_id = $1 AND sl.client_id = t.client_id) AS first_day
        FROM (SELECT DISTINCT client_id FROM import_resolved WHERE client_id IS NOT NULL) t) v
  WHERE c.salon_id = $1 AND c.id = v.client_id AND (c.first_visit IS NULL OR c.first_visit > v.first_day)`;

/** The columns of sale_lines an import writes (besides salon_id and external_id), named as in import_resolved. */
const SALE_LINE_COLUMNS = [
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
];

/**
 * Appointments with a service_external_ids column: the services each row books (import_services)
 * and the appointments whose booked services (or their staff member) differ from the database
 * (import_services_changed, new appointments with services included). The upsert counts those
 * as updated; `after` replaces their appointment_services rows, at each service's list price.
 */
const APPOINTMENT_SERVICES_BEFORE = [
  `CREATE TEMP TABLE import_services ON COMMIT DROP AS
  SELECT r.external_id, s.n, sv.id AS service_id, sv.list_price_cents
  FROM import_rows r CROSS JOIN LATERAL unnest(string_to_array(r.service_external_ids, '|')) WITH ORDINALITY s(code, n)
  JOIN services sv ON sv.external_id = btrim(s.code)`,
  `CREATE TEMP TABLE import_services_changed ON COMMIT DROP AS
  WITH wanted AS (SELECT external_id, array_agg(service_id ORDER BY service_id) AS ids FROM import_services GROUP BY external_id)
  SELECT r.external_id FROM import_rows r
  LEFT JOIN wanted w ON w.external_id = r.external_id
  LEFT JOIN appointments a ON a.salon_id = $1 AND a.external_id = r.external_id
  LEFT JOIN users u ON u.salon_id = $1 AND u.external_id = r.staff_external_id
  WHERE (SELECT array_agg(x.service_id ORDER BY x.service_id) FROM appointment_services x WHERE x.salon_id = $1 AND x.appointment_id = a.id)
      IS DISTINCT FROM w.ids
    OR EXISTS (SELECT 1 FROM appointment_services x WHERE x.salon_id = $1 AND x.appointment_id = a.id AND x.staff_id IS DISTINCT FROM u.id)`,
];

const APPOINTMENT_SERVICES_AFTER = [
  `DELETE FROM appointment_services x USING appointments a
  WHERE x.salon_id = $1 AND a.salon_id = $1 AND x.appointment_id = a.id
    AND a.external_id IN (SELECT external_id FROM import_services_changed)`,
  `INSERT INTO appointment_services (salon_id, appointment_id, service_id, staff_id, list_price_cents)
  SELECT $1, a.id, s.service_id, a.staff_id, s.list_price_cents
  FROM import_services s JOIN appointments a ON a.salon_id = $1 AND a.external_id = s.external_id
  WHERE s.external_id IN (SELECT external_id FROM import_services_changed)
  ORDER BY a.id, s.n`,
];

/** `columns`: the kind's columns the file has (a missing optional column reads as empty cells). */
export function kindSql(kind: ImportKindName, columns: readonly string[] = []): KindSql {
  switch (kind) {
    case 'salons':
      return {
        checks: [
          duplicates('external_id'),
          duplicates('code'),
          {
            sql: `SELECT r.row_number, 'code' AS column_name, r.code AS value, 'CONFLICT' AS code,
                jsonb_build_object('what', s.name) AS detail
              FROM import_rows r JOIN salons s ON s.code = r.code AND s.external_id IS DISTINCT FROM r.external_id`,
            isSalonScoped: false,
          },
          {
            sql: `SELECT r.row_number, 'time_zone' AS column_name, r.time_zone AS value, 'TIME_ZONE' AS code, NULL::jsonb AS detail
              FROM import_rows r WHERE r.time_zone IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = r.time_zone)`,
            isSalonScoped: false,
          },
        ],
        upsert:
          counted(`INSERT INTO salons AS s (external_id, code, name, city, address, postal_code, time_zone, active_client_days, lost_client_days)
          SELECT external_id, code, name, city, coalesce(address, ''), coalesce(postal_code, ''), coalesce(time_zone, 'Europe/Rome'),
            coalesce(active_client_days, 90), coalesce(lost_client_days, 180)
          FROM import_rows r ORDER BY row_number
          ${upsertTail('s', 'external_id', ['code', 'name', 'city', 'address', 'postal_code', 'time_zone', 'active_client_days', 'lost_client_days'])}`),
      };
    case 'services':
      return {
        checks: [duplicates('external_id')],
        upsert: counted(`INSERT INTO services AS t (external_id, name, category, duration_minutes, list_price_cents, active)
          SELECT external_id, name, category, duration_minutes, list_price, coalesce(active, true) FROM import_rows r ORDER BY row_number
          ${upsertTail('t', 'external_id', ['name', 'category', 'duration_minutes', 'list_price_cents', 'active'])}`),
      };
    case 'products':
      return {
        checks: [duplicates('external_id')],
        upsert: counted(`INSERT INTO products AS t (external_id, name, brand, category, list_price_cents, unit_cost_cents, active)
          SELECT external_id, name, brand, category, list_price, unit_cost, coalesce(active, true) FROM import_rows r ORDER BY row_number
          ${upsertTail('t', 'external_id', ['name', 'brand', 'category', 'list_price_cents', 'unit_cost_cents', 'active'])}`),
      };
    case 'staff': {
      const username = `lower(coalesce(r.username, s.code || '-' || r.external_id))`;
      return {
        checks: [
          duplicates('external_id'),
          {
            sql: `SELECT row_number, 'username' AS column_name, username AS value, 'DUPLICATE' AS code, jsonb_build_object('row', first_row) AS detail
              FROM (SELECT r.row_number, ${username} AS username, min(r.row_number) OVER (PARTITION BY ${username}) AS first_row
                    FROM import_rows r CROSS JOIN salons s WHERE s.id = $1) d
              WHERE row_number <> first_row`,
            isSalonScoped: true,
          },
          {
            sql: `SELECT r.row_number, 'username' AS column_name, ${username} AS value, 'CONFLICT' AS code,
                jsonb_build_object('what', u.first_name || ' ' || u.last_name) AS detail
              FROM import_rows r CROSS JOIN salons s
              JOIN users u ON lower(u.username) = ${username} AND NOT (u.salon_id IS NOT DISTINCT FROM $1 AND u.external_id IS NOT DISTINCT FROM r.external_id)
              WHERE s.id = $1`,
            isSalonScoped: true,
          },
        ],
        upsert:
          counted(`INSERT INTO users AS t (salon_id, external_id, username, password_hash, first_name, last_name, email, phone_number, title,
            gender, employment_start, employment_end)
          SELECT $1, r.external_id, ${username}, '!imported', r.first_name, r.last_name, coalesce(r.email, ''), coalesce(r.phone, ''),
            coalesce(r.title, ''), r.gender, r.employment_start, r.employment_end
          FROM import_rows r CROSS JOIN salons s WHERE s.id = $1 ORDER BY r.row_number
          ${upsertTail('t', 'salon_id, external_id', ['username', 'first_name', 'last_name', 'email', 'phone_number', 'title', 'gender', 'employment_start', 'employment_end'])}`),
      };
    }
    case 'clients':
      return {
        checks: [duplicates('external_id')],
        // A changed gender moves the client's lines between the gender rollups: every day they visited.
        days: `SELECT min(cd.day)::text AS from, max(cd.day)::text AS to
          FROM import_rows r JOIN clients c ON c.salon_id = $1 AND c.external_id = r.external_id AND c.gender IS DISTINCT FROM r.gender
          JOIN client_days cd ON cd.salon_id = $1 AND cd.client_id = c.id`,
        upsert:
          counted(`INSERT INTO clients AS t (salon_id, external_id, first_name, last_name, gender, birth_date, phone, email, city, postal_code,
            latitude, longitude, privacy_consent, marketing_consent, first_visit)
          SELECT $1, external_id, first_name, last_name, gender, birth_date, phone, email, city, postal_code, latitude, longitude,
            coalesce(privacy_consent, false), coalesce(marketing_consent, false), first_visit
          FROM import_rows r ORDER BY row_number
          ON CONFLICT (salon_id, external_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
            gender = EXCLUDED.gender, birth_date = EXCLUDED.birth_date, phone = EXCLUDED.phone, email = EXCLUDED.email, city = EXCLUDED.city,
            postal_code = EXCLUDED.postal_code, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
            privacy_consent = EXCLUDED.privacy_consent, marketing_consent = EXCLUDED.marketing_consent,
            first_visit = coalesce(EXCLUDED.first_visit, t.first_visit)
          WHERE (t.first_name, t.last_name, t.gender, t.birth_date, t.phone, t.email, t.city, t.postal_code, t.latitude, t.longitude,
            t.privacy_consent, t.marketing_consent, t.first_visit)
            IS DISTINCT FROM (EXCLUDED.first_name, EXCLUDED.last_name, EXCLUDED.gender, EXCLUDED.birth_date, EXCLUDED.phone, EXCLUDED.email,
            EXCLUDED.city, EXCLUDED.postal_code, EXCLUDED.latitude, EXCLUDED.longitude, EXCLUDED.privacy_consent, EXCLUDED.marketing_consent,
            coalesce(EXCLUDED.first_visit, t.first_visit))`),
      };
    case 'appointments': {
      const hasServices = columns.includes('service_external_ids');
      const columnsChanged = `(t.client_id, t.staff_id, t.day, t.start_at, t.end_at, t.status, t.booked_at)
            IS DISTINCT FROM (EXCLUDED.client_id, EXCLUDED.staff_id, EXCLUDED.day, EXCLUDED.start_at, EXCLUDED.end_at, EXCLUDED.status, EXCLUDED.booked_at)`;
      return {
        checks: [
          duplicates('external_id'),
          ...referenceChecks(kind),
          {
            sql: `SELECT r.row_number, 'service_external_ids' AS column_name, btrim(s.code) AS value, 'UNKNOWN_REFERENCE' AS code,
                jsonb_build_object('kind', 'services') AS detail
              FROM import_rows r CROSS JOIN LATERAL unnest(string_to_array(r.service_external_ids, '|')) s(code)
              WHERE btrim(s.code) <> '' AND NOT EXISTS (SELECT 1 FROM services t WHERE t.external_id = btrim(s.code))`,
            isSalonScoped: false,
          },
          {
            // Sale lines exist only for DONE appointments (migration 001): one that has them stays DONE.
            sql: `SELECT r.row_number, 'status' AS column_name, r.status AS value, 'HAS_LINES' AS code, NULL::jsonb AS detail
              FROM import_rows r JOIN appointments a ON a.salon_id = $1 AND a.external_id = r.external_id
              WHERE r.status <> 'DONE' AND EXISTS (SELECT 1 FROM sale_lines sl WHERE sl.salon_id = $1 AND sl.appointment_id = a.id)`,
            isSalonScoped: true,
          },
        ],
        days: `SELECT least(min(r.start::date), min(a.day))::text AS from, greatest(max(r.start::date), max(a.day))::text AS to
          FROM import_rows r LEFT JOIN appointments a ON a.salon_id = $1 AND a.external_id = r.external_id`,
        upsert:
          counted(`INSERT INTO appointments AS t (salon_id, external_id, client_id, staff_id, day, start_at, end_at, status, booked_at)
          SELECT $1, r.external_id, c.id, u.id, r.start::date, r.start AT TIME ZONE z.time_zone, r."end" AT TIME ZONE z.time_zone, r.status,
            coalesce(r.booked_at, r.start) AT TIME ZONE z.time_zone
          FROM import_rows r CROSS JOIN (SELECT time_zone FROM salons WHERE id = $1) z
          ${join('client_external_id', 'clients', 'c')}
          ${join('staff_external_id', 'staff', 'u')}
          ORDER BY r.row_number
          ON CONFLICT (salon_id, external_id) DO UPDATE SET client_id = EXCLUDED.client_id, staff_id = EXCLUDED.staff_id, day = EXCLUDED.day,
            start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at, status = EXCLUDED.status, booked_at = EXCLUDED.booked_at
          WHERE ${columnsChanged}${hasServices ? ' OR t.external_id IN (SELECT external_id FROM import_services_changed)' : ''}`),
        before: hasServices ? APPOINTMENT_SERVICES_BEFORE : [],
        after: [FIRST_VISIT, ...(hasServices ? APPOINTMENT_SERVICES_AFTER : [])],
      };
    }
    case 'sale-lines':
      return {
        checks: [
          duplicates('external_id'),
          ...referenceChecks(kind),
          unknownReference('item_external_id', 'services', `AND r.kind = 'SERVICE'`),
          unknownReference('item_external_id', 'products', `AND r.kind = 'PRODUCT'`),
          {
            sql: `SELECT r.row_number, 'appointment_external_id' AS column_name, r.appointment_external_id AS value, 'NOT_DONE' AS code,
                NULL::jsonb AS detail
              FROM import_rows r JOIN appointments a ON a.salon_id = $1 AND a.external_id = r.appointment_external_id
              WHERE a.status <> 'DONE'`,
            isSalonScoped: true,
          },
        ],
        // Read from import_resolved (SALE_LINES_RESOLVE runs first for sale lines): the line's old day is already there.
        // The days of the file's lines, old and new (the job's, for the report link), and those of the lines it writes (new or
        // changed), whose rollups change.
        days: `SELECT least(min(r.day), min(r.existing_day))::text AS from, greatest(max(r.day), max(r.existing_day))::text AS to,
            least(min(r.day) FILTER (WHERE r.existing_id IS NULL OR r.is_changed), min(r.existing_day) FILTER (WHERE r.is_changed))::text
              AS written_from,
            greatest(max(r.day) FILTER (WHERE r.existing_id IS NULL OR r.is_changed), max(r.existing_day) FILTER (WHERE r.is_changed))::text
              AS written_to
          FROM import_resolved r`,
        // Not ON CONFLICT: a plain INSERT of the new lines and an UPDATE of the changed ones skip the
        // speculative insertion per row, which costs a million-line file seconds (imports of a salon are serialised).
        // Which lines exist was found once by SALE_LINES_RESOLVE (existing_id), so neither half searches sale_lines by external_id again.
        upsert: `WITH upd AS (
            UPDATE sale_lines t SET ${SALE_LINE_COLUMNS.map((c) => `${c} = r.${c}`).join(', ')}
            FROM import_resolved r
            WHERE r.is_changed AND t.salon_id = $1 AND t.id = r.existing_id
            RETURNING 1
          ), ins AS (
            INSERT INTO sale_lines (salon_id, external_id, ${SALE_LINE_COLUMNS.join(', ')})
            SELECT $1, r.external_id, ${SALE_LINE_COLUMNS.map((c) => `r.${c}`).join(', ')}
            FROM import_resolved r
            WHERE r.existing_id IS NULL
            ORDER BY r.day, r.staff_id, r.client_id
            RETURNING 1
          )
          SELECT (SELECT count(*) FROM ins)::integer AS inserted, (SELECT count(*) FROM upd)::integer AS updated`,
        after: [SALE_LINES_FIRST_VISIT],
      };
    case 'stock-movements':
      return {
        checks: [duplicates('external_id'), ...referenceChecks(kind)],
        upsert: counted(`INSERT INTO stock_movements AS t (salon_id, external_id, product_id, day, type, quantity, unit_cost_cents, note)
          SELECT $1, r.external_id, p.id, r.day, r.type, r.quantity, coalesce(r.unit_cost, p.unit_cost_cents), coalesce(r.note, '')
          FROM import_rows r ${join('product_external_id', 'products', 'p')}
          ORDER BY r.row_number
          ${upsertTail('t', 'salon_id, external_id', ['product_id', 'day', 'type', 'quantity', 'unit_cost_cents', 'note'])}`),
      };
    case 'feedback':
      return {
        checks: [duplicates('external_id'), ...referenceChecks(kind)],
        upsert:
          counted(`INSERT INTO feedback AS t (salon_id, external_id, appointment_id, client_id, staff_id, service_id, score, comment, day, created_at)
          SELECT $1, r.external_id, a.id, coalesce(c.id, a.client_id), coalesce(u.id, a.staff_id), sv.id, r.score, coalesce(r.comment, ''), r.day,
            (r.day + time '12:00') AT TIME ZONE z.time_zone
          FROM import_rows r CROSS JOIN (SELECT time_zone FROM salons WHERE id = $1) z
          ${join('appointment_external_id', 'appointments', 'a')}
          ${join('client_external_id', 'clients', 'c')}
          ${join('staff_external_id', 'staff', 'u')}
          ${join('service_external_id', 'services', 'sv')}
          ORDER BY r.row_number
          ${upsertTail('t', 'salon_id, external_id', ['appointment_id', 'client_id', 'staff_id', 'service_id', 'score', 'comment', 'day', 'created_at'])}`),
      };
    case 'nps':
      return {
        checks: [duplicates('external_id'), ...referenceChecks(kind)],
        upsert: counted(`INSERT INTO nps_responses AS t (salon_id, external_id, client_id, day, score, comment)
          SELECT $1, r.external_id, c.id, r.day, r.score, coalesce(r.comment, '')
          FROM import_rows r ${join('client_external_id', 'clients', 'c')}
          ORDER BY r.row_number
          ${upsertTail('t', 'salon_id, external_id', ['client_id', 'day', 'score', 'comment'])}`),
      };
  }
}

/**
 * Sale lines: the work rows with every reference resolved and the line already stored under the
 * same external_id (existing_id, existing_day; null for a new line), and whether that stored line
 * differs from the row (is_changed), in a temp table: the days, the upsert, the foreign-key locks
 * and the first-visit update read one join, not one each. With is_changed found here, the update
 * reads only the changed lines and an unchanged re-import locks and refreshes nothing.
 */
export const SALE_LINES_RESOLVE = `
  CREATE TEMP TABLE import_resolved ON COMMIT DROP AS
  SELECT x.external_id, x.existing_id, x.existing_day, ${SALE_LINE_COLUMNS.map((c) => `x.${c}`).join(', ')},
    x.existing_id IS NOT NULL
      AND (${SALE_LINE_COLUMNS.map((c) => `x.stored_${c}`).join(', ')}) IS DISTINCT FROM (${SALE_LINE_COLUMNS.map((c) => `x.${c}`).join(', ')}) AS is_changed
  FROM (
    SELECT r.external_id, sl.id AS existing_id, sl.day AS existing_day, ${SALE_LINE_COLUMNS.map((c) => `sl.${c} AS stored_${c}`).join(', ')},
      a.id AS appointment_id, coalesce(c.id, a.client_id) AS client_id, u.id AS staff_id, r.day, r.kind,
      sv.id AS service_id, p.id AS product_id, coalesce(sv.category, p.category) AS category, coalesce(r.quantity, 1) AS quantity,
      r.list_amount::integer AS list_amount_cents, r.paid_amount::integer AS paid_amount_cents,
      coalesce(r.discount, greatest(r.list_amount - r.paid_amount, 0))::integer AS discount_cents, coalesce(r.recommended, false) AS recommended
    FROM import_rows r
    LEFT JOIN sale_lines sl ON sl.salon_id = $1 AND sl.external_id = r.external_id
    LEFT JOIN appointments a ON a.salon_id = $1 AND a.external_id = r.appointment_external_id
    LEFT JOIN clients c ON c.salon_id = $1 AND c.external_id = r.client_external_id
    LEFT JOIN users u ON u.salon_id = $1 AND u.external_id = r.staff_external_id
    LEFT JOIN services sv ON r.kind = 'SERVICE' AND sv.external_id = r.item_external_id
    LEFT JOIN products p ON r.kind = 'PRODUCT' AND p.external_id = r.item_external_id
  ) x`;

/** The locks the sale lines' foreign-key checks would take, on every record they refer to (see import-runner.ts). */
export const SALE_LINES_LOCK_REFERENCES = `
  WITH w AS MATERIALIZED (SELECT client_id, appointment_id, staff_id, service_id, product_id FROM import_resolved
    WHERE existing_id IS NULL OR is_changed),
  s AS (SELECT 1 FROM salons WHERE id = $1 FOR KEY SHARE),
  c AS (SELECT 1 FROM clients WHERE salon_id = $1 AND id IN (SELECT client_id FROM w) FOR KEY SHARE),
  a AS (SELECT 1 FROM appointments WHERE salon_id = $1 AND id IN (SELECT appointment_id FROM w) FOR KEY SHARE),
  u AS (SELECT 1 FROM users WHERE id IN (SELECT staff_id FROM w) FOR KEY SHARE),
  sv AS (SELECT 1 FROM services WHERE id IN (SELECT service_id FROM w) FOR KEY SHARE),
  p AS (SELECT 1 FROM products WHERE id IN (SELECT product_id FROM w) FOR KEY SHARE)
  SELECT (SELECT count(*) FROM s) + (SELECT count(*) FROM c) + (SELECT count(*) FROM a) + (SELECT count(*) FROM u)
    + (SELECT count(*) FROM sv) + (SELECT count(*) FROM p) AS locked`;
