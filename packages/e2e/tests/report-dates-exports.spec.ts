import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_TODAY, demoMonth, signInAt, signInToShell, storedSessionCode } from './helpers';

/** Report screens: typed dates, one date format, exports with a heading, tables with totals. */

const LAST_MONTH = demoMonth(-1);
const LAST_MONTH_DAYS = `/sales-data-analysis-days?fromDate=${LAST_MONTH.from}&toDate=${LAST_MONTH.to}`;
const [YEAR, MONTH] = LAST_MONTH.from.split('-') as [string, string];
/** A day as an Italian file heading writes it (20 nov 2026). */
const italianDay = (day: string) =>
  new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/dates-${name}.png`, fullPage: true });

async function open(page: Page, path: string) {
  await page.goto(path);
  await reportLoaded(page);
}

async function reportLoaded(page: Page) {
  await expect(page.getByTestId('report-loading')).toHaveCount(0, { timeout: 30_000 });
}

/** Clears a field and types `text` key by key, as a user does. */
async function typeSlowly(page: Page, testId: string, text: string) {
  const field = page.getByTestId(testId);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text, { delay: 40 });
}

const searchOf = (page: Page) => new URL(page.url()).searchParams;
/** A table's day rows, without its totals row. */
const dataRows = (table: Locator) => table.locator('tbody tr:not([data-totals])');

test.describe('typed dates, totals and exports', () => {
  test('a date typed digit by digit sticks, applies when complete, and says when it is wrong (English)', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, 'manager', LAST_MONTH_DAYS);
    await reportLoaded(page);
    const table = page.getByRole('table', { name: 'Sales per day' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days);
    await expect(page.getByTestId('from-date')).toHaveValue(`01/${MONTH}/${YEAR}`);

    // "10" is half a date: the field keeps it, the URL and the report stay as they were.
    await typeSlowly(page, 'from-date', '10');
    await expect(page.getByTestId('from-date')).toHaveValue('10');
    expect(searchOf(page).get('fromDate')).toBe(LAST_MONTH.from);
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days);
    // The rest of the date: applied, the report follows (the 10th to the end of the month).
    await page.getByTestId('from-date').pressSequentially(`/${MONTH}/${YEAR}`, { delay: 40 });
    await expect.poll(() => searchOf(page).get('fromDate')).toBe(`${YEAR}-${MONTH}-10`);
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days - 9);
    await expect(page.getByTestId('from-date')).toHaveValue(`10/${MONTH}/${YEAR}`);

    // The same date picker as a calendar: it opens on the field's month, Monday first; a day picked applies like a typed one.
    await page.getByTestId('from-date-calendar').click();
    const calendar = page.getByTestId('date-calendar');
    await expect(calendar.getByRole('columnheader').first()).toHaveText('Mon');
    await expect(calendar.getByTestId(`calendar-day-${YEAR}-${MONTH}-10`)).toHaveClass(/MuiButton-contained/);
    await shot(page, 'date-calendar');
    await calendar.getByTestId(`calendar-day-${YEAR}-${MONTH}-12`).click();
    await expect(calendar).toHaveCount(0);
    await expect.poll(() => searchOf(page).get('fromDate')).toBe(`${YEAR}-${MONTH}-12`);
    await expect(page.getByTestId('from-date')).toHaveValue(`12/${MONTH}/${YEAR}`);
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days - 11);
    await typeSlowly(page, 'from-date', `10/${MONTH}/${YEAR}`);
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days - 9);

    // Month first (12/31) is no date here: a message, the range kept.
    await typeSlowly(page, 'to-date', `12/31/${YEAR}`);
    await expect(page.getByTestId('to-date-message')).toHaveText('Type a date as dd/mm/yyyy, e.g. 05/03/2026.');
    expect(searchOf(page).get('toDate')).toBe(LAST_MONTH.to);
    await expect(dataRows(table)).toHaveCount(LAST_MONTH.days - 9);
    // From after To: said under the fields.
    await typeSlowly(page, 'to-date', `05/${MONTH}/${YEAR}`);
    await expect(page.getByTestId('to-date-message')).toHaveText('The start date is after the end date.');
    await shot(page, 'typed-en');
  });

  test('in Italian the fields read gg/mm/aaaa and the report follows a typed date', async ({ page }) => {
    test.setTimeout(120_000);
    // The demo reception works in Italian.
    await signInAt(page, 'reception', LAST_MONTH_DAYS);
    await reportLoaded(page);
    await expect(page.getByTestId('from-date')).toHaveAttribute('placeholder', 'gg/mm/aaaa');
    await expect(page.getByTestId('from-date')).toHaveValue(`01/${MONTH}/${YEAR}`);
    await typeSlowly(page, 'from-date', '2');
    expect(searchOf(page).get('fromDate')).toBe(LAST_MONTH.from);
    await page.getByTestId('from-date').pressSequentially(`0/${MONTH}/${YEAR}`, { delay: 40 });
    await expect.poll(() => searchOf(page).get('fromDate')).toBe(`${YEAR}-${MONTH}-20`);
    await expect(dataRows(page.locator('table'))).toHaveCount(LAST_MONTH.days - 19);
    await typeSlowly(page, 'to-date', `31/02/${YEAR}`);
    await expect(page.getByTestId('to-date-message')).toHaveText('Scrivi la data come gg/mm/aaaa, per esempio 05/03/2026.');
    expect(searchOf(page).get('toDate')).toBe(LAST_MONTH.to);
    await shot(page, 'typed-it');

    // The Italian CSV: BOM, ';' between fields, decimal comma, dates gg/mm/aaaa, the totals line.
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^sales-days_.+_${YEAR}-${MONTH}-20_${LAST_MONTH.to}\\.csv$`));
    const bytes = await readFile(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const all = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    // The heading: the report's title, the salon's name and the period in Italian words, then an empty line.
    const blank = all.indexOf('');
    const headingLines = all.slice(0, blank);
    expect(headingLines[0]).toBeTruthy();
    expect(headingLines[1]).toMatch(/^Salone;.+/);
    expect(headingLines[2]).toBe(`Periodo;${italianDay(`${YEAR}-${MONTH}-20`)} – ${italianDay(LAST_MONTH.to)}`);
    const lines = all.slice(blank + 1);
    expect(lines[0]?.split(';')[0]).toBe('Giorno');
    expect(lines[1]).toMatch(new RegExp(`^20/${MONTH}/${YEAR};\\d+,\\d{2};`));
    expect(lines.at(-1)).toMatch(/^Totale;\d+,\d{2};/);
    expect(lines).toHaveLength(1 + (LAST_MONTH.days - 19) + 1);
  });

  test('the day and month tables total to the KPI cards, and the xlsx of a month holds real dates under its heading', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAt(page, 'manager', LAST_MONTH_DAYS);
    await reportLoaded(page);
    const kpiRevenue = page
      .getByTestId('kpi-card')
      .filter({ hasText: /^Revenue/ })
      .first()
      .getByTestId('kpi-value');
    const totals = page.getByTestId('totals-row');
    await expect(totals.locator('td').first()).toHaveText('Total');
    // The totals row, computed from the rows, says what the KPI card says.
    expect(await totals.locator('td').nth(1).innerText()).toBe(await kpiRevenue.innerText());

    // The month view: the picker stops at the salon's current month.
    await open(page, `/sales-data-analysis-months?month=${Number(MONTH)}`);
    await page.getByRole('combobox', { name: 'Month' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    const todayMonth = Number(DEMO_TODAY.slice(5, 7));
    expect(options.at(-1)).toContain(
      new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(`${DEMO_TODAY}T00:00:00Z`)),
    );
    expect(options.length).toBeLessThanOrEqual(todayMonth);
    await page.keyboard.press('Escape');
    const monthTotals = page.getByTestId('totals-row');
    await expect(monthTotals).toBeVisible();
    expect(await monthTotals.locator('td').nth(1).innerText()).toBe(await kpiRevenue.innerText());

    const download = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^sales-month_.+_${YEAR}-${MONTH}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getCell('A1').value).toBe('Sales per month');
    expect(sheet.getCell('A2').value).toBe('Salon');
    expect(sheet.getCell('A3').value).toBe('Period');
    expect(String(sheet.getCell('B3').value)).toMatch(new RegExp(`${YEAR}$`));
    expect(sheet.getCell('A4').value).toBe('Client gender');
    expect(sheet.getCell('A6').value).toBe('Day');
    const firstDay = sheet.getCell('A7');
    expect(firstDay.value).toBeInstanceOf(Date);
    expect((firstDay.value as Date).toISOString().slice(0, 10)).toBe(LAST_MONTH.from);
    expect(firstDay.numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell(`A${sheet.rowCount}`).value).toBe('Total');
    await shot(page, 'month-totals');
  });

  test('the sales overview xlsx carries the KPI cards of the API, the gender table and the days as dates', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAt(page, 'manager', `/sales-data-analysis?fromDate=${LAST_MONTH.from}&toDate=${LAST_MONTH.to}`);
    await reportLoaded(page);
    await expect(page.getByRole('table', { name: 'Sales by client gender' })).toBeVisible({ timeout: 30_000 });
    const code = await storedSessionCode(page);
    const answer = await page.request.get(`/api/Stats/GetSalesDataAnalysisPerDay/${LAST_MONTH.to}/${LAST_MONTH.from}/1/${code}`);
    const { totals } = (await answer.json()) as { totals: { totalRevenue: number; appointments: number } };
    const download = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^sales-overview_.+_${LAST_MONTH.from}_${LAST_MONTH.to}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[1]?.[1]).not.toMatch(/^\d+$/);
    expect(rows.find((row) => row[0] === 'Revenue')?.[1]).toBe(totals.totalRevenue);
    expect(rows.find((row) => row[0] === 'Appointments')?.[1]).toBe(totals.appointments);
    expect(rows.some((row) => row[0] === 'Sales by client gender')).toBe(true);
    const days = rows.filter((row) => row[0] instanceof Date);
    expect(days).toHaveLength(LAST_MONTH.days);
    expect((days[0]?.[0] as Date | undefined)?.toISOString().slice(0, 10)).toBe(LAST_MONTH.from);
    await shot(page, 'sales-overview');
  });

  test('at 1440 px the wide tables scroll inside their card with the first column pinned', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, 'manager');
    for (const path of [
      '/sales-data-analysis-months',
      '/sales-data-analysis-year',
      LAST_MONTH_DAYS,
      '/product-data-analysis',
      '/services-data-analysis',
    ]) {
      await open(page, path);
      const scroller = page.getByTestId('data-table-scroll').first();
      await expect(scroller, path).toBeVisible({ timeout: 30_000 });
      // No page-wide sideways scroll: the table scrolls in its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
      if (path.endsWith('-data-analysis')) await shot(page, `1440${path.replace(/\//g, '-')}`);
      const firstCell = scroller.locator('tbody tr').first().locator('td').first();
      const before = await firstCell.boundingBox();
      await scroller.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      // The last header is now inside the card and the first column has not moved.
      const lastHeader = scroller.locator('thead tr').first().locator('th').last();
      const box = await scroller.boundingBox();
      await expect
        .poll(async () => {
          const header = await lastHeader.boundingBox();
          return header && box ? header.x + header.width <= box.x + box.width + 1 : false;
        })
        .toBe(true);
      expect((await firstCell.boundingBox())?.x).toBe(before?.x);
    }
  });

  test('a wide table hides and shows columns, and remembers the choice after a reload', async ({ page }) => {
    test.setTimeout(120_000);
    await signInToShell(page, 'manager');
    await open(page, LAST_MONTH_DAYS);
    const table = page.getByRole('table', { name: 'Sales per day' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    const headers = table.locator('thead tr').first().locator('th');
    const all = await headers.allInnerTexts();
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-choice-servicesRevenue').click();
    await page.keyboard.press('Escape');
    await expect(headers).toHaveCount(all.length - 1);
    await expect(page.getByTestId('column-chooser')).toHaveText('Columns (1 hidden)');
    await shot(page, 'columns-hidden');
    await page.reload();
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(headers).toHaveCount(all.length - 1);
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-choice-all').click();
    await page.keyboard.press('Escape');
    await expect(headers).toHaveCount(all.length);
  });
});
