import type { CustomerStatusResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';

type StatusList = Static<typeof CustomerStatusResponse>;

/** The export file names (part of the product: clients save and share them). */
export const STATUS_FILE_NAME = 'status.xlsx';
export const LOST_LIST_FILE_NAME = 'Lost List status.xlsx';

const STATUS_LABELS = { ACTIVE: 'Active', AT_RISK: 'At risk', LOST: 'Lost', NO_VISIT: 'No visit' } as const;

/**
 * A status list as an .xlsx workbook: one sheet of clients (the columns of the status list, the
 * contact columns only when the list carries them) under a heading that names the salon, the
 * range and the thresholds. Dates stay YYYY-MM-DD text so no spreadsheet shifts them by a zone.
 */
export async function statusWorkbook(list: StatusList, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([
    `Salon ${list.salonId} · ${list.fromDate}..${list.toDate} · active < ${list.activeDays} days, lost > ${list.lostDays} days since the last visit`,
  ]);
  const columns: { header: string; width: number; value: (row: StatusList['rows'][number]) => string | number | boolean | null }[] = [
    { header: 'Client id', width: 10, value: (r) => r.clientId },
    { header: 'Last name', width: 18, value: (r) => r.lastName },
    { header: 'First name', width: 16, value: (r) => r.firstName },
    { header: 'Gender', width: 9, value: (r) => r.gender },
    { header: 'Status', width: 10, value: (r) => STATUS_LABELS[r.status] },
    { header: 'Last visit', width: 12, value: (r) => r.lastVisit },
    { header: 'Days since last visit', width: 10, value: (r) => r.daysSinceLastVisit },
    { header: 'First visit', width: 12, value: (r) => r.firstVisit },
    { header: 'Visits in range', width: 10, value: (r) => r.visits },
    { header: 'Spend in range (EUR)', width: 12, value: (r) => r.spend },
    { header: 'Visits to date', width: 10, value: (r) => r.totalVisits },
    { header: 'Spend to date (EUR)', width: 12, value: (r) => r.totalSpend },
  ];
  if (list.contactsIncluded) {
    columns.push(
      { header: 'Phone', width: 16, value: (r) => r.contact?.phone ?? null },
      { header: 'Email', width: 26, value: (r) => r.contact?.email ?? null },
      { header: 'Privacy consent', width: 9, value: (r) => (r.contact?.privacyConsent ? 'yes' : 'no') },
      { header: 'Marketing consent', width: 9, value: (r) => (r.contact?.marketingConsent ? 'yes' : 'no') },
    );
  }
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = c.width;
  });
  for (const row of list.rows) sheet.addRow(columns.map((c) => c.value(row)));
  for (const i of [10, 12]) sheet.getColumn(i).numFmt = '#,##0.00';
  sheet.views = [{ state: 'frozen', ySplit: 2 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
