import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bodyRows, chooseLanguage, columnTexts, pathOf, seriousViolations, signInAt, signInToShell, storedSessionCode } from './helpers';

/**
 * The /import screen, walked by the manager of salon 1 (ADMIN): a file with 3 bad rows is
 * checked and refused row by row, a good file is checked, imported with progress, lands in the
 * history, and the sales report shows its numbers.
 */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `import-${name}.png`), fullPage: true });

/** The catalogue product the sale lines name: the chain's catalogue is a superadmin's import (set up through the API). */
const PRODUCTS = 'external_id;name;brand;category;list_price;unit_cost;active\nE2E-PR;Shampoo e2e;Aveda;RESALE;24,50;11,20;true\n';

const SALE_LINES_HEADER =
  'external_id;day;kind;item_external_id;appointment_external_id;client_external_id;staff_external_id;quantity;list_amount;paid_amount;discount;recommended';
/**
 * Walk-in retail sales written as Excel writes an Italian CSV (BOM, `;`, decimal comma, DD/MM/YYYY),
 * in March 2019, before the demo chain's history, so those days hold only these lines:
 * 15/03: 22,00 + 49,00 = 71,00 €; 16/03: 24,50 €; together 95,50 €.
 */
const GOOD_LINES = `\ufeff${SALE_LINES_HEADER}
E2E-L1;15/03/2019;PRODUCT;E2E-PR;;;;1;24,50;22,00;2,50;false
E2E-L2;15/03/2019;PRODUCT;E2E-PR;;;;2;49,00;49,00;0;false
E2E-L3;16/03/2019;PRODUCT;E2E-PR;;;;1;24,50;24,50;;false
`;
/** Five lines, three of them bad (rows 3, 4 and 5 as a spreadsheet numbers them): a 31 February, an unknown product, an amount that is no number. */
const BAD_LINES = `${SALE_LINES_HEADER}
E2E-X1;15/03/2019;PRODUCT;E2E-PR;;;;1;24,50;24,50;0;false
E2E-X2;31/02/2019;PRODUCT;E2E-PR;;;;1;24,50;24,50;0;false
E2E-X3;15/03/2019;PRODUCT;NO-SUCH-PRODUCT;;;;1;24,50;24,50;0;false
E2E-X4;15/03/2019;PRODUCT;E2E-PR;;;;1;24,50;abc;0;false
E2E-X5;16/03/2019;PRODUCT;E2E-PR;;;;1;24,50;24,50;0;false
`;
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

interface Job {
  jobId: number;
  status: string;
}

