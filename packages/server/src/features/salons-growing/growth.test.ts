import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSalonConfig } from '../../lib/salon-config.query.js';
import { createTestApp, seedAccessFixture, signIn, type TestApp } from '../../test/helpers.js';
import { seedGrowthFixture } from './growth.fixture.js';
import { getGrowthDailyData, getGrowthRecap, getGrowthReport } from './growth.service.js';

/*
 * Fixture (growth.fixture.ts), DONE appointments and the categories on their lines:
 *   Jan 2026: [T+H] [H] [H+RESALE] [C]          -> T 1/4 = 25 %, H 3/4 = 75 %, RESALE 1/4 = 25 %, C 1/4 = 25 %, S 0 %
 *             (a CANCELLED appointment and a walk-in retail sale do not count)
 *   Feb 2026: [T+T] [S+PROFESSIONAL]            -> T 1/2 = 50 % (two lines, one appointment), S 50 %, H 0 %, RESALE 0 %
 *   Mar 2026: 03-02 [T], 03-02 [H], 03-04 [T+RESALE] -> T 2/3 = 66.67 %, H 1/3 = 33.33 %, RESALE 1/3 = 33.33 %
 *   Apr 2026: no DONE appointment (a BOOKED one)  -> no value
 *   May 2026: 05-02 [H], 05-10 [T], (05-20 [T] is after toDate 2026-05-15) -> T 1/2 = 50 %, H 50 %, RESALE 0 %
 */

let t: TestApp;
let fixture: Awaited<ReturnType<typeof seedAccessFixture>>;
const salon = () => ({ salonId: fixture.salon1, name: 'Salone Uno' });

beforeAll(async () => {
  t = await createTestApp();
  fixture = await seedAccessFixture(t.db);
  await seedGrowthFixture(t.db, fixture.salon1);
});
afterAll(() => t.close());

