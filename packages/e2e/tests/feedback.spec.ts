import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  bodyRows,
  chooseLanguage,
  columnTexts,
  DEMO_TODAY,
  demoMonth,
  pathOf,
  seriousViolations,
  signIn,
  storedSessionCode,
} from './helpers';

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');
mkdirSync(ARTIFACTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `feedback-${name}.png`), fullPage: true });
const LOADED = { timeout: 45_000 };

/** Three months and a bit up to the demo's today: enough feedback for a second page of a detail. */
const FROM = demoMonth(-3).from;
const TO = DEMO_TODAY;
const RANGE = `fromDate=${FROM}&toDate=${TO}`;

interface Stats {
  count: number;
  average: number | null;
  distribution: number[];
  shareOfFives: number | null;
  shareOfLow: number | null;
}
interface StaffRow extends Stats {
  staffId: number | null;
  name: string;
}
interface ServiceRow extends Stats {
  serviceId: number | null;
  name: string;
}
interface Detail {
  name: string;
  total: number;
  summary: Stats;
  rows: { day: string; clientName: string; staffName: string; serviceName: string; score: number; comment: string }[];
}

/** The number an English cell shows ('4.25', '12', '41.7%'). */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function api<T>(page: Page, path: string): Promise<T> {
  const code = await storedSessionCode(page);
  const res = await page.request.get(path.replace('{code}', code ?? ''));
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test.describe('feedback screens', () => {
  test('manager: the three lists, sorting, a staff member and a service with their rows, back, Italian, 390 px and axe', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, 'manager');

    // Staff list: every staff member of the API, the same averages, the totals row is the range's totals.
    const staff = await api<{ rows: StaffRow[]; totals: Stats }>(page, `/api/Feedback/GetFeedbackStaff/${TO}/${FROM}/1/{code}`);
    expect(staff.rows.length).toBeGreaterThan(3);
    await page.goto(`/feedback-staff-data?${RANGE}`);
    const staffTable = page.getByRole('table', { name: 'Feedback per staff member' });
    await expect(bodyRows(staffTable)).toHaveCount(staff.rows.length, LOADED);
    const names = await columnTexts(staffTable, 0);
    const averages = (await columnTexts(staffTable, 2)).map(numberOf);
    for (const row of staff.rows) {
      const shown = row.name || 'No staff member recorded';
      expect(averages[names.indexOf(shown)], shown).toBe(row.average);
      expect(numberOf((await columnTexts(staffTable, 1))[names.indexOf(shown)] ?? ''), shown).toBe(row.count);
    }
    const totals = staffTable.getByTestId('totals-row');
    expect(numberOf((await totals.locator('td').nth(1).textContent()) ?? '')).toBe(staff.totals.count);
    expect(numberOf((await totals.locator('td').nth(2).textContent()) ?? '')).toBe(staff.totals.average);
    await expect(page.getByTestId('kpi-card').filter({ hasText: 'Responses' }).getByTestId('kpi-value')).toHaveText(
      staff.totals.count.toLocaleString('en'),
    );
    await expect(page.getByTestId('kpi-card').filter({ hasText: 'Share of 5s' }).getByTestId('kpi-value')).toHaveText(
      `${staff.totals.shareOfFives}%`,
    );
    // The distribution reads as words too (the bar is decoration).
    const top = staff.rows[0] as StaffRow;
    await expect(bodyRows(staffTable).filter({ hasText: top.name }).getByTestId('distribution')).toContainText(
      `Score 1: ${top.distribution[0]}, score 2: ${top.distribution[1]}, score 3: ${top.distribution[2]}, score 4: ${top.distribution[3]}, score 5: ${top.distribution[4]}`,
    );
    await shot(page, 'staff');
    expect(await seriousViolations(page)).toEqual([]);

    // Sort by average: one click sorts one way (the header says which), the next click the other way.
    const averageHeader = staffTable.getByRole('columnheader', { name: 'Average' });
    const sortedWay = async () => {
      const values = (await columnTexts(staffTable, 2)).map(numberOf);
      const direction = await averageHeader.getAttribute('aria-sort');
      expect(['ascending', 'descending']).toContain(direction);
      expect(values).toEqual([...values].sort((a, b) => (direction === 'ascending' ? a - b : b - a)));
      return direction;
    };
    await staffTable.getByRole('button', { name: 'Average' }).click();
    const firstWay = await sortedWay();
    await staffTable.getByRole('button', { name: 'Average' }).click();
    expect(await sortedWay()).not.toBe(firstWay);
    // Filter by name: the totals row follows the rows left.
    await page.getByLabel('Filter Staff member').fill(top.name);
    await expect(bodyRows(staffTable)).toHaveCount(1);
    expect(numberOf((await totals.locator('td').nth(1).textContent()) ?? '')).toBe(top.count);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // A staff member's rows: their summary is their list row; 25 rows a page, latest first; back to the list.
    const busiest = staff.rows.find((row) => row.staffId !== null) as StaffRow;
    const detail = await api<Detail>(
      page,
      `/api/Feedback/GetFeedbacStaffDetail/${TO}/${FROM}/${busiest.staffId}/1/{code}?limit=25&offset=0`,
    );
    const { staffId: _id, name: _name, ...busiestStats } = busiest;
    expect(detail.summary).toEqual(busiestStats);
    await staffTable.getByRole('link', { name: busiest.name }).click();
    await expect(page).toHaveURL(new RegExp(`/feedback-staff-details-data\\?fromDate=${FROM}&toDate=${TO}&staffId=${busiest.staffId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Feedback on ${busiest.name}`, LOADED);
    const rows = page.getByRole('table', { name: 'The feedback rows, latest first' });
    await expect(rows.locator('tbody tr')).toHaveCount(Math.min(25, busiest.count), LOADED);
    const first = detail.rows[0] as Detail['rows'][number];
    await expect(rows.locator('tbody tr').first()).toContainText(first.serviceName);
    await expect(rows.locator('tbody tr').first()).toContainText(first.comment || 'No comment');
    await expect(page.getByTestId('kpi-card').filter({ hasText: 'Average score' }).getByTestId('kpi-value')).toHaveText(
      (busiest.average as number).toFixed(2),
    );
    if (busiest.count > 25) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(rows.locator('tbody tr')).toHaveCount(Math.min(25, busiest.count - 25), LOADED);
      await expect(page.getByText(`26–${Math.min(50, busiest.count)} of ${busiest.count}`)).toBeVisible();
    }
    await shot(page, 'staff-detail');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('feedback-back').click();
    expect(pathOf(page)).toBe('/feedback-staff-data');
    await expect(page).toHaveURL(new RegExp(`\\?fromDate=${FROM}&toDate=${TO}$`));
    await expect(bodyRows(staffTable)).toHaveCount(staff.rows.length, LOADED);

    // Customers: reached by the tab, same range; a client opens their counts in place.
    const customers = await api<{ rows: (Stats & { name: string })[]; totals: Stats }>(
      page,
      `/api/Feedback/GetFeedbackCustomer/${TO}/${FROM}/1/{code}`,
    );
    await page.getByRole('tab', { name: 'Customers' }).click();
    await expect(page).toHaveURL(new RegExp(`/feedback-customers-data\\?fromDate=${FROM}&toDate=${TO}`));
    const clientTable = page.getByRole('table', { name: 'Feedback per client' });
    await expect(clientTable.getByTestId('row-count').or(page.getByTestId('row-count'))).toContainText(
      `${customers.rows.length} of ${customers.rows.length} rows`,
      LOADED,
    );
    const client = customers.rows[0] as Stats & { name: string };
    await clientTable.getByTestId('client-link').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Feedback of ${client.name}`);
    await expect(dialog.getByTestId('kpi-card').filter({ hasText: 'Responses' }).getByTestId('kpi-value')).toHaveText(String(client.count));
    await shot(page, 'customer-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await shot(page, 'customers');
    expect(await seriousViolations(page)).toEqual([]);

    // Services: a service's rows, and from a row its staff member's page.
    const services = await api<{ rows: ServiceRow[] }>(page, `/api/Feedback/GetFeedbackService/${TO}/${FROM}/1/{code}`);
    await page.getByRole('tab', { name: 'Services' }).click();
    const serviceTable = page.getByRole('table', { name: 'Feedback per service' });
    await expect(bodyRows(serviceTable)).toHaveCount(services.rows.length, LOADED);
    const service = services.rows.find((row) => row.serviceId !== null) as ServiceRow;
    await serviceTable.getByRole('link', { name: service.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/feedback-services-details-data\\?.*serviceId=${service.serviceId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Feedback on ${service.name}`, LOADED);
    await expect(rows.locator('tbody tr')).toHaveCount(Math.min(25, service.count), LOADED);
    await shot(page, 'service-detail');
    expect(await seriousViolations(page)).toEqual([]);
    const staffLink = rows.locator('tbody tr').first().getByRole('link');
    const staffName = (await staffLink.textContent()) ?? '';
    await staffLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Feedback on ${staffName}`, LOADED);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Feedback on ${service.name}`, LOADED);
    await page.getByTestId('feedback-back').click();
    await expect(bodyRows(serviceTable)).toHaveCount(services.rows.length, LOADED);

    // 390 px: nothing wider than the screen; the tables scroll inside their frame.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, content] of [
      [`/feedback-staff-data?${RANGE}`, page.getByRole('table', { name: 'Feedback per staff member' })],
      [`/feedback-customers-data?${RANGE}`, page.getByRole('table', { name: 'Feedback per client' })],
      // On a phone a detail's rows are cards: date, score, client, staff member and the whole comment, no sideways scrolling.
      [
        `/feedback-services-details-data?${RANGE}&serviceId=${service.serviceId}`,
        page.getByRole('list', { name: 'The feedback rows, latest first' }).getByRole('listitem'),
      ],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('kpi-card').first()).toBeVisible(LOADED);
      await expect(content.first()).toBeVisible(LOADED);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    const cards = page.getByRole('list', { name: 'The feedback rows, latest first' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(25, service.count));
    const card = (await cards.first().boundingBox()) as { x: number; width: number };
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await shot(page, 'service-detail-390');
    await page.goto(`/feedback-staff-data?${RANGE}`);
    await expect(bodyRows(staffTable)).toHaveCount(staff.rows.length, LOADED);
    await shot(page, 'staff-390');
    await page.setViewportSize({ width: 1366, height: 800 });

    // Italian: no English left on the lists and the details (the choice is saved to the user: switched back at the end).
    await chooseLanguage(page, 'Italiano');
    try {
      const english =
        /\b(Feedback|Staff|Customers?|Clients?|Services?|Responses|Average|Score|Share|Comment|Back|Total|Rows|rows|page|No comment|Latest)\b/;
      for (const [path, table] of [
        [`/feedback-staff-data?${RANGE}`, 'Valutazioni per collaboratore'],
        [`/feedback-customers-data?${RANGE}`, 'Valutazioni per cliente'],
        [`/feedback-services-data?${RANGE}`, 'Valutazioni per servizio'],
        [`/feedback-staff-details-data?${RANGE}&staffId=${busiest.staffId}`, 'Le valutazioni, dalla più recente'],
        [`/feedback-services-details-data?${RANGE}&serviceId=${service.serviceId}`, 'Le valutazioni, dalla più recente'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('table', { name: table }).locator('tbody tr').first()).toBeVisible(LOADED);
        const text = await page.locator('main').innerText();
        expect(text, path).not.toMatch(english);
        // Averages and shares with the decimal comma: '4,40' and '48,9%', never '4.40' or '48.9%'.
        expect(text, path).not.toMatch(/\d\.\d/);
        expect(text, path).toMatch(/\d,\d\d\b/);
        await shot(page, `it-${path.slice(1, path.indexOf('?'))}`);
      }
    } finally {
      await chooseLanguage(page, 'English');
    }
  });
});
