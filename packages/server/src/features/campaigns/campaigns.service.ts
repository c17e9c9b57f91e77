import type { CampaignCreateBody, CampaignItemInput, CampaignSalonPartInput, TierMode } from '@salon/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.js';
import type { Caller } from '../../lib/caller.js';
import { monthNamesOf } from '../../lib/months.js';
import { getTodayOfSalon } from '../../lib/salon-today.js';
import type { Clock } from '../../lib/today.js';
import { HttpError } from '../../plugins/errors.js';
import { visibleSalons } from './campaign-reads.service.js';
import { findSalonParts, freezeSalonParts, getItemRows, listCampaignHeaders, type SalonCampaignKey } from './campaigns.query.js';

// Writing campaigns: creating or duplicating one, changing its salons and lists, closing a salon's part.

const cents = (euros: number) => Math.round(euros * 100);

function isCalendarDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

interface Period {
  month: number | null;
  year: number | null;
  fromDate: string;
  toDate: string;
}

/** The period of a create or duplicate body: month + year, or fromDate + toDate (400 naming the field otherwise). */
function periodOf(body: CampaignCreateBody): Period {
  const hasMonth = body.month !== undefined || body.year !== undefined;
  const hasRange = body.fromDate !== undefined || body.toDate !== undefined;
  if (hasMonth && hasRange)
    throw new HttpError(400, 'Give the period either as month and year or as fromDate and toDate, not both', 'month');
  if (hasMonth) {
    if (body.month === undefined) throw new HttpError(400, 'The month of the period is missing', 'month');
    if (body.year === undefined) throw new HttpError(400, 'The year of the period is missing', 'year');
    const mm = String(body.month).padStart(2, '0');
    const last = new Date(Date.UTC(body.year, body.month, 0)).getUTCDate();
    return {
      month: body.month,
      year: body.year,
      fromDate: `${body.year}-${mm}-01`,
      toDate: `${body.year}-${mm}-${String(last).padStart(2, '0')}`,
    };
  }
  if (!hasRange) throw new HttpError(400, 'The campaign needs a period: a month and year, or fromDate and toDate', 'fromDate');
  if (body.fromDate === undefined || !isCalendarDay(body.fromDate))
    throw new HttpError(400, 'fromDate must be a calendar date (YYYY-MM-DD)', 'fromDate');
  if (body.toDate === undefined || !isCalendarDay(body.toDate))
    throw new HttpError(400, 'toDate must be a calendar date (YYYY-MM-DD)', 'toDate');
  if (body.toDate < body.fromDate) throw new HttpError(400, 'toDate must not be before fromDate', 'toDate');
  const days = (Date.parse(body.toDate) - Date.parse(body.fromDate)) / 86_400_000;
  if (days > 366) throw new HttpError(400, 'A campaign lasts at most 366 days: toDate is too far after fromDate', 'toDate');
  const [y, m] = body.fromDate.split('-').map(Number) as [number, number];
  const wholeMonth = body.fromDate.endsWith('-01') && body.toDate === lastDayOf(y, m);
  return { month: wholeMonth ? m : null, year: wholeMonth ? y : null, fromDate: body.fromDate, toDate: body.toDate };
}

