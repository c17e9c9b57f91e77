import { PassThrough } from 'node:stream';
import type { ProfessionalUseResponse, StockMovement, StockMovementType, StockStatusResponse } from '@salon/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';
import { type ExportHeading, exportMonth, headingRowCount } from '../../lib/export-heading.js';
import { addKpiRows, addSheetHeading, addTypedRow, type XlsxKind, type XlsxKpi } from '../../lib/xlsx-sheet.js';

export { XLSX_TYPE } from '../../lib/xlsx-sheet.js';

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
    professional: 'Professional use',
    professionalTitle: 'Professional products used per month',
    professionalHeaders: [
      'Month',
      'Services done',
      'Professional products cost',
      'Cost per service',
      'Against salon average',
      'Chain cost per service',
    ],
    kpi: {
      stockValue: 'Stock value',
      productsToReorder: 'Products to reorder',
      units: 'Units on hand',
      products: 'Products in stock',
      salonAverage: 'Cost per service',
      chainAverage: 'Chain cost per service',
      professionalCost: 'Professional products used',
      services: 'Services done',
    },
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
    professional: 'Uso professionale',
    professionalTitle: 'Prodotti professionali usati per mese',
    professionalHeaders: [
      'Mese',
      'Servizi eseguiti',
      'Costo prodotti professionali',
      'Costo per servizio',
      'Rispetto alla media del salone',
      'Costo per servizio della catena',
    ],
    kpi: {
      stockValue: 'Valore del magazzino',
      productsToReorder: 'Prodotti da riordinare',
      units: 'Pezzi in giacenza',
      products: 'Prodotti a magazzino',
      salonAverage: 'Costo per servizio',
      chainAverage: 'Costo per servizio della catena',
      professionalCost: 'Prodotti professionali usati',
      services: 'Servizi eseguiti',
    },
    category: { RESALE: 'Rivendita', PROFESSIONAL: 'Professionale' },
    yes: 'Sì',
    no: 'No',
    total: 'Totale',
  },
} as const;

/**
 * The stock spreadsheet, one sheet per tab of the screen: the movements of the range, the status at
 * its end (its KPIs, then the products, those to reorder first) and the professional products used
 * per month (its KPIs, then the months); each sheet under its title, the salon's name and the period
 * in words, days as Excel dates, money and percentages in their formats. Written with ExcelJS's
 * streaming writer without shared strings: a salon-year is thousands of rows.
 */
export async function buildStockXlsx(
  movements: Static<typeof StockMovement>[],
  status: Static<typeof StockStatusResponse>,
  use: Static<typeof ProfessionalUseResponse>,
  where: { salonName: string; fromDate: string; toDate: string },
  language: Language,
): Promise<Buffer> {
  const text = TEXT[language];
  const types = TYPE_TEXT[language];
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });

  /** A sheet under its heading and KPIs, its header row frozen. */
  const startSheet = (name: string, title: string, headers: readonly string[], widths: number[], kpis: readonly XlsxKpi[] = []) => {
    const heading: ExportHeading = { title, ...where };
    const frozen = headingRowCount(heading) + (kpis.length ? kpis.length + 1 : 0) + 1;
    const added = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: frozen }] });
    added.columns = widths.map((width) => ({ width }));
    addSheetHeading(added, heading, language);
    if (kpis.length) addKpiRows(added, kpis);
    const header = added.addRow([...headers]);
    header.font = { bold: true };
    header.commit();
    return added;
  };
  const sheet = startSheet(text.movements, text.title, text.movementHeaders, [12, 40, 22, 14, 14, 10, 14, 12, 32]);
  for (const m of movements) {
    addTypedRow(sheet, [
      [m.day, 'date'],
      [m.productName, 'text'],
      [m.brand, 'text'],
      [text.category[m.category], 'text'],
      [types[m.type], 'text'],
      [m.quantity, 'integer'],
      [m.unitCost, 'money'],
      [m.value, 'money'],
      [m.note, 'text'],
    ]);
  }
  sheet.commit();

  const k = text.kpi;
  const statusSheet = startSheet(
    text.status,
    text.statusTitle,
    text.statusHeaders,
    text.statusHeaders.map((_, i) => (i === 0 ? 40 : 14)),
    [
      { label: k.stockValue, value: status.totals.stockValue, kind: 'money' },
      { label: k.productsToReorder, value: status.totals.productsToReorder, kind: 'integer' },
      { label: k.units, value: status.totals.units, kind: 'integer' },
      { label: k.products, value: status.totals.products, kind: 'integer' },
    ],
  );
  const statusKinds: XlsxKind[] = [
    'text',
    'text',
    'text',
    'integer',
    'integer',
    'integer',
    'money',
    'money',
    'number',
    'number',
    'integer',
    'text',
  ];
  for (const r of status.rows) {
    const values = [
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
    ];
    addTypedRow(
      statusSheet,
      values.map((value, i) => [value, statusKinds[i] ?? 'text'] as const),
    );
  }
  addTypedRow(
    statusSheet,
    [
      [text.total, 'text'],
      ['', 'text'],
      ['', 'text'],
      ['', 'text'],
      ['', 'text'],
      [status.totals.units, 'integer'],
      ['', 'text'],
      [status.totals.stockValue, 'money'],
    ],
    { isBold: true },
  );
  statusSheet.commit();

  const useSheet = startSheet(
    text.professional,
    text.professionalTitle,
    text.professionalHeaders,
    [18, 14, 16, 14, 16, 16],
    [
      { label: k.salonAverage, value: use.salonAverage, kind: 'money' },
      { label: k.chainAverage, value: use.chainAverage, kind: 'money' },
      { label: k.professionalCost, value: use.professionalCost, kind: 'money' },
      { label: k.services, value: use.services, kind: 'integer' },
    ],
  );
  for (const m of use.months) {
    addTypedRow(useSheet, [
      [exportMonth(m.month, language), 'text'],
      [m.services, 'integer'],
      [m.professionalCost, 'money'],
      [m.costPerService, 'money'],
      [m.vsSalonAveragePercent, 'percent'],
      [m.chainCostPerService, 'money'],
    ]);
  }
  useSheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