describe('growth report (monthly penetration against the path)', () => {
  it('treatment: baseline start, path, gaps and rolling averages worked out by hand', async () => {
    // Period 2026-03..2026-06 (reach 4), measured over 2 months, target 60, actuals to 2026-05-15.
    // Start = mean(Jan 25, Feb 50) = 37.5; path step = (60 - 37.5) / 4 = 5.625:
    //   Mar 43.125 -> 43.13, Apr 48.75, May 54.375 -> 54.38, Jun 60.
    // Rolling (2 months): Mar = mean(50, 66.667) = 58.33; Apr = mean(66.667) = 66.67; May = mean(50) = 50.
    const report = await getGrowthReport(t.db, salon(), {
      category: 'TREATMENT',
      target: 60,
      reachTargetMonths: 4,
      targetMonths: 2,
      periodStartDate: '2026-03-01',
      toDate: '2026-05-15',
    });
    expect(report).toMatchObject({
      salonName: 'Salone Uno',
      periodStartDate: '2026-03-01',
      periodEndDate: '2026-06-30',
      startPercent: 37.5,
      startSource: 'BASELINE',
      currentAveragePercent: 50,
      currentPathPercent: 54.38,
      gapToPathPercent: -4.38, // 50 - 54.38
      gapToTargetPercent: -10, // 50 - 60
      isOnTrack: false,
      monthsLeft: 1, // June
    });
    expect(report.months).toEqual([
      {
        month: '2026-01',
        phase: 'BASELINE',
        periodMonth: null,
        appointments: 4,
        appointmentsWithCategory: 1,
        actualPercent: 25,
        pathPercent: null,
        gapPercent: null,
        rollingAveragePercent: null,
        isComplete: true,
      },
      {
        month: '2026-02',
        phase: 'BASELINE',
        periodMonth: null,
        appointments: 2,
        appointmentsWithCategory: 1,
        actualPercent: 50,
        pathPercent: null,
        gapPercent: null,
        rollingAveragePercent: null,
        isComplete: true,
      },
      // gap 66.67 - 43.13 = 23.54
      {
        month: '2026-03',
        phase: 'PERIOD',
        periodMonth: 1,
        appointments: 3,
        appointmentsWithCategory: 2,
        actualPercent: 66.67,
        pathPercent: 43.13,
        gapPercent: 23.54,
        rollingAveragePercent: 58.33,
        isComplete: true,
      },
      {
        month: '2026-04',
        phase: 'PERIOD',
        periodMonth: 2,
        appointments: 0,
        appointmentsWithCategory: 0,
        actualPercent: null,
        pathPercent: 48.75,
        gapPercent: null,
        rollingAveragePercent: 66.67,
        isComplete: true,
      },
      // gap 50 - 54.38 = -4.38; the 05-20 appointment is after toDate
      {
        month: '2026-05',
        phase: 'PERIOD',
        periodMonth: 3,
        appointments: 2,
        appointmentsWithCategory: 1,
        actualPercent: 50,
        pathPercent: 54.38,
        gapPercent: -4.38,
        rollingAveragePercent: 50,
        isComplete: false,
      },
      {
        month: '2026-06',
        phase: 'PERIOD',
        periodMonth: 4,
        // still to come: not known yet, not 0
        appointments: null,
        appointmentsWithCategory: null,
        actualPercent: null,
        pathPercent: 60,
        gapPercent: null,
        rollingAveragePercent: null,
        isComplete: false,
      },
    ]);
  });

  it('resale counts retail product lines only (not professional ones, not walk-in sales)', async () => {
    // RESALE: Jan 1/4 = 25, Feb 0/2 = 0 (the professional tube does not count), Mar 1/3 = 33.33, May 0/2 = 0.
    // Start = mean(25, 0) = 12.5; step = (60 - 12.5) / 4 = 11.875: Mar 24.375 -> 24.38, Apr 36.25, May 48.125 -> 48.13.
    const report = await getGrowthReport(t.db, salon(), {
      category: 'RESALE',
      target: 60,
      reachTargetMonths: 4,
      targetMonths: 2,
      periodStartDate: '2026-03-01',
      toDate: '2026-05-15',
    });
    expect(report.startPercent).toBe(12.5);
    expect(report.months.map((m) => [m.month, m.actualPercent, m.pathPercent, m.gapPercent])).toEqual([
      ['2026-01', 25, null, null],
      ['2026-02', 0, null, null],
      ['2026-03', 33.33, 24.38, 8.95], // 33.33 - 24.38
      ['2026-04', null, 36.25, null],
      ['2026-05', 0, 48.13, -48.13],
      ['2026-06', null, 60, null],
    ]);
    expect(report.currentAveragePercent).toBe(0); // Apr no data, May 0
  });

  it('is on track when the current average is above the path (treatment, target 40)', async () => {
    // Start 37.5, step (40 - 37.5) / 4 = 0.625: May path = 37.5 + 3 * 0.625 = 39.375 -> 39.38; average 50 >= 39.38.
    const report = await getGrowthReport(t.db, salon(), {
      category: 'TREATMENT',
      target: 40,
      reachTargetMonths: 4,
      targetMonths: 2,
      periodStartDate: '2026-03-01',
      toDate: '2026-05-15',
    });
    expect(report).toMatchObject({ currentPathPercent: 39.38, gapToPathPercent: 10.62, gapToTargetPercent: 10, isOnTrack: true });
  });

  it('starts from the first month when the baseline has no data, and keeps the target after the period', async () => {
    // Period 2026-01..2026-02 (reach 2); baseline Nov-Dec 2025 empty -> start = Jan treatment 25 (FIRST_MONTH).
    // Path: Jan 25 + 35/2 = 42.5, Feb 60, then AFTER months Mar..May at 60.
    // Current average (2 months to May) = mean(Apr none, May 50) = 50 < 60.
    const report = await getGrowthReport(t.db, salon(), {
      category: 'TREATMENT',
      target: 60,
      reachTargetMonths: 2,
      targetMonths: 2,
      periodStartDate: '2026-01-01',
      toDate: '2026-05-15',
    });
    expect(report).toMatchObject({ startPercent: 25, startSource: 'FIRST_MONTH', currentPathPercent: 60, monthsLeft: 0, isOnTrack: false });
    expect(report.months.map((m) => [m.month, m.phase, m.pathPercent])).toEqual([
      ['2025-11', 'BASELINE', null],
      ['2025-12', 'BASELINE', null],
      ['2026-01', 'PERIOD', 42.5],
      ['2026-02', 'PERIOD', 60],
      ['2026-03', 'AFTER', 60],
      ['2026-04', 'AFTER', 60],
      ['2026-05', 'AFTER', 60],
    ]);
  });

  it('starts from 0 with no data at all', async () => {
    const report = await getGrowthReport(t.db, salon(), {
      category: 'COLOUR',
      target: 60,
      reachTargetMonths: 3,
      targetMonths: 2,
      periodStartDate: '2025-06-01',
      toDate: '2025-08-31',
    });
    expect(report).toMatchObject({
      startPercent: 0,
      startSource: 'NONE',
      currentAveragePercent: null,
      gapToTargetPercent: null,
      isOnTrack: false,
    });
    expect(report.months.map((m) => m.pathPercent)).toEqual([null, null, 20, 40, 60]);
  });
});