function lastDayOf(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

function periodLabel(p: Period): string {
  return p.month !== null && p.year !== null ? `${monthNamesOf('en')[p.month - 1]} ${p.year}` : `${p.fromDate} – ${p.toDate}`;
}

/**
 * A duplicate's default name: the source's with its "<Month> <year>" (English or Italian) replaced
 * by the new period's in the same language, or the new period appended in brackets.
 */
function duplicateName(source: { name: string; month: number | null; year: number | null }, period: Period): string {
  if (source.month !== null && source.year !== null) {
    for (const months of [monthNamesOf('en'), monthNamesOf('it')]) {
      const old = `${months[source.month - 1]} ${source.year}`;
      if (source.name.includes(old)) {
        const next =
          period.month !== null && period.year !== null
            ? `${months[period.month - 1]} ${period.year}`
            : `${period.fromDate} – ${period.toDate}`;
        return source.name.replace(old, next).slice(0, 120);
      }
    }
  }
  return `${source.name} (${periodLabel(period)})`.slice(0, 120);
}

/** Checks an item list (400 naming `items` with the item at fault). */
async function validateItems(db: DbOrTx, items: readonly CampaignItemInput[], salonId: number): Promise<void> {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const at = `items[${index}]`;
    const key = `${item.kind}:${item.itemId}`;
    if (seen.has(key))
      throw new HttpError(
        400,
        `${item.kind === 'SERVICE' ? 'Service' : 'Product'} ${item.itemId} is listed twice for salon ${salonId}`,
        at,
      );
    seen.add(key);
    if (item.bonusKind === 'PER_UNIT' && !(item.bonusPerUnit !== undefined && item.bonusPerUnit > 0)) {
      throw new HttpError(400, 'A per-unit bonus needs bonusPerUnit greater than 0', `${at}.bonusPerUnit`);
    }
    if (item.bonusKind === 'PERCENT' && !(item.bonusPercent !== undefined && item.bonusPercent > 0)) {
      throw new HttpError(400, 'A per cent bonus needs bonusPercent greater than 0', `${at}.bonusPercent`);
    }
    if (item.bonusKind === 'TIERS') {
      const tiers = item.tiers ?? [];
      if (tiers.length === 0) throw new HttpError(400, 'A tiered bonus needs at least one tier', `${at}.tiers`);
      if (new Set(tiers.map((t) => t.fromUnits)).size !== tiers.length) {
        throw new HttpError(400, 'Two tiers start at the same number of units', `${at}.tiers`);
      }
    }
  }
  const serviceIds = items.filter((i) => i.kind === 'SERVICE').map((i) => i.itemId);
  const productIds = items.filter((i) => i.kind === 'PRODUCT').map((i) => i.itemId);
  if (serviceIds.length > 0) {
    const found = new Set((await db.selectFrom('services').select('id').where('id', 'in', serviceIds).execute()).map((r) => r.id));
    const missing = serviceIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new HttpError(400, `Service ${missing} does not exist`, 'items');
  }
  if (productIds.length > 0) {
    const found = new Set((await db.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((r) => r.id));
    const missing = productIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new HttpError(400, `Product ${missing} does not exist`, 'items');
  }
}

/** Checks that every user id is a user of the salon, listed once (400 naming the field). */
async function validateUsers(db: DbOrTx, userIds: readonly number[], salonId: number, field: 'staff' | 'teamLeaders'): Promise<void> {
  const dup = userIds.find((id, i) => userIds.indexOf(id) !== i);
  if (dup !== undefined) throw new HttpError(400, `User ${dup} is listed twice in ${field}`, field);
  if (userIds.length === 0) return;
  const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).where('salon_id', '=', salonId).execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = userIds.find((id) => !found.has(id));
  if (missing !== undefined) throw new HttpError(400, `User ${missing} is not on the staff of salon ${salonId}`, field);
}

async function validatePart(db: DbOrTx, part: CampaignSalonPartInput): Promise<void> {
  await validateUsers(
    db,
    (part.staff ?? []).map((s) => s.userId),
    part.salonId,
    'staff',
  );
  await validateUsers(
    db,
    (part.teamLeaders ?? []).map((s) => s.userId),
    part.salonId,
    'teamLeaders',
  );
  await validateItems(db, part.items ?? [], part.salonId);
}

async function writeStaff(tx: DbOrTx, key: SalonCampaignKey, staff: NonNullable<CampaignSalonPartInput['staff']>): Promise<void> {
  await tx.deleteFrom('campaign_staff').where('salon_id', '=', key.salonId).where('campaign_id', '=', key.campaignId).execute();
  if (staff.length === 0) return;
  await tx
    .insertInto('campaign_staff')
    .values(
      staff.map((s) => ({
        salon_id: key.salonId,
        campaign_id: key.campaignId,
        user_id: s.userId,
        target_cents: cents(s.target),
        feedback: s.feedback ?? '',
      })),
    )
    .execute();
}

async function writeTeamLeaders(
  tx: DbOrTx,
  key: SalonCampaignKey,
  leaders: NonNullable<CampaignSalonPartInput['teamLeaders']>,
): Promise<void> {
  await tx.deleteFrom('campaign_team_leaders').where('salon_id', '=', key.salonId).where('campaign_id', '=', key.campaignId).execute();
  if (leaders.length === 0) return;
  await tx
    .insertInto('campaign_team_leaders')
    .values(
      leaders.map((l) => ({
        salon_id: key.salonId,
        campaign_id: key.campaignId,
        user_id: l.userId,
        bonus_percent: Math.round(l.bonusPercent * 100) / 100,
      })),
    )
    .execute();
}

