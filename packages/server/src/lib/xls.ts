/**
 * A genuine Excel 97-2003 workbook (BIFF8 in an OLE2 compound file), so a file named `.xls`
 * opens in Excel without the "format and extension don't match" warning an xlsx or XML body
 * under that name triggers, and in LibreOffice. One sheet of text, numbers and dates; strings
 * go through the shared string table like Excel's own files. The record layout follows
 * [MS-XLS] and the compound file [MS-CFB] (version 3, 512-byte sectors).
 */

/** A cell: text, a number, a calendar date (YYYY-MM-DD, shown in the sheet's date format), or empty. */
export type XlsCell = string | number | { date: string } | null;

export interface XlsSheet {
  /** Sheet name, at most 31 characters, none of : \ / ? * [ ] */
  name: string;
  rows: XlsCell[][];
  /** Rows shown in bold (e.g. the header and totals rows), by index. */
  boldRows?: ReadonlySet<number>;
  /** Excel date format for date cells, e.g. 'dd/mm/yyyy'. */
  dateFormat: string;
  /** Column widths in characters. */
  columnWidths?: number[];
  /** Columns whose numbers are counts, shown without decimals (other numbers show 2 decimals). */
  integerColumns?: ReadonlySet<number>;
}

const MAX_RECORD_DATA = 8224;
const MAX_ROWS = 65536;
const MAX_COLUMNS = 256;
const MAX_TEXT = 255;

class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;

  /** @param base where in the stream this writer's first byte will sit */
  constructor(readonly base = 0) {}

  /** The stream offset of the next byte written. */
  get position(): number {
    return this.base + this.length;
  }

  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }

  record(type: number, data: Buffer = Buffer.alloc(0)): void {
    if (data.length > MAX_RECORD_DATA) throw new Error(`BIFF record 0x${type.toString(16)} too long (${data.length} bytes)`);
    const header = Buffer.alloc(4);
    header.writeUInt16LE(type, 0);
    header.writeUInt16LE(data.length, 2);
    this.push(header);
    this.push(data);
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function u16s(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => {
    buffer.writeUInt16LE(value, i * 2);
  });
  return buffer;
}

/** XLUnicodeString: 16-bit length, flags (1 = UTF-16LE), characters. */
function unicodeString(text: string): Buffer {
  const chars = Buffer.from(text, 'utf16le');
  const header = Buffer.alloc(3);
  header.writeUInt16LE(text.length, 0);
  header.writeUInt8(1, 2);
  return Buffer.concat([header, chars]);
}

/** ShortXLUnicodeString: 8-bit length, flags (1 = UTF-16LE), characters. */
function shortUnicodeString(text: string): Buffer {
  return Buffer.concat([Buffer.from([text.length, 1]), Buffer.from(text, 'utf16le')]);
}

function bof(kind: 'globals' | 'sheet'): Buffer {
  const data = Buffer.alloc(16);
  data.writeUInt16LE(0x0600, 0); // BIFF8
  data.writeUInt16LE(kind === 'globals' ? 0x0005 : 0x0010, 2);
  data.writeUInt16LE(0x0dbb, 4); // build
  data.writeUInt16LE(0x07cc, 6); // build year
  data.writeUInt32LE(0, 8); // file history
  data.writeUInt32LE(0x06, 12); // lowest BIFF version that can read all records: BIFF8
  return data;
}

function font(bold: boolean): Buffer {
  const name = 'Arial';
  const data = Buffer.alloc(14);
  data.writeUInt16LE(200, 0); // 10 pt in twips
  data.writeUInt16LE(0, 2);
  data.writeUInt16LE(0x7fff, 4); // automatic colour
  data.writeUInt16LE(bold ? 700 : 400, 6);
  return Buffer.concat([data, shortUnicodeString(name)]);
}

function xf(options: { font: number; format: number; isStyle: boolean }): Buffer {
  const data = Buffer.alloc(20);
  data.writeUInt16LE(options.font, 0);
  data.writeUInt16LE(options.format, 2);
  // Locked; a style XF has fStyle and parent 0xFFF, a cell XF has parent 0 (Normal).
  data.writeUInt16LE(options.isStyle ? 0xfff5 : 0x0001, 4);
  data.writeUInt8(0x20, 6); // bottom-aligned, general
  data.writeUInt8(0, 7);
  data.writeUInt8(0, 8);
  // Style XFs: no attribute overridden; cell XFs: their own number format, font, alignment, borders, pattern, protection.
  data.writeUInt8(options.isStyle ? 0x00 : 0xfc, 9);
  data.writeUInt32LE(0, 10);
  data.writeUInt32LE(0, 14);
  data.writeUInt16LE(0x40 | (0x41 << 7), 18); // default pattern colours
  return data;
}

