import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, signInToShell } from './helpers';

/** Reports take their time on a busy machine: a long wait for their data, not for the words. */
const LOADED = { timeout: 45_000 };
const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/**
 * Records every text the chart canvases draw (ECharts paints its labels with fillText), so the test
 * reads bar labels and axis ticks, which are not in the DOM.
 */
async function recordCanvasText(page: Page) {
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __canvasText: string[] }).__canvasText = drawn;
    for (const name of ['fillText', 'strokeText'] as const) {
      const original = CanvasRenderingContext2D.prototype[name];
      CanvasRenderingContext2D.prototype[name] = function (
        this: CanvasRenderingContext2D,
        text: string,
        ...rest: [number, number, number?]
      ) {
        drawn.push(String(text));
        return original.call(this, text, ...rest);
      };
    }
  });
}
const canvasText = (page: Page) => page.evaluate(() => (window as unknown as { __canvasText?: string[] }).__canvasText ?? []);

/** What read as English on the Italian screens: status codes, 'Incasso' beside 'Fatturato', a decimal point in a percentage. */
async function expectNoEnglishLeftovers(page: Page, screen: string) {
  const text = await page.locator('main').innerText();
  expect(text, screen).not.toMatch(/\b(DONE|BOOKED)\b/);
  expect(text, screen).not.toMatch(/Incasso/);
  expect(text, screen).not.toMatch(/\d\.\d+ ?%/);
}

/** No chart text grouped or pointed the English way: '12,000', '2.5k', '16.72 %'. */
async function expectNoEnglishNumbersDrawn(page: Page, screen: string) {
  const english = (await canvasText(page)).filter((text) => /^-?\d{1,3}(,\d{3})+(\.\d+)?$|^-?\d+\.\d+ ?(k|%)$/.test(text));
  expect(english, screen).toEqual([]);
}

test.describe('Italian screens: no English leftovers', () => {
  test('chart labels, status words and one word for revenue', async ({ page }) => {
    test.setTimeout(180_000);
    await signInToShell(page, 'manager');
    // The choice is saved to the user: switched back at the end so the other tests keep their English manager.
    await chooseLanguage(page, 'Italiano');
    try {
      await recordCanvasText(page);
      // Bar labels with the k suffix use the decimal comma: '82,2k', never '82.2k'.
      await page.goto('/days-of-week');
      await expect(page.getByTestId('chart').first()).toBeVisible(LOADED);
      await expect.poll(async () => (await canvasText(page)).some((text) => /^-?\d+,\dk$/.test(text))).toBe(true);
      expect((await canvasText(page)).filter((text) => /^-?\d+\.\dk$/.test(text))).toEqual([]);
      await expectNoEnglishNumbersDrawn(page, '/days-of-week');
      await page.screenshot({ path: join(ARTIFACTS, 'days-of-week-it.png') });
      await expectNoEnglishLeftovers(page, '/days-of-week');

      // The growth table: 'Appuntamenti completati', not 'Appuntamenti DONE'.
      await page.goto('/show-report');
      await expect(page.getByRole('columnheader', { name: 'Appuntamenti completati' }).first()).toBeVisible(LOADED);
      await expectNoEnglishLeftovers(page, '/show-report');

      // One word per figure: the recap's revenue is 'Fatturato', as on the sales screens.
      await page.goto('/Salon-Recap');
      await expect(page.getByText('Fatturato', { exact: true }).first()).toBeVisible(LOADED);
      await expectNoEnglishLeftovers(page, '/Salon-Recap');
      // The recap's revenue axis: '3.000', not ECharts' own '3,000'.
      await expect(page.getByTestId('chart').first()).toBeVisible(LOADED);
      await expect.poll(async () => (await canvasText(page)).some((text) => /^\d{1,3}(\.\d{3})+$/.test(text)), LOADED).toBe(true);
      await expectNoEnglishNumbersDrawn(page, '/Salon-Recap');
      await page.goto('/sales-data-analysis');
      await expect(page.getByText('Fatturato', { exact: true }).first()).toBeVisible(LOADED);
      await expectNoEnglishLeftovers(page, '/sales-data-analysis');
    } finally {
      await chooseLanguage(page, 'English');
    }
  });
});
