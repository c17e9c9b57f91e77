/**
 * Test support only (data-quality-flags.test.ts): the report as it was computed before migration 027,
 * every check re-run over every record of the salon in one statement. The report, which reads the
 * stored flags, the score index and the few odd records, must give exactly this after any writes.
 */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { type DataQuality, type DataQualityRow, dataQualityOf } from './data-qualities.query.js';

/**
 * The checks of every client record of a salon (the rules are the contract's DATA_QUALITY_ISSUES).
 * The date-independent ones come from the keys PostgreSQL keeps on each record (migration 010:
 * dq_phone_key, dq_email_valid, dq_email_key, dq_name_key); the birth date is judged against today.
 *   phone:  missing when blank; invalid when not blank and without a key (6..15 digits once spaces
 *           + ( ) . / - are removed)
 *   e-mail: missing when blank; invalid unless local@domain.tld (one @, no spaces)
 *   birth:  missing when null; implausible after today or more than 110 years before it
 *   duplicates: same name key and the same phone key or e-mail key; the groups are the connected
 *           records (recursive walk over the few matching pairs), numbered 1.. by their lowest id.
 */
function checkedClients(salonId: number, today: string) {
  return sql`
    WITH RECURSIVE c AS (
      SELECT id, first_name, last_name, phone, email, birth_date, gender, privacy_consent, first_visit, created_by,
        dq_name_key AS name_key, dq_phone_key AS phone_key, dq_email_key AS email_key,
        (phone IS NULL OR btrim(phone) = '') AS phone_missing,
        (dq_phone_key IS NULL AND coalesce(btrim(phone), '') <> '') AS phone_invalid,
        dq_email_key IS NULL AS email_missing,
        (dq_email_key IS NOT NULL AND NOT dq_email_valid) AS email_invalid,
        birth_date IS NULL AS birth_date_missing,
        coalesce(birth_date > ${today}::date OR birth_date < (${today}::date - interval '110 years')::date, false) AS birth_date_implausible,
        gender IS NULL AS gender_missing,
        NOT privacy_consent AS consent_missing
      FROM clients
      WHERE salon_id = ${salonId}
    ),
    keys AS MATERIALIZED (
      SELECT id, name_key, phone_key, email_key FROM c WHERE name_key <> ''
    ),
    edges AS (
      SELECT a.id AS a, b.id AS b
      FROM keys a
      JOIN keys b ON b.name_key = a.name_key AND b.id <> a.id
      WHERE a.phone_key = b.phone_key OR a.email_key = b.email_key
    ),
    reach (node, root) AS (
      SELECT a, a FROM edges
      UNION
      SELECT e.b, r.root FROM reach r JOIN edges e ON e.a = r.node
    ),
    grouped AS (
      SELECT node AS id, dense_rank() OVER (ORDER BY min(root)) AS group_id FROM reach GROUP BY node
    ),
    scored AS (
      SELECT c.*, g.group_id,
        20 * (5 - (c.phone_missing OR c.phone_invalid)::int - (c.email_missing OR c.email_invalid)::int
          - (c.birth_date_missing OR c.birth_date_implausible)::int - c.gender_missing::int - c.consent_missing::int) AS score
      FROM c LEFT JOIN grouped g ON g.id = c.id
    )`;
}

/** Counts per finding, the complete records, the mean score and the duplicates of a group of scored records, one row each. */
const QUALITY_COLUMNS = sql`count(*) AS clients, count(*) FILTER (WHERE score = 100) AS complete_clients,
      round(100.0 * count(*) FILTER (WHERE score = 100) / NULLIF(count(*), 0), 2) AS complete_percent,
      coalesce(round(avg(score), 2), 0) AS average_score,
      count(*) FILTER (WHERE phone_missing) AS phone_missing, count(*) FILTER (WHERE phone_invalid) AS phone_invalid,
      count(*) FILTER (WHERE email_missing) AS email_missing, count(*) FILTER (WHERE email_invalid) AS email_invalid,
      count(*) FILTER (WHERE birth_date_missing) AS birth_date_missing,
      count(*) FILTER (WHERE birth_date_implausible) AS birth_date_implausible,
      count(*) FILTER (WHERE gender_missing) AS gender_missing, count(*) FILTER (WHERE consent_missing) AS consent_missing,
      count(*) FILTER (WHERE group_id IS NOT NULL) AS duplicates`;

