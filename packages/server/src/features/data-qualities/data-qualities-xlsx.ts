import type { ClientQuality, CreatorQuality, DataQualityIssue } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { type ExportHeading, exportHeadingRows, headingRowCount } from '../../lib/export-heading.js';
import type { Quality } from './data-qualities.query.js';

export const DATA_QUALITY_FILE_NAME = 'CustomersBySalon.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Language = 'en' | 'it';

const ISSUE_TEXT: Record<Language, Record<DataQualityIssue, string>> = {
  en: {
    PHONE_MISSING: 'Phone missing',
    PHONE_INVALID: 'Phone invalid',
    EMAIL_MISSING: 'E-mail missing',
    EMAIL_INVALID: 'E-mail invalid',
    BIRTH_DATE_MISSING: 'Birth date missing',
    BIRTH_DATE_IMPLAUSIBLE: 'Birth date implausible',
    GENDER_MISSING: 'Gender missing',
    CONSENT_MISSING: 'Privacy consent missing',
    DUPLICATE: 'Likely duplicate',
  },
  it: {
    PHONE_MISSING: 'Telefono mancante',
    PHONE_INVALID: 'Telefono non valido',
    EMAIL_MISSING: 'E-mail mancante',
    EMAIL_INVALID: 'E-mail non valida',
    BIRTH_DATE_MISSING: 'Data di nascita mancante',
    BIRTH_DATE_IMPLAUSIBLE: 'Data di nascita non plausibile',
    GENDER_MISSING: 'Sesso mancante',
    CONSENT_MISSING: 'Consenso privacy mancante',
    DUPLICATE: 'Probabile doppione',
  },
};

const TEXT = {
  en: {
    clients: 'Clients',
    summary: 'Summary',
    headers: [
      'Client id',
      'First name',
      'Last name',
      'Phone',
      'E-mail',
      'Birth date',
      'Gender',
      'Privacy consent',
      'First visit',
      'Created by',
      'Completeness %',
      'Duplicate group',
      'Issues',
    ],
    yes: 'Yes',
    no: 'No',
    unknown: 'Unknown',
    summaryHeaders: ['Created by', 'Records', 'Complete', 'Complete %', 'Average completeness %'],
    salon: 'Whole salon',
    title: 'Client data quality',
    summaryTitle: 'Client data quality per creator',
  },
  it: {
    clients: 'Clienti',
    summary: 'Riepilogo',
    headers: [
      'Id cliente',
      'Nome',
      'Cognome',
      'Telefono',
      'E-mail',
      'Data di nascita',
      'Sesso',
      'Consenso privacy',
      'Prima visita',
      'Creato da',
      'Completezza %',
      'Gruppo doppioni',
      'Problemi',
    ],
    yes: 'Sì',
    no: 'No',
    unknown: 'Sconosciuto',
    summaryHeaders: ['Creato da', 'Schede', 'Complete', 'Complete %', 'Completezza media %'],
    salon: 'Tutto il salone',
    title: 'Qualità dei dati clienti',
    summaryTitle: 'Qualità dei dati clienti per autore',
  },
} as const;

const ISSUE_KEYS: [keyof Quality['issues'], DataQualityIssue][] = [
  ['phoneMissing', 'PHONE_MISSING'],
  ['phoneInvalid', 'PHONE_INVALID'],
  ['emailMissing', 'EMAIL_MISSING'],
  ['emailInvalid', 'EMAIL_INVALID'],
  ['birthDateMissing', 'BIRTH_DATE_MISSING'],
  ['birthDateImplausible', 'BIRTH_DATE_IMPLAUSIBLE'],
  ['genderMissing', 'GENDER_MISSING'],
  ['consentMissing', 'CONSENT_MISSING'],
  ['duplicates', 'DUPLICATE'],
];

/** Writes a sheet's heading (title, salon, the day the figures are of) and an empty row; answers the rows it took. */
function addHeading(sheet: ExcelJS.Worksheet, heading: ExportHeading, language: Language): number {
  exportHeadingRows(heading, language).forEach((cells, index) => {
    const row = sheet.addRow(cells);
    if (index === 0) row.font = { bold: true, size: 14 };
    else row.getCell(1).font = { bold: true };
  });
  sheet.addRow([]);
  return headingRowCount(heading);
}

/**
 * CustomersBySalon.xlsx: every client record with its findings and score (the ones to fix first
 * first), and a summary sheet: the salon and each creator with the records per finding; each
 * sheet under its title, the salon's name and the day the figures are of.
 */
export async function buildDataQualityXlsx(
  clients: Static<typeof ClientQuality>[],
  salon: Quality,
  byCreator: Static<typeof CreatorQuality>[],
  where: { salonName: string; today: string },
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const issues = ISSUE_TEXT[language];
  const headingOf = (title: string): ExportHeading => ({
    title,
    salonName: where.salonName,
    fromDate: where.today,
    toDate: where.today,
    isSnapshot: true,
  });
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(text.clients);
  const headingRows = addHeading(sheet, headingOf(text.title), language);
  sheet.addRow(text.headers).font = { bold: true };
  for (const c of clients) {
    sheet.addRow([
      c.clientId,
      c.firstName,
      c.lastName,
      c.phone,
      c.email,
      c.birthDate,
      c.gender,
      c.privacyConsent ? text.yes : text.no,
      c.firstVisit,
      c.createdBy === null ? text.unknown : c.createdByName,
      c.score,
      c.duplicateGroupId,
      c.issues.map((issue) => issues[issue]).join(', '),
    ]);
  }
  sheet.views = [{ state: 'frozen', ySplit: headingRows + 1 }];
  sheet.columns.forEach((column, i) => {
    column.width = [10, 16, 18, 18, 30, 12, 9, 10, 12, 22, 10, 10, 60][i] ?? 14;
  });

  const summary = book.addWorksheet(text.summary);
  addHeading(summary, headingOf(text.summaryTitle), language);
  summary.addRow([...text.summaryHeaders, ...ISSUE_KEYS.map(([, issue]) => issues[issue])]).font = { bold: true };
  const line = (label: string, q: Quality) => [
    label,
    q.clients,
    q.completeClients,
    q.completePercent,
    q.averageScore,
    ...ISSUE_KEYS.map(([key]) => q.issues[key]),
  ];
  summary.addRow(line(text.salon, salon)).font = { bold: true };
  for (const creator of byCreator) summary.addRow(line(creator.staffId === null ? text.unknown : creator.name, creator));
  summary.columns.forEach((column, i) => {
    column.width = i === 0 ? 24 : 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