/** The cell formats this writer uses: XF records 15..21. */
const XF_TEXT = 15;
const XF_NUMBER = 16;
const XF_DATE = 17;
const XF_BOLD_TEXT = 18;
const XF_BOLD_NUMBER = 19;
const XF_INTEGER = 20;
const XF_BOLD_INTEGER = 21;
const FORMAT_DATE = 164;
const FORMAT_TWO_DECIMALS = 2;
const FORMAT_INTEGER = 1;

/** Days since 1899-12-30, Excel's 1900 date system (the 1900 leap-year bug only affects dates before March 1900). */
function excelSerial(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** Control characters other than tab and line breaks have no place in a cell. */
function cleanText(text: string): string {
  let clean = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) clean += char;
  }
  return clean.length > MAX_TEXT ? clean.slice(0, MAX_TEXT) : clean;
}

/** The shared string table: SST + CONTINUE records (never splitting a string) and its EXTSST index. */
function writeSharedStrings(out: ByteWriter, strings: string[], references: number): void {
  const perBucket = Math.max(8, Math.ceil(strings.length / 128));
  const buckets: { streamOffset: number; recordOffset: number }[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt32LE(references, 0);
  head.writeUInt32LE(strings.length, 4);
  let recordType = 0x00fc;
  let parts: Buffer[] = [head];
  let size = head.length;
  const flush = () => {
    out.record(recordType, Buffer.concat(parts, size));
    recordType = 0x003c; // CONTINUE
    parts = [];
    size = 0;
  };
  strings.forEach((text, index) => {
    const encoded = unicodeString(text);
    if (size + encoded.length > MAX_RECORD_DATA) flush();
    if (index % perBucket === 0) {
      // Where the string starts: in the stream, and within its record (counting the 4-byte header).
      buckets.push({ streamOffset: out.position + 4 + size, recordOffset: 4 + size });
    }
    parts.push(encoded);
    size += encoded.length;
  });
  flush();
  const ext = Buffer.alloc(2 + buckets.length * 8);
  ext.writeUInt16LE(perBucket, 0);
  buckets.forEach((bucket, i) => {
    ext.writeUInt32LE(bucket.streamOffset, 2 + i * 8);
    ext.writeUInt16LE(bucket.recordOffset, 6 + i * 8);
    ext.writeUInt16LE(0, 8 + i * 8);
  });
  out.record(0x00ff, ext);
}

/** The BIFF8 Workbook stream of a one-sheet workbook. */
export function buildWorkbookStream(sheet: XlsSheet): Buffer {
  if (sheet.rows.length > MAX_ROWS) throw new Error(`An .xls sheet holds at most ${MAX_ROWS} rows`);
  const columnCount = Math.max(1, ...sheet.rows.map((row) => row.length));
  if (columnCount > MAX_COLUMNS) throw new Error(`An .xls sheet holds at most ${MAX_COLUMNS} columns`);
  const sheetName =
    cleanText(sheet.name)
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31) || 'Sheet1';

  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  let stringRefs = 0;
  const indexOf = (text: string) => {
    stringRefs++;
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };

  // The sheet substream first (its strings fill the table), then the globals, whose size gives the sheet's offset.
  const body = new ByteWriter();
  body.record(0x0809, bof('sheet'));
  body.record(0x0055, u16s(10)); // DEFCOLWIDTH
  (sheet.columnWidths ?? []).forEach((width, column) => {
    body.record(0x007d, u16s(column, column, Math.round(Math.min(255, width) * 256), XF_TEXT, 0, 0)); // COLINFO
  });
  const dimensions = Buffer.alloc(14);
  dimensions.writeUInt32LE(0, 0);
  dimensions.writeUInt32LE(sheet.rows.length, 4);
  dimensions.writeUInt16LE(0, 8);
  dimensions.writeUInt16LE(columnCount, 10);
  body.record(0x0200, dimensions);
  for (let blockStart = 0; blockStart < sheet.rows.length; blockStart += 32) {
    const blockEnd = Math.min(sheet.rows.length, blockStart + 32);
    for (let r = blockStart; r < blockEnd; r++) {
      const row = Buffer.alloc(16);
      row.writeUInt16LE(r, 0);
      row.writeUInt16LE(0, 2);
      row.writeUInt16LE(Math.max(1, sheet.rows[r]?.length ?? 0), 4);
      row.writeUInt16LE(0x00ff, 6); // default height
      row.writeUInt16LE(0x0100, 12);
      row.writeUInt16LE(XF_TEXT, 14);
      body.record(0x0208, row); // ROW
    }
    for (let r = blockStart; r < blockEnd; r++) {
      const bold = sheet.boldRows?.has(r) ?? false;
      (sheet.rows[r] ?? []).forEach((cell, c) => {
        if (cell === null || cell === '') return;
        if (typeof cell === 'number') {
          if (!Number.isFinite(cell)) throw new Error(`Cell ${r},${c} is not a finite number`);
          const data = Buffer.alloc(14);
          data.writeUInt16LE(r, 0);
          data.writeUInt16LE(c, 2);
          const isInteger = sheet.integerColumns?.has(c) ?? false;
          data.writeUInt16LE(isInteger ? (bold ? XF_BOLD_INTEGER : XF_INTEGER) : bold ? XF_BOLD_NUMBER : XF_NUMBER, 4);
          data.writeDoubleLE(cell, 6);
          body.record(0x0203, data); // NUMBER
        } else if (typeof cell === 'object') {
          const data = Buffer.alloc(14);
          data.writeUInt16LE(r, 0);
          data.writeUInt16LE(c, 2);
          data.writeUInt16LE(XF_DATE, 4);
          data.writeDoubleLE(excelSerial(cell.date), 6);
          body.record(0x0203, data);
        } else {
          const data = Buffer.alloc(10);
          data.writeUInt16LE(r, 0);
          data.writeUInt16LE(c, 2);
          data.writeUInt16LE(bold ? XF_BOLD_TEXT : XF_TEXT, 4);
          data.writeUInt32LE(indexOf(cleanText(cell)), 6);
          body.record(0x00fd, data); // LABELSST
        }
      });
    }
  }
  const window2 = Buffer.alloc(18);
  window2.writeUInt16LE(0x06b6, 0); // grid, headers, zeros, outline symbols, selected, active
  window2.writeUInt16LE(0x0040, 6); // default header colour
  body.record(0x023e, window2);
  body.record(0x000a); // EOF

  const globals = new ByteWriter();
  globals.record(0x0809, bof('globals'));
  globals.record(0x00e1, u16s(0x04b0)); // INTERFACEHDR
  globals.record(0x00c1, u16s(0)); // MMS
  globals.record(0x00e2); // INTERFACEEND
  const writeAccess = Buffer.alloc(112, 0x20);
  unicodeString('Salon').copy(writeAccess, 0);
  globals.record(0x005c, writeAccess); // WRITEACCESS
  globals.record(0x0042, u16s(0x04b0)); // CODEPAGE: UTF-16
  globals.record(0x0161, u16s(0)); // DSF
  globals.record(0x013d, u16s(1)); // TABID
  globals.record(0x0019, u16s(0)); // WINDOWPROTECT
  globals.record(0x0012, u16s(0)); // PROTECT
  globals.record(0x0013, u16s(0)); // PASSWORD
  globals.record(0x01af, u16s(0)); // PROT4REV
  globals.record(0x01bc, u16s(0)); // PROT4REVPASS
  globals.record(0x0040, u16s(0)); // BACKUP
  globals.record(0x008d, u16s(0)); // HIDEOBJ
  globals.record(0x003d, u16s(0, 0, 0x4000, 0x2000, 0x0038, 0, 0, 1, 0x0258)); // WINDOW1
  globals.record(0x0022, u16s(0)); // DATEMODE: 1900
  globals.record(0x000e, u16s(1)); // PRECISION
  globals.record(0x01b7, u16s(0)); // REFRESHALL
  globals.record(0x00da, u16s(0)); // BOOKBOOL
  // Fonts 0-3 regular (index 4 does not exist in BIFF), font 5 bold.
  for (let i = 0; i < 4; i++) globals.record(0x0031, font(false));
  globals.record(0x0031, font(true));
  const dateFormat = Buffer.concat([u16s(FORMAT_DATE), unicodeString(sheet.dateFormat)]);
  globals.record(0x041e, dateFormat); // FORMAT
  // 15 style XFs (0 = Normal), then the cell XFs 15..21.
  globals.record(0x00e0, xf({ font: 0, format: 0, isStyle: true }));
  for (let i = 1; i < 15; i++) globals.record(0x00e0, xf({ font: i < 3 ? 1 : 0, format: 0, isStyle: true }));
  globals.record(0x00e0, xf({ font: 0, format: 0, isStyle: false })); // 15 text
  globals.record(0x00e0, xf({ font: 0, format: FORMAT_TWO_DECIMALS, isStyle: false })); // 16 number
  globals.record(0x00e0, xf({ font: 0, format: FORMAT_DATE, isStyle: false })); // 17 date
  globals.record(0x00e0, xf({ font: 5, format: 0, isStyle: false })); // 18 bold text
  globals.record(0x00e0, xf({ font: 5, format: FORMAT_TWO_DECIMALS, isStyle: false })); // 19 bold number
  globals.record(0x00e0, xf({ font: 0, format: FORMAT_INTEGER, isStyle: false })); // 20 count
  globals.record(0x00e0, xf({ font: 5, format: FORMAT_INTEGER, isStyle: false })); // 21 bold count
  globals.record(0x0293, Buffer.from([0x00, 0x80, 0x00, 0xff])); // STYLE: built-in Normal on XF 0
  globals.record(0x0160, u16s(1)); // USESELFS
  // BOUNDSHEET: its offset is filled in once the globals' length is known.
  const boundSheetAt = globals.length + 4;
  globals.record(0x0085, Buffer.concat([Buffer.alloc(4), Buffer.from([0, 0]), shortUnicodeString(sheetName)]));
  globals.record(0x008c, u16s(1, 39)); // COUNTRY: US interface, Italy settings
  // The SST needs absolute stream offsets (EXTSST): write it where it will sit.
  const sst = new ByteWriter(globals.length);
  writeSharedStrings(sst, strings, stringRefs);
  const sstBuffer = sst.toBuffer();
  const tail = new ByteWriter();
  tail.record(0x000a); // EOF
  const globalsBuffer = Buffer.concat([globals.toBuffer(), sstBuffer, tail.toBuffer()]);
  globalsBuffer.writeUInt32LE(globalsBuffer.length, boundSheetAt);
  return Buffer.concat([globalsBuffer, body.toBuffer()]);
}