async function writeItems(tx: DbOrTx, key: SalonCampaignKey, items: readonly CampaignItemInput[]): Promise<void> {
  await tx.deleteFrom('campaign_services_products').where('salon_id', '=', key.salonId).where('campaign_id', '=', key.campaignId).execute();
  for (const item of items) {
    const row = await tx
      .insertInto('campaign_services_products')
      .values({
        salon_id: key.salonId,
        campaign_id: key.campaignId,
        service_id: item.kind === 'SERVICE' ? item.itemId : null,
        product_id: item.kind === 'PRODUCT' ? item.itemId : null,
        bonus_kind: item.bonusKind,
        bonus_per_unit_cents: item.bonusKind === 'PER_UNIT' ? cents(item.bonusPerUnit ?? 0) : 0,
        bonus_percent: item.bonusKind === 'PERCENT' ? Math.round((item.bonusPercent ?? 0) * 100) / 100 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.bonusKind === 'TIERS' && item.tiers && item.tiers.length > 0) {
      await tx
        .insertInto('campaign_item_tiers')
        .values(
          item.tiers.map((t) => ({
            salon_id: key.salonId,
            campaign_id: key.campaignId,
            item_row_id: row.id,
            from_units: t.fromUnits,
            per_unit_cents: cents(t.perUnit),
          })),
        )
        .execute();
    }
  }
}

/** Locks a salon's part of a campaign; 404 when the salon is not in it, 409 when it is closed. */
async function lockOpenPart(tx: DbOrTx, key: SalonCampaignKey): Promise<void> {
  const { rows } = await sql<{ closed: boolean }>`SELECT closed_at IS NOT NULL AS closed FROM campaign_salons
    WHERE salon_id = ${key.salonId} AND campaign_id = ${key.campaignId} FOR UPDATE`.execute(tx);
  const row = rows[0];
  if (!row) throw new HttpError(404, `Salon ${key.salonId} is not in campaign ${key.campaignId}`, 'campaignId');
  if (row.closed)
    throw new HttpError(
      409,
      `Campaign ${key.campaignId} is closed for salon ${key.salonId}: its figures are frozen and it can no longer be changed`,
    );
}

/** Locks the campaign row; 404 when it does not exist. */
async function lockCampaign(tx: DbOrTx, campaignId: number): Promise<{ tierMode: TierMode }> {
  const { rows } = await sql<{
    tierMode: TierMode;
  }>`SELECT tier_mode AS "tierMode" FROM campaigns WHERE id = ${campaignId} FOR UPDATE`.execute(tx);
  if (!rows[0]) throw new HttpError(404, `Campaign ${campaignId} not found`, 'campaignId');
  return rows[0];
}

async function writePart(tx: DbOrTx, campaignId: number, part: CampaignSalonPartInput): Promise<void> {
  const key = { salonId: part.salonId, campaignId };
  await tx
    .insertInto('campaign_salons')
    .values({ salon_id: part.salonId, campaign_id: campaignId, target_cents: cents(part.target) })
    .execute();
  await writeStaff(tx, key, part.staff ?? []);
  await writeTeamLeaders(tx, key, part.teamLeaders ?? []);
  await writeItems(tx, key, part.items ?? []);
}

/** The parts of a source campaign, as input, for the salons given (null = all). */
async function partsOf(db: DbOrTx, campaignId: number, salonIds: number[] | null): Promise<CampaignSalonPartInput[]> {
  const keys = await findSalonParts(db, [campaignId], salonIds);
  const [targets, staff, leaders, items] = await Promise.all([
    db.selectFrom('campaign_salons').select(['salon_id', 'target_cents']).where('campaign_id', '=', campaignId).execute(),
    db.selectFrom('campaign_staff').select(['salon_id', 'user_id', 'target_cents']).where('campaign_id', '=', campaignId).execute(),
    db.selectFrom('campaign_team_leaders').select(['salon_id', 'user_id', 'bonus_percent']).where('campaign_id', '=', campaignId).execute(),
    getItemRows(db, keys),
  ]);
  return keys
    .map((k) => k.salonId)
    .sort((a, b) => a - b)
    .map((salonId) => ({
      salonId,
      target: (targets.find((t) => t.salon_id === salonId)?.target_cents ?? 0) / 100,
      staff: staff.filter((s) => s.salon_id === salonId).map((s) => ({ userId: s.user_id, target: s.target_cents / 100, feedback: '' })),
      teamLeaders: leaders.filter((l) => l.salon_id === salonId).map((l) => ({ userId: l.user_id, bonusPercent: Number(l.bonus_percent) })),
      items: items
        .filter((i) => i.salonId === salonId)
        .map((i) => ({
          kind: i.kind,
          itemId: i.itemId,
          bonusKind: i.bonusKind,
          ...(i.bonusKind === 'PER_UNIT' ? { bonusPerUnit: i.bonusPerUnit } : {}),
          ...(i.bonusKind === 'PERCENT' ? { bonusPercent: i.bonusPercent } : {}),
          ...(i.bonusKind === 'TIERS' ? { tiers: i.tiers } : {}),
        })),
    }));
}

/**
 * POST {session}: creates a campaign, or duplicates `duplicateOf` into the period given (its
 * description and tier mode, and for the caller's visible salons the targets, staff with empty
 * feedback, team leaders and items with tiers), in one transaction. Returns the new id.
 */
export async function createCampaign(db: Db, caller: Caller, body: CampaignCreateBody): Promise<number> {
  const period = periodOf(body);
  let name = body.name?.trim();
  let description = body.description ?? '';
  let tierMode: TierMode = body.tierMode ?? 'STRAIGHT';
  let parts: CampaignSalonPartInput[];
  if (body.duplicateOf !== undefined) {
    if (body.salons !== undefined) throw new HttpError(400, 'A duplicate copies the salons of its source: leave salons out', 'salons');
    const source = (await listCampaignHeaders(db, [body.duplicateOf]))[0];
    const salons = visibleSalons(caller);
    parts = source ? await partsOf(db, body.duplicateOf, salons) : [];
    if (!source || parts.length === 0) throw new HttpError(404, `Campaign ${body.duplicateOf} not found`, 'duplicateOf');
    if (source.fromDate === period.fromDate && source.toDate === period.toDate) {
      throw new HttpError(400, 'A duplicate needs another period than its source', body.month !== undefined ? 'month' : 'fromDate');
    }
    if (!name) name = duplicateName(source, period);
    if (body.description === undefined) description = source.description;
    if (body.tierMode === undefined) tierMode = source.tierMode;
  } else {
    if (!name) throw new HttpError(400, 'The campaign needs a name', 'name');
    if (!body.salons || body.salons.length === 0)
      throw new HttpError(400, 'The campaign needs at least one salon with its target', 'salons');
    parts = body.salons;
    const dupSalon = parts.find((p, i) => parts.findIndex((q) => q.salonId === p.salonId) !== i);
    if (dupSalon) throw new HttpError(400, `Salon ${dupSalon.salonId} is listed twice`, 'salons');
    const existing = new Set(
      (
        await db
          .selectFrom('salons')
          .select('id')
          .where(
            'id',
            'in',
            parts.map((p) => p.salonId),
          )
          .execute()
      ).map((r) => r.id),
    );
    const missing = parts.find((p) => !existing.has(p.salonId));
    if (missing) throw new HttpError(400, `Salon ${missing.salonId} does not exist`, 'salons');
  }
  if (name.trim().length === 0) throw new HttpError(400, 'The campaign needs a name', 'name');
  for (const part of parts) await validatePart(db, part);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('campaigns')
      .values({
        name,
        description,
        month: period.month,
        year: period.year,
        date_from: period.fromDate,
        date_to: period.toDate,
        created_by: caller.userId,
        tier_mode: tierMode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const part of parts) await writePart(tx, row.id, part);
    return row.id;
  });
}

