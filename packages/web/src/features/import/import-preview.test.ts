import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  decodeSample,
  detectDelimiter,
  detectEncoding,
  formatOf,
  headerKey,
  mapColumns,
  previewRows,
  readXlsxSample,
  sampleCsv,
} from './import-preview';
import { reportLinkOf } from './report-link';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes of Latin-1 text (every character below U+0100 is its own byte there). */
const win1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
const BOM = [0xef, 0xbb, 0xbf];

/** A kind's columns as the Kinds call answers them (the fields the preview reads). */
const SALE_LINES = [
  { name: 'external_id', isRequired: true },
  { name: 'day', isRequired: true },
  { name: 'client_external_id', isRequired: false },
  { name: 'paid_amount', isRequired: true },
  { name: 'discount', isRequired: false },
];

describe('reading a CSV sample as the server reads the file', () => {
  it('takes the format from the file name, as the upload does', () => {
    expect(formatOf('Vendite.CSV')).toBe('csv');
    expect(formatOf('export.txt')).toBe('csv');
    expect(formatOf('sale-lines.xlsx')).toBe('xlsx');
    expect(formatOf('old.xls')).toBeNull();
  });

  it('finds the separator that splits the header most, outside quotes', () => {
    expect(detectDelimiter('external_id,day,paid_amount')).toBe(',');
    expect(detectDelimiter('external_id;day;paid_amount')).toBe(';');
    expect(detectDelimiter('external_id\tday\tpaid_amount')).toBe('\t');
    // Two commas inside quotes do not outvote two semicolons.
    expect(detectDelimiter('"name, first, last";day;amount')).toBe(';');
    // A single column: comma by default.
    expect(detectDelimiter('external_id')).toBe(',');
  });

  it('tells UTF-8 (with or without BOM), UTF-16 and Windows-1252 apart', () => {
    expect(detectEncoding(Uint8Array.from([...BOM, ...utf8('città')]))).toBe('utf-8');
    expect(detectEncoding(utf8('città'))).toBe('utf-8');
    expect(detectEncoding(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]))).toBe('utf-16le');
    // "città" in Windows-1252: à is the single byte 0xE0, not valid UTF-8 before the next character.
    expect(detectEncoding(win1252('città;Forlì\n'))).toBe('windows-1252');
    // A sample cut in the middle of "à" (0xC3 0xA0) is still UTF-8.
    expect(detectEncoding(utf8('città').subarray(0, 4))).toBe('utf-8');
  });

  it('decodes without the BOM', () => {
    expect(decodeSample(Uint8Array.from([...BOM, ...utf8('a;b')])).text).toBe('a;b');
    // (Only letters Latin-1 shares: Node's TextDecoder reads windows-1252 as Latin-1, so 0x80 is no € under test; browsers get it right.)
    expect(decodeSample(win1252('città;Forlì\n')).text).toBe('città;Forlì\n');
  });

  it('reads an Italian Excel CSV: BOM, semicolons, decimal comma, quoted separators, CRLF', () => {
    const file = '\ufeffexternal_id;day;paid_amount;note\r\nL-1;01/11/2026;25,50;"taglio; piega"\r\nL-2;2026-11-02;"1.234,00";\r\n';
    const sample = sampleCsv(utf8(file), true);
    expect(sample.delimiter).toBe(';');
    expect(sample.encoding).toBe('utf-8');
    expect(sample.header).toEqual(['external_id', 'day', 'paid_amount', 'note']);
    expect(sample.rows).toEqual([
      { number: 2, cells: ['L-1', '01/11/2026', '25,50', 'taglio; piega'] },
      { number: 3, cells: ['L-2', '2026-11-02', '1.234,00', ''] },
    ]);
  });

  it('reads a Windows-1252 file', () => {
    const sample = sampleCsv(win1252('external_id,city\nC-1,Forlì\n'), true);
    expect(sample.encoding).toBe('windows-1252');
    expect(sample.rows[0]?.cells).toEqual(['C-1', 'Forlì']);
  });

  it('keeps the header and at most the asked rows, numbered as a spreadsheet shows them', () => {
    const lines = ['external_id,day', ...Array.from({ length: 30 }, (_, i) => `L-${i + 1},2026-11-01`)];
    const sample = sampleCsv(utf8(`${lines.join('\n')}\n`), true, 10);
    expect(sample.rows).toHaveLength(10);
    expect(sample.rows[0]).toEqual({ number: 2, cells: ['L-1', '2026-11-01'] });
    expect(sample.rows[9]?.number).toBe(11);
  });

  it('drops the incomplete last line of a cut sample, even one cut inside a quoted value', () => {
    const cut = utf8('external_id,note\nA,"one"\nB,"two\nlines"\nC,"thr');
    const sample = sampleCsv(cut, false);
    expect(sample.rows.map((row) => row.cells[0])).toEqual(['A', 'B']);
    expect(sample.rows[1]?.cells[1]).toBe('two\nlines');
    // Cut in the middle of a plain line: that line goes.
    expect(sampleCsv(utf8('external_id,day\nA,2026-11-01\nB,2026-1'), false).rows.map((row) => row.cells[0])).toEqual(['A']);
  });

  it('skips empty lines and answers an empty file with no header', () => {
    expect(sampleCsv(utf8('external_id,day\n\nA,2026-11-01\n,\n'), true).rows).toHaveLength(1);
    expect(sampleCsv(utf8('\n\n'), true)).toEqual({ header: [], rows: [], encoding: 'utf-8' });
  });
});

