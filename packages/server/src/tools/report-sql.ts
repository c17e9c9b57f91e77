import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Database } from '../db/database.js';
import { getPartStats } from '../features/campaigns/campaigns.query.js';
import { getNpsAnswersOfYear, getNpsDay, getNpsDetractors, getNpsYear } from '../features/client-nps/client-nps.query.js';
import { getCustomerMap } from '../features/customer-analysis/customer-map.query.js';
import { getCustomerOverview } from '../features/customer-analysis/customer-overview.query.js';
import { getCustomerDetail, getCustomerStatusList } from '../features/customer-analysis/customer-status.query.js';
import { getDataQuality } from '../features/data-qualities/data-qualities.query.js';
import {
  getFeedbackDetails,
  getFeedbackPerClient,
  getFeedbackPerService,
  getFeedbackPerStaff,
} from '../features/feedback/feedback.query.js';
import { getCapacity } from '../features/full-capacity/capacity.query.js';
import { getUtilisationGrid } from '../features/full-capacity/utilisation-grid.query.js';
import { getPerformance } from '../features/performance/performance.query.js';
import { getProductAnalysis } from '../features/product-analysis/product-analysis.query.js';
import { getCheckUp } from '../features/report-data-analysis/check-up.query.js';
import { getDayOfWeek } from '../features/report-data-analysis/day-of-week.query.js';
import { getReportData } from '../features/report-data-analysis/report-data.query.js';
import { getSalonRecap } from '../features/report-data-analysis/salon-recap.query.js';
import { getSalonOverview } from '../features/salon-overview/salon-overview.query.js';
import { getDayReport } from '../features/salons-growing/day-report.query.js';
import { getGrowthDailyData, getGrowthReport } from '../features/salons-growing/growth.service.js';
import { getServiceAnalysis } from '../features/service-analysis/service-analysis.query.js';
import { getStaffDailyDetails, getStaffDataAnalysis } from '../features/staff-analysis/staff-analysis.query.js';
import { getStaffItems } from '../features/staff-analysis/staff-items.query.js';
import { getClientHistory } from '../features/stats/client-history.query.js';
import { getDiscountsPerAppointment, getDiscountsPerDay } from '../features/stats/discounts.query.js';
import { getSalesByGender, getSalesPerDay, getSalesPerMonth, getSalesPerYear } from '../features/stats/sales-analysis.service.js';
import { getSalesPerClient } from '../features/stats/sales-per-client.query.js';
import {
  countStockMovements,
  getProfessionalUse,
  getStockMovements,
  getStockStatus,
} from '../features/stock-movements/stock-movements.query.js';

/**
 * The SQL of every report query, committed beside it (`features/<domain>/queries/<report>.sql`)
 * so that a change in a report's SQL shows in review. Each report function runs once with fixed
 * example parameters against a Kysely whose driver records the compiled statements and answers
 * no rows; `npm run sql -w @salon/server` writes the files, and report-sql.test.ts fails when a
 * committed file differs from what the code compiles now.
 */

class RecordingConnection implements DatabaseConnection {
  constructor(private readonly log: CompiledQuery[]) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.log.push(query);
    return { rows: [] };
  }
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {}
}

