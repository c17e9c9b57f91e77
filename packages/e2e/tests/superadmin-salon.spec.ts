import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { pathOf, signInToShell, storedSessionCode } from './helpers';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });

/** Entries of the salon's reports (admin level) that a superadmin sees only with a salon chosen. */
const SALON_REPORT_ENTRIES = ['sales-data', 'report', 'salon-growth', 'customer-analysis', 'nps'];

test.describe('superadmin: a chosen salon and the way back to the chain', () => {
  test("salon listing -> open reports -> the salon's reports in the menu and the search -> back to the chain", async ({ page }) => {
    await signInToShell(page, 'superadmin');
    await expect.poll(() => pathOf(page)).toBe('/salon-listing');
    const navbar = page.getByTestId('navbar');
    // No salon chosen: the chain menu only.
    for (const id of SALON_REPORT_ENTRIES) await expect(navbar.getByTestId(`nav-${id}`), id).toHaveCount(0);
    await expect(navbar.getByTestId('nav-chain-all-salons')).toHaveCount(0);

    const code = await storedSessionCode(page);
    const salons = (await (await page.request.get(`/api/Salons/${code}`)).json()) as { id: number; name: string }[];
    const salon2 = salons.find((salon) => salon.id === 2);
    expect(salon2).toBeDefined();
    await page.getByRole('button', { name: `Open reports for ${salon2?.name}` }).click();
    await expect(page).toHaveURL(/\/sales-data-analysis\?salonId=2$/);

    // The menu now offers the salon's reports and, first, the way back to the chain.
    for (const id of SALON_REPORT_ENTRIES) await expect(navbar.getByTestId(`nav-${id}`), id).toHaveCount(1);
    await expect(navbar.getByTestId('nav-chain-all-salons')).toHaveText('Chain: all salons');
    await expect(navbar.getByTestId('nav-salon-listing')).toBeVisible();
    await shot(page, 'superadmin-salon-menu');

    // The toolbar search finds the salon's reports and opens one, still on salon 2.
    const search = page.getByRole('combobox', { name: 'Search the pages' });
    await search.fill('recap');
    await page.getByRole('option', { name: /Salon recap/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/Salon-Recap');
    await expect(page.getByTestId('salon-picker')).toHaveValue('2');

    // A menu entry of the salon opens its screen too (Sales Data is open since the sales overview).
    const salesData = navbar.getByTestId('nav-sales-data');
    if ((await salesData.getAttribute('aria-expanded')) !== 'true') await salesData.click();
    await navbar.getByTestId('nav-sales-data-months').click();
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis-months');

    // Back to the chain: the chosen salon is forgotten, the menu is the chain's again.
    await navbar.getByTestId('nav-chain-all-salons').click();
    await expect(page).toHaveURL(/\/salon-listing$/);
    await expect(page.getByRole('table', { name: 'Salons of the chain' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('current_salon_id'))).toBeNull();
    for (const id of SALON_REPORT_ENTRIES) await expect(navbar.getByTestId(`nav-${id}`), id).toHaveCount(0);
    await expect(navbar.getByTestId('nav-chain-all-salons')).toHaveCount(0);
    await search.fill('recap');
    await expect(page.getByText('No results..')).toBeVisible();
  });
});
