import type { ClientQuality, CreatorQuality, DataQualityIssue, DuplicateGroup } from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

/**
 * The checks of every client record of a salon (the rules are the contract's DATA_QUALITY_ISSUES),
 * read from what PostgreSQL keeps on each record (migrations 010 and 027): dq_flags (the
 * date-independent findings, one bit each), dq_score (the score without the birth-date plausibility
 * check) and the duplicate keys dq_name_key, dq_phone_key, dq_email_key; and from the counts the
 * rollup client_quality_counts keeps (db/rollups/quality.ts): records per creator, flags and score, and per name key;
 * and from client_duplicate_candidates (the records whose name key two or more hold).
 *   phone:  missing when blank; invalid when not blank and without a key (6..15 digits once spaces
 *           + ( ) . / - are removed)
 *   e-mail: missing when blank; invalid unless local@domain.tld (one @, no spaces)
 *   birth:  missing when null; implausible after today or more than 110 years before it (20 points
 *           off dq_score)
 *   duplicates: same name key and the same phone key or e-mail key; the groups are the connected
 *           records (recursive walk over the few matching pairs), numbered 1.. by their lowest id.
 * `odd` holds the few records whose score or place differ from the index order (salon, dq_score,
 * id): the duplicates and the implausible birth dates; every other record is read in index order.
 */
function checkedClients(salonId: number, today: string) {
  const implausible = sql`coalesce(k.birth_date > ${today}::date OR k.birth_date < (${today}::date - interval '110 years')::date, false)`;
  return sql`
    WITH RECURSIVE
    -- the candidates (the records whose name key two or more records hold), with what the groups and the counts per creator need
    keys AS MATERIALIZED (
      SELECT id, name_key, phone_key, email_key, created_by, dq_score, birth_date, first_name, last_name, phone, email
      FROM client_duplicate_candidates WHERE salon_id = ${salonId}
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
    grouped AS MATERIALIZED (
      SELECT node AS id, dense_rank() OVER (ORDER BY min(root)) AS group_id FROM reach GROUP BY node
    ),
    odd AS MATERIALIZED (
      SELECT g.id, k.created_by, k.dq_score - 20 * (${implausible})::int AS score, g.group_id
      FROM grouped g JOIN keys k ON k.id = g.id
      UNION ALL
      SELECT id, created_by, dq_score - 20, NULL FROM clients
      WHERE salon_id = ${salonId} AND (birth_date > ${today}::date OR birth_date < (${today}::date - interval '110 years')::date)
        AND id NOT IN (SELECT id FROM grouped)
    ),
    -- the records counted by creator, flags and stored score (client_quality_counts: a few hundred rows), and the implausible
    -- birth dates (few, clients_dq_birth_idx) moved from their stored score to the score 20 points lower: n is how many records
    -- a row stands for
    implausible AS MATERIALIZED (
      SELECT created_by, dq_flags, dq_score FROM clients
      WHERE salon_id = ${salonId} AND (birth_date > ${today}::date OR birth_date < (${today}::date - interval '110 years')::date)
    ),
    scored AS (
      SELECT created_by, dq_flags, dq_score AS score, false AS birth_date_implausible, clients AS n
      FROM client_quality_counts WHERE salon_id = ${salonId}
      UNION ALL
      SELECT created_by, dq_flags, dq_score, false, -1 FROM implausible
      UNION ALL
      SELECT created_by, dq_flags, dq_score - 20, true, 1 FROM implausible
    )`;
}

/** A count of the scored records matching `condition`, from their weights. */
const countOf = (condition: RawBuilder<unknown>) => sql`coalesce(sum(n) FILTER (WHERE ${condition}), 0)`;
const flag = (bit: number) => sql`(dq_flags & ${sql.lit(bit)}) <> 0`;

/** Counts per finding, the complete records and the mean score of a group of scored records (each standing for n records). */
const QUALITY_COLUMNS = sql`sum(n) AS clients, ${countOf(sql`score = 100`)} AS complete_clients,
      round(100.0 * ${countOf(sql`score = 100`)} / NULLIF(sum(n), 0), 2) AS complete_percent,
      coalesce(round(sum(score * n) / NULLIF(sum(n), 0), 2), 0) AS average_score,
      ${countOf(flag(1))} AS phone_missing, ${countOf(flag(2))} AS phone_invalid,
      ${countOf(flag(4))} AS email_missing, ${countOf(flag(8))} AS email_invalid,
      ${countOf(flag(16))} AS birth_date_missing, ${countOf(sql`birth_date_implausible`)} AS birth_date_implausible,
      ${countOf(flag(32))} AS gender_missing, ${countOf(flag(64))} AS consent_missing`;

