import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { freezeSalonParts } from '../features/campaigns/campaigns.query.js';
import { monthNamesOf } from '../lib/months.js';
import { dayFromIso, dayOf, isoFromDay, localTimestamp, partsOf } from './calendar.js';
import { CAMPAIGN_THEMES, CHAIN_NEWS, CHECK_UP_KPIS, S, SALON_NEWS } from './catalogue.js';
import { type Chain, nextId, type Salon, SEASON_FACTOR, soldKey } from './chain.js';
import { PRODUCT_ID } from './salon-days.js';

// What the demo chain says and plans: news, salon settings and campaigns.

export function writeNews(chain: Chain): void {
  const { rng } = chain;
  // Everyone (the superadmin too) has read the news up to a week ago: the latest items show as unread.
  const readAt = localTimestamp(isoFromDay(chain.today - 7), 20 * 60);
  for (const member of chain.staff) chain.writer.add('news_reads', [member.id, readAt]);
  let k = 0;
  for (let day = chain.start + 3; day <= chain.today; day += 30) {
    const item = CHAIN_NEWS[k++ % CHAIN_NEWS.length]!;
    chain.writer.add('news', [
      nextId(chain.ids, 'news'),
      null,
      chain.superadminId,
      item.title,
      item.body,
      localTimestamp(isoFromDay(day), 540 + rng.int(0, 60)),
    ]);
  }
  for (const salon of chain.salons) {
    let j = salon.index;
    for (let day = chain.start + 10 + salon.index; day <= chain.today; day += 45) {
      const item = SALON_NEWS[j++ % SALON_NEWS.length]!;
      chain.writer.add('news', [
        nextId(chain.ids, 'news'),
        salon.id,
        salon.adminId,
        item.title,
        item.body,
        localTimestamp(isoFromDay(day), 480 + rng.int(0, 120)),
      ]);
    }
  }
}

export function writeSettings(chain: Chain): void {
  const { rng, today } = chain;
  const { year, month } = partsOf(today);
  const periodStart = isoFromDay(dayOf(year, month - 6, 1));
  const updated = localTimestamp(isoFromDay(today - 7), 600);
  const targets: Record<string, number> = { treatment: 30, colour: 45, haircut: 50, resale: 30, styling: 80 };
  for (const salon of chain.salons) {
    for (const product of ['treatment', 'colour', 'haircut', 'resale', 'styling']) {
      // Salon 1 keeps the default target (60) for haircut, to show an untouched setting.
      const target = salon.index === 0 && product === 'haircut' ? 60 : targets[product]! + rng.int(-2, 2) * 5;
      chain.writer.add('salon_configs', [salon.id, product, nextId(chain.ids, 'salon_configs'), 12, 6, periodStart, target]);
    }
    const people = chain.staff.filter((s) => s.salon === salon && s.serves && s.endDay === null).length;
    chain.writer.add('full_capacity_settings', [salon.id, people, 4500 + 500 * rng.int(0, 3)]);
    for (const gender of ['ALL', 'FEMALE', 'MALE'] as const) {
      for (const { kpi, target } of CHECK_UP_KPIS) {
        let value = target;
        if (kpi === 'averageTicket') value = gender === 'MALE' ? 35 : gender === 'FEMALE' ? 72 : target;
        else if (kpi === 'newClients')
          value = Math.round((target * salon.size * (gender === 'ALL' ? 1 : gender === 'FEMALE' ? 0.75 : 0.25)) / 5) * 5;
        chain.writer.add('check_ups', [salon.id, gender, kpi, value, updated]);
      }
    }
  }
}

/**
 * A campaign's target for a salon: what the salon sold of the campaign's services and products
 * (its theme's) in a reference month fully in the history, scaled by the season (and a year's
 * growth when the reference is the same month a year earlier), times `factor` (0.9..1.2, so some
 * campaigns are reached and some are not). The reference: the same month a year earlier, else
 * the month before, else the latest full month of the history. The same basis as the campaign's
 * progress (lib/campaign-revenue.query.ts: only the listed items count).
 */
function campaignTargetCents(chain: Chain, salon: Salon, theme: (typeof CAMPAIGN_THEMES)[number], from: number, factor: number): number {
  const { year, month } = partsOf(from);
  const campaignMonth = year * 12 + month - 1;
  const fullMonth = (m: number) =>
    dayOf(Math.floor(m / 12), (m % 12) + 1, 1) >= chain.start && dayOf(Math.floor(m / 12), (m % 12) + 2, 1) - 1 <= chain.today;
  const todayParts = partsOf(chain.today);
  const latest = [0, 1, 2].map((k) => todayParts.year * 12 + todayParts.month - 2 - k).find(fullMonth);
  const reference = [campaignMonth - 12, campaignMonth - 1, latest].find((m) => m !== undefined && fullMonth(m));
  if (reference === undefined) return Math.round(salon.size * chain.density * 200_000 * factor);
  const items: ['S' | 'P', number][] = [
    ...theme.serviceNames.map((name): ['S', number] => ['S', S[name]!]),
    ...theme.productNames.map((name): ['P', number] => ['P', PRODUCT_ID[name]!]),
  ];
  const soldCents = items.reduce((sum, [kind, id]) => sum + (chain.sold.get(soldKey(salon.id, reference, kind, id)) ?? 0), 0);
  const season = SEASON_FACTOR[month - 1]! / SEASON_FACTOR[reference % 12]!;
  const growth = reference === campaignMonth - 12 ? 1.05 : 1;
  // Rounded to 50 euros, as a manager sets it.
  return Math.max(5_000, Math.round((soldCents * season * growth * factor) / 5_000) * 5_000);
}

