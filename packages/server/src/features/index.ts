import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createClock } from '../lib/today.js';
import { clockPlugin } from '../plugins/clock.js';
import { attendanceRoutes } from './attendance/attendance.routes.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { clientNpsRoutes } from './client-nps/client-nps.routes.js';
import { customerAnalysisRoutes } from './customer-analysis/customer-analysis.routes.js';
import { dataQualitiesRoutes } from './data-qualities/data-qualities.routes.js';
import { downloadsRoutes } from './downloads/downloads.routes.js';
import { feedbackRoutes } from './feedback/feedback.routes.js';
import { fullCapacityRoutes } from './full-capacity/full-capacity.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { importRoutes } from './import/import.routes.js';
import { newsRoutes } from './news/news.routes.js';
import { performanceRoutes } from './performance/performance.routes.js';
import { permissionsRoutes } from './permissions/permissions.routes.js';
import { productAnalysisRoutes } from './product-analysis/product-analysis.routes.js';
import { reportDataAnalysisRoutes } from './report-data-analysis/report-data-analysis.routes.js';
import { salonConfigRoutes } from './salon-config/salon-config.routes.js';
import { salonOverviewRoutes } from './salon-overview/salon-overview.routes.js';
import { salonsRoutes } from './salons/salons.routes.js';
import { salonsGrowingRoutes } from './salons-growing/salons-growing.routes.js';
import { serviceAnalysisRoutes } from './service-analysis/service-analysis.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import type { SessionService } from './sessions/sessions.service.js';
import { daysOffRoutes } from './staff/days-off.routes.js';
import { holidaysRoutes } from './staff/holidays.routes.js';
import { plannerRoutes } from './staff/planner.routes.js';
import { requestsRoutes } from './staff/requests.routes.js';
import { shiftsRoutes } from './staff/shifts.routes.js';
import { staffAnalysisRoutes } from './staff-analysis/staff-analysis.routes.js';
import { statsRoutes } from './stats/stats.routes.js';
import { stockMovementsRoutes } from './stock-movements/stock-movements.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** What every feature's routes plugin is given (the same for all). */
export interface FeatureOptions {
  sessions: SessionService;
  config: Config;
}

export type RoutesPlugin = (app: FastifyInstance, options: FeatureOptions) => Promise<void>;

/** One routes module: its file under features/ and the plugin it exports. */
export interface RoutesModule {
  file: string;
  plugin: RoutesPlugin;
}

/**
 * Every routes module the app registers, in one list: each `features/<x>/*.routes.ts` exports one
 * `…Routes` plugin that declares its endpoints with `registerEndpoint`. A new routes file is added
 * here by hand; `app-routes.test.ts` fails when a file on disk is missing from this list.
 */
export const ROUTES_MODULES: readonly RoutesModule[] = [
  { file: 'attendance/attendance.routes.ts', plugin: attendanceRoutes },
  { file: 'campaigns/campaigns.routes.ts', plugin: campaignsRoutes },
  { file: 'client-nps/client-nps.routes.ts', plugin: clientNpsRoutes },
  { file: 'customer-analysis/customer-analysis.routes.ts', plugin: customerAnalysisRoutes },
  { file: 'data-qualities/data-qualities.routes.ts', plugin: dataQualitiesRoutes },
  { file: 'downloads/downloads.routes.ts', plugin: downloadsRoutes },
  { file: 'feedback/feedback.routes.ts', plugin: feedbackRoutes },
  { file: 'full-capacity/full-capacity.routes.ts', plugin: fullCapacityRoutes },
  { file: 'health/health.routes.ts', plugin: healthRoutes },
  { file: 'import/import.routes.ts', plugin: importRoutes },
  { file: 'news/news.routes.ts', plugin: newsRoutes },
  { file: 'performance/performance.routes.ts', plugin: performanceRoutes },
  { file: 'permissions/permissions.routes.ts', plugin: permissionsRoutes },
  { file: 'product-analysis/product-analysis.routes.ts', plugin: productAnalysisRoutes },
  { file: 'report-data-analysis/report-data-analysis.routes.ts', plugin: reportDataAnalysisRoutes },
  { file: 'salon-config/salon-config.routes.ts', plugin: salonConfigRoutes },
  { file: 'salon-overview/salon-overview.routes.ts', plugin: salonOverviewRoutes },
  { file: 'salons-growing/salons-growing.routes.ts', plugin: salonsGrowingRoutes },
  { file: 'salons/salons.routes.ts', plugin: salonsRoutes },
  { file: 'service-analysis/service-analysis.routes.ts', plugin: serviceAnalysisRoutes },
  { file: 'sessions/sessions.routes.ts', plugin: sessionsRoutes },
  { file: 'staff-analysis/staff-analysis.routes.ts', plugin: staffAnalysisRoutes },
  { file: 'staff/days-off.routes.ts', plugin: daysOffRoutes },
  { file: 'staff/holidays.routes.ts', plugin: holidaysRoutes },
  { file: 'staff/planner.routes.ts', plugin: plannerRoutes },
  { file: 'staff/requests.routes.ts', plugin: requestsRoutes },
  { file: 'staff/shifts.routes.ts', plugin: shiftsRoutes },
  { file: 'stats/stats.routes.ts', plugin: statsRoutes },
  { file: 'stock-movements/stock-movements.routes.ts', plugin: stockMovementsRoutes },
  { file: 'users/users.routes.ts', plugin: usersRoutes },
];

/** Registers every module of ROUTES_MODULES, each given the same options. */
export async function featureRoutes(app: FastifyInstance, options: FeatureOptions) {
  await app.register(clockPlugin, { clock: createClock(options.config.demoToday) });
  for (const { plugin } of ROUTES_MODULES) await app.register(plugin, options);
}
