import type { CampaignDetail, CampaignStats, CampaignSummary, MyCampaign } from '@salon/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { Caller } from '../../lib/caller.js';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import { CHAIN_TIME_ZONE, type Clock, salonToday } from '../../lib/today.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findCampaignIds,
  findPartsOverlapping,
  findSalonParts,
  getPartStats,
  getSalonRows,
  listCampaignHeaders,
  type SalonCampaignKey,
  toHeader,
} from './campaigns.query.js';

// Reading campaigns: what each caller may see of them, with their progress.

/** The salons a caller may see of any campaign: null = every salon (SUPERADMIN). */
export function visibleSalons(caller: Caller): number[] | null {
  if (caller.isSuperadmin) return null;
  return caller.salonId === null ? [] : [caller.salonId];
}

const chainToday = (clock: Clock) => salonToday(CHAIN_TIME_ZONE, clock);
const strip = <T extends { campaignId: number }>({ campaignId: _c, ...row }: T) => row;

/** Campaign summaries (header + visible salon rows) of the ids given, in their order. */
export async function summariesOf(
  db: DbOrTx,
  clock: Clock,
  ids: number[],
  salonIds: number[] | null,
  parts?: Promise<SalonCampaignKey[]>,
): Promise<CampaignSummary[]> {
  const [headers, keys] = await Promise.all([listCampaignHeaders(db, ids), parts ?? findSalonParts(db, ids, salonIds)]);
  const salons = await getSalonRows(db, keys);
  const today = chainToday(clock);
  return headers.map((h) => {
    const own = salons.filter((s) => s.campaignId === h.campaignId).map(strip);
    return { ...toHeader(h, own, today), salons: own };
  });
}

/**
 * GetAll/{month}/{year}: campaigns overlapping the month, of the caller's salon (SUPERADMIN: all, or salonId's). Their
 * parts are read beside their ids (the same campaigns and salons), so the salon rows wait for one round trip, not two.
 */
export async function campaignsOfMonth(db: DbOrTx, clock: Clock, caller: Caller, month: number, year: number, salonId?: number) {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const to = `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
  const salons = salonId !== undefined ? [salonId] : visibleSalons(caller);
  const parts = findPartsOverlapping(db, salons, from, to);
  const ids = await findCampaignIds(db, salons, from, to).catch(async (err) => {
    await parts.catch(() => {});
    throw err;
  });
  return summariesOf(db, clock, ids, salons, parts);
}

/** GET {id}: the definition and progress of the salons the caller may see; 404 when none. */
export async function campaignDetail(db: DbOrTx, clock: Clock, caller: Caller, campaignId: number): Promise<CampaignDetail> {
  // The statistics read the campaign's parts (of the salons the caller sees) themselves: one round trip beside the header.
  const [[header], stats] = await Promise.all([
    listCampaignHeaders(db, [campaignId]),
    getPartStats(db, { campaignIds: [campaignId], salonIds: visibleSalons(caller) }),
  ]);
  // No salon row: the campaign does not exist or has no part in the caller's salons (every part has its salon row).
  if (!header || stats.salons.length === 0) throw new HttpError(404, `Campaign ${campaignId} not found`, 'id');
  const salons = stats.salons.map(strip);
  return {
    ...toHeader(header, salons, chainToday(clock)),
    salons,
    staff: stats.staff.map(strip),
    teamLeaders: stats.teamLeaders.map(strip),
    items: stats.items.map(strip),
  };
}

/** GetStatsCampaign: one salon's part; 404 when the salon is not in the campaign. */
export async function campaignStats(db: DbOrTx, clock: Clock, key: SalonCampaignKey): Promise<CampaignStats> {
  const [headers, stats, today] = await Promise.all([
    listCampaignHeaders(db, [key.campaignId]),
    getPartStats(db, [key]),
    getTodayOfSalon(db, clock, key.salonId),
  ]);
  const header = headers[0];
  const salon = stats.salons[0];
  if (!header || !salon) throw new HttpError(404, `Salon ${key.salonId} is not in campaign ${key.campaignId}`, 'campaignId');
  const salonRow = strip(salon);
  const frozen = salonRow.closedAt !== null;
  const asOf = frozen || today > header.toDate ? header.toDate : today < header.fromDate ? header.fromDate : today;
  return {
    campaign: toHeader(header, [salonRow], today),
    salon: salonRow,
    staff: stats.staff.map(strip),
    teamLeaders: stats.teamLeaders.map(strip),
    items: stats.items.map(strip),
    frozen,
    asOf,
  };
}

/** GetMine: the caller's campaigns (staff or team leader), newest first, with their own figures only. */
export async function myCampaigns(db: DbOrTx, clock: Clock, caller: Caller, year?: number): Promise<MyCampaign[]> {
  const { rows } = await sql<SalonCampaignKey>`SELECT DISTINCT m.salon_id AS "salonId", m.campaign_id AS "campaignId", c.date_from
    FROM (SELECT salon_id, campaign_id FROM campaign_staff WHERE user_id = ${caller.userId}
          UNION SELECT salon_id, campaign_id FROM campaign_team_leaders WHERE user_id = ${caller.userId}) m
    JOIN campaigns c ON c.id = m.campaign_id
    WHERE ${year ?? null}::integer IS NULL OR (c.date_from <= make_date(${year ?? 2000}::integer, 12, 31) AND c.date_to >= make_date(${year ?? 2000}::integer, 1, 1))
    ORDER BY c.date_from DESC, m.campaign_id DESC`.execute(db);
  const keys = rows.map((r) => ({ salonId: r.salonId, campaignId: r.campaignId }));
  if (keys.length === 0) return [];
  const [headers, { salons, staff, teamLeaders: leaders, items }] = await Promise.all([
    listCampaignHeaders(
      db,
      keys.map((k) => k.campaignId),
    ),
    getPartStats(db, keys, caller.userId),
  ]);
  const today = caller.salonId === null ? chainToday(clock) : await getTodayOfSalon(db, clock, caller.salonId);
  return keys.flatMap((key) => {
    const header = headers.find((h) => h.campaignId === key.campaignId);
    const salon = salons.find((s) => s.campaignId === key.campaignId && s.salonId === key.salonId);
    if (!header || !salon) return [];
    const match = <T extends { campaignId: number; salonId: number }>(r: T) => r.campaignId === key.campaignId && r.salonId === key.salonId;
    const mine = staff.find(match);
    const leader = leaders.find(match);
    const bonusCents = Math.round((mine?.bonus ?? 0) * 100) + Math.round((leader?.bonus ?? 0) * 100);
    return [
      {
        campaign: toHeader(header, [salon], today),
        salonId: key.salonId,
        salonName: salon.salonName,
        me: mine ? strip(mine) : null,
        teamLeader: leader ? strip(leader) : null,
        items: items
          .filter(match)
          .map(({ itemRowId, kind, name, bonusKind, bonusPerUnit, bonusPercent, tiers, units, revenue, bonus }) => ({
            itemRowId,
            kind,
            name,
            bonusKind,
            bonusPerUnit,
            bonusPercent,
            tiers,
            units,
            revenue,
            bonus,
          })),
        bonusTotal: bonusCents / 100,
        frozen: salon.closedAt !== null,
      },
    ];
  });
}
