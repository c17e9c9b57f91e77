import { ROLE_GROUPS, type Role } from '@salon/contracts';
import { hasAccess } from '../lib/access';

type NavigationType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

/**
 * One navigation entry. `id` is stable: it is the translation key in the
 * `navigation` namespace and the id saved in a user's shortcuts.
 */
export interface NavigationItem {
  id: string;
  type: NavigationType;
  /** English title; the shown title comes from `navigation:<id>`. */
  title?: string;
  url?: string;
  /** Icon name, see shell/navigation-icon.tsx. */
  icon?: string;
  auth?: readonly Role[];
  children?: NavigationItem[];
  exact?: boolean;
  /** For links: where to open; external links open a new tab unless told otherwise. */
  target?: '_blank' | '_self';
  badge?: { title: string; bg?: string; fg?: string };
  /** Set by flattenNavigation on the children of a collapse: their titles read with the parent's. */
  parentId?: string;
}

const { user, admin, superadmin, consultant } = ROLE_GROUPS;

/** The menu; each entry is shown only to its level. */
export const navigation: NavigationItem[] = [
  {
    id: 'reports',
    title: 'Reports',
    type: 'group',
    children: [
      {
        id: 'salon-growth',
        title: 'Salon Growth',
        type: 'collapse',
        icon: 'trending',
        auth: admin,
        children: [
          { id: 'salon-growth-settings', title: 'Targets', type: 'item', url: '/salon-setting' },
          { id: 'salon-growth-report', title: 'Growth report', type: 'item', url: '/show-report' },
        ],
      },
      {
        id: 'full-capacity',
        title: 'Full Capacity',
        type: 'collapse',
        icon: 'capacity',
        auth: admin,
        children: [
          { id: 'full-capacity-settings', title: 'Capacity settings', type: 'item', url: '/full-capacity-setting' },
          { id: 'full-capacity-report', title: 'Capacity report', type: 'item', url: '/capacity-showData' },
        ],
      },
      { id: 'incentive-staff', title: 'Incentive', type: 'item', icon: 'incentive', url: '/IncentiveChild', auth: user },
      { id: 'performance-salon', title: 'Performance', type: 'item', icon: 'performance', url: '/PerformanceSalon', auth: admin },
      {
        id: 'sales-data',
        title: 'Sales Data',
        type: 'collapse',
        icon: 'sales',
        // The entry is 'user' level, its children visible to all roles of the salons,
        // so a consultant sees the group with the children only (and has a menu).
        // The superadmin keeps the chain menu and opens a salon's reports from /salon-listing.
        auth: [...user, ...consultant],
        children: [
          { id: 'sales-data-overview', title: 'Overview', type: 'item', url: '/sales-data-analysis', auth: user },
          { id: 'sales-data-days', title: 'By day', type: 'item', url: '/sales-data-analysis-days' },
          { id: 'sales-data-months', title: 'By month', type: 'item', url: '/sales-data-analysis-months' },
          { id: 'sales-data-year', title: 'By year', type: 'item', url: '/sales-data-analysis-year' },
          { id: 'sales-data-clients', title: 'By client', type: 'item', url: '/sales-data-analysis-clients' },
        ],
      },
      {
        id: 'customer-analysis',
        title: 'Customer Analysis',
        type: 'collapse',
        icon: 'customers',
        auth: admin,
        children: [
          { id: 'customer-analysis-overview', title: 'Overview', type: 'item', url: '/customer-analysis-overview' },
          { id: 'customer-analysis-status', title: 'Status', type: 'item', url: '/customer-analysis-status' },
          { id: 'customer-analysis-heatmap', title: 'Heatmap', type: 'item', url: '/customer-analysis-heatmap' },
        ],
      },
      { id: 'data-qualities', title: 'Data Qualities', type: 'item', icon: 'quality', url: '/data-qualities', auth: user },
      { id: 'stock-movements', title: 'Stock Movements', type: 'item', icon: 'stock', url: '/stock-movements', auth: admin },
      { id: 'nps', title: 'NPS', type: 'item', icon: 'nps', url: '/NPS', auth: user },
      {
        id: 'feedback',
        title: 'Feedback',
        type: 'collapse',
        icon: 'feedback',
        auth: user,
        children: [
          { id: 'feedback-staff', title: 'Staff', type: 'item', url: '/feedback-staff-data' },
          { id: 'feedback-customers', title: 'Customers', type: 'item', url: '/feedback-customers-data' },
          { id: 'feedback-services', title: 'Services', type: 'item', url: '/feedback-services-data' },
        ],
      },
      {
        id: 'report',
        title: 'Report',
        type: 'collapse',
        icon: 'report',
        auth: admin,
        children: [
          { id: 'report-service-product', title: 'Services and products', type: 'item', url: '/service-product' },
          { id: 'report-days-of-week', title: 'Days of the week', type: 'item', url: '/days-of-week' },
          { id: 'report-salon-recap', title: 'Salon recap', type: 'item', url: '/Salon-Recap' },
          { id: 'report-check-up', title: 'Check-up', type: 'item', url: '/Check-Up' },
        ],
      },
      { id: 'staff-data-analysis', title: 'Staff Data Analysis', type: 'item', icon: 'staff', url: '/staff-data-analysis', auth: user },
      {
        id: 'services-data-analysis',
        title: 'Services Data Analysis',
        type: 'item',
        icon: 'services',
        url: '/services-data-analysis',
        auth: user,
      },
      {
        id: 'product-data-analysis',
        title: 'Product Data Analysis',
        type: 'item',
        icon: 'products',
        url: '/product-data-analysis',
        auth: user,
      },
      { id: 'salon-incentive', title: 'Salon Incentive', type: 'item', icon: 'campaign', url: '/Incentive-Campaigs', auth: admin },
    ],
  },
  {
    id: 'chain',
    title: 'Chain',
    type: 'group',
    auth: superadmin,
    children: [
      { id: 'salon-listing', title: 'Salon Listing', type: 'item', icon: 'salons', url: '/salon-listing', auth: superadmin },
      { id: 'performance-chain', title: 'Performance', type: 'item', icon: 'performance', url: '/Performance', auth: superadmin },
      { id: 'incentive-chain', title: 'Incentive', type: 'item', icon: 'incentive', url: '/Incentive', auth: superadmin },
    ],
  },
  {
    // Every role reads their own shifts, days off and attendance, makes requests and reads
    // the news; ADMIN and SUPERADMIN manage them and the users.
    id: 'staff',
    title: 'Staff',
    type: 'group',
    auth: ROLE_GROUPS.all,
    children: [
      { id: 'staff-shifts', title: 'Shifts', type: 'item', icon: 'shifts', url: '/staff-shifts' },
      { id: 'staff-days-off', title: 'Days off', type: 'item', icon: 'daysOff', url: '/staff-days-off' },
      { id: 'staff-requests', title: 'Requests', type: 'item', icon: 'requests', url: '/staff-requests' },
      {
        id: 'staff-attendance',
        title: 'Attendance',
        type: 'item',
        icon: 'attendance',
        url: '/staff-attendance',
        auth: [...user, ...consultant, ...superadmin],
      },
      { id: 'news', title: 'News', type: 'item', icon: 'news', url: '/news', auth: [...user, ...consultant, ...superadmin] },
      { id: 'users', title: 'Users', type: 'item', icon: 'users', url: '/users', auth: [...admin, ...superadmin] },
    ],
  },
  {
    // A salon's own data from its point-of-sale system (ADMIN their salon, SUPERADMIN any and the chain).
    id: 'data',
    title: 'Data',
    type: 'group',
    auth: [...admin, ...superadmin],
    children: [{ id: 'import', title: 'Import data', type: 'item', icon: 'import', url: '/import' }],
  },
  { id: 'help-divider', type: 'divider', auth: [...admin, ...superadmin] },
  { id: 'api-docs', title: 'API documentation', type: 'link', icon: 'docs', url: '/api/docs', auth: [...admin, ...superadmin] },
];

