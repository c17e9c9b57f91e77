import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { STOCK_MOVEMENT_TYPES, type StockMovementType } from '@salon/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay, formatMonth } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import type { ReportStatus } from '../../components/report-frame/report-status';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import {
  downloadStockXlsx,
  type ProfessionalUse,
  type ProfessionalUseMonth,
  type StockListFilters,
  type StockMovement,
  type StockRange,
  type StockStatus,
  type StockStatusRow,
  stockMovementsKey,
  useProfessionalUse,
  useStockMovementPages,
  useStockStatus,
} from './api/use-stock-movements';

/** This report's fixed error for a network or server failure (word for word). */
const STOCK_FAILURE = 'Unable to fetch stock movemenys list';

const TABS = ['movements', 'status', 'professional'] as const;
type StockTab = (typeof TABS)[number];

const TYPE_COLOR: Record<StockMovementType, 'success' | 'primary' | 'secondary' | 'warning' | 'default'> = {
  LOAD: 'success',
  SALE: 'primary',
  INTERNAL_USE: 'secondary',
  ADJUSTMENT: 'warning',
  TRANSFER: 'default',
};

const isTab = (value: string | null): value is StockTab => TABS.includes(value as StockTab);
const isType = (value: string | null): value is StockMovementType => STOCK_MOVEMENT_TYPES.includes(value as StockMovementType);

/** The screen's own URL params: ?tab, and the list's ?type and ?search. */
function useStockParams() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const typeParam = params.get('type');
  const search = (params.get('search') ?? '').trim();
  const set = useCallback(
    (change: { tab?: StockTab; type?: StockMovementType | null; search?: string | null }) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(change)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const listFilters = useMemo<StockListFilters>(
    () => ({ ...(isType(typeParam) ? { type: typeParam } : {}), ...(search ? { search: search.slice(0, 100) } : {}) }),
    [typeParam, search],
  );
  return { tab: isTab(tabParam) ? tabParam : 'movements', listFilters, set };
}

/**
 * /stock-movements: the movements of a range appended page by page (load more, clear), the stock
 * status at the range end (products to reorder first), the professional products used per
 * service, and the xlsx export.
 */
