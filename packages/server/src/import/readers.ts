import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import unzipper, { type File as ArchivePart, type CentralDirectory } from 'unzipper';

/**
 * The file readers of the import: CSV (csv-parse; `,` `;` or tab detected from the header line;
 * UTF-8 with or without BOM, UTF-16 with BOM, otherwise Windows-1252 when the bytes are not
 * UTF-8) and XLSX (ExcelJS's streaming reader, the first sheet or a named one). Both yield every
 * row as strings, numbered as a spreadsheet shows them; the caller reads the values (values.ts).
 */

export interface SourceRow {
  /** 1 = the first line of the file (the header). */
  number: number;
  cells: string[];
}

export interface OpenedSource {
  format: 'csv' | 'xlsx';
  /** XLSX: the sheet read. */
  sheet: string | null;
  /** The rows in batches (fewer awaits per row: a million rows pass through here). */
  rows: AsyncIterable<SourceRow[]>;
  /** Bytes of the file consumed so far (for progress). */
  bytesRead(): number;
}

/** A file that cannot be imported at all (not a row error): a code of messages.ts FAILURES. */
export class ImportFailure extends Error {
  constructor(
    readonly code: string,
    readonly detail: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(detail)}`);
  }
}

export type FileFormat = 'csv' | 'xlsx';

/** The format from the file name; null when neither. */
export function formatOf(fileName: string): FileFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

function counted(path: string): { stream: Readable; bytesRead: () => number } {
  let bytes = 0;
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  file.on('data', (chunk) => {
    bytes += chunk.length;
  });
  return { stream: file, bytesRead: () => bytes };
}

export async function openSource(path: string, format: FileFormat, options: { sheet?: string | undefined } = {}): Promise<OpenedSource> {
  return format === 'csv' ? openCsv(path) : openXlsx(path, options.sheet);
}

type Encoding = 'utf8' | 'utf8bom' | 'utf16le' | 'win1252';

/** True when the bytes are UTF-8 (an incomplete character cut at the end of the sample is fine). */
function isUtf8(sample: Buffer): boolean {
  let end = sample.length;
  // Drop a character cut by the sample's end: up to 3 continuation bytes after a lead byte.
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = sample[end - i] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) end -= i;
    break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

function detectEncoding(sample: Buffer): Encoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf8bom';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf16le';
  return isUtf8(sample) ? 'utf8' : 'win1252';
}

/** The separator that splits the header line most (outside quotes): `;`, `,` or a tab. */
export function detectDelimiter(firstLine: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char] = (counts[char] as number) + 1;
  }
  let best = ',';
  for (const sep of [';', '\t']) if ((counts[sep] as number) > (counts[best] as number)) best = sep;
  return best;
}

async function readSample(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Waits until a stream has data, ends or fails (listeners removed after). */
function nextReadable(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('readable', done);
      stream.off('end', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('readable', done);
    stream.on('end', done);
    stream.on('error', done);
  });
}

async function openCsv(path: string): Promise<OpenedSource> {
  const sample = await readSample(path);
  if (sample.length === 0) throw new ImportFailure('EMPTY_FILE');
  const encoding = detectEncoding(sample);
  const text =
    encoding === 'utf16le'
      ? iconv.decode(sample.subarray(2), 'utf16le')
      : encoding === 'win1252'
        ? iconv.decode(sample, 'win1252')
        : sample.toString('utf8');
  const firstLine = (text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').trim();
  if (firstLine === '') throw new ImportFailure('EMPTY_FILE');
  const delimiter = detectDelimiter(firstLine);
  const source = counted(path);
  let decoded: Readable = source.stream;
  if (encoding === 'win1252' || encoding === 'utf16le') {
    decoded = source.stream.pipe(iconv.decodeStream(encoding === 'win1252' ? 'win1252' : 'utf16le')) as unknown as Readable;
    source.stream.on('error', (error) => decoded.destroy(error));
  }
  const parser = decoded.pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
    }),
  );
  decoded.on('error', (error) => parser.destroy(error));
  async function* rows(): AsyncGenerator<SourceRow[]> {
    // Numbered by record (csv-parse's per-record line info halves its speed): a row is a line
    // unless a quoted cell holds a line break.
    let number = 0;
    let isEnded = false;
    let failure: unknown = null;
    parser.on('end', () => {
      isEnded = true;
    });
    parser.on('error', (error) => {
      failure = error;
    });
    try {
      while (true) {
        const batch: SourceRow[] = [];
        let record: string[] | null = parser.read() as string[] | null;
        while (record !== null) {
          number += 1;
          // A blank line: no row, but it keeps its number.
          if (!(record.length === 1 && record[0] === '')) batch.push({ number, cells: record });
          if (batch.length >= 2000) break;
          record = parser.read() as string[] | null;
        }
        if (failure) throw failure;
        if (batch.length > 0) yield batch;
        else if (isEnded) return;
        else await nextReadable(parser);
      }
    } catch (error) {
      if (error instanceof ImportFailure) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImportFailure('UNREADABLE', { reason: reason.slice(0, 300) });
    }
  }
  return { format: 'csv', sheet: null, rows: rows(), bytesRead: source.bytesRead };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An ExcelJS cell value as the text a CSV would hold (dates as YYYY-MM-DD [HH:MM:SS]). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    // ExcelJS gives a spreadsheet's wall-clock date and time as the same figures in UTC.
    const day = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const h = value.getUTCHours();
    const m = value.getUTCMinutes();
    const s = value.getUTCSeconds();
    return h === 0 && m === 0 && s === 0 ? day : `${day} ${pad2(h)}:${pad2(m)}:${pad2(s)}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The parts of ExcelJS's streaming reader that read one part of the workbook each. */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(
    iterator: AsyncIterable<Buffer>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The workbook's sheets in the workbook's order, each read row by row. ExcelJS's own reader takes the
 * archive in one streaming pass and now and then loses its last part (the list of sheets, which writers
 * put last); an upload is a file on disk, so its parts are found through the archive's directory and
 * read in the order that gives every sheet its name.
 */
async function* xlsxSheets(path: string, counter: { bytes: number }): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  let directory: CentralDirectory;
  try {
    directory = await unzipper.Open.file(path);
  } catch {
    throw new ImportFailure('UNREADABLE', { reason: 'it is not an Excel (.xlsx) workbook' });
  }
  const part = (name: string) => directory.files.find((file) => file.path === name);
  const workbookPart = part('xl/workbook.xml');
  if (!workbookPart) throw new ImportFailure('UNREADABLE', { reason: 'the workbook has no list of its sheets' });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  await reader._parseWorkbook(workbookPart.stream());
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings.stream()));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles.stream());

  const sheetParts = directory.files.filter((file) => SHEET_PART.test(file.path));
  const order = (reader.model?.sheets ?? []).map((sheet) => {
    const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target ?? '';
    return `xl/${target.replace(/^\/?xl\//, '')}`;
  });
  const rank = (file: ArchivePart) => {
    const at = order.indexOf(file.path);
    return at >= 0 ? at : order.length + Number(SHEET_PART.exec(file.path)?.[1]);
  };
  sheetParts.sort((a, b) => rank(a) - rank(b));
  for (const file of sheetParts) {
    const sheetNo = SHEET_PART.exec(file.path)?.[1] ?? '0';
    for (const { value } of reader._parseWorksheet(partChunks(file, counter), sheetNo)) yield value;
  }
}

