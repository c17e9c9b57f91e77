import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays, DEMO_TODAY, demoMonth, signInToShell, storedSessionCode } from './helpers';

/** The sales screens, days of the week, service-product, services and products analysis. */

/** The last whole month before DEMO_TODAY (October 2026 for 2026-11-20): a month of history. */
const LAST_MONTH = demoMonth(-1);
const LAST_MONTH_DAYS = `/sales-data-analysis-days?fromDate=${LAST_MONTH.from}&toDate=${LAST_MONTH.to}`;

const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/sales-${name}.png`, fullPage: true });
/** A table's data rows, without the totals row some tables end with. */
const bodyRows = (table: Locator) => table.locator('tbody tr:not([data-totals])');
/** '€12,345.67' -> 12345.67 (the English interface). */
const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function kpiValues(page: Page): Promise<number[]> {
  const values = page.getByTestId('kpi-value');
  await expect(values.first()).not.toBeEmpty();
  return (await values.allInnerTexts()).map(number);
}

/** The table has at least one data row (not the 'no rows' line). */
async function expectRows(table: Locator) {
  await expect(table).toBeVisible();
  await expect(bodyRows(table).first()).toBeVisible();
  await expect(table.getByText('No rows match the filters.')).toHaveCount(0);
}

/** Opens a screen and waits for its report (or its access message). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('report-loading')).toHaveCount(0, { timeout: 30_000 });
}

const SCREENS = [
  { path: '/sales-data-analysis', title: 'Sales data', table: 'Sales by client gender' },
  { path: '/sales-data-analysis-days', title: 'Sales per day', table: 'Sales per day' },
  { path: '/sales-data-analysis-months', title: 'Sales per month', table: 'Days of the month against last year' },
  { path: '/sales-data-analysis-year', title: 'Sales per year', table: 'Months of the year against last year' },
  { path: '/sales-data-analysis-clients', title: 'Sales per client', table: 'Sales per client' },
  { path: '/days-of-week', title: 'Days of the week', table: 'Sales per weekday' },
  { path: '/service-product', title: 'Services and products', table: 'Services and products sold' },
  { path: '/services-data-analysis', title: 'Services data analysis', table: 'Services performed' },
  { path: '/product-data-analysis', title: 'Product data analysis', table: 'Products sold' },
] as const;

test.describe('sales and report screens', () => {
  test('a manager sees KPI values, a chart and a non-empty table on every screen', async ({ page }) => {
    test.setTimeout(240_000);
    await signInToShell(page, 'manager');
    for (const screen of SCREENS) {
      await open(page, screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
      const table = page.getByRole('table', { name: screen.table });
      await expect(table, screen.path).toBeVisible();
      await expectRows(table);
      const kpis = await kpiValues(page);
      expect(
        kpis.some((value) => value > 0),
        `${screen.path} KPIs ${kpis.join(', ')}`,
      ).toBe(true);
      await expect(page.getByTestId('chart').first()).toBeVisible();
      await shot(page, screen.path.slice(1));
    }
  });

  test('filters live in the URL: gender, month and year switch the report', async ({ page }) => {
    await signInToShell(page, 'manager');
    await open(page, LAST_MONTH_DAYS);
    const table = page.getByRole('table', { name: 'Sales per day' });
    await expect(bodyRows(table)).toHaveCount(LAST_MONTH.days);
    const allRevenue = (await kpiValues(page))[0] ?? 0;
    await page.getByRole('combobox', { name: 'Client gender', exact: true }).click();
    await page.getByRole('option', { name: 'Women' }).click();
    await expect(page).toHaveURL(/gender=FEMALE/);
    await expect.poll(async () => (await kpiValues(page))[0]).toBeLessThan(allRevenue);
    expect((await kpiValues(page))[0]).toBeGreaterThan(0);

    await open(page, '/sales-data-analysis-months?month=3');
    await expect(page.getByRole('combobox', { name: 'Month' })).toContainText('March');
    await expect(bodyRows(page.getByRole('table', { name: 'Days of the month against last year' }))).toHaveCount(31);
    await open(page, `/sales-data-analysis-year?year=${Number(DEMO_TODAY.slice(0, 4)) - 1}`);
    await expect(bodyRows(page.getByRole('table', { name: 'Months of the year against last year' }))).toHaveCount(12);
    await expect(page.getByText(/Revenue per month: \d{4} against \d{4}/)).toBeVisible();
  });

  test("the default range is the salon's month to date as the server counts it (DEMO_TODAY), whatever the browser's clock says", async ({
    page,
  }) => {
    await signInToShell(page, 'manager');
    // The browser's clock is 40 days behind the salon's today: the dates must still be the salon's.
    await page.clock.setFixedTime(new Date(`${addDays(DEMO_TODAY, -40)}T10:00:00`));
    await open(page, '/sales-data-analysis-days');
    // Date fields read dd/mm/yyyy in both languages (components/format/dates.ts).
    const [year, month, day] = DEMO_TODAY.split('-');
    await expect(page.getByTestId('from-date')).toHaveValue(`01/${month}/${year}`);
    await expect(page.getByTestId('to-date')).toHaveValue(`${day}/${month}/${year}`);
    await expect(bodyRows(page.getByRole('table', { name: 'Sales per day' }))).toHaveCount(Number(DEMO_TODAY.slice(8)));
  });

  test('the XLSX export holds exactly the rows the filtered table shows', async ({ page }) => {
    await signInToShell(page, 'manager');
    await open(page, LAST_MONTH_DAYS);
    const table = page.getByRole('table', { name: 'Sales per day' });
    await expect(bodyRows(table)).toHaveCount(LAST_MONTH.days);
    // Keep only the busier days: appointments greater than 20.
    await page.getByLabel('Filter Appointments').fill('20');
    const shown = await bodyRows(table).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(LAST_MONTH.days);
    const shownRevenue = await bodyRows(table).evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const download = await downloadPromise;
    // The salon and the period name the file; the title, salon, period and gender head the sheet.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sales-days_.+_${LAST_MONTH.from}_${LAST_MONTH.to}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = 6;
    expect(sheet.getCell('A1').value).toBe('Sales per day');
    expect(sheet.getCell('A2').value).toBe('Salon');
    expect(sheet.getCell('A3').value).toBe('Period');
    expect(sheet.getRow(header).getCell(1).value).toBe('Day');
    expect(sheet.getRow(header).getCell(2).value).toBe('Revenue');
    // The shown rows, then the totals row.
    expect(sheet.rowCount - header - 1).toBe(shown);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
    const exportedRevenue: number[] = [];
    const exportedAppointments: number[] = [];
    sheet.eachRow((row, index) => {
      if (index <= header || index === sheet.rowCount) return;
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      exportedRevenue.push(Number(row.getCell(2).value));
      exportedAppointments.push(Number(row.getCell(5).value));
    });
    expect(exportedRevenue).toEqual(shownRevenue.map(number));
    expect(exportedAppointments.every((value) => value > 20)).toBe(true);
  });

  test('a client row opens the service and product history', async ({ page }) => {
    await signInToShell(page, 'manager');
    await open(page, '/sales-data-analysis-clients');
    const table = page.getByRole('table', { name: 'Sales per client' });
    await expect(bodyRows(table).first()).toBeVisible();
    await table
      .getByRole('button', { name: /^Open the history of / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /^History of / })).toBeVisible();
    await expect(dialog.getByTestId('history-totals')).toBeVisible();
    await expectRows(dialog.getByRole('table', { name: 'Services' }));
    await dialog.getByRole('tab', { name: 'Products' }).click();
    await expect(dialog.getByTestId('history-totals').or(dialog.getByTestId('history-empty'))).toBeVisible();
    await shot(page, 'client-history');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('the client list pages, sorts and searches on the server; the XLSX export holds every client', async ({ page }) => {
    test.setTimeout(120_000);
    await signInToShell(page, 'manager');
    const perClient = (check: (url: URL) => boolean) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname.includes('/GetSalesDataAnalysisPerClient/') && check(url);
      });
    // The year to date: thousands of clients, one page of 50 asked, by revenue.
    const firstPage = perClient((url) => url.searchParams.get('limit') === '50' && url.searchParams.get('offset') === '0');
    await open(page, `/sales-data-analysis-clients?fromDate=${DEMO_TODAY.slice(0, 4)}-01-01&toDate=${DEMO_TODAY}`);
    const first = await (await firstPage).json();
    expect(first.total).toBeGreaterThan(100);
    const table = page.getByRole('table', { name: 'Sales per client' });
    await expect(bodyRows(table)).toHaveCount(50);
    const revenues = await bodyRows(table).evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(revenues.map(number)).toEqual([...revenues.map(number)].sort((a, b) => b - a));
    // The totals row and the KPIs are the server's totals of every client, not of the page.
    expect(number(await table.getByTestId('totals-row').locator('td').nth(2).innerText())).toBe(first.totals.revenue);
    expect(number((await page.getByTestId('kpi-value').first().innerText()) ?? '')).toBe(first.totals.clients);
    await expect(page.getByText(`1–50 of ${first.total}`)).toBeVisible();

    const secondPage = perClient((url) => url.searchParams.get('offset') === '50');
    await page.getByRole('button', { name: 'Next page' }).click();
    await secondPage;
    await expect(page.getByText(`51–100 of ${first.total}`)).toBeVisible();

    // A name order starts on the first page again.
    const byName = perClient((url) => url.searchParams.get('sort') === 'name' && url.searchParams.get('offset') === '0');
    await table.getByRole('button', { name: 'Client', exact: true }).click();
    const named = await (await byName).json();
    await expect(bodyRows(table).first()).toContainText(`${named.rows[0].firstName} ${named.rows[0].lastName}`.trim());

    // A search asks the server; every row it lists has the text in its name.
    const lastName: string = first.rows[0].lastName;
    const searched = perClient((url) => url.searchParams.get('search') === lastName);
    await page.getByTestId('clients-search').fill(lastName);
    const found = await (await searched).json();
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(first.total);
    await expect(page.getByText(`${found.total} of ${found.total} rows`)).toBeVisible();
    await page.getByTestId('clients-search').fill('');
    await expect(page.getByText(`${first.total} of ${first.total} rows`)).toBeVisible();

    // The export asks for every client, not the page shown.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await downloadPromise).path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = 6;
    expect(sheet.getRow(header).getCell(1).value).toBe('Client');
    expect(sheet.rowCount - header).toBe(first.total);
  });

  test('a superadmin picks a salon on /salon-listing and sees that salon on the reports', async ({ page }) => {
    await signInToShell(page, 'superadmin');
    const listing = page.getByRole('table', { name: 'Salons of the chain' });
    await expect(bodyRows(listing).first()).toBeVisible();
    const second = bodyRows(listing).nth(1);
    const name = (await second.locator('td').first().innerText()).trim();
    const listedRevenue = number(await second.locator('td').nth(2).innerText());
    await second.getByRole('button', { name: `Open reports for ${name}` }).click();
    await expect(page).toHaveURL(/\/sales-data-analysis\?salonId=\d+$/);
    await expect(page.getByTestId('salon-picker').locator('..')).toContainText(name);
    // The listing and the overview cover the same month to date: the same revenue.
    await expect.poll(async () => (await kpiValues(page))[0]).toBe(listedRevenue);
    await open(page, '/services-data-analysis');
    await expect(page.getByTestId('salon-picker').locator('..')).toContainText(name);
    await expectRows(page.getByRole('table', { name: 'Services performed' }));
  });

  // Reception and marketing may have Italian as their stored language: the checks read both languages.
  const FORBIDDEN = /^(Your role does not give access to this report|Il tuo ruolo non dà accesso a questo report)$/;

  test('reception sees the sales screens but is told its role does not reach the admin reports', async ({ page }) => {
    await signInToShell(page, 'reception');
    await open(page, '/sales-data-analysis-days');
    await expectRows(page.getByRole('table', { name: /^(Sales per day|Vendite per giorno)$/ }));
    await open(page, '/services-data-analysis');
    await expectRows(page.getByRole('table', { name: /^(Services performed|Servizi eseguiti)$/ }));
    for (const path of ['/days-of-week', '/service-product']) {
      await open(page, path);
      await expect(page.getByTestId('report-forbidden'), path).toHaveText(FORBIDDEN);
      await expect(page.getByTestId('report-error')).toHaveCount(0);
    }
    await shot(page, 'reception-forbidden');
  });

  test('marketing reaches the service and product analysis, not the admin reports', async ({ page }) => {
    await signInToShell(page, 'marketing');
    await open(page, '/product-data-analysis');
    await expectRows(page.getByRole('table', { name: /^(Products sold|Prodotti venduti)$/ }));
    await open(page, '/days-of-week');
    await expect(page.getByTestId('report-forbidden')).toHaveText(FORBIDDEN);
  });

  test('the month and year views compare like for like: to date against the same dates last year, days not yet come say so', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInToShell(page, 'manager');
    const monthResponse = page.waitForResponse((response) => response.url().includes('/GetSalesDataAnalysisPerMonth/'));
    await open(page, '/sales-data-analysis-months');
    const month = await (await monthResponse).json();
    // The same dates last year: 1 .. DEMO_TODAY's day of DEMO_TODAY's month, a year before.
    const lastYear = String(Number(DEMO_TODAY.slice(0, 4)) - 1);
    const sameDateLastYear = `${lastYear}${DEMO_TODAY.slice(4)}`;
    expect(month.compared).toMatchObject({
      toDate: DEMO_TODAY,
      previousFromDate: `${sameDateLastYear.slice(0, 8)}01`,
      previousToDate: sameDateLastYear,
      isToDate: true,
    });
    // Last year's month per day from the API, summed over the same days.
    const code = await storedSessionCode(page);
    const from = `${sameDateLastYear.slice(0, 8)}01`;
    const to = month.previousYear.toDate;
    const perDay = await page.request.get(`/api/Stats/GetSalesDataAnalysisPerDay/${to}/${from}/${month.salonId}/${code}`);
    expect(perDay.ok()).toBe(true);
    const rows: { day: string; totalRevenue: number }[] = (await perDay.json()).rows;
    const sameDays =
      Math.round(rows.filter((row) => row.day <= sameDateLastYear).reduce((sum, row) => sum + row.totalRevenue, 0) * 100) / 100;
    const wholeMonth = Math.round(rows.reduce((sum, row) => sum + row.totalRevenue, 0) * 100) / 100;
    expect(sameDays).toBeGreaterThan(0);
    expect(sameDays).toBeLessThan(wholeMonth);
    const revenueCard = page
      .getByTestId('kpi-card')
      .filter({ hasText: /^Revenue/ })
      .first();
    const previousLine = revenueCard.getByTestId('kpi-previous');
    await expect(previousLine).toHaveAttribute('data-previous', String(sameDays));
    const shownPrevious = /€([\d,]+\.\d{2})/.exec((await previousLine.innerText()) ?? '')?.[1] ?? '';
    expect(number(shownPrevious)).toBe(sameDays);
    const fmt = (day: string) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    await expect(page.getByTestId('compared-span')).toHaveText(
      `Compared to date with the same dates last year: ${fmt(month.compared.fromDate)} – ${fmt(DEMO_TODAY)} against ${fmt(from)} – ${fmt(sameDateLastYear)}.`,
    );
    // The day after today has not come: "Not yet", never EUR 0 or -100 %.
    const table = page.getByRole('table', { name: 'Days of the month against last year' });
    const tomorrow = bodyRows(table).filter({ hasText: fmt(addDays(DEMO_TODAY, 1)) });
    await expect(tomorrow.getByText('Not yet').first()).toBeVisible();
    await expect(tomorrow).not.toContainText('-100');
    await expect(table.getByRole('columnheader', { name: /Revenue, same weekday last year/ })).toBeVisible();
    // The rows compare by weekday, but the totals row compares like the cards: the same dates last year, to date.
    const totalsCells = table.getByTestId('totals-row').locator('td');
    await expect(totalsCells.nth(2)).toHaveText(/€[\d,]+\.\d{2}/);
    expect(number(await totalsCells.nth(2).innerText())).toBe(sameDays);
    await shot(page, 'months-like-for-like');

    // The year view: the year to date against the same dates, December not yet come.
    await open(page, '/sales-data-analysis-year');
    await expect(page.getByTestId('compared-span')).toContainText(`${fmt(`${DEMO_TODAY.slice(0, 4)}-01-01`)} – ${fmt(DEMO_TODAY)}`);
    const december = bodyRows(page.getByRole('table', { name: 'Months of the year against last year' })).filter({ hasText: 'December' });
    await expect(december.getByText('Not yet').first()).toBeVisible();
    await expect(december).not.toContainText('-100');

    // The client screen says why its revenue is not the other screens' (walk-ins without a client).
    await open(page, '/sales-data-analysis-clients');
    await expect(page.getByTestId('without-client-revenue')).toHaveText(/^Sales without a client \(walk-ins\): €[\d,]+\.\d{2}, in no row$/);
  });

  test('at 390 px the screens fit without sideways page scroll, and read in Italian', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToShell(page, 'manager');
    for (const path of ['/sales-data-analysis', '/sales-data-analysis-year', '/product-data-analysis']) {
      await open(page, path);
      await expect(page.getByTestId('kpi-card').first()).toBeVisible();
      await expect(page.getByTestId('chart').first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
      await shot(page, `mobile-${path.slice(1)}`);
    }
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await open(page, LAST_MONTH_DAYS);
    await expect(page.getByRole('heading', { level: 1, name: 'Vendite per giorno' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Vendite per giorno' })).toBeVisible();
    const text = await page.locator('main, [data-testid="shell"]').first().innerText();
    for (const word of ['Revenue', 'Appointments', 'Average ticket', 'Discounts', 'New clients', 'Export XLSX'])
      expect(text, word).not.toContain(word);
    // Italian number format: euro after the amount, comma decimals.
    await expect(page.getByTestId('kpi-value').first()).toHaveText(/^[\d.]+,\d{2}\s€$/);
    await shot(page, 'mobile-italian-days');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