class RecordingDriver implements Driver {
  constructor(private readonly log: CompiledQuery[]) {}
  async init() {}
  async acquireConnection() {
    return new RecordingConnection(this.log);
  }
  async beginTransaction() {}
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/** A report and the call that runs it on fixed example parameters. */
interface ReportQuery {
  /** Where the SQL is written, relative to src/. */
  file: string;
  /** What the call is, for the file's header. */
  call: string;
  run(db: Kysely<Database>): Promise<unknown>;
}

const SALON = 1;
const FROM = '2026-01-01';
const TO = '2026-01-31';
const TODAY = '2026-01-20';
const salon = { salonId: SALON, name: 'Salone Uno', code: 'S1', timeZone: 'Europe/Rome', today: TODAY };

export const REPORT_QUERIES: ReportQuery[] = [
  {
    file: 'features/stats/queries/sales-per-day.sql',
    call: `getSalesPerDay(salon ${SALON}, ${FROM}..${TO}, FEMALE)`,
    run: (db) => getSalesPerDay(db, SALON, FROM, TO, 'FEMALE'),
  },
  {
    file: 'features/stats/queries/sales-per-month.sql',
    call: `getSalesPerMonth(salon ${SALON}, 2026-01, ALL, today ${TODAY})`,
    run: (db) => getSalesPerMonth(db, SALON, 2026, 1, 'ALL', TODAY),
  },
  {
    file: 'features/stats/queries/sales-per-year.sql',
    call: `getSalesPerYear(salon ${SALON}, 2025, ALL, today ${TODAY})`,
    run: (db) => getSalesPerYear(db, SALON, 2025, 'ALL', TODAY),
  },
  {
    file: 'features/stats/queries/sales-by-gender.sql',
    call: `getSalesByGender(salon ${SALON}, ${FROM}..${TO}, MALE)`,
    run: (db) => getSalesByGender(db, SALON, FROM, TO, 'MALE'),
  },
  {
    file: 'features/stats/queries/sales-per-client.sql',
    call: `getSalesPerClient(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getSalesPerClient(db, SALON, FROM, TO),
  },
  {
    file: 'features/stats/queries/discounts-per-day.sql',
    call: `getDiscountsPerDay(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getDiscountsPerDay(db, SALON, FROM, TO),
  },
  {
    file: 'features/stats/queries/discounts-per-appointment.sql',
    call: `getDiscountsPerAppointment(salon ${SALON}, ${FROM}..${TO}, limit 500, offset 0)`,
    run: (db) => getDiscountsPerAppointment(db, SALON, FROM, TO, 500, 0),
  },
  {
    file: 'features/stats/queries/client-history.sql',
    call: `getClientHistory(appointment 7 of salon ${SALON} on ${TODAY}, client 3, SERVICE, only with appointment)`,
    run: (db) =>
      getClientHistory(db, { salonId: SALON, appointmentId: 7, day: TODAY, clientId: 3, clientName: 'Anna Rossi' }, 'SERVICE', true),
  },
  {
    file: 'features/report-data-analysis/queries/day-of-week.sql',
    call: `getDayOfWeek(salon ${SALON}, ${FROM}..${TO}, FEMALE)`,
    run: (db) => getDayOfWeek(db, SALON, FROM, TO, 'FEMALE'),
  },
  {
    file: 'features/report-data-analysis/queries/report-data.sql',
    call: `getReportData(salon ${SALON}, ${FROM}..${TO}, ALL)`,
    run: (db) => getReportData(db, SALON, FROM, TO, 'ALL'),
  },
  {
    file: 'features/report-data-analysis/queries/salon-recap.sql',
    call: `getSalonRecap(salon ${SALON}, ${FROM}..${TO}, MALE)`,
    run: (db) => getSalonRecap(db, SALON, FROM, TO, 'MALE'),
  },
  {
    file: 'features/report-data-analysis/queries/check-up.sql',
    call: `getCheckUp(salon ${SALON}, ${FROM}..${TO}, ALL, today ${TODAY})`,
    run: (db) => getCheckUp(db, SALON, FROM, TO, 'ALL', TODAY),
  },
  {
    file: 'features/service-analysis/queries/service-analysis.sql',
    call: `getServiceAnalysis(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getServiceAnalysis(db, SALON, FROM, TO),
  },
  {
    file: 'features/staff-analysis/queries/staff-analysis.sql',
    call: `getStaffDataAnalysis(salon ${SALON}, ${FROM}..${TO}, FEMALE): the range and the previous year's (getStaffSpan; the weekly details run getStaffBuckets)`,
    run: (db) => getStaffDataAnalysis(db, SALON, FROM, TO, 'FEMALE'),
  },
  {
    file: 'features/staff-analysis/queries/staff-daily-details.sql',
    call: `getStaffDailyDetails(salon ${SALON}, ${FROM}..${TO}, FEMALE), unpaged then its first page of 25 days: both sides from staff_day_details`,
    run: async (db) => {
      await getStaffDailyDetails(db, SALON, FROM, TO, 'FEMALE');
      await getStaffDailyDetails(db, SALON, FROM, TO, 'FEMALE', { limit: 25 });
    },
  },
  {
    file: 'features/staff-analysis/queries/staff-items.sql',
    call: `getStaffItems(salon ${SALON}, staff 2, ${FROM}..${TO})`,
    run: (db) => getStaffItems(db, SALON, 2, FROM, TO),
  },
  {
    file: 'features/product-analysis/queries/product-analysis.sql',
    call: `getProductAnalysis(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getProductAnalysis(db, SALON, FROM, TO),
  },
  {
    file: 'features/salon-overview/queries/salon-overview.sql',
    call: `getSalonOverview(${FROM}..${TO})`,
    run: (db) => getSalonOverview(db, { fromDate: FROM, toDate: TO }),
  },
  {
    file: 'features/performance/queries/performance.sql',
    call: `getPerformance(${TODAY}, salon ${SALON}; the same statements for every salon)`,
    run: (db) => getPerformance(db, TODAY, [SALON]),
  },
  {
    file: 'features/salons-growing/queries/growth-report.sql',
    call: `getGrowthReport(salon ${SALON}, COLOUR, target 60, reach in 12 months, measured over 6, from 2025-07-01 to ${TODAY})`,
    run: (db) =>
      getGrowthReport(db, salon, {
        category: 'COLOUR',
        target: 60,
        reachTargetMonths: 12,
        targetMonths: 6,
        periodStartDate: '2025-07-01',
        toDate: TODAY,
      }),
  },
  {
    file: 'features/salons-growing/queries/growth-daily-data.sql',
    call: `getGrowthDailyData(salon ${SALON}, TREATMENTS, reach in 12 months, measured over 6, ${FROM}..${TO})`,
    run: (db) => getGrowthDailyData(db, salon, { type: 'TREATMENTS', reachTargetMonths: 12, targetMonths: 6, dateFrom: FROM, dateTo: TO }),
  },
  {
    file: 'features/salons-growing/queries/day-report.sql',
    call: `getDayReport(salon ${SALON}, ${TODAY})`,
    run: (db) => getDayReport(db, SALON, TODAY),
  },
  {
    file: 'features/full-capacity/queries/capacity.sql',
    call: `getCapacity(salon ${SALON}, ${FROM}..${TO}, 45 €/h, at most 3 people)`,
    run: (db) => getCapacity(db, { salonId: SALON, from: FROM, to: TO, averageHourly: 45, numberOfPeople: 3 }),
  },
  {
    file: 'features/full-capacity/queries/utilisation-grid.sql',
    call: `getUtilisationGrid(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getUtilisationGrid(db, SALON, FROM, TO),
  },
  {
    file: 'features/customer-analysis/queries/customer-overview.sql',
    call: `getCustomerOverview(salon ${SALON}, ${FROM}..${TO}, today ${TODAY})`,
    run: (db) => getCustomerOverview(db, SALON, FROM, TO, TODAY),
  },
  {
    file: 'features/customer-analysis/queries/customer-status.sql',
    call: `getCustomerStatusList(salon ${SALON}, ${FROM}..${TO}, 90 / 180 days, AT_RISK, search 'ros', limit 100, offset 0)`,
    run: (db) =>
      getCustomerStatusList(
        db,
        { salonId: SALON, from: FROM, to: TO, activeDays: 90, lostDays: 180 },
        { status: 'AT_RISK', search: 'ros', limit: 100, offset: 0, withContacts: true },
      ),
  },
  {
    file: 'features/customer-analysis/queries/customer-status-page.sql',
    call: `getCustomerStatusList(salon ${SALON}, ${FROM}..${TO}, 90 / 180 days, LOST, by total spend, limit 100, offset 0)`,
    run: (db) =>
      getCustomerStatusList(
        db,
        { salonId: SALON, from: FROM, to: TO, activeDays: 90, lostDays: 180 },
        { status: 'LOST', sort: 'TOTAL_SPEND_DESC', limit: 100, offset: 0, withContacts: true },
      ),
  },
  {
    file: 'features/customer-analysis/queries/customer-detail.sql',
    call: `getCustomerDetail(salon ${SALON}, ${FROM}..${TO}, 90 / 180 days, client 3)`,
    run: (db) => getCustomerDetail(db, { salonId: SALON, from: FROM, to: TO, activeDays: 90, lostDays: 180 }, 3, true),
  },
  {
    file: 'features/customer-analysis/queries/customer-map.sql',
    call: `getCustomerMap(salon ${SALON}, ${FROM}..${TO}, Europe/Rome)`,
    run: (db) => getCustomerMap(db, SALON, FROM, TO, 'Europe/Rome'),
  },
  {
    file: 'features/feedback/queries/feedback-staff.sql',
    call: `getFeedbackPerStaff(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getFeedbackPerStaff(db, SALON, FROM, TO),
  },
  {
    file: 'features/feedback/queries/feedback-customer.sql',
    call: `getFeedbackPerClient(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getFeedbackPerClient(db, SALON, FROM, TO),
  },
  {
    file: 'features/feedback/queries/feedback-service.sql',
    call: `getFeedbackPerService(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getFeedbackPerService(db, SALON, FROM, TO),
  },
  {
    file: 'features/feedback/queries/feedback-service-detail.sql',
    call: `getFeedbackDetails(salon ${SALON}, ${FROM}..${TO}, service 3, limit 500, offset 0)`,
    run: (db) => getFeedbackDetails(db, SALON, FROM, TO, { serviceId: 3 }, { limit: 500, offset: 0 }),
  },
  {
    file: 'features/feedback/queries/feedback-staff-detail.sql',
    call: `getFeedbackDetails(salon ${SALON}, ${FROM}..${TO}, staff member 2, limit 500, offset 0)`,
    run: (db) => getFeedbackDetails(db, SALON, FROM, TO, { staffId: 2 }, { limit: 500, offset: 0 }),
  },
  {
    file: 'features/client-nps/queries/nps-year.sql',
    call: `getNpsYear(salon ${SALON}, 2025, today ${TODAY})`,
    run: (db) => getNpsYear(db, SALON, 2025, TODAY),
  },
  {
    file: 'features/client-nps/queries/nps-day.sql',
    call: `getNpsDay(salon ${SALON}, ${TODAY})`,
    run: (db) => getNpsDay(db, SALON, TODAY),
  },
  {
    file: 'features/client-nps/queries/nps-answers-of-year.sql',
    call: `getNpsAnswersOfYear(salon ${SALON}, 2025) (the Nps.xlsx answers sheet)`,
    run: (db) => getNpsAnswersOfYear(db, SALON, 2025),
  },
  {
    file: 'features/client-nps/queries/nps-detractors.sql',
    call: `getNpsDetractors(salon ${SALON}, 2025, today ${TODAY}) (the follow-up list)`,
    run: (db) => getNpsDetractors(db, SALON, 2025, TODAY),
  },
  {
    file: 'features/data-qualities/queries/data-quality.sql',
    call: `getDataQuality(salon ${SALON}, today ${TODAY}, limit 100, offset 0)`,
    run: (db) => getDataQuality(db, SALON, TODAY, { limit: 100, offset: 0 }),
  },
  {
    file: 'features/stock-movements/queries/stock-movements-page.sql',
    call: `getStockMovements(salon ${SALON}, ${FROM}..${TO}, type SALE, search 'shampoo', after 2026-01-10 #12345, limit 101) then countStockMovements(... up to 2026-01-20 #23456)`,
    run: async (db) => {
      const scope = { salonId: SALON, from: FROM, to: TO };
      const filters = { type: 'SALE' as const, search: 'shampoo' };
      await getStockMovements(db, scope, filters, { day: '2026-01-10', id: 12345 }, 101);
      await countStockMovements(db, scope, filters, { day: '2026-01-20', id: 23456 });
    },
  },
  {
    file: 'features/stock-movements/queries/stock-status.sql',
    call: `getStockStatus(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getStockStatus(db, { salonId: SALON, from: FROM, to: TO }),
  },
  {
    file: 'features/stock-movements/queries/professional-use.sql',
    call: `getProfessionalUse(salon ${SALON}, ${FROM}..${TO})`,
    run: (db) => getProfessionalUse(db, { salonId: SALON, from: FROM, to: TO }),
  },
  {
    file: 'features/campaigns/queries/campaign-stats.sql',
    call: `getPartStats(salon ${SALON}, campaign 1) (GetStatsCampaign, GET {id}, GetMine: salon, staff, team leader and item rows in one statement)`,
    run: (db) => getPartStats(db, [{ salonId: SALON, campaignId: 1 }]),
  },
];

const KEYWORDS =
  /\s+(from|inner join|left join|right join|full join|cross join|join|where|group by|having|order by|limit|offset|union all|union|on conflict|returning)\s+/gi;

/** One statement, readable: hand-written SQL keeps its lines (common indent removed); a one-line builder query gets a line per clause. */
export function formatSql(text: string): string {
  const lines = text.replace(/\r/g, '').split('\n');
  if (lines.length === 1) return text.trim().replace(KEYWORDS, (_, keyword: string) => `\n${keyword} `);
  const body = lines.map((line) => line.replace(/\s+$/, '')).filter((line, i, all) => line !== '' || (i > 0 && i < all.length - 1));
  while (body.length > 0 && body[0] === '') body.shift();
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  const indent = Math.min(...body.filter((line, i) => i > 0 && line.trim() !== '').map((line) => line.length - line.trimStart().length));
  return body.map((line, i) => (i === 0 ? line.trim() : line.slice(Number.isFinite(indent) ? indent : 0))).join('\n');
}

function formatParameter(value: unknown): string {
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value) || typeof value === 'object') return `'${JSON.stringify(value)}'`;
  return String(value);
}

/** The SQL files of every report: path (relative to src/) → content. */
export async function renderReportSql(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const report of REPORT_QUERIES) {
    const log: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new RecordingDriver(log),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    let stopped = '';
    try {
      await report.run(db);
    } catch (err) {
      // With no rows some reports stop early; what ran until then is still their SQL.
      stopped = `-- (no rows: the report stopped here: ${(err as Error).message.split('\n')[0]})\n`;
    }
    await db.destroy();
    const statements = log.map((query, i) => {
      const params = query.parameters.map((value, n) => `--   $${n + 1} = ${formatParameter(value)}`).join('\n');
      return `-- ${i + 1} of ${log.length}${params ? `; parameters:\n${params}` : ''}\n${formatSql(query.sql)};\n`;
    });
    const header = `-- Generated by \`npm run sql -w @salon/server\` (src/tools/report-sql.ts): do not edit.\n-- ${report.call}\n\n`;
    files.set(report.file, `${header}${statements.join('\n')}${stopped}`);
  }
  return files;
}
