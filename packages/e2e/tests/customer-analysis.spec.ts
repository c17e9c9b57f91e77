import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { chooseLanguage, DEMO_TODAY, seriousViolations, signInToShell, storedSessionCode } from './helpers';

/** The customer analysis screens (overview, status, heat-map), walked by the salon's manager. */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `customer-${name}.png`), fullPage: true });
const LOADED = { timeout: 45_000 };
const MONTH_START = `${DEMO_TODAY.slice(0, 8)}01`;
const YEAR_START = `${DEMO_TODAY.slice(0, 4)}-01-01`;
const en = (value: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value);

async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path.replace('{code}', (await storedSessionCode(page)) ?? ''));
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as T;
}

/** The client rows of the first sheet (a heading line and the header row come first), as plain values. */
async function sheetRows(download: Download): Promise<unknown[][]> {
  const path = join(tmpdir(), `customer-e2e-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** English texts of the screens' namespace that Italian must never show (placeholders cut out, long enough to be words). */
function englishOnly(): string[] {
  const read = (language: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../web/src/locales/${language}/customer-analysis.json`), 'utf8'));
  const leaves = (value: unknown, path = ''): [string, string][] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
      : [[path, String(value)]];
  const italian = new Map(leaves(read('it')));
  return leaves(read('en'))
    .filter(([key, text]) => italian.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
    .map((piece) => piece.trim().replace(/[.:;,()]+$/, ''))
    .filter((piece) => piece.length >= 8);
}

interface Overview {
  kpis: Record<string, number | null>;
  lastYear: { fromDate: string; toDate: string; kpis: Record<string, number | null> } | null;
  cohorts: { month: string }[];
}
interface StatusList {
  counts: { active: number; atRisk: number; lost: number; noVisit: number; total: number };
  total: number;
  rows: { clientId: number; firstName: string; lastName: string; status: string }[];
}

