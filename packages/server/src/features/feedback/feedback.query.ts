import type {
  FeedbackCustomerResponse,
  FeedbackDetailRow,
  FeedbackServiceResponse,
  FeedbackStaffResponse,
  FeedbackStats,
} from '@salon/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';

type Stats = Static<typeof FeedbackStats>;

/** The count, average (2 decimals, in SQL) and 1..5 distribution columns of a set of feedback rows. */
const STATS_COLUMNS = sql`count(*) AS n, round(avg(score), 2) AS average,
      count(*) FILTER (WHERE score = 1) AS s1, count(*) FILTER (WHERE score = 2) AS s2, count(*) FILTER (WHERE score = 3) AS s3,
      count(*) FILTER (WHERE score = 4) AS s4, count(*) FILTER (WHERE score = 5) AS s5,
      round(100.0 * count(*) FILTER (WHERE score = 5) / nullif(count(*), 0), 1) AS share5,
      round(100.0 * count(*) FILTER (WHERE score <= 2) / nullif(count(*), 0), 1) AS share_low`;

interface StatsRow {
  n: number;
  average: number | null;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  share5: number | null;
  share_low: number | null;
}

function statsOf(row: StatsRow | undefined): Stats {
  if (!row) return { count: 0, average: null, distribution: [0, 0, 0, 0, 0], shareOfFives: null, shareOfLow: null };
  return {
    count: Number(row.n),
    average: row.average === null ? null : Number(row.average),
    distribution: [row.s1, row.s2, row.s3, row.s4, row.s5].map(Number),
    shareOfFives: row.share5 === null ? null : Number(row.share5),
    shareOfLow: row.share_low === null ? null : Number(row.share_low),
  };
}

/** A group's counts, which add up over groups: feedback rows, score sum, rows per score 1..5 and rows scored 1 or 2. */
interface GroupSums {
  n: number;
  total: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  low: number;
}

/**
 * STATS_COLUMNS' figures from a group's counts, exact: round(avg(score), 2) and round(100.0 * k / n, 1)
 * of PostgreSQL round half away from zero, as Math.round does for these non-negative values (a tie
 * k + 0.5 is a double, and PostgreSQL's numeric division is far finer than any distance to a tie).
 */
function statsOfSums(g: GroupSums): Stats {
  const n = Number(g.n);
  const distribution = [g.s1, g.s2, g.s3, g.s4, g.s5].map(Number);
  if (n === 0) return { count: 0, average: null, distribution, shareOfFives: null, shareOfLow: null };
  return {
    count: n,
    average: Math.round((Number(g.total) * 100) / n) / 100,
    distribution,
    shareOfFives: Math.round((Number(g.s5) * 1000) / n) / 10,
    shareOfLow: Math.round((Number(g.low) * 1000) / n) / 10,
  };
}

type Subject = 'staff' | 'client' | 'service';

/**
 * The feedback column a subject groups by, the table naming its keys joined on its primary key (a
 * key matches one row at most: the groups neither multiply nor drop) and the name and category
 * read from it (alias n).
 */
function subjectSql(
  subject: Subject,
  salonId: number,
): { key: RawBuilder<unknown>; names: RawBuilder<unknown>; name: RawBuilder<unknown>; category: RawBuilder<unknown> } {
  if (subject === 'staff') {
    return {
      key: sql`staff_id`,
      names: sql`users n ON n.id = g.key`,
      name: sql`btrim(n.first_name || ' ' || n.last_name)`,
      category: sql`NULL::text`,
    };
  }
  if (subject === 'client') {
    return {
      key: sql`client_id`,
      names: sql`clients n ON n.salon_id = ${salonId} AND n.id = g.key`,
      name: sql`btrim(n.first_name || ' ' || n.last_name)`,
      category: sql`NULL::text`,
    };
  }
  return { key: sql`service_id`, names: sql`services n ON n.id = g.key`, name: sql`n.name`, category: sql`n.category` };
}