describe('mapping the header onto the kind’s columns', () => {
  it('matches headers trimmed and case-insensitively, in any order', () => {
    expect(headerKey('\ufeff External_ID ')).toBe('external_id');
    const mapping = mapColumns(['Paid_Amount', ' DAY', 'external_id'], SALE_LINES);
    expect(mapping.columns.map((entry) => [entry.column.name, entry.fileIndex])).toEqual([
      ['external_id', 2],
      ['day', 1],
      ['client_external_id', null],
      ['paid_amount', 0],
      ['discount', null],
    ]);
    expect(mapping.missingRequired).toEqual([]);
    expect(mapping.unknownHeaders).toEqual([]);
  });

  it('names the required columns the file lacks, the unknown and the repeated headers', () => {
    const mapping = mapColumns(['external_id', 'giorno', 'paid_amount', 'PAID_AMOUNT', ''], SALE_LINES);
    expect(mapping.missingRequired).toEqual(['day']);
    expect(mapping.unknownHeaders).toEqual(['giorno']);
    expect(mapping.duplicateHeaders).toEqual(['PAID_AMOUNT']);
    // The first of two equal headers is the one read.
    expect(mapping.columns.find((entry) => entry.column.name === 'paid_amount')?.fileIndex).toBe(2);
  });

  it('lays the rows out under the kind’s columns and flags empty required cells', () => {
    const sample = sampleCsv(utf8('day;external_id;paid_amount;discount\n2026-11-01;L-1;25,50;\n2026-11-02;;10;2\n'), true);
    const mapping = mapColumns(sample.header, SALE_LINES);
    expect(previewRows(sample, mapping)).toEqual([
      // external_id, day, client_external_id (not in the file), paid_amount, discount
      { number: 2, values: ['L-1', '2026-11-01', null, '25,50', ''], emptyRequired: [] },
      { number: 3, values: ['', '2026-11-02', null, '10', '2'], emptyRequired: ['external_id'] },
    ]);
  });

  it('reads a short row as empty cells', () => {
    const sample = sampleCsv(utf8('external_id,day,paid_amount\nL-1,2026-11-01\n'), true);
    const [row] = previewRows(sample, mapColumns(sample.header, SALE_LINES));
    expect(row?.values).toEqual(['L-1', '2026-11-01', null, '', null]);
    expect(row?.emptyRequired).toEqual(['paid_amount']);
  });
});

describe('reading an XLSX sample', () => {
  it('writes cells as a CSV would hold them', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(25.5)).toBe('25.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2026, 10, 1)))).toBe('2026-11-01');
    expect(cellText(new Date(Date.UTC(2026, 10, 1, 9, 30)))).toBe('2026-11-01 09:30:00');
    expect(cellText({ richText: [{ text: 'Mi' }, { text: 'lano' }] })).toBe('Milano');
    expect(cellText({ formula: 'A1*2', result: 51 })).toBe('51');
    expect(cellText({ text: 'link', hyperlink: 'https://example.com' })).toBe('link');
  });

  it('reads the header and the first rows of the first sheet, empty cells and rows included as Excel numbers them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendite');
    workbook.addWorksheet('Other').addRow(['not', 'read']);
    sheet.addRow(['external_id', 'day', 'discount', 'paid_amount']);
    sheet.addRow(['L-1', new Date(Date.UTC(2026, 10, 1)), null, 25.5]);
    sheet.addRow([]);
    sheet.addRow(['L-2', '2026-11-02', 2, 10]);
    const buffer = await workbook.xlsx.writeBuffer();
    const sample = await readXlsxSample(new Blob([buffer]));
    expect(sample.sheet).toBe('Vendite');
    expect(sample.header).toEqual(['external_id', 'day', 'discount', 'paid_amount']);
    expect(sample.rows).toEqual([
      { number: 2, cells: ['L-1', '2026-11-01', '', '25.5'] },
      // Row 3 is empty: skipped, the next keeps its number.
      { number: 4, cells: ['L-2', '2026-11-02', '2', '10'] },
    ]);
  });
});

describe('the report that shows an import', () => {
  it('opens the kind’s report over the days the file touched, for its salon', () => {
    expect(reportLinkOf({ kind: 'sale-lines', salonId: 3, daysFrom: '2026-11-01', daysTo: '2026-11-02' })).toEqual({
      report: 'salesDays',
      to: '/sales-data-analysis-days?salonId=3&fromDate=2026-11-01&toDate=2026-11-02',
    });
  });
  it('has none for the catalogue, for stock or without days', () => {
    expect(reportLinkOf({ kind: 'products', salonId: null, daysFrom: null, daysTo: null })).toBeNull();
    expect(reportLinkOf({ kind: 'stock-movements', salonId: 3, daysFrom: '2026-11-01', daysTo: '2026-11-01' })).toBeNull();
    expect(reportLinkOf({ kind: 'clients', salonId: 3, daysFrom: null, daysTo: null })).toBeNull();
  });
});
