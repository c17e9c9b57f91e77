import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pathOf, signIn } from './helpers';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });

test.describe('390 px toolbar search', () => {
  test('a search button opens the page search, which finds and opens a page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, 'manager');
    await expect(page.getByTestId('shell')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Open the page search' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search the pages' })).toHaveCount(0);
    await toggle.click();
    const search = page.getByRole('combobox', { name: 'Search the pages' });
    await expect(search).toBeVisible();
    await expect(search).toBeFocused();
    // The row fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await search.fill('zzzz');
    await expect(page.getByText('No results..')).toBeVisible();
    await search.fill('recap');
    await shot(page, 'mobile-search');
    await page.getByRole('option', { name: /Salon recap/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/Salon-Recap');
    // Opening a page closes the search row.
    await expect(page.getByRole('combobox', { name: 'Search the pages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open the page search' })).toBeVisible();
    await context.close();
  });
});

test.describe('a broken stored session', () => {
  test("a garbage stored session code lands on /login with 'Failed to login with SessionCode.'", async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('session_code', 'garbage-not-a-session-code'));
    await page.goto('/sales-data-analysis');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('snackbar')).toHaveText('Failed to login with SessionCode.');
    expect(await page.evaluate(() => localStorage.getItem('session_code'))).toBeNull();
    await shot(page, 'broken-session');
  });

  test('a well-formed code the server does not know says the same after the check', async ({ page }) => {
    await page.goto('/login');
    const future = Math.floor(Date.now() / 1000) + 3600;
    await page.evaluate((code) => localStorage.setItem('session_code', code), `s1.${'a'.repeat(43)}.${future}.${'b'.repeat(43)}`);
    await page.goto('/sales-data-analysis');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('snackbar')).toHaveText('Failed to login with SessionCode.');
  });

  test('in Italian the message is translated', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('language', 'it');
      localStorage.setItem('session_code', '%%%');
    });
    await page.goto('/login');
    await expect(page.getByTestId('snackbar')).toHaveText("Accesso automatico non riuscito: effettua di nuovo l'accesso.");
  });
});
