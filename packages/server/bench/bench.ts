/**
 * `npm run bench`: the report benchmark on the embedded PostgreSQL server.
 *
 * 1. Opens the embedded PostgreSQL in BENCH_DATA_DIR (default <repo>/bench-data) and loads the
 *    20-salon x 3-year demo chain (benchmark volume, density 1) when it is empty; builds the
 *    daily rollups when they are missing.
 * 2. Starts the app on BENCH_PORT (default 18200), signs in as the superadmin and calls every
 *    sales and growth report GET over HTTP for one salon, over a month and over a year: a warm-up,
 *    then BENCH_RUNS (default 20) timed calls each; prints p50 / p95 against the targets.
 *    Also the staff planner's week of a 15-person salon (bench/planner-salon.ts adds it once),
 *    every staff analysis, full capacity and performance GET, every customer, feedback,
 *    NPS and data-quality GET, the stock movement and campaign calls: every
 *    report call has a p95 target of 25 ms over a month and over a year. The file downloads
 *    (xlsx, pdf: a whole file written per call) are timed and listed apart, without a target.
 *    BENCH_ONLY=<regex> times only the calls it matches and skips 3-5; BENCH_ONLY=import runs only
 *    the import benchmark (bench/import-bench.ts).
 * 3. Times the chain-wide year totals straight from the raw sale lines (the baseline) and from
 *    the rollups, checks they agree and prints the ratio.
 * 4. Measures /api/health while year-long reports run in parallel.
 * 5. Load: one signed-in client, then BENCH_CLIENTS (default 100) concurrent signed-in clients,
 *    each calling the report GETs in a loop for BENCH_LOAD_SECONDS (default 10): requests per
 *    second, p50 / p95 / p99, errors.
 * 6. Memory and disk: the API process's RSS, the database server's memory (PSS of the postmaster
 *    and its processes, so shared memory counts once) and the data folder's size.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import {
  type Endpoint,
  fillPath,
  getGrowthDailyData,
  getGrowthRecapData,
  getGrowthTodayReport,
  getGrowthTomorrowReport,
  getSalonConfigTreatment,
  getTreatmentTargetAndDataRelating,
} from '@salon/contracts';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { rebuildRollupModel } from '../src/db/rollups/apply.js';
import { generateDemoChain } from '../src/demo/generate.js';
import { monthRange } from '../src/lib/report-range.js';
import { runMain } from '../src/lib/run-main.js';
import { getChainTotals } from '../src/lib/sales-measures.query.js';
import { ensurePlannerSalon } from './planner-salon.js';
import { benchWrites, checkout, removeCheckouts } from './write-bench.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR || resolve(repoRoot, 'bench-data'));
const port = Number(process.env.BENCH_PORT || 18200);
const runs = Number(process.env.BENCH_RUNS || 20);
const SALON = Number(process.env.BENCH_SALON || 1);
const clients = Number(process.env.BENCH_CLIENTS || 100);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS || 10);
/** Every report call 25 ms p95 over a month and over a year (20 salons x 3 years). */
const TARGET_MS = { month: 25, year: 25, none: 25 } as const;
/** The staff planner's calls and /api/health under load (not reports). */
const TARGET_OTHER_MS = 50;
/** BENCH_ONLY=<regex>: time only the calls whose name matches, and skip the baseline, health and load rows. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

type Range = keyof typeof TARGET_MS;
interface Call {
  name: string;
  range: Range;
  url: string;
  /** Not a report (the staff planner's calls): TARGET_OTHER_MS. */
  other?: boolean;
  /** A file download (a workbook or PDF written per call, growing with the rows it holds): timed and listed apart, no target. */
  file?: boolean;
  /** Read right after a write of the range, before the refresher caught up (the read computes the stale keys): listed apart, no target. */
  stale?: boolean;
  /** Run before each call, untimed (the write a stale read follows). */
  before?: () => Promise<void>;
}
interface Result extends Call {
  bytes: number;
  p50: number;
  p95: number;
  max: number;
  status: number;
}

const log = { info: (msg: string) => console.log(msg), error: (msg: string) => console.error(msg) };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

async function timeMs<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

/** One connection pool for every call of the bench (keep-alive, as a browser keeps its connections). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * GET as a browser does it: Accept-Encoding gzip and deflate (what undici's fetch sends over http), the whole
 * answer read, then decoded in one native call. Resolves when the answer is decoded: its status and decoded size.
 * (undici's fetch decodes in stream chunks in JavaScript, slower than the server writes the largest answers.
 * BENCH_CLIENT=fetch times the calls through fetch instead, for comparison.)
 */