interface QualityRow {
  clients: number;
  complete_clients: number;
  complete_percent: number | null;
  average_score: number;
  phone_missing: number;
  phone_invalid: number;
  email_missing: number;
  email_invalid: number;
  birth_date_missing: number;
  birth_date_implausible: number;
  gender_missing: number;
  consent_missing: number;
  duplicates: number;
}

export type Quality = Omit<Static<typeof CreatorQuality>, 'staffId' | 'name'>;

function qualityOf(r: QualityRow | undefined): Quality {
  const n = (value: number | undefined) => Number(value ?? 0);
  return {
    clients: n(r?.clients),
    completeClients: n(r?.complete_clients),
    completePercent: r?.complete_percent === null || r?.complete_percent === undefined ? null : Number(r.complete_percent),
    averageScore: n(r?.average_score),
    issues: {
      phoneMissing: n(r?.phone_missing),
      phoneInvalid: n(r?.phone_invalid),
      emailMissing: n(r?.email_missing),
      emailInvalid: n(r?.email_invalid),
      birthDateMissing: n(r?.birth_date_missing),
      birthDateImplausible: n(r?.birth_date_implausible),
      genderMissing: n(r?.gender_missing),
      consentMissing: n(r?.consent_missing),
      duplicates: n(r?.duplicates),
    },
  };
}

interface CreatorRow extends QualityRow {
  is_total: number;
  created_by: number | null;
  name: string | null;
}

interface ClientRow {
  id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  birth_date: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  privacy_consent: boolean;
  first_visit: string | null;
  created_by: number | null;
  created_by_name: string | null;
  score: number;
  issues: DataQualityIssue[];
  group_id: number | null;
}

export interface DataQuality {
  salon: Quality;
  byCreator: Static<typeof CreatorQuality>[];
  duplicateGroups: Static<typeof DuplicateGroup>[];
  /** The records, the ones to fix first first (lowest score, then duplicates, then id): a page, or all of them. */
  rows: Static<typeof ClientQuality>[];
}

/** The one row the report's statement answers, as JSON columns. */
export interface DataQualityRow {
  creators: CreatorRow[] | null;
  groups: {
    group_id: number;
    client_ids: number[];
    name: string;
    members: { clientId: number; name: string; phone: string | null; email: string | null }[];
    matched_on: ('PHONE' | 'EMAIL')[];
  }[];
  clients: ClientRow[];
}

/** The report in the contract's shape from the statement's row (shared with the test's recomputation). */
export function dataQualityOf(result: DataQualityRow | undefined): DataQuality {
  const creators = result?.creators ?? [];
  return {
    salon: qualityOf(creators.find((r) => Number(r.is_total) === 1)),
    byCreator: creators
      .filter((r) => Number(r.is_total) === 0)
      .map((r) => ({ staffId: r.created_by, name: r.created_by === null ? '' : (r.name ?? ''), ...qualityOf(r) })),
    duplicateGroups: (result?.groups ?? []).map((g) => ({
      groupId: Number(g.group_id),
      clientIds: g.client_ids.map(Number),
      name: g.name,
      members: g.members.map((m) => ({ ...m, clientId: Number(m.clientId) })),
      matchedOn: g.matched_on,
    })),
    rows: (result?.clients ?? []).map((r) => ({
      clientId: Number(r.id),
      firstName: r.first_name,
      lastName: r.last_name,
      phone: r.phone,
      email: r.email,
      birthDate: r.birth_date,
      gender: r.gender,
      privacyConsent: r.privacy_consent,
      firstVisit: r.first_visit,
      createdBy: r.created_by,
      createdByName: r.created_by === null ? '' : (r.created_by_name ?? ''),
      score: Number(r.score),
      issues: r.issues,
      duplicateGroupId: r.group_id === null ? null : Number(r.group_id),
    })),
  };
}

/**
 * The data quality of a salon's client records in one statement (the checks run once): the
 * salon's and each creator's figures (grouping sets; unknown creator last), the duplicate
 * groups, and a page of the records (`page` null: all of them, for the spreadsheet), as JSON.
 */
