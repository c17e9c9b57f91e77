import type { NpsAnswer, NpsDayResponse, NpsDetractorsResponse, NpsFigures, NpsYearResponse } from '@salon/contracts';
import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { DbOrTx } from '../../db/database.js';
import { customerStatusSql, findStatusThresholds } from '../../lib/customer-status.js';

type Figures = Static<typeof NpsFigures>;

/**
 * The NPS figures of a group of answers, all computed here: promoters 9-10, passives 7-8,
 * detractors 0-6; shares with 2 decimals; NPS = 100 x (promoters - detractors) / responses
 * rounded to 1 decimal (numeric round: half away from zero); null without answers.
 */
const FIGURES = sql`count(*) AS responses,
      count(*) FILTER (WHERE score >= 9) AS promoters,
      count(*) FILTER (WHERE score BETWEEN 7 AND 8) AS passives,
      count(*) FILTER (WHERE score <= 6) AS detractors,
      round(100.0 * count(*) FILTER (WHERE score >= 9) / NULLIF(count(*), 0), 2) AS promoters_percent,
      round(100.0 * count(*) FILTER (WHERE score BETWEEN 7 AND 8) / NULLIF(count(*), 0), 2) AS passives_percent,
      round(100.0 * count(*) FILTER (WHERE score <= 6) / NULLIF(count(*), 0), 2) AS detractors_percent,
      round(100.0 * (count(*) FILTER (WHERE score >= 9) - count(*) FILTER (WHERE score <= 6)) / NULLIF(count(*), 0), 1) AS nps,
      round(avg(score), 2) AS average_score`;

interface FiguresRow {
  responses: number | null;
  promoters: number | null;
  passives: number | null;
  detractors: number | null;
  promoters_percent: number | null;
  passives_percent: number | null;
  detractors_percent: number | null;
  nps: number | null;
  average_score: number | null;
}

const numberOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

function figuresOf(row: FiguresRow | undefined): Figures {
  return {
    responses: Number(row?.responses ?? 0),
    promoters: Number(row?.promoters ?? 0),
    passives: Number(row?.passives ?? 0),
    detractors: Number(row?.detractors ?? 0),
    promotersPercent: numberOrNull(row?.promoters_percent),
    passivesPercent: numberOrNull(row?.passives_percent),
    detractorsPercent: numberOrNull(row?.detractors_percent),
    nps: numberOrNull(row?.nps),
    averageScore: numberOrNull(row?.average_score),
  };
}

interface MonthRow extends FiguresRow {
  month: number | null;
  is_future: boolean;
}

/**
 * NPS per month of a year and for the year (grouping set ()), months without answers included
 * (null NPS); a month that starts after the salon's today is flagged as not yet come. Then the
 * days with answers (a second statement), which the screen offers to open.
 */
export async function getNpsYear(db: DbOrTx, salonId: number, year: number, today: string): Promise<Static<typeof NpsYearResponse>> {
  const { rows } = await sql<MonthRow>`
    WITH answers AS (
      SELECT extract(month FROM day)::int AS month, score
      FROM nps_responses
      WHERE salon_id = ${salonId} AND day BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
    ),
    per_month AS (
      SELECT month, ${FIGURES}
      FROM answers
      GROUP BY GROUPING SETS ((month), ())
    )
    SELECT m.month, make_date(${year}::int, m.month, 1) > ${today}::date AS is_future, p.responses, p.promoters, p.passives,
      p.detractors, p.promoters_percent, p.passives_percent, p.detractors_percent, p.nps, p.average_score
    FROM generate_series(1, 12) AS m(month)
    LEFT JOIN per_month p ON p.month = m.month
    UNION ALL
    SELECT NULL, false, responses, promoters, passives, detractors, promoters_percent, passives_percent, detractors_percent, nps, average_score
    FROM per_month WHERE month IS NULL
    ORDER BY 1 NULLS LAST
  `.execute(db);
  const days = await sql<FiguresRow & { day: string }>`
    SELECT day, ${FIGURES}
    FROM nps_responses
    WHERE salon_id = ${salonId} AND day BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
    GROUP BY day
    ORDER BY day
  `.execute(db);
  const months = rows.filter((r) => r.month !== null);
  return {
    salonId,
    year,
    months: months.map((r) => ({ month: Number(r.month), isFuture: r.is_future, ...figuresOf(r) })),
    days: days.rows.map((r) => {
      const { responses, promoters, passives, detractors, nps } = figuresOf(r);
      return { date: r.day, responses, promoters, passives, detractors, nps: nps ?? 0 };
    }),
    totals: figuresOf(rows.find((r) => r.month === null)),
  };
}

interface AnswerRow {
  id: number;
  client_id: number | null;
  client_name: string | null;
  score: number;
  comment: string;
}

const categoryOf = (score: number): Static<typeof NpsAnswer>['category'] =>
  score >= 9 ? 'PROMOTER' : score >= 7 ? 'PASSIVE' : 'DETRACTOR';

