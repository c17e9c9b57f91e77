import { expect, test } from '@playwright/test';
import { pathOf, signIn, signInToShell } from './helpers';

test.describe('routing rules', () => {
  test('a guest on a guarded route goes to /login and returns there after sign-in', async ({ page }) => {
    await page.goto('/NPS');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'reception');
    await expect.poll(() => pathOf(page)).toBe('/NPS');
    await expect(page.getByTestId('shell')).toBeVisible();
  });

  test('a signed-in user without permission is sent to / and on to their landing', async ({ page }) => {
    await signInToShell(page, 'manager');
    await page.goto('/salon-listing');
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis');
  });

  test('the superadmin may open /salon-listing and /Performance, which keeps its capital letter', async ({ page }) => {
    await signInToShell(page, 'superadmin');
    await page.goto('/Performance');
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect.poll(() => pathOf(page)).toBe('/Performance');
    await page.goto('/performance');
    await expect.poll(() => pathOf(page)).toBe('/error404');
  });

  test('an unknown path ends on /error404, for a guest and for a signed-in user', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/error404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await signInToShell(page, 'manager');
    await page.goto('/definitely-not-here');
    await expect(page).toHaveURL(/\/error404$/);
    // Bare layout: no navbar, toolbar or footer.
    await expect(page.getByTestId('toolbar')).toHaveCount(0);
  });

  test('a signed-in user opening /login is sent on', async ({ page }) => {
    await signInToShell(page, 'manager');
    await page.goto('/login');
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis');
  });

  test('a consultant lands on a home page that lists what they can open', async ({ page }) => {
    await signInToShell(page, 'stylist');
    const home = page.getByTestId('home-screen');
    // Sales Data's four pages, then the Staff group's five: shifts, days off, requests, attendance, news.
    await expect(home.getByRole('link')).toHaveCount(9);
    await expect(home.getByRole('link', { name: 'Shifts' })).toHaveAttribute('href', '/staff-shifts');
    await expect(home.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/news');
    await home.getByRole('link').first().click();
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis-days');
  });
});
