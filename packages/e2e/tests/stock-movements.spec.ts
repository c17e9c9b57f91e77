import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, chooseLanguage, DEMO_TODAY, seriousViolations, signInToShell, storedSessionCode } from './helpers';

/** /stock-movements, signed in once as the demo ADMIN `manager` (salon 1). */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const LOADED = { timeout: 45_000 };
const SALON = 1;
/** A year of movements up to the demo's today. */
const FROM = addDays(DEMO_TODAY, -364);
const TO = DEMO_TODAY;
const SCREEN = `/stock-movements?fromDate=${FROM}&toDate=${TO}`;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `stock-movements-${name}.png`), fullPage: true });

async function api<T>(page: Page, path: string): Promise<T> {
  const code = await storedSessionCode(page);
  const answer = await page.request.get(path.replace('{code}', code ?? ''));
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as T;
}

async function workbookOf(download: Download) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path()) as string);
  return book;
}

interface MovementsPage {
  total: number;
  nextCursor: string | null;
  movements: { movementId: number; productName: string; type: string }[];
}
interface StockStatus {
  totals: { products: number; productsToReorder: number; stockValue: number };
  rows: { productName: string; reorder: boolean }[];
}

const list = (query: string) => `/api/CassaNova/ImportStocksMovements/{code}/${SALON}/${FROM}/${TO}/?${query}`;
const kpiValue = (page: Page, name: string) =>
  page
    .getByTestId('kpi-card')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) })
    .getByTestId('kpi-value');

async function openList(page: Page, path = SCREEN) {
  await page.goto(path);
  await expect(page.getByTestId('list-count')).toBeVisible(LOADED);
}

