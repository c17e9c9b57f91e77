import { type Static, Type } from 'typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { DateString, ErrorResponse, Id, Money, type Role, SalonId, SessionCode, SessionParams } from '../common/schemas.js';

/*
 * Incentive campaigns.
 *
 * A campaign has a name, a period (a month or a date range), the salons in it with a revenue
 * target each, and, per salon: the staff in it with a revenue target (and the manager's
 * feedback), its team leaders with a bonus on the team's total, and the services / products that
 * count with how each pays a bonus (per unit, a per cent of the paid amount, or unit tiers).
 *
 * What counts: the paid amount and quantity of the salon's sale lines (DONE appointments and
 * walk-in sales) of a listed service or product, on the days of the period; a staff member's
 * figures are the lines they sold (sale_lines.staff_id). The salon's revenue is every counted
 * line of the salon, whoever sold it (lib/campaign-revenue.query.ts). Money is in euros.
 *
 * Closing: a salon's part of a campaign is closed by an ADMIN of the salon or a SUPERADMIN
 * (POST Close) once the campaign has ended; closing writes the figures (units, revenue, bonus)
 * in one transaction and from then on every call reads those frozen figures: later refunds or
 * cancellations do not change a closed campaign, and its definition can no longer be edited
 * (409).
 *
 * Writes that fail (validation, closed campaign) answer an ErrorResponse whose `message` is
 * meant to be shown to the user as is (the insert and duplicate calls pass the raw error on).
 */

const tags = ['Campaigns'];

/** Who reads a salon's campaigns and their stats, and edits them: the 'admin' menu level. */
export const CAMPAIGN_MANAGE_ACCESS: readonly Role[] = ['SUPERADMIN', 'ADMIN'];
/** The chain-wide PDF export (/Incentive): SUPERADMIN only. */
export const CAMPAIGN_EXPORT_ACCESS: readonly Role[] = ['SUPERADMIN'];
/** "My campaigns" (/IncentiveChild): every signed-in role; each caller sees only their own rows. */
export const CAMPAIGN_MINE_ACCESS: readonly Role[] = ['SUPERADMIN', 'ADMIN', 'RECEPTIONIST', 'SALESMARKETING', 'IMAGE', 'ASSISTANCE'];

const Percent = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

const TIER_MODE_TEXT =
  "How the campaign's unit tiers pay (where each tier starts: see the tier's fromUnits). STRAIGHT: every unit is paid at the rate of the highest tier reached. SLIDING: each band of units is paid at its own tier's rate";

export const TierMode = Type.Union([Type.Literal('STRAIGHT'), Type.Literal('SLIDING')], { description: TIER_MODE_TEXT });
export type TierMode = Static<typeof TierMode>;

export const BonusKind = Type.Union([Type.Literal('PER_UNIT'), Type.Literal('PERCENT'), Type.Literal('TIERS')], {
  description:
    'How a counted item pays: PER_UNIT bonusPerUnit euros per unit sold; PERCENT bonusPercent % of the paid amount; TIERS a per-unit rate that depends on the units sold (the tiers, paid by the campaign tierMode)',
});
export type BonusKind = Static<typeof BonusKind>;

export const ItemKind = Type.Union([Type.Literal('SERVICE'), Type.Literal('PRODUCT')], {
  description: 'SERVICE: itemId is a service id; PRODUCT: a product id',
});

export const CampaignTier = Type.Object({
  fromUnits: Type.Integer({
    minimum: 0,
    maximum: 1000000,
    description:
      "Where the tier starts, in a person's units of the item. STRAIGHT: the bound is inclusive: the tier is reached when units >= fromUnits, so at exactly fromUnits every unit earns this rate; fewer units than the lowest fromUnits earn nothing. SLIDING: units fromUnits+1 .. the next tier's fromUnits earn this rate; units up to the lowest fromUnits earn nothing. Use 0 to pay from the first unit in either mode",
  }),
  perUnit: { ...Money, minimum: 0, maximum: 100000, description: 'Bonus per unit at this tier, euros' },
});
export type CampaignTier = Static<typeof CampaignTier>;

/* ------------------------------------------------------------------ read shapes */

