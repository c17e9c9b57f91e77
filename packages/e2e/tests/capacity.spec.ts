import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, chooseLanguage, DEMO_TODAY, seriousViolations, signInAt, signInToShell, storedSessionCode } from './helpers';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `capacity-${name}.png`), fullPage: true });

/** The demo manager's salon. */
const SALON_ID = 1;
/** The chosen range: the six whole weeks before DEMO_TODAY's week (a Friday), Monday to Sunday. */
const RANGE_FROM = addDays(DEMO_TODAY, -4 - 42);
const RANGE_TO = addDays(DEMO_TODAY, -5);
/** Then only the last two of those weeks. */
const SHORT_FROM = addDays(RANGE_TO, -13);
/** Saved by the test: a value no earlier run left behind. */
const PEOPLE = String(3 + (Date.now() % 5));
const HOURLY = `${40 + (Date.now() % 30)}.50`;

const money = (value: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, useGrouping: 'always' }).format(value);
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

interface Block {
  fromDate: string;
  toDate: string;
  capacityHours: number;
  capacityRevenue: number;
  actualRevenue: number;
}
type Capacity = Record<'lastWeek' | 'actualWeek' | 'customCapacity', Block>;

/** The capacity answer the screen should show, asked of the API with the page's own session. */
async function capacityOf(page: Page, from: string, to: string): Promise<Capacity> {
  const code = await storedSessionCode(page);
  const response = await page.request.get(
    `/api/UserTimeframes/GetLastWeekAndActualWeek/${from}/${to}/${HOURLY}/${PEOPLE}/${SALON_ID}/${code}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as Capacity;
}

/** Each of the three columns shows the API's actual revenue, and capacity revenue = capacity hours × the saved hourly amount. */
async function expectColumnsMatch(page: Page, capacity: Capacity) {
  for (const key of ['lastWeek', 'actualWeek', 'customCapacity'] as const) {
    const column = page.getByTestId(`capacity-${key}`);
    await expect(column.getByTestId('value-actualRevenue')).toHaveText(money(capacity[key].actualRevenue));
    await expect(column.getByTestId('value-capacityRevenue')).toHaveText(money(capacity[key].capacityRevenue));
    expect(capacity[key].capacityRevenue).toBeCloseTo(capacity[key].capacityHours * Number(HOURLY), 1);
  }
}

test.describe('full capacity screens', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  /** The salon's settings before the walk, put back after it so the demo chain is left as found. */
  let original: { numberOfPeople: number; averageHourly: number; isDefault: boolean } | undefined;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // One context for the whole walk (axe needs a page of a context made with newContext).
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    page = await context.newPage();
    await signInToShell(page, 'manager');
    const response = await page.request.get(`/api/FullCapacity/${await storedSessionCode(page)}?SalonId=${SALON_ID}`);
    original = await response.json();
  });
  test.afterAll(async () => {
    if (original && !original.isDefault) {
      const { numberOfPeople, averageHourly } = original;
      await page.request.post(`/api/FullCapacity/${await storedSessionCode(page)}`, {
        data: { salonId: SALON_ID, numberOfPeople, averageHourly },
      });
    }
    await page.context().close();
  });

  test('the manager saves the settings, is told about a value out of range, and sees them after a reload', async () => {
    await page.goto('/full-capacity-setting');
    const form = page.getByTestId('capacity-setting-form');
    await expect(form).toBeVisible();
    await page.getByTestId('field-numberOfPeople').fill('600');
    await page.getByTestId('field-averageHourly').fill('12.345');
    await page.getByTestId('save-capacity-setting').click();
    await expect(form.getByText('Type a whole number from 0 to 500.')).toBeVisible();
    await expect(form.getByText('Type an amount in euros from 0 to 10,000, with at most 2 decimals.')).toBeVisible();

    await page.getByTestId('field-numberOfPeople').fill(PEOPLE);
    await page.getByTestId('field-averageHourly').fill(HOURLY.replace('.', ','));
    await page.getByTestId('save-capacity-setting').click();
    await expect(page.getByText('Full capacity settings saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('field-numberOfPeople')).toHaveValue(PEOPLE);
    await expect(page.getByTestId('field-averageHourly')).toHaveValue(HOURLY);
    await expect(page.getByTestId('setting-state')).toHaveText('Saved');
    await shot(page, 'settings');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the report shows last week, this week and the range as the API counts them, the grid and its suggestions', async () => {
    test.setTimeout(120_000);
    await page.goto(`/capacity-showData?fromDate=${RANGE_FROM}&toDate=${RANGE_TO}`);
    await expect(page.getByTestId('capacity-customCapacity')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('capacity-settings-line')).toContainText(`Costed with ${money(Number(HOURLY))} an hour`);
    const capacity = await capacityOf(page, RANGE_FROM, RANGE_TO);
    expect(capacity.customCapacity.fromDate).toBe(RANGE_FROM);
    await expectColumnsMatch(page, capacity);
    // Every KPI of every column has its definition.
    await expect(page.getByRole('button', { name: /^Definition of / })).toHaveCount(18);
    await page.getByTestId('capacity-lastWeek').getByRole('button', { name: 'Definition of Utilisation' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Booked service hours / shift hours × 100.');

    const grid = page.getByTestId('utilisation-grid');
    await expect(grid.locator('tbody tr').first()).toBeVisible();
    expect(await grid.locator('td[data-level]').count()).toBeGreaterThan(0);
    const suggestions = page.locator('[data-testid^="suggestion-"]');
    expect(await suggestions.count()).toBeGreaterThan(0);
    for (const text of await suggestions.allInnerTexts()) {
      expect(text).toMatch(/^(Add a stylist on [A-Z][a-z]+day \d+-\d+ \(\d+(\.\d)?%\)|[A-Z][a-z]+day \d+-\d+ is at \d+(\.\d)?%)$/);
    }
    await shot(page, 'report');
    expect(await seriousViolations(page)).toEqual([]);

    // Another range: typed in the frame's From field, the third column and the grid follow.
    const before = await grid.innerText();
    await page.getByTestId('from-date').fill(ddmmyyyy(SHORT_FROM));
    await expect.poll(() => new URL(page.url()).searchParams.get('fromDate')).toBe(SHORT_FROM);
    await expect(page.getByTestId('capacity-customCapacity').getByTestId('capacity-period')).toContainText(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${SHORT_FROM}T00:00:00Z`)),
    );
    await expectColumnsMatch(page, await capacityOf(page, SHORT_FROM, RANGE_TO));
    await expect.poll(() => grid.innerText()).not.toBe(before);
  });

  test('in Italian nothing is left in English', async () => {
    await chooseLanguage(page, 'Italiano');
    try {
      await page.goto(`/capacity-showData?fromDate=${RANGE_FROM}&toDate=${RANGE_TO}`);
      await expect(page.getByRole('heading', { name: 'Report della capacità' })).toBeVisible();
      await expect(page.getByTestId('capacity-customCapacity')).toContainText('Fatturato effettivo', { timeout: 30_000 });
      const text = await page.locator('main').innerText();
      expect(text).not.toMatch(
        /\b(Last week|This week|Chosen range|Shift hours|Booked|Utilisation|Revenue|Add a stylist|is at|Hour|Busy|Quiet)\b/i,
      );
      expect(text).not.toMatch(/\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/);
      expect(text).not.toMatch(/\d\.\d+ ?%/);
      const suggestions = await page.locator('[data-testid^="suggestion-"]').allInnerTexts();
      expect(suggestions.length).toBeGreaterThan(0);
      for (const suggestion of suggestions) {
        expect(suggestion).toMatch(
          /^(Aggiungi una persona in turno: \p{Ll}+ \d+-\d+ \(\d+(,\d)?%\)|\p{Lu}\p{Ll}+ \d+-\d+ è al \d+(,\d)?%)$/u,
        );
      }
      await shot(page, 'report-it');
      await page.goto('/full-capacity-setting');
      await expect(page.getByText('Numero di persone').first()).toBeVisible();
      const settings = await page.locator('main').innerText();
      expect(settings).not.toMatch(/\b(Number of people|Average hourly|Saved|Save settings|capacity report)\b/i);
      await expect(page.getByTestId('field-averageHourly')).toHaveValue(HOURLY.replace('.', ','));
    } finally {
      // The choice is saved to the user: back to English for the other specs.
      await chooseLanguage(page, 'English');
    }
  });

  test('at 390 px wide both screens fit without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/capacity-showData?fromDate=${RANGE_FROM}&toDate=${RANGE_TO}`);
    await expect(page.getByTestId('utilisation-grid')).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'report-390');
    await page.goto('/full-capacity-setting');
    await expect(page.getByTestId('capacity-setting-form')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'settings-390');
  });
});

test('a receptionist, whose role the API refuses, is told so and gets no save button', async ({ page }) => {
  await signInAt(page, 'reception', '/full-capacity-setting');
  await expect(page.getByTestId('report-forbidden')).toBeVisible();
  await expect(page.getByTestId('save-capacity-setting')).toHaveCount(0);
  await page.goto('/capacity-showData');
  await expect(page.getByTestId('report-forbidden')).toBeVisible();
});
