import '../../lib/i18n';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareCells, DataTable, type DataTableColumn, hiddenColumnsKey } from './data-table';

// MUI renders slowly in happy-dom on a machine shared with other suites.
vi.setConfig({ testTimeout: 30_000 });

interface Salon {
  id: number;
  name: string;
  city: string;
  revenue: number;
}

const salons: Salon[] = [
  { id: 1, name: 'Salone Uno', city: 'Milano', revenue: 1500 },
  { id: 2, name: 'Salone Due', city: 'Roma', revenue: 78.5 },
  { id: 3, name: 'Salone Tre', city: 'Torino', revenue: 950 },
  { id: 4, name: 'Bottega', city: 'Milano', revenue: 2300.25 },
];

const columns: DataTableColumn<Salon>[] = [
  { id: 'name', header: 'Salon', value: (s) => s.name },
  { id: 'city', header: 'City', value: (s) => s.city },
  { id: 'revenue', header: 'Revenue', value: (s) => s.revenue, kind: 'money' },
];

const bodyNames = () =>
  within(screen.getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it('shows every row with formatted money and a row count', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} getRowId={(s) => String(s.id)} />);
    expect(screen.getByRole('table', { name: 'Salons' })).toBeTruthy();
    expect(bodyNames()).toEqual(['Salone Uno', 'Salone Due', 'Salone Tre', 'Bottega']);
    expect(screen.getByText('€2,300.25')).toBeTruthy();
    expect(screen.getByTestId('row-count').textContent).toBe('4 of 4 rows');
  });

  it('sorts by a column when its header is clicked, numbers by value', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    fireEvent.click(screen.getByRole('button', { name: 'Revenue' }));
    const firstDirection = bodyNames();
    fireEvent.click(screen.getByRole('button', { name: 'Revenue' }));
    const secondDirection = bodyNames();
    // Numbers sort numerically (950 before 1500), not as text.
    const ascending = ['Salone Due', 'Salone Tre', 'Salone Uno', 'Bottega'];
    expect([firstDirection, secondDirection]).toContainEqual(ascending);
    expect([firstDirection, secondDirection]).toContainEqual([...ascending].reverse());
    const header = screen.getByRole('columnheader', { name: /Revenue/ });
    expect(['ascending', 'descending']).toContain(header.getAttribute('aria-sort'));
  });

  it('starts sorted as asked', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} initialSorting={[{ id: 'name', desc: false }]} />);
    expect(bodyNames()).toEqual(['Bottega', 'Salone Due', 'Salone Tre', 'Salone Uno']);
  });

  it('filters a text column with contains, ignoring case', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    fireEvent.change(screen.getByLabelText('Filter City'), { target: { value: 'MILANO' } });
    expect(bodyNames()).toEqual(['Salone Uno', 'Bottega']);
    expect(screen.getByTestId('row-count').textContent).toBe('2 of 4 rows');
  });

  it('switches the mode of a column filter', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    fireEvent.change(screen.getByLabelText('Filter mode for Salon'), { target: { value: 'endsWith' } });
    fireEvent.change(screen.getByLabelText('Filter Salon'), { target: { value: 'e' } });
    expect(bodyNames()).toEqual(['Salone Due', 'Salone Tre']);
  });

  it('numeric columns default to greater than and compare the amount', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    expect((screen.getByLabelText('Filter mode for Revenue') as HTMLSelectElement).value).toBe('greaterThan');
    fireEvent.change(screen.getByLabelText('Filter Revenue'), { target: { value: '950' } });
    expect(bodyNames()).toEqual(['Salone Uno', 'Bottega']);
    fireEvent.change(screen.getByLabelText('Filter mode for Revenue'), { target: { value: 'lessThan' } });
    expect(bodyNames()).toEqual(['Salone Due']);
  });

  it('an invalid regular expression shows an error and filters nothing', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    fireEvent.change(screen.getByLabelText('Filter mode for Salon'), { target: { value: 'matches' } });
    fireEvent.change(screen.getByLabelText('Filter Salon'), { target: { value: '(uno' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Not a valid regular expression/);
    expect(bodyNames()).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Filter Salon'), { target: { value: '(uno|due)$' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bodyNames()).toEqual(['Salone Uno', 'Salone Due']);
  });

  it('says so when no row passes, and clears the filters', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    fireEvent.change(screen.getByLabelText('Filter City'), { target: { value: 'Napoli' } });
    expect(screen.getByText('No rows match the filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(bodyNames()).toHaveLength(4);
  });

  it('reports the rows shown after filters and sorting, once per change', () => {
    const onVisibleRowsChange = vi.fn();
    render(
      <DataTable
        label="Salons"
        columns={columns}
        data={salons}
        initialSorting={[{ id: 'revenue', desc: true }]}
        onVisibleRowsChange={onVisibleRowsChange}
      />,
    );
    expect(onVisibleRowsChange).toHaveBeenCalledTimes(1);
    expect(onVisibleRowsChange.mock.lastCall?.[0].map((s: Salon) => s.id)).toEqual([4, 1, 3, 2]);
    act(() => {
      fireEvent.change(screen.getByLabelText('Filter City'), { target: { value: 'milano' } });
    });
    expect(onVisibleRowsChange).toHaveBeenCalledTimes(2);
    expect(onVisibleRowsChange.mock.lastCall?.[0].map((s: Salon) => s.id)).toEqual([4, 1]);
  });

  it('pages long lists and filters across every page', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      name: `Salon ${i + 1}`,
      city: i % 2 ? 'Roma' : 'Milano',
      revenue: i,
    }));
    render(<DataTable label="Salons" columns={columns} data={many} pageSize={50} />);
    expect(bodyNames()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(bodyNames()[0]).toBe('Salon 51');
    fireEvent.change(screen.getByLabelText('Filter Revenue'), { target: { value: '110' } });
    // 111..119: 9 rows, back on the first page
    expect(bodyNames()).toEqual(Array.from({ length: 9 }, (_, i) => `Salon ${i + 112}`));
  });
});

