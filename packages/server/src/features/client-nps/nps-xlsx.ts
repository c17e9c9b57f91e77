import type { NpsYearResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { monthNamesOf } from '../../lib/months.js';
import type { getNpsAnswersOfYear } from './client-nps.query.js';

export const NPS_FILE_NAME = 'Nps.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Language = 'en' | 'it';

const TEXT = {
  en: {
    months: monthNamesOf('en'),
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

/**
 * Nps.xlsx: the year per month with the year's totals (numbers as numbers, empty cells where a
 * month has no answers) and every answer of the year with the client and the comment.
 */
export async function buildNpsXlsx(
  report: Static<typeof NpsYearResponse>,
  answers: Awaited<ReturnType<typeof getNpsAnswersOfYear>>,
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const book = new ExcelJS.Workbook();
  const summary = book.addWorksheet(`${text.summary} ${report.year}`);
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
  sheet.addRow(text.answerHeaders).font = { bold: true };
  for (const a of answers) sheet.addRow([a.day, a.clientId, a.clientName, a.score, text.categories[a.category], a.comment]);
  sheet.columns.forEach((column, i) => {
    column.width = [12, 10, 28, 8, 14, 60][i] ?? 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
