import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'demo';

/**
 * The day the e2e server's demo chain ends on and every salon counts as today: playwright.config.ts
 * starts the server with DEMO_TODAY set to it (a server given by E2E_BASE_URL must be started so too).
 * Specs derive their dates from it, so they keep passing as the real calendar moves. A Friday, so
 * today and tomorrow are trading days in the demo salons.
 */
export const DEMO_TODAY = '2026-11-20';

/** The day `n` days after a YYYY-MM-DD day (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar month `n` months after DEMO_TODAY's (-1 = the month before): its first and last day and its length. */
export function demoMonth(n: number): { from: string; to: string; days: number } {
  const year = Number(DEMO_TODAY.slice(0, 4));
  const month = Number(DEMO_TODAY.slice(5, 7)) - 1 + n;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10), days: last.getUTCDate() };
}

/** The Staff group, open to every role. */
const STAFF_MENU = ['staff-shifts', 'staff-days-off', 'staff-requests'];
/** Where each demo user lands on / and the menu entries of their level. */
const ADMIN_MENU = [
  'salon-growth',
  'full-capacity',
  'incentive-staff',
  'performance-salon',
  'sales-data',
  'customer-analysis',
  'data-qualities',
  'stock-movements',
  'nps',
  'feedback',
  'report',
  'staff-data-analysis',
  'services-data-analysis',
  'product-data-analysis',
  'salon-incentive',
  ...STAFF_MENU,
  'staff-attendance',
  'news',
  'users',
  'import',
  'api-docs',
];
const USER_MENU = [
  'incentive-staff',
  'sales-data',
  'data-qualities',
  'nps',
  'feedback',
  'staff-data-analysis',
  'services-data-analysis',
  'product-data-analysis',
  ...STAFF_MENU,
  'staff-attendance',
  'news',
];
const SUPERADMIN_MENU = [
  'salon-listing',
  'performance-chain',
  'incentive-chain',
  ...STAFF_MENU,
  'staff-attendance',
  'news',
  'users',
  'import',
  'api-docs',
];

export const DEMO_USERS = [
  { username: 'superadmin', landing: '/salon-listing', menu: SUPERADMIN_MENU },
  { username: 'manager', landing: '/sales-data-analysis', menu: ADMIN_MENU },
  { username: 'reception', landing: '/sales-data-analysis', menu: USER_MENU },
  { username: 'marketing', landing: '/sales-data-analysis', menu: USER_MENU },
  { username: 'stylist', landing: '/', menu: ['sales-data', ...STAFF_MENU, 'staff-attendance', 'news'] },
  { username: 'assistant', landing: '/', menu: ['sales-data', ...STAFF_MENU, 'staff-attendance', 'news'] },
  { username: 'manager2', landing: '/sales-data-analysis', menu: ADMIN_MENU },
  { username: 'noroles', landing: '/', menu: [] },
] as const;

/** Every top-level menu entry id of any level. */
export const ALL_MENU_ENTRIES = [...new Set([...ADMIN_MENU, ...USER_MENU, ...SUPERADMIN_MENU])];

export async function signIn(page: Page, username: string, password = PASSWORD) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel(/username|nome utente/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|accedi/i }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Opens `path` as a guest, signs in on the /login it is sent to, and waits to be back on `path` (query
 * included) in the shell: one app load, and the landing screen's reports are never asked for.
 */
export async function signInAt(page: Page, username: string, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, username);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  await expect(page.getByTestId('shell')).toBeVisible();
}

/** Signs in and waits for the shell (or the no-roles screen). */
export async function signInToShell(page: Page, username: string) {
  await signIn(page, username);
  await expect(page.getByTestId(username === 'noroles' ? 'no-roles-screen' : 'shell')).toBeVisible();
}

/** Switches the interface language from the toolbar (saved to the signed-in user) and waits for it. */
export async function chooseLanguage(page: Page, name: 'Italiano' | 'English') {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByTestId('language-switcher')).toHaveText(name === 'Italiano' ? 'it' : 'en');
}

export async function storedSessionCode(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('session_code'));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * The serious and critical axe violations of the page (WCAG 2.1 A/AA), after any tooltip left by the last
 * click has gone (a fading tooltip is half transparent, so it reads as low contrast).
 */
export async function seriousViolations(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  // A dialog still fading in blends its colours with the page behind it, and axe would measure the blend: wait for
  // every finite animation and transition to end (a spinner's runs forever).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** A report table's body rows, without its totals row. */
export const bodyRows = (table: Locator) => table.locator('tbody tr:not([data-totals])');

/** An element's width in whole CSS pixels (a drawer still sliding in measures 379.9999 for 380). */
export async function widthOf(locator: Locator): Promise<number | undefined> {
  const box = await locator.boundingBox();
  return box ? Math.round(box.width) : undefined;
}

/** The texts of one column (cells and row headers counted alike) of a report table's body rows. */
export async function columnTexts(table: Locator, index: number): Promise<string[]> {
  return bodyRows(table).evaluateAll((rows, i) => rows.map((row) => row.querySelectorAll('td, th')[i]?.textContent ?? ''), index);
}