export const CampaignSalonRow = Type.Object({
  salonId: Type.Integer({ description: 'The salon' }),
  salonName: Type.String({ description: "The salon's display name" }),
  target: { ...Money, description: "The salon's revenue target for the campaign, euros" },
  revenue: {
    ...Money,
    description:
      "The salon's counted revenue: paid amount of its sale lines of the listed services/products in the period, whoever sold them (every line when the salon lists none), euros",
  },
  units: Type.Integer({
    description: "Units (sale-line quantities) of the listed services/products the salon's campaign staff sold in the period",
  }),
  achieved: Percent('revenue / target x 100, 2 decimals; null when the target is 0'),
  teamRevenue: { ...Money, description: "The counted revenue sold by the campaign's staff of this salon (the team), euros" },
  staffBonus: { ...Money, description: "Sum of the bonuses of the salon's campaign staff, euros" },
  teamLeaderBonus: { ...Money, description: "Sum of the salon's team leaders' bonuses, euros" },
  bonusTotal: { ...Money, description: 'staffBonus + teamLeaderBonus, euros' },
  staffCount: Type.Integer({ description: 'How many staff members the campaign has in this salon' }),
  closedAt: Type.Union([Type.String(), Type.Null()], {
    description: "When the salon's part was closed (ISO instant): its figures are frozen since; null while open",
  }),
  closedBy: Type.Union([Type.String(), Type.Null()], { description: 'Who closed it (first and last name); null while open' }),
});
export type CampaignSalonRow = Static<typeof CampaignSalonRow>;

export const CampaignStatus = Type.Union(
  [Type.Literal('UPCOMING'), Type.Literal('RUNNING'), Type.Literal('ENDED'), Type.Literal('CLOSED')],
  {
    description:
      "UPCOMING: starts after today; RUNNING: today is in the period; ENDED: over, not closed for every salon shown; CLOSED: every salon shown is closed (figures frozen). Today is the salon's today (the chain's for several salons)",
  },
);

/** What every campaign answer says about the campaign itself. */
export const CampaignHeader = Type.Object({
  campaignId: Type.Integer({ description: 'The campaign id ({id}, {campaignId})' }),
  name: Type.String({ description: "The campaign's name" }),
  description: Type.String({ description: 'Free text; may be empty' }),
  month: Type.Union([Type.Integer(), Type.Null()], { description: 'Month 1..12 when the campaign is a calendar month, else null' }),
  year: Type.Union([Type.Integer(), Type.Null()], { description: 'Year of that month, else null' }),
  fromDate: { ...DateString, description: 'First day of the campaign, inclusive' },
  toDate: { ...DateString, description: 'Last day of the campaign, inclusive' },
  tierMode: TierMode,
  status: CampaignStatus,
  createdBy: Type.String({ description: 'Who created it (first and last name); empty when unknown' }),
  createdAt: Type.String({ description: 'When it was created, ISO instant' }),
});
export type CampaignHeader = Static<typeof CampaignHeader>;

/** A campaign in a list: its header and the salons the caller may see, with their progress. */
export const CampaignSummary = Type.Object({
  ...CampaignHeader.properties,
  salons: Type.Array(CampaignSalonRow, {
    description: 'The salons of the campaign the caller may see (an ADMIN only their own), by name, with target, progress and bonus',
  }),
});
export type CampaignSummary = Static<typeof CampaignSummary>;

export const CampaignStaffRow = Type.Object({
  salonId: Type.Integer({ description: 'The salon the row is for' }),
  userId: Type.Integer({ description: 'The staff member' }),
  firstName: Type.String(),
  lastName: Type.String(),
  target: { ...Money, description: "The person's revenue target for the campaign, euros (0 = none)" },
  feedback: Type.String({ description: "The manager's feedback to the person; may be empty" }),
  units: Type.Integer({ description: 'Units of the listed services/products the person sold in the period' }),
  revenue: { ...Money, description: 'Paid amount of those lines, euros' },
  achieved: Percent('revenue / target x 100, 2 decimals; null when the target is 0'),
  bonus: {
    ...Money,
    description:
      "The person's bonus so far: per listed item, by its bonus kind (per unit x units, percent x paid amount, or the tiers on the person's units of that item), summed; euros. Does not include a team leader bonus",
  },
  isTeamLeader: Type.Boolean({ description: 'The person is also a team leader of this salon in the campaign' }),
});
export type CampaignStaffRow = Static<typeof CampaignStaffRow>;