/**
 * Feedback of a range grouped by staff member, client or service, with the totals of the range:
 * one pass over the salon's feedback of the range (feedback_day_idx) giving each group's counts, the
 * names joined on their keys (clients: the salon's range of clients_names_idx, merge-joined with the
 * groups by client, index-only; one lookup per client read 4 pages each, ~7,600 on a year). The
 * averages and shares, the totals (sums of the groups' counts) and the order (most feedback first,
 * then the higher average, then the key, none last) are worked out here: in SQL, the rounding, the
 * grouping set of the totals and the sort of a year's ~1,900 client groups took most of the statement.
 * The groups come back as one JSON text (JSON.parse): reading them as ~1,900 rows of 12 columns cost
 * the API about twice the CPU.
 */
async function getFeedbackGroups(db: DbOrTx, subject: Subject, salonId: number, from: string, to: string) {
  const { key, names, name, category } = subjectSql(subject, salonId);
  // One text: a JSON array of [key, last day, rows per score 1..5, name, category] per group; the count, the score sum
  // and the low scores follow from the five.
  const { rows } = await sql<{ groups: string }>`
    WITH groups AS (
      SELECT ${key} AS key, max(day) AS last_day,
        count(*) FILTER (WHERE score = 1) AS s1, count(*) FILTER (WHERE score = 2) AS s2, count(*) FILTER (WHERE score = 3) AS s3,
        count(*) FILTER (WHERE score = 4) AS s4, count(*) FILTER (WHERE score = 5) AS s5
      FROM feedback
      WHERE salon_id = ${salonId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY ${key}
    )
    SELECT COALESCE('[' || string_agg(concat_ws(',', '[' || COALESCE(g.key::text, 'null'), to_json(g.last_day)::text, g.s1, g.s2, g.s3, g.s4, g.s5,
      COALESCE(to_json(${name})::text, 'null'), COALESCE(to_json(${category})::text, 'null') || ']'), ',') || ']', '[]') AS groups
    FROM groups g
    LEFT JOIN ${names}
  `.execute(db);
  const sums: GroupSums = { n: 0, total: 0, s1: 0, s2: 0, s3: 0, s4: 0, s5: 0, low: 0 };
  const parsed = JSON.parse(rows[0]?.groups ?? '[]') as [
    number | null,
    string,
    number,
    number,
    number,
    number,
    number,
    string | null,
    string | null,
  ][];
  const groups = parsed.map(([groupKey, lastDay, s1, s2, s3, s4, s5, groupName, groupCategory]) => {
    const g: GroupSums = { n: s1 + s2 + s3 + s4 + s5, total: s1 + 2 * s2 + 3 * s3 + 4 * s4 + 5 * s5, s1, s2, s3, s4, s5, low: s1 + s2 };
    for (const field of ['n', 'total', 's1', 's2', 's3', 's4', 's5', 'low'] as const) sums[field] += g[field];
    return { key: groupKey, name: groupName, category: groupCategory, last_day: lastDay, stats: statsOfSums(g) };
  });
  groups.sort(
    (a, b) =>
      b.stats.count - a.stats.count ||
      (b.stats.average ?? 0) - (a.stats.average ?? 0) ||
      (a.key === null ? 1 : b.key === null ? -1 : a.key - b.key),
  );
  return { groups, totals: statsOfSums(sums) };
}

const range = (salonId: number, fromDate: string, toDate: string) => ({ salonId, fromDate, toDate });