test.describe
  .serial('stock movements', () => {
    let page: Page;

    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      // A context of its own (axe needs one made by newContext), shared by the tests: one sign-in.
      const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
      page = await context.newPage();
      await signInToShell(page, 'manager');
    });
    test.afterAll(async () => {
      await page.close();
    });

    test('the list pages through a year of movements to the end, then clears', async () => {
      test.setTimeout(600_000);
      await openList(page);
      const first = await api<MovementsPage>(page, list('steps=100&progress=false'));
      expect(first.total).toBeGreaterThan(1000);
      const rows = page.getByTestId('movement-row');
      await expect(rows).toHaveCount(100);
      await expect(page.getByTestId('list-count')).toHaveText(`100 of ${first.total.toLocaleString('en')} movements shown`);
      // The first row is the API's first movement of the range.
      await expect(rows.first()).toContainText(first.movements[0]!.productName);
      await shot(page, 'list');

      // Load more until the end: every page appended, none twice.
      const more = page.getByTestId('load-more');
      for (let shown = 100; shown < first.total; ) {
        await more.click();
        shown = Math.min(shown + 100, first.total);
        await expect(rows).toHaveCount(shown, LOADED);
      }
      await expect(page.getByTestId('list-end')).toBeVisible();
      await expect(more).toBeDisabled();
      await expect(rows).toHaveCount(first.total);
      await expect(page.getByTestId('list-count')).toHaveText(
        `${first.total.toLocaleString('en')} of ${first.total.toLocaleString('en')} movements shown`,
      );
      const ids = await page.getByTestId('movement-row').count();
      expect(ids).toBe(first.total);

      await page.getByTestId('clear-list').click();
      await expect(page.getByTestId('list-cleared')).toBeVisible();
      await expect(rows).toHaveCount(0);
      await page.getByTestId('load-first').click();
      await expect(rows).toHaveCount(100, LOADED);
    });

    test('the type and product filters narrow the list as the API does', async () => {
      test.setTimeout(180_000);
      await openList(page, `${SCREEN}&type=SALE`);
      const sales = await api<MovementsPage>(page, list('type=SALE&steps=100'));
      await expect(page.getByTestId('list-count')).toContainText(`of ${sales.total.toLocaleString('en')} movements`);
      const chips = await page.getByTestId('movement-row').locator('td:nth-child(3)').allInnerTexts();
      expect(new Set(chips)).toEqual(new Set(['Sale']));

      await page.getByTestId('product-search').fill('Olaplex');
      const olaplex = await api<MovementsPage>(page, list('type=SALE&search=Olaplex&steps=100'));
      await expect(page.getByTestId('list-count')).toContainText(`of ${olaplex.total.toLocaleString('en')} movements`, LOADED);
      const products = await page.getByTestId('movement-row').locator('td:nth-child(2)').allInnerTexts();
      expect(products.every((text) => text.includes('Olaplex'))).toBe(true);
      expect(new URL(page.url()).searchParams.get('search')).toBe('Olaplex');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the status tab puts the products to reorder first; the KPIs are the API’s', async () => {
      test.setTimeout(180_000);
      await page.goto(`${SCREEN}&tab=status`);
      await expect(page.getByTestId('status-table')).toBeVisible(LOADED);
      const status = await api<StockStatus>(page, `/api/CassaNova/StocksStatus/{code}/${SALON}/${FROM}/${TO}`);
      expect(status.totals.productsToReorder).toBeGreaterThan(0);
      await expect(kpiValue(page, 'Products to reorder')).toHaveText(String(status.totals.productsToReorder));
      // Formatted as the screen does (sign before the euro sign: -€164.00), so a negative value is checked too.
      const value = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(
        status.totals.stockValue,
      );
      await expect(kpiValue(page, 'Stock value')).toHaveText(value);
      const table = page.getByTestId('status-table');
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(status.totals.products);
      await expect(rows.first()).toContainText(status.rows[0]!.productName);
      // Every flagged product comes before the first one that is not.
      const flags = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('[data-testid="reorder-chip"]') !== null));
      expect(flags).toEqual(status.rows.map((row) => row.reorder));
      expect(flags.indexOf(false)).toBe(status.totals.productsToReorder);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'status');

      await page.getByTestId('tab-professional').click();
      await expect(page.getByTestId('chart')).toBeVisible(LOADED);
      const use = await api<{ months: unknown[]; salonAverage: number }>(
        page,
        `/api/CassaNova/ProfessionalProductsUse/{code}/${SALON}/${FROM}/${TO}`,
      );
      await expect(page.getByTestId('professional-table').locator('tbody tr')).toHaveCount(use.months.length);
      await expect(kpiValue(page, 'Cost per service')).toContainText(use.salonAverage.toFixed(2));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'professional');
    });

    test('the export writes the movements of the range, the status and the professional use, and reads back', async () => {
      test.setTimeout(180_000);
      await openList(page);
      const first = await api<MovementsPage>(page, list('steps=1'));
      const status = await api<StockStatus>(page, `/api/CassaNova/StocksStatus/{code}/${SALON}/${FROM}/${TO}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toBe(`StocksMovements-${FROM.replaceAll('-', '')}-${TO.replaceAll('-', '')}.xlsx`);
      const book = await workbookOf(download);
      const movements = book.getWorksheet('Movements');
      // Headed by the title, the salon's name and the period in words; the table starts on row 5.
      expect(movements?.getRow(1).getCell(1).value).toBe('Stock movements');
      expect(movements?.getRow(2).getCell(1).value).toBe('Salon');
      expect(String(movements?.getRow(2).getCell(2).value)).not.toMatch(/^\d+$/);
      expect(String(movements?.getRow(3).getCell(2).value)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(movements?.rowCount).toBe(first.total + 5);
      expect(movements?.getRow(6).getCell(2).value).toBe(first.movements[0]!.productName);
      expect(movements?.getRow(6).getCell(1).value).toBeInstanceOf(Date);
      const sheet = book.getWorksheet('Status');
      // The status tab's KPI cards (stock value first), then its table.
      expect(sheet?.getRow(5).getCell(2).value).toBe(status.totals.stockValue);
      expect(sheet?.getRow(11).getCell(1).value).toBe(status.rows[0]!.productName);
      expect(sheet?.getRow(status.rows.length + 11).getCell(8).value).toBe(status.totals.stockValue);
      expect(book.getWorksheet('Professional use')?.getRow(10).getCell(1).value).toBe('Month');
    });

    test('in Italian every tab speaks Italian, and axe finds no serious violation', async () => {
      test.setTimeout(180_000);
      await chooseLanguage(page, 'Italiano');
      try {
        await openList(page);
        await expect(page.getByRole('heading', { level: 1, name: 'Movimenti di magazzino' })).toBeVisible();
        await expect(page.getByTestId('list-count')).toContainText('movimenti mostrati su');
        await expect(page.getByTestId('load-more')).toHaveText('Carica altri');
        const english = ['Load more', 'Clear', 'Movement type', 'Internal use', 'Sale', 'Load', 'Unit cost', 'Stock status'];
        for (const tab of ['movements', 'status', 'professional'] as const) {
          await page.getByTestId(`tab-${tab}`).click();
          await expect(page.getByTestId('stock-loading')).toHaveCount(0, LOADED);
          const text = await page.locator('main').innerText();
          expect(
            english.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u').test(text)),
            tab,
          ).toEqual([]);
          expect(text, tab).not.toMatch(/\b(LOAD|SALE|INTERNAL_USE|ADJUSTMENT|TRANSFER|RESALE|PROFESSIONAL)\b/);
          expect(await seriousViolations(page), tab).toEqual([]);
          await shot(page, `${tab}-it`);
        }
      } finally {
        await chooseLanguage(page, 'English');
      }
    });

    test('at 390 px wide nothing runs off the page', async () => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        await openList(page);
        for (const tab of ['movements', 'status', 'professional'] as const) {
          await page.getByTestId(`tab-${tab}`).click();
          await expect(page.getByTestId('stock-loading')).toHaveCount(0, LOADED);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, tab).toBeLessThanOrEqual(0);
          expect(await seriousViolations(page), tab).toEqual([]);
          await shot(page, `${tab}-390`);
        }
      } finally {
        await page.setViewportSize({ width: 1366, height: 800 });
      }
    });
  });
