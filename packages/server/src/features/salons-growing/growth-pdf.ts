import type { GrowthCategory } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import type { GrowthReportData } from './growth.service.js';

export const CATEGORY_TITLES: Record<GrowthCategory, string> = {
  TREATMENT: 'Treatment',
  COLOUR: 'Colour',
  HAIRCUT: 'Haircut',
  RESALE: 'Resale',
  STYLING: 'Styling',
};

const MARGIN = 40;
const COLOURS = { actual: '#d81b60', path: '#1e88e5', target: '#43a047', grid: '#dddddd', text: '#222222', muted: '#777777' };

export interface GrowthPdfInput {
  salonName: string;
  /** The earliest period start of the five categories. */
  fromDate: string;
  /** Actuals up to this day (today). */
  toDate: string;
  reports: GrowthReportData[];
}

const formatPercent = (value: number | null) => (value === null ? '-' : `${value.toFixed(2)} %`);
const formatGap = (value: number | null) => (value === null ? '-' : `${value > 0 ? '+' : ''}${value.toFixed(2)}`);

/** The growth report as a PDF: a recap page, then per category a chart and the monthly table; page numbers on every page. */
export function renderGrowthPdf(input: GrowthPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Salon growth - ${input.salonName}`, Subject: `${input.fromDate} to ${input.toDate}`, Author: 'Salon back-office' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawRecapPage(doc, input);
  for (const report of input.reports) {
    doc.addPage();
    drawCategoryPage(doc, input, report);
  }
  drawPageNumbers(doc);
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, input: GrowthPdfInput, title: string) {
  doc.fillColor(COLOURS.text).font('Helvetica-Bold').fontSize(18).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor(COLOURS.muted);
  doc.text(`${input.salonName}  |  period ${input.fromDate} to ${input.toDate}`);
  doc.moveDown(0.8);
  doc.fillColor(COLOURS.text);
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** Draws a table with a header row; continues on a new page (header repeated) when the page is full. */
function drawTable(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: string[][],
  options: { rowHeight?: number; boldRow?: (index: number) => boolean } = {},
) {
  const rowHeight = options.rowHeight ?? 15;
  const bottom = doc.page.height - MARGIN - 20;
  let y = doc.y;
  const drawRow = (cells: string[], bold: boolean, shaded: boolean) => {
    let x = MARGIN;
    if (shaded)
      doc
        .rect(
          MARGIN,
          y - 2,
          columns.reduce((sum, column) => sum + column.width, 0),
          rowHeight,
        )
        .fill('#f4f4f4');
    doc
      .fillColor(COLOURS.text)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index] as Column;
      doc.text(cell, x + 3, y + 1, { width: column.width - 6, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    });
    y += rowHeight;
  };
  drawRow(
    columns.map((column) => column.title),
    true,
    true,
  );
  rows.forEach((cells, index) => {
    if (y + rowHeight > bottom) {
      doc.addPage();
      y = MARGIN;
      drawRow(
        columns.map((column) => column.title),
        true,
        true,
      );
    }
    drawRow(cells, options.boldRow?.(index) ?? false, false);
  });
  doc.x = MARGIN;
  doc.y = y + 8;
}

function drawRecapPage(doc: PDFKit.PDFDocument, input: GrowthPdfInput) {
  drawHeader(doc, input, 'Salon growth report');
  doc.font('Helvetica').fontSize(10);
  doc.text(
    'Penetration = share of DONE appointments with at least one line of the category, per month. The target is measured as the average of the last months set for each category; the path runs in a straight line from the start value to the target.',
    { width: doc.page.width - 2 * MARGIN },
  );
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(13).text('Recap');
  doc.moveDown(0.4);
  const columns: Column[] = [
    { title: 'Category', width: 75 },
    { title: 'Period', width: 120 },
    { title: 'Start', width: 55, align: 'right' },
    { title: 'Average now', width: 65, align: 'right' },
    { title: 'Path now', width: 55, align: 'right' },
    { title: 'Target', width: 50, align: 'right' },
    { title: 'Gap', width: 45, align: 'right' },
    { title: 'On track', width: 50 },
  ];
  drawTable(
    doc,
    columns,
    input.reports.map((report) => [
      CATEGORY_TITLES[report.category],
      `${report.periodStartDate} to ${report.periodEndDate}`,
      formatPercent(report.startPercent),
      formatPercent(report.currentAveragePercent),
      formatPercent(report.currentPathPercent),
      formatPercent(report.target),
      formatGap(report.gapToTargetPercent),
      report.isOnTrack ? 'yes' : 'no',
    ]),
    { rowHeight: 17 },
  );
}

function drawCategoryPage(doc: PDFKit.PDFDocument, input: GrowthPdfInput, report: GrowthReportData) {
  drawHeader(doc, input, `${CATEGORY_TITLES[report.category]} penetration`);
  doc.font('Helvetica').fontSize(10);
  const startLabel = { BASELINE: 'average of the months before the period', FIRST_MONTH: 'first month of the period', NONE: 'no data' }[
    report.startSource
  ];
  doc.text(
    `Period ${report.periodStartDate} to ${report.periodEndDate} (${report.reachTargetMonths} months), target ${formatPercent(report.target)} measured over ${report.targetMonths} months.`,
  );
  doc.text(
    `Start ${formatPercent(report.startPercent)} (${startLabel}). Average now ${formatPercent(report.currentAveragePercent)}, path now ${formatPercent(report.currentPathPercent)}, gap to target ${formatGap(report.gapToTargetPercent)}: ${report.isOnTrack ? 'on track' : 'behind the path'}.`,
  );
  doc.moveDown(0.8);
  drawChart(doc, report);
  drawTable(
    doc,
    [
      { title: 'Month', width: 70 },
      { title: 'Appointments', width: 75, align: 'right' },
      { title: 'With category', width: 75, align: 'right' },
      { title: 'Actual', width: 65, align: 'right' },
      { title: 'Path', width: 65, align: 'right' },
      { title: 'Target', width: 60, align: 'right' },
      { title: 'Gap', width: 55, align: 'right' },
    ],
    report.months.map((month) => [
      month.phase === 'BASELINE' ? `${month.month} (base)` : month.month,
      String(month.appointments),
      String(month.appointmentsWithCategory),
      formatPercent(month.actualPercent),
      formatPercent(month.pathPercent),
      month.phase === 'BASELINE' ? '-' : formatPercent(report.target),
      formatGap(month.gapPercent),
    ]),
  );
}

/** Bars for the monthly actuals, a line for the path, a dashed line for the target; y axis 0..100 %. */
function drawChart(doc: PDFKit.PDFDocument, report: GrowthReportData) {
  const left = MARGIN + 30;
  const width = doc.page.width - MARGIN - left;
  const height = 170;
  const top = doc.y + 5;
  const bottom = top + height;
  const y = (percent: number) => bottom - (Math.max(0, Math.min(100, percent)) / 100) * height;

  doc.lineWidth(0.5).fontSize(7).font('Helvetica');
  for (const tick of [0, 25, 50, 75, 100]) {
    doc
      .strokeColor(COLOURS.grid)
      .moveTo(left, y(tick))
      .lineTo(left + width, y(tick))
      .stroke();
    doc.fillColor(COLOURS.muted).text(`${tick}%`, MARGIN, y(tick) - 3, { width: 26, align: 'right', lineBreak: false });
  }

  const count = report.months.length;
  const slot = width / Math.max(1, count);
  const labelEvery = Math.max(1, Math.ceil(count / 18));
  report.months.forEach((month, index) => {
    const x = left + index * slot;
    if (month.actualPercent !== null) {
      const barTop = y(month.actualPercent);
      doc
        .rect(x + slot * 0.15, barTop, slot * 0.7, bottom - barTop)
        .fillOpacity(month.phase === 'BASELINE' ? 0.35 : 0.85)
        .fill(COLOURS.actual)
        .fillOpacity(1);
    }
    if (index % labelEvery === 0) {
      doc
        .fillColor(COLOURS.muted)
        .text(month.month.slice(2).replace('-', '/'), x, bottom + 3, { width: slot * labelEvery, lineBreak: false });
    }
  });

  const pathPoints = report.months
    .map((month, index) => ({ x: left + (index + 0.5) * slot, value: month.pathPercent }))
    .filter((point): point is { x: number; value: number } => point.value !== null);
  if (pathPoints.length > 0) {
    doc.lineWidth(1.5).strokeColor(COLOURS.path);
    pathPoints.forEach((point, index) => {
      if (index === 0) doc.moveTo(point.x, y(point.value));
      else doc.lineTo(point.x, y(point.value));
    });
    doc.stroke();
  }
  doc.lineWidth(1).strokeColor(COLOURS.target).dash(4, { space: 3 });
  doc
    .moveTo(left, y(report.target))
    .lineTo(left + width, y(report.target))
    .stroke();
  doc.undash();

  const legendY = bottom + 16;
  const legend: [string, string][] = [
    ['Actual', COLOURS.actual],
    ['Path', COLOURS.path],
    ['Target', COLOURS.target],
  ];
  legend.forEach(([label, colour], index) => {
    const x = left + index * 80;
    doc.rect(x, legendY, 10, 6).fill(colour);
    doc
      .fillColor(COLOURS.text)
      .fontSize(8)
      .text(label, x + 14, legendY - 1, { lineBreak: false });
  });
  doc.lineWidth(1).strokeColor('black');
  doc.x = MARGIN;
  doc.y = legendY + 18;
}

function drawPageNumbers(doc: PDFKit.PDFDocument) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(COLOURS.muted)
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
