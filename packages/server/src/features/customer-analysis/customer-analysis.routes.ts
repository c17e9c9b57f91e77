import {
  getCustomerAnalysis,
  getCustomerAnalysisStatus,
  getCustomerAnalysisStatusById,
  getCustomerAnalysisStatusXls,
  getCustomerMapAnalysisData,
  getCustomerStatusSettings,
  getLostListXls,
  REPORT_ACCESS,
  ROLE_GROUPS,
  saveCustomerStatusSettings,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../lib/caller.js';
import { assertRange } from '../../lib/report-range.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { seesContacts } from './customer-access.js';
import { LOST_LIST_FILE_NAME, STATUS_FILE_NAME, type StatusFileKind, statusWorkbook } from './customer-export.js';
import { getCustomerMap } from './customer-map.query.js';
import { getCustomerOverview } from './customer-overview.query.js';
import { getCustomerSalon, saveStatusThresholds } from './customer-salon.query.js';
import { getCustomerDetail, getCustomerStatusList, type StatusListOptions, type StatusScope } from './customer-status.query.js';

/** Customer analysis is on the 'admin' menu level: ADMIN and SUPERADMIN. */
const ACCESS = REPORT_ACCESS.admin;
/** Who sets the thresholds: the salon's ADMIN or a SUPERADMIN (management writes). */
const MANAGERS = [...ROLE_GROUPS.admin, ...ROLE_GROUPS.superadmin];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function customerAnalysisRoutes(app: FastifyInstance) {
  /** The range checked (400 naming the parameter) and the salon's settings (404 when it does not exist). */
  async function scopeOf(p: { salonId: number; fromDate: string; toDate: string }) {
    assertRange(p.fromDate, p.toDate);
    const salon = await getCustomerSalon(app.db, app.clock, p.salonId);
    const scope: StatusScope = {
      salonId: p.salonId,
      from: p.fromDate,
      to: p.toDate,
      activeDays: salon.activeDays,
      lostDays: salon.lostDays,
    };
    return { salon, scope };
  }

  registerEndpoint(app, getCustomerAnalysis, ACCESS, async ({ params: p }) => {
    const { salon } = await scopeOf(p);
    return getCustomerOverview(app.db, p.salonId, p.fromDate, p.toDate, salon.today);
  });

  registerEndpoint(app, getCustomerAnalysisStatus, ACCESS, async ({ params: p, query: q }, request) => {
    const caller = callerOf(request);
    const { scope } = await scopeOf(p);
    return getCustomerStatusList(app.db, scope, {
      status: q.status,
      search: q.search,
      sort: q.sort,
      limit: q.limit ?? 100,
      offset: q.offset ?? 0,
      withContacts: seesContacts(caller),
    });
  });

  registerEndpoint(app, getCustomerAnalysisStatusById, ACCESS, async ({ params: p }, request) => {
    const caller = callerOf(request);
    const { scope } = await scopeOf(p);
    const detail = await getCustomerDetail(app.db, scope, p.clientId, seesContacts(caller));
    if (!detail) throw new HttpError(404, `Client ${p.clientId} is not a client of salon ${p.salonId}`, 'clientId');
    return detail;
  });

  registerEndpoint(app, getCustomerMapAnalysisData, ACCESS, async ({ params: p }) => {
    const { salon } = await scopeOf(p);
    return getCustomerMap(app.db, p.salonId, p.fromDate, p.toDate, salon.timeZone);
  });

  /** A link to a status list as xlsx, produced when downloaded (all matching rows). */
  function exportLink(
    caller: Caller,
    sessionCode: string,
    scope: StatusScope,
    options: Omit<StatusListOptions, 'limit' | 'offset' | 'withContacts'>,
    salonName: string,
    kind: StatusFileKind,
  ) {
    const withContacts = seesContacts(caller);
    return app.downloads.create(caller, sessionCode, {
      fileName: kind === 'lost' ? LOST_LIST_FILE_NAME : STATUS_FILE_NAME,
      contentType: XLSX,
      produce: async () =>
        statusWorkbook(
          await getCustomerStatusList(app.db, scope, { ...options, limit: null, offset: 0, withContacts }),
          salonName,
          kind,
          await getUserLanguage(app.db, caller.userId),
        ),
    });
  }

  registerEndpoint(app, getCustomerAnalysisStatusXls, ACCESS, async ({ params: p, query: q }, request) => {
    const caller = callerOf(request);
    const { salon, scope } = await scopeOf(p);
    return exportLink(caller, p.SESSIONCODE, scope, { status: q.status, search: q.search, sort: q.sort }, salon.name, 'status');
  });

  registerEndpoint(app, getLostListXls, ACCESS, async ({ params: p }, request) => {
    const caller = callerOf(request);
    const { salon, scope } = await scopeOf(p);
    return exportLink(caller, p.SESSIONCODE, scope, { status: 'LOST', sort: 'TOTAL_SPEND_DESC' }, salon.name, 'lost');
  });

  registerEndpoint(app, getCustomerStatusSettings, ACCESS, async ({ params: p }) => {
    const salon = await getCustomerSalon(app.db, app.clock, p.salonId);
    return { salonId: p.salonId, activeDays: salon.activeDays, lostDays: salon.lostDays };
  });

  registerEndpoint(app, saveCustomerStatusSettings, MANAGERS, async ({ body }) => {
    if (body.lostDays < body.activeDays) {
      throw new HttpError(400, `lostDays (${body.lostDays}) is less than activeDays (${body.activeDays})`, 'lostDays');
    }
    return saveStatusThresholds(app.db, body.salonId, body.activeDays, body.lostDays);
  });
}