/** The answers of one day with the client's name and the comment (lowest score first), and the day's figures. */
export async function getNpsDay(db: DbOrTx, salonId: number, date: string): Promise<Static<typeof NpsDayResponse>> {
  const totals = await sql<FiguresRow>`
    SELECT ${FIGURES} FROM nps_responses WHERE salon_id = ${salonId} AND day = ${date}::date
  `.execute(db);
  const { rows } = await sql<AnswerRow>`
    SELECT n.id, n.client_id, btrim(c.first_name || ' ' || c.last_name) AS client_name, n.score, n.comment
    FROM nps_responses n
    LEFT JOIN clients c ON c.salon_id = n.salon_id AND c.id = n.client_id
    WHERE n.salon_id = ${salonId} AND n.day = ${date}::date
    ORDER BY n.score, n.id
  `.execute(db);
  return {
    salonId,
    date,
    answers: rows.map((r) => ({
      responseId: Number(r.id),
      clientId: r.client_id === null ? null : Number(r.client_id),
      clientName: r.client_name ?? '',
      score: r.score,
      category: categoryOf(r.score),
      comment: r.comment,
    })),
    totals: figuresOf(totals.rows[0]),
  };
}

/** Every answer of a year with the client (for the spreadsheet): day, then id. */
export async function getNpsAnswersOfYear(db: DbOrTx, salonId: number, year: number) {
  const { rows } = await sql<AnswerRow & { day: string }>`
    SELECT n.id, n.day, n.client_id, btrim(c.first_name || ' ' || c.last_name) AS client_name, n.score, n.comment
    FROM nps_responses n
    LEFT JOIN clients c ON c.salon_id = n.salon_id AND c.id = n.client_id
    WHERE n.salon_id = ${salonId} AND n.day BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
    ORDER BY n.day, n.id
  `.execute(db);
  return rows.map((r) => ({
    day: r.day,
    clientId: r.client_id === null ? null : Number(r.client_id),
    clientName: r.client_name ?? '',
    score: r.score,
    category: categoryOf(r.score),
    comment: r.comment,
  }));
}

interface DetractorRow {
  client_id: number;
  client_name: string;
  answers: number;
  last_score: number;
  last_answer_day: string;
  last_comment: string;
  last_visit: string | null;
  days: number | null;
  status: 'AT_RISK' | 'LOST' | 'ACTIVE' | 'NO_VISIT';
}

/**
 * The year's detractors (a client's answers 0-6), one row per client with their latest such
 * answer, and their status today: days since the last visit day (client_days, up to the salon's
 * today) against the salon's thresholds, the rule of the customer status report.
 */
export async function getNpsDetractors(
  db: DbOrTx,
  salonId: number,
  year: number,
  today: string,
): Promise<Static<typeof NpsDetractorsResponse>> {
  const thresholds = (await findStatusThresholds(db, salonId)) ?? { activeDays: 90, lostDays: 180 };
  const { rows } = await sql<DetractorRow>`
    WITH detractors AS (
      SELECT client_id, count(*) AS answers,
        (array_agg(score ORDER BY day DESC, id DESC))[1] AS last_score,
        max(day)::text AS last_answer_day,
        (array_agg(comment ORDER BY day DESC, id DESC))[1] AS last_comment
      FROM nps_responses
      WHERE salon_id = ${salonId} AND day BETWEEN make_date(${year}::int, 1, 1) AND make_date(${year}::int, 12, 31)
        AND score <= 6 AND client_id IS NOT NULL
      GROUP BY client_id
    ),
    visits AS (
      SELECT d.*, (SELECT max(cd.day) FROM client_days cd
        WHERE cd.salon_id = ${salonId} AND cd.client_id = d.client_id AND cd.day <= ${today}::date) AS last_visit
      FROM detractors d
    ),
    rated AS (
      SELECT v.client_id, btrim(c.first_name || ' ' || c.last_name) AS client_name, v.answers, v.last_score, v.last_answer_day,
        v.last_comment, v.last_visit::text AS last_visit, ${today}::date - v.last_visit AS days,
        ${customerStatusSql(today, sql.ref('v.last_visit'), thresholds)} AS status
      FROM visits v
      JOIN clients c ON c.salon_id = ${salonId} AND c.id = v.client_id
    )
    SELECT * FROM rated
    ORDER BY array_position(ARRAY['AT_RISK', 'LOST', 'ACTIVE', 'NO_VISIT'], status), last_answer_day DESC, client_id
  `.execute(db);
  return {
    salonId,
    year,
    today,
    ...thresholds,
    rows: rows.map((r) => ({
      clientId: Number(r.client_id),
      clientName: r.client_name,
      answers: Number(r.answers),
      lastScore: Number(r.last_score),
      lastAnswerDay: r.last_answer_day,
      lastComment: r.last_comment,
      lastVisit: r.last_visit,
      daysSinceLastVisit: r.days === null ? null : Number(r.days),
      status: r.status,
    })),
  };
}
