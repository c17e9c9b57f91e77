import '../../lib/i18n';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataTableColumn } from '../data-table/data-table';
import { KpiGrid } from './report-parts';
import { useReportTable } from './report-table-export';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

type Row = { name: string; revenue: number };
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name },
  { id: 'revenue', header: 'Revenue', value: (row) => row.revenue, kind: 'money' },
];

describe('useReportTable', () => {
  it('hands the frame the rows the table shows, so the export writes what is on screen', () => {
    const { result } = renderHook(() => useReportTable({ name: 'items', columns, details: [['Gender', 'All clients']] }));
    expect(result.current.table.rows).toEqual([]);
    act(() => result.current.tableProps.onVisibleRowsChange([{ name: 'Cut', revenue: 30 }]));
    expect(result.current.table).toMatchObject({
      name: 'items',
      rows: [{ name: 'Cut', revenue: 30 }],
      details: [['Gender', 'All clients']],
    });
    expect(result.current.shownRows).toEqual([{ name: 'Cut', revenue: 30 }]);
    expect(result.current.tableProps.columns).toBe(columns);
  });
});

describe('KpiGrid', () => {
  it('shows one card per item with its label and formatted value', () => {
    render(
      <KpiGrid
        items={[
          { id: 'revenue', label: 'Revenue', value: 1234.5, format: 'money', definition: 'Paid amount.' },
          { id: 'visits', label: 'Visits', value: 12, format: 'integer', definition: 'Appointments done.' },
        ]}
      />,
    );
    expect(screen.getAllByTestId('kpi-card')).toHaveLength(2);
    expect(screen.getAllByTestId('kpi-value').map((value) => value.textContent)).toEqual(['€1,234.50', '12']);
  });
});