test.describe('customer analysis screens', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // One context (axe opens a page of its own in it) and one sign-in for the whole walk.
    context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    page = await context.newPage();
    await signInToShell(page, 'manager');
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('overview: the KPIs equal the API for the range, with last year, months, genders, ages and cohorts', async () => {
    test.setTimeout(180_000);
    await page.goto(`/customer-analysis-overview?fromDate=${YEAR_START}&toDate=${DEMO_TODAY}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer overview' })).toBeVisible();
    const overview = await api<Overview>(page, `/api/CustomerAnalysis/GetCustomerAnalysis/{code}/1/${YEAR_START}/${DEMO_TODAY}`);
    const card = (name: string) => page.getByRole('group', { name });
    await expect(card('Clients seen').getByTestId('kpi-value')).toHaveText(en(overview.kpis.clientsSeen as number), LOADED);
    expect(overview.kpis.clientsSeen).toBeGreaterThan(0);
    await expect(card('New clients').getByTestId('kpi-value')).toHaveText(en(overview.kpis.newClients as number));
    await expect(card('Returning clients').getByTestId('kpi-value')).toHaveText(en(overview.kpis.returningClients as number));
    // Last year's same span, said above the cards and on each card.
    expect(overview.lastYear).not.toBeNull();
    await expect(page.getByTestId('last-year-clientsSeen')).toContainText(
      `Last year: ${en(overview.lastYear?.kpis.clientsSeen as number)}`,
    );
    // Every KPI carries its definition.
    await card('First-visit retention')
      .getByRole('button', { name: /definition/i })
      .hover();
    await expect(page.getByRole('tooltip')).toContainText('came back within 90 days');
    await page.mouse.move(0, 0);
    // The cohort matrix: one row per month of the range, the first with later months filled in.
    const matrix = page.getByTestId('cohort-matrix');
    await expect(matrix.locator('tbody tr')).toHaveCount(overview.cohorts.length);
    await expect(matrix.locator('tbody tr').first().locator('td').nth(2)).toHaveText(/%$/);
    await expect(page.getByTestId('chart')).toHaveCount(3);
    await shot(page, 'overview');
    expect(await seriousViolations(page)).toEqual([]);
    // The last 12 months in one click.
    await page.getByTestId('last-12-months').click();
    await expect(page).toHaveURL(/fromDate=2025-12-01/);
  });

  test('status: counts, the lost list, search, paging, a client, both exports and the thresholds', async () => {
    test.setTimeout(240_000);
    await page.goto('/customer-analysis-status');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer status' })).toBeVisible();
    const base = `/api/CustomerAnalysis/GetCustomerAnalysisStatus/{code}/1/${MONTH_START}/${DEMO_TODAY}`;
    const all = await api<StatusList>(page, `${base}?limit=50&offset=0`);
    await expect(page.getByTestId('count-LOST')).toHaveText(`Lost: ${en(all.counts.lost)}`, LOADED);
    await expect(page.getByTestId('count-ALL')).toHaveText(`All: ${en(all.counts.total)}`);
    await expect(page.getByTestId('thresholds')).toContainText('under 90 days');
    const rows = page.getByTestId('status-rows').locator('tr');
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText(`${all.rows[0]?.lastName} ${all.rows[0]?.firstName}`);

    // Paging asks the server for the next 50.
    const second = await api<StatusList>(page, `${base}?limit=50&offset=50`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(rows.first()).toContainText(`${second.rows[0]?.lastName} ${second.rows[0]?.firstName}`);
    await expect(page.getByText(`51–100 of ${en(all.total)}`)).toBeVisible();

    // The lost list: only lost clients, highest total spend first, with contacts.
    await page.getByTestId('count-LOST').click();
    await expect(page.getByTestId('status-total')).toHaveText(`${en(all.counts.lost)} clients match`);
    await expect(page.getByTestId('lost-list-note')).toBeVisible();
    await expect(rows.first().getByTestId('status-chip-LOST')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Contact' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveText('Highest total spend first');
    await shot(page, 'status-lost');

    // Search by name (server side): the API's answer for the same text.
    const someone = all.rows[0] as StatusList['rows'][number];
    await page.getByTestId('count-ALL').click();
    await page.getByTestId('status-search').fill(someone.lastName);
    const found = await api<StatusList>(page, `${base}?limit=50&offset=0&search=${encodeURIComponent(someone.lastName)}`);
    await expect(page.getByTestId('status-total')).toHaveText(
      `${en(found.total)} ${found.total === 1 ? 'client matches' : 'clients match'}`,
    );
    await expect(rows).toHaveCount(Math.min(50, found.total));

    // A client opens their detail.
    await page.getByTestId(`client-${someone.clientId}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `${someone.firstName} ${someone.lastName}` })).toBeVisible();
    // The detail covers the last 12 months up to the range's end: a status for each month's end.
    await expect(dialog.getByTestId('detail-period')).toContainText('1 Dec 2025 – 20 Nov 2026', LOADED);
    await expect(dialog.getByTestId('status-history').locator('li')).toHaveCount(12);
    await expect(dialog.getByText('Services bought')).toBeVisible();
    await shot(page, 'status-client');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // status.xlsx holds every client of the filter (all pages), read back with ExcelJS.
    await page.getByTestId('status-search').fill('');
    await page.getByTestId('count-AT_RISK').click();
    await expect(page.getByTestId('status-total')).toHaveText(`${en(all.counts.atRisk)} clients match`);
    const [statusFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-status').click()]);
    expect(statusFile.suggestedFilename()).toBe('status.xlsx');
    const statusRows = await sheetRows(statusFile);
    // Headed by the list's title, the salon's name and the period in words; the table follows.
    expect(statusRows[0]).toEqual(['Client status']);
    expect(statusRows[1]?.[0]).toBe('Salon');
    expect(statusRows[1]?.[1]).not.toMatch(/^\d+$/);
    expect(statusRows[2]?.[0]).toBe('Period');
    expect(statusRows[2]?.[1]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // The counts per status the screen shows, then the table.
    expect(statusRows.slice(4, 9)).toEqual([
      ['All clients', all.counts.total],
      ['Active', all.counts.active],
      ['At risk', all.counts.atRisk],
      ['Lost', all.counts.lost],
      ['No visit', all.counts.noVisit],
    ]);
    expect(statusRows[9]?.slice(0, 5)).toEqual(['Client id', 'Last name', 'First name', 'Gender', 'Status']);
    expect(statusRows.length - 10).toBe(all.counts.atRisk);
    expect(new Set(statusRows.slice(10).map((row) => row[4]))).toEqual(new Set(['At risk']));
    // The last visit is a date cell.
    expect(statusRows[10]?.[5]).toBeInstanceOf(Date);
    const [lostFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-lost').click()]);
    expect(lostFile.suggestedFilename()).toBe('Lost List status.xlsx');
    const lostRows = await sheetRows(lostFile);
    expect(lostRows[0]).toEqual(['Lost clients']);
    expect(lostRows.length - 10).toBe(all.counts.lost);
    expect(lostRows[9]).toContain('Phone');

    // The thresholds: a manager may change them; a lost threshold under the active one is refused before saving.
    await page.getByTestId('edit-thresholds').click();
    await page.getByTestId('lost-days').fill('30');
    await expect(page.getByText('Must be at least the active threshold.')).toBeVisible();
    await expect(page.getByTestId('save-thresholds')).toBeDisabled();
    // A valid change is saved (StatusSettings) and the list is computed again with it; then put back.
    await page.getByTestId('lost-days').fill('365');
    await page.getByTestId('save-thresholds').click();
    try {
      await expect(page.getByTestId('thresholds')).toContainText('over 365 days');
      const after = await api<StatusList>(page, `${base}?limit=1&offset=0`);
      expect(after.counts.lost).toBeLessThan(all.counts.lost);
      await expect(page.getByTestId('count-LOST')).toHaveText(`Lost: ${en(after.counts.lost)}`);
    } finally {
      const restored = await page.request.post(`/api/CustomerAnalysis/StatusSettings/${await storedSessionCode(page)}`, {
        data: { salonId: 1, activeDays: 90, lostDays: 180 },
      });
      expect(restored.ok()).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('heat-map: visits per weekday and hour equal the API, capped colour scale, table alternative, places', async () => {
    test.setTimeout(180_000);
    await page.goto('/customer-analysis-heatmap');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer heat-map' })).toBeVisible();
    const map = await api<{ totalVisits: number; cities: unknown[] }>(
      page,
      `/api/CustomerAnalysis/GetCustomerMapAnalysisData/{code}/1/${MONTH_START}/${DEMO_TODAY}`,
    );
    await expect(page.getByRole('group', { name: 'Visits' }).getByTestId('kpi-value')).toHaveText(en(map.totalVisits), LOADED);
    expect(map.totalVisits).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: /Heat-map of the visits/ })).toBeVisible();
    await expect(page.getByTestId('heatmap-legend')).toContainText('95th percentile');
    await page.getByTestId('heatmap-table-toggle').click();
    const table = page.getByTestId('heatmap-table');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    // The weekday totals add up to the visits.
    const totals = await table.locator('tbody tr td:last-child').allInnerTexts();
    expect(totals.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0)).toBe(map.totalVisits);
    await expect(page.getByRole('table', { name: /per city/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /Scatter of/ })).toBeVisible();
    await shot(page, 'heatmap');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('in Italian no English is left, and on a 390 px phone nothing overflows', async () => {
    test.setTimeout(240_000);
    const english = englishOnly();
    await chooseLanguage(page, 'Italiano');
    try {
      for (const [path, heading] of [
        [`/customer-analysis-overview?fromDate=${YEAR_START}&toDate=${DEMO_TODAY}`, 'Panoramica clienti'],
        ['/customer-analysis-status?status=LOST', 'Stato dei clienti'],
        ['/customer-analysis-heatmap', 'Mappa di calore clienti'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByTestId('kpi-card').or(page.getByTestId('status-rows')).first()).toBeVisible(LOADED);
        const text = await page.locator('main').innerText();
        expect(
          english.filter((piece) => text.includes(piece)),
          path,
        ).toEqual([]);
        expect(text, path).not.toMatch(/\d\.\d+ ?%/);
        await shot(page, `it-${path.slice(1).split('?')[0]}`);
      }
    } finally {
      await chooseLanguage(page, 'English');
    }

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/customer-analysis-overview', '/customer-analysis-status', '/customer-analysis-heatmap']) {
      await page.goto(path);
      await expect(page.getByTestId('kpi-card').or(page.getByTestId('status-rows')).first()).toBeVisible(LOADED);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await shot(page, `phone-${path.slice(1)}`);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
