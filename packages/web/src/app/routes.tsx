import { ROLE_GROUPS, type Role } from '@salon/contracts';
import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/** One screen of the app: its path (case-sensitive, SPEC.md §2), who may open it, and its lazily loaded screen. */
export interface AppRoute {
  path: string;
  /** SPEC.md §6: undefined = open to all; [] = only users with no roles; else one role in common. */
  auth?: readonly Role[];
  /** /login and /forgot-password: a signed-in user is sent on. */
  guestOnly?: boolean;
  /** 'bare': no navbar, toolbar, footer or side panels. */
  layout: 'bare' | 'shell';
  load: () => Promise<ScreenModule>;
}

const all = ROLE_GROUPS.all;
/** The honest placeholder for a report whose screen is not built yet. */
const notAvailable = () => import('../features/errors/report-unavailable-screen');

/** Report screens: open to every signed-in role at route level (SPEC.md §2). One line per route. */
const reportRoutes: AppRoute[] = [
  { path: '/show-report', auth: all, layout: 'shell', load: () => import('../features/salon-growth/show-report-screen') },
  { path: '/salon-setting', auth: all, layout: 'shell', load: () => import('../features/salon-growth/salon-setting-screen') },
  { path: '/capacity-showData', auth: all, layout: 'shell', load: notAvailable },
  { path: '/full-capacity-setting', auth: all, layout: 'shell', load: notAvailable },
  { path: '/sales-data-analysis', auth: all, layout: 'shell', load: () => import('../features/sales/sales-overview-screen') },
  { path: '/sales-data-analysis-months', auth: all, layout: 'shell', load: () => import('../features/sales/sales-months-screen') },
  { path: '/sales-data-analysis-year', auth: all, layout: 'shell', load: () => import('../features/sales/sales-year-screen') },
  { path: '/sales-data-analysis-days', auth: all, layout: 'shell', load: () => import('../features/sales/sales-days-screen') },
  { path: '/sales-data-analysis-clients', auth: all, layout: 'shell', load: () => import('../features/sales/sales-clients-screen') },
  { path: '/feedback-staff-data', auth: all, layout: 'shell', load: notAvailable },
  { path: '/feedback-customers-data', auth: all, layout: 'shell', load: notAvailable },
  { path: '/feedback-services-data', auth: all, layout: 'shell', load: notAvailable },
  { path: '/feedback-staff-details-data', auth: all, layout: 'shell', load: notAvailable },
  { path: '/feedback-services-details-data', auth: all, layout: 'shell', load: notAvailable },
  { path: '/staff-data-analysis', auth: all, layout: 'shell', load: notAvailable },
  { path: '/staff-data-analysis-report', auth: all, layout: 'shell', load: notAvailable },
  {
    path: '/product-data-analysis',
    auth: all,
    layout: 'shell',
    load: () => import('../features/item-analysis/products-analysis-screen'),
  },
  {
    path: '/services-data-analysis',
    auth: all,
    layout: 'shell',
    load: () => import('../features/item-analysis/services-analysis-screen'),
  },
  { path: '/Performance', auth: all, layout: 'shell', load: notAvailable },
  { path: '/PerformanceSalon', auth: all, layout: 'shell', load: notAvailable },
  { path: '/Incentive-Campaigs', auth: all, layout: 'shell', load: notAvailable },
  { path: '/Incentive-New-Campaigs', auth: all, layout: 'shell', load: notAvailable },
  { path: '/Incentive-Campaigs-Details', auth: all, layout: 'shell', load: notAvailable },
  { path: '/Incentive', auth: all, layout: 'shell', load: notAvailable },
  { path: '/IncentiveChild', auth: all, layout: 'shell', load: notAvailable },
  { path: '/service-product', auth: all, layout: 'shell', load: () => import('../features/service-product/service-product-screen') },
  { path: '/Salon-Recap', auth: all, layout: 'shell', load: () => import('../features/salon-recap/salon-recap-screen') },
  { path: '/Check-Up', auth: all, layout: 'shell', load: () => import('../features/check-up/check-up-screen') },
  { path: '/days-of-week', auth: all, layout: 'shell', load: () => import('../features/days-of-week/days-of-week-screen') },
  { path: '/customer-analysis-overview', auth: all, layout: 'shell', load: notAvailable },
  { path: '/customer-analysis-status', auth: all, layout: 'shell', load: notAvailable },
  { path: '/customer-analysis-heatmap', auth: all, layout: 'shell', load: notAvailable },
  { path: '/NPS', auth: all, layout: 'shell', load: notAvailable },
  { path: '/data-qualities', auth: all, layout: 'shell', load: notAvailable },
  { path: '/stock-movements', auth: all, layout: 'shell', load: notAvailable },
];

/** Staff screens (DESIGN.md §5): every role reads their own and makes requests; ADMIN and SUPERADMIN manage. */
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
    load: () => import('../features/salon-listing/salon-listing-screen'),
  },
  { path: '/profile', auth: all, layout: 'shell', load: () => import('../features/profile/profile-screen') },
  ...reportRoutes,
  ...staffRoutes,
];

export function findRoute(path: string): AppRoute | undefined {
  return appRoutes.find((route) => route.path === path);
}
