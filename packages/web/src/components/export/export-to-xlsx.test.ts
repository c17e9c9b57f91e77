import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from '../data-table/data-table';
import { buildXlsx, safeSheetName } from './export-to-xlsx';

interface Row {
  name: string;
  revenue: number;
  share: number;
  visits: number | null;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Salon', value: (r) => r.name },
  { id: 'revenue', header: 'Revenue', value: (r) => r.revenue, kind: 'money' },
  { id: 'share', header: 'Share', value: (r) => r.share, kind: 'percent' },
  { id: 'visits', header: 'Visits', value: (r) => r.visits, kind: 'integer' },
  { id: 'open', header: 'Open', value: () => null, isExportable: false },
];

describe('buildXlsx', () => {
  it('writes a header and exactly the rows given, numbers as numbers, without action columns', async () => {
    const rows: Row[] = [
      { name: 'Salone Uno', revenue: 78.5, share: 42.5, visits: 2 },
      { name: 'Salone Due', revenue: 33.33, share: 57.5, visits: null },
    ];
    const buffer = await buildXlsx('Salons: March/2026', columns, rows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Salons  March 2026');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Salon', 'Revenue', 'Share', 'Visits']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Salone Uno', 78.5, 0.425, 2]);
    expect(sheet.getRow(3).getCell(2).value).toBe(33.33);
    expect(sheet.getRow(3).getCell(4).value).toBeNull();
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('0.0%');
  });

  it('writes only the header for no rows', async () => {
    const buffer = await buildXlsx('Empty', columns, []);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });
});

describe('safeSheetName', () => {
  it('drops characters Excel refuses and keeps 31 characters', () => {
    expect(safeSheetName('a[b]c:d*e?f/g\\h')).toBe('a b c d e f g h');
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeSheetName('  ')).toBe('Sheet1');
  });
});