/** A part's bytes, opened only when a sheet is read (a sheet passed over costs nothing); progress in compressed bytes. */
async function* partChunks(file: ArchivePart, counter: { bytes: number }): AsyncGenerator<Buffer> {
  const ratio = file.uncompressedSize > 0 ? file.compressedSize / file.uncompressedSize : 0;
  const start = counter.bytes;
  const stream = file.stream();
  try {
    for await (const chunk of stream) {
      counter.bytes += (chunk as Buffer).length * ratio;
      yield chunk as Buffer;
    }
    counter.bytes = start + file.compressedSize;
  } finally {
    stream.destroy();
  }
}

async function openXlsx(path: string, sheetName: string | undefined): Promise<OpenedSource> {
  const counter = { bytes: 0 };
  const opened: OpenedSource = { format: 'xlsx', sheet: sheetName ?? null, rows: rows(), bytesRead: () => Math.round(counter.bytes) };
  async function* rows(): AsyncGenerator<SourceRow[]> {
    let found = false;
    try {
      for await (const worksheet of xlsxSheets(path, counter)) {
        const name = (worksheet as unknown as { name?: string }).name ?? '';
        if (sheetName !== undefined && name.toLowerCase() !== sheetName.toLowerCase()) continue;
        found = true;
        opened.sheet = name;
        for await (const row of worksheet) {
          const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
          const cells: string[] = [];
          for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] ?? null));
          if (cells.every((cell) => cell.trim() === '')) continue;
          yield [{ number: (row as ExcelJS.Row).number, cells }];
        }
        break;
      }
    } catch (error) {
      if (error instanceof ImportFailure) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImportFailure('UNREADABLE', { reason: reason.slice(0, 300) });
    }
    if (!found) throw new ImportFailure(sheetName === undefined ? 'EMPTY_FILE' : 'NO_SHEET', sheetName ? { sheet: sheetName } : {});
  }
  return opened;
}
