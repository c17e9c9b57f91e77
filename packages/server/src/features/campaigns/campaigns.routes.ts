import {
  CAMPAIGN_EXPORT_ACCESS,
  CAMPAIGN_MANAGE_ACCESS,
  CAMPAIGN_MINE_ACCESS,
  closeCampaign,
  createCampaign,
  exportCampaignsPdf,
  getCampaign,
  getCampaignItems,
  getCampaignStaff,
  getCampaignStats,
  getCampaignsByMonth,
  getMyCampaigns,
  getSalonCampaign,
  getServicesProductsCampaign,
  getStaffCampaign,
  getTeamLeaderCampaign,
  insertSalonCampaign,
  insertServicesProductsCampaign,
  insertStaffCampaign,
  insertTeamLeaderCampaign,
} from '@salon/contracts';
import type { FastifyInstance } from 'fastify';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { getUserLanguage } from '../../lib/user-language.query.js';
import { listUserDtos } from '../../lib/users.query.js';
import { assertSalonAccess, callerOf, registerEndpoint } from '../../plugins/auth.js';
import { HttpError } from '../../plugins/errors.js';
import { campaignDetail, campaignStats, campaignsOfMonth, myCampaigns } from './campaign-reads.service.js';
import { getItemRows, getSalonRows, getStaffRows, getTeamLeaderRows, listItemOptions } from './campaigns.query.js';
import { closePart, createCampaign as createCampaignService, insertSalons, replacePartList } from './campaigns.service.js';
import { campaignsPdf } from './campaigns-pdf.js';

const strip = <T extends { campaignId: number }>({ campaignId: _c, ...row }: T) => row;

export async function campaignsRoutes(app: FastifyInstance) {
  const detail = (caller: Parameters<typeof campaignDetail>[2], id: number) => campaignDetail(app.db, app.clock, caller, id);

  registerEndpoint(app, getCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }, request) => detail(callerOf(request), params.id));

  registerEndpoint(app, getCampaignsByMonth, CAMPAIGN_MANAGE_ACCESS, async ({ params, query }, request) => ({
    campaigns: await campaignsOfMonth(app.db, app.clock, callerOf(request), params.month, params.year, query.salonId),
  }));

  registerEndpoint(app, exportCampaignsPdf, CAMPAIGN_EXPORT_ACCESS, async ({ query }, request, reply) => {
    if (query.month !== undefined && query.year === undefined) throw new HttpError(400, 'month needs a year', 'year');
    // In the caller's interface language (users.language), like the growth PDF.
    const language = await getUserLanguage(app.db, callerOf(request).userId);
    const file = await campaignsPdf(app.db, app.clock, query.year ?? null, query.month ?? null, language);
    return reply.type('application/pdf').header('Content-Disposition', 'attachment; filename="incentive.pdf"').send(file);
  });

  registerEndpoint(app, getCampaignStats, CAMPAIGN_MANAGE_ACCESS, async ({ params }) =>
    campaignStats(app.db, app.clock, { salonId: params.salonId, campaignId: params.campaignId }),
  );

  const part = async (salonId: number, campaignId: number) => {
    const [row] = await getSalonRows(app.db, [{ salonId, campaignId }]);
    if (!row) throw new HttpError(404, `Salon ${salonId} is not in campaign ${campaignId}`, 'campaignId');
    return row;
  };

  registerEndpoint(app, getSalonCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }) =>
    strip(await part(params.salonId, params.campaignId)),
  );

  // The list calls only need the part to exist (404 otherwise), not its figures: one key lookup.
  const partExists = async (salonId: number, campaignId: number) => {
    const found = await app.db
      .selectFrom('campaign_salons')
      .select('salon_id')
      .where('salon_id', '=', salonId)
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    if (!found) throw new HttpError(404, `Salon ${salonId} is not in campaign ${campaignId}`, 'campaignId');
  };

  registerEndpoint(app, getStaffCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }) => {
    await partExists(params.salonId, params.campaignId);
    return { staff: (await getStaffRows(app.db, [params])).map(strip) };
  });

  registerEndpoint(app, getTeamLeaderCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }) => {
    await partExists(params.salonId, params.campaignId);
    return { teamLeaders: (await getTeamLeaderRows(app.db, [params])).map(strip) };
  });

  registerEndpoint(app, getServicesProductsCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }) => {
    await partExists(params.salonId, params.campaignId);
    return { items: (await getItemRows(app.db, [params])).map(strip) };
  });

  registerEndpoint(app, createCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ body }, request) => {
    const caller = callerOf(request);
    const id = await createCampaignService(app.db, caller, body);
    return detail(caller, id);
  });

  registerEndpoint(app, insertSalonCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ body }, request) => {
    const caller = callerOf(request);
    await insertSalons(app.db, caller, body.campaignId, body.salons);
    return detail(caller, body.campaignId);
  });

  registerEndpoint(app, insertStaffCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params, body }, request) => {
    if (body.salonId !== params.salonId) throw new HttpError(400, 'salonId of the body must be the salon of the path', 'salonId');
    if (body.campaignId !== params.campaignId)
      throw new HttpError(400, 'campaignId of the body must be the campaign of the path', 'campaignId');
    await replacePartList(app.db, { salonId: params.salonId, campaignId: params.campaignId }, { kind: 'staff', staff: body.staff });
    return detail(callerOf(request), params.campaignId);
  });

  registerEndpoint(app, insertTeamLeaderCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ body }, request) => {
    await replacePartList(
      app.db,
      { salonId: body.salonId, campaignId: body.campaignId },
      { kind: 'teamLeaders', teamLeaders: body.teamLeaders },
    );
    return detail(callerOf(request), body.campaignId);
  });

  registerEndpoint(app, insertServicesProductsCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params, body }, request) => {
    const caller = callerOf(request);
    await replacePartList(
      app.db,
      { salonId: params.salonId, campaignId: params.campaignId },
      { kind: 'items', items: body.items, caller, ...(body.tierMode !== undefined ? { tierMode: body.tierMode } : {}) },
    );
    return detail(caller, params.campaignId);
  });

  registerEndpoint(app, getCampaignStaff, CAMPAIGN_MANAGE_ACCESS, async ({ params }, request) => {
    assertSalonAccess(callerOf(request), params.id);
    const today = await getTodayOfSalon(app.db, app.clock, params.id);
    const users = await listUserDtos(app.db, { salonId: params.id, today });
    const rows = users
      .filter((u) => u.isActive)
      .map((u) => ({ userId: u.userId, firstName: u.firstName, lastName: u.lastName, roles: [...u.role] }))
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.userId - b.userId);
    return { staff: rows };
  });

  registerEndpoint(app, getCampaignItems, CAMPAIGN_MANAGE_ACCESS, async () => {
    const rows = await listItemOptions(app.db);
    return { services: rows.filter((r) => r.kind === 'SERVICE'), products: rows.filter((r) => r.kind === 'PRODUCT') };
  });

  registerEndpoint(app, closeCampaign, CAMPAIGN_MANAGE_ACCESS, async ({ params }, request) => {
    const key = { salonId: params.salonId, campaignId: params.campaignId };
    await closePart(app.db, app.clock, callerOf(request), key);
    return campaignStats(app.db, app.clock, key);
  });

  registerEndpoint(app, getMyCampaigns, CAMPAIGN_MINE_ACCESS, async ({ query }, request) => ({
    campaigns: await myCampaigns(app.db, app.clock, callerOf(request), query.year),
  }));
}
