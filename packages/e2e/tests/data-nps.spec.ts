import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Download, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { chooseLanguage, DEMO_TODAY, seriousViolations, signInToShell, storedSessionCode } from './helpers';

/** /data-qualities and /NPS, signed in once as the demo ADMIN `manager` (salon 1). */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const LOCALES = join(import.meta.dirname, '../../web/src/locales');
const LOADED = { timeout: 45_000 };
const YEAR = Number(DEMO_TODAY.slice(0, 4));
const SALON = 1;

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `data-nps-${name}.png`), fullPage: true });
/** '44.21%' -> 44.21, '−66.7' -> -66.7 (the English interface). */
const numberOf = (text: string) => Number(text.replace(/[−–]/g, '-').replace(/[^\d.-]/g, ''));

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

/** The English texts of a namespace that read differently in Italian (no placeholders): none may show on an Italian screen. */
function englishOnly(namespace: string): string[] {
  const flat = (value: unknown, prefix = ''): [string, string][] =>
    typeof value === 'string'
      ? [[prefix, value]]
      : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => flat(inner, `${prefix}.${key}`));
  const read = (language: string) => new Map(flat(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'))));
  const italian = read('it');
  return [...read('en')]
    .filter(([key, text]) => !text.includes('{{') && text.length > 3 && italian.get(key) !== text)
    .map(([, text]) => text);
}

/** Whether `text` holds `words` as whole words ('Client' is not in 'Clienti'). */
function containsWords(text: string, words: string): boolean {
  const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(text);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('report-loading')).toHaveCount(0, LOADED);
  await expect(page.getByTestId('kpi-card').first()).toBeVisible(LOADED);
}

interface DataQuality {
  clients: number;
  completePercent: number;
  total: number;
  rows: { clientId: number; firstName: string; lastName: string; score: number }[];
}
interface NpsYear {
  months: { month: number; responses: number; nps: number | null }[];
  days: { date: string; responses: number }[];
  totals: { nps: number | null };
}

