import { ROLE_GROUPS, type Role } from '@salon/contracts';
import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/** One screen of the app: its path (case-sensitive), who may open it, and its lazily loaded screen. */
export interface AppRoute {
  path: string;
  /** `undefined` = open to all; [] = only users with no roles; else one role in common. */
  auth?: readonly Role[];
  /** /login and /forgot-password: a signed-in user is sent on. */
  guestOnly?: boolean;
  /** 'bare': no navbar, toolbar, footer or side panels. */
  layout: 'bare' | 'shell';
  load: () => Promise<ScreenModule>;
}

const all = ROLE_GROUPS.all;
/**
 * Report screens by path, one line per report: each becomes a route open to every signed-in role
 * (the API enforces the report's level) in the shell layout.
 */
const REPORT_SCREENS: Record<string, () => Promise<ScreenModule>> = {
  '/show-report': () => import('../features/salons-growing/show-report-screen'),
  '/salon-setting': () => import('../features/salons-growing/salon-setting-screen'),
  '/capacity-showData': () => import('../features/full-capacity/capacity-show-data-screen'),
  '/full-capacity-setting': () => import('../features/full-capacity/full-capacity-setting-screen'),
  '/sales-data-analysis': () => import('../features/sales/sales-overview-screen'),
  '/sales-data-analysis-months': () => import('../features/sales/sales-months-screen'),
  '/sales-data-analysis-year': () => import('../features/sales/sales-year-screen'),
  '/sales-data-analysis-days': () => import('../features/sales/sales-days-screen'),
  '/sales-data-analysis-clients': () => import('../features/sales/sales-clients-screen'),
  '/feedback-staff-data': () => import('../features/feedback/feedback-staff-screen'),
  '/feedback-customers-data': () => import('../features/feedback/feedback-customers-screen'),
  '/feedback-services-data': () => import('../features/feedback/feedback-services-screen'),
  '/feedback-staff-details-data': () => import('../features/feedback/feedback-staff-detail-screen'),
  '/feedback-services-details-data': () => import('../features/feedback/feedback-service-detail-screen'),
  '/staff-data-analysis': () => import('../features/staff-analysis/staff-analysis-screen'),
  '/staff-data-analysis-report': () => import('../features/staff-analysis/staff-report-screen'),
  '/product-data-analysis': () => import('../features/item-analysis/products-analysis-screen'),
  '/services-data-analysis': () => import('../features/item-analysis/services-analysis-screen'),
  '/Performance': () => import('../features/performance/performance-screen'),
  '/PerformanceSalon': () => import('../features/performance/performance-salon-screen'),
  '/Incentive-Campaigs': () => import('../features/campaigns/campaigns-screen'),
  '/Incentive-New-Campaigs': () => import('../features/campaigns/new-campaign-screen'),
  '/Incentive-Campaigs-Details': () => import('../features/campaigns/campaign-details-screen'),
  '/Incentive': () => import('../features/campaigns/chain-campaigns-screen'),
  '/IncentiveChild': () => import('../features/campaigns/my-campaigns-screen'),
  '/service-product': () => import('../features/service-product/service-product-screen'),
  '/Salon-Recap': () => import('../features/salon-recap/salon-recap-screen'),
  '/Check-Up': () => import('../features/check-up/check-up-screen'),
  '/days-of-week': () => import('../features/days-of-week/days-of-week-screen'),
  '/customer-analysis-overview': () => import('../features/customer-analysis/customer-overview-screen'),
  '/customer-analysis-status': () => import('../features/customer-analysis/customer-status-screen'),
  '/customer-analysis-heatmap': () => import('../features/customer-analysis/customer-heatmap-screen'),
  '/NPS': () => import('../features/client-nps/nps-screen'),
  '/data-qualities': () => import('../features/data-qualities/data-qualities-screen'),
  '/stock-movements': () => import('../features/stock-movements/stock-movements-screen'),
};

/** Report pages reached from another report (a row's details, a new campaign), not from the menu. */
export const REPORT_DETAIL_PATHS: readonly string[] = [
  '/feedback-staff-details-data',
  '/feedback-services-details-data',
  '/staff-data-analysis-report',
  '/Incentive-New-Campaigs',
  '/Incentive-Campaigs-Details',
];

export const reportRoutes: AppRoute[] = Object.entries(REPORT_SCREENS).map(([path, load]) => ({ path, auth: all, layout: 'shell', load }));

/** Staff screens: every role reads their own and makes requests; ADMIN and SUPERADMIN manage. */
const staffRoutes: AppRoute[] = [
  { path: '/staff-shifts', auth: all, layout: 'shell', load: () => import('../features/staff-shifts/staff-shifts-screen') },
  { path: '/staff-days-off', auth: all, layout: 'shell', load: () => import('../features/staff-days-off/staff-days-off-screen') },
  { path: '/staff-requests', auth: all, layout: 'shell', load: () => import('../features/staff-requests/staff-requests-screen') },
];

/** Every route of the app but the root (landing per role) and the catch-all (→ /error404). */
export const appRoutes: AppRoute[] = [
  { path: '/login', auth: [], guestOnly: true, layout: 'bare', load: () => import('../features/auth/login-screen') },
  { path: '/forgot-password', auth: [], guestOnly: true, layout: 'bare', load: () => import('../features/auth/forgot-password-screen') },
  { path: '/error404', layout: 'bare', load: () => import('../features/errors/error-404-screen') },
  {
    path: '/salon-listing',
    auth: ROLE_GROUPS.superadmin,
    layout: 'shell',
    load: () => import('../features/salon-overview/salon-listing-screen'),
  },
  { path: '/profile', auth: all, layout: 'shell', load: () => import('../features/profile/profile-screen') },
  {
    path: '/staff-attendance',
    auth: all,
    layout: 'shell',
    load: () => import('../features/staff-attendance/staff-attendance-screen'),
  },
  { path: '/news', auth: all, layout: 'shell', load: () => import('../features/news/news-screen') },
  {
    path: '/users',
    auth: [...ROLE_GROUPS.admin, ...ROLE_GROUPS.superadmin],
    layout: 'shell',
    load: () => import('../features/users/users-screen'),
  },
  {
    path: '/import',
    auth: [...ROLE_GROUPS.admin, ...ROLE_GROUPS.superadmin],
    layout: 'shell',
    load: () => import('../features/import/import-screen'),
  },
  ...reportRoutes,
  ...staffRoutes,
];

export function findRoute(path: string): AppRoute | undefined {
  return appRoutes.find((route) => route.path === path);
}