const SECTOR = 512;
const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const FATSECT = 0xfffffffd;
const NOSTREAM = 0xffffffff;

function directoryEntry(options: { name: string; type: 0 | 1 | 2 | 5; child: number; start: number; size: number }): Buffer {
  const entry = Buffer.alloc(128);
  if (options.type !== 0) {
    entry.write(options.name, 0, 'utf16le');
    entry.writeUInt16LE((options.name.length + 1) * 2, 64);
    entry.writeUInt8(options.type, 66);
    entry.writeUInt8(1, 67); // black
  }
  entry.writeUInt32LE(NOSTREAM, 68); // left sibling
  entry.writeUInt32LE(NOSTREAM, 72); // right sibling
  entry.writeUInt32LE(options.child, 76);
  entry.writeUInt32LE(options.start, 116);
  entry.writeUInt32LE(options.size, 120);
  return entry;
}

/** Wraps a Workbook stream in a compound file (one stream, no mini stream: the stream is padded to 4096 bytes). */
export function compoundFile(workbook: Buffer): Buffer {
  const padded = Buffer.alloc(Math.max(4096, Math.ceil(workbook.length / SECTOR) * SECTOR));
  workbook.copy(padded);
  const streamSectors = padded.length / SECTOR;
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < streamSectors + 1 + fatSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('The workbook is too large for a compound file without DIFAT sectors');
  const directorySector = streamSectors;
  const firstFatSector = streamSectors + 1;

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18); // minor version
  header.writeUInt16LE(0x0003, 0x1a); // major version 3
  header.writeUInt16LE(0xfffe, 0x1c); // little-endian
  header.writeUInt16LE(9, 0x1e); // 512-byte sectors
  header.writeUInt16LE(6, 0x20); // 64-byte mini sectors
  header.writeUInt32LE(0, 0x28);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(directorySector, 0x30);
  header.writeUInt32LE(0, 0x34);
  header.writeUInt32LE(4096, 0x38); // mini stream cutoff
  header.writeUInt32LE(ENDOFCHAIN, 0x3c); // no mini FAT
  header.writeUInt32LE(0, 0x40);
  header.writeUInt32LE(ENDOFCHAIN, 0x44); // no DIFAT sectors
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? firstFatSector + i : FREESECT, 0x4c + i * 4);

  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  for (let i = 0; i < streamSectors; i++) fat.writeUInt32LE(i === streamSectors - 1 ? ENDOFCHAIN : i + 1, i * 4);
  fat.writeUInt32LE(ENDOFCHAIN, directorySector * 4);
  for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(FATSECT, (firstFatSector + i) * 4);

  const directory = Buffer.concat([
    directoryEntry({ name: 'Root Entry', type: 5, child: 1, start: ENDOFCHAIN, size: 0 }),
    directoryEntry({ name: 'Workbook', type: 2, child: NOSTREAM, start: 0, size: padded.length }),
    directoryEntry({ name: '', type: 0, child: NOSTREAM, start: 0, size: 0 }),
    directoryEntry({ name: '', type: 0, child: NOSTREAM, start: 0, size: 0 }),
  ]);
  return Buffer.concat([header, padded, directory, fat]);
}

/** A one-sheet .xls file (BIFF8). */
export function buildXls(sheet: XlsSheet): Buffer {
  return compoundFile(buildWorkbookStream(sheet));
}
