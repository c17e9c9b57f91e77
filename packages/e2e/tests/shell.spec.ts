import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ALL_MENU_ENTRIES, DEMO_USERS, pathOf, signIn, signInToShell, widthOf } from './helpers';

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });

test.describe('navigation menu per level', () => {
  for (const user of DEMO_USERS.filter((u) => u.username !== 'noroles')) {
    test(`${user.username} sees exactly the entries of their level`, async ({ page }) => {
      await signInToShell(page, user.username);
      const navbar = page.getByTestId('navbar');
      if (user.menu.length === 0) {
        await expect(navbar.locator('[data-testid^="nav-"]')).toHaveCount(0);
        return;
      }
      for (const id of ALL_MENU_ENTRIES) {
        await expect(navbar.getByTestId(`nav-${id}`), id).toHaveCount((user.menu as readonly string[]).includes(id) ? 1 : 0);
      }
    });
  }
});

test.describe('shell', () => {
  test('the three layouts, the modes and the folded navbar render', async ({ page }) => {
    await signInToShell(page, 'manager');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout1');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect.poll(() => widthOf(page.getByTestId('navbar'))).toBe(230);
    await shot(page, 'layout1');

    await page.getByTestId('settings-toggle').click();
    await expect(page.getByTestId('settings-panel')).toBeVisible();
    await expect.poll(() => widthOf(page.getByTestId('settings-panel'))).toBe(380);
    await page.getByTestId('navbar-folded-switch').check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-folded', 'true');
    await expect.poll(() => widthOf(page.getByTestId('navbar'))).toBe(64);
    await shot(page, 'layout1-folded');
    // Folded opens on hover after 150 ms.
    await page.getByTestId('navbar-panel').hover();
    await expect(page.getByTestId('navbar-panel')).toHaveAttribute('data-open', 'true');
    await expect.poll(() => widthOf(page.getByTestId('navbar-panel'))).toBe(230);
    await shot(page, 'layout1-folded-hover');
    await page.mouse.move(900, 400);
    await expect(page.getByTestId('navbar-panel')).toHaveAttribute('data-open', 'false');

    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('layout-layout2').check();
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout2');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-mode', 'container');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-variant', 'horizontal');
    await shot(page, 'layout2');

    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('layout-layout3').check();
    await page.getByTestId('mode-boxed').check();
    await page.getByTestId('theme-navbar-pink').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout3');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-mode', 'boxed');
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-variant', 'horizontal-dense');
    await expect(page.getByTestId('navbar').getByTestId('navigation-search')).toBeVisible();
    await shot(page, 'layout3-boxed');

    // A signed-in user's choice is saved to them: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout3');
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('layout-layout1').check();
    await page.getByTestId('mode-fullwidth').check();
    await page.getByTestId('theme-navbar-dark').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout1');
  });

  test('toolbar search suggests up to 10 pages and says No results..', async ({ page }) => {
    await signInToShell(page, 'manager');
    const search = page.getByRole('combobox', { name: 'Search the pages' });
    await search.fill('a');
    // The suggestions only: the landing screen's table filters hold <option>s of their own.
    const listId = await search.getAttribute('aria-controls');
    await expect(page.locator(`[id="${listId}"]`).getByRole('option')).toHaveCount(10);
    await search.fill('zzzz');
    await expect(page.getByText('No results..')).toBeVisible();
    await search.fill('recap');
    await page.getByRole('option', { name: /Salon recap/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/Salon-Recap');
  });

  test('shortcuts are starred, shown and survive a new sign-in', async ({ page }) => {
    await signInToShell(page, 'manager2');
    await page.getByTestId('shortcuts-toggle').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Click to add/remove shortcut');
    await page.getByTestId('shortcuts-toggle').click();
    await expect(page.getByPlaceholder('Search for an app or page')).toBeVisible();
    await page.getByTestId('shortcuts-search').fill('NPS');
    await page.getByTestId('shortcut-option-nps').click();
    await expect(page.getByTestId('shortcut-option-nps')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcut-nps')).toBeVisible();
    await shot(page, 'shortcuts');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await signInToShell(page, 'manager2');
    await expect(page.getByTestId('shortcut-nps')).toBeVisible();
    await page.getByTestId('shortcut-nps').click();
    await expect.poll(() => pathOf(page)).toBe('/NPS');
    // Unstar again, so the run leaves the user as it found them.
    await page.getByTestId('shortcuts-toggle').click();
    await page.getByTestId('shortcut-option-nps').click();
    await expect(page.getByTestId('shortcut-option-nps')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcut-nps')).toHaveCount(0);
  });

  test('language switch lands on /salon-listing, persists over a reload and leaves no English on the Italian screens', async ({ page }) => {
    await signInToShell(page, 'manager');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    // After a language change the user lands on /salon-listing; a manager may not open it and goes on to their landing.
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.reload();
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByTestId('nav-sales-data').isVisible();
    await page.getByTestId('nav-report').click();
    await page.getByTestId('quick-panel-toggle').click();
    await expect(page.getByTestId('quick-panel')).toBeVisible();
    await shot(page, 'italian-shell');
    const text = await page.locator('body').innerText();
    const english = [
      'Sales Data',
      'Customer Analysis',
      'Stock Movements',
      'Data Qualities',
      'Latest news',
      'Today',
      'Logout',
      'Profile',
      'Search',
      'Theme settings',
      'All rights reserved',
      'Administrator',
      'Days of the week',
      'Salon recap',
      'Reports',
    ];
    for (const word of english) expect(text, word).not.toContain(word);
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('quick panel shows today, the clock button, the news and an honest empty shifts list; footer shows the copyright with a year range', async ({
    page,
  }) => {
    await signInToShell(page, 'marketing');
    await expect(page.getByTestId('footer')).toContainText(/© 2024–\d{4} Salon Chain S\.r\.l\. All rights reserved\./);
    await page.getByTestId('quick-panel-toggle').click();
    const panel = page.getByTestId('quick-panel');
    await expect(panel).toBeVisible();
    await expect.poll(() => widthOf(page.locator('.MuiDrawer-paper').filter({ has: panel }))).toBe(280);
    await expect(page.getByTestId('countdown')).toBeVisible();
    await expect(page.getByTestId('quick-panel-news')).toBeVisible();
    await expect(page.getByTestId('quick-panel-clock')).toBeVisible();
    await expect(page.getByTestId('quick-panel-today-shifts')).toBeVisible();
    await expect(page.getByTestId('quick-panel-my-shifts')).toBeVisible();
  });

  test('profile shows the user and changes the password', async ({ page }) => {
    await signInToShell(page, 'marketing');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await expect.poll(() => pathOf(page)).toBe('/profile');
    await expect(page.getByTestId('profile-details')).toContainText('marketing');
    const change = async (from: string, to: string) => {
      await page.getByLabel('Current password').fill(from);
      await page.getByLabel(/^New password/).fill(to);
      await page.getByLabel('Repeat the new password').fill(to);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByTestId('snackbar')).toHaveText('Your password has been changed.');
    };
    await change('demo', 'newpass123');
    await change('newpass123', 'demo');
  });

  test('a 390 px wide viewport gets the mobile menu, closed by a swipe left', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, 'manager');
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-navbar');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('nav-sales-data')).toBeVisible();
    await shot(page, 'mobile-menu');
    // Swipe left across the drawer.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: 400 }] });
    await touch('touchStart', 200);
    for (const x of [180, 150, 110, 70, 30, 10]) await touch('touchMove', x);
    await touch('touchEnd', 10);
    await expect(drawer).toBeHidden();
    await context.close();
  });
});
