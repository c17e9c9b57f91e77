import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO_TODAY, demoMonth, seriousViolations, signInAt, signInToShell, storedSessionCode } from './helpers';

/** The incentive campaign screens, one path per role (manager, stylist, superadmin). */

const ARTIFACTS = join(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `incentives-${name}.png`), fullPage: true });
const LOADED = { timeout: 45_000 };
const money = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(value);

async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(path.replace('{code}', (await storedSessionCode(page)) ?? ''));
  expect(answer.ok(), path).toBe(true);
  return (await answer.json()) as T;
}

/** English texts of the incentives namespace that Italian must never show (placeholders cut out, long enough to be words). */
function englishOnly(): string[] {
  const read = (language: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../web/src/locales/${language}/campaigns.json`), 'utf8'));
  const leaves = (value: unknown, path = ''): [string, string][] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
      : [[path, String(value)]];
  const italian = new Map(leaves(read('it')));
  return leaves(read('en'))
    .filter(([key, text]) => italian.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
    .map((piece) => piece.trim().replace(/[.:;,()"]+$/, ''))
    .filter((piece) => piece.length >= 8);
}

async function expectNoEnglish(page: Page) {
  const text = await page.locator('main').innerText();
  // Whole words only: the Italian 'per unità' holds the English 'per unit'.
  const literal = (piece: string) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const piece of englishOnly()) {
    expect(text, `English left on an Italian screen: "${piece}"`).not.toMatch(new RegExp(`(?<!\\p{L})${literal(piece)}(?!\\p{L})`, 'u'));
  }
}

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

interface Staff {
  userId: number;
  firstName: string;
  lastName: string;
  units: number;
  revenue: number;
  bonus: number;
  achieved: number | null;
}
interface Stats {
  campaign: { name: string; status: string };
  salon: { salonId: number; revenue: number; target: number; bonusTotal: number };
  staff: Staff[];
}
interface Summary {
  campaignId: number;
  name: string;
  fromDate: string;
  salons: { salonId: number; revenue: number }[];
}

const next = demoMonth(1);
const afterNext = demoMonth(2);
const monthOf = (month: { from: string }) => ({ month: Number(month.from.slice(5, 7)), year: Number(month.from.slice(0, 4)) });

test.describe('incentive campaigns', () => {
  test('a manager creates a campaign with tiers, duplicates it for the next month, opens its details', async ({ page }) => {
    test.setTimeout(300_000);
    const name = `E2E colour push ${Date.now()}`;
    await signInAt(page, 'manager', '/Incentive-Campaigs');
    await expect(page.getByRole('heading', { level: 1, name: 'Incentive campaigns' })).toBeVisible();
    // The demo chain runs a campaign every month: this month's is listed with its progress.
    const now = monthOf(demoMonth(0));
    const listed = await api<{ campaigns: Summary[] }>(page, `/api/Campaign/GetAll/{code}/${now.month}/${now.year}`);
    expect(listed.campaigns.length).toBeGreaterThan(0);
    await expect(page.getByTestId('campaign-card')).toHaveCount(listed.campaigns.length, LOADED);
    const running = listed.campaigns[0]!;
    const runningCard = page.getByTestId('campaign-card').filter({ hasText: running.name });
    await expect(runningCard.getByTestId('salon-revenue')).toHaveText(money(running.salons[0]!.revenue));
    await shot(page, 'list');
    expect(await seriousViolations(page)).toEqual([]);

    // New campaign: nothing is sent while the form is wrong.
    await page.getByTestId('new-campaign').click();
    await expect(page.getByRole('heading', { level: 1, name: 'New incentive campaign' })).toBeVisible();
    await expect(page.getByTestId('staff-row').first()).toBeVisible(LOADED);
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/Campaign\/[^/]+$/.test(new URL(request.url()).pathname)) posts++;
    });
    await page.getByTestId('save-campaign').click();
    await expect(page.getByTestId('form-invalid')).toBeVisible();
    await expect(page.getByText('Required.').first()).toBeVisible();
    expect(posts).toBe(0);

    // The campaign: next month, sliding tiers on Colore, a salon target, the stylist's target, a team leader.
    await page.getByTestId('campaign-name-input').fill(name);
    await page.getByRole('radio', { name: /Sliding tiers/ }).check();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByTestId('salon-target-input').fill('15000');
    await page.getByRole('textbox', { name: 'Target of Giulia Romano (€)' }).fill('3000');
    await page.getByTestId('add-leader').click();
    await page.getByRole('combobox', { name: 'Team leader' }).click();
    await page.getByRole('option', { name: 'Giulia Romano' }).click();
    await page.getByTestId('leader-percent').fill('4');
    await page.getByRole('combobox', { name: 'Add a service or product' }).fill('Colore');
    await page
      .getByRole('option', { name: /^Colore/ })
      .first()
      .click();
    const item = page.getByTestId('item-editor');
    await expect(item).toHaveCount(1);
    await item.getByRole('combobox', { name: 'How it pays' }).click();
    await page.getByRole('option', { name: 'Tiers' }).click();
    await item.getByTestId('tier-from').nth(0).fill('0');
    await item.getByTestId('tier-rate').nth(0).fill('1');
    await item.getByTestId('tier-from').nth(1).fill('10');
    await item.getByTestId('tier-rate').nth(1).fill('2,5');
    // The tiers in words, with worked examples: 10 x 1 + 1 x 2.50 = 12.50 at 11 units.
    await expect(item.getByTestId('tier-explanation')).toContainText('units 1 to 10: €1.00 each');
    await expect(item.getByTestId('tier-examples')).toContainText('11 units pay €12.50');
    await expect(page.getByTestId('form-invalid')).toHaveCount(0);
    await shot(page, 'form');
    expect(await seriousViolations(page)).toEqual([]);
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/Campaign\/[^/]+$/.test(new URL(r.url()).pathname),
    );
    await page.getByTestId('save-campaign').click();
    expect((await created).status()).toBe(200);
    expect(posts).toBe(1);

    // The list of the next month shows it.
    await expect(page).toHaveURL(new RegExp(`/Incentive-Campaigs\\?month=${monthOf(next).month}&year=${monthOf(next).year}`));
    const card = page.getByTestId('campaign-card').filter({ hasText: name });
    await expect(card).toHaveCount(1, LOADED);
    await expect(card.getByTestId('salon-target')).toHaveText(money(15000));

    // Duplicate it for the month after: the copy's period defaults to that month.
    await card.getByTestId('campaign-duplicate').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Duplicate a campaign' })).toBeVisible();
    await expect(page.getByTestId('duplicate-source')).toHaveText(name);
    await expect(page.getByTestId('month-select')).toHaveValue(String(monthOf(afterNext).month));
    await page.getByTestId('campaign-name-input').fill(`${name} (copy)`);
    await page.getByTestId('save-campaign').click();
    await expect(page).toHaveURL(new RegExp(`month=${monthOf(afterNext).month}&year=${monthOf(afterNext).year}`));
    await expect(page.getByTestId('campaign-card').filter({ hasText: `${name} (copy)` })).toHaveCount(1, LOADED);
    // Both are in the list: the original in its month.
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByTestId('campaign-card').filter({ hasText: name })).toHaveCount(1, LOADED);

    // Its details: the tiers explained, the staff with their targets.
    await page.getByTestId('campaign-card').filter({ hasText: name }).getByTestId('campaign-details').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOADED);
    await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'UPCOMING');
    await expect(page.getByRole('table', { name: 'What counts and how it pays' })).toContainText('Sliding tiers (2 tiers)');
    await expect(page.getByRole('table', { name: 'Staff' })).toContainText('Giulia Romano');
    await expect(page.getByRole('table', { name: 'Team leaders' })).toContainText('Giulia Romano');

    // The running campaign's details: the figures are the API's, the chart shows progress per person.
    await page.goto(`/Incentive-Campaigs-Details?campaignId=${running.campaignId}`);
    const stats = await api<Stats>(page, `/api/Campaign/GetStatsCampaign/{code}/1/${running.campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: running.name })).toBeVisible(LOADED);
    const revenueCard = page.getByRole('group', { name: 'Revenue counted' });
    await expect(revenueCard.getByTestId('kpi-value')).toHaveText(money(stats.salon.revenue));
    await expect(page.getByRole('group', { name: 'Bonus so far' }).getByTestId('kpi-value')).toHaveText(money(stats.salon.bonusTotal));
    await expect(page.getByRole('img', { name: 'Share of the target reached per person' })).toBeVisible();
    const best = stats.staff[0]!;
    const staffTable = page.getByRole('table', { name: 'Staff' });
    const bestRow = staffTable.locator('tbody tr').filter({ hasText: `${best.firstName} ${best.lastName}` });
    await expect(bestRow).toContainText(money(best.revenue));
    await expect(bestRow).toContainText(money(best.bonus));
    await revenueCard.getByRole('button', { name: 'Definition of Revenue counted' }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Paid amount');
    await shot(page, 'details');
    expect(await seriousViolations(page)).toEqual([]);

    // A phone, 390 px: the list, the details and the form fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();
    await expectFitsPhone(page);
    await shot(page, 'details-phone');
    await page.goto(`/Incentive-Campaigs?month=${monthOf(next).month}&year=${monthOf(next).year}`);
    await expect(page.getByTestId('campaign-card').first()).toBeVisible(LOADED);
    await expectFitsPhone(page);
    await shot(page, 'list-phone');
    await page.goto('/Incentive-New-Campaigs');
    await expect(page.getByTestId('staff-row').first()).toBeVisible(LOADED);
    await expectFitsPhone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'form-phone');

    // Italian: no English left on the list, the details and the form.
    await page.setViewportSize({ width: 1366, height: 800 });
    await chooseLanguage(page, 'Italiano');
    try {
      await page.goto(`/Incentive-Campaigs-Details?campaignId=${running.campaignId}`);
      await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible(LOADED);
      await expect(page.getByRole('group', { name: 'Fatturato conteggiato' })).toBeVisible();
      await expectNoEnglish(page);
      await shot(page, 'details-italian');
      await page.goto('/Incentive-Campaigs');
      await expect(page.getByRole('heading', { level: 1, name: 'Campagne incentivi' })).toBeVisible(LOADED);
      await expect(page.getByTestId('campaign-card').first()).toBeVisible(LOADED);
      await expectNoEnglish(page);
      await shot(page, 'list-italian');
      await page.goto('/Incentive-New-Campaigs');
      await expect(page.getByTestId('staff-row').first()).toBeVisible(LOADED);
      await expectNoEnglish(page);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await chooseLanguage(page, 'English');
    }
  });

  test("a refused create shows the server's message as is", async ({ page }) => {
    test.setTimeout(180_000);
    await signInToShell(page, 'manager');
    const message = 'Campaign overlaps a closed campaign of salon 1 (test refusal)';
    await page.route(/\/api\/Campaign\/[^/]+$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message }),
          })
        : route.continue(),
    );
    await page.goto('/Incentive-New-Campaigs');
    await expect(page.getByTestId('staff-row').first()).toBeVisible(LOADED);
    await page.getByTestId('campaign-name-input').fill('Refused');
    await page.getByTestId('salon-target-input').fill('100');
    await page.getByTestId('save-campaign').click();
    await expect(page.getByTestId('form-server-error')).toHaveText(message);
  });

  test("a manager closes last month's ended campaign: its figures are frozen", async ({ page }) => {
    test.setTimeout(180_000);
    const last = monthOf(demoMonth(-1));
    await signInAt(page, 'manager', `/Incentive-Campaigs?month=${last.month}&year=${last.year}`);
    const card = page
      .getByTestId('campaign-card')
      .filter({ has: page.locator('[data-status="ENDED"]') })
      .first();
    await expect(card).toBeVisible(LOADED);
    await card.getByTestId('campaign-details').click();
    await expect(page.getByTestId('close-campaign')).toBeVisible(LOADED);
    const revenue = await page.getByRole('group', { name: 'Revenue counted' }).getByTestId('kpi-value').innerText();
    await page.getByTestId('close-campaign').click();
    await expect(page.getByRole('dialog', { name: 'Close the campaign?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-close').click();
    await expect(page.getByTestId('frozen-badge')).toBeVisible(LOADED);
    await expect(page.getByTestId('campaign-status')).toHaveAttribute('data-status', 'CLOSED');
    await expect(page.getByTestId('close-campaign')).toHaveCount(0);
    await expect(page.getByTestId('as-of')).toContainText('Closed on');
    await expect(page.getByRole('group', { name: 'Revenue counted' }).getByTestId('kpi-value')).toHaveText(revenue);
    await shot(page, 'closed');
  });

  test('a stylist sees their campaigns, progress, bonus so far and the tiers ahead', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAt(page, 'stylist', '/IncentiveChild');
    await expect(page.getByRole('heading', { level: 1, name: 'My incentives' })).toBeVisible();
    const year = Number(DEMO_TODAY.slice(0, 4));
    const mine = await api<{ campaigns: { campaign: { name: string }; bonusTotal: number; me: Staff | null }[] }>(
      page,
      `/api/Campaign/GetMine/{code}?year=${year}`,
    );
    expect(mine.campaigns.length).toBeGreaterThan(0);
    const cards = page.getByTestId('my-campaign');
    await expect(cards).toHaveCount(mine.campaigns.length, LOADED);
    const first = mine.campaigns[0]!;
    const firstCard = cards.filter({ hasText: first.campaign.name }).first();
    await expect(firstCard.getByRole('group', { name: 'My bonus so far' }).getByTestId('kpi-value')).toHaveText(money(first.bonusTotal));
    if (first.me)
      await expect(firstCard.getByRole('group', { name: 'My revenue counted' }).getByTestId('kpi-value')).toHaveText(
        money(first.me.revenue),
      );
    // A tiered item says what the next tier takes (the demo's next month pays its shampoo in tiers).
    await expect(page.getByTestId('next-tier').first()).toContainText(
      /more units? to (reach the next tier|start earning)|Top tier reached/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'incentives-mine-top.png') });
    await shot(page, 'mine');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(cards.first()).toBeVisible();
    await expectFitsPhone(page);
    await shot(page, 'mine-phone');
    await chooseLanguage(page, 'Italiano');
    try {
      await page.goto('/IncentiveChild');
      await expect(page.getByRole('heading', { level: 1, name: 'I miei incentivi' })).toBeVisible();
      await expect(cards.first()).toBeVisible(LOADED);
      await expectNoEnglish(page);
      await expectFitsPhone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'mine-phone-italian');
    } finally {
      await chooseLanguage(page, 'English');
    }
  });

  test('the superadmin sees every campaign of the chain and exports incentive.pdf', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAt(page, 'superadmin', '/Incentive');
    await expect(page.getByRole('heading', { level: 1, name: 'Incentive campaigns of the chain' })).toBeVisible();
    const now = monthOf(demoMonth(0));
    const listed = await api<{ campaigns: Summary[] }>(page, `/api/Campaign/GetAll/{code}/${now.month}/${now.year}`);
    const rows = listed.campaigns.reduce((count, campaign) => count + campaign.salons.length, 0);
    const table = page.getByRole('table', { name: 'Campaigns per salon' });
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(rows, 50), LOADED);
    await shot(page, 'chain');
    expect(await seriousViolations(page)).toEqual([]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /PDF/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('incentive.pdf');
    const file = join(tmpdir(), `incentives-e2e-${Date.now()}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(listed.campaigns[0]!.name);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeVisible();
    await expectFitsPhone(page);
    await shot(page, 'chain-phone');
  });
});
