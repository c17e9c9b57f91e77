import { parse } from 'csv-parse/browser/esm/sync';

/**
 * The client-side preview of an import file: its first rows read in the browser and laid out
 * under the kind's columns, so a wrong file or a misspelt header shows before any upload. The
 * server's dry run stays the judge of every row; this reads the file the way its readers do
 * (packages/server/src/import/readers.ts): `,` `;` or tab from the header line, UTF-8 with or
 * without BOM, UTF-16 with BOM, otherwise Windows-1252; XLSX's first sheet.
 */

/** The rows a preview shows. */
export const PREVIEW_ROWS = 10;
/** Bytes of a CSV file read for the preview: plenty for the header and PREVIEW_ROWS rows. */
export const CSV_SAMPLE_BYTES = 64 * 1024;
/** The largest XLSX the browser opens for a preview (ExcelJS reads the whole workbook); bigger ones rely on the dry run. */
export const XLSX_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

export type FileFormat = 'csv' | 'xlsx';

/** The format from the file name, as the server decides it; null when neither. */
export function formatOf(fileName: string): FileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'windows-1252';

/** True when the bytes are UTF-8 (a character cut by the end of the sample is fine). */
function isUtf8(bytes: Uint8Array): boolean {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = bytes[end - i] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) end -= i;
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The encoding of a CSV file from its first bytes. */
export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

/** The text of a CSV sample, without a BOM. */
export function decodeSample(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const encoding = detectEncoding(bytes);
  // TextDecoder drops a BOM itself (ignoreBOM is false by default).
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}

/** The separator that splits the header line most (outside quotes): `;`, `,` or a tab. */
export function detectDelimiter(firstLine: string): ',' | ';' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ';' || char === ',' || char === '\t')) counts[char] += 1;
  }
  let best: ',' | ';' | '\t' = ',';
  for (const separator of [';', '\t'] as const) if (counts[separator] > counts[best]) best = separator;
  return best;
}

/** A file's first rows as text: the header and up to PREVIEW_ROWS data rows, numbered as a spreadsheet shows them. */
export interface SheetSample {
  header: string[];
  rows: { number: number; cells: string[] }[];
  /** CSV: the separator found. */
  delimiter?: ',' | ';' | '\t';
  encoding?: TextEncodingName;
  /** XLSX: the sheet read. */
  sheet?: string;
}

/**
 * The header and first rows of a CSV sample (the first CSV_SAMPLE_BYTES of the file). A sample
 * cut inside a row keeps only the rows before it. Empty lines are skipped, as the server does;
 * row numbers count the lines read (the header is row 1).
 */
export function sampleCsv(bytes: Uint8Array, isWholeFile: boolean, maxRows = PREVIEW_ROWS): SheetSample {
  const { text, encoding } = decodeSample(bytes);
  // The last line of a cut sample may be incomplete: drop it.
  const usable = isWholeFile ? text : text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  const firstLine = (usable.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
  if (firstLine === '') return { header: [], rows: [], encoding };
  const delimiter = detectDelimiter(firstLine);
  const records = parseLeniently(usable, delimiter, maxRows + 1);
  const [header = [], ...rest] = records;
  return {
    header: header.map((cell) => cell.trim()),
    rows: rest.map((cells, index) => ({ number: index + 2, cells })),
    delimiter,
    encoding,
  };
}

const CSV_OPTIONS = { relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true } as const;

/**
 * Parses up to `records` records; when the text ends inside a quoted field (a sample cut in the
 * middle of a multi-line value) the rows before that line are kept.
 */
function parseLeniently(text: string, delimiter: string, records: number): string[][] {
  let input = text;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return parse(input, { ...CSV_OPTIONS, delimiter, to: records }) as string[][];
    } catch (error) {
      const cut = input.lastIndexOf('\n');
      if (cut <= 0 || !isUnclosedQuote(error)) throw error;
      input = input.slice(0, cut);
    }
  }
  return parse(input, { ...CSV_OPTIONS, delimiter, to: records, relax_quotes: true }) as string[][];
}

function isUnclosedQuote(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED';
}

/** What the preview maps: a column of the kind (the contract's ImportColumnDTO, the fields used here). */
export interface KindColumn {
  name: string;
  isRequired: boolean;
}

