import type { CampaignSummary } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/database.js';
import { CHAIN_TIME_ZONE, type Clock, salonToday } from '../../lib/today.js';
import { findCampaignIds } from './campaigns.query.js';
import { summariesOf } from './campaigns.service.js';

const MARGIN = 40;
const TEXT = '#1f2933';
const MUTED = '#5f6b7a';

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { title: 'Salon', width: 110 },
  { title: 'Target', width: 58, align: 'right' },
  { title: 'Revenue', width: 58, align: 'right' },
  { title: 'Achieved', width: 50, align: 'right' },
  { title: 'Staff', width: 30, align: 'right' },
  { title: 'Staff bonus', width: 56, align: 'right' },
  { title: 'Leader bonus', width: 60, align: 'right' },
  { title: 'Total bonus', width: 56, align: 'right' },
  { title: 'Closed', width: 37 },
];

const euro = (value: number) => `€ ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (value: number | null) => (value === null ? '-' : `${value.toFixed(2)} %`);

/**
 * incentive.pdf: every campaign of the chain (or those overlapping year / month) with each
 * salon's target, counted revenue, progress, staff and team leader bonuses and close, and a
 * chain total per campaign. Figures are the stats' (frozen ones for closed salons).
 */
export async function campaignsPdf(db: DbOrTx, clock: Clock, year: number | null, month: number | null): Promise<Buffer> {
  let from: string | null = null;
  let to: string | null = null;
  if (year !== null) {
    const m = month ?? null;
    from = m === null ? `${year}-01-01` : `${year}-${String(m).padStart(2, '0')}-01`;
    to = m === null ? `${year}-12-31` : new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
  }
  const ids = await findCampaignIds(db, null, from, to);
  const campaigns = await summariesOf(db, clock, ids, null);
  return renderCampaignsPdf(campaigns, salonToday(CHAIN_TIME_ZONE, clock), from, to);
}

export function renderCampaignsPdf(campaigns: CampaignSummary[], today: string, from: string | null, to: string | null): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: 'Incentive campaigns', Author: 'Salon back-office' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(18).text('Incentive campaigns', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${from === null ? 'Every campaign of the chain' : `Campaigns overlapping ${from} to ${to}`}  |  ${campaigns.length} campaigns  |  as of ${today}`,
    );
  doc.text(
    'Revenue = paid amount of the listed services and products in the period (frozen at close for closed salons). Achieved = revenue / target. Leader bonus = per cent of the team total.',
  );
  doc.moveDown(0.8);
  if (campaigns.length === 0) doc.fillColor(TEXT).fontSize(11).text('No campaigns.');
  for (const campaign of campaigns) drawCampaign(doc, campaign);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

const ROW = 14;

function drawCampaign(doc: PDFKit.PDFDocument, campaign: CampaignSummary) {
  const bottom = doc.page.height - MARGIN - 20;
  if (doc.y + 3 * ROW + 30 > bottom) doc.addPage();
  doc.x = MARGIN;
  doc.fillColor(TEXT).font('Helvetica-Bold').fontSize(12).text(campaign.name);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${campaign.fromDate} to ${campaign.toDate}  |  ${campaign.status}  |  tiers ${campaign.tierMode}  |  ${campaign.salons.length} ${campaign.salons.length === 1 ? 'salon' : 'salons'}`,
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
      doc.text(cell, x + 2, y + 1, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false, ellipsis: true });
      x += column.width;
    });
    y += ROW;
  };
  drawRow(
    COLUMNS.map((c) => c.title),
    true,
    true,
  );
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
        euro(s.target),
        euro(s.revenue),
        percent(s.achieved),
        String(s.staffCount),
        euro(s.staffBonus),
        euro(s.teamLeaderBonus),
        euro(s.bonusTotal),
        s.closedAt ? 'yes' : 'no',
      ],
      false,
      false,
    );
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  drawRow(
    [
      'Total',
      euro(round(target)),
      euro(round(revenue)),
      percent(target > 0 ? round((revenue / target) * 100) : null),
      String(staff),
      euro(round(staffBonus)),
      euro(round(leaderBonus)),
      euro(round(staffBonus + leaderBonus)),
      '',
    ],
    true,
    true,
  );
  doc.x = MARGIN;
  doc.y = y + 10;
}
