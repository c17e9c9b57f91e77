import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { chooseLanguage, signIn, signInToShell, storedSessionCode } from './helpers';

/**
 * The staff side end to end: a stylist clocks in and out; the manager sees the day on the sheet,
 * corrects a forgotten clock-out with a reason and exports CSV and XLS (both read back with the
 * sheet's totals); the manager posts news the stylist sees in the quick panel; the manager creates
 * a user, grants RECEPTIONIST, resets the password and the new user signs in; a manager cannot
 * grant SUPERADMIN; Italian and 390 px work. One sign-in per role, the path walked in order.
 */

const run = promisify(execFile);
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `artifacts/staff-${name}.png`, fullPage });
const STAMP = Date.now().toString(36);

/** Words of the staff screens' English texts that must not show on the Italian ones. */
const ENGLISH_LEFTOVERS =
  /\b(Clock|Attendance|Export|Hours|Shift|Total|Corrected|Forgotten|Unread|Never|Active|Former staff|New user|Edit|Delete|Publish|Write news|Whole chain|Days off|Last sign-in)\b/;

let stylist: Page;
let manager: Page;
const contexts: BrowserContext[] = [];
/** What the stylist's clock-in answered: their id and the day it counts on. */
let clocked: { userId: number; day: string };

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await signInToShell(page, username);
  return page;
}