/**
 * The search parameter of the chain entry's URL: /salon-listing?chain=all forgets the salon a
 * superadmin chose (the shell does it, see shell/use-navigation.ts) and shows the chain again.
 */
export const LEAVE_SALON_PARAM = 'chain';

/** The superadmin's visible way back from a chosen salon's reports to the chain. */
export const CHAIN_ENTRY: NavigationItem = {
  id: 'chain-all-salons',
  title: 'Chain: all salons',
  type: 'item',
  icon: 'back',
  url: `/salon-listing?${LEAVE_SALON_PARAM}=all`,
  auth: superadmin,
};

/**
 * The menu of a signed-in user. A superadmin without a chosen salon sees the chain entries only;
 * with a salon chosen (on /salon-listing or in a report's salon picker, lib/current-salon.ts) also
 * that salon's reports, as the salon's admin level sees them (REPORT_ACCESS lets a superadmin read
 * every salon's reports), and first in the chain group the entry back to the chain.
 */
export function navigationFor(roles: readonly Role[], options: { salonChosen: boolean }): NavigationItem[] {
  const tree = filterNavigation(navigation, roles);
  if (!roles.includes('SUPERADMIN') || !options.salonChosen) return tree;
  const reports = filterNavigation(
    navigation.filter((item) => item.id === 'reports'),
    [...new Set<Role>([...roles, ...admin])],
  );
  const chain = tree.map((item) => (item.id === 'chain' ? { ...item, children: [CHAIN_ENTRY, ...(item.children ?? [])] } : item));
  return [...chain.filter((item) => item.id === 'chain'), ...reports, ...chain.filter((item) => item.id !== 'chain')];
}

/** The navigation a user may see: items without permission are dropped, and so are groups left empty. */
export function filterNavigation(items: readonly NavigationItem[], roles: readonly Role[]): NavigationItem[] {
  const visible: NavigationItem[] = [];
  for (const item of items) {
    if (!hasAccess(item.auth, roles)) continue;
    if (item.children) {
      const children = filterNavigation(item.children, roles);
      if (children.length === 0 && (item.type === 'group' || item.type === 'collapse')) continue;
      visible.push({ ...item, children });
    } else {
      visible.push(item);
    }
  }
  // A divider with nothing visible after it is noise.
  while (visible.length > 0 && visible[visible.length - 1]?.type === 'divider') visible.pop();
  return visible;
}

/** Every page entry (item or link) of a navigation tree, depth first: the search and shortcut candidates. */
export function flattenNavigation(items: readonly NavigationItem[], parentId?: string): NavigationItem[] {
  return items.flatMap((item) => [
    ...(item.type === 'item' || item.type === 'link' ? [parentId ? { ...item, parentId } : item] : []),
    ...(item.children ? flattenNavigation(item.children, item.type === 'collapse' ? item.id : parentId) : []),
  ]);
}

/** Menu indent grows 16 px per nesting level, capped at 80. */
export function navIndent(level: number): number {
  return Math.min(level * 16, 80);
}

/** Toolbar search suggests at most 10 entries. */
const SEARCH_LIMIT = 10;

export function searchNavigation(
  items: readonly NavigationItem[],
  text: string,
  title: (item: NavigationItem) => string,
): NavigationItem[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return items.filter((item) => title(item).toLowerCase().includes(needle)).slice(0, SEARCH_LIMIT);
}