/** InsertSalonCampaign: changes targets (an ADMIN of their salon's part) or adds salons (SUPERADMIN); 409 for a closed part. */
export async function insertSalons(
  db: Db,
  caller: Caller,
  campaignId: number,
  salons: readonly { salonId: number; target: number }[],
): Promise<void> {
  const dup = salons.find((p, i) => salons.findIndex((q) => q.salonId === p.salonId) !== i);
  if (dup) throw new HttpError(400, `Salon ${dup.salonId} is listed twice`, 'salons');
  await db.transaction().execute(async (tx) => {
    await lockCampaign(tx, campaignId);
    for (const salon of salons) {
      const exists = await tx.selectFrom('salons').select('id').where('id', '=', salon.salonId).executeTakeFirst();
      if (!exists) throw new HttpError(400, `Salon ${salon.salonId} does not exist`, 'salons');
      const { rows } = await sql<{ closed: boolean }>`SELECT closed_at IS NOT NULL AS closed FROM campaign_salons
        WHERE salon_id = ${salon.salonId} AND campaign_id = ${campaignId} FOR UPDATE`.execute(tx);
      if (!rows[0] && !caller.isSuperadmin) {
        throw new HttpError(
          404,
          `Salon ${salon.salonId} is not in campaign ${campaignId}: only a superadmin adds salons to a campaign`,
          'salons',
        );
      }
      if (rows[0]?.closed)
        throw new HttpError(
          409,
          `Campaign ${campaignId} is closed for salon ${salon.salonId}: its figures are frozen and it can no longer be changed`,
        );
      await sql`INSERT INTO campaign_salons (salon_id, campaign_id, target_cents) VALUES (${salon.salonId}, ${campaignId}, ${cents(salon.target)})
        ON CONFLICT (salon_id, campaign_id) DO UPDATE SET target_cents = EXCLUDED.target_cents`.execute(tx);
    }
  });
}