export const CampaignTeamLeaderRow = Type.Object({
  salonId: Type.Integer({ description: 'The salon the team is' }),
  userId: Type.Integer({ description: 'The team leader' }),
  firstName: Type.String(),
  lastName: Type.String(),
  bonusPercent: Type.Number({ description: "Per cent of the team's total the leader earns" }),
  teamRevenue: { ...Money, description: "The team's total: counted revenue of the salon's campaign staff, euros" },
  bonus: { ...Money, description: 'teamRevenue x bonusPercent / 100, euros (2 decimals)' },
});
export type CampaignTeamLeaderRow = Static<typeof CampaignTeamLeaderRow>;

export const CampaignItemRow = Type.Object({
  salonId: Type.Integer({ description: 'The salon the item counts for' }),
  itemRowId: Type.Integer({ description: 'The row id of the item in the campaign' }),
  kind: ItemKind,
  itemId: Type.Integer({ description: 'The service or product id' }),
  name: Type.String({ description: "The service's or product's name" }),
  category: Type.String({ description: 'Its category (TREATMENT, COLOUR, HAIRCUT, STYLING; RESALE, PROFESSIONAL)' }),
  bonusKind: BonusKind,
  bonusPerUnit: { ...Money, description: 'PER_UNIT: euros per unit; 0 otherwise' },
  bonusPercent: Type.Number({ description: 'PERCENT: per cent of the paid amount; 0 otherwise' }),
  tiers: Type.Array(CampaignTier, { description: 'TIERS: the tiers by fromUnits ascending; empty otherwise' }),
  units: Type.Integer({ description: "Units of the item the salon's campaign staff sold in the period" }),
  revenue: { ...Money, description: 'Paid amount of those lines, euros' },
  bonus: { ...Money, description: "The staff's bonus earned on this item (tiers apply to each person's units), euros" },
});
export type CampaignItemRow = Static<typeof CampaignItemRow>;

/** GET {id}: the whole definition, salon parts limited to the salons the caller may see. */
export const CampaignDetail = Type.Object({
  ...CampaignSummary.properties,
  staff: Type.Array(CampaignStaffRow, { description: 'Staff of the salons shown, by salon, last and first name' }),
  teamLeaders: Type.Array(CampaignTeamLeaderRow, { description: 'Team leaders of the salons shown' }),
  items: Type.Array(CampaignItemRow, { description: 'Counted services and products of the salons shown, services first, by name' }),
});
export type CampaignDetail = Static<typeof CampaignDetail>;

/** GetStatsCampaign: one salon's stats. */
export const CampaignStats = Type.Object({
  campaign: CampaignHeader,
  salon: CampaignSalonRow,
  staff: Type.Array(CampaignStaffRow, { description: "The salon's campaign staff, best achieved first (no target last), then by name" }),
  teamLeaders: Type.Array(CampaignTeamLeaderRow, { description: "The salon's team leaders" }),
  items: Type.Array(CampaignItemRow, { description: "The salon's counted items, services first, by name" }),
  frozen: Type.Boolean({ description: "true when the salon's part is closed: every figure is the one written at close" }),
  asOf: { ...DateString, description: "Figures include sales up to this day: the salon's today, the campaign's last day, or the close" },
});
export type CampaignStats = Static<typeof CampaignStats>;

/* ------------------------------------------------------------------ write shapes */

const Name = Type.String({ minLength: 1, maxLength: 120, description: 'The campaign name, 1-120 characters, not blank' });
const Description = Type.String({ maxLength: 2000, description: 'Free text, up to 2000 characters' });
const Target = { ...Money, minimum: 0, maximum: 100000000, description: 'Revenue target, euros (0 = none)' };
const Month = Type.Integer({ minimum: 1, maximum: 12, description: 'Month 1..12' });
const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'A 4-digit year' });

export const CampaignSalonInput = Type.Object({
  salonId: SalonId,
  target: Target,
});

export const CampaignStaffInput = Type.Object({
  userId: Id,
  target: Target,
  feedback: Type.Optional(Type.String({ maxLength: 2000, description: "The manager's feedback, up to 2000 characters; default empty" })),
});

export const CampaignTeamLeaderInput = Type.Object({
  userId: Id,
  bonusPercent: Type.Number({ minimum: 0, maximum: 100, description: "Per cent of the team's total, 0-100, 2 decimals" }),
});

