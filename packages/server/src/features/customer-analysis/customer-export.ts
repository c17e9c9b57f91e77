import type { CustomerStatusResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import type { ExportLanguage } from '../../lib/export-heading.js';
import { addKpiRows, addSheetHeading, addTypedRow, type XlsxKind } from '../../lib/xlsx-sheet.js';

type StatusList = Static<typeof CustomerStatusResponse>;
type Row = StatusList['rows'][number];

/** The export file names (part of the product: clients save and share them). */
export const STATUS_FILE_NAME = 'status.xlsx';
export const LOST_LIST_FILE_NAME = 'Lost List status.xlsx';

/** Which list a file holds: the filtered status list or the lost list. */
export type StatusFileKind = 'status' | 'lost';

const TEXT = {
  en: {
    titles: { status: 'Client status', lost: 'Lost clients' },
    sheets: { status: 'Status', lost: 'Lost list' },
    thresholds: 'Thresholds',
    thresholdText: (active: number, lost: number) => `active under ${active} days, lost over ${lost} days since the last visit`,
    statuses: { ACTIVE: 'Active', AT_RISK: 'At risk', LOST: 'Lost', NO_VISIT: 'No visit' },
    yes: 'yes',
    no: 'no',
    allClients: 'All clients',
    headers: {
      clientId: 'Client id',
      lastName: 'Last name',
      firstName: 'First name',
      gender: 'Gender',
      status: 'Status',
      lastVisit: 'Last visit',
      daysSince: 'Days since last visit',
      firstVisit: 'First visit',
      visits: 'Visits in range',
      spend: 'Spend in range (EUR)',
      totalVisits: 'Visits to date',
      totalSpend: 'Spend to date (EUR)',
      phone: 'Phone',
      email: 'Email',
      privacy: 'Privacy consent',
      marketing: 'Marketing consent',
    },
  },
  it: {
    titles: { status: 'Stato clienti', lost: 'Clienti persi' },
    sheets: { status: 'Stato', lost: 'Clienti persi' },
    thresholds: 'Soglie',
    thresholdText: (active: number, lost: number) => `attivo sotto ${active} giorni, perso oltre ${lost} giorni dall'ultima visita`,
    statuses: { ACTIVE: 'Attivo', AT_RISK: 'A rischio', LOST: 'Perso', NO_VISIT: 'Nessuna visita' },
    yes: 'sì',
    no: 'no',
    allClients: 'Tutti i clienti',
    headers: {
      clientId: 'Id cliente',
      lastName: 'Cognome',
      firstName: 'Nome',
      gender: 'Genere',
      status: 'Stato',
      lastVisit: 'Ultima visita',
      daysSince: "Giorni dall'ultima visita",
      firstVisit: 'Prima visita',
      visits: 'Visite nel periodo',
      spend: 'Spesa nel periodo (EUR)',
      totalVisits: 'Visite totali',
      totalSpend: 'Spesa totale (EUR)',
      phone: 'Telefono',
      email: 'Email',
      privacy: 'Consenso privacy',
      marketing: 'Consenso marketing',
    },
  },
} as const;

/**
 * A status list as an .xlsx workbook in the reader's language: a heading (the list's title, the
 * salon's name, the period in words and the thresholds), the clients per status as the screen
 * counts them, then one row of clients per line (the contact columns only when the list carries
 * them), days as Excel dates and money in euros.
 */
export async function statusWorkbook(list: StatusList, salonName: string, kind: StatusFileKind, language: ExportLanguage): Promise<Buffer> {
  const text = TEXT[language];
  const h = text.headers;
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(text.sheets[kind]);
  addSheetHeading(
    sheet,
    {
      title: text.titles[kind],
      salonName,
      fromDate: list.fromDate,
      toDate: list.toDate,
      details: [[text.thresholds, text.thresholdText(list.activeDays, list.lostDays)]],
    },
    language,
  );
  addKpiRows(sheet, [
    { label: text.allClients, value: list.counts.total, kind: 'integer' },
    { label: text.statuses.ACTIVE, value: list.counts.active, kind: 'integer' },
    { label: text.statuses.AT_RISK, value: list.counts.atRisk, kind: 'integer' },
    { label: text.statuses.LOST, value: list.counts.lost, kind: 'integer' },
    { label: text.statuses.NO_VISIT, value: list.counts.noVisit, kind: 'integer' },
  ]);
  const yesNo = (value: boolean | undefined) => (value ? text.yes : text.no);
  const columns: { header: string; width: number; kind: XlsxKind; value: (row: Row) => string | number | null }[] = [
    { header: h.clientId, width: 10, kind: 'text', value: (r) => r.clientId },
    { header: h.lastName, width: 18, kind: 'text', value: (r) => r.lastName },
    { header: h.firstName, width: 16, kind: 'text', value: (r) => r.firstName },
    { header: h.gender, width: 9, kind: 'text', value: (r) => r.gender },
    { header: h.status, width: 10, kind: 'text', value: (r) => text.statuses[r.status] },
    { header: h.lastVisit, width: 12, kind: 'date', value: (r) => r.lastVisit },
    { header: h.daysSince, width: 10, kind: 'integer', value: (r) => r.daysSinceLastVisit },
    { header: h.firstVisit, width: 12, kind: 'date', value: (r) => r.firstVisit },
    { header: h.visits, width: 10, kind: 'integer', value: (r) => r.visits },
    { header: h.spend, width: 12, kind: 'money', value: (r) => r.spend },
    { header: h.totalVisits, width: 10, kind: 'integer', value: (r) => r.totalVisits },
    { header: h.totalSpend, width: 12, kind: 'money', value: (r) => r.totalSpend },
  ];
  if (list.contactsIncluded) {
    columns.push(
      { header: h.phone, width: 16, kind: 'text', value: (r) => r.contact?.phone ?? null },
      { header: h.email, width: 26, kind: 'text', value: (r) => r.contact?.email ?? null },
      { header: h.privacy, width: 9, kind: 'text', value: (r) => yesNo(r.contact?.privacyConsent) },
      { header: h.marketing, width: 9, kind: 'text', value: (r) => yesNo(r.contact?.marketingConsent) },
    );
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width;
  });
  for (const row of list.rows)
    addTypedRow(
      sheet,
      columns.map((c) => [c.value(row), c.kind] as const),
    );
  sheet.views = [{ state: 'frozen', ySplit: header.number }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