function httpGet(url: string): Promise<{ status: number; bytes: number }> {
  if (process.env.BENCH_CLIENT === 'fetch')
    return fetch(url).then(async (res) => ({ status: res.status, bytes: (await res.arrayBuffer()).byteLength }));
  return new Promise((done, fail) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'gzip, deflate' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded =
            encoding === 'gzip'
              ? gunzipSync(body)
              : encoding === 'deflate'
                ? inflateSync(body)
                : encoding === 'br'
                  ? brotliDecompressSync(body)
                  : body;
          done({ status: res.statusCode ?? 0, bytes: decoded.byteLength });
        });
      })
      .on('error', fail);
  });
}

interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<number, number>;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

/** `count` clients, each with its own session, calling `urls` in turn until `seconds` have passed. */
async function runLoad(base: string, codes: string[], template: string, urls: string[], seconds: number): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  await Promise.all(
    codes.map(async (code, client) => {
      for (let i = client; performance.now() < until; i++) {
        const url = base + (urls[i % urls.length] as string).replaceAll(template, code);
        const t0 = performance.now();
        try {
          const res = await httpGet(url);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    errors,
    statuses,
    seconds: elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
}

/** Proportional set size of a process and its children, in MB (/proc; 0 where unreadable). */
function treePssMb(rootPid: number | undefined): number {
  if (!rootPid) return 0;
  const pss = (pid: number) => {
    try {
      const match = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      return match ? Number(match[1]) : 0;
    } catch {
      return 0;
    }
  };
  let kb = pss(rootPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === rootPid) kb += pss(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

function folderSize(folder: string): string {
  try {
    return (
      execSync(`du -sh ${JSON.stringify(folder)}`)
        .toString()
        .split('\t')[0] ?? '?'
    );
  } catch {
    return '?';
  }
}

async function main() {
  if (only?.source.toLowerCase().includes('import')) {
    // The import benchmark (bench/import-bench.ts) measures its own process's memory: a child of its own, on a database of its own.
    execSync('node --import tsx bench/import-bench.ts', { stdio: 'inherit', cwd: resolve(import.meta.dirname, '..') });
    return;
  }
  console.log(`Benchmark database: embedded PostgreSQL in ${dataDir}`);
  const [openMs, database] = await timeMs(() => openDatabase({ dataDir, log, poolSize: 10 }));
  console.log(`opened in ${(openMs / 1000).toFixed(1)} s`);
  const db = database.db;
  try {
    const salons = await sql<{ n: number }>`SELECT count(*) AS n FROM salons`.execute(db);
    if (Number(salons.rows[0]?.n) === 0) {
      console.log('Loading the 20-salon x 3-year demo chain (benchmark volume)…');
      const [ms] = await timeMs(() => generateDemoChain(database, { salons: 20, years: 3, density: 1, seed: 1, log }));
      console.log(`loaded in ${(ms / 1000).toFixed(0)} s`);
    }
    const check = await sql<{ rollup: number; lines: number }>`
      SELECT (SELECT count(*) FROM sales_daily) AS rollup, (SELECT count(*) FROM (SELECT 1 FROM sale_lines LIMIT 1) x) AS lines`.execute(
      db,
    );
    if (Number(check.rows[0]?.rollup) === 0 && Number(check.rows[0]?.lines) > 0) {
      console.log('Building the daily rollups…');
      const [ms] = await timeMs(() => rebuildRollupModel(db));
      console.log(`rollups built in ${(ms / 1000).toFixed(0)} s`);
    }
    const size = await sql<{ lines: number; salons: number; last: string }>`
      SELECT (SELECT count(*) FROM sale_lines) AS lines, (SELECT count(*) FROM salons) AS salons,
        (SELECT max(day)::text FROM sale_lines WHERE salon_id = ${SALON}) AS last`.execute(db);
    const { lines, salons: salonCount, last } = size.rows[0]!;
    console.log(`chain: ${salonCount} salons, ${Number(lines).toLocaleString('en')} sale lines; last sale day of salon ${SALON}: ${last}`);

    // The last full month and the last full calendar year before the data's last day.
    const lastDay = new Date(`${last}T00:00:00Z`);
    const monthDate = new Date(Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth() - 1, 1));
    const mYear = monthDate.getUTCFullYear();
    const mMonth = monthDate.getUTCMonth() + 1;
    const m = monthRange(mYear, mMonth);
    const year = lastDay.getUTCFullYear() - 1;
    const y = { from: `${year}-01-01`, to: `${year}-12-31` };
    const appointment = await sql<{ id: number }>`
      SELECT id FROM appointments WHERE salon_id = ${SALON} AND status = 'DONE' AND client_id IS NOT NULL AND day <= ${m.to}::date
      ORDER BY day DESC, id DESC LIMIT 1`.execute(db);
    const appointmentId = Number(appointment.rows[0]?.id);
    // The feedback details: the staff member and the service with the most feedback.
    const feedbackSubjects = await sql<{ staff_id: number | null; service_id: number | null }>`
      SELECT (SELECT staff_id FROM feedback WHERE salon_id = ${SALON} AND staff_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS staff_id,
        (SELECT service_id FROM feedback WHERE salon_id = ${SALON} AND service_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) AS service_id`.execute(
      db,
    );
    const feedbackStaffId = Number(feedbackSubjects.rows[0]?.staff_id ?? 1);
    const feedbackServiceId = Number(feedbackSubjects.rows[0]?.service_id ?? 1);

    const config = { ...loadConfig({}), demo: false, dataDir, webDist: '/nonexistent', logLevel: 'error' };
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    try {
      const login = await fetch(`${base}/api/Sessions/Login?username=superadmin&password=demo`, { method: 'POST' });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const code = ((await login.json()) as { sessionCode: string }).sessionCode;

      const calls: Call[] = [];
      const both = (name: string, url: (r: { from: string; to: string }) => string, kind: Pick<Call, 'file'> = {}) => {
        calls.push({ name, range: 'month', url: url(m), ...kind });
        calls.push({ name, range: 'year', url: url(y), ...kind });
      };
      const S = `/api/Stats`;
      both('Stats PerDay', (r) => `${S}/GetSalesDataAnalysisPerDay/${r.to}/${r.from}/${SALON}/${code}`);
      both('Stats PerDayGender', (r) => `${S}/GetSalesDataAnalysisPerDayGender/FEMALE/${r.to}/${r.from}/${SALON}/${code}`);
      calls.push({
        name: 'Stats PerMonth (+prev. year)',
        range: 'month',
        url: `${S}/GetSalesDataAnalysisPerMonth/${mMonth}/${SALON}/${code}?year=${mYear}`,
      });
      calls.push({
        name: 'Stats PerMonthGender',
        range: 'month',
        url: `${S}/GetSalesDataAnalysisPerMonthGender/MALE/${mMonth}/${SALON}/${code}?year=${mYear}`,
      });
      calls.push({ name: 'Stats PerYear (+prev. year)', range: 'year', url: `${S}/GetSalesDataAnalysisPerYear/${year}/${SALON}/${code}` });
      calls.push({
        name: 'Stats PerYearGender',
        range: 'year',
        url: `${S}/GetSalesDataAnalysisPerYearGender/FEMALE/${year}/${SALON}/${code}`,
      });
      both('Stats Gender', (r) => `${S}/GetSalesDataAnalysisGender/${r.to}/${r.from}/MALE/${SALON}/${code}`);
      // The list is always a page: a full page of the maximum (what the export asks, page after page).
      both(
        'Stats PerClient page of 500',
        (r) => `${S}/GetSalesDataAnalysisPerClient/${r.to}/${r.from}/${SALON}/${code}?limit=500&offset=0&sort=revenue&order=desc`,
      );
      // What the screen asks for: the first page of 50 by revenue, with the totals of every client.
      both(
        'Stats PerClient page 1',
        (r) => `${S}/GetSalesDataAnalysisPerClient/${r.to}/${r.from}/${SALON}/${code}?limit=50&offset=0&sort=revenue&order=desc`,
      );
      both('Stats DiscountsPerDay', (r) => `${S}/GetDiscountsProductsServicesPerDay/${code}?salonId=${SALON}&from=${r.from}&to=${r.to}`);
      both(
        'Stats DiscountsPerAppointment',
        (r) => `${S}/GetDiscountsProductsServicesPerAppointment/${code}?salonId=${SALON}&from=${r.from}&to=${r.to}`,
      );
      calls.push({
        name: 'ClientHistoryServices',
        range: 'none',
        url: `/api/ClientHistoryServices/Appointment/${code}?appointmentId=${appointmentId}`,
      });
      calls.push({
        name: 'ClientHistoryProducts',
        range: 'none',
        url: `/api/ClientHistoryProducts/Appointment/${code}?appointmentId=${appointmentId}`,
      });
      const R = '/api/ReportDataAnalysis';
      both('Report DayOfTheWeek', (r) => `${R}/GetDayOftheWeek/${code}/${r.from}/${r.to}/${SALON}`);
      both('Report DayOfTheWeek gender', (r) => `${R}/GetDayOftheWeek/${code}/${r.from}/${r.to}/${SALON}/FEMALE`);
      both('Report ServiceProduct', (r) => `${R}/GetReportDataAnalysis/${code}/${r.from}/${r.to}/${SALON}`);
      both('Report ServiceProduct gender', (r) => `${R}/GetReportDataAnalysisGender/${code}/${r.from}/${r.to}/${SALON}/MALE`);
      both('Report SalonRecap', (r) => `${R}/GetSalonRecap/${code}/${r.from}/${r.to}/${SALON}`);
      both('Report SalonRecapGender', (r) => `${R}/GetSalonRecapGender/${code}/${r.from}/${r.to}/${SALON}/FEMALE`);
      both('Report CheckUp', (r) => `${R}/GetCheckUp/${code}/${SALON}?fromDate=${r.from}&toDate=${r.to}`);
      both('Report CheckUpGender', (r) => `${R}/GetCheckUpGender/${code}/${SALON}/MALE?fromDate=${r.from}&toDate=${r.to}`);
      both('ServiceDataAnalysis', (r) => `/api/ServiceDataAnalysis/GetServiceDataAnalysis/${code}/${r.from}/${r.to}/${SALON}`);
      both('ProductDataAnalysis', (r) => `/api/ProductDataAnalysis/GetProductDataAnalysis/${code}/${r.from}/${r.to}/${SALON}`);
      // The other issue-4 GETs (salon growth and settings), built from their contracts.
      const fill = (e: Endpoint, values: Record<string, string | number>) =>
        fillPath(e.path, { SESSIONCODE: code, salonId: SALON, ...values });
      calls.push({ name: 'SalonConfigTreatment', range: 'none', url: fill(getSalonConfigTreatment, {}) });
      calls.push({
        name: 'SalonsGrowing Treatment',
        range: 'year',
        url: fill(getTreatmentTargetAndDataRelating, {
          target: 60,
          toDate: y.to,
          fromDate: y.from,
          reachTargetMonths: 12,
          targetMonths: 6,
        }),
      });
      calls.push({
        name: 'SalonsGrowing RecapData',
        range: 'year',
        url: fill(getGrowthRecapData, { reachTargetMonths: 12, targetMonths: 6 }),
      });
      calls.push({
        name: 'SalonsGrowing DailyData',
        range: 'month',
        url: `${fill(getGrowthDailyData, { type: 'TREATMENTS', reachTargetMonths: 12, targetMonths: 6 })}?dateFrom=${m.from}&dateTo=${m.to}`,
      });
      calls.push({ name: 'SalonsGrowing Today', range: 'none', url: fill(getGrowthTodayReport, {}) });
      calls.push({ name: 'SalonsGrowing Tomorrow', range: 'none', url: fill(getGrowthTomorrowReport, {}) });
      // The staff planner's week of a 15-person salon (one call), and its shift list.
      const planner = await ensurePlannerSalon(db, base, code);
      const week = `salonId=${planner.salonId}&fromDate=${planner.day}`;
      calls.push({ name: 'Planner week (15 staff)', range: 'none', url: `/api/UserTimeframes/Planner/${code}?${week}`, other: true });
      calls.push({ name: 'Shifts of the week (15 staff)', range: 'none', url: `/api/UserTimeframes/${code}?${week}`, other: true });

      // Staff analysis, full capacity and performance.
      const member = await sql<{ id: number }>`
        SELECT staff_id AS id FROM sale_lines WHERE salon_id = ${SALON} AND day BETWEEN ${m.from}::date AND ${m.to}::date
          AND staff_id IS NOT NULL GROUP BY staff_id ORDER BY count(*) DESC, staff_id LIMIT 1`.execute(db);
      const staffId = Number(member.rows[0]?.id);
      const SA = '/api/StaffDataAnalysis';
      both('Staff analysis', (r) => `${SA}/GetStaffDataAnalysis/${code}/${r.from}/${r.to}/${SALON}`);
      both('Staff analysis gender', (r) => `${SA}/GetStaffDataAnalysisGender/${code}/${r.from}/${r.to}/${SALON}/FEMALE`);
      both('Staff analysis by name', (r) => `${SA}/GetStaffDataAnalysisByName/${code}/${r.from}/${r.to}/${SALON}`);
      both('Staff analysis by name gender', (r) => `${SA}/GetStaffDataAnalysisByNameGender/${code}/${r.from}/${r.to}/${SALON}/MALE`);
      both('Staff analysis by staff', (r) => `${SA}/GetStaffDataAnalysisByStaff/${code}/${r.from}/${r.to}/${SALON}/${staffId}`);
      both(
        'Staff analysis by staff gender',
        (r) => `${SA}/GetStaffDataAnalysisByStaffGender/${code}/${r.from}/${r.to}/${SALON}/${staffId}/FEMALE`,
      );
      both('Staff daily details', (r) => `${SA}/GetStaffDailyDetailsAnalysis/${code}/${r.from}/${r.to}/${SALON}`);
      both('Staff daily details gender', (r) => `${SA}/GetStaffDailyDetailsAnalysisGender/${code}/${r.from}/${r.to}/${SALON}/MALE`);
      // The first page of the /staff-data-analysis-report screen's daily table (its default page size).
      both('Staff daily details page 1', (r) => `${SA}/GetStaffDailyDetailsAnalysis/${code}/${r.from}/${r.to}/${SALON}?limit=25`);
      both('StaffItems', (r) => `${SA}/GetStaffItems/${code}/${r.from}/${r.to}/${SALON}/${staffId}`);
      // Weekly details: a month of the salon's current year (the demo runs to a few days past today).
      const weeklyMonth = Math.max(1, new Date().getUTCMonth());
      calls.push({
        name: 'Staff weekly details',
        range: 'month',
        url: `${SA}/GetStaffWeeklyDetailsAnalysis/${code}/${SALON}/${staffId}/${weeklyMonth}`,
      });
      calls.push({
        name: 'Staff weekly details gender',
        range: 'month',
        url: `${SA}/GetStaffWeeklyDetailsAnalysisGender/${code}/${SALON}/${staffId}/${weeklyMonth}/FEMALE`,
      });
      calls.push({ name: 'FullCapacity settings', range: 'none', url: `/api/FullCapacity/${code}?SalonId=${SALON}` });
      const UT = '/api/UserTimeframes/GetLastWeekAndActualWeek';
      calls.push({ name: 'Capacity last week', range: 'none', url: `${UT}/LW/45/6/${SALON}/${code}` });
      calls.push({ name: 'Capacity this week', range: 'none', url: `${UT}/AW/45/6/${SALON}/${code}` });
      both('Capacity custom range', (r) => `${UT}/${r.from}/${r.to}/45/6/${SALON}/${code}`);
      both('Capacity utilisation grid', (r) => `/api/FullCapacity/UtilisationGrid/${r.from}/${r.to}/${SALON}/${code}`);
      // Performance on the month's last day (the day and the month to date, and last year's).
      const P = '/api/Performance';
      calls.push({
        name: 'Performance one salon',
        range: 'month',
        url: `${P}/GetPerformanceBysalon/${m.to}/${SALON}/${code}`,
      });
      calls.push({ name: 'Performance by id', range: 'month', url: `${P}/GetPerformanceById/${m.to}/${code}/${SALON}` });
      calls.push({ name: 'Performance every salon', range: 'month', url: `${P}/GetPerformance/${m.to}/${code}` });

      // Customer analysis (overview, the status list's first page of every client, one client, the heat-map).
      const CA = '/api/CustomerAnalysis';
      const client = await sql<{ id: number }>`
        SELECT client_id AS id FROM client_days WHERE salon_id = ${SALON} AND day <= ${m.to}::date ORDER BY day DESC, client_id LIMIT 1`.execute(
        db,
      );
      const clientId = Number(client.rows[0]?.id);
      both('Customer overview', (r) => `${CA}/GetCustomerAnalysis/${code}/${SALON}/${r.from}/${r.to}`);
      both('Customer status (page 1)', (r) => `${CA}/GetCustomerAnalysisStatus/${code}/${SALON}/${r.from}/${r.to}`);
      both(
        'Customer status LOST by spend',
        (r) => `${CA}/GetCustomerAnalysisStatus/${code}/${SALON}/${r.from}/${r.to}?status=LOST&sort=TOTAL_SPEND_DESC`,
      );
      both('Customer one client', (r) => `${CA}/GetCustomerAnalysisStatusById/${code}/${SALON}/${r.from}/${r.to}/${clientId}`);
      both('Customer heat-map', (r) => `${CA}/GetCustomerMapAnalysisData/${code}/${SALON}/${r.from}/${r.to}`);

      // Feedback (the API's order: toDate first), NPS, data qualities.
      const F = '/api/Feedback';
      both('Feedback Staff', (r) => `${F}/GetFeedbackStaff/${r.to}/${r.from}/${SALON}/${code}`);
      both('Feedback Customer', (r) => `${F}/GetFeedbackCustomer/${r.to}/${r.from}/${SALON}/${code}`);
      both('Feedback Service', (r) => `${F}/GetFeedbackService/${r.to}/${r.from}/${SALON}/${code}`);
      both('Feedback ServiceDetail', (r) => `${F}/GetFeedbackServiceDetail/${r.to}/${r.from}/${feedbackServiceId}/${SALON}/${code}`);
      both('Feedback StaffDetail', (r) => `${F}/GetFeedbacStaffDetail/${r.to}/${r.from}/${feedbackStaffId}/${SALON}/${code}`);
      calls.push({ name: 'NPS GetByAllClients', range: 'year', url: `/api/ClientNPSs/GetByAllClients/${code}/${SALON}/${year}` });
      calls.push({
        name: 'NPS GetClientScoreDetails',
        range: 'none',
        url: `/api/ClientNPSs/GetClientScoreDetails/${code}/${SALON}/${m.to}`,
      });
      calls.push({ name: 'NPS excel link', range: 'none', url: `/api/ClientNPSs/GetByAllClientsExcelLink/${code}/${SALON}/${year}` });
      calls.push({
        name: 'DataQualities GetCustomersBySalon',
        range: 'none',
        url: `/api/DataQualities/GetCustomersBySalon/${code}/${SALON}`,
      });
      calls.push({
        name: 'DataQualities xlsx (every client)',
        range: 'none',
        file: true,
        url: `/api/DataQualities/GetCustomersBySalonXls/${code}/${SALON}`,
      });
      // Stock movements (a page of 100 at the start and deep in the range, the status,
      // professional use against the chain, the xlsx of every movement of the range).
      const SM = '/api/CassaNova';
      both('Stock movements page 1', (r) => `${SM}/ImportStocksMovements/${code}/${SALON}/${r.from}/${r.to}/?steps=100&progress=false`);
      const deep = await sql<{ day: string; id: number }>`
        SELECT day::text AS day, id FROM stock_movements WHERE salon_id = ${SALON} AND day BETWEEN ${y.from}::date AND ${y.to}::date
        ORDER BY day DESC, id DESC OFFSET 150 LIMIT 1`.execute(db);
      const cursor = deep.rows[0] ? `${deep.rows[0].day}_${deep.rows[0].id}` : '';
      calls.push({
        name: 'Stock movements last pages',
        range: 'year',
        url: `${SM}/ImportStocksMovements/${code}/${SALON}/${y.from}/${y.to}/?steps=100&progress=true&cursor=${cursor}`,
      });
      both(
        'Stock movements SALE shampoo',
        (r) => `${SM}/ImportStocksMovements/${code}/${SALON}/${r.from}/${r.to}/?type=SALE&search=shampoo`,
      );
      both('Stock status', (r) => `${SM}/StocksStatus/${code}/${SALON}/${r.from}/${r.to}`);
      both('Stock professional use', (r) => `${SM}/ProfessionalProductsUse/${code}/${SALON}/${r.from}/${r.to}`);
      both('Stock xlsx', (r) => `${SM}/ExportStocksMovements/${code}/${SALON}/${r.from}/${r.to}`, { file: true });
      // The stats of the salon's campaign running on the month's last day (open: computed from
      // the sale lines), the month's campaigns of every salon, and incentive.pdf of the year.
      const C = '/api/Campaign';
      const campaign = await sql<{ id: number }>`SELECT c.id FROM campaigns c
        JOIN campaign_salons cs ON cs.campaign_id = c.id AND cs.salon_id = ${SALON}
        WHERE ${m.to}::date BETWEEN c.date_from AND c.date_to ORDER BY c.date_from DESC, c.id DESC LIMIT 1`.execute(db);
      const campaignId = Number(campaign.rows[0]?.id);
      calls.push({ name: 'Campaign stats (one salon)', range: 'month', url: `${C}/GetStatsCampaign/${code}/${SALON}/${campaignId}` });
      calls.push({ name: 'Campaign staff (one salon)', range: 'month', url: `${C}/GetStaffCampaign/${code}/${SALON}/${campaignId}` });
      calls.push({ name: 'Campaign detail (every salon)', range: 'month', url: `${C}/${code}/${campaignId}` });
      calls.push({ name: 'Campaigns of the month (every salon)', range: 'month', url: `${C}/GetAll/${code}/${mMonth}/${mYear}` });
      calls.push({ name: 'Campaign incentive.pdf (year)', range: 'year', url: `${C}/GetAll/${code}?year=${year}`, file: true });
      // Read right after a checkout of the range's last day, before the refresher has stored its keys again: the
      // read computes them from their defining queries (listed apart, no target). The last checkout goes after the calls.
      let lastCheckout: number | null = null;
      const afterCheckout = async () => {
        if (lastCheckout !== null) await removeCheckouts(db, SALON, [lastCheckout]);
        lastCheckout = await checkout(db, SALON, y.to);
      };
      for (const [name, url] of [
        ['Sales per day, after a checkout', `${S}/GetSalesDataAnalysisPerDay/${y.to}/${y.from}/${SALON}/${code}`],
        ['Salon recap, after a checkout', `${R}/GetSalonRecap/${code}/${y.from}/${y.to}/${SALON}`],
        ['Staff daily details, after a checkout', `${SA}/GetStaffDailyDetailsAnalysis/${code}/${y.from}/${y.to}/${SALON}`],
      ] as const) {
        calls.push({ name, range: 'year', url, stale: true, before: afterCheckout });
      }
      if (only) {
        const kept = calls.filter((c) => only.test(c.name));
        calls.length = 0;
        calls.push(...kept);
      }
      console.log(`\nsalon ${SALON}; month ${m.from}..${m.to}; year ${y.from}..${y.to}; ${runs} timed calls each after a warm-up\n`);
      const results: Result[] = [];
      for (const call of calls) {
        let status = 0;
        let bytes = 0;
        const once = async () => {
          ({ status, bytes } = await httpGet(base + call.url));
        };
        await call.before?.();
        await once();
        await call.before?.();
        await once();
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          await call.before?.();
          times.push((await timeMs(once))[0]);
        }
        times.sort((a, b) => a - b);
        results.push({
          ...call,
          status,
          bytes,
          p50: percentile(times, 0.5),
          p95: percentile(times, 0.95),
          max: times[times.length - 1] ?? 0,
        });
      }
      if (lastCheckout !== null) await removeCheckouts(db, SALON, [lastCheckout]);

      const pad = (s: string, n: number) => s.padEnd(n);
      const num = (v: number) => v.toFixed(1).padStart(7);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`.padStart(9);
      console.log(
        `${pad('call', 34)} ${pad('range', 6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'target'.padStart(7)} ${'answer'.padStart(9)}  result`,
      );
      let failures = 0;
      for (const r of results.filter((c) => !c.file && !c.stale)) {
        const target = r.other ? TARGET_OTHER_MS : TARGET_MS[r.range];
        const ok = r.status === 200 && r.p95 <= target;
        if (!ok) failures++;
        const verdict = r.status !== 200 ? `FAIL (HTTP ${r.status})` : ok ? 'pass' : 'FAIL';
        console.log(
          `${pad(r.name, 34)} ${pad(r.range === 'none' ? '-' : r.range, 6)} ${num(r.p50)} ${num(r.p95)} ${String(target).padStart(7)} ${kb(r.bytes)}  ${verdict}`,
        );
      }
      const apart = [
        { title: 'file downloads (written on each call; no report target)', rows: results.filter((c) => c.file) },
        {
          title: 'a year read right after a checkout of its last day, its keys not yet stored again (no target)',
          rows: results.filter((c) => c.stale),
        },
      ];
      for (const { title, rows } of apart.filter((a) => a.rows.length > 0)) {
        console.log(`\n${title}`);
        for (const r of rows) {
          const verdict = r.status === 200 ? '' : `FAIL (HTTP ${r.status})`;
          if (r.status !== 200) failures++;
          console.log(
            `${pad(r.name, 34)} ${pad(r.range === 'none' ? '-' : r.range, 6)} ${num(r.p50)} ${num(r.p95)} ${''.padStart(7)} ${kb(r.bytes)}  ${verdict}`,
          );
        }
      }
      console.log(`load average (1, 5, 15 min): ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
      // The write side: BENCH_ONLY=writes times only it.
      if (!only || only.test('writes')) await benchWrites(db, SALON, m.to, runs);
      if (only) {
        console.log(`\n${failures === 0 ? 'All targets met.' : `${failures} target(s) missed.`} (BENCH_ONLY: calls only)`);
        process.exitCode = failures === 0 ? 0 : 1;
        return;
      }

      // Baseline: the chain-wide year totals from the raw sale lines vs from the rollups.
      const rawTimes: number[] = [];
      const rollTimes: number[] = [];
      let raw = await getChainTotals(db, y.from, y.to, 'raw');
      for (let i = 0; i < 3; i++) {
        const [ms, value] = await timeMs(() => getChainTotals(db, y.from, y.to, 'raw'));
        rawTimes.push(ms);
        raw = value;
      }
      let roll = await getChainTotals(db, y.from, y.to, 'rollup');
      for (let i = 0; i < runs; i++) {
        const [ms, value] = await timeMs(() => getChainTotals(db, y.from, y.to, 'rollup'));
        rollTimes.push(ms);
        roll = value;
      }
      rawTimes.sort((a, b) => a - b);
      rollTimes.sort((a, b) => a - b);
      const rawMs = percentile(rawTimes, 0.5);
      const rollMs = percentile(rollTimes, 0.5);
      const same = JSON.stringify(raw) === JSON.stringify(roll);
      console.log(
        `\nchain-wide totals of ${year} (${salonCount} salons, ${raw.lines.toLocaleString('en')} lines, ${(raw.servicesCents + raw.productsCents) / 100} EUR):`,
      );
      console.log(
        `  raw sale_lines (baseline) median ${rawMs.toFixed(0)} ms; daily rollup median ${rollMs.toFixed(1)} ms; ratio ${(rawMs / rollMs).toFixed(0)}x; equal: ${same ? 'yes' : 'NO'}`,
      );
      if (!same) {
        failures++;
        console.log(`  raw ${JSON.stringify(raw)}\n  rollup ${JSON.stringify(roll)}`);
      }

      // Health while year-long reports run (two clients in a loop).
      let running = true;
      const heavy = results.filter((r) => r.range === 'year').map((r) => r.url);
      const loader = async (offset: number) => {
        for (let i = offset; running; i++) await httpGet(base + heavy[i % heavy.length]);
      };
      const loaders = [loader(0), loader(Math.floor(heavy.length / 2))];
      const health: number[] = [];
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, 25));
        health.push((await timeMs(() => httpGet(`${base}/api/health`)))[0]);
      }
      running = false;
      await Promise.all(loaders);
      health.sort((a, b) => a - b);
      const hp95 = percentile(health, 0.95);
      if (hp95 > TARGET_OTHER_MS) failures++;
      console.log(
        `\n/api/health during report load: p50 ${percentile(health, 0.5).toFixed(1)} ms, p95 ${hp95.toFixed(1)} ms, max ${(health[health.length - 1] ?? 0).toFixed(1)} ms (target < ${TARGET_OTHER_MS} ms): ${hp95 <= TARGET_OTHER_MS ? 'pass' : 'FAIL'}`,
      );
      // Load: the same report mix from one client, then from many at once.
      const mix = results.filter((r) => r.range !== 'none').map((r) => r.url);
      const codes: string[] = [];
      for (let i = 0; i < clients; i++) {
        const res = await fetch(`${base}/api/Sessions/Login?username=superadmin&password=demo`, { method: 'POST' });
        codes.push(((await res.json()) as { sessionCode: string }).sessionCode);
      }
      const line = (label: string, r: LoadResult) =>
        console.log(
          `${label.padEnd(26)} ${String(r.requests).padStart(7)} ${(r.requests / r.seconds).toFixed(1).padStart(8)} ${num(r.p50)} ${num(r.p95)} ${num(r.p99)} ${String(r.errors).padStart(7)}  ${JSON.stringify(r.statuses)}`,
        );
      console.log(
        `\nload: the ${mix.length} month and year report GETs in turn, ${loadSeconds} s per row, each client signed in with its own session`,
      );
      console.log(
        `${'clients'.padEnd(26)} ${'requests'.padStart(7)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  statuses`,
      );
      const single = await runLoad(base, codes.slice(0, 1), code, mix, loadSeconds);
      line('1 client', single);
      const many = await runLoad(base, codes, code, mix, loadSeconds);
      line(`${clients} concurrent clients`, many);
      if (many.errors > 0 || single.errors > 0) failures++;

      console.log('\nmemory and disk after the load:');
      console.log(`  API process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
      console.log(`  database server (postmaster and its processes, PSS) ${treePssMb(database.embedded?.pid()).toFixed(0)} MB`);
      console.log(`  data folder ${dataDir}: ${folderSize(dataDir)}`);

      console.log(`\n${failures === 0 ? 'All targets met.' : `${failures} target(s) missed.`}`);
      process.exitCode = failures === 0 ? 0 : 1;
    } finally {
      agent.destroy();
      await app.close();
    }
  } finally {
    await database.close();
  }
}

runMain(main);