export const CampaignItemInput = Type.Object({
  kind: ItemKind,
  itemId: Id,
  bonusKind: BonusKind,
  bonusPerUnit: Type.Optional({ ...Money, minimum: 0, maximum: 100000, description: 'PER_UNIT (required, > 0): euros per unit' }),
  bonusPercent: Type.Optional(
    Type.Number({ minimum: 0, maximum: 100, description: 'PERCENT (required, > 0): per cent of the paid amount' }),
  ),
  tiers: Type.Optional(
    Type.Array(CampaignTier, {
      maxItems: 20,
      description: 'TIERS (required, 1-20 tiers, distinct fromUnits): the unit tiers, in any order',
    }),
  ),
});
export type CampaignItemInput = Static<typeof CampaignItemInput>;

/** A salon's part of a new campaign. */
export const CampaignSalonPartInput = Type.Object({
  salonId: SalonId,
  target: Target,
  staff: Type.Optional(
    Type.Array(CampaignStaffInput, { maxItems: 200, description: "The salon's staff in the campaign (the salon's users)" }),
  ),
  teamLeaders: Type.Optional(
    Type.Array(CampaignTeamLeaderInput, { maxItems: 50, description: "The salon's team leaders (the salon's users)" }),
  ),
  items: Type.Optional(Type.Array(CampaignItemInput, { maxItems: 500, description: 'What counts in this salon and how it pays' })),
});
export type CampaignSalonPartInput = Static<typeof CampaignSalonPartInput>;

export const CampaignCreateBody = Type.Object(
  {
    duplicateOf: Type.Optional({
      ...Id,
      description:
        "Duplicate this campaign into the period given: copies its description, tier mode and, for the salons the caller may see, the targets, staff (feedback left empty), team leaders and items with their tiers. name defaults to the source's name with the new period's month and year (or dates) in place of the old; `salons` must be omitted",
    }),
    name: Type.Optional({ ...Name, description: 'Required when not duplicating. The campaign name, 1-120 characters' }),
    description: Type.Optional(Description),
    month: Type.Optional({ ...Month, description: 'The period as a calendar month (with year); or give fromDate and toDate' }),
    year: Type.Optional({ ...Year, description: 'The year of month' }),
    fromDate: Type.Optional({ ...DateString, description: 'The period as a date range: first day (with toDate, instead of month/year)' }),
    toDate: Type.Optional({ ...DateString, description: 'Last day, not before fromDate, at most 366 days after it' }),
    tierMode: Type.Optional({ ...TierMode, description: `${TIER_MODE_TEXT}. Default STRAIGHT (or the source's when duplicating)` }),
    salons: Type.Optional(
      Type.Array(CampaignSalonPartInput, {
        minItems: 1,
        maxItems: 500,
        description:
          'Required when not duplicating: each salon in the campaign with its target, staff, team leaders and items (an ADMIN only their own)',
      }),
    ),
  },
  {
    description:
      'Create: name, period (month + year, or fromDate + toDate) and salons. Duplicate: duplicateOf and the new period (month + year or fromDate + toDate); optionally name, description, tierMode. Invalid input answers 400 with a message naming the field (shown as is)',
  },
);
export type CampaignCreateBody = Static<typeof CampaignCreateBody>;

/* ------------------------------------------------------------------ endpoints */

const CampaignId = { ...Id, description: 'The campaign' };
const SalonCampaignParams = Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId, campaignId: CampaignId });
const errors404 = { 404: ErrorResponse };

export const getCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/{SESSIONCODE}/{id}',
  summary: "One campaign's definition and progress: salons (an ADMIN's own only), staff, team leaders, items (ADMIN, SUPERADMIN)",
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode, id: CampaignId }),
  response: CampaignDetail,
  errors: errors404,
});

export const getCampaignsByMonth = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetAll/{SESSIONCODE}/{month}/{year}',
  summary:
    "The campaigns whose period overlaps the month, with each salon's target and progress: an ADMIN's salon's campaigns; for a SUPERADMIN every campaign (or one salon's with salonId)",
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode, month: Month, year: Year }),
  querystring: Type.Object({ salonId: Type.Optional({ ...SalonId, description: 'SUPERADMIN: only the campaigns of this salon' }) }),
  response: Type.Object({
    campaigns: Type.Array(CampaignSummary, { description: 'By first day, then name' }),
  }),
});

