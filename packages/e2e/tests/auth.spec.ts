import { expect, test } from '@playwright/test';
import { DEMO_USERS, pathOf, signIn, signInToShell, storedSessionCode } from './helpers';

test.describe('sign-in', () => {
  for (const user of DEMO_USERS) {
    test(`${user.username} signs in and lands on ${user.landing}`, async ({ page }) => {
      await signIn(page, user.username);
      await expect.poll(() => pathOf(page)).toBe(user.landing);
      if (user.username === 'noroles') {
        // A user with no roles sees only Logout.
        await expect(page.getByTestId('no-roles-screen')).toBeVisible();
        await expect(page.getByTestId('shell')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      } else if (user.landing === '/') {
        await expect(page.getByTestId('home-screen')).toBeVisible();
      } else {
        await expect(page.getByTestId('shell')).toBeVisible();
      }
      expect(await storedSessionCode(page)).toMatch(/^s1\./);
    });
  }

  test('a wrong password shows the error and stays on /login', async ({ page }) => {
    await signIn(page, 'manager', 'wrong-password').catch(() => undefined);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-error')).toHaveText('Failed to login');
    expect(await storedSessionCode(page)).toBeNull();
  });

  test('forgot password tells the user to ask their salon administrator, as there is no mail server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot your password/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByTestId('forgot-password-notice')).toContainText('there is no mail server');
    await expect(page.getByText(/ask your salon administrator/i)).toBeVisible();
  });

  test('a reload keeps the session (auto sign-in behind the splash screen)', async ({ page }) => {
    await signInToShell(page, 'manager');
    await page.goto('/NPS');
    await expect(page.getByTestId('shell')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('splash-screen')).toBeVisible();
    await expect(page.getByTestId('shell')).toBeVisible();
    await expect(page).toHaveURL(/\/NPS$/);
  });

  test('a forged stored session code ends on /login', async ({ page }) => {
    await page.goto('/login');
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    await page.evaluate((code) => localStorage.setItem('session_code', code), `s1.${'A'.repeat(43)}.${expiry}.${'B'.repeat(43)}`);
    await page.goto('/sales-data-analysis');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('snackbar')).toHaveText('Failed to login with SessionCode.');
    expect(await storedSessionCode(page)).toBeNull();
  });

  test('logout ends the session on the server too', async ({ page, request }) => {
    await signInToShell(page, 'reception');
    const code = await storedSessionCode(page);
    expect(code).toBeTruthy();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSessionCode(page)).toBeNull();
    const check = await request.post(`/api/Sessions/Check/?sessionCode=${encodeURIComponent(code ?? '')}`);
    expect(check.status()).toBe(401);
  });

  test("a 401 on any call logs out with 'Unauthorized Access'", async ({ page, request }) => {
    await signInToShell(page, 'marketing');
    // A screen that calls nothing by itself, so the first call after the revocation is ours.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await expect(page.getByTestId('profile-details')).toBeVisible();
    const code = await storedSessionCode(page);
    // Revoke the session behind the app's back, then make the app call the API.
    expect((await request.post(`/api/Sessions/Logout/?sessionCode=${encodeURIComponent(code ?? '')}`)).ok()).toBe(true);
    await page.getByTestId('shortcuts-toggle').click();
    await page.getByTestId('shortcuts-search').fill('NPS');
    await page.getByTestId('shortcut-option-nps').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('snackbar')).toHaveText('Unauthorized Access');
    expect(await storedSessionCode(page)).toBeNull();
  });

  test('the user with no roles can log out', async ({ page }) => {
    await signInToShell(page, 'noroles');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
