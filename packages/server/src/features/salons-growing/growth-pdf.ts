import type { GrowthCategory } from '@salon/contracts';
import PDFDocument from 'pdfkit';
import { exportDay, exportMonth } from '../../lib/export-heading.js';
import type { GrowthReportData } from './growth.service.js';

export type PdfLanguage = 'en' | 'it';

/** Every string the PDF prints, in the two interface languages. */
const LABELS = {
  en: {
    categories: { TREATMENT: 'Treatment', COLOUR: 'Colour', HAIRCUT: 'Haircut', RESALE: 'Resale', STYLING: 'Styling' },
    reportTitle: 'Salon growth report',
    period: (from: string, to: string) => `period ${from} to ${to}`,
    range: (from: string, to: string) => `${from} to ${to}`,
    definition:
      'Penetration = share of DONE appointments with at least one line of the category, per month. The target is measured as the average of the last months set for each category; the path runs in a straight line from the start value to the target.',
    recap: 'Recap',
    categoryTitle: (category: string) => `${category} penetration`,
    columns: {
      category: 'Category',
      period: 'Period',
      start: 'Start',
      averageNow: 'Average now',
      pathNow: 'Path now',
      target: 'Target',
      gap: 'Gap',
      onTrack: 'On track',
      month: 'Month',
      appointments: 'Appointments',
      withCategory: 'With category',
      actual: 'Actual',
      path: 'Path',
    },
    yes: 'yes',
    no: 'no',
    base: 'base',
    startSources: { BASELINE: 'average of the months before the period', FIRST_MONTH: 'first month of the period', NONE: 'no data' },
    periodLine: (from: string, to: string, months: number, target: string, over: number) =>
      `Period ${from} to ${to} (${months} months), target ${target} measured over ${over} months.`,
    statusLine: (start: string, source: string, average: string, path: string, gap: string, onTrack: boolean) =>
      `Start ${start} (${source}). Average now ${average}, path now ${path}, gap to target ${gap}: ${onTrack ? 'on track' : 'behind the path'}.`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    decimalSeparator: '.',
  },
  it: {
    categories: { TREATMENT: 'Trattamento', COLOUR: 'Colore', HAIRCUT: 'Taglio', RESALE: 'Rivendita', STYLING: 'Styling' },
    reportTitle: 'Report crescita salone',
    period: (from: string, to: string) => `periodo dal ${from} al ${to}`,
    range: (from: string, to: string) => `dal ${from} al ${to}`,
    definition:
      "Penetrazione = quota degli appuntamenti conclusi con almeno una riga della categoria, per mese. L'obiettivo si misura come media degli ultimi mesi impostati per ogni categoria; il percorso va in linea retta dal valore di partenza all'obiettivo.",
    recap: 'Riepilogo',
    categoryTitle: (category: string) => `Penetrazione ${category}`,
    columns: {
      category: 'Linea',
      period: 'Periodo',
      start: 'Partenza',
      averageNow: 'Media attuale',
      pathNow: 'Percorso ora',
      target: 'Obiettivo',
      gap: 'Scarto',
      onTrack: 'In linea',
      month: 'Mese',
      appointments: 'Appuntamenti',
      withCategory: 'Con categoria',
      actual: 'Reale',
      path: 'Percorso',
    },
    yes: 'sì',
    no: 'no',
    base: 'base',
    startSources: { BASELINE: 'media dei mesi prima del periodo', FIRST_MONTH: 'primo mese del periodo', NONE: 'nessun dato' },
    periodLine: (from: string, to: string, months: number, target: string, over: number) =>
      `Periodo dal ${from} al ${to} (${months} mesi), obiettivo ${target} misurato su ${over} mesi.`,
    statusLine: (start: string, source: string, average: string, path: string, gap: string, onTrack: boolean) =>
      `Partenza ${start} (${source}). Media attuale ${average}, percorso ora ${path}, scarto dall'obiettivo ${gap}: ${onTrack ? 'in linea' : 'sotto il percorso'}.`,
    page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
    decimalSeparator: ',',
  },
} satisfies Record<PdfLanguage, unknown>;

type Labels = (typeof LABELS)['en'];

/** The category names the PDF prints, per language. */
export function categoryTitle(category: GrowthCategory, language: PdfLanguage = 'en'): string {
  return LABELS[language].categories[category];
}

const MARGIN = 40;
const COLOURS = { actual: '#d81b60', path: '#1e88e5', target: '#43a047', grid: '#dddddd', text: '#222222', muted: '#777777' };

export interface GrowthPdfInput {
  salonName: string;
  /** The earliest period start of the five categories. */
  fromDate: string;
  /** Actuals up to this day (today). */
  toDate: string;
  reports: GrowthReportData[];
  /** The caller's interface language; English by default. */
  language?: PdfLanguage;
}

/** The language the file is written in (English unless asked). */
const languageOf = (input: GrowthPdfInput): PdfLanguage => input.language ?? 'en';

/** Two decimals with the language's decimal separator: '16.72 %' in English, '16,72 %' in Italian. */
const decimal = (value: number, labels: Labels) => value.toFixed(2).replace('.', labels.decimalSeparator);
const formatPercent = (value: number | null, labels: Labels) => (value === null ? '-' : `${decimal(value, labels)} %`);
const formatGap = (value: number | null, labels: Labels) => (value === null ? '-' : `${value > 0 ? '+' : ''}${decimal(value, labels)}`);