test.describe
  .serial('data qualities and NPS', () => {
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

    test('/data-qualities: the complete share is the API’s, the list pages by score, CustomersBySalon.xlsx reads back', async () => {
      test.setTimeout(180_000);
      await open(page, '/data-qualities');
      const first = await api<DataQuality>(page, `/api/DataQualities/GetCustomersBySalon/{code}/${SALON}?limit=25&offset=0`);
      const share = page.getByTestId('kpi-card').filter({ has: page.getByRole('heading', { name: 'Complete share' }) });
      // Shown with one decimal, as every percentage of the app.
      expect(numberOf(await share.getByTestId('kpi-value').innerText())).toBe(Math.round(first.completePercent * 10) / 10);

      // The records to fix: the API's order (lowest score first), 25 a page.
      const rows = page.getByTestId('client-row');
      await expect(rows).toHaveCount(25);
      await expect(rows.first()).toContainText(`#${first.rows[0]?.clientId}`);
      await expect(page.getByTestId('clients-pagination')).toContainText(`1–25 of ${first.total.toLocaleString('en')}`);
      // Findings are words in chips, not codes.
      await expect(rows.first().locator('[data-testid^="issue-"]').first()).not.toContainText('_');
      await shot(page, 'data-qualities');

      await page.getByTestId('clients-pagination').getByRole('button', { name: 'Next page' }).click();
      const second = await api<DataQuality>(page, `/api/DataQualities/GetCustomersBySalon/{code}/${SALON}?limit=25&offset=25`);
      await expect(rows.first()).toContainText(`#${second.rows[0]?.clientId}`, LOADED);
      await expect(page.getByTestId('clients-pagination')).toContainText('26–50');
      const scores = await page.getByTestId('client-score').allInnerTexts();
      expect(scores.map(numberOf)).toEqual(second.rows.map((row) => row.score));

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toBe('CustomersBySalon.xlsx');
      const book = await workbookOf(download);
      const clients = book.getWorksheet('Clients');
      // Headed by the title, the salon's name (not its id) and the day in words.
      expect(clients?.getRow(1).getCell(1).value).toBe('Client data quality');
      expect(clients?.getRow(2).getCell(1).value).toBe('Salon');
      expect(String(clients?.getRow(2).getCell(2).value)).not.toMatch(/^\d+$/);
      expect(String(clients?.getRow(3).getCell(2).value)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      // The screen's KPI cards come first, then the records.
      expect(clients?.getRow(5).values).toEqual([undefined, 'Client records', first.clients]);
      expect(clients?.rowCount).toBe(first.clients + 12);
      // The sheet lists the records to fix first, as the screen.
      expect(clients?.getRow(13).getCell(1).value).toBe(first.rows[0]?.clientId);
      const summary = book.getWorksheet('Summary');
      expect(summary?.getRow(6).getCell(4).value).toBe(first.completePercent);
    });

    test('/NPS: a month’s NPS is the API’s, a day opens its answers, Nps.xlsx reads back', async () => {
      test.setTimeout(180_000);
      await open(page, '/NPS');
      const year = await api<NpsYear>(page, `/api/ClientNPSs/GetByAllClients/{code}/${SALON}/${YEAR}`);
      const answered = year.months.filter((m) => m.responses > 0);
      expect(answered.length).toBeGreaterThan(0);
      const nps = page.getByTestId('kpi-card').filter({ has: page.getByRole('heading', { name: /^NPS\b/ }) });
      expect(numberOf(await nps.getByTestId('kpi-value').innerText())).toBe(year.totals.nps);

      // A month's NPS in the table is the API's (the NPS column, after month, answers and the three groups).
      const table = page.getByRole('table', { name: `NPS per month, ${YEAR}` });
      const month = answered[0]!;
      const monthName = new Date(Date.UTC(YEAR, month.month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
      const row = table.locator('tbody tr').filter({ hasText: monthName });
      expect(numberOf(await row.locator('td').nth(5).innerText())).toBe(month.nps);

      // Open that month's days, then a day: its answers, with the client and the comment, as the API gives them.
      await page.getByTestId(`open-month-${month.month}`).click();
      const day = year.days.find((d) => Number(d.date.slice(5, 7)) === month.month)!;
      await page.getByTestId(`day-${day.date}`).click();
      const details = await api<{ answers: { clientName: string }[] }>(
        page,
        `/api/ClientNPSs/GetClientScoreDetails/{code}/${SALON}/${day.date}`,
      );
      const answers = page.getByTestId('day-answers');
      await expect(answers.locator('tbody tr')).toHaveCount(details.answers.length, LOADED);
      expect(details.answers.length).toBe(day.responses);
      const named = details.answers.find((a) => a.clientName !== '');
      if (named) await expect(answers).toContainText(named.clientName);
      expect(new URL(page.url()).searchParams.get('day')).toBe(day.date);
      // The follow-up list: the year's detractors with their status today, at risk first, as the API lists them.
      const follow = await api<{ rows: { clientName: string; status: string }[] }>(
        page,
        `/api/ClientNPSs/GetDetractors/{code}/${SALON}/${YEAR}`,
      );
      expect(follow.rows.length).toBeGreaterThan(0);
      const followUp = page.getByTestId('follow-up');
      await expect(followUp.getByTestId('row-count')).toHaveText(`${follow.rows.length} of ${follow.rows.length} rows`);
      await expect(followUp.locator('tbody tr').first()).toContainText(follow.rows[0]!.clientName);
      const statusWords: Record<string, string> = { AT_RISK: 'At risk', LOST: 'Lost', ACTIVE: 'Active', NO_VISIT: 'No visit' };
      await expect(followUp.locator('tbody tr').first()).toContainText(statusWords[follow.rows[0]!.status]!);
      await shot(page, 'nps');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toBe('Nps.xlsx');
      const book = await workbookOf(download);
      const sheet = book.getWorksheet(`NPS ${YEAR}`);
      // Headed by the title, the salon's name and the year as dates.
      expect(sheet?.getRow(1).getCell(1).value).toBe(`Net Promoter Score ${YEAR}`);
      expect(sheet?.getRow(2).getCell(1).value).toBe('Salon');
      expect(String(sheet?.getRow(2).getCell(2).value)).not.toMatch(/^\d+$/);
      expect(sheet?.getRow(3).values).toEqual([undefined, 'Period', `1 Jan ${YEAR} – 31 Dec ${YEAR}`]);
      // The KPI cards (the year's NPS first), then the month table.
      expect(sheet?.getRow(5).getCell(2).value).toBe(year.totals.nps);
      expect(sheet?.getRow(month.month + 12).getCell(1).value).toBe(monthName);
      expect(sheet?.getRow(month.month + 12).getCell(9).value).toBe(month.nps);
    });

    test('in Italian both screens show no English, and axe finds no serious violation', async () => {
      test.setTimeout(180_000);
      await chooseLanguage(page, 'Italiano');
      try {
        for (const [path, namespace, title] of [
          ['/data-qualities', 'data-qualities', 'Qualità dei dati'],
          ['/NPS', 'client-nps', 'NPS'],
        ] as const) {
          await open(page, path);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          const text = await page.locator('main').innerText();
          const leftovers = englishOnly(namespace).filter((english) => containsWords(text, english));
          expect(leftovers, path).toEqual([]);
          expect(text, path).not.toMatch(/\b(PHONE|EMAIL|DUPLICATE|PROMOTER|DETRACTOR|PASSIVE)\b/);
          expect(text, path).not.toMatch(/\d\.\d+ ?%/);
          expect(await seriousViolations(page), path).toEqual([]);
          await shot(page, `${namespace}-it`);
        }
      } finally {
        await chooseLanguage(page, 'English');
      }
    });

    test('at 390 px wide nothing runs off the page', async () => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        for (const path of ['/data-qualities', '/NPS']) {
          await open(page, path);
          await expect(page.getByTestId('chart').first()).toBeVisible(LOADED);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, path).toBeLessThanOrEqual(0);
          expect(await seriousViolations(page), path).toEqual([]);
          await shot(page, `${path.slice(1).toLowerCase()}-390`);
        }
      } finally {
        await page.setViewportSize({ width: 1366, height: 800 });
      }
    });
  });
