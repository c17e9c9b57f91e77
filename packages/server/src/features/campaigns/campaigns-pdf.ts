import type { CampaignSummary } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/database.js';
import { exportDay } from '../../lib/export-heading.js';
import { CHAIN_TIME_ZONE, type Clock, salonToday } from '../../lib/today.js';
import { summariesOf } from './campaign-reads.service.js';
import { findCampaignIds } from './campaigns.query.js';

const MARGIN = 40;
const TEXT = '#1f2933';
const MUTED = '#5f6b7a';

interface Column {
  width: number;
  align?: 'left' | 'right';
}

/** Column widths; their titles are the labels' `columns`, in this order. */
const COLUMNS: Column[] = [
  { width: 110 },
  { width: 58, align: 'right' },
  { width: 58, align: 'right' },
  { width: 50, align: 'right' },
  { width: 30, align: 'right' },
  { width: 56, align: 'right' },
  { width: 60, align: 'right' },
  { width: 56, align: 'right' },
  { width: 37 },
];

export type PdfLanguage = 'en' | 'it';

/** Every string the PDF prints, in the caller's interface language. */
const LABELS = {
  en: {
    title: 'Incentive campaigns',
    scopeAll: 'Every campaign of the chain',
    scopeRange: (from: string, to: string) => `Campaigns overlapping ${from} to ${to}`,
    count: (n: number) => `${n} ${n === 1 ? 'campaign' : 'campaigns'}`,
    asOf: (day: string) => `as of ${day}`,
    definition:
      'Revenue = paid amount of the listed services and products in the period (frozen at close for closed salons). Achieved = revenue / target. Leader bonus = per cent of the team total.',
    none: 'No campaigns.',
    period: (from: string, to: string) => `${from} to ${to}`,
    status: { UPCOMING: 'upcoming', RUNNING: 'running', ENDED: 'ended', CLOSED: 'closed' },
    tiers: { STRAIGHT: 'straight tiers', SLIDING: 'sliding tiers' },
    salons: (n: number) => `${n} ${n === 1 ? 'salon' : 'salons'}`,
    columns: ['Salon', 'Target', 'Revenue', 'Achieved', 'Staff', 'Staff bonus', 'Leader bonus', 'Total bonus', 'Closed'],
    total: 'Total',
    yes: 'yes',
    no: 'no',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    locale: 'en-GB',
  },
  it: {
    title: 'Campagne incentivi',
    scopeAll: 'Tutte le campagne della catena',
    scopeRange: (from: string, to: string) => `Campagne dal ${from} al ${to}`,
    count: (n: number) => `${n} ${n === 1 ? 'campagna' : 'campagne'}`,
    asOf: (day: string) => `al ${day}`,
    definition:
      'Fatturato = importo pagato dei servizi e prodotti in campagna nel periodo (congelato alla chiusura per i saloni chiusi). Raggiunto = fatturato / obiettivo. Bonus capo squadra = percentuale del totale della squadra.',
    none: 'Nessuna campagna.',
    period: (from: string, to: string) => `dal ${from} al ${to}`,
    status: { UPCOMING: 'futura', RUNNING: 'in corso', ENDED: 'terminata', CLOSED: 'chiusa' },
    tiers: { STRAIGHT: 'scaglioni pieni', SLIDING: 'scaglioni progressivi' },
    salons: (n: number) => `${n} ${n === 1 ? 'salone' : 'saloni'}`,
    columns: ['Salone', 'Obiettivo', 'Fatturato', 'Raggiunto', 'Staff', 'Bonus staff', 'Bonus capo', 'Bonus totale', 'Chiusa'],
    total: 'Totale',
    yes: 'sì',
    no: 'no',
    page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
    locale: 'it-IT',
  },
};
type Labels = (typeof LABELS)['en'];

const euro = (value: number, labels: Labels) =>
  `€ ${value.toLocaleString(labels.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' })}`;
const percent = (value: number | null, labels: Labels) =>
  value === null
    ? '-'
    : `${value.toLocaleString(labels.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' })} %`;

/**
 * incentive.pdf: every campaign of the chain (or those overlapping year / month) with each
 * salon's target, counted revenue, progress, staff and team leader bonuses and close, and a
 * chain total per campaign. Figures are the stats' (frozen ones for closed salons).
 */
