import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'demo';

/** Where each demo user lands on / (SPEC.md §2) and the menu entries of their level (SPEC.md §2 menu table). */
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
];
const SUPERADMIN_MENU = ['salon-listing', 'performance-chain', 'incentive-chain', 'api-docs'];

export const DEMO_USERS = [
  { username: 'superadmin', landing: '/salon-listing', menu: SUPERADMIN_MENU },
  { username: 'manager', landing: '/sales-data-analysis', menu: ADMIN_MENU },
  { username: 'reception', landing: '/sales-data-analysis', menu: USER_MENU },
  { username: 'marketing', landing: '/sales-data-analysis', menu: USER_MENU },
  { username: 'stylist', landing: '/', menu: ['sales-data'] },
  { username: 'assistant', landing: '/', menu: ['sales-data'] },
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

/** Signs in and waits for the shell (or the no-roles screen). */
export async function signInToShell(page: Page, username: string) {
  await signIn(page, username);
  await expect(page.getByTestId(username === 'noroles' ? 'no-roles-screen' : 'shell')).toBeVisible();
}

export async function storedSessionCode(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('session_code'));
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
