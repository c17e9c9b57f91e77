import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE_GROUPS } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_ENTRY,
  filterNavigation,
  flattenNavigation,
  type NavigationItem,
  navIndent,
  navigation,
  navigationFor,
  searchNavigation,
} from './navigation';
import { appRoutes, REPORT_DETAIL_PATHS, reportRoutes } from './routes';

const ids = (items: NavigationItem[]) => flattenNavigation(items).map((item) => item.id);
/** The Staff group, open to every role. */
const STAFF = ['staff-shifts', 'staff-days-off', 'staff-requests'];
const STAFF_PATHS = STAFF.map((id) => `/${id}`);
const topIds = (items: NavigationItem[]) =>
  items.flatMap((item) => (item.type === 'group' ? (item.children ?? []).map((c) => c.id) : [item.id]));

describe('navigation (the menu and its levels)', () => {
  it('gives the admin level the admin and user entries, not the superadmin ones', () => {
    expect(topIds(filterNavigation(navigation, ['ADMIN']))).toEqual([
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
      ...STAFF,
      'staff-attendance',
      'news',
      'users',
      'import',
      'help-divider',
      'api-docs',
    ]);
  });
  it('gives the user level (receptionist, sales and marketing) only the user entries', () => {
    const expected = [
      'incentive-staff',
      'sales-data',
      'data-qualities',
      'nps',
      'feedback',
      'staff-data-analysis',
      'services-data-analysis',
      'product-data-analysis',
      ...STAFF,
      'staff-attendance',
      'news',
    ];
    expect(topIds(filterNavigation(navigation, ['RECEPTIONIST']))).toEqual(expected);
    expect(topIds(filterNavigation(navigation, ['SALESMARKETING']))).toEqual(expected);
  });
  it('gives the superadmin the chain entries', () => {
    expect(topIds(filterNavigation(navigation, ['SUPERADMIN']))).toEqual([
      'salon-listing',
      'performance-chain',
      'incentive-chain',
      ...STAFF,
      'staff-attendance',
      'news',
      'users',
      'import',
      'help-divider',
      'api-docs',
    ]);
  });
  it('gives consultants only the Sales Data children (not its user-level overview)', () => {
    for (const role of ['IMAGE', 'ASSISTANCE'] as const) {
      const menu = filterNavigation(navigation, [role]);
      expect(topIds(menu)).toEqual(['sales-data', ...STAFF, 'staff-attendance', 'news']);
      expect(ids(menu)).toEqual([
        'sales-data-days',
        'sales-data-months',
        'sales-data-year',
        'sales-data-clients',
        ...STAFF,
        'staff-attendance',
        'news',
      ]);
    }
  });
  it('gives users without roles nothing, dropping empty groups and trailing dividers', () => {
    expect(filterNavigation(navigation, [])).toEqual([]);
  });
  it('shows the Sales Data children to everyone who sees the parent', () => {
    expect(ids(filterNavigation(navigation, ['RECEPTIONIST']))).toEqual(
      expect.arrayContaining(['sales-data-days', 'sales-data-months', 'sales-data-year', 'sales-data-clients']),
    );
  });
  it('has unique ids and a route for every internal url', () => {
    const all = ids(navigation);
    expect(new Set(all).size).toBe(all.length);
    for (const item of flattenNavigation(navigation).filter((i) => i.type === 'item')) {
      expect(
        appRoutes.some((route) => route.path === item.url),
        item.url,
      ).toBe(true);
    }
  });
  it('indents 16 px a level, capped at 80', () => {
    expect([0, 1, 2, 5, 6, 9].map(navIndent)).toEqual([0, 16, 32, 80, 80, 80]);
  });
  it('suggests at most 10 entries by title', () => {
    const pages = flattenNavigation(navigation);
    expect(searchNavigation(pages, 'a', (i) => i.title ?? '')).toHaveLength(10);
    const withParent = (i: NavigationItem) =>
      `${pages.find((p) => p.id === i.parentId)?.title ?? navigation[0]?.children?.find((c) => c.id === i.parentId)?.title ?? ''} ${i.title}`;
    expect(searchNavigation(pages, 'sales data', withParent).map((i) => i.id)).toEqual([
      'sales-data-overview',
      'sales-data-days',
      'sales-data-months',
      'sales-data-year',
      'sales-data-clients',
    ]);
    expect(searchNavigation(pages, 'recap', (i) => i.title ?? '').map((i) => i.id)).toEqual(['report-salon-recap']);
    expect(searchNavigation(pages, '   ', (i) => i.title ?? '')).toEqual([]);
  });
});

