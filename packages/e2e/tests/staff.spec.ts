import { expect, type Page, test } from '@playwright/test';
import { addDays, chooseLanguage, DEMO_TODAY, signInAt, signInToShell } from './helpers';

/**
 * The staff side, walked as the salon uses it: the manager plans a fortnightly series
 * and deletes its rest, a clash is refused at the cell, the stylist asks for days off, the
 * manager sees her booked appointments and approves, and the days off show in the planner and
 * in the remaining days; the manager adds a closure, which the calendar and the planner show and
 * a day off over it leaves out; then the stylist's screens in Italian on a phone.
 */

/** A week far after the demo chain's data, so the planned series meets no demo shift. */
const SERIES_MONDAY = '2027-01-04';
/** The days the stylist asks for: the Tuesday and Wednesday after DEMO_TODAY (Friday 20 November), inside the 14 booked days ahead. */
const OFF_FROM = addDays(DEMO_TODAY, 4);
const OFF_TO = addDays(DEMO_TODAY, 5);
const STYLIST = 'Giulia Romano';
/** A closure the manager adds in the series' week: Thursday 7 and Friday 8 January 2027, after Epiphany (Wednesday 6). */
const CLOSURE_FROM = '2027-01-07';
const CLOSURE_TO = '2027-01-08';

/** dd/mm/yyyy, as a date field takes it. */
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Words of the English staff screens that must not be left on the Italian ones (names and notes are the users' own). */
const ENGLISH = [
  'Shifts',
  'Holiday',
  'Requests',
  'Pending',
  'Approved by',
  'Remaining',
  'working day',
  'Days off',
  'Closed',
  'This week',
  'Add a',
];
async function expectNoEnglish(page: Page, screen: string) {
  const text = (await page.locator('main').innerText()).replaceAll('Family wedding', '');
  for (const word of ENGLISH) expect(text, `${screen}: ${word}`).not.toContain(word);
}

async function rowIdOf(page: Page, name: string): Promise<string> {
  const row = page.locator('[data-testid^="planner-row-"]').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return ((await row.getAttribute('data-testid')) ?? '').replace('planner-row-', '');
}

/** The number in 'Remaining: 21.5 days' / 'Residue: 21,5 giorni'. */
async function remainingOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('my-remaining-days').textContent()) ?? '';
  return Number(/(-?\d+(?:[.,]\d+)?)/.exec(text)?.[1]?.replace(',', '.'));
}