export const exportCampaignsPdf = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetAll/{SESSIONCODE}',
  summary:
    'PDF (incentive.pdf, SUPERADMIN): every campaign across the chain (or those overlapping month/year) with its salons, targets, progress, bonuses and team leaders',
  tags,
  params: SessionParams,
  querystring: Type.Object({
    month: Type.Optional({ ...Month, description: 'With year: only campaigns overlapping that month' }),
    year: Type.Optional({ ...Year, description: 'Only campaigns overlapping that year (or, with month, that month)' }),
  }),
  response: Type.String({ description: 'application/pdf (Content-Disposition attachment; filename incentive.pdf)' }),
  isFile: true,
});

export const getCampaignStats = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetStatsCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "One salon's campaign stats: salon totals, per staff member units, revenue, progress and bonus, team leaders, items",
  tags,
  params: SalonCampaignParams,
  response: CampaignStats,
  errors: errors404,
});

export const getSalonCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetSalonCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "The salon's row of the campaign: target, revenue, progress, bonuses, close",
  tags,
  params: SalonCampaignParams,
  response: CampaignSalonRow,
  errors: errors404,
});

export const getStaffCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetStaffCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "The salon's campaign staff: target, feedback, units, revenue, progress, bonus",
  tags,
  params: SalonCampaignParams,
  response: Type.Object({ staff: Type.Array(CampaignStaffRow, { description: 'Best achieved first, then by name' }) }),
  errors: errors404,
});

export const getTeamLeaderCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetTeamLeaderCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "The salon's team leaders: bonus per cent, team total, bonus",
  tags,
  params: SalonCampaignParams,
  response: Type.Object({ teamLeaders: Type.Array(CampaignTeamLeaderRow, { description: 'By last and first name' }) }),
  errors: errors404,
});

export const getServicesProductsCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetServicesProductsCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "The salon's counted services and products, how each pays, and the units, revenue and bonus so far",
  tags,
  params: SalonCampaignParams,
  response: Type.Object({ items: Type.Array(CampaignItemRow, { description: 'Services first, then by name' }) }),
  errors: errors404,
});

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/{SESSIONCODE}',
  summary: 'Create a campaign, or duplicate one into another period (duplicateOf), in one transaction (ADMIN for their salon, SUPERADMIN)',
  tags,
  params: SessionParams,
  body: CampaignCreateBody,
  response: CampaignDetail,
  errors: errors404,
});

export const insertSalonCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/InsertSalonCampaign/{SESSIONCODE}',
  summary:
    "Change the targets of the salons listed (others unchanged): an ADMIN their salon's, in a campaign it is in (404 otherwise); a SUPERADMIN any, and adds salons not yet in it",
  tags,
  params: SessionParams,
  body: Type.Object({
    campaignId: CampaignId,
    salons: Type.Array(CampaignSalonInput, { minItems: 1, maxItems: 500, description: 'Each salon with its target' }),
  }),
  response: CampaignDetail,
  errors: errors404,
});

export const campaignStaffFeedbackInsertDTO = Type.Object(
  {
    salonId: { ...SalonId, description: 'Must be the path salonId' },
    campaignId: { ...CampaignId, description: 'Must be the path campaignId' },
    staff: Type.Array(CampaignStaffInput, {
      maxItems: 200,
      description: "The salon's staff in the campaign with target and feedback: replaces the salon's list (people left out are removed)",
    }),
  },
  { description: 'campaignStaffFeedbackInsertDTO' },
);
export type CampaignStaffFeedbackInsertDTO = Static<typeof campaignStaffFeedbackInsertDTO>;

export const insertStaffCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/InsertStaffCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "Set the salon's campaign staff, their targets and feedback (replaces the salon's list)",
  tags,
  params: SalonCampaignParams,
  body: campaignStaffFeedbackInsertDTO,
  response: CampaignDetail,
  errors: errors404,
});

export const insertTeamLeaderCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/InsertTeamLeaderCampaign/{SESSIONCODE}',
  summary: "Set a salon's team leaders and their bonus per cent on the team's total (replaces the salon's list)",
  tags,
  params: SessionParams,
  body: Type.Object({
    salonId: SalonId,
    campaignId: CampaignId,
    teamLeaders: Type.Array(CampaignTeamLeaderInput, { maxItems: 50, description: "The salon's team leaders (replaces the list)" }),
  }),
  response: CampaignDetail,
  errors: errors404,
});