describe('recap (all categories, each against its saved target; 60 only in the path)', () => {
  it('uses each category’s stored period start and the defaults elsewhere', async () => {
    // Stored: treatment from 2026-03-01 with its target 70 (the recap judges against it, as the
    // category report does), haircut from 2026-05-01. Others default: 6 months before May 2026 = 2025-11-01, target 60.
    await saveSalonConfig(t.db, fixture.salon1, 'treatment', {
      reachTargetMonths: 12,
      targetMonths: 6,
      periodStartDate: '2026-03-01',
      target: 70,
    });
    await saveSalonConfig(t.db, fixture.salon1, 'haircut', {
      reachTargetMonths: 12,
      targetMonths: 6,
      periodStartDate: '2026-05-01',
      target: 60,
    });
    const recap = await getGrowthRecap(
      t.db,
      { salonId: fixture.salon1, name: 'Salone Uno', code: 'S1', timeZone: 'Europe/Rome', today: '2026-05-15' },
      { reachTargetMonths: 4, targetMonths: 2 },
    );
    const byCategory = Object.fromEntries(recap.categories.map((c) => [c.category, c]));
    expect(recap.categories.map((c) => c.category)).toEqual(['TREATMENT', 'COLOUR', 'HAIRCUT', 'RESALE', 'STYLING']);
    // Treatment: start 37.5 as in the first report, but towards its saved 70: May path = 37.5 + (70 - 37.5) x 3 / 4
    // = 61.875 -> 61.88; average 50: gap to path -11.88, to target -20.
    expect(byCategory.TREATMENT).toMatchObject({
      periodStartDate: '2026-03-01',
      startPercent: 37.5,
      lastMonthPercent: 50,
      currentAveragePercent: 50,
      currentPathPercent: 61.88,
      target: 70,
      gapToPathPercent: -11.88,
      gapToTargetPercent: -20,
      isOnTrack: false,
      monthsLeft: 1,
    });
    // Haircut from May: baseline Mar 33.333, Apr none -> start 33.33; May path = 33.333 + (60 - 33.333) / 4 = 40;
    // May actual 1/2 = 50 -> average 50 >= 40: on track, gap to path +10, gap to target -10, months left Jun..Aug = 3.
    expect(byCategory.HAIRCUT).toMatchObject({
      periodStartDate: '2026-05-01',
      periodEndDate: '2026-08-31',
      startPercent: 33.33,
      currentAveragePercent: 50,
      currentPathPercent: 40,
      gapToPathPercent: 10,
      gapToTargetPercent: -10,
      isOnTrack: true,
      monthsLeft: 3,
    });
    // Colour, default period 2025-11..2026-02: no data before or in Nov -> start 0; May is after the period -> path 60;
    // May colour 0/2 -> average 0.
    expect(byCategory.COLOUR).toMatchObject({
      periodStartDate: '2025-11-01',
      periodEndDate: '2026-02-28',
      startPercent: 0,
      currentAveragePercent: 0,
      currentPathPercent: 60,
      gapToTargetPercent: -60,
      isOnTrack: false,
      monthsLeft: 0,
    });
    expect(recap.onTrackCount).toBe(1);
  });
});

