import { expect, test } from '@playwright/test';
import { seriousViolations, signInAt, signInToShell } from './helpers';

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/forgot-password and /error404', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByTestId('forgot-password-notice')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/error404');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the static copies of /login and /forgot-password, painted before the app, in both languages', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const language of ['en', 'it']) {
      await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
      for (const path of ['/login', '/forgot-password']) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('[data-prerendered]')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        expect(await seriousViolations(page), `${path} (${language})`).toEqual([]);
      }
    }
  });

  test('the shell (layout1), with the settings panel and the quick panel', async ({ page }) => {
    await signInAt(page, 'manager', '/profile');
    await expect(page.getByTestId('profile-details')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('settings-toggle').click();
    await expect(page.getByTestId('settings-panel')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('quick-panel-toggle').click();
    await expect(page.getByTestId('quick-panel')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the staff screens: attendance (sheet, a person's month, the correction form), news, users (list, create form, roles)", async ({
    page,
  }) => {
    // Seven axe runs over large tables on a shared machine.
    test.setTimeout(180_000);
    await signInAt(page, 'manager', '/staff-attendance');
    await expect(page.getByTestId('month-sheet')).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('month-sheet').getByRole('button').first().click();
    await expect(page.getByTestId('person-month')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('add-record').click();
    await expect(page.getByTestId('correction-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/news');
    await expect(page.getByTestId('news-item').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/users');
    await expect(page.getByRole('table', { name: 'Staff list' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('user-create').click();
    await expect(page.getByTestId('user-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-actions-reception').click();
    await page.getByTestId('user-action-roles').click();
    await expect(page.getByTestId('grant-RECEPTIONIST')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a stylist's attendance with the clock button, and the quick panel with news and the clock", async ({ page }) => {
    await signInAt(page, 'stylist', '/staff-attendance');
    await expect(page.getByTestId('clock-card')).toBeVisible();
    await expect(page.getByTestId('person-month')).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('quick-panel-toggle').click();
    await expect(page.getByTestId('quick-panel-news-item').first()).toBeVisible();
    await expect(page.getByTestId('quick-panel-clock')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shell in layout2, for the superadmin', async ({ page }) => {
    await signInToShell(page, 'superadmin');
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('layout-layout2').check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shell')).toHaveAttribute('data-layout', 'layout2');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('settings-toggle').click();
    await page.getByTestId('layout-layout1').check();
  });

  test('the staff screens (planner, days off, requests) and the shift and approval dialogs', async ({ page }) => {
    // Four pages and two dialogs, each analysed whole: the planner week alone has some hundred cells.
    test.setTimeout(180_000);
    await signInAt(page, 'manager', '/staff-shifts');
    await expect(page.getByTestId('planner-grid')).toBeVisible();
    expect(await seriousViolations(page), '/staff-shifts').toEqual([]);
    await page.locator('[data-testid^="add-shift-"]').first().click();
    await expect(page.getByTestId('shift-dialog')).toBeVisible();
    expect(await seriousViolations(page), 'shift dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/staff-days-off');
    await expect(page.getByTestId('days-off-calendar')).toBeVisible();
    expect(await seriousViolations(page), '/staff-days-off').toEqual([]);
    await page.goto('/staff-requests');
    await expect(page.getByTestId('request-history').locator('li').first()).toBeVisible();
    expect(await seriousViolations(page), '/staff-requests').toEqual([]);
    await page.getByTestId('approve-request').first().click();
    await expect(page.getByTestId('approve-confirm')).toBeEnabled();
    expect(await seriousViolations(page), 'approval dialog').toEqual([]);
  });
});