/**
 * The data quality of a salon's client records in one statement (the checks run once): the
 * salon's and each creator's figures (grouping sets; unknown creator last), the duplicate
 * groups, and a page of the records (`page` null: all of them, for the spreadsheet), as JSON.
 */
export async function getDataQualityRecomputed(
  db: DbOrTx,
  salonId: number,
  today: string,
  page: { limit: number; offset: number } | null,
): Promise<DataQuality> {
  const { rows } = await sql<DataQualityRow>`
    ${checkedClients(salonId, today)},
    per_creator AS (
      SELECT created_by, GROUPING(created_by) AS is_total, ${QUALITY_COLUMNS}
      FROM scored
      GROUP BY GROUPING SETS ((created_by), ())
    ),
    creators AS (
      SELECT p.*, btrim(u.first_name || ' ' || u.last_name) AS name
      FROM per_creator p LEFT JOIN users u ON u.id = p.created_by
    ),
    groups AS (
      SELECT group_id, array_agg(id ORDER BY id) AS client_ids, (array_agg(btrim(first_name || ' ' || last_name) ORDER BY id))[1] AS name,
        json_agg(json_build_object('clientId', id, 'name', btrim(first_name || ' ' || last_name), 'phone', phone, 'email', email)
          ORDER BY id) AS members,
        array_remove(ARRAY[CASE WHEN count(DISTINCT phone_key) < count(phone_key) THEN 'PHONE' END,
          CASE WHEN count(DISTINCT email_key) < count(email_key) THEN 'EMAIL' END], NULL) AS matched_on
      FROM scored WHERE group_id IS NOT NULL GROUP BY group_id
    ),
    page AS (
      SELECT s.id, s.first_name, s.last_name, s.phone, s.email, s.birth_date, s.gender, s.privacy_consent, s.first_visit, s.created_by,
        btrim(u.first_name || ' ' || u.last_name) AS created_by_name, s.score, s.group_id,
        array_remove(ARRAY[
          CASE WHEN s.phone_missing THEN 'PHONE_MISSING' END, CASE WHEN s.phone_invalid THEN 'PHONE_INVALID' END,
          CASE WHEN s.email_missing THEN 'EMAIL_MISSING' END, CASE WHEN s.email_invalid THEN 'EMAIL_INVALID' END,
          CASE WHEN s.birth_date_missing THEN 'BIRTH_DATE_MISSING' END,
          CASE WHEN s.birth_date_implausible THEN 'BIRTH_DATE_IMPLAUSIBLE' END,
          CASE WHEN s.gender_missing THEN 'GENDER_MISSING' END, CASE WHEN s.consent_missing THEN 'CONSENT_MISSING' END,
          CASE WHEN s.group_id IS NOT NULL THEN 'DUPLICATE' END
        ], NULL) AS issues
      -- the page first, then its creators' names (not a join of every record)
      FROM (SELECT * FROM scored ORDER BY score, (group_id IS NULL), id LIMIT ${page?.limit ?? null} OFFSET ${page?.offset ?? 0}) s
      LEFT JOIN users u ON u.id = s.created_by
    )
    SELECT
      (SELECT json_agg(c ORDER BY c.is_total DESC, (c.created_by IS NULL), c.clients DESC, c.created_by) FROM creators c) AS creators,
      (SELECT coalesce(json_agg(g ORDER BY g.group_id), '[]') FROM groups g) AS groups,
      (SELECT coalesce(json_agg(p ORDER BY p.score, (p.group_id IS NULL), p.id), '[]') FROM page p) AS clients
  `.execute(db);
  return dataQualityOf(rows[0]);
}