// One path in four steps, each leaning on the one before; a step walks several screens.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.describe('staff: shifts, days off and requests', () => {
  let stylistId = '';
  let remainingBefore = 0;
  let requestedDays = 0;

  test('the manager plans a fortnightly series, deletes its rest, and a clash is refused at the cell', async ({ page }) => {
    await signInToShell(page, 'manager');
    await page.getByTestId('nav-staff-shifts').click();
    await expect(page.getByTestId('planner-grid')).toBeVisible();
    // The week of the salon's today (DEMO_TODAY is Friday 20 November 2026).
    await expect(page.getByTestId('week-label')).toHaveText('16 Nov 2026 – 22 Nov 2026');
    await expect(page.locator('[aria-current="date"]').first()).toContainText('20 Nov');

    await page.goto(`/staff-shifts?week=${SERIES_MONDAY}`);
    await expect(page.getByTestId('week-label')).toHaveText('4 Jan 2027 – 10 Jan 2027');
    stylistId = await rowIdOf(page, STYLIST);
    await expect(page.getByTestId(`planner-hours-${stylistId}`)).toHaveText('0');

    // A fortnightly series, Monday 09:00-17:00 from 4 January to 1 February: 4 Jan, 18 Jan, 1 Feb.
    await page.getByTestId(`add-shift-${stylistId}-${SERIES_MONDAY}`).click();
    const dialog = page.getByTestId('shift-dialog');
    await dialog.getByTestId('shift-start').fill('09:00');
    await dialog.getByTestId('shift-end').fill('17:00');
    await dialog.getByTestId('shift-repeat-FORTNIGHTLY').check();
    await dialog.getByTestId('shift-until').fill(typed('2027-02-01'));
    await expect(dialog.getByTestId('shift-series-count')).toHaveText('3 shifts, from 4 Jan 2027 to 1 Feb 2027.');
    await dialog.getByTestId('shift-save').click();
    await expect(dialog).toBeHidden();
    const first = page.getByTestId(`planner-cell-${stylistId}-${SERIES_MONDAY}`).getByRole('button', { name: /09:00–17:00/ });
    await expect(first).toBeVisible();
    await expect(page.getByTestId(`planner-hours-${stylistId}`)).toHaveText('8');

    // Every second week: not on 11 January, again on 18 January.
    await page.getByTestId('week-next').click();
    await expect(page.getByTestId('week-label')).toHaveText('11 Jan 2027 – 17 Jan 2027');
    await expect(page.getByTestId(`planner-cell-${stylistId}-2027-01-11`).getByRole('button', { name: /09:00/ })).toHaveCount(0);
    await page.getByTestId('week-next').click();
    const second = page.getByTestId(`planner-cell-${stylistId}-2027-01-18`).getByRole('button', { name: /09:00–17:00/ });
    await expect(second).toBeVisible();

    // Delete the rest of the series from 18 January: 18 Jan and 1 Feb go, 4 Jan stays.
    await second.click();
    await page.getByTestId('shift-delete-following').click();
    await page.getByTestId('shift-delete-yes').click();
    await expect(page.getByText('2 shifts deleted.')).toBeVisible();
    await expect(second).toHaveCount(0);
    await page.goto('/staff-shifts?week=2027-02-01');
    await expect(page.getByTestId(`planner-cell-${stylistId}-2027-02-01`).getByRole('button', { name: /09:00/ })).toHaveCount(0);
    await page.goto(`/staff-shifts?week=${SERIES_MONDAY}`);
    await expect(first).toBeVisible();

    // 12:00-18:00 the same Monday overlaps 09:00-17:00: refused, and said at that shift's cell.
    await page.getByTestId(`add-shift-${stylistId}-${SERIES_MONDAY}`).click();
    await dialog.getByTestId('shift-start').fill('12:00');
    await dialog.getByTestId('shift-end').fill('18:00');
    await dialog.getByTestId('shift-save').click();
    const clash = page.getByTestId(`planner-cell-${stylistId}-${SERIES_MONDAY}`).getByTestId('clash-message');
    await expect(clash).toContainText('Unable to create user shift');
    await expect(clash).toContainText('It overlaps the shift of 4 Jan 2027, 09:00–17:00.');
    await expect(page.getByTestId(`planner-cell-${stylistId}-${SERIES_MONDAY}`).locator('[data-clash="true"]')).toHaveText(/09:00–17:00/);
    // Nothing was written: still one shift and 8 hours.
    await expect(page.getByTestId(`planner-hours-${stylistId}`)).toHaveText('8');

    // The shift changed in place: 09:00-18:00 is 9 hours.
    await first.click();
    await expect(dialog.getByTestId('shift-start')).toHaveValue('09:00');
    await dialog.getByTestId('shift-end').fill('18:00');
    await dialog.getByTestId('shift-save').click();
    await expect(page.getByText('Shift changed.')).toBeVisible();
    await expect(page.getByTestId(`planner-cell-${stylistId}-${SERIES_MONDAY}`).getByRole('button', { name: /09:00–18:00/ })).toBeVisible();
    await expect(page.getByTestId(`planner-hours-${stylistId}`)).toHaveText('9');
  });

  test('the stylist asks for two days off', async ({ page }) => {
    await signInToShell(page, 'stylist');
    await page.getByTestId('nav-staff-requests').click();
    await expect(page.getByTestId('my-remaining-days')).toBeVisible();
    remainingBefore = await remainingOf(page);
    await page.getByTestId('new-request').click();
    const dialog = page.getByTestId('request-dialog');
    await dialog.getByTestId('day-off-start').fill(typed(OFF_FROM));
    await dialog.getByTestId('day-off-end').fill(typed(OFF_TO));
    await dialog.getByTestId('day-off-note').fill('Family wedding');
    await dialog.getByTestId('request-save').click();
    await expect(dialog).toBeHidden();
    const mine = page.getByTestId('my-requests').locator('li').filter({ hasText: 'Family wedding' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('request-status')).toHaveText('Pending');
    requestedDays = Number(/(\d+(?:\.\d+)?) working day/.exec((await mine.textContent()) ?? '')?.[1]);
    expect(requestedDays).toBeGreaterThan(0);
    expect(requestedDays).toBeLessThanOrEqual(2);
    // Her own planner shows the pending request on those days.
    await page.goto(`/staff-shifts?week=${OFF_FROM}`);
    await expect(page.getByTestId(`planner-cell-${stylistId}-${OFF_FROM}`)).toContainText('Requested: Holiday');
  });

  test('the manager sees her booked appointments, approves, and the days off reach the planner and the remaining days', async ({
    page,
  }) => {
    await signInAt(page, 'manager', '/staff-requests');
    const queued = page.getByTestId('request-queue').locator('li').filter({ hasText: STYLIST }).filter({ hasText: 'Family wedding' });
    await expect(queued).toHaveCount(1);
    await queued.getByTestId('approve-request').click();
    const approve = page.getByTestId('approve-dialog');
    // The demo chain books her appointments for the 14 days ahead: the approver sees them first.
    await expect(approve.getByTestId('booked-appointment').first()).toBeVisible();
    const booked = await approve.getByTestId('booked-appointment').count();
    await expect(approve.getByTestId('booked-warning')).toContainText(`${booked} booked appointment`);
    await expect(approve.getByTestId('remaining-after')).toContainText(String(remainingBefore - requestedDays));
    await page.getByTestId('approve-confirm').click();
    await expect(page.getByText(`Approved. ${booked} booked appointment`)).toBeVisible();
    await expect(queued).toHaveCount(0);
    const decided = page.getByTestId('request-history').locator('li').filter({ hasText: 'Family wedding' });
    await expect(decided.getByTestId('request-status')).toHaveText('Approved');
    await expect(decided.getByTestId('request-decision')).toContainText('Approved by Marco');

    // The planner shows the holiday on both days, and no shift on them.
    await page.goto(`/staff-shifts?week=${OFF_FROM}`);
    for (const day of [OFF_FROM, OFF_TO]) {
      const cell = page.getByTestId(`planner-cell-${stylistId}-${day}`);
      await expect(cell).toContainText('Holiday');
      await expect(cell).not.toContainText('Requested');
      await expect(cell.getByRole('button', { name: /Shift of/ })).toHaveCount(0);
    }

    // Her remaining days dropped by the request's working days.
    await page.goto(`/staff-days-off?month=${OFF_FROM.slice(0, 7)}`);
    await expect(page.getByTestId(`allowance-${stylistId}`).getByTestId('remaining-days')).toHaveText(
      String(remainingBefore - requestedDays),
    );
    await expect(page.getByTestId('days-off-list')).toContainText(STYLIST);

    // A closure shows on the calendar and in the planner beside the national holidays, and a day off over it leaves it out.
    await page.goto(`/staff-days-off?month=${CLOSURE_FROM.slice(0, 7)}`);
    await expect(page.getByTestId('calendar-holiday-2027-01-06')).toHaveText('Epiphany');
    await page.getByTestId('add-closure').click();
    const closure = page.getByTestId('closure-dialog');
    await closure.getByTestId('closure-start').fill(typed(CLOSURE_FROM));
    await closure.getByTestId('closure-end').fill(typed(CLOSURE_TO));
    await closure.getByTestId('closure-label').fill('Inventory');
    await closure.getByTestId('closure-save').click();
    await expect(closure).toBeHidden();
    await expect(page.getByTestId('closure-list')).toContainText('7 Jan 2027 – 8 Jan 2027');
    await expect(page.getByTestId(`calendar-holiday-${CLOSURE_FROM}`)).toHaveText('Inventory');
    await expect(page.getByTestId(`calendar-holiday-${CLOSURE_TO}`)).toHaveAttribute('aria-label', 'Closed: Inventory');
    await page.getByTestId('add-day-off').click();
    const dayOff = page.getByTestId('day-off-dialog');
    await dayOff.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: STYLIST }).click();
    await dayOff.getByTestId('day-off-start').fill(typed(SERIES_MONDAY));
    await dayOff.getByTestId('day-off-end').fill(typed('2027-01-09'));
    await dayOff.getByTestId('day-off-save').click();
    await expect(dayOff).toBeHidden();
    // Mon 4 (the salon closes on Monday), Wed 6 (Epiphany), Thu 7 and Fri 8 (the closure) are left out: Tue 5 and Sat 9.
    await expect(page.getByTestId('days-off-list').locator('li').filter({ hasText: STYLIST })).toContainText('2 working days');
    await page.goto(`/staff-shifts?week=${SERIES_MONDAY}`);
    await expect(page.getByTestId(`planner-holiday-${CLOSURE_FROM}`)).toHaveText('Inventory');
    await expect(page.getByTestId('planner-holiday-2027-01-06')).toHaveText('Epiphany');
  });

  test('in Italian on a 390 px phone the stylist reads her week as a day list and her approved request', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToShell(page, 'stylist');
    await chooseLanguage(page, 'Italiano');
    await page.goto(`/staff-shifts?week=${OFF_FROM}`);
    await expect(page.getByRole('heading', { name: 'Turni', level: 1 })).toBeVisible();
    await expect(page.getByTestId('planner-day-list')).toBeVisible();
    await expect(page.getByTestId('planner-grid')).toHaveCount(0);
    await expect(page.getByTestId(`planner-day-${OFF_FROM}`)).toContainText('Ferie');
    await expect(page.getByTestId(`planner-day-${OFF_FROM}`)).toContainText('martedì');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectNoEnglish(page, '/staff-shifts');

    await page.goto('/staff-requests');
    await expect(page.getByRole('heading', { name: 'Richieste', level: 1 })).toBeVisible();
    const approved = page.getByTestId('my-requests').locator('li').filter({ hasText: 'Family wedding' });
    await expect(approved.getByTestId('request-status')).toHaveText('Approvata');
    await expect(approved.getByTestId('request-decision')).toContainText('Approvata da Marco');
    expect(await remainingOf(page)).toBe(remainingBefore - requestedDays);
    expect(await fits()).toBe(true);
    await expectNoEnglish(page, '/staff-requests');

    await page.goto(`/staff-days-off?month=${OFF_FROM.slice(0, 7)}`);
    await expect(page.getByRole('heading', { name: 'Assenze', level: 1 })).toBeVisible();
    await expect(page.getByTestId('days-off-list')).toContainText('Ferie');
    expect(await fits()).toBe(true);
    await expectNoEnglish(page, '/staff-days-off');
    await chooseLanguage(page, 'English');
  });
});
