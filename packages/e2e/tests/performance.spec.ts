import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, chooseLanguage, DEMO_TODAY, seriousViolations, signInAt, storedSessionCode } from './helpers';

/** The performance screens, /Performance (superadmin, every salon) and /PerformanceSalon (admin, one salon). */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `performance-${name}.png`), fullPage: true });
const LOADED = { timeout: 45_000 };
const MONTH_START = `${DEMO_TODAY.slice(0, 8)}01`;
/** '€12,345.67' -> 12345.67 (the English interface). */
const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** The columns of the ranking table, in order (DataTable cells). */
/** The salon first: the table pins its first column, so a row keeps its name when scrolled sideways. */
const COLUMN = { salon: 0, rank: 1, revenue: 2, change: 3, trend: 4, lastYear: 5, appointments: 6, averageTicket: 7 } as const;

interface ApiSalon {
  salonId: number;
  name: string;
  day: { current: { revenue: number } };
  monthToDate: { current: { revenue: number; fromDate: string; toDate: string } };
}

async function chainFromApi(page: Page, day: string): Promise<ApiSalon[]> {
  const code = await storedSessionCode(page);
  const answer = await page.request.get(`/api/Performance/GetPerformance/${day}/${code}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()).salons;
}

/** The ranking table's data rows. */
const rowsOf = (table: Locator) => table.locator('tbody tr');
const rowOf = (table: Locator, salonId: number) => rowsOf(table).filter({ has: table.page().getByTestId(`salon-link-${salonId}`) });
const cellText = async (row: Locator, column: number) => (await row.locator('td').nth(column).innerText()).trim();

test.describe('performance screens', () => {
  test('the superadmin ranks the chain, matches the API and the sales report, sorts, changes the day and opens a salon', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAt(page, 'superadmin', '/Performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance of the chain' })).toBeVisible();
    // The day defaults to the salon's today (the demo server's pinned day).
    await expect(page.getByTestId('performance-day')).toHaveValue(
      `${DEMO_TODAY.slice(8)}/${DEMO_TODAY.slice(5, 7)}/${DEMO_TODAY.slice(0, 4)}`,
    );
    const dayTable = page.getByRole('table', { name: 'Salons ranked by revenue: Day' });
    await expect(dayTable).toBeVisible(LOADED);
    const api = await chainFromApi(page, DEMO_TODAY);
    expect(api.length).toBeGreaterThan(1);
    await expect(rowsOf(dayTable)).toHaveCount(api.length);
    // Ranked by the day's revenue: rank 1 holds the highest.
    const best = [...api].sort((a, b) => b.day.current.revenue - a.day.current.revenue)[0]!;
    const firstRow = rowsOf(dayTable).first();
    expect(await cellText(firstRow, COLUMN.rank)).toBe('1');
    expect(await cellText(firstRow, COLUMN.salon)).toContain(best.name);
    expect(number(await cellText(firstRow, COLUMN.revenue))).toBe(best.day.current.revenue);
    await expect(page.getByTestId('sparkline').first()).toBeVisible();
    await expect(page.getByTestId('chart').first()).toBeVisible();
    await shot(page, 'chain-day');
    expect(await seriousViolations(page)).toEqual([]);

    // Month to date: a salon's revenue on screen = the API's = the sales report's for the same span.
    await page.getByTestId('span-monthToDate').click();
    const monthTable = page.getByRole('table', { name: 'Salons ranked by revenue: Month to date' });
    await expect(monthTable).toBeVisible();
    const salon = api[0]!;
    expect(salon.monthToDate.current).toMatchObject({ fromDate: MONTH_START, toDate: DEMO_TODAY });
    const shown = number(await cellText(rowOf(monthTable, salon.salonId), COLUMN.revenue));
    const code = await storedSessionCode(page);
    const sales = await page.request.get(`/api/Stats/GetSalesDataAnalysisPerDay/${DEMO_TODAY}/${MONTH_START}/${salon.salonId}/${code}`);
    expect(sales.ok()).toBe(true);
    const salesRevenue: number = (await sales.json()).totals.totalRevenue;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBe(salon.monthToDate.current.revenue);
    expect(shown).toBe(salesRevenue);

    // Sort by average ticket: highest first, then lowest first.
    const tickets = async () =>
      Promise.all((await rowsOf(monthTable).all()).map(async (row) => number(await cellText(row, COLUMN.averageTicket))));
    await monthTable.getByRole('button', { name: 'Average ticket' }).click();
    const descending = await tickets();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await monthTable.getByRole('button', { name: 'Average ticket' }).click();
    const ascending = await tickets();
    expect(ascending).toEqual([...descending].reverse());
    await shot(page, 'chain-month');

    // The day before: the table follows it and matches the API for that day.
    const dayBefore = addDays(DEMO_TODAY, -1);
    const answered = page.waitForResponse((response) => response.url().includes(`/api/Performance/GetPerformance/${dayBefore}/`));
    await page.getByRole('button', { name: 'Previous day' }).click();
    expect((await answered).ok()).toBe(true);
    await page.getByTestId('span-day').click();
    const before = await chainFromApi(page, dayBefore);
    const salonBefore = before.find((s) => s.salonId === salon.salonId)!;
    await expect(rowOf(dayTable, salon.salonId).locator('td').nth(COLUMN.revenue)).toHaveText(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(salonBefore.day.current.revenue),
    );
    expect(new URL(page.url()).searchParams.get('toDate')).toBe(dayBefore);

    // A row leads to its salon's detail, on the same day.
    await page.getByTestId(`salon-link-${salon.salonId}`).click();
    await expect(page).toHaveURL(new RegExp(`/PerformanceSalon\\?salonId=${salon.salonId}&fromDate=${dayBefore}&toDate=${dayBefore}`));
    await expect(page.getByRole('heading', { level: 1, name: `Performance: ${salon.name}` })).toBeVisible(LOADED);
    await expect(page.getByTestId('comparison-day')).toBeVisible();
    await expect(page.getByTestId('comparison-monthToDate')).toBeVisible();
    await shot(page, 'salon-superadmin');
  });

  test('a manager sees their salon against the chain median, is refused the chain, in English and Italian and on a phone', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAt(page, 'manager', '/PerformanceSalon');
    const code = await storedSessionCode(page);
    const answer = await page.request.get(`/api/Performance/GetPerformanceBysalon/${DEMO_TODAY}/1/${code}`);
    expect(answer.ok()).toBe(true);
    const report = await answer.json();
    const salon = report.salons[0];
    await expect(page.getByRole('heading', { level: 1, name: `Performance: ${salon.name}` })).toBeVisible(LOADED);
    const month = page.getByTestId('comparison-monthToDate');
    const revenueRow = month.getByTestId('kpi-row-revenue');
    expect(number(await revenueRow.getByTestId('salon-value').innerText())).toBe(salon.monthToDate.current.revenue);
    expect(number(await revenueRow.getByTestId('median-value').innerText())).toBe(report.chainMedian.monthToDate.revenue);
    expect(number(await revenueRow.getByTestId('last-year-value').innerText())).toBe(salon.monthToDate.lastYear.revenue);
    const verdict =
      salon.monthToDate.current.revenue > report.chainMedian.monthToDate.revenue
        ? 'Better'
        : salon.monthToDate.current.revenue < report.chainMedian.monthToDate.revenue
          ? 'Worse'
          : 'Equal';
    await expect(revenueRow.getByTestId('median-verdict')).toHaveText(verdict);
    // Every KPI row carries its definition.
    await expect(month.getByTestId('kpi-definition')).toHaveCount(7 + 2);
    await month.getByTestId('kpi-definition').nth(2).hover();
    await expect(page.getByRole('tooltip')).toContainText('Paid amount');
    await expect(page.getByRole('img', { name: /Revenue per day of/ })).toBeVisible();
    await shot(page, 'salon-manager');
    expect(await seriousViolations(page)).toEqual([]);

    // The chain's screen is the superadmin's: the API refuses it and the screen says so.
    await page.goto('/Performance');
    await expect(page.getByTestId('report-forbidden')).toBeVisible(LOADED);
    await expect(page.getByRole('table')).toHaveCount(0);

    // Italian: no English left (the choice is saved to the user: switched back at the end).
    await page.goto('/PerformanceSalon');
    await expect(page.getByTestId('comparison-day')).toBeVisible(LOADED);
    await chooseLanguage(page, 'Italiano');
    try {
      // A language change lands on another page: back to the screen.
      await page.goto('/PerformanceSalon');
      await expect(page.getByRole('heading', { level: 1, name: `Performance: ${salon.name}` })).toBeVisible(LOADED);
      await expect(page.getByText('Mediana catena').first()).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(
        /\b(Revenue|Appointments|Average ticket|Utilisation|New clients|Rebooking|Month to date|Better|Worse|Equal|Last year|This salon|Chain median|No campaign|Day)\b/,
      );
      // English decimals ('93.6%'), not Italian thousands ('1.791%').
      expect(text).not.toMatch(/\b(DONE|BOOKED)\b|Incasso|\d\.\d{1,2} ?%/);
      await shot(page, 'salon-italian');
    } finally {
      await chooseLanguage(page, 'English');
    }

    // A phone, 390 px wide: nothing wider than the screen but the tables, which scroll in their cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/PerformanceSalon');
    await expect(page.getByTestId('comparison-day')).toBeVisible(LOADED);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'salon-phone');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the chain on a phone and in Italian: no English, nothing wider than the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, 'superadmin', `/Performance?fromDate=${DEMO_TODAY}&toDate=${DEMO_TODAY}`);
    await expect(page.getByRole('table', { name: /Salons ranked by revenue/ })).toBeVisible(LOADED);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'chain-phone');
    await chooseLanguage(page, 'Italiano');
    try {
      await page.goto(`/Performance?fromDate=${DEMO_TODAY}&toDate=${DEMO_TODAY}`);
      await expect(page.getByRole('table', { name: /Saloni in classifica per fatturato/ })).toBeVisible(LOADED);
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(/\b(Revenue|Appointments|Average ticket|Rank|Salon|Trend|Campaign|No campaign|Month to date|Day|median)\b/);
      // English decimals ('93.6%'), not Italian thousands ('1.791%').
      expect(text).not.toMatch(/\b(DONE|BOOKED)\b|Incasso|\d\.\d{1,2} ?%/);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'chain-phone-italian');
    } finally {
      await chooseLanguage(page, 'English');
    }
  });
});