describe('daily data', () => {
  it('gives penetration per day, pooled running and total, and the month’s path', async () => {
    // Treatment stored from 2026-03-01 with target 70 (saved above). Path with reach 4, 2 months: start 37.5,
    // March 37.5 + (70 - 37.5) / 4 = 45.625 -> 45.63; gap to the saved target 66.67 - 70 = -3.33.
    // 03-02: [T], [H] -> 1/2 = 50; 03-04: [T+R] -> 1/1 = 100; running 1/2 = 50, then 2/3 = 66.67; total 2/3.
    const data = await getGrowthDailyData(
      t.db,
      { salonId: fixture.salon1, name: 'Salone Uno', code: 'S1', timeZone: 'Europe/Rome', today: '2026-05-15' },
      { type: 'TREATMENTS', reachTargetMonths: 4, targetMonths: 2, dateFrom: '2026-03-01', dateTo: '2026-03-05' },
    );
    expect(data).toMatchObject({
      category: 'TREATMENT',
      target: 70,
      periodStartDate: '2026-03-01',
      appointments: 3,
      appointmentsWithCategory: 2,
      percent: 66.67,
      gapToTargetPercent: -3.33,
    });
    expect(data.days).toEqual([
      { date: '2026-03-01', appointments: 0, appointmentsWithCategory: 0, percent: null, cumulativePercent: null, pathPercent: 45.63 },
      { date: '2026-03-02', appointments: 2, appointmentsWithCategory: 1, percent: 50, cumulativePercent: 50, pathPercent: 45.63 },
      { date: '2026-03-03', appointments: 0, appointmentsWithCategory: 0, percent: null, cumulativePercent: 50, pathPercent: 45.63 },
      { date: '2026-03-04', appointments: 1, appointmentsWithCategory: 1, percent: 100, cumulativePercent: 66.67, pathPercent: 45.63 },
      { date: '2026-03-05', appointments: 0, appointmentsWithCategory: 0, percent: null, cumulativePercent: 66.67, pathPercent: 45.63 },
    ]);
  });
});