type PartWrite =
  | { kind: 'staff'; staff: NonNullable<CampaignSalonPartInput['staff']> }
  | { kind: 'teamLeaders'; teamLeaders: NonNullable<CampaignSalonPartInput['teamLeaders']> }
  | { kind: 'items'; items: CampaignItemInput[]; tierMode?: TierMode; caller: Caller };

/** InsertStaff / InsertTeamLeader / InsertServicesProducts: replaces one list of an open part, in one transaction. */
export async function replacePartList(db: Db, key: SalonCampaignKey, write: PartWrite): Promise<void> {
  if (write.kind === 'staff') {
    await validateUsers(
      db,
      write.staff.map((s) => s.userId),
      key.salonId,
      'staff',
    );
  } else if (write.kind === 'teamLeaders') {
    await validateUsers(
      db,
      write.teamLeaders.map((s) => s.userId),
      key.salonId,
      'teamLeaders',
    );
  } else {
    await validateItems(db, write.items, key.salonId);
  }
  await db.transaction().execute(async (tx) => {
    const campaign = await lockCampaign(tx, key.campaignId);
    await lockOpenPart(tx, key);
    if (write.kind === 'staff') await writeStaff(tx, key, write.staff);
    else if (write.kind === 'teamLeaders') await writeTeamLeaders(tx, key, write.teamLeaders);
    else {
      if (write.tierMode !== undefined && write.tierMode !== campaign.tierMode) {
        const others = await tx
          .selectFrom('campaign_salons')
          .select('salon_id')
          .where('campaign_id', '=', key.campaignId)
          .where('salon_id', '<>', key.salonId)
          .execute();
        if (others.length > 0 && !write.caller.isSuperadmin) {
          throw new HttpError(403, 'The campaign has other salons: only a superadmin can change its tier mode');
        }
        await tx.updateTable('campaigns').set({ tier_mode: write.tierMode }).where('id', '=', key.campaignId).execute();
      }
      await writeItems(tx, key, write.items);
    }
  });
}

/** Close: freezes an ended part's figures in one transaction (409 before its end or when closed). */
export async function closePart(db: Db, clock: Clock, caller: Caller, key: SalonCampaignKey): Promise<void> {
  const today = await getTodayOfSalon(db, clock, key.salonId);
  await db.transaction().execute(async (tx) => {
    await lockCampaign(tx, key.campaignId);
    await lockOpenPart(tx, key);
    const header = (await listCampaignHeaders(tx, [key.campaignId]))[0];
    if (header && header.toDate >= today) {
      throw new HttpError(409, `Campaign ${key.campaignId} runs until ${header.toDate}: it can be closed from the day after`);
    }
    await freezeSalonParts(tx, [key], caller.userId);
  });
}
