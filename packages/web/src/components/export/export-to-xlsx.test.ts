import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from '../data-table/data-table';
import { buildCsv } from './export-to-csv';
import { buildXlsx, type ExportExtras, exportSection, safeSheetName } from './export-to-xlsx';

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

interface DayRow {
  day: string;
  month: number;
  revenue: number;
}
const dayColumns: DataTableColumn<DayRow>[] = [
  { id: 'day', header: 'Day', value: (r) => r.day, kind: 'date' },
  { id: 'month', header: 'Month', value: (r) => r.month, kind: 'integer', text: (r) => ['January', 'February'][r.month - 1] ?? '' },
  { id: 'revenue', header: 'Revenue', value: (r) => r.revenue, kind: 'money' },
];
const dayRows: DayRow[] = [
  { day: '2026-01-31', month: 1, revenue: 1234.5 },
  { day: '2026-02-01', month: 2, revenue: 10 },
];

describe('buildXlsx with a heading, dates and totals', () => {
  it('writes the title, salon, period and filters above the table, real dates, month names and the totals row', async () => {
    const buffer = await buildXlsx(
      'Sales per day',
      dayColumns,
      dayRows,
      {
        title: 'Sales per day',
        lines: [
          ['Salon', 'Salone Uno'],
          ['Period', '1 Jan 2026 – 1 Feb 2026'],
          ['Client gender', 'Women'],
        ],
      },
      { row: { day: '', month: 0, revenue: 1244.5 }, label: 'Total' },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Sales per day');
    expect(sheet.getRow(2).values).toEqual([undefined, 'Salon', 'Salone Uno']);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Period', '1 Jan 2026 – 1 Feb 2026']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Client gender', 'Women']);
    expect(sheet.getRow(6).values).toEqual([undefined, 'Day', 'Month', 'Revenue']);
    const day = sheet.getCell('A7');
    expect(day.value).toBeInstanceOf(Date);
    expect((day.value as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(day.numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell('B7').value).toBe('January');
    expect(sheet.getCell('C8').value).toBe(10);
    expect(sheet.getRow(9).values).toEqual([undefined, 'Total', '', 1244.5]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
  });
});

describe('buildCsv', () => {
  it("uses ';' and a decimal comma in Italian, ',' and a point in English, dates dd/mm/yyyy and shown month names", () => {
    expect(buildCsv(dayColumns, dayRows, 'it')).toBe('Day;Month;Revenue\r\n31/01/2026;January;1234,50\r\n01/02/2026;February;10,00\r\n');
    expect(buildCsv(dayColumns, dayRows, 'en', { row: { day: '', month: 0, revenue: 1244.5 }, label: 'Total' })).toBe(
      'Day,Month,Revenue\r\n31/01/2026,January,1234.50\r\n01/02/2026,February,10.00\r\nTotal,,1244.50\r\n',
    );
  });

  it('starts with the heading (title, salon, period in words), an empty line, then the table', () => {
    const heading = {
      title: 'Vendite per giorno',
      lines: [
        ['Salone', 'Milano; Centro'],
        ['Periodo', '1 mar 2026 – 31 mar 2026'],
      ] as const,
    };
    expect(buildCsv(dayColumns, dayRows.slice(0, 1), 'it', undefined, heading)).toBe(
      'Vendite per giorno\r\nSalone;"Milano; Centro"\r\nPeriodo;1 mar 2026 – 31 mar 2026\r\n\r\nDay;Month;Revenue\r\n31/01/2026;January;1234,50\r\n',
    );
  });

  it('quotes fields holding the separator, quotes or line breaks', () => {
    const cols: DataTableColumn<{ name: string }>[] = [{ id: 'name', header: 'Name', value: (r) => r.name }];
    expect(buildCsv(cols, [{ name: 'Rossi; Bianchi' }, { name: 'Il "Salone"' }], 'it')).toBe(
      'Name\r\n"Rossi; Bianchi"\r\n"Il ""Salone"""\r\n',
    );
  });
});

interface ShareRow {
  gender: string;
  share: number;
}
const shareColumns: DataTableColumn<ShareRow>[] = [
  { id: 'gender', header: 'Gender', value: (r) => r.gender },
  { id: 'share', header: 'Share', value: (r) => r.share, kind: 'percent' },
];
const extras: ExportExtras = {
  kpiHeaders: ['Measure', 'This range', 'Last year'],
  kpis: [
    { label: 'Revenue', value: 1244.5, kind: 'money', secondary: { value: 1000 } },
    { label: 'Retention', value: 42.5, kind: 'percent', secondary: { value: null } },
    { label: 'Busiest day', value: 'Monday', kind: 'text', secondary: { value: 12, kind: 'integer' } },
  ],
  tableTitle: 'Days',
  sections: [exportSection({ title: 'By gender', columns: shareColumns, rows: [{ gender: 'Women', share: 70 }] })],
};

describe("buildXlsx with the screen's KPIs and further tables", () => {
  it('writes the KPIs in their formats under the heading, the main table under its title, then each further table', async () => {
    const heading = { title: 'Sales', lines: [['Salon', 'Salone Uno']] as const };
    const buffer = await buildXlsx('Sales', dayColumns, dayRows, heading, undefined, extras);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Sales']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Salon', 'Salone Uno']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Measure', 'This range', 'Last year']);
    expect(sheet.getRow(5).values).toEqual([undefined, 'Revenue', 1244.5, 1000]);
    expect([sheet.getCell('B5').numFmt, sheet.getCell('C5').numFmt]).toEqual(['#,##0.00 "€"', '#,##0.00 "€"']);
    // 42.5 % is the fraction 0.425 in a percent format; last year unknown is an empty cell.
    expect(sheet.getRow(6).values).toEqual([undefined, 'Retention', 0.425]);
    expect(sheet.getCell('B6').numFmt).toBe('0.0%');
    expect(sheet.getRow(7).values).toEqual([undefined, 'Busiest day', 'Monday', 12]);
    expect(sheet.getCell('C7').numFmt).toBe('#,##0');
    expect(sheet.getRow(9).values).toEqual([undefined, 'Days']);
    expect(sheet.getRow(10).values).toEqual([undefined, 'Day', 'Month', 'Revenue']);
    expect(sheet.getCell('A11').value).toBeInstanceOf(Date);
    expect(sheet.getRow(14).values).toEqual([undefined, 'By gender']);
    expect(sheet.getRow(15).values).toEqual([undefined, 'Gender', 'Share']);
    expect(sheet.getRow(16).values).toEqual([undefined, 'Women', 0.7]);
    expect(sheet.getCell('B16').numFmt).toBe('0.0%');
    // Several parts scroll together: nothing is frozen.
    expect((sheet.views ?? []).some((view) => view.state === 'frozen')).toBe(false);
  });
});

describe("buildCsv with the screen's KPIs and further tables", () => {
  it('writes the KPI lines, the main table under its title, then each further table after an empty line', () => {
    expect(buildCsv(dayColumns, dayRows.slice(0, 1), 'it', undefined, { title: 'Vendite', lines: [] }, extras)).toBe(
      [
        'Vendite',
        '',
        'Measure;This range;Last year',
        'Revenue;1244,50;1000,00',
        'Retention;42,5;',
        'Busiest day;Monday;12',
        '',
        'Days',
        'Day;Month;Revenue',
        '31/01/2026;January;1234,50',
        '',
        'By gender',
        'Gender;Share',
        'Women;70',
        '',
      ].join('\r\n'),
    );
  });
});