/** CSV text into rows (the exports quote only fields holding the separator, a quote or a line break). */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** A person's day rows and totals row of an export, by last and first name: hours worked summed and as totalled. */
function hoursOf(rows: string[][], lastName: string, firstName: string, totalWord: string, decimal: '.' | ',') {
  const number = (text: string | undefined) => Number((text ?? '').replace(decimal === ',' ? ',' : /(?!)/, '.'));
  const mine = rows.filter((row) => row[0] === lastName && row[1] === firstName);
  const days = mine.filter((row) => row[2] !== totalWord);
  const total = mine.find((row) => row[2] === totalWord);
  return {
    days: days.length,
    summed: Math.round(days.reduce((sum, row) => sum + number(row[5]), 0) * 100) / 100,
    total: number(total?.[5]),
  };
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('staff side: attendance, news, users', () => {
  test.beforeAll(async ({ browser }) => {
    stylist = await signedIn(browser, 'stylist');
    manager = await signedIn(browser, 'manager');
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test('a stylist clocks in and out, on the screen and from the quick panel', async () => {
    await stylist.goto('/staff-attendance');
    const card = stylist.getByTestId('clock-card');
    await expect(card.getByTestId('clock-status')).toBeVisible();
    // The demo chain may have left the stylist clocked in today: clock out first.
    if (await card.getByTestId('clock-out').isVisible()) {
      await card.getByTestId('clock-out').click();
      await expect(card.getByTestId('clock-in')).toBeVisible();
    }
    const answer = stylist.waitForResponse((response) => response.url().includes('/api/Attendances/ClockIn/'));
    await card.getByTestId('clock-in').click();
    const record = await (await answer).json();
    expect((await answer).status()).toBe(200);
    clocked = { userId: record.userId, day: record.day };
    await expect(card.getByTestId('clock-status')).toHaveText(/^Clocked in since \d\d:\d\d$/);
    await expect(stylist.getByTestId('snackbar')).toContainText('Clocked in at');
    await shot(stylist, 'attendance-stylist-in');

    // The quick panel says the same and clocks out.
    await stylist.getByTestId('quick-panel-toggle').click();
    const panel = stylist.getByTestId('quick-panel-clock');
    await expect(panel.getByTestId('clock-status')).toHaveText(/^Clocked in since/);
    await panel.getByTestId('clock-out').click();
    await expect(panel.getByTestId('clock-status')).toHaveText('Not clocked in');
    await stylist.keyboard.press('Escape');
    await expect(card.getByTestId('clock-status')).toHaveText('Not clocked in');
    // Clocking out again is refused by the API (409) with its clear message.
    const again = await stylist.request.post(`/api/Attendances/ClockOut/${await storedSessionCode(stylist)}`);
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toMatch(/not clocked in/i);
    // Their own month lists the day.
    await expect(stylist.getByTestId(`person-day-${clocked.day}`)).toBeVisible();
    await expect(stylist.getByTestId('month-sheet')).toHaveCount(0);
    await shot(stylist, 'attendance-stylist-month');
  });

  test('the manager sees the day on the sheet and corrects a forgotten clock-out with a reason', async () => {
    const month = clocked.day.slice(0, 7);
    await manager.goto(`/staff-attendance?month=${month}`);
    const sheet = manager.getByTestId('month-sheet');
    await expect(sheet).toBeVisible({ timeout: 30_000 });
    const row = sheet.getByTestId(`sheet-row-${clocked.userId}`);
    await expect(row.getByTestId(`sheet-cell-${clocked.day}`)).not.toHaveText('');
    await shot(manager, 'attendance-sheet');

    // A forgotten clock-out of the demo chain, this month or the one before.
    let flagged = sheet.locator('td[data-flags~="forgottenClockOut"]').first();
    if ((await flagged.count()) === 0) {
      await manager.getByTestId('month-previous').click();
      flagged = manager.getByTestId('month-sheet').locator('td[data-flags~="forgottenClockOut"]').first();
    }
    await expect(flagged).toBeVisible();
    const day = ((await flagged.getAttribute('data-testid')) ?? '').replace('sheet-cell-', '');
    await flagged
      .locator('xpath=ancestor::tr')
      .getByRole('button', { name: /^Open the month of / })
      .click();
    const person = manager.getByTestId('person-month');
    const dayRow = person.getByTestId(`person-day-${day}`);
    await expect(dayRow.getByTestId('flag-forgottenClockOut')).toBeVisible();
    await dayRow
      .getByRole('button', { name: /^Correct the record of/ })
      .first()
      .click();
    const form = manager.getByTestId('correction-form');
    // The app's date field (dd/mm/yyyy, not the browser's own date-time input) and a typed 24-hour time.
    const clockInDay = await form.getByTestId('correction-clock-in-day').inputValue();
    expect(clockInDay).toBe(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
    await expect(form.getByTestId('correction-clock-out-day')).toHaveValue(clockInDay);
    await form.getByTestId('correction-clock-out-time').fill('19:00');
    // No reason, no correction.
    await form.getByTestId('correction-save').click();
    await expect(form.getByText('Write the reason for the correction.')).toBeVisible();
    const reason = `Forgot to clock out, left at 19:00 (${STAMP})`;
    await form.getByTestId('correction-reason').fill(reason);
    await form.getByTestId('correction-save').click();
    await expect(form).toHaveCount(0);
    await expect(dayRow.getByTestId('flag-forgottenClockOut')).toHaveCount(0);
    await expect(dayRow).toContainText('19:00');
    await expect(dayRow).toContainText('Corrected');
    const history = person.getByTestId('correction-entry').filter({ hasText: reason });
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Record changed');
    await expect(history).toContainText(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} 19:00`);
    await shot(manager, 'attendance-person-corrected');

    // A record entered by mistake: added on a free day, then removed with a reason (asked twice); the history keeps both.
    const freeDay = person.locator('[data-testid^="add-2"]').first();
    const free = ((await freeDay.getAttribute('data-testid')) ?? '').replace('add-', '');
    await freeDay.click();
    await expect(form.getByTestId('correction-clock-in-day')).toHaveValue(`${free.slice(8, 10)}/${free.slice(5, 7)}/${free.slice(0, 4)}`);
    await form.getByTestId('correction-clock-in-time').fill('10:00');
    await form.getByTestId('correction-clock-out-time').fill('11:00');
    const addReason = `Entered on the wrong person (${STAMP})`;
    await form.getByTestId('correction-reason').fill(addReason);
    await form.getByTestId('correction-save').click();
    await expect(form).toHaveCount(0);
    const freeRow = person.getByTestId(`person-day-${free}`);
    await freeRow.getByRole('button', { name: /^Correct the record of/ }).click();
    const removeReason = `Removed: entered by mistake (${STAMP})`;
    await form.getByTestId('correction-reason').fill(removeReason);
    await form.getByTestId('correction-remove').click();
    await expect(form.getByTestId('correction-remove-confirm')).toBeVisible();
    await form.getByTestId('correction-remove').click();
    await expect(form).toHaveCount(0);
    await expect(freeRow.getByTestId(`add-${free}`)).toBeVisible();
    await expect(person.getByTestId('correction-entry').filter({ hasText: removeReason })).toContainText('Record removed');
  });

  test('the manager exports the month as CSV and XLS, both with the sheet totals', async () => {
    const month = clocked.day.slice(0, 7);
    await manager.goto(`/staff-attendance?month=${month}`);
    const sheet = manager.getByTestId('month-sheet');
    await expect(sheet).toBeVisible({ timeout: 30_000 });
    const row = sheet.getByTestId(`sheet-row-${clocked.userId}`);
    // The sheet shows h:mm (1,204:30): its minutes, to compare with the exports' decimal hours.
    const [shownHours = '', shownMinutes = ''] = (await row.getByTestId('sheet-total-hours').innerText()).replace(/,/g, '').split(':');
    const shownTotalMinutes = Number(shownHours) * 60 + Number(shownMinutes);
    const name = await row.getByRole('button', { name: /^Open the month of / }).innerText();
    const user = await (await manager.request.get(`/api/Users/${await storedSessionCode(manager)}/${clocked.userId}`)).json();
    expect(`${user.firstName} ${user.lastName}`).toBe(name);
    const from = `${month}-01`;
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const stem = `Presence-${from.replaceAll('-', '')}-${last.replaceAll('-', '')}`;

    const csvDownload = manager.waitForEvent('download');
    await manager.getByTestId('export-csv').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`${stem}.csv`);
    const bytes = await readFile(await csv.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvRows = parseCsv(bytes.subarray(3).toString('utf8'), ',');
    // Headed by the title, the salon's name (not its id) and the month as dates in words, then the table.
    expect(csvRows[0]).toEqual(['Attendance sheet']);
    expect(csvRows[1]?.[0]).toBe('Salon');
    expect(csvRows[1]?.[1]).not.toMatch(/^\d+$/);
    expect(csvRows[2]?.[0]).toBe('Period');
    expect(csvRows[2]?.[1]).toMatch(/^1 [A-Z][a-z]{2} \d{4} – \d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(csvRows[4]?.slice(0, 6)).toEqual(['Last name', 'First name', 'Date', 'Clock in', 'Clock out', 'Hours worked']);
    const fromCsv = hoursOf(csvRows, user.lastName, user.firstName, 'Total', '.');
    expect(fromCsv.days).toBeGreaterThan(0);
    // The total rounds the raw seconds once: within half a hundredth per day of the rounded days added up.
    expect(Math.abs(fromCsv.total - fromCsv.summed)).toBeLessThanOrEqual(fromCsv.days * 0.005 + 1e-9);
    expect(Math.round(fromCsv.total * 60)).toBe(shownTotalMinutes);

    const xlsDownload = manager.waitForEvent('download');
    await manager.getByTestId('export-xls').click();
    const xls = await xlsDownload;
    expect(xls.suggestedFilename()).toBe(`${stem}.xls`);
    const dir = await mkdtemp(join(tmpdir(), 'presence-'));
    const file = join(dir, `${stem}.xls`);
    await xls.saveAs(file);
    const head = await readFile(file);
    // A genuine Excel 97-2003 workbook: an OLE2 compound file, not a renamed xlsx (zip).
    expect([...head.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    await run('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'csv', '--outdir', dir, file], {
      timeout: 120_000,
    });
    const fromXls = hoursOf(parseCsv(await readFile(join(dir, `${stem}.csv`), 'utf8'), ','), user.lastName, user.firstName, 'Total', '.');
    expect(fromXls.days).toBe(fromCsv.days);
    expect(fromXls.total).toBeCloseTo(fromCsv.total, 2);
    expect(fromXls.summed).toBeCloseTo(fromCsv.summed, 2);
  });

  test('the manager posts news that the stylist sees in the quick panel, unread', async () => {
    const title = `Team meeting ${STAMP}`;
    await manager.goto('/news');
    const form = manager.getByTestId('news-compose');
    await form.getByTestId('news-title').fill(title);
    await form.getByTestId('news-body').fill('Monday 9:00 in the back room. Agenda: https://example.com/agenda <b>not bold</b>');
    await form.getByTestId('news-compose-submit').click();
    await expect(manager.getByTestId('snackbar')).toHaveText('The news is published.');
    const posted = manager.getByTestId('news-item').first();
    await expect(posted.getByRole('heading')).toHaveText(title);
    await expect(posted.getByRole('link', { name: 'https://example.com/agenda' })).toHaveAttribute('href', 'https://example.com/agenda');
    await expect(posted).toContainText('<b>not bold</b>');
    await shot(manager, 'news-manager', false);

    await stylist.reload();
    await stylist.getByTestId('quick-panel-toggle').click();
    const news = stylist.getByTestId('quick-panel-news');
    await expect(news.getByTestId('quick-panel-news-item').first()).toContainText(title);
    await expect(news.getByTestId('quick-panel-news-item')).toHaveCount(3);
    await expect(news.getByTestId('quick-panel-news-unread')).toHaveText(/^Unread: [1-9]\d*$/);
    await shot(stylist, 'quick-panel');
    // Opening /news reads them: the count goes.
    await news.getByRole('link', { name: title }).click();
    await expect(stylist.getByTestId('news-screen')).toBeVisible();
    await expect(stylist.getByTestId('news-compose')).toHaveCount(0);
    await stylist.getByTestId('quick-panel-toggle').click();
    await expect(stylist.getByTestId('quick-panel-news-item').first()).toContainText(title);
    await expect(stylist.getByTestId('quick-panel-news-unread')).toHaveCount(0);
    await stylist.keyboard.press('Escape');
  });

  test('the manager creates a user, grants RECEPTIONIST, resets the password, and the new user signs in; SUPERADMIN stays out of reach', async ({
    browser,
  }) => {
    const username = `e2e.reception.${STAMP}`;
    await manager.goto('/users');
    await expect(manager.getByRole('table', { name: 'Staff list' })).toBeVisible();
    await shot(manager, 'users-list');
    await manager.getByTestId('user-create').click();
    const form = manager.getByTestId('user-form');
    await form.getByTestId('user-field-firstName').fill('Elena');
    await form.getByTestId('user-field-lastName').fill(`Nuova ${STAMP}`);
    await form.getByTestId('user-field-username').fill(username);
    await form.getByTestId('user-field-password').fill('first1234');
    await form.getByTestId('user-field-title').fill('Receptionist');
    await form.getByTestId('user-field-employmentStart').fill('01/11/2026');
    await form.getByTestId('user-field-annualDaysOff').fill('26');
    await expect(form.getByTestId('user-role-SUPERADMIN')).toHaveCount(0);
    await shot(manager, 'users-create');
    await form.getByTestId('user-form-save').click();
    await expect(form).toHaveCount(0);
    const table = manager.getByRole('table', { name: 'Staff list' });
    const row = table.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('Never');
    await expect(row).toContainText('Active');

    // Roles: grant RECEPTIONIST; SUPERADMIN is disabled with the reason, and the API refuses it too.
    await manager.getByTestId(`user-actions-${username}`).click();
    await manager.getByTestId('user-action-roles').click();
    const roles = manager.getByTestId('roles-dialog');
    await expect(roles.getByTestId('grant-SUPERADMIN')).toBeDisabled();
    await expect(roles.getByTestId('limit-SUPERADMIN')).toHaveText('Only a superadmin may grant SUPERADMIN.');
    // The switch follows the API: it turns on once the grant is stored.
    await roles.getByTestId('grant-RECEPTIONIST').click();
    await expect(roles.getByTestId('grant-RECEPTIONIST')).toBeChecked();
    await expect(roles.getByTestId('grant-RECEPTIONIST')).toBeEnabled();
    await shot(manager, 'users-roles');
    await manager.getByTestId('roles-close').click();
    await expect(row).toContainText('Receptionist');
    const users = await (await manager.request.get(`/api/Users/${await storedSessionCode(manager)}`)).json();
    const created = users.find((u: { username: string }) => u.username === username);
    expect(created.role).toEqual(['RECEPTIONIST']);
    expect(created.annualDaysOff).toBe(26);
    const refused = await manager.request.post(`/api/UserPermissions/${await storedSessionCode(manager)}`, {
      data: { userId: created.userId, permissionId: 1 },
    });
    expect(refused.status()).toBe(403);

    // Reset the password, then the new user signs in with it.
    await manager.getByTestId(`user-actions-${username}`).click();
    await manager.getByTestId('user-action-password').click();
    await manager.getByTestId('reset-password-field').fill('second5678');
    await manager.getByTestId('reset-password-save').click();
    await expect(manager.getByTestId('snackbar')).toContainText('was reset');
    const context = await browser.newContext();
    contexts.push(context);
    const newcomer = await context.newPage();
    await signIn(newcomer, username, 'second5678');
    await expect(newcomer.getByTestId('shell')).toBeVisible();
    await expect(newcomer.getByTestId('nav-news')).toBeVisible();
    await expect(newcomer.getByTestId('nav-users')).toHaveCount(0);
    // The old password no longer works.
    expect((await newcomer.request.post(`/api/Sessions/Login?username=${username}&password=first1234`)).status()).toBe(401);
  });

  test('Italian at 390 px: the three screens fit, in Italian', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(context);
    const page = await context.newPage();
    await signInToShell(page, 'manager');
    await chooseLanguage(page, 'Italiano');
    try {
      const screens = [
        { path: '/staff-attendance', heading: 'Presenze', ready: 'month-sheet', texts: ['Timbratura', 'Esporta CSV', 'Assenza approvata'] },
        { path: '/news', heading: 'Notizie', ready: 'news-item', texts: ['Scrivi una notizia', 'Pubblica'] },
        { path: '/users', heading: 'Utenti', ready: 'user-create', texts: ['Nuovo utente', 'In servizio', 'Qualifica'] },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
        await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 30_000 });
        for (const text of screen.texts) await expect(page.getByText(text, { exact: false }).first()).toBeAttached();
        // None of the screens' own English words left (the news texts are what people wrote, so only the screen's words).
        expect(await page.locator('main').innerText(), screen.path).not.toMatch(ENGLISH_LEFTOVERS);
        // The page itself never scrolls sideways: wide tables scroll inside their card.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, `it-390${screen.path.replace('/', '-')}`);
      }
      await page.getByTestId('user-create').click();
      await expect(page.getByRole('dialog')).toContainText('Giorni di ferie all');
      await shot(page, 'it-390-users-create');
      await page.keyboard.press('Escape');
      await page.goto('/staff-attendance');
      await page.getByTestId('month-sheet').getByRole('button').first().click();
      await expect(page.getByTestId('person-month')).toBeVisible();
      await expect(page.getByText('Correzioni')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'it-390-attendance-person');
      // The same screens in Italian on a desktop.
      await page.setViewportSize({ width: 1366, height: 800 });
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready).first()).toBeVisible({ timeout: 30_000 });
        await shot(page, `it-desktop${screen.path.replace('/', '-')}`, false);
      }
    } finally {
      await chooseLanguage(page, 'English').catch(() => undefined);
    }
  });
});