/**
 * Closes the campaigns that ended before last month (last month's stays open, to be closed from
 * the screen) for every salon, as the superadmin five days after their end: their figures are
 * frozen (features/campaigns, the same close as the API's). After the rollups: the close reads them.
 */
export async function closePastCampaigns(tx: DbOrTx, chain: Chain): Promise<void> {
  const { year, month } = partsOf(chain.today);
  const lastMonthStart = isoFromDay(dayOf(year, month - 1, 1));
  const { rows } = await sql<{ salonId: number; campaignId: number; toDate: string }>`SELECT cs.salon_id AS "salonId",
      cs.campaign_id AS "campaignId", c.date_to AS "toDate"
    FROM campaign_salons cs JOIN campaigns c ON c.id = cs.campaign_id
    WHERE c.date_to < ${lastMonthStart}::date ORDER BY c.id, cs.salon_id`.execute(tx);
  const byEnd = new Map<string, { salonId: number; campaignId: number }[]>();
  for (const row of rows) byEnd.set(row.toDate, [...(byEnd.get(row.toDate) ?? []), { salonId: row.salonId, campaignId: row.campaignId }]);
  for (const [toDate, keys] of byEnd) {
    await freezeSalonParts(tx, keys, chain.superadminId, localTimestamp(isoFromDay(dayFromIso(toDate) + 5), 540));
  }
}

/** One incentive campaign a month over the last year, the current month and the next. */
export function writeCampaigns(chain: Chain): void {
  const { rng, today } = chain;
  const { year, month } = partsOf(today);
  for (let offset = -12; offset <= 1; offset++) {
    const from = dayOf(year, month + offset, 1);
    const to = dayOf(year, month + offset + 1, 1) - 1;
    if (from < chain.start) continue;
    const parts = partsOf(from);
    const theme = CAMPAIGN_THEMES[(parts.month + parts.year) % CAMPAIGN_THEMES.length]!;
    const id = nextId(chain.ids, 'campaigns');
    chain.writer.add('campaigns', [
      id,
      `Incentivo ${theme.name} ${monthNamesOf('it')[parts.month - 1]} ${parts.year}`,
      `Bonus sui servizi e prodotti ${theme.name.toLowerCase()} venduti nel mese.`,
      parts.month,
      parts.year,
      isoFromDay(from),
      isoFromDay(to),
      chain.superadminId,
      localTimestamp(isoFromDay(from - 10), 600),
      // Tiers alternate by month: STRAIGHT in odd months, SLIDING in even ones.
      parts.month % 2 === 1 ? 'STRAIGHT' : 'SLIDING',
    ]);
    const past = to < today;
    for (const salon of chain.salons) {
      const salonTarget = campaignTargetCents(chain, salon, theme, from, 0.9 + rng.int(0, 10) * 0.03);
      chain.writer.add('campaign_salons', [salon.id, id, salonTarget]);
      const members = chain.staff.filter(
        (s) => s.salon === salon && s.serves && s.startDay <= to && (s.endDay === null || s.endDay >= from),
      );
      for (const member of members) {
        const feedback = past
          ? rng.pick(['Obiettivo raggiunto, ottimo lavoro!', 'Quasi raggiunto: continua così.', 'Sotto obiettivo questo mese.', ''])
          : '';
        // A person's target: an even share of the salon's, 70-130 % of it, in steps of 50.00.
        const share = (salonTarget / members.length) * (0.7 + rng.int(0, 6) * 0.1);
        chain.writer.add('campaign_staff', [salon.id, id, member.id, Math.max(5_000, Math.round(share / 5_000) * 5_000), feedback]);
      }
      const leader = members.find((m) => m.role === 'IMAGE');
      if (leader) chain.writer.add('campaign_team_leaders', [salon.id, id, leader.id, rng.pick([1, 2])]);
      for (const name of theme.serviceNames) {
        chain.writer.add('campaign_services_products', [
          salon.id,
          id,
          nextId(chain.ids, 'campaign_services_products'),
          S[name]!,
          null,
          rng.pick([200, 300, 500]),
          0,
          'PER_UNIT',
        ]);
      }
      // The theme's first product pays unit tiers (1.00 / 2.00 / 3.00 from 0 / 2 / 4 units: a person sells a few a month), the others a per cent.
      theme.productNames.forEach((name, index) => {
        const itemRowId = nextId(chain.ids, 'campaign_services_products');
        const tiered = index === 0;
        chain.writer.add('campaign_services_products', [
          salon.id,
          id,
          itemRowId,
          null,
          PRODUCT_ID[name]!,
          0,
          tiered ? 0 : rng.pick([5, 10]),
          tiered ? 'TIERS' : 'PERCENT',
        ]);
        if (tiered) {
          for (const [fromUnits, cents] of [
            [0, 100],
            [2, 200],
            [4, 300],
          ] as const) {
            chain.writer.add('campaign_item_tiers', [salon.id, id, itemRowId, fromUnits, cents]);
          }
        }
      });
    }
  }
}