/** Headers are matched as the server matches them: trimmed, case-insensitive. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** How a file's header lines up with a kind's columns. */
export interface ColumnMapping<C extends KindColumn = KindColumn> {
  /** Every column of the kind, in the kind's order, with the file column holding it (null: not in the file). */
  columns: { column: C; fileIndex: number | null }[];
  /** Required columns the file lacks: the dry run will report every row. */
  missingRequired: string[];
  /** File headers that are no column of the kind (the import refuses them: check the spelling). */
  unknownHeaders: string[];
  /** Headers that appear more than once. */
  duplicateHeaders: string[];
}

/** Lines a file's header up with the kind's columns. */
export function mapColumns<C extends KindColumn>(header: readonly string[], columns: readonly C[]): ColumnMapping<C> {
  const positions = new Map<string, number>();
  const duplicates = new Set<string>();
  const unknown: string[] = [];
  const known = new Set(columns.map((column) => headerKey(column.name)));
  header.forEach((raw, index) => {
    const key = headerKey(raw);
    if (key === '') return;
    if (positions.has(key)) duplicates.add(raw.trim());
    else positions.set(key, index);
    if (!known.has(key)) unknown.push(raw.trim());
  });
  const mapped = columns.map((column) => ({ column, fileIndex: positions.get(headerKey(column.name)) ?? null }));
  return {
    columns: mapped,
    missingRequired: mapped.filter((entry) => entry.fileIndex === null && entry.column.isRequired).map((entry) => entry.column.name),
    unknownHeaders: [...new Set(unknown)],
    duplicateHeaders: [...duplicates],
  };
}

/** One previewed row: its number and, per column of the mapping, the file's value ('' when empty, null when the file has no such column). */
export interface PreviewRow {
  number: number;
  values: (string | null)[];
  /** Required columns of this row left empty. */
  emptyRequired: string[];
}

/** The sample's rows under the kind's columns. */
export function previewRows<C extends KindColumn>(sample: SheetSample, mapping: ColumnMapping<C>): PreviewRow[] {
  return sample.rows.map((row) => {
    const values = mapping.columns.map(({ fileIndex }) => (fileIndex === null ? null : (row.cells[fileIndex] ?? '').trim()));
    const emptyRequired = mapping.columns
      .filter(({ column }, i) => column.isRequired && values[i] !== null && values[i] === '')
      .map(({ column }) => column.name);
    return { number: row.number, values, emptyRequired };
  });
}

/** Reads the preview sample of a CSV file. */
export async function readCsvSample(file: Blob): Promise<SheetSample> {
  const isWholeFile = file.size <= CSV_SAMPLE_BYTES;
  const bytes = new Uint8Array(await file.slice(0, CSV_SAMPLE_BYTES).arrayBuffer());
  return sampleCsv(bytes, isWholeFile);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet cell as the text a CSV would hold (dates as YYYY-MM-DD [HH:MM:SS]), as the server reads it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    // ExcelJS gives a spreadsheet's wall-clock date and time as the same figures in UTC.
    const day = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const [h, m, s] = [value.getUTCHours(), value.getUTCMinutes(), value.getUTCSeconds()];
    return h === 0 && m === 0 && s === 0 ? day : `${day} ${pad2(h)}:${pad2(m)}:${pad2(s)}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part: { text?: string }) => part.text ?? '').join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: unknown }).result ?? null);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

/** Reads the header and first rows of an XLSX file's first sheet (ExcelJS, loaded with the screen's first XLSX). */
export async function readXlsxSample(file: Blob, maxRows = PREVIEW_ROWS): Promise<SheetSample> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  const lines: { number: number; cells: string[] }[] = [];
  sheet.eachRow((row, number) => {
    if (lines.length > maxRows) return;
    const values = row.values as unknown[];
    // row.values is sparse (empty cells are holes) and starts at index 1.
    const cells = Array.from(values.slice(1), (value) => cellText(value));
    if (cells.every((cell) => cell.trim() === '')) return;
    lines.push({ number, cells });
  });
  const [header, ...rows] = lines;
  return { header: (header?.cells ?? []).map((cell) => cell.trim()), rows, sheet: sheet.name };
}
