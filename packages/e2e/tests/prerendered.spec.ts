import { expect, type Page, test } from '@playwright/test';
import { pathOf, signIn, storedSessionCode } from './helpers';

// /login and /forgot-password are served with a static copy of the page (the web package's
// scripts/prerender.mjs): painted from the HTML, then replaced by the app, which keeps what the
// user did in the meantime.

/** Holds every JavaScript file until the returned function is called: the page stays its static copy. */
async function holdJavaScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The pixels of two same-sized screenshots whose colours differ by more than anti-aliasing does (compared in the page's canvas). */
function changedPixels(page: Page, first: Buffer, second: Buffer): Promise<number> {
  return page.evaluate(
    async ([a, b]) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [x, y] = await Promise.all([pixels(a), pixels(b)]);
      if (x.length !== y.length) return Number.POSITIVE_INFINITY;
      let changed = 0;
      for (let i = 0; i < x.length; i += 4) {
        const difference = Math.abs(x[i]! - y[i]!) + Math.abs(x[i + 1]! - y[i + 1]!) + Math.abs(x[i + 2]! - y[i + 2]!);
        if (difference > 24) changed++;
      }
      return changed;
    },
    [first.toString('base64'), second.toString('base64')] as const,
  );
}

const blockJavaScript = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());

test.describe('guest pages painted from the HTML', () => {
  test('the sign-in card is there before any JavaScript, in English by default', async ({ page }) => {
    await blockJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const copy = page.locator('[data-prerendered]');
    await expect(copy.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(copy.getByLabel(/^username/i)).toBeEditable();
    await expect(copy.getByLabel(/^password/i)).toHaveAttribute('type', 'password');
    await expect(copy.getByRole('link', { name: /forgot your password/i })).toHaveAttribute('href', '/forgot-password');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a device that chose Italian gets the Italian copy, with no English on it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'it'));
    await blockJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const text = await page.locator('#root').innerText();
    expect(text).toContain('Accedi');
    expect(text).not.toMatch(/\b(Sign in|Username|Forgot)\b/);
    await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('forgot-password-notice')).toBeVisible();
    expect(await page.locator('#root').innerText()).not.toMatch(/\b(mail server|administrator|Back to sign in)\b/i);
  });

  test('a stored session shows the boot logo instead, as the app signs in behind the splash screen', async ({ page }) => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    await page.addInitScript((code) => localStorage.setItem('session_code', code), `s1.abc.${future}.sig`);
    await blockJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root .boot svg')).toBeVisible();
    await expect(page.locator('#root form')).toHaveCount(0);
  });

  test('the app replaces the copy without a visible change, and drops its styles', async ({ page }) => {
    const release = await holdJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-prerendered]')).toBeVisible();
    const before = await page.screenshot({ animations: 'disabled' });
    release();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('#prerendered-css')).toHaveCount(0);
    // The app focuses the username, floating its label; without the focus it is the copy, pixel for pixel.
    await expect(page.getByLabel(/^username/i)).toBeFocused();
    await page.getByLabel(/^username/i).blur();
    await expect(page.locator('label[data-shrink="false"]')).toHaveCount(2);
    const after = await page.screenshot({ animations: 'disabled' });
    // Pixel for pixel, but for the anti-aliasing the end of the focus transition leaves (a few pixels, a few levels).
    const changed = await changedPixels(page, before, after);
    if (changed > 0) {
      await test.info().attach('static copy', { body: before, contentType: 'image/png' });
      await test.info().attach('app', { body: after, contentType: 'image/png' });
    }
    expect(changed, 'pixels that differ by more than anti-aliasing between the copy and the app').toBe(0);
  });

  test('what is typed before the app starts is kept, with the focus', async ({ page }) => {
    const release = await holdJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/^username/i).fill('manager');
    await page.getByLabel(/^password/i).fill('half-typed');
    // The labels step aside for what is typed (the app floats them).
    await expect(page.locator('[data-prerendered] label').first()).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('typed-before-the-app.png') });
    release();
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByLabel(/^username/i)).toHaveValue('manager');
    await expect(page.getByLabel(/^password/i)).toHaveValue('half-typed');
    await expect(page.getByLabel(/^password/i)).toBeFocused();
  });

  test('a click on the language button before the app starts opens the menu once it is there', async ({ page }) => {
    const release = await holdJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.locator('[data-prerendered]').getByTestId('language-switcher').click();
    release();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('a submit made before the app starts signs in once the app is there', async ({ page }) => {
    const release = await holdJavaScript(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/^username/i).fill('manager');
    await page.getByLabel(/^password/i).fill('demo');
    await page.getByLabel(/^password/i).press('Enter');
    // The static form does not navigate (no password in a URL): it waits for the app.
    await expect(page.locator('[data-prerendered] form')).toHaveAttribute('data-submitted', '');
    expect(pathOf(page)).toBe('/login');
    release();
    await expect.poll(() => pathOf(page)).toBe('/sales-data-analysis');
    expect(await storedSessionCode(page)).toMatch(/^s1\./);
  });
});

test.describe('Content-Security-Policy', () => {
  test('signing in on the static copy, a report and the API docs break no rule of the CSP', async ({ page }) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${pathOf(page)}: ${message.text()}`);
    });
    // Every violation, reported or not on the console, is an event: logged, so caught above.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    const login = await page.goto('/login');
    // The boot script is inline: allowed by its hash, not by 'unsafe-inline'.
    expect(login?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^;]*;/);
    expect(login?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    await signIn(page, 'manager');
    await expect(page.getByTestId('shell')).toBeVisible();
    await page.goto('/sales-data-analysis-months');
    // A chart and a table with rows, in whichever language the user chose.
    await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('chart').first()).toBeVisible();
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
