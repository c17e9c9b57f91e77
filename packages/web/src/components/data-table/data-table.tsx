import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ColumnDef,
  type ColumnFiltersState,
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  type FilterFn,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortFn,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput } from '../format/dates';
import { decimalSeparatorOf, decimalsOf, formatValue, type ValueKind } from '../format/number-format';
import { type CompiledFilter, compileFilter, FILTER_MODES, type FilterMode, isEmptyFilter, type TextFilter } from './filters';

/** A cell's raw value: what sorting, filtering and export read. */
type CellValue = string | number | null | undefined;

/** One column of a DataTable (and of its XLSX export). */
export interface DataTableColumn<T> {
  id: string;
  /** The header, already translated. */
  header: string;
  /** The raw value: sorting, filtering (numeric modes) and export use it. */
  value: (row: T) => CellValue;
  /** How the value is shown and exported; 'text' by default. Money is in euros. */
  kind?: ValueKind;
  /** Custom cell content (links, buttons, chips); the formatted value when absent. */
  cell?: (row: T) => ReactNode;
  /** The text the cell shows when it is not the formatted value (a month's name for a month number): filters match it, exports write it. */
  text?: (row: T) => string;
  /** Default true. */
  isSortable?: boolean;
  /** Default true. */
  isFilterable?: boolean;
  /** Default true; false for action columns. */
  isExportable?: boolean;
}

interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  data: readonly T[];
  /** The table's accessible name. */
  label: string;
  getRowId?: (row: T, index: number) => string;
  initialSorting?: SortingState;
  /** Rows per page; 0 shows every row on one page. */
  pageSize?: number;
  /** Receives the rows left after filtering, in their sorted order (all pages): what an export should write. */
  onVisibleRowsChange?: (rows: T[]) => void;
  /**
   * A totals row under the rows, computed from the rows left after filtering (all of them when no
   * filter is set, so it equals the report's totals); its first column reads "Total".
   */
  totals?: (rows: readonly T[]) => T;
  /**
   * Paging and sorting by the server (TanStack manual pagination and sorting): `data` is the page
   * the server sent, in its order; the table asks for another page or order through the callbacks,
   * shows `rowCount` as the number of rows and `totalsRow` (the server's totals) as its totals row.
   * No per-column filters then: the screen offers the filters the server takes.
   */
  server?: ServerPaging<T>;
}