describe('compareCells', () => {
  it('orders numbers by value and text naturally, ignoring case and accents', () => {
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
    expect(['b', 'A', 'c'].sort(compareCells)).toEqual(['A', 'b', 'c']);
    expect(['Salon 10', 'Salon 9'].sort(compareCells)).toEqual(['Salon 9', 'Salon 10']);
  });
});

interface Visit {
  id: number;
  client: string;
  lastVisit: string;
  month: number;
  revenue: number;
}
const visits: Visit[] = [
  { id: 1, client: 'Anna', lastVisit: '2026-11-21', month: 11, revenue: 100 },
  { id: 2, client: 'Bruno', lastVisit: '2026-11-03', month: 11, revenue: 50.5 },
  { id: 3, client: 'Carla', lastVisit: '2025-10-21', month: 10, revenue: 20 },
];
const visitColumns: DataTableColumn<Visit>[] = [
  { id: 'client', header: 'Client', value: (v) => v.client },
  { id: 'lastVisit', header: 'Last visit', value: (v) => v.lastVisit, kind: 'date' },
  { id: 'month', header: 'Month', value: (v) => v.month, kind: 'integer', text: (v) => (v.month === 11 ? 'November' : 'October') },
  { id: 'revenue', header: 'Revenue', value: (v) => v.revenue, kind: 'money' },
];
const visitTotals = (rows: readonly Visit[]): Visit => ({
  id: 0,
  client: '',
  lastVisit: '',
  month: 0,
  revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
});

