import { PassThrough } from 'node:stream';
import type { StockMovement, StockMovementType, StockStatusResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { type ExportHeading, exportHeadingRows, headingRowCount } from '../../lib/export-heading.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Language = 'en' | 'it';

const TYPE_TEXT: Record<Language, Record<StockMovementType, string>> = {
  en: { LOAD: 'Load', SALE: 'Sale', INTERNAL_USE: 'Internal use', ADJUSTMENT: 'Adjustment', TRANSFER: 'Transfer' },
  it: { LOAD: 'Carico', SALE: 'Vendita', INTERNAL_USE: 'Uso interno', ADJUSTMENT: 'Rettifica', TRANSFER: 'Trasferimento' },
};

const TEXT = {
  en: {
    title: 'Stock movements',
    statusTitle: 'Stock status at the end of the period',
    movements: 'Movements',
    status: 'Status',
    movementHeaders: ['Day', 'Product', 'Brand', 'Category', 'Type', 'Quantity', 'Unit cost €', 'Value €', 'Note'],
    statusHeaders: [
      'Product',
      'Brand',
      'Category',
      'Opening',
      'Net change',
      'On hand',
      'Unit cost €',
      'Stock value €',
      'Daily usage',
      'Days of cover',
      'Reorder level',
      'Reorder',
    ],
    category: { RESALE: 'Retail', PROFESSIONAL: 'Professional' },
    yes: 'Yes',
    no: 'No',
    total: 'Total',
  },
  it: {
    title: 'Movimenti di magazzino',
    statusTitle: 'Situazione del magazzino a fine periodo',
    movements: 'Movimenti',
    status: 'Situazione',
    movementHeaders: ['Giorno', 'Prodotto', 'Marca', 'Categoria', 'Tipo', 'Quantità', 'Costo unitario €', 'Valore €', 'Nota'],
    statusHeaders: [
      'Prodotto',
      'Marca',
      'Categoria',
      'Iniziale',
      'Variazione',
      'Giacenza',
      'Costo unitario €',
      'Valore giacenza €',
      'Consumo giornaliero',
      'Giorni di copertura',
      'Livello di riordino',
      'Da riordinare',
    ],
    category: { RESALE: 'Rivendita', PROFESSIONAL: 'Professionale' },
    yes: 'Sì',
    no: 'No',
    total: 'Totale',
  },
} as const;

/**
 * The stock spreadsheet: the movements of the range, then the status at its end (products to
 * reorder first), each sheet under its title, the salon's name and the period in words. Written with ExcelJS's streaming writer, without styles or shared strings: a
 * salon-year is thousands of rows, and this writes them in about half the time of a Workbook.
 */
export async function buildStockXlsx(
  movements: Static<typeof StockMovement>[],
  status: Static<typeof StockStatusResponse>,
  where: { salonName: string; fromDate: string; toDate: string },
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const types = TYPE_TEXT[language];
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });

  const headed = (title: string): ExportHeading => ({ title, ...where });
  const startSheet = (name: string, title: string) => {
    const heading = headed(title);
    const added = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headingRowCount(heading) + 1 }] });
    for (const cells of exportHeadingRows(heading, language)) added.addRow(cells).commit();
    added.addRow([]).commit();
    return added;
  };
  const sheet = startSheet(text.movements, text.title);
  sheet.columns = [12, 40, 22, 14, 14, 10, 14, 12, 32].map((width) => ({ width }));
  sheet.addRow([...text.movementHeaders]).commit();
  for (const m of movements) {
    sheet
      .addRow([m.day, m.productName, m.brand, text.category[m.category], types[m.type], m.quantity, m.unitCost, m.value, m.note])
      .commit();
  }
  sheet.commit();

  const statusSheet = startSheet(text.status, text.statusTitle);
  statusSheet.columns = text.statusHeaders.map((_, i) => ({ width: i === 0 ? 40 : 14 }));
  statusSheet.addRow([...text.statusHeaders]).commit();
  for (const r of status.rows) {
    statusSheet
      .addRow([
        r.productName,
        r.brand,
        text.category[r.category],
        r.openingQuantity,
        r.netChange,
        r.onHand,
        r.unitCost,
        r.stockValue,
        r.dailyUsage,
        r.daysOfCover,
        r.reorderLevel,
        r.reorder ? text.yes : text.no,
      ])
      .commit();
  }
  statusSheet.addRow([text.total, '', '', '', '', status.totals.units, '', status.totals.stockValue]).commit();
  statusSheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
