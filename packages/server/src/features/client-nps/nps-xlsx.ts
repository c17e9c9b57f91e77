import type { NpsYearResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { type ExportLanguage, exportHeadingRows } from '../../lib/export-heading.js';
import { monthNamesOf } from '../../lib/months.js';
import type { getNpsAnswersOfYear } from './client-nps.query.js';

export const NPS_FILE_NAME = 'Nps.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  },
} as const;

/** Writes the file's heading (title, salon, the year as dates) at the top of a sheet, then an empty row. */
function addHeading(sheet: ExcelJS.Worksheet, title: string, salonName: string, year: number, language: Language): void {
  const rows = exportHeadingRows({ title, salonName, fromDate: `${year}-01-01`, toDate: `${year}-12-31` }, language);
  rows.forEach((cells, index) => {
    const row = sheet.addRow(cells);
    if (index === 0) row.font = { bold: true, size: 14 };
    else row.getCell(1).font = { bold: true };
  });
  sheet.addRow([]);
}

/** Rows each sheet of Nps.xlsx starts with before its table: title, salon, period and an empty row. */
export const NPS_HEADING_ROWS = 4;

/**
 * Nps.xlsx: the year per month with the year's totals (numbers as numbers, empty cells where a
 * month has no answers) and every answer of the year with the client and the comment, each sheet
 * under the salon's name and the year's dates.
 */
export async function buildNpsXlsx(
  report: Static<typeof NpsYearResponse>,
  answers: Awaited<ReturnType<typeof getNpsAnswersOfYear>>,
  salonName: string,
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet(`${text.summary} ${report.year}`);
  addHeading(summary, `${text.title} ${report.year}`, salonName, report.year, language);
  summary.addRow([text.month, ...text.headers]).font = { bold: true };
  const figures = (f: Static<typeof NpsYearResponse>['totals']) => [
    f.responses,
    f.promoters,
    f.passives,
    f.detractors,
    f.promotersPercent,
    f.passivesPercent,
    f.detractorsPercent,
    f.nps,
    f.averageScore,
  ];
  for (const month of report.months) {
    const label = text.months[month.month - 1] ?? String(month.month);
    summary.addRow(month.isFuture && month.responses === 0 ? [label, text.notYet] : [label, ...figures(month)]);
  }
  summary.addRow([text.total, ...figures(report.totals)]).font = { bold: true };
  summary.columns.forEach((column, i) => {
    column.width = i === 0 ? 14 : 16;
  });

  const sheet = book.addWorksheet(text.answers);
  addHeading(sheet, `${text.title} ${report.year}: ${text.answers.toLowerCase()}`, salonName, report.year, language);
  sheet.addRow(text.answerHeaders).font = { bold: true };
  for (const a of answers) sheet.addRow([a.day, a.clientId, a.clientName, a.score, text.categories[a.category], a.comment]);
  sheet.columns.forEach((column, i) => {
    column.width = [12, 10, 28, 8, 14, 60][i] ?? 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