/** DataTable's `server` prop: the page state lives in the screen, which asks the server for that page. */
export interface ServerPaging<T> {
  rowCount: number;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  totalsRow?: T | null;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
type Features = typeof features;

const NUMERIC_KINDS: readonly ValueKind[] = ['money', 'number', 'integer', 'percent'];
const isNumericKind = (kind: ValueKind | undefined): boolean => kind !== undefined && NUMERIC_KINDS.includes(kind);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order: numbers by value, text by locale; TanStack reverses it for descending. */
export function compareCells(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

const isBlank = (value: CellValue): boolean => value === null || value === undefined || value === '';

/** The column's filter mode when the user has not chosen one. */
const defaultModeOf = <T,>(column: DataTableColumn<T> | undefined): FilterMode =>
  isNumericKind(column?.kind) && !column?.text ? 'greaterThan' : 'contains';

/** Tables with at least this many columns offer the column chooser. */
const WIDE_TABLE_COLUMNS = 6;

/** Where a table's hidden columns are remembered: one key per table, named by its column ids (the same in both languages). */
export function hiddenColumnsKey(columns: readonly { id: string }[]): string {
  return `salon.dataTable.hidden.${columns.map((column) => column.id).join(',')}`;
}

function readHidden(key: string): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The ids of the columns the manager hid in this table, kept in local storage per table. */
function useHiddenColumns(columns: readonly { id: string }[]): [string[], (ids: string[]) => void] {
  const key = hiddenColumnsKey(columns);
  const [state, setState] = useState(() => ({ key, ids: readHidden(key) }));
  // Another table in the same place (other columns) reads its own choice.
  const ids = state.key === key ? state.ids : readHidden(key);
  const setIds = (next: string[]) => {
    setState({ key, ids: next });
    try {
      if (next.length === 0) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the choice holds for this visit only.
    }
  };
  return [ids, setIds];
}

/** The "Columns" menu of a wide table: a checkbox per column (the first one always shown) and "show all". */
function ColumnChooser({
  columns,
  hiddenIds,
  onChange,
}: {
  columns: readonly { id: string; header: string }[];
  hiddenIds: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('components');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: string) => onChange(hiddenIds.includes(id) ? hiddenIds.filter((hidden) => hidden !== id) : [...hiddenIds, id]);
  const hiddenCount = columns.filter((column, index) => index > 0 && hiddenIds.includes(column.id)).length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="column-chooser"
      >
        {hiddenCount > 0 ? t('dataTable.columnsHidden', { count: hiddenCount }) : t('dataTable.columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((column, index) => (
          <MenuItem
            key={column.id}
            dense
            disabled={index === 0}
            onClick={() => toggle(column.id)}
            role="menuitemcheckbox"
            aria-checked={index === 0 || !hiddenIds.includes(column.id)}
            data-testid={`column-choice-${column.id}`}
          >
            <Checkbox size="small" edge="start" checked={index === 0 || !hiddenIds.includes(column.id)} tabIndex={-1} disableRipple />
            {column.header}
          </MenuItem>
        ))}
        <MenuItem dense onClick={() => onChange([])} disabled={hiddenCount === 0} data-testid="column-choice-all">
          {t('dataTable.showAllColumns')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Rows per page offered when paging. */
const PAGE_SIZES = [25, 50, 100, 500];

/**
 * A sortable table with a per-column text filter (contains, starts with, ends with, matches,
 * greater than, less than), on TanStack Table v9. Scrolls sideways on narrow screens.
 */
export function DataTable<T extends RowData>({
  columns: allColumns,
  data,
  label,
  getRowId,
  initialSorting = [],
  pageSize: initialPageSize = 50,
  onVisibleRowsChange,
  totals,
  server,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation('components');
  const [hiddenIds, setHiddenIds] = useHiddenColumns(allColumns);
  // The first column names the row and stays; the others show unless the manager hid them.
  const columns = useMemo(
    () => allColumns.filter((column, index) => index === 0 || !hiddenIds.includes(column.id)),
    [allColumns, hiddenIds],
  );
  const language = i18n.language;
  const decimalSeparator = decimalSeparatorOf(language);
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [filters, setFilters] = useState<Record<string, TextFilter>>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize || Number.MAX_SAFE_INTEGER });

  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      Object.entries(filters)
        .filter(([, filter]) => !isEmptyFilter(filter))
        .map(([id, value]) => ({ id, value })),
    [filters],
  );

  // A plain-number column shows every value with the decimals its most precise value needs (1.00 beside 0.99).
  const decimalsById = useMemo(
    () =>
      new Map(
        columns
          .filter((column) => column.kind === 'number')
          .map((column) => [column.id, decimalsOf(data.map((row) => column.value(row)))] as const),
      ),
    [columns, data],
  );
  const columnDefs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((column) => {
        const kind = column.kind ?? 'text';
        const sortFn: SortFn<Features, T> = (a, b, id) => compareCells(a.getValue<CellValue>(id), b.getValue<CellValue>(id));
        const filterFn: FilterFn<Features, T> = (row, id, compiled: CompiledFilter) => {
          const value = row.getValue<CellValue>(id);
          // A date matches what it shows (21 Nov 2026) and how it is typed (21/11/2026), not only its ISO text.
          const shown = column.text ? column.text(row.original) : formatValue(value, kind, language, decimalsById.get(column.id) ?? 0);
          return compiled.test(value, kind === 'date' && typeof value === 'string' ? [shown, formatDateInput(value)] : shown);
        };
        filterFn.resolveFilterValue = (filter: TextFilter) => compileFilter(filter, decimalSeparator);
        return {
          id: column.id,
          header: column.header,
          // undefined (not null) so sortUndefined keeps missing values last in both directions.
          accessorFn: (row: T) => column.value(row) ?? undefined,
          enableSorting: column.isSortable ?? true,
          enableColumnFilter: column.isFilterable ?? true,
          sortFn,
          sortUndefined: 'last',
          filterFn,
        };
      }),
    [columns, language, decimalSeparator, decimalsById],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: data as T[],
    getRowId,
    state: server ? { sorting: server.sorting, columnFilters: [], pagination: server.pagination } : { sorting, columnFilters, pagination },
    onSortingChange: server
      ? (updater) => server.onSortingChange(typeof updater === 'function' ? updater(server.sorting) : updater)
      : setSorting,
    onPaginationChange: server
      ? (updater) => server.onPaginationChange(typeof updater === 'function' ? updater(server.pagination) : updater)
      : setPagination,
    autoResetPageIndex: !server,
    manualPagination: server !== undefined,
    manualSorting: server !== undefined,
    rowCount: server?.rowCount,
  });

  const visibleRows = table.getPrePaginatedRowModel().rows;
  const reported = useRef<readonly T[] | null>(null);
  useEffect(() => {
    if (!onVisibleRowsChange) return;
    const originals = visibleRows.map((row) => row.original);
    // Report only real changes, so a parent keeping the rows in state does not render in a loop.
    const previous = reported.current;
    if (previous && previous.length === originals.length && previous.every((row, index) => row === originals[index])) return;
    reported.current = originals;
    onVisibleRowsChange(originals);
  }, [visibleRows, onVisibleRowsChange]);

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const hasFilters = !server && columns.some((column) => column.isFilterable ?? true);
  const rowCount = server ? server.rowCount : visibleRows.length;
  const isPaged = server ? rowCount > PAGE_SIZES[0]! : initialPageSize > 0 && visibleRows.length > PAGE_SIZES[0]!;
  const rows = isPaged ? table.getRowModel().rows : visibleRows;
  const totalsRow = useMemo(
    () => (server ? (server.totalsRow ?? null) : totals && visibleRows.length > 0 ? totals(visibleRows.map((row) => row.original)) : null),
    [server, totals, visibleRows],
  );
  const pageState = server ? server.pagination : pagination;
  const cellContent = (column: DataTableColumn<T>, row: T) =>
    column.cell
      ? column.cell(row)
      : column.text
        ? column.text(row)
        : formatValue(column.value(row), column.kind ?? 'text', language, decimalsById.get(column.id) ?? 0);

  const setFilter = (id: string, change: Partial<TextFilter>) => {
    setFilters((previous) => {
      const current = previous[id] ?? { mode: defaultModeOf(byId.get(id)), text: '' };
      return { ...previous, [id]: { ...current, ...change } };
    });
    setPagination((previous) => ({ ...previous, pageIndex: 0 }));
  };

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="row-count">
          {t('dataTable.rowCount', { shown: rowCount, total: server ? rowCount : data.length })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {columnFilters.length > 0 ? (
            <Button size="small" onClick={() => setFilters({})}>
              {t('dataTable.clearFilters')}
            </Button>
          ) : null}
          {allColumns.length >= WIDE_TABLE_COLUMNS ? (
            <ColumnChooser columns={allColumns} hiddenIds={hiddenIds} onChange={setHiddenIds} />
          ) : null}
        </Box>
      </Box>
      {/*
        The table scrolls inside its card (both ways, so its horizontal scrollbar is on screen),
        its first column pinned so each row keeps its name, its headers and totals row pinned too. A
        table with no header button or filter is reached by the keyboard through this frame.
      */}
      <TableContainer
        sx={{ overflow: 'auto', maxWidth: '100%', maxHeight: 'max(360px, 75vh)' }}
        data-testid="data-table-scroll"
        {...(hasFilters || columns.some((column) => column.isSortable ?? true) ? {} : { tabIndex: 0, role: 'region', 'aria-label': label })}
      >
        <Table
          size="small"
          aria-label={label}
          sx={{
            minWidth: 560,
            borderCollapse: 'separate',
            '& tr > :first-of-type': {
              position: 'sticky',
              left: 0,
              zIndex: 1,
              bgcolor: 'background.paper',
              boxShadow: (theme) => `inset -1px 0 0 ${theme.palette.divider}`,
            },
            '& thead': { position: 'sticky', top: 0, zIndex: 3 },
            '& thead th, & thead td': { bgcolor: 'background.paper' },
            '& tr[data-totals] > *': { position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.paper' },
            '& tr[data-totals] > :first-of-type': { zIndex: 3 },
          }}
        >
          <TableHead>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const isNumeric = isNumericKind(column?.kind);
                  return (
                    <TableCell
                      key={header.id}
                      align={isNumeric ? 'right' : 'left'}
                      sortDirection={sorted === false ? false : sorted}
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                    >
                      {header.column.getCanSort() ? (
                        <TableSortLabel
                          active={sorted !== false}
                          direction={sorted === false ? 'asc' : sorted}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {column?.header}
                        </TableSortLabel>
                      ) : (
                        column?.header
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
            {hasFilters ? (
              <TableRow>
                {columns.map((column) => (
                  // Filter inputs are not headers: plain cells, so an action column's empty one is no empty header either.
                  <TableCell
                    key={column.id}
                    component="td"
                    sx={{ verticalAlign: 'top', minWidth: (column.isFilterable ?? true) ? 150 : undefined }}
                  >
                    {(column.isFilterable ?? true) ? (
                      <ColumnFilterInput
                        column={column}
                        filter={filters[column.id] ?? { mode: defaultModeOf(column), text: '' }}
                        decimalSeparator={decimalSeparator}
                        onChange={(change) => setFilter(column.id, change)}
                      />
                    ) : null}
                  </TableCell>
                ))}
              </TableRow>
            ) : null}
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  if (!column) return null;
                  return (
                    <TableCell key={cell.id} align={isNumericKind(column.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {cellContent(column, row.original)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
            {totalsRow ? (
              <TableRow
                data-testid="totals-row"
                data-totals
                sx={{ '& > td, & > th': { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } }}
              >
                {columns.map((column, index) =>
                  index === 0 ? (
                    // A td like the cells after it, so the sticky first-of-type rule pins this cell alone.
                    <TableCell key={column.id} role="rowheader" sx={{ whiteSpace: 'nowrap' }}>
                      {t('dataTable.total')}
                    </TableCell>
                  ) : (
                    <TableCell key={column.id} align={isNumericKind(column.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {/* A figure that does not add up (a share of its own category) is left blank, not a dash. */}
                      {column.isExportable === false || isBlank(column.value(totalsRow)) ? null : cellContent(column, totalsRow)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ) : null}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 3 }}>
                  {t('dataTable.noRows')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {isPaged ? (
        <TablePagination
          component="div"
          count={rowCount}
          page={pageState.pageIndex}
          rowsPerPage={pageState.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, page) => table.setPageIndex(page)}
          onRowsPerPageChange={(event) => table.setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
          labelRowsPerPage={t('dataTable.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('dataTable.pageRange', { from, to, count })}
          getItemAriaLabel={(type) => t(`dataTable.page.${type}`)}
        />
      ) : null}
    </Paper>
  );
}

interface ColumnFilterInputProps<T> {
  column: DataTableColumn<T>;
  filter: TextFilter;
  decimalSeparator: '.' | ',';
  onChange: (change: Partial<TextFilter>) => void;
}

function ColumnFilterInput<T>({ column, filter, decimalSeparator, onChange }: ColumnFilterInputProps<T>) {
  const { t } = useTranslation('components');
  const id = useId();
  const error = useMemo(() => compileFilter(filter, decimalSeparator).error, [filter, decimalSeparator]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <NativeSelect
        value={filter.mode}
        onChange={(event) => onChange({ mode: event.target.value as FilterMode })}
        inputProps={{ 'aria-label': t('dataTable.filterModeLabel', { column: column.header }), id: `${id}-mode` }}
        sx={{ fontSize: '0.8125rem' }}
      >
        {FILTER_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`dataTable.mode.${mode}`)}
          </option>
        ))}
      </NativeSelect>
      <TextField
        size="small"
        variant="standard"
        value={filter.text}
        onChange={(event) => onChange({ text: event.target.value })}
        error={error !== undefined}
        helperText={error ? t(`dataTable.error.${error}`) : undefined}
        slotProps={{
          htmlInput: {
            'aria-label': t('dataTable.filterLabel', { column: column.header }),
            id: `${id}-text`,
            placeholder: t('dataTable.filterPlaceholder'),
          },
          formHelperText: { role: 'alert' },
        }}
      />
    </Box>
  );
}