export const insertServicesProductsCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/InsertServicesProductsCampaign/{SESSIONCODE}/{salonId}/{campaignId}',
  summary: "Set what counts in the salon and how it pays (replaces the salon's items); optionally the campaign's tier mode",
  tags,
  params: SalonCampaignParams,
  body: Type.Object({
    items: Type.Array(CampaignItemInput, { maxItems: 500, description: "The salon's counted services and products (replaces the list)" }),
    tierMode: Type.Optional({
      ...TierMode,
      description: `${TIER_MODE_TEXT}. Omitted: unchanged. SUPERADMIN only when the campaign has other salons`,
    }),
  }),
  response: CampaignDetail,
  errors: errors404,
});

export const CampaignStaffOption = Type.Object({
  userId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  roles: Type.Array(Type.String(), { description: "The person's roles" }),
});

export const getCampaignStaff = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetStaff/{SESSIONCODE}/{id}',
  summary:
    'The staff of salon {id} to choose from for a campaign: its active users, by last and first name (ADMIN their salon, SUPERADMIN any)',
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode, id: { ...SalonId, description: 'The salon whose staff to list' } }),
  response: Type.Object({ staff: Type.Array(CampaignStaffOption) }),
});

/* ------------------------------------------------------------------ more endpoints */

export const CampaignItemOption = Type.Object({
  kind: ItemKind,
  itemId: Type.Integer(),
  name: Type.String(),
  category: Type.String({ description: 'Service or product category' }),
  listPrice: { ...Money, description: 'List price, euros' },
});

export const getCampaignItems = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetItems/{SESSIONCODE}/{salonId}',
  summary: 'The active services and products to choose from for a campaign (the catalogue; no stock figures)',
  tags,
  params: Type.Object({ SESSIONCODE: SessionCode, salonId: SalonId }),
  response: Type.Object({
    services: Type.Array(CampaignItemOption, { description: 'By category, then name' }),
    products: Type.Array(CampaignItemOption, { description: 'By category, then name' }),
  }),
});

export const closeCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/Campaign/Close/{SESSIONCODE}/{salonId}/{campaignId}',
  summary:
    "Close the salon's part of an ended campaign (ADMIN their salon, SUPERADMIN any): freezes its figures in one transaction; 409 before the campaign's last day has passed or when already closed",
  tags,
  params: SalonCampaignParams,
  response: CampaignStats,
  errors: errors404,
});

export const MyCampaign = Type.Object({
  campaign: CampaignHeader,
  salonId: Type.Integer({ description: 'The salon the caller is in the campaign for' }),
  salonName: Type.String(),
  me: Type.Union([CampaignStaffRow, Type.Null()], {
    description: 'My row: target, units, revenue, progress, bonus; null when only team leader',
  }),
  teamLeader: Type.Union([CampaignTeamLeaderRow, Type.Null()], { description: 'My team leader row when I lead the team, else null' }),
  items: Type.Array(
    Type.Object({
      itemRowId: Type.Integer(),
      kind: ItemKind,
      name: Type.String(),
      bonusKind: BonusKind,
      bonusPerUnit: Money,
      bonusPercent: Type.Number(),
      tiers: Type.Array(CampaignTier),
      units: Type.Integer({ description: 'Units of the item I sold' }),
      revenue: { ...Money, description: 'Paid amount of those lines, euros' },
      bonus: { ...Money, description: 'My bonus on the item, euros' },
    }),
    { description: 'Every counted item of my salon with my figures' },
  ),
  bonusTotal: { ...Money, description: 'My staff bonus plus my team leader bonus, euros' },
  frozen: Type.Boolean({ description: "The salon's part is closed: figures frozen" }),
});
export type MyCampaign = Static<typeof MyCampaign>;

export const getMyCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/Campaign/GetMine/{SESSIONCODE}',
  summary: "The caller's campaigns (as staff or team leader), newest first, with their own progress and bonus only (every role)",
  tags,
  params: SessionParams,
  querystring: Type.Object({
    year: Type.Optional({ ...Year, description: 'Only campaigns overlapping this year; default: every campaign' }),
  }),
  response: Type.Object({ campaigns: Type.Array(MyCampaign, { description: 'By first day, newest first' }) }),
});