export async function getDataQuality(
  db: DbOrTx,
  salonId: number,
  today: string,
  page: { limit: number; offset: number } | null,
): Promise<DataQuality> {
  // A prepared statement (db/prepared.ts): its plan, a large share of the report's time, is kept once PostgreSQL settles on a generic one.
  const { rows } = await prepared(
    'data-quality',
    sql<DataQualityRow>`
    ${checkedClients(salonId, today)},
    per_creator AS (
      SELECT created_by, GROUPING(created_by) AS is_total, ${QUALITY_COLUMNS}
      FROM scored
      GROUP BY GROUPING SETS ((created_by), ())
    ),
    dup_counts AS (
      SELECT created_by, GROUPING(created_by) AS is_total, count(*) AS duplicates
      FROM odd WHERE group_id IS NOT NULL
      GROUP BY GROUPING SETS ((created_by), ())
    ),
    creators AS (
      SELECT p.*, coalesce(d.duplicates, 0) AS duplicates, btrim(u.first_name || ' ' || u.last_name) AS name
      FROM per_creator p
      LEFT JOIN dup_counts d ON d.is_total = p.is_total AND d.created_by IS NOT DISTINCT FROM p.created_by
      LEFT JOIN users u ON u.id = p.created_by
    ),
    groups AS (
      SELECT o.group_id, array_agg(o.id ORDER BY o.id) AS client_ids,
        (array_agg(btrim(c.first_name || ' ' || c.last_name) ORDER BY o.id))[1] AS name,
        json_agg(json_build_object('clientId', o.id, 'name', btrim(c.first_name || ' ' || c.last_name), 'phone', c.phone, 'email', c.email)
          ORDER BY o.id) AS members,
        array_remove(ARRAY[CASE WHEN count(DISTINCT c.phone_key) < count(c.phone_key) THEN 'PHONE' END,
          CASE WHEN count(DISTINCT c.email_key) < count(c.email_key) THEN 'EMAIL' END], NULL) AS matched_on
      FROM odd o JOIN keys c ON c.id = o.id
      WHERE o.group_id IS NOT NULL GROUP BY o.group_id
    ),
    -- the page's records: the odd ones and, in index order, as many of the others as the page can reach
    ranked AS (
      SELECT id, score, group_id FROM odd
      UNION ALL
      (SELECT id, dq_score, NULL FROM clients
        WHERE salon_id = ${salonId} AND id NOT IN (SELECT id FROM odd)
        ORDER BY dq_score, id LIMIT ${page === null ? null : page.offset + page.limit})
    ),
    page AS (
      SELECT s.id, c.first_name, c.last_name, c.phone, c.email, c.birth_date, c.gender, c.privacy_consent, c.first_visit, c.created_by,
        btrim(u.first_name || ' ' || u.last_name) AS created_by_name, s.score, s.group_id,
        array_remove(ARRAY[
          CASE WHEN (c.dq_flags & 1) <> 0 THEN 'PHONE_MISSING' END, CASE WHEN (c.dq_flags & 2) <> 0 THEN 'PHONE_INVALID' END,
          CASE WHEN (c.dq_flags & 4) <> 0 THEN 'EMAIL_MISSING' END, CASE WHEN (c.dq_flags & 8) <> 0 THEN 'EMAIL_INVALID' END,
          CASE WHEN (c.dq_flags & 16) <> 0 THEN 'BIRTH_DATE_MISSING' END,
          CASE WHEN coalesce(c.birth_date > ${today}::date OR c.birth_date < (${today}::date - interval '110 years')::date, false)
            THEN 'BIRTH_DATE_IMPLAUSIBLE' END,
          CASE WHEN (c.dq_flags & 32) <> 0 THEN 'GENDER_MISSING' END, CASE WHEN (c.dq_flags & 64) <> 0 THEN 'CONSENT_MISSING' END,
          CASE WHEN s.group_id IS NOT NULL THEN 'DUPLICATE' END
        ], NULL) AS issues
      -- the page first, then its records and creators' names (not a join of every record)
      FROM (SELECT * FROM ranked ORDER BY score, (group_id IS NULL), id LIMIT ${page?.limit ?? null} OFFSET ${page?.offset ?? 0}) s
      JOIN clients c ON c.salon_id = ${salonId} AND c.id = s.id
      LEFT JOIN users u ON u.id = c.created_by
    )
    SELECT
      (SELECT json_agg(c ORDER BY c.is_total DESC, (c.created_by IS NULL), c.clients DESC, c.created_by) FROM creators c) AS creators,
      (SELECT coalesce(json_agg(g ORDER BY g.group_id), '[]') FROM groups g) AS groups,
      (SELECT coalesce(json_agg(p ORDER BY p.score, (p.group_id IS NULL), p.id), '[]') FROM page p) AS clients
  `,
  ).execute(db);
  return dataQualityOf(rows[0]);
}