/** Imports the catalogue product as the superadmin, through the API (the chain's catalogue is not the manager's to import). */
async function importCatalogue(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToShell(page, 'superadmin');
  const code = await storedSessionCode(page);
  const started = await page.request.post(`/api/Import/${code}/1/products`, { multipart: { file: csv('products.csv', PRODUCTS) } });
  expect(started.status()).toBe(202);
  const { jobId } = (await started.json()) as Job;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/Import/${code}/${jobId}`)).json()) as Job).status, { timeout: 30_000 })
    .toBe('SUCCEEDED');
  await context.close();
}

async function chooseKind(page: Page, name: string) {
  await page.getByRole('combobox', { name: /kind of file|tipo di file/i }).click();
  await page.getByRole('option', { name }).click();
}

test.describe('import screen', () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(120_000);
    await importCatalogue(browser);
    // One context and one sign-in of the salon's manager for the whole walk.
    context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    page = await context.newPage();
    await signInToShell(page, 'manager');
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('the menu leads an ADMIN to /import; a receptionist has no entry and the route refuses them', async ({ browser }) => {
    await page.getByTestId('nav-import').click();
    await expect.poll(() => pathOf(page)).toBe('/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import data' })).toBeVisible();

    const other = await browser.newContext();
    const reception = await other.newPage();
    await signInToShell(reception, 'reception');
    await expect(reception.getByTestId('nav-import')).toHaveCount(0);
    await reception.goto('/import');
    await expect.poll(() => pathOf(reception)).toBe('/sales-data-analysis');
    await other.close();
  });

  test('a file with 3 bad rows: the preview maps it, the dry run lists exactly those rows, with the CSV report; nothing can be imported', async () => {
    await page.goto('/import');
    await chooseKind(page, 'Sale lines');
    // The kind's columns, from the API.
    await page.getByText(/All 12 columns/).click();
    await expect(
      page.getByRole('table', { name: 'Columns of a Sale lines file' }).getByRole('rowheader', { name: 'paid_amount' }),
    ).toBeVisible();

    await page.getByTestId('import-file-input').setInputFiles(csv('bad-lines.csv', BAD_LINES));
    const preview = page.getByRole('table', { name: 'Preview of the first rows' });
    await expect(bodyRows(preview)).toHaveCount(5);
    await expect(page.getByTestId('preview-matched')).toContainText('12 columns recognised');
    // Row 5 under paid_amount (the 10th column after Row): as read, before any check.
    expect(await columnTexts(preview, 0)).toEqual(['2', '3', '4', '5', '6']);
    expect((await columnTexts(preview, 10))[3]).toBe('abc');
    await expect(page.getByTestId('import-start')).toBeDisabled();

    await page.getByTestId('import-dry-run').click();
    const invalid = page.getByTestId('job-invalid');
    await expect(invalid).toBeVisible({ timeout: 30_000 });
    await expect(invalid).toContainText('3 problems found');
    await expect(invalid).toContainText('Nothing was written');
    const errors = page.getByRole('table', { name: 'Invalid rows' });
    await expect(bodyRows(errors)).toHaveCount(3);
    expect(await columnTexts(errors, 0)).toEqual(['3', '4', '5']);
    expect(await columnTexts(errors, 1)).toEqual(['day', 'item_external_id', 'paid_amount']);
    expect(await columnTexts(errors, 2)).toEqual(['31/02/2019', 'NO-SUCH-PRODUCT', 'abc']);
    await expect(page.getByTestId('import-start')).toBeDisabled();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-error-report').click()]);
    expect(download.suggestedFilename()).toMatch(/^import-\d+-errors\.csv$/);
    const report = (await (await download.createReadStream()).toArray()).join('').replace(/^\ufeff/, '');
    const lines = report.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(/[,;]/)[0])).toEqual(['3', '4', '5']);
    await shot(page, 'errors');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a good file: dry run ok, import with progress, success, a history row, and the sales report shows its numbers', async () => {
    test.setTimeout(120_000);
    await page.goto('/import');
    await chooseKind(page, 'Sale lines');
    await page.getByTestId('import-file-input').setInputFiles(csv('good-lines.csv', GOOD_LINES));
    await expect(page.getByTestId('import-preview')).toContainText('Separator: semicolon');
    await expect(bodyRows(page.getByRole('table', { name: 'Preview of the first rows' }))).toHaveCount(3);

    await page.getByTestId('import-dry-run').click();
    await expect(page.getByTestId('dry-run-ok')).toContainText('all 3 rows can be imported', { timeout: 30_000 });
    await expect(page.getByTestId('job-counts')).toHaveText('3 added, 0 updated, 0 unchanged');

    // Polls answer slowly, so the progress the upload's answer starts with stays on screen.
    let slowed = 0;
    await page.route(/\/api\/Import\/[^/]+\/\d+(\?|$)/, async (route) => {
      if (slowed++ === 0) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('job-progress')).toBeVisible();
    await expect(page.getByTestId('job-running')).toContainText('Importing');
    await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
    await page.unroute(/\/api\/Import\/[^/]+\/\d+(\?|$)/);
    await expect(page.getByTestId('job-counts')).toHaveText('3 added, 0 updated, 0 unchanged');
    await expect(page.getByTestId('job-days')).toContainText('15 Mar 2019 to 16 Mar 2019');

    const history = page.getByRole('table', { name: 'Imports of the salon and of the chain' });
    const newest = bodyRows(history).first();
    await expect(newest).toContainText('Marco Bianchi');
    await expect(newest).toContainText('good-lines.csv');
    await expect(newest).toContainText('Import');
    await expect(newest).toContainText('Succeeded');
    await expect(newest).toContainText('3 added, 0 updated, 0 unchanged');
    await shot(page, 'done');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('import-report-link').click();
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis-days');
    // 71.00 + 24.50 (see GOOD_LINES).
    await expect(page.getByRole('group', { name: /^Revenue/ }).getByTestId('kpi-value')).toHaveText('€95.50');
    await expect(bodyRows(page.getByRole('table', { name: 'Sales per day' }))).toHaveCount(2);

    // The same file again changes nothing: its check finds the 3 lines unchanged.
    await page.goto('/import');
    await chooseKind(page, 'Sale lines');
    await page.getByTestId('import-file-input').setInputFiles(csv('good-lines.csv', GOOD_LINES));
    await page.getByTestId('import-dry-run').click();
    await expect(page.getByTestId('job-counts')).toHaveText('0 added, 0 updated, 3 unchanged', { timeout: 30_000 });
  });

  test('a superadmin: chain-level kinds need no salon, salon kinds come with the salon picker (390 px, English)', async ({ browser }) => {
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await other.newPage();
    try {
      await signInAt(admin, 'superadmin', '/import');
      await chooseKind(admin, 'Products');
      await expect(admin.getByText('This kind describes the whole chain')).toBeVisible();
      await expect(admin.getByTestId('salon-picker')).toHaveCount(0);
      await admin.getByTestId('import-file-input').setInputFiles(csv('products.csv', PRODUCTS));
      await admin.getByTestId('import-dry-run').click();
      // E2E-PR was imported before (beforeAll): the same row changes nothing.
      await expect(admin.getByTestId('job-counts')).toHaveText('0 added, 0 updated, 1 unchanged', { timeout: 30_000 });
      await chooseKind(admin, 'Sale lines');
      await admin.getByRole('combobox', { name: 'Salon' }).click();
      await admin.getByRole('option').first().click();
      await expect(admin.getByRole('table', { name: 'Imports of the salon and of the chain' })).toBeVisible();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(admin, 'superadmin-390');
      expect(await seriousViolations(admin)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('Italian, desktop then 390 px: the screen, the preview and the error table, without sideways scrolling or axe findings', async () => {
    test.setTimeout(120_000);
    // A language change lands on the user's start page: open the screen after it.
    await chooseLanguage(page, 'Italiano');
    try {
      await page.goto('/import');
      await expect(page.getByRole('heading', { level: 1, name: 'Importa dati' })).toBeVisible();
      await chooseKind(page, 'Righe di vendita');
      await page.getByTestId('import-file-input').setInputFiles(csv('righe-errate.csv', BAD_LINES));
      await expect(page.getByTestId('import-preview')).toContainText('Separatore: punto e virgola');
      await page.getByTestId('import-dry-run').click();
      await expect(page.getByTestId('job-invalid')).toContainText('3 problemi trovati', { timeout: 30_000 });
      await shot(page, 'it-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      const errors = page.getByRole('table', { name: 'Righe non valide' });
      expect(await columnTexts(errors, 0)).toEqual(['3', '4', '5']);
      // The server words its row errors in the caller's language.
      await expect(errors).toContainText('Non è una data');
      await expect(page.getByRole('table', { name: 'Importazioni del salone e della catena' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'it-390');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      // The language is saved to the user: leave the manager in English for the other specs.
      await chooseLanguage(page, 'English');
    }
  });
});