describe('DataTable dates, shown texts and totals', () => {
  it('shows dates as the language writes them and filters on what is shown', () => {
    render(<DataTable label="Clients" columns={visitColumns} data={visits} getRowId={(v) => String(v.id)} />);
    expect(screen.getByText('21 Nov 2026')).toBeTruthy();
    expect(screen.queryByText('2026-11-21')).toBeNull();
    fireEvent.change(screen.getByLabelText('Filter Last visit'), { target: { value: '21 Nov' } });
    expect(bodyNames()).toEqual(['Anna']);
    // As typed in a date field, too.
    fireEvent.change(screen.getByLabelText('Filter Last visit'), { target: { value: '03/11/2026' } });
    expect(bodyNames()).toEqual(['Bruno']);
    fireEvent.change(screen.getByLabelText('Filter Last visit'), { target: { value: 'oct 2025' } });
    expect(bodyNames()).toEqual(['Carla']);
    fireEvent.change(screen.getByLabelText('Filter Last visit'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Filter Month'), { target: { value: 'nov' } });
    expect(bodyNames()).toEqual(['Anna', 'Bruno']);
  });

  it('compares dates typed dd/mm/yyyy in greater than', () => {
    render(<DataTable label="Clients" columns={visitColumns} data={visits} getRowId={(v) => String(v.id)} />);
    fireEvent.change(screen.getByLabelText('Filter mode for Last visit'), { target: { value: 'greaterThan' } });
    fireEvent.change(screen.getByLabelText('Filter Last visit'), { target: { value: '01/11/2026' } });
    expect(bodyNames()).toEqual(['Anna', 'Bruno']);
  });

  it('adds a totals row computed from the rows shown', () => {
    render(<DataTable label="Clients" columns={visitColumns} data={visits} getRowId={(v) => String(v.id)} totals={visitTotals} />);
    const totals = screen.getByTestId('totals-row');
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(totals.textContent).toContain('€170.50');
    // No total for the last visit: a blank cell, not a dash that reads as a figure.
    expect(within(totals).getAllByRole('cell')[0]?.textContent).toBe('');
    fireEvent.change(screen.getByLabelText('Filter Client'), { target: { value: 'anna' } });
    expect(screen.getByTestId('totals-row').textContent).toContain('€100.00');
  });
});

describe('DataTable column chooser', () => {
  const wide: DataTableColumn<Salon>[] = [
    ...columns,
    { id: 'id', header: 'Code', value: (s) => s.id, kind: 'integer' },
    { id: 'double', header: 'Double', value: (s) => s.revenue * 2, kind: 'money' },
    { id: 'half', header: 'Half', value: (s) => s.revenue / 2, kind: 'money' },
  ];
  const headers = () => screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);

  afterEach(() => window.localStorage.clear());

  it('hides and shows columns of a wide table, keeps the first, and remembers the choice per table', async () => {
    const { unmount } = render(<DataTable label="Salons" columns={wide} data={salons} />);
    expect(headers()).toEqual(['Salon', 'City', 'Revenue', 'Code', 'Double', 'Half']);
    fireEvent.click(screen.getByTestId('column-chooser'));
    expect(screen.getByTestId('column-choice-name').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByTestId('column-choice-city'));
    fireEvent.click(screen.getByTestId('column-choice-half'));
    expect(headers()).toEqual(['Salon', 'Revenue', 'Code', 'Double']);
    expect(screen.getByTestId('column-chooser').textContent).toBe('Columns (2 hidden)');
    expect(JSON.parse(window.localStorage.getItem(hiddenColumnsKey(wide)) ?? '[]')).toEqual(['city', 'half']);
    unmount();

    // The same table again (another visit): the choice holds; a table of other columns is not affected.
    render(<DataTable label="Salons" columns={wide} data={salons} />);
    expect(headers()).toEqual(['Salon', 'Revenue', 'Code', 'Double']);
    fireEvent.click(screen.getByTestId('column-chooser'));
    fireEvent.click(screen.getByTestId('column-choice-all'));
    expect(headers()).toEqual(['Salon', 'City', 'Revenue', 'Code', 'Double', 'Half']);
    expect(window.localStorage.getItem(hiddenColumnsKey(wide))).toBeNull();
  });

  it('restores a stored choice on every visit and ignores one it cannot read', () => {
    window.localStorage.setItem(hiddenColumnsKey(wide), JSON.stringify(['double', 'gone', 7]));
    const { unmount } = render(<DataTable label="Salons" columns={wide} data={salons} />);
    // A column no longer in the table and a non-id are passed over; the one hidden is counted.
    expect(headers()).toEqual(['Salon', 'City', 'Revenue', 'Code', 'Half']);
    expect(screen.getByTestId('column-chooser').textContent).toBe('Columns (1 hidden)');
    unmount();
    window.localStorage.setItem(hiddenColumnsKey(wide), '{not json');
    render(<DataTable label="Salons" columns={wide} data={salons} />);
    expect(headers()).toEqual(['Salon', 'City', 'Revenue', 'Code', 'Double', 'Half']);
  });

  it('never hides the first column, even when storage says so', () => {
    window.localStorage.setItem(hiddenColumnsKey(wide), JSON.stringify(['name', 'city']));
    render(<DataTable label="Salons" columns={wide} data={salons} />);
    expect(headers()).toEqual(['Salon', 'Revenue', 'Code', 'Double', 'Half']);
    expect(screen.getByTestId('column-chooser').textContent).toBe('Columns (1 hidden)');
  });

  it('is not offered on a narrow table', () => {
    render(<DataTable label="Salons" columns={columns} data={salons} />);
    expect(screen.queryByTestId('column-chooser')).toBeNull();
  });
});