describe('navigationFor: the menu with the chosen salon', () => {
  const adminMenu = filterNavigation(navigation, ['ADMIN']);
  const adminReports = ids(adminMenu.filter((item) => item.id === 'reports'));

  it('gives a superadmin without a chosen salon the chain menu only', () => {
    expect(navigationFor(['SUPERADMIN'], { salonChosen: false })).toEqual(filterNavigation(navigation, ['SUPERADMIN']));
  });
  it("gives a superadmin with a chosen salon the way back first, then the salon's reports as its admin sees them", () => {
    const menu = navigationFor(['SUPERADMIN'], { salonChosen: true });
    expect(menu.map((item) => item.id)).toEqual(['chain', 'reports', 'staff', 'data', 'help-divider', 'api-docs']);
    expect(menu[0]?.children?.map((item) => item.id)).toEqual([
      'chain-all-salons',
      'salon-listing',
      'performance-chain',
      'incentive-chain',
    ]);
    expect(ids(menu.filter((item) => item.id === 'reports'))).toEqual(adminReports);
    expect(adminReports).toEqual(expect.arrayContaining(['sales-data-months', 'report-salon-recap', 'salon-growth-report']));
    // The search and the shortcuts offer the same pages.
    expect(ids(menu)).toEqual([
      'chain-all-salons',
      'salon-listing',
      'performance-chain',
      'incentive-chain',
      ...adminReports,
      ...STAFF,
      'staff-attendance',
      'news',
      'users',
      'import',
      'api-docs',
    ]);
  });
  it('leads the chain entry to /salon-listing, with the parameter that forgets the salon', () => {
    expect(CHAIN_ENTRY.url).toBe('/salon-listing?chain=all');
    expect(appRoutes.some((route) => route.path === CHAIN_ENTRY.url?.split('?')[0])).toBe(true);
  });
  it('changes nothing for anyone else, chosen salon or not', () => {
    for (const roles of [['ADMIN'], ['RECEPTIONIST'], ['IMAGE'], []] as const) {
      expect(navigationFor(roles, { salonChosen: true })).toEqual(filterNavigation(navigation, roles));
      expect(navigationFor(roles, { salonChosen: false })).toEqual(filterNavigation(navigation, roles));
    }
  });
});

describe('routes (who may open each screen)', () => {
  it('keeps /salon-listing for the superadmin and every report route open to all six roles', () => {
    expect(appRoutes.find((r) => r.path === '/salon-listing')?.auth).toEqual(['SUPERADMIN']);
    const staff = ['/staff-attendance', '/news', '/users', '/import', ...STAFF_PATHS];
    const reports = appRoutes.filter(
      (r) => r.layout === 'shell' && r.path !== '/salon-listing' && r.path !== '/profile' && !staff.includes(r.path),
    );
    expect(reports).toHaveLength(35);
    for (const route of reports) expect(route.auth).toEqual(ROLE_GROUPS.all);
  });
  it('opens the three staff screens to every role (each reads their own; the API checks the rest)', () => {
    const staff = appRoutes.filter((r) => STAFF_PATHS.includes(r.path));
    expect(staff.map((r) => r.path)).toEqual(['/staff-shifts', '/staff-days-off', '/staff-requests']);
    for (const route of staff) expect(route.auth).toEqual(ROLE_GROUPS.all);
  });
  it('opens attendance and news to every role and keeps /users for managers', () => {
    expect(appRoutes.find((r) => r.path === '/staff-attendance')?.auth).toEqual(ROLE_GROUPS.all);
    expect(appRoutes.find((r) => r.path === '/news')?.auth).toEqual(ROLE_GROUPS.all);
    expect(appRoutes.find((r) => r.path === '/users')?.auth).toEqual(['ADMIN', 'SUPERADMIN']);
  });
  it('keeps /import for managers: ADMIN their salon, SUPERADMIN any', () => {
    expect(appRoutes.find((r) => r.path === '/import')?.auth).toEqual(['ADMIN', 'SUPERADMIN']);
    for (const roles of [['RECEPTIONIST'], ['SALESMARKETING'], ['IMAGE'], ['ASSISTANCE'], []] as const)
      expect(ids(filterNavigation(navigation, roles)), roles.join()).not.toContain('import');
  });
});

describe('registration: a report is one route line, one menu entry and its title in both languages', () => {
  const menuItems = flattenNavigation(navigation).filter((item) => item.type === 'item' && item.url?.startsWith('/'));
  const menuPaths = new Set(menuItems.map((item) => item.url?.split('?')[0]));
  const titles = (language: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../locales/${language}/navigation.json`), 'utf8')) as Record<string, string>;

  it('puts every report route in the menu, but the detail pages reached from another report', () => {
    const missing = reportRoutes.filter((route) => !menuPaths.has(route.path) && !REPORT_DETAIL_PATHS.includes(route.path));
    expect(missing.map((route) => route.path)).toEqual([]);
    // A detail page listed here is a real route and not in the menu (else the list is stale).
    for (const path of REPORT_DETAIL_PATHS) {
      expect(
        reportRoutes.some((route) => route.path === path),
        path,
      ).toBe(true);
      expect(menuPaths.has(path), path).toBe(false);
    }
  });

  it.each(['en', 'it'])('gives every menu entry a title in %s, and keeps no title of an entry that is gone', (language) => {
    const keys = titles(language);
    const everyEntry = (items: NavigationItem[]): NavigationItem[] => items.flatMap((item) => [item, ...everyEntry(item.children ?? [])]);
    // The chain entry is added for a superadmin with a chosen salon (navigationFor).
    const entries = everyEntry([...navigation, CHAIN_ENTRY]).filter((item) => item.type !== 'divider');
    expect(entries.filter((item) => !keys[item.id]?.trim()).map((item) => item.id)).toEqual([]);
    const ids = new Set(entries.map((item) => item.id));
    expect(Object.keys(keys).filter((key) => !ids.has(key))).toEqual([]);
  });
});