export async function campaignsPdf(
  db: DbOrTx,
  clock: Clock,
  year: number | null,
  month: number | null,
  language: PdfLanguage = 'en',
): Promise<Buffer> {
  let from: string | null = null;
  let to: string | null = null;
  if (year !== null) {
    const m = month ?? null;
    from = m === null ? `${year}-01-01` : `${year}-${String(m).padStart(2, '0')}-01`;
    to = m === null ? `${year}-12-31` : new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  }
  const ids = await findCampaignIds(db, null, from, to);
  const campaigns = await summariesOf(db, clock, ids, null);
  return renderCampaignsPdf(campaigns, salonToday(CHAIN_TIME_ZONE, clock), from, to, language);
}

export function renderCampaignsPdf(
  campaigns: CampaignSummary[],
  today: string,
  from: string | null,
  to: string | null,
  language: PdfLanguage = 'en',
): Promise<Buffer> {
  const labels: Labels = LABELS[language];
  // Dates in words (5 Mar 2025), as the screens write them, never YYYY-MM-DD keys.
  const day = (date: string) => exportDay(date, language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: labels.title, Author: 'Salon back-office' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(18).text(labels.title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${from === null || to === null ? labels.scopeAll : labels.scopeRange(day(from), day(to))}  |  ${labels.count(campaigns.length)}  |  ${labels.asOf(day(today))}`,
    );
  doc.text(labels.definition);
  doc.moveDown(0.8);
  if (campaigns.length === 0) doc.fillColor(TEXT).fontSize(11).text(labels.none);
  for (const campaign of campaigns) drawCampaign(doc, campaign, labels, day);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without it pdfkit would start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(labels.page(i + 1, range.count), MARGIN, doc.page.height - MARGIN + 10, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return done;
}

const ROW = 14;

/** The text cut to the width with an ellipsis (a long salon name stays on its row). */
function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function drawCampaign(doc: PDFKit.PDFDocument, campaign: CampaignSummary, labels: Labels, day: (date: string) => string) {
  const bottom = doc.page.height - MARGIN - 20;
  if (doc.y + 3 * ROW + 30 > bottom) doc.addPage();
  doc.x = MARGIN;
  doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(12).text(campaign.name);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${labels.period(day(campaign.fromDate), day(campaign.toDate))}  |  ${labels.status[campaign.status]}  |  ${labels.tiers[campaign.tierMode]}  |  ${labels.salons(campaign.salons.length)}`,
    );
  doc.moveDown(0.3);
  let y = doc.y;
  const drawRow = (cells: string[], bold: boolean, shaded: boolean) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    if (shaded)
      doc
        .rect(
          MARGIN,
          y - 2,
          COLUMNS.reduce((s, c) => s + c.width, 0),
          ROW,
        )
        .fill('#f1f3f5');
    doc
      .fillColor(TEXT)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8);
    cells.forEach((cell, i) => {
      const column = COLUMNS[i] as Column;
      doc.text(fitText(doc, cell, column.width - 4), x + 2, y + 1, {
        width: column.width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
      });
      x += column.width;
    });
    y += ROW;
  };
  drawRow(labels.columns, true, true);
  let target = 0;
  let revenue = 0;
  let staff = 0;
  let staffBonus = 0;
  let leaderBonus = 0;
  for (const s of campaign.salons) {
    target += s.target;
    revenue += s.revenue;
    staff += s.staffCount;
    staffBonus += s.staffBonus;
    leaderBonus += s.teamLeaderBonus;
    drawRow(
      [
        s.salonName,
        euro(s.target, labels),
        euro(s.revenue, labels),
        percent(s.achieved, labels),
        String(s.staffCount),
        euro(s.staffBonus, labels),
        euro(s.teamLeaderBonus, labels),
        euro(s.bonusTotal, labels),
        s.closedAt ? labels.yes : labels.no,
      ],
      false,
      false,
    );
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  drawRow(
    [
      labels.total,
      euro(round(target), labels),
      euro(round(revenue), labels),
      percent(target > 0 ? round((revenue / target) * 100) : null, labels),
      String(staff),
      euro(round(staffBonus), labels),
      euro(round(leaderBonus), labels),
      euro(round(staffBonus + leaderBonus), labels),
      '',
    ],
    true,
    true,
  );
  doc.x = MARGIN;
  doc.y = y + 10;
}