export default function StockMovementsScreen() {
  const { t, i18n } = useTranslation('stock-movements');
  const filters = useReportFilters();
  const { tab, listFilters, set } = useStockParams();
  const range = useMemo<StockRange>(
    () => ({ salonId: filters.salonId, fromDate: filters.fromDate, toDate: filters.toDate }),
    [filters.salonId, filters.fromDate, filters.toDate],
  );
  const [isCleared, setCleared] = useState(false);
  const canAsk = filters.isRangeValid;
  const pages = useStockMovementPages(range, listFilters, canAsk && tab === 'movements' && !isCleared);
  const status = useStockStatus(range, canAsk && tab === 'status');
  const use = useProfessionalUse(range, canAsk && tab === 'professional');
  const active = tab === 'movements' ? pages : tab === 'status' ? status : use;
  const frameStatus: ReportStatus = active.isError ? 'error' : 'ready';

  // Another range or filter starts a new list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list restarts when any of these change.
  useEffect(() => setCleared(false), [range, listFilters]);

  const xlsx = async () => {
    if (range.salonId !== null) await downloadStockXlsx({ ...range, salonId: range.salonId }, listFilters, i18n.language);
  };
  const tabsId = useId();

  return (
    <ReportFrame
      title={t('title')}
      filters={filters}
      status={frameStatus}
      error={active.error}
      errorFallback={STOCK_FAILURE}
      onRetry={() => void active.refetch()}
      exports={{ xlsx }}
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: StockTab) => set({ tab: value })}
          aria-label={t('tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(`tabs.${value}`)}
              id={`${tabsId}-${value}`}
              aria-controls={`${tabsId}-${value}-panel`}
              data-testid={`tab-${value}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'movements' ? (
          <MovementsTab range={range} listFilters={listFilters} onFilters={set} pages={pages} isCleared={isCleared} onClear={setCleared} />
        ) : tab === 'status' ? (
          status.data ? (
            <StatusTab data={status.data} />
          ) : (
            <Loading />
          )
        ) : use.data ? (
          <ProfessionalTab data={use.data} />
        ) : (
          <Loading />
        )}
      </Box>
    </ReportFrame>
  );
}

function Loading() {
  const { t } = useTranslation('stock-movements');
  return (
    <Box aria-busy="true" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} data-testid="stock-loading">
      <CircularProgress size={20} aria-label={t('loading')} />
      <Typography variant="body2" color="text.secondary">
        {t('loading')}
      </Typography>
    </Box>
  );
}

interface MovementsTabProps {
  range: StockRange;
  listFilters: StockListFilters;
  onFilters: (change: { type?: StockMovementType | null; search?: string | null }) => void;
  pages: ReturnType<typeof useStockMovementPages>;
  isCleared: boolean;
  onClear: (isCleared: boolean) => void;
}

function MovementsTab({ range, listFilters, onFilters, pages, isCleared, onClear }: MovementsTabProps) {
  const { t, i18n } = useTranslation('stock-movements');
  const language = i18n.language;
  const client = useQueryClient();
  const [searchText, setSearchText] = useState(listFilters.search ?? '');
  // The search applies once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText.trim() !== (listFilters.search ?? '')) onFilters({ search: searchText.trim() || null });
    }, 400);
    return () => clearTimeout(timer);
  }, [searchText, listFilters.search, onFilters]);

  const loadedPages = pages.data?.pages ?? [];
  const loaded = loadedPages.reduce((count, page) => count + page.movements.length, 0);
  const total = loadedPages[0]?.total ?? 0;

  const clear = () => {
    onClear(true);
    client.removeQueries({ queryKey: stockMovementsKey(range, listFilters) });
  };

  let body: React.ReactNode;
  if (isCleared) {
    body = (
      <Alert
        severity="info"
        data-testid="list-cleared"
        action={
          <Button color="inherit" size="small" onClick={() => onClear(false)} data-testid="load-first">
            {t('list.loadFirst')}
          </Button>
        }
      >
        {t('list.cleared')}
      </Alert>
    );
  } else if (!pages.data) {
    body = <Loading />;
  } else if (total === 0) {
    body = (
      <Alert severity="info" data-testid="list-empty">
        {listFilters.type || listFilters.search ? t('list.noneMatching') : t('list.none')}
      </Alert>
    );
  } else {
    body = (
      <>
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2" data-testid="list-count" aria-live="polite">
            {t('list.count', { loaded: formatValue(loaded, 'integer', language), total: formatValue(total, 'integer', language) })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={total > 0 ? (100 * loaded) / total : 0}
            aria-label={t('list.progress')}
            sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
          />
        </Box>
        <MovementsTable pages={loadedPages} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2, alignItems: 'center' }}>
          <Button
            variant="contained"
            onClick={() => void pages.fetchNextPage()}
            disabled={!pages.hasNextPage || pages.isFetchingNextPage}
            data-testid="load-more"
          >
            {pages.isFetchingNextPage ? t('list.loading') : t('list.loadMore')}
          </Button>
          <Button variant="outlined" onClick={clear} data-testid="clear-list">
            {t('list.clear')}
          </Button>
          {!pages.hasNextPage ? (
            <Typography variant="body2" color="text.secondary" data-testid="list-end">
              {t('list.end')}
            </Typography>
          ) : null}
        </Box>
        {pages.isFetchNextPageError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('list.pageFailed')}
          </Alert>
        ) : null}
      </>
    );
  }

  return (
    <>
      <Box role="group" aria-label={t('list.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('list.type')}
          value={listFilters.type ?? 'ALL'}
          onChange={(event) => onFilters({ type: event.target.value === 'ALL' ? null : (event.target.value as StockMovementType) })}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'type-filter' } } }}
        >
          <MenuItem value="ALL">{t('list.allTypes')}</MenuItem>
          {STOCK_MOVEMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`type.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('list.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value.slice(0, 100))}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'product-search', maxLength: 100 } }}
        />
      </Box>
      {body}
    </>
  );
}

function MovementsTable({ pages }: { pages: { movements: StockMovement[] }[] }) {
  const { t } = useTranslation('stock-movements');
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxWidth: '100%', overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('list.label')}
    >
      <Table size="small" aria-label={t('list.label')} data-testid="movements-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('column.day')}</TableCell>
            <TableCell>{t('column.product')}</TableCell>
            <TableCell>{t('column.type')}</TableCell>
            <TableCell align="right">{t('column.quantity')}</TableCell>
            <TableCell align="right">{t('column.unitCost')}</TableCell>
            <TableCell align="right">{t('column.value')}</TableCell>
            <TableCell>{t('column.note')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pages.map((page) => (
            <MovementRows key={page.movements[0]?.movementId ?? 'empty'} movements={page.movements} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One page of rows: a page already shown is not drawn again when the next one is appended. */
const MovementRows = memo(function MovementRows({ movements }: { movements: StockMovement[] }) {
  const { t, i18n } = useTranslation('stock-movements');
  const language = i18n.language;
  return (
    <>
      {movements.map((m) => (
        <TableRow key={m.movementId} data-testid="movement-row">
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(m.day, language)}</TableCell>
          <TableCell sx={{ minWidth: 180 }}>
            <Typography variant="body2">{m.productName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {m.brand} · {t(`category.${m.category}`)}
            </Typography>
          </TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" color={TYPE_COLOR[m.type]} label={t(`type.${m.type}`)} />
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: m.quantity < 0 ? 'error.dark' : 'success.dark' }}>
            {m.quantity > 0 ? '+' : ''}
            {formatValue(m.quantity, 'integer', language)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatValue(m.unitCost, 'money', language)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatValue(m.value, 'money', language)}
          </TableCell>
          <TableCell>{m.note || '—'}</TableCell>
        </TableRow>
      ))}
    </>
  );
});

function StatusTab({ data }: { data: StockStatus }) {
  const { t, i18n } = useTranslation('stock-movements');
  const language = i18n.language;
  const columns = useMemo<DataTableColumn<StockStatusRow>[]>(
    () => [
      { id: 'product', header: t('column.product'), value: (row) => row.productName },
      {
        id: 'reorder',
        header: t('status.column.reorder'),
        value: (row) => (row.reorder ? t('status.reorder') : t('status.ok')),
        cell: (row) =>
          row.reorder ? (
            <Chip size="small" color="error" label={t('status.reorder')} data-testid="reorder-chip" />
          ) : (
            <Chip size="small" variant="outlined" color="success" label={t('status.ok')} />
          ),
      },
      { id: 'brand', header: t('column.brand'), value: (row) => row.brand },
      { id: 'category', header: t('column.category'), value: (row) => t(`category.${row.category}`) },
      { id: 'onHand', header: t('status.column.onHand'), value: (row) => row.onHand, kind: 'integer' },
      { id: 'reorderLevel', header: t('status.column.reorderLevel'), value: (row) => row.reorderLevel, kind: 'integer' },
      { id: 'daysOfCover', header: t('status.column.daysOfCover'), value: (row) => row.daysOfCover, kind: 'number' },
      { id: 'dailyUsage', header: t('status.column.dailyUsage'), value: (row) => row.dailyUsage, kind: 'number' },
      { id: 'unitCost', header: t('column.unitCost'), value: (row) => row.unitCost, kind: 'money' },
      { id: 'stockValue', header: t('status.column.stockValue'), value: (row) => row.stockValue, kind: 'money' },
      { id: 'opening', header: t('status.column.opening'), value: (row) => row.openingQuantity, kind: 'integer' },
      { id: 'netChange', header: t('status.column.netChange'), value: (row) => row.netChange, kind: 'integer' },
    ],
    [t],
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('status.intro', {
          toDate: formatDay(data.toDate, language),
          usageFrom: formatDay(data.usageFrom, language),
          days: data.reorderCoverDays,
        })}
      </Typography>
      <KpiGrid
        items={[
          {
            id: 'stockValue',
            label: t('kpi.stockValue'),
            value: data.totals.stockValue,
            format: 'money',
            definition: t('definition.stockValue'),
          },
          {
            id: 'productsToReorder',
            label: t('kpi.productsToReorder'),
            value: data.totals.productsToReorder,
            format: 'integer',
            definition: t('definition.productsToReorder', { days: data.reorderCoverDays }),
          },
          { id: 'units', label: t('kpi.units'), value: data.totals.units, format: 'integer', definition: t('definition.units') },
          {
            id: 'products',
            label: t('kpi.products'),
            value: data.totals.products,
            format: 'integer',
            definition: t('definition.products'),
          },
        ]}
      />
      {data.rows.length === 0 ? (
        <Alert severity="info">{t('status.none')}</Alert>
      ) : (
        <Box data-testid="status-table">
          <DataTable columns={columns} data={data.rows} label={t('status.title')} getRowId={(row) => String(row.productId)} pageSize={0} />
        </Box>
      )}
    </>
  );
}

const USE_COLORS = { salon: '#1565c0', average: '#6d4c41', chain: '#ef6c00' };

function ProfessionalTab({ data }: { data: ProfessionalUse }) {
  const { t, i18n } = useTranslation('stock-movements');
  const language = i18n.language;
  const isWide = useMediaQuery(useTheme().breakpoints.up('sm'));
  const option = useMemo<EChartsCoreOption>(() => {
    const money = (value: unknown) => formatValue(value === null || value === undefined ? null : Number(value), 'money', language);
    return {
      tooltip: { trigger: 'axis', valueFormatter: money },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: isWide ? 40 : 72, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: data.months.map((m) => formatMonth(m.month, language)) },
      yAxis: { type: 'value', name: '€', axisLabel: valueAxisLabel(language) },
      series: [
        {
          name: t('professional.series.salon'),
          type: 'bar',
          itemStyle: { color: USE_COLORS.salon },
          data: data.months.map((m) => m.costPerService),
        },
        {
          name: t('professional.series.average'),
          type: 'line',
          symbol: 'none',
          lineStyle: { type: 'dashed', width: 2 },
          itemStyle: { color: USE_COLORS.average },
          data: data.months.map(() => data.salonAverage),
        },
        {
          name: t('professional.series.chain'),
          type: 'line',
          itemStyle: { color: USE_COLORS.chain },
          lineStyle: { width: 2 },
          data: data.months.map((m) => m.chainCostPerService),
        },
      ],
    };
  }, [data, t, language, isWide]);
  const columns = useMemo<DataTableColumn<ProfessionalUseMonth>[]>(
    () => [
      {
        id: 'month',
        header: t('professional.column.month'),
        value: (row) => row.month,
        text: (row) => formatMonth(row.month, language, 'long'),
      },
      { id: 'services', header: t('professional.column.services'), value: (row) => row.services, kind: 'integer' },
      { id: 'professionalCost', header: t('professional.column.cost'), value: (row) => row.professionalCost, kind: 'money' },
      { id: 'costPerService', header: t('professional.column.perService'), value: (row) => row.costPerService, kind: 'money' },
      { id: 'vs', header: t('professional.column.vsAverage'), value: (row) => row.vsSalonAveragePercent, kind: 'percent' },
      { id: 'chain', header: t('professional.column.chain'), value: (row) => row.chainCostPerService, kind: 'money' },
    ],
    [t, language],
  );
  const summary = data.months
    .map((m) =>
      t('professional.summaryMonth', {
        month: formatMonth(m.month, language, 'long'),
        value: formatValue(m.costPerService, 'money', language),
      }),
    )
    .join('; ');
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('professional.intro')}
      </Typography>
      <KpiGrid
        items={[
          {
            id: 'salonAverage',
            label: t('kpi.salonAverage'),
            value: data.salonAverage,
            format: 'money',
            definition: t('definition.salonAverage'),
          },
          {
            id: 'chainAverage',
            label: t('kpi.chainAverage'),
            value: data.chainAverage,
            format: 'money',
            definition: t('definition.chainAverage'),
          },
          {
            id: 'professionalCost',
            label: t('kpi.professionalCost'),
            value: data.professionalCost,
            format: 'money',
            definition: t('definition.professionalCost'),
          },
          { id: 'services', label: t('kpi.services'), value: data.services, format: 'integer', definition: t('definition.services') },
        ]}
      />
      <Panel title={t('professional.chartTitle')}>
        <Chart option={option} label={t('professional.chartTitle')} summary={summary} height={320} />
      </Panel>
      <Box data-testid="professional-table">
        <DataTable columns={columns} data={data.months} label={t('professional.tableTitle')} getRowId={(row) => row.month} pageSize={0} />
      </Box>
    </>
  );
}
