import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportFailure, openSource } from './readers.js';

const dir = mkdtempSync(join(tmpdir(), 'salon-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function workbookFile(name: string, change?: (zip: JSZip) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Note').addRow(['not the data']);
  const sheet = workbook.addWorksheet('Clienti');
  sheet.addRow(['External ID', 'First name']);
  sheet.addRow(['XL-1', 'Bruno']);
  const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
  change?.(zip);
  const path = join(dir, name);
  writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer' }));
  return path;
}

async function readAll(path: string, sheet?: string): Promise<{ sheet: string | null; rows: string[][] }> {
  const opened = await openSource(path, 'xlsx', { sheet });
  const rows: string[][] = [];
  for await (const batch of opened.rows) for (const row of batch) rows.push(row.cells);
  return { sheet: opened.sheet, rows };
}

describe('the XLSX reader', () => {
  it('reads a named sheet, and names the one it was asked for when it is missing', async () => {
    const path = await workbookFile('clienti.xlsx');
    expect(await readAll(path, 'clienti')).toEqual({
      sheet: 'Clienti',
      rows: [
        ['External ID', 'First name'],
        ['XL-1', 'Bruno'],
      ],
    });
    await expect(readAll(path, 'Altro')).rejects.toMatchObject({ code: 'NO_SHEET', detail: { sheet: 'Altro' } });
  });

  it('says a workbook without its list of sheets cannot be read, rather than failing inside the reader', async () => {
    const path = await workbookFile('no-list.xlsx', (zip) => zip.remove('xl/workbook.xml'));
    const failure = await readAll(path, 'Altro').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect(failure).toMatchObject({ code: 'UNREADABLE', detail: { reason: 'the workbook has no list of its sheets' } });
  });
});

describe('the XLSX reader on a larger sheet', () => {
  it('gives every row of the sheet asked, in order, passing over the others, and counts its progress up to the file size', async () => {
    const workbook = new ExcelJS.Workbook();
    const before = workbook.addWorksheet('Prima');
    for (let i = 1; i <= 2000; i++) before.addRow([`P-${i}`, i]);
    const sheet = workbook.addWorksheet('Dati');
    for (let i = 1; i <= 5000; i++) sheet.addRow([`D-${i}`, i, `testo ${i % 7}`]);
    const path = join(dir, 'large.xlsx');
    writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
    const opened = await openSource(path, 'xlsx', { sheet: 'Dati' });
    const rows: string[][] = [];
    for await (const batch of opened.rows) for (const row of batch) rows.push(row.cells);
    expect(rows).toHaveLength(5000);
    expect(rows[0]).toEqual(['D-1', '1', 'testo 1']);
    expect(rows[4999]).toEqual(['D-5000', '5000', 'testo 2']);
    expect(opened.bytesRead()).toBeGreaterThan(0);
    expect(opened.bytesRead()).toBeLessThanOrEqual(statSync(path).size);
  });
});
