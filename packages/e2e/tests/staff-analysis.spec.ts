import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { bodyRows, chooseLanguage, columnTexts, demoMonth, seriousViolations, signInAt, storedSessionCode } from './helpers';

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `staff-analysis-${name}.png`), fullPage: true });
const LOADED = { timeout: 45_000 };

/** Three whole months before DEMO_TODAY's month: the screen asks them as one range. */
const FROM = demoMonth(-3).from;
const TO = demoMonth(-1).to;

/** Euros as the English table writes them ('€1,234.56') as a number. */
const eurosOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

interface StaffRow {
  staffId: number;
  name: string;
  totalEarned: number;
  totalWorkingHours: number;
  totalNumberOfClient: number;
  averageFeedback: number | null;
}

test.describe('staff analysis screens', () => {
  test('manager: a quarter as one range, sorting, filter, gender, a person report, Italian, 390 px and axe', async ({ page }) => {
    test.setTimeout(300_000);
    await signInAt(page, 'manager', `/staff-data-analysis?fromDate=${FROM}&toDate=${TO}`);
    const table = page.getByRole('table', { name: 'Staff analysis per person' });
    await expect(table).toBeVisible(LOADED);
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    await expect(page.getByTestId('staff-progress-bar')).toHaveAttribute('aria-valuenow', '100');

    // The screen's figures equal one call over the whole range, person by person.
    const code = await storedSessionCode(page);
    const whole = async (gender = '') => {
      const path = gender
        ? `/api/StaffDataAnalysis/GetStaffDataAnalysisGender/${code}/${FROM}/${TO}/1/${gender}`
        : `/api/StaffDataAnalysis/GetStaffDataAnalysis/${code}/${FROM}/${TO}/1`;
      const res = await page.request.get(path);
      expect(res.status()).toBe(200);
      return (await res.json()) as { sumOfTotalEarned: number; staffDataAnalysis: StaffRow[] };
    };
    const all = await whole();
    const top = all.staffDataAnalysis[0] as StaffRow;
    expect(all.staffDataAnalysis.length).toBeGreaterThan(3);
    await expect(bodyRows(table)).toHaveCount(all.staffDataAnalysis.length);
    const names = await columnTexts(table, 0);
    const earned = (await columnTexts(table, 1)).map(eurosOf);
    // Sorted by earned, highest first; the top person's merged total is the whole-range total.
    expect(names[0]).toBe(top.name);
    expect(earned[0]).toBe(top.totalEarned);
    for (const person of all.staffDataAnalysis) expect(earned[names.indexOf(person.name)], person.name).toBe(person.totalEarned);
    // Distinct clients and the mean feedback are the range's, not months added up.
    const clients = (await columnTexts(table, 13)).map((text) => Number(text.replace(/,/g, '')));
    const feedback = await columnTexts(table, 18);
    for (const person of all.staffDataAnalysis) {
      const row = names.indexOf(person.name);
      expect(clients[row], person.name).toBe(person.totalNumberOfClient);
      expect(feedback[row] === '–' || feedback[row] === '' ? null : Number(feedback[row]), person.name).toBe(person.averageFeedback);
    }
    // Every row is one interval; the totals row is the salon's staff revenue.
    expect(new Set(await columnTexts(table, 25))).toEqual(new Set(['1']));
    const totals = table.getByTestId('totals-row');
    expect(eurosOf((await totals.locator('td, th').nth(1).textContent()) ?? '')).toBe(all.sumOfTotalEarned);
    await shot(page, 'table');

    // Sort by name.
    await table.getByRole('button', { name: 'Name' }).click();
    const byName = await columnTexts(table, 0);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    // Filter by name: only that person is left, the totals row follows.
    await page.getByLabel('Filter Name').fill(top.name);
    await expect(bodyRows(table)).toHaveCount(1);
    expect(eurosOf((await totals.locator('td, th').nth(1).textContent()) ?? '')).toBe(top.totalEarned);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(bodyRows(table)).toHaveCount(all.staffDataAnalysis.length);

    // Gender: the Gender twin, merged the same way, equals its whole-range call.
    await page.getByRole('combobox', { name: 'Client gender' }).click();
    await page.getByRole('option', { name: 'Women' }).click();
    await expect(page).toHaveURL(/gender=FEMALE/);
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    const women = await whole('FEMALE');
    const topWomen = women.staffDataAnalysis.find((row) => row.staffId === top.staffId) as StaffRow;
    expect(topWomen.totalEarned).toBeLessThan(top.totalEarned);
    await expect(bodyRows(table).filter({ hasText: top.name }).locator('td').nth(1)).toHaveText(
      new RegExp(topWomen.totalEarned.toLocaleString('en', { minimumFractionDigits: 2 }).replace(/\./, '\\.')),
    );

    // Reset: the range is asked again and merged from a zero counter.
    await page.getByTestId('staff-reset').click();
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    expect(await seriousViolations(page)).toEqual([]);

    // A person's report for the same range.
    await table.getByRole('link', { name: top.name }).click();
    await expect(page).toHaveURL(new RegExp(`/staff-data-analysis-report\\?staffId=${top.staffId}&fromDate=${FROM}&toDate=${TO}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Staff report: ${top.name}`, LOADED);
    const earnedCard = page.getByTestId('kpi-card').filter({ hasText: 'Earned' }).first();
    await expect(earnedCard).toContainText('Salon average per person: €');
    await expect(page.getByRole('table', { name: "The person's figures per day" }).locator('tbody tr').first()).toBeVisible(LOADED);
    await expect(page.getByRole('table', { name: "The person's figures per week of the month" }).locator('tbody tr').first()).toBeVisible(
      LOADED,
    );
    const items = page.getByRole('table', { name: 'The services and products the person sold' });
    await expect(items.locator('tbody tr').first()).toBeVisible(LOADED);
    await shot(page, 'report');
    expect(await seriousViolations(page)).toEqual([]);

    // 390 px: nothing wider than the screen, the tables scroll inside their frame.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(items).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'report-390');
    await page.goto(`/staff-data-analysis?fromDate=${FROM}&toDate=${TO}`);
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'table-390');
    await page.setViewportSize({ width: 1366, height: 800 });

    // Italian: no English left on either screen (the choice is saved to the user: switched back at the end).
    await chooseLanguage(page, 'Italiano');
    try {
      const english = /\b(Earned|Recommended|intervals|Utilisation|Staff|Name|Total|Person|Week|Day|Services|Products|Reset)\b/;
      await page.goto(`/staff-data-analysis?fromDate=${FROM}&toDate=${TO}`);
      await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervalli', LOADED);
      expect(await page.locator('main').innerText()).not.toMatch(english);
      await page.goto(`/staff-data-analysis-report?staffId=${top.staffId}&fromDate=${FROM}&toDate=${TO}`);
      await expect(
        page.getByRole('table', { name: 'I servizi e i prodotti venduti dalla persona' }).locator('tbody tr').first(),
      ).toBeVisible(LOADED);
      expect(await page.locator('main').innerText()).not.toMatch(english);
      await shot(page, 'report-it');
    } finally {
      await chooseLanguage(page, 'English');
    }
  });
  test('manager at 1440 px: the names stay on screen when the table scrolls right, and a hidden column stays hidden after a reload', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, 'manager', `/staff-data-analysis?fromDate=${FROM}&toDate=${TO}`);
    const table = page.getByRole('table', { name: 'Staff analysis per person' });
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    const scroller = page.getByTestId('data-table-scroll');
    const firstName = bodyRows(table).first().locator('td, th').first();
    await scroller.scrollIntoViewIfNeeded();
    const frame = await scroller.boundingBox();
    const before = await firstName.boundingBox();
    // About 26 columns do not fit: the table scrolls inside its frame, not the page.
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(500);
    const after = await firstName.boundingBox();
    expect(after?.x).toBe(before?.x);
    expect(after && frame && after.x >= frame.x && after.x + after.width <= frame.x + frame.width).toBe(true);
    // The last column came into view beside the pinned names.
    await expect(table.getByRole('columnheader', { name: 'Intervals' })).toBeInViewport();

    // Hide "Booked hours" from the Columns menu with the keyboard; a reload keeps it hidden.
    await page.getByTestId('column-chooser').focus();
    await page.keyboard.press('Enter');
    const booked = page.getByRole('menuitemcheckbox', { name: 'Booked hours' });
    await booked.focus();
    await page.keyboard.press('Enter');
    await expect(booked).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Booked hours' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('staff-progress')).toContainText('1 / 1 intervals', LOADED);
    await expect(table.getByRole('columnheader', { name: 'Booked hours' })).toHaveCount(0);
    await expect(page.getByTestId('column-chooser')).toHaveText('Columns (1 hidden)');
    // Show all brings it back, and the choice is forgotten.
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-choice-all').click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Booked hours' })).toHaveCount(1);
  });
});
