import type { ClientQuality, CreatorQuality, DataQualityIssue } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import type { ExportHeading } from '../../lib/export-heading.js';
import { addKpiRows, addSheetHeading, addTypedRow, type XlsxKpi } from '../../lib/xlsx-sheet.js';
import type { Quality } from './data-qualities.query.js';

export const DATA_QUALITY_FILE_NAME = 'CustomersBySalon.xlsx';
export { XLSX_TYPE } from '../../lib/xlsx-sheet.js';

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
    kpi: {
      clients: 'Client records',
      completeClients: 'Complete records',
      completePercent: 'Complete share',
      averageScore: 'Average score',
      duplicates: 'Likely duplicates',
      duplicateGroups: 'Duplicate groups',
    },
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
    kpi: {
      clients: 'Schede clienti',
      completeClients: 'Schede complete',
      completePercent: 'Quota complete',
      averageScore: 'Punteggio medio',
      duplicates: 'Probabili doppioni',
      duplicateGroups: 'Gruppi di doppioni',
    },
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

/**
 * CustomersBySalon.xlsx: the screen's KPI cards, then every client record with its findings and
 * score (the ones to fix first first), days as Excel dates; and a summary sheet: the salon and each
 * creator with the records per finding; each sheet under its title, the salon's name and the day
 * the figures are of.
 */
export async function buildDataQualityXlsx(
  clients: Static<typeof ClientQuality>[],
  salon: Quality,
  byCreator: Static<typeof CreatorQuality>[],
  duplicateGroups: number,
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
  const k = text.kpi;
  const kpis: XlsxKpi[] = [
    { label: k.clients, value: salon.clients, kind: 'integer' },
    { label: k.completeClients, value: salon.completeClients, kind: 'integer' },
    { label: k.completePercent, value: salon.completePercent, kind: 'percent' },
    { label: k.averageScore, value: salon.averageScore, kind: 'number' },
    { label: k.duplicates, value: salon.issues.duplicates, kind: 'integer' },
    { label: k.duplicateGroups, value: duplicateGroups, kind: 'integer' },
  ];
  const aboveTable = addSheetHeading(sheet, headingOf(text.title), language) + addKpiRows(sheet, kpis);
  sheet.addRow(text.headers).font = { bold: true };
  for (const c of clients) {
    addTypedRow(sheet, [
      [c.clientId, 'text'],
      [c.firstName, 'text'],
      [c.lastName, 'text'],
      [c.phone, 'text'],
      [c.email, 'text'],
      [c.birthDate, 'date'],
      [c.gender, 'text'],
      [c.privacyConsent ? text.yes : text.no, 'text'],
      [c.firstVisit, 'date'],
      [c.createdBy === null ? text.unknown : c.createdByName, 'text'],
      [c.score, 'number'],
      [c.duplicateGroupId, 'text'],
      [c.issues.map((issue) => issues[issue]).join(', '), 'text'],
    ]);
  }
  sheet.views = [{ state: 'frozen', ySplit: aboveTable + 1 }];
  sheet.columns.forEach((column, i) => {
    column.width = [10, 16, 18, 18, 30, 12, 9, 10, 12, 22, 10, 10, 60][i] ?? 14;
  });

  const summary = book.addWorksheet(text.summary);
  addSheetHeading(summary, headingOf(text.summaryTitle), language);
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
