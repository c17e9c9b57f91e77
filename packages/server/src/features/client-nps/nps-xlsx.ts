import type { NpsDetractorsResponse, NpsYearResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import type { ExportHeading, ExportLanguage } from '../../lib/export-heading.js';
import { monthNamesOf } from '../../lib/months.js';
import { addKpiRows, addSheetHeading, addTypedRow, type XlsxKind } from '../../lib/xlsx-sheet.js';
import type { getNpsAnswersOfYear } from './client-nps.query.js';

export const NPS_FILE_NAME = 'Nps.xlsx';
export { XLSX_TYPE } from '../../lib/xlsx-sheet.js';

type Language = ExportLanguage;

const TEXT = {
  en: {
    months: monthNamesOf('en'),
    title: 'Net Promoter Score',
    summary: 'NPS',
    answers: 'Answers',
    month: 'Month',
    total: 'Year',
    notYet: 'not yet come',
    headers: [
      'Responses',
      'Promoters (9-10)',
      'Passives (7-8)',
      'Detractors (0-6)',
      'Promoters %',
      'Passives %',
      'Detractors %',
      'NPS',
      'Average score',
    ],
    answerHeaders: ['Day', 'Client id', 'Client', 'Score', 'Category', 'Comment'],
    categories: { PROMOTER: 'Promoter', PASSIVE: 'Passive', DETRACTOR: 'Detractor' },
    kpi: {
      nps: 'NPS',
      responses: 'Answers',
      promoters: 'Promoters',
      passives: 'Passives',
      detractors: 'Detractors',
      averageScore: 'Average score',
    },
    followUp: 'Follow-up',
    followUpTitle: (year: number) => `Detractors to follow up, ${year}`,
    followUpHeaders: [
      'Client id',
      'Client',
      'Status',
      'Last visit',
      'Days since last visit',
      'Latest score',
      'Answered on',
      'Comment',
      'Answers 0-6',
    ],
    statuses: { AT_RISK: 'At risk', LOST: 'Lost', ACTIVE: 'Active', NO_VISIT: 'No visit' },
  },
  it: {
    months: monthNamesOf('it'),
    title: 'Net Promoter Score',
    summary: 'NPS',
    answers: 'Risposte',
    month: 'Mese',
    total: 'Anno',
    notYet: 'non ancora trascorso',
    headers: [
      'Risposte',
      'Promotori (9-10)',
      'Passivi (7-8)',
      'Detrattori (0-6)',
      'Promotori %',
      'Passivi %',
      'Detrattori %',
      'NPS',
      'Voto medio',
    ],
    answerHeaders: ['Giorno', 'Id cliente', 'Cliente', 'Voto', 'Categoria', 'Commento'],
    categories: { PROMOTER: 'Promotore', PASSIVE: 'Passivo', DETRACTOR: 'Detrattore' },
    kpi: {
      nps: 'NPS',
      responses: 'Risposte',
      promoters: 'Promotori',
      passives: 'Passivi',
      detractors: 'Detrattori',
      averageScore: 'Voto medio',
    },
    followUp: 'Da ricontattare',
    followUpTitle: (year: number) => `Detrattori da ricontattare, ${year}`,
    followUpHeaders: [
      'Id cliente',
      'Cliente',
      'Stato',
      'Ultima visita',
      "Giorni dall'ultima visita",
      'Ultimo voto',
      'Risposto il',
      'Commento',
      'Risposte 0-6',
    ],
    statuses: { AT_RISK: 'A rischio', LOST: 'Perso', ACTIVE: 'Attivo', NO_VISIT: 'Nessuna visita' },
  },
} as const;

/**
 * Nps.xlsx, what the NPS screen shows for the year: its KPI cards and the months with the year's
 * totals (numbers as numbers, percentages as percentages, empty cells where a month has no answers),
 * every answer of the year with the client and the comment, and the detractors to follow up; each
 * sheet under its title, the salon's name and the year's dates, days as Excel dates.
 */
export async function buildNpsXlsx(
  report: Static<typeof NpsYearResponse>,
  answers: Awaited<ReturnType<typeof getNpsAnswersOfYear>>,
  detractors: Static<typeof NpsDetractorsResponse>,
  salonName: string,
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const headingOf = (title: string): ExportHeading => ({
    title,
    salonName,
    fromDate: `${report.year}-01-01`,
    toDate: `${report.year}-12-31`,
  });
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet(`${text.summary} ${report.year}`);
  addSheetHeading(summary, headingOf(`${text.title} ${report.year}`), language);
  const { totals } = report;
  addKpiRows(summary, [
    { label: text.kpi.nps, value: totals.nps, kind: 'number' },
    { label: text.kpi.responses, value: totals.responses, kind: 'integer' },
    { label: text.kpi.promoters, value: totals.promotersPercent, kind: 'percent' },
    { label: text.kpi.passives, value: totals.passivesPercent, kind: 'percent' },
    { label: text.kpi.detractors, value: totals.detractorsPercent, kind: 'percent' },
    { label: text.kpi.averageScore, value: totals.averageScore, kind: 'number' },
  ]);
  summary.addRow([text.month, ...text.headers]).font = { bold: true };
  const kinds: XlsxKind[] = ['integer', 'integer', 'integer', 'integer', 'percent', 'percent', 'percent', 'number', 'number'];
  const figures = (f: Static<typeof NpsYearResponse>['totals']) =>
    [
      f.responses,
      f.promoters,
      f.passives,
      f.detractors,
      f.promotersPercent,
      f.passivesPercent,
      f.detractorsPercent,
      f.nps,
      f.averageScore,
    ].map((value, i) => [value, kinds[i] ?? 'number'] as const);
  for (const month of report.months) {
    const label = text.months[month.month - 1] ?? String(month.month);
    if (month.isFuture && month.responses === 0) summary.addRow([label, text.notYet]);
    else addTypedRow(summary, [[label, 'text'], ...figures(month)]);
  }
  addTypedRow(summary, [[text.total, 'text'], ...figures(totals)], { isBold: true });
  summary.columns.forEach((column, i) => {
    column.width = i === 0 ? 14 : 16;
  });

  const sheet = book.addWorksheet(text.answers);
  addSheetHeading(sheet, headingOf(`${text.title} ${report.year}: ${text.answers.toLowerCase()}`), language);
  sheet.addRow(text.answerHeaders).font = { bold: true };
  for (const a of answers) {
    addTypedRow(sheet, [
      [a.day, 'date'],
      [a.clientId, 'text'],
      [a.clientName, 'text'],
      [a.score, 'integer'],
      [text.categories[a.category], 'text'],
      [a.comment, 'text'],
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [12, 10, 28, 8, 14, 60][i] ?? 14;
  });

  const followUp = book.addWorksheet(text.followUp);
  addSheetHeading(followUp, headingOf(text.followUpTitle(report.year)), language);
  followUp.addRow(text.followUpHeaders).font = { bold: true };
  for (const d of detractors.rows) {
    addTypedRow(followUp, [
      [d.clientId, 'text'],
      [d.clientName, 'text'],
      [text.statuses[d.status], 'text'],
      [d.lastVisit, 'date'],
      [d.daysSinceLastVisit, 'integer'],
      [d.lastScore, 'integer'],
      [d.lastAnswerDay, 'date'],
      [d.lastComment, 'text'],
      [d.answers, 'integer'],
    ]);
  }
  followUp.columns.forEach((column, i) => {
    column.width = [10, 28, 12, 12, 10, 8, 12, 60, 10][i] ?? 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
