import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { ChartPanel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import type { ReportFilters } from '../../components/report-frame/use-report-filters';
import type { FeedbackStats } from './api/use-feedback';
import { AverageCell, DistributionBar, FeedbackKpis, FeedbackListTabs, scoreChartOption, useDistributionText } from './feedback-parts';
import { formatAverage, listTotals, rowsByAverage, SCORE_COLOURS } from './feedback-stats';

/** A row of a feedback list: who or what it is about, and its stats. */
export interface FeedbackListRow extends FeedbackStats {
  name: string;
}

interface FeedbackListReportProps<Row extends FeedbackListRow> {
  /** The list: its texts are the feedback namespace's `staff`, `customers` or `services` section. */
  section: 'staff' | 'customers' | 'services';
  filters: ReportFilters;
  report: UseQueryResult<{ rows: Row[]; totals: FeedbackStats }>;
  /** The name column (a link to the detail, or a button) and any column after it (category). */
  leadColumns: DataTableColumn<Row>[];
  /** Columns after the stats (the client's latest day). */
  trailingColumns?: DataTableColumn<Row>[];
  rowIdOf: (row: Row) => string;
  /** The fields of a totals row that are not stats (an empty name, a null id). */
  blankRow: Omit<Row, keyof FeedbackStats>;
  /** Draw the averages chart (one bar per row): not for clients, who are too many for it. */
  hasAveragesChart: boolean;
}

/**
 * The three feedback lists (staff, customers, services): tabs between them, the KPI cards of the
 * range, the averages and the 1..5 distribution charts, and a sortable, filterable table with
 * count, average, distribution and shares, a totals row, and its XLSX/CSV export.
 */
export function FeedbackListReport<Row extends FeedbackListRow>(props: FeedbackListReportProps<Row>) {
  const { section, filters, report, leadColumns, trailingColumns = [], rowIdOf, blankRow, hasAveragesChart } = props;
  const { t, i18n } = useTranslation('feedback');
  const language = i18n.language;
  const distributionText = useDistributionText();
  const data = report.data;

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      ...leadColumns,
      { id: 'count', header: t('columns.count'), value: (row) => row.count, kind: 'integer' },
      {
        id: 'average',
        header: t('columns.average'),
        value: (row) => row.average,
        kind: 'number',
        cell: (row) => <AverageCell average={row.average} />,
      },
      {
        id: 'distribution',
        header: t('columns.distribution'),
        // Sorted by the share of 5s; filtered and exported as its words.
        value: (row) => row.shareOfFives,
        text: (row) => distributionText(row.distribution),
        cell: (row) => <DistributionBar distribution={row.distribution} />,
      },
      { id: 'shareOfFives', header: t('columns.shareOfFives'), value: (row) => row.shareOfFives, kind: 'percent' },
      { id: 'shareOfLow', header: t('columns.shareOfLow'), value: (row) => row.shareOfLow, kind: 'percent' },
      ...trailingColumns,
    ],
    [leadColumns, trailingColumns, t, distributionText],
  );
  const allCount = data?.rows.length ?? 0;
  const apiTotals = data?.totals;
  const totals = useCallback(
    (shown: readonly Row[]) =>
      listTotals(
        allCount,
        apiTotals ?? { count: 0, average: null, distribution: [0, 0, 0, 0, 0], shareOfFives: null, shareOfLow: null },
        shown,
        blankRow,
      ),
    [allCount, apiTotals, blankRow],
  );
  const { table, tableProps } = useReportTable({ name: `feedback-${section}`, columns, totals });

  const averagesChart = useMemo<EChartsCoreOption | null>(() => {
    if (!hasAveragesChart || !data) return null;
    const rows = rowsByAverage(data.rows);
    return {
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: { dataIndex: number }[]) => {
          const row = rows[params[0]?.dataIndex ?? 0];
          if (!row) return '';
          return `${escapeHtml(row.name || t(`${section}.none`))}<br/>${t('columns.average')}: ${formatAverage(row.average, language)} · ${t('columns.count')}: ${formatValue(row.count, 'integer', language)}`;
        },
      },
      grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
      // Scores run 1..5: the axis starts at the lowest score a client can give.
      xAxis: { type: 'value', min: 1, max: 5, interval: 1 },
      yAxis: {
        type: 'category',
        data: rows.map((row) => row.name || t(`${section}.none`)),
        axisLabel: { width: 130, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          name: t('columns.average'),
          data: rows.map((row) => ({
            value: row.average,
            itemStyle: { color: SCORE_COLOURS[Math.min(4, Math.max(0, Math.round(row.average ?? 1) - 1))] },
          })),
          // The count beside the average, so a 5.00 from one client is not read as the best of the team.
          label: {
            show: true,
            position: 'right',
            formatter: (p: { dataIndex: number }) => {
              const row = rows[p.dataIndex];
              return row ? `${formatAverage(row.average, language)} (${formatValue(row.count, 'integer', language)})` : '';
            },
          },
        },
      ],
    };
  }, [hasAveragesChart, data, t, section, language]);

  const distributionChart = useMemo(
    () =>
      scoreChartOption(
        data?.totals.distribution ?? [0, 0, 0, 0, 0],
        { score: (score) => t('distribution.score', { score }), series: t('columns.count') },
        language,
      ),
    [data, t, language],
  );
  const averagesHeight = Math.max(200, Math.min(640, (data?.rows.length ?? 0) * 28 + 40));

  return (
    <ReportFrame
      title={t(`${section}.title`)}
      filters={filters}
      {...reportStateOf(report, (answer) => answer.rows.length === 0)}
      table={table}
    >
      <FeedbackListTabs />
      {data ? (
        <>
          <FeedbackKpis stats={data.totals} />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            {averagesChart ? (
              <Grid size={{ xs: 12, md: 7 }}>
                <ChartPanel title={t(`${section}.chart`)} option={averagesChart} height={averagesHeight} isFilling />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, md: averagesChart ? 5 : 12 }}>
              <ChartPanel
                title={t('distribution.chart')}
                option={distributionChart}
                height={averagesChart ? Math.min(averagesHeight, 320) : 260}
                isFilling
              />
            </Grid>
          </Grid>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`${section}.hint`)}
          </Typography>
          <DataTable
            {...tableProps}
            label={t(`${section}.table`)}
            data={data.rows}
            getRowId={rowIdOf}
            initialSorting={[{ id: 'count', desc: true }]}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}

/** Text for an HTML tooltip: a name from the database is shown, never run. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