/** Feedback per staff member: count, average, distribution; most feedback first. */
export async function getFeedbackPerStaff(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof FeedbackStaffResponse>> {
  const { groups, totals } = await getFeedbackGroups(db, 'staff', salonId, from, to);
  return {
    ...range(salonId, from, to),
    rows: groups.map((g) => ({ staffId: g.key, name: g.key === null ? '' : (g.name ?? ''), ...g.stats })),
    totals,
  };
}

/** Feedback per client: count, average, distribution and their latest feedback day; most feedback first. */
export async function getFeedbackPerClient(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof FeedbackCustomerResponse>> {
  const { groups, totals } = await getFeedbackGroups(db, 'client', salonId, from, to);
  return {
    ...range(salonId, from, to),
    rows: groups.map((g) => ({
      clientId: g.key,
      name: g.key === null ? '' : (g.name ?? ''),
      lastDay: g.last_day ?? from,
      ...g.stats,
    })),
    totals,
  };
}

/** Feedback per service: count, average, distribution; most feedback first. */
export async function getFeedbackPerService(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
): Promise<Static<typeof FeedbackServiceResponse>> {
  const { groups, totals } = await getFeedbackGroups(db, 'service', salonId, from, to);
  return {
    ...range(salonId, from, to),
    rows: groups.map((g) => ({
      serviceId: g.key,
      name: g.key === null ? '' : (g.name ?? ''),
      category: g.key === null ? '' : (g.category ?? ''),
      ...g.stats,
    })),
    totals,
  };
}

interface DetailRow {
  id: number;
  day: string;
  appointment_id: number | null;
  client_id: number | null;
  client_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  service_id: number | null;
  service_name: string | null;
  score: number;
  comment: string;
}

export interface FeedbackDetails {
  summary: Stats;
  total: number;
  rows: Static<typeof FeedbackDetailRow>[];
}

/**
 * The feedback rows of a range on one service or one staff member (a page of them, latest first)
 * and their count, average and distribution over the whole range (two statements at once).
 */
export async function getFeedbackDetails(
  db: DbOrTx,
  salonId: number,
  from: string,
  to: string,
  filter: { serviceId: number } | { staffId: number },
  page: { limit: number; offset: number },
): Promise<FeedbackDetails> {
  const where =
    'serviceId' in filter
      ? sql`f.salon_id = ${salonId} AND f.day BETWEEN ${from}::date AND ${to}::date AND f.service_id = ${filter.serviceId}`
      : sql`f.salon_id = ${salonId} AND f.day BETWEEN ${from}::date AND ${to}::date AND f.staff_id = ${filter.staffId}`;
  const [summary, { rows }] = await Promise.all([
    sql<StatsRow>`SELECT ${STATS_COLUMNS} FROM feedback f WHERE ${where}`.execute(db),
    sql<DetailRow>`
    SELECT f.id, f.day, f.appointment_id, f.client_id, btrim(c.first_name || ' ' || c.last_name) AS client_name,
      f.staff_id, btrim(u.first_name || ' ' || u.last_name) AS staff_name, f.service_id, s.name AS service_name, f.score, f.comment
    FROM feedback f
    LEFT JOIN clients c ON c.salon_id = f.salon_id AND c.id = f.client_id
    LEFT JOIN users u ON u.id = f.staff_id
    LEFT JOIN services s ON s.id = f.service_id
    WHERE ${where}
    ORDER BY f.day DESC, f.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}
  `.execute(db),
  ]);
  const stats = statsOf(summary.rows[0]);
  return {
    summary: stats,
    total: stats.count,
    rows: rows.map((r) => ({
      feedbackId: Number(r.id),
      day: r.day,
      appointmentId: r.appointment_id === null ? null : Number(r.appointment_id),
      clientId: r.client_id === null ? null : Number(r.client_id),
      clientName: r.client_name ?? '',
      staffId: r.staff_id,
      staffName: r.staff_name ?? '',
      serviceId: r.service_id,
      serviceName: r.service_name ?? '',
      score: r.score,
      comment: r.comment,
    })),
  };
}

/** A service's name, or undefined when there is no such service. */
export async function findServiceName(db: DbOrTx, serviceId: number): Promise<string | undefined> {
  const row = await db.selectFrom('services').select('name').where('id', '=', serviceId).executeTakeFirst();
  return row?.name;
}

/**
 * A staff member's name when they belong to the salon or feedback of the salon names them (a
 * member who moved keeps their old feedback); undefined otherwise, so another salon's staff stay unknown.
 */
export async function findSalonStaffName(db: DbOrTx, salonId: number, staffId: number): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    SELECT btrim(u.first_name || ' ' || u.last_name) AS name
    FROM users u
    WHERE u.id = ${staffId}
      AND (u.salon_id = ${salonId} OR EXISTS (SELECT 1 FROM feedback f WHERE f.salon_id = ${salonId} AND f.staff_id = u.id))
  `.execute(db);
  return rows[0]?.name;
}