/** The growth report as a PDF: a recap page, then per category a chart and the monthly table; page numbers on every page. */
export function renderGrowthPdf(input: GrowthPdfInput): Promise<Buffer> {
  const labels: Labels = LABELS[input.language ?? 'en'];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `${labels.reportTitle} - ${input.salonName}`,
      Subject: labels.period(exportDay(input.fromDate, languageOf(input)), exportDay(input.toDate, languageOf(input))),
      Author: 'Salon back-office',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawRecapPage(doc, input, labels);
  for (const report of input.reports) {
    doc.addPage();
    drawCategoryPage(doc, input, report, labels);
  }
  drawPageNumbers(doc, labels);
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, input: GrowthPdfInput, title: string, labels: Labels) {
  doc.fillColor(COLOURS.text).font('Helvetica-Bold').fontSize(18).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(11).fillColor(COLOURS.muted);
  const day = (date: string) => exportDay(date, languageOf(input));
  doc.text(`${input.salonName}  |  ${labels.period(day(input.fromDate), day(input.toDate))}`);
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

function drawRecapPage(doc: PDFKit.PDFDocument, input: GrowthPdfInput, labels: Labels) {
  drawHeader(doc, input, labels.reportTitle, labels);
  doc.font('Helvetica').fontSize(10);
  doc.text(labels.definition, { width: doc.page.width - 2 * MARGIN });
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(13).text(labels.recap);
  doc.moveDown(0.4);
  const c = labels.columns;
  const columns: Column[] = [
    { title: c.category, width: 70 },
    { title: c.period, width: 130 },
    { title: c.start, width: 50, align: 'right' },
    { title: c.averageNow, width: 65, align: 'right' },
    { title: c.pathNow, width: 60, align: 'right' },
    { title: c.target, width: 50, align: 'right' },
    { title: c.gap, width: 40, align: 'right' },
    { title: c.onTrack, width: 50 },
  ];
  drawTable(
    doc,
    columns,
    input.reports.map((report) => [
      labels.categories[report.category],
      labels.range(exportDay(report.periodStartDate, languageOf(input)), exportDay(report.periodEndDate, languageOf(input))),
      formatPercent(report.startPercent, labels),
      formatPercent(report.currentAveragePercent, labels),
      formatPercent(report.currentPathPercent, labels),
      formatPercent(report.target, labels),
      formatGap(report.gapToTargetPercent, labels),
      report.isOnTrack ? labels.yes : labels.no,
    ]),
    { rowHeight: 17 },
  );
}

function drawCategoryPage(doc: PDFKit.PDFDocument, input: GrowthPdfInput, report: GrowthReportData, labels: Labels) {
  drawHeader(doc, input, labels.categoryTitle(labels.categories[report.category]), labels);
  doc.font('Helvetica').fontSize(10);
  doc.text(
    labels.periodLine(
      exportDay(report.periodStartDate, languageOf(input)),
      exportDay(report.periodEndDate, languageOf(input)),
      report.reachTargetMonths,
      formatPercent(report.target, labels),
      report.targetMonths,
    ),
  );
  doc.text(
    labels.statusLine(
      formatPercent(report.startPercent, labels),
      labels.startSources[report.startSource],
      formatPercent(report.currentAveragePercent, labels),
      formatPercent(report.currentPathPercent, labels),
      formatGap(report.gapToTargetPercent, labels),
      report.isOnTrack,
    ),
  );
  doc.moveDown(0.8);
  drawChart(doc, report, labels);
  const c = labels.columns;
  drawTable(
    doc,
    [
      { title: c.month, width: 85 },
      { title: c.appointments, width: 70, align: 'right' },
      { title: c.withCategory, width: 75, align: 'right' },
      { title: c.actual, width: 65, align: 'right' },
      { title: c.path, width: 65, align: 'right' },
      { title: c.target, width: 60, align: 'right' },
      { title: c.gap, width: 55, align: 'right' },
    ],
    report.months.map((month) => [
      month.phase === 'BASELINE'
        ? `${exportMonth(month.month, languageOf(input))} (${labels.base})`
        : exportMonth(month.month, languageOf(input)),
      month.appointments === null ? '-' : String(month.appointments),
      month.appointmentsWithCategory === null ? '-' : String(month.appointmentsWithCategory),
      formatPercent(month.actualPercent, labels),
      formatPercent(month.pathPercent, labels),
      month.phase === 'BASELINE' ? '-' : formatPercent(report.target, labels),
      formatGap(month.gapPercent, labels),
    ]),
  );
}

/** Bars for the monthly actuals, a line for the path, a dashed line for the target; y axis 0..100 %. */
function drawChart(doc: PDFKit.PDFDocument, report: GrowthReportData, labels: Labels) {
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
    [labels.columns.actual, COLOURS.actual],
    [labels.columns.path, COLOURS.path],
    [labels.columns.target, COLOURS.target],
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

function drawPageNumbers(doc: PDFKit.PDFDocument, labels: Labels) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(COLOURS.muted)
      .font('Helvetica')
      .fontSize(8)
      .text(labels.page(index - range.start + 1, range.count), MARGIN, doc.page.height - MARGIN + 10, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}