describe('routes', () => {
  const reportUrl = (code: string, salonId: number, name = 'Treatment', to = '2026-05-15', from = '2026-03-01') =>
    `/api/SalonsGrowing/Get${name}TargetAndDataRelating/60/${to}/${from}/4/2/${salonId}/${code}`;

  it('serves the five reports to ADMIN and SUPERADMIN (admin menu level) and refuses the other roles', async () => {
    for (const user of ['manager', 'superadmin']) {
      const code = await signIn(t.app, user);
      const res = await t.app.inject({ method: 'GET', url: reportUrl(code, fixture.salon1) });
      expect(res.statusCode, user).toBe(200);
      expect(res.json()).toMatchObject({ category: 'TREATMENT', startPercent: 37.5, currentPathPercent: 54.38 });
    }
    for (const user of ['reception', 'marketing', 'stylist', 'assistant']) {
      const code = await signIn(t.app, user);
      expect((await t.app.inject({ method: 'GET', url: reportUrl(code, fixture.salon1) })).statusCode, user).toBe(403);
    }
    const code = await signIn(t.app, 'manager');
    const expected = { Colour: 'COLOUR', Haircut: 'HAIRCUT', Resale: 'RESALE', Styling: 'STYLING' };
    for (const [name, category] of Object.entries(expected)) {
      const res = await t.app.inject({ method: 'GET', url: reportUrl(code, fixture.salon1, name) });
      expect(res.statusCode).toBe(200);
      expect(res.json().category).toBe(category);
    }
    // Styling: Jan 0/4, Feb 1/2 = 50 -> start 25 (path of March = 25 + 35/4 = 33.75)
    const styling = await t.app.inject({ method: 'GET', url: reportUrl(code, fixture.salon1, 'Styling') });
    expect(styling.json()).toMatchObject({ startPercent: 25 });
    expect(styling.json().months[2]).toMatchObject({ month: '2026-03', actualPercent: 0, pathPercent: 33.75 });
  });

  it('refuses another salon (403), no session (401), bad dates and ranges (400)', async () => {
    const code = await signIn(t.app, 'manager2');
    expect((await t.app.inject({ method: 'GET', url: reportUrl(code, fixture.salon1) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: reportUrl('x'.repeat(30), fixture.salon1) })).statusCode).toBe(401);
    const manager = await signIn(t.app, 'manager');
    const before = await t.app.inject({ method: 'GET', url: reportUrl(manager, fixture.salon1, 'Treatment', '2026-02-01', '2026-03-01') });
    expect(before.statusCode).toBe(400);
    expect(before.json().parameter).toBe('toDate');
    const badDate = await t.app.inject({ method: 'GET', url: reportUrl(manager, fixture.salon1, 'Treatment', '2026-02-30') });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().parameter).toBe('toDate');
    const badTarget = await t.app.inject({ method: 'GET', url: reportUrl(manager, fixture.salon1).replace('/60/', '/101/') });
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.json().parameter).toBe('target');
    const tooLong = await t.app.inject({ method: 'GET', url: reportUrl(manager, fixture.salon1, 'Treatment', '2036-05-15') });
    expect(tooLong.statusCode).toBe(400);
  });

  it('recap answers with the literal 60 in its path', async () => {
    const code = await signIn(t.app, 'manager');
    const res = await t.app.inject({ method: 'GET', url: `/api/SalonsGrowing/GetRecapData/60/4/2/${fixture.salon1}/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ salonId: fixture.salon1, target: 60, reachTargetMonths: 4, targetMonths: 2 });
    expect(res.json().categories).toHaveLength(5);
    const other = await t.app.inject({ method: 'GET', url: `/api/SalonsGrowing/GetRecapData/70/4/2/${fixture.salon1}/${code}` });
    expect(other.statusCode).toBe(404);
  });

  it('daily data: dates, month of the current year, type and range checks', async () => {
    const code = await signIn(t.app, 'manager');
    const base = `/api/SalonsGrowing/GetDailyData/CUTS/60/4/2/${fixture.salon1}/${code}`;
    // CUTS = haircut: 03-02 1/2 = 50, 03-04 0/1 = 0; total 1/3 = 33.33, gap 33.33 - 60 = -26.67.
    const cuts = await t.app.inject({ method: 'GET', url: `${base}?dateFrom=2026-03-01&dateTo=2026-03-05` });
    expect(cuts.statusCode).toBe(200);
    expect(cuts.json()).toMatchObject({ type: 'CUTS', category: 'HAIRCUT', percent: 33.33, gapToTargetPercent: -26.67 });
    expect(cuts.json().days.map((d: { percent: number | null }) => d.percent)).toEqual([null, 50, null, 0, null]);

    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date()).slice(0, 4);
    const february = await t.app.inject({ method: 'GET', url: `${base}?month=2` });
    expect(february.json()).toMatchObject({ dateFrom: `${year}-02-01` });
    expect(february.json().days).toHaveLength(Number(year) % 4 === 0 ? 29 : 28);

    const badType = await t.app.inject({ method: 'GET', url: base.replace('/CUTS/', '/STYLING/') });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().parameter).toBe('type');
    const onlyFrom = await t.app.inject({ method: 'GET', url: `${base}?dateFrom=2026-03-01` });
    expect(onlyFrom.statusCode).toBe(400);
    expect(onlyFrom.json().parameter).toBe('dateTo');
    const reversed = await t.app.inject({ method: 'GET', url: `${base}?dateFrom=2026-03-05&dateTo=2026-03-01` });
    expect(reversed.statusCode).toBe(400);
    const tooLong = await t.app.inject({ method: 'GET', url: `${base}?dateFrom=2025-01-01&dateTo=2026-03-01` });
    expect(tooLong.statusCode).toBe(400);
    const badMonth = await t.app.inject({ method: 'GET', url: `${base}?month=13` });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().parameter).toBe('month');
  });
});
