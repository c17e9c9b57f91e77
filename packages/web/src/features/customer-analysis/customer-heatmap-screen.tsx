import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { valueAxisLabel } from '../../components/chart/axis-label';
import { Chart } from '../../components/chart/chart';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { type ExportExtras, exportSection } from '../../components/export/export-to-xlsx';
import { weekdayName } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { ReportFrame } from '../../components/report-frame/report-frame';
import { KpiGrid, Panel } from '../../components/report-frame/report-parts';
import { reportStateOf } from '../../components/report-frame/report-status';
import { useReportTable } from '../../components/report-frame/report-table-export';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type CustomerMap, useCustomerMap } from './api/use-customer-analysis';
import { heatmapCap, heatmapGrid, heatmapHours, heatmapPeaks, shadeOf } from './customer-shaping';

type City = CustomerMap['cities'][number];
type PostalCode = CustomerMap['postalCodes'][number];

const ACCENT = '#ad1457';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Bars drawn per chart: the tables list every place. */
const TOP = 10;

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A postal code with its city, as the charts name it. */
function placeName(row: PostalCode, unknown: string): string {
  return `${row.postalCode ?? unknown}${row.city ? ` ${row.city}` : ''}`;
}

/** Horizontal bars of clients per place, the first place on top. */
function barsOption(labels: string[], values: number[], seriesName: string, language: string): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: unknown) => formatValue(Number(value), 'integer', language),
    },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: valueAxisLabel(language) },
    yAxis: { type: 'category', data: labels, inverse: true },
    series: [{ name: seriesName, type: 'bar', color: ACCENT, data: values }],
  };
}

/** /customer-analysis-heatmap: when the clients come (weekday x hour) and where they live (city, postal code, coordinates). */
export default function CustomerHeatmapScreen() {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const filters = useReportFilters();
  const map = useCustomerMap({ ...filters, isEnabled: filters.isRangeValid });
  const data = map.data;
  const unknown = t('heatmap.unknownPlace');

  const cityColumns = useMemo<DataTableColumn<City>[]>(
    () => [
      { id: 'city', header: t('heatmap.city'), value: (row) => row.city ?? unknown },
      { id: 'clients', header: t('heatmap.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'revenue', header: t('heatmap.revenue'), value: (row) => row.revenue, kind: 'money' },
    ],
    [t, unknown],
  );
  const postalColumns = useMemo<DataTableColumn<PostalCode>[]>(
    () => [
      { id: 'postalCode', header: t('heatmap.postalCode'), value: (row) => row.postalCode ?? unknown },
      { id: 'city', header: t('heatmap.city'), value: (row) => row.city ?? '–' },
      { id: 'clients', header: t('heatmap.clients'), value: (row) => row.clients, kind: 'integer' },
      { id: 'revenue', header: t('heatmap.revenue'), value: (row) => row.revenue, kind: 'money' },
    ],
    [t, unknown],
  );
  const cells = data?.cells ?? [];
  const hours = useMemo(() => heatmapHours(cells), [cells]);
  const cap = useMemo(() => heatmapCap(cells), [cells]);
  const grid = useMemo(() => heatmapGrid(cells), [cells]);
  const peaks = useMemo(() => heatmapPeaks(cells), [cells]);

  // The files carry the screen: its KPI cards, the weekday x hour table, the cities and the postal codes.
  const extras = useMemo<ExportExtras | undefined>(() => {
    if (!data) return undefined;
    const busiest = peaks.busiest;
    const gridColumns: DataTableColumn<number>[] = [
      { id: 'weekday', header: t('heatmap.weekday'), value: (day) => weekdayName(day, language) },
      ...hours.map((hour) => ({
        id: `h${hour}`,
        header: hourLabel(hour),
        value: (day: number) => grid[day - 1]?.[hour] ?? 0,
        kind: 'integer' as const,
      })),
      { id: 'total', header: t('heatmap.total'), value: (day) => peaks.perWeekday[day - 1] ?? 0, kind: 'integer' },
    ];
    return {
      kpiHeaders: [t('export.measure'), t('export.value'), t('heatmap.visits')],
      kpis: [
        { label: t('heatmap.kpi.visits'), value: data.totalVisits, kind: 'integer' },
        {
          label: t('heatmap.kpi.busiestSlot'),
          value: busiest ? `${weekdayName(busiest.weekday, language)} ${hourLabel(busiest.hour)}` : '–',
          kind: 'text',
          secondary: { value: busiest ? busiest.visits : null, kind: 'integer' },
        },
        {
          label: t('heatmap.kpi.busiestWeekday'),
          value: peaks.busiestWeekday ? weekdayName(peaks.busiestWeekday, language) : '–',
          kind: 'text',
          secondary: { value: peaks.busiestWeekday ? peaks.busiestWeekdayVisits : null, kind: 'integer' },
        },
      ],
      tableTitle: t('heatmap.citiesTitle'),
      sections: [
        ...(data.totalVisits > 0
          ? [exportSection({ title: t('heatmap.heatTitle', { zone: data.timeZone }), columns: gridColumns, rows: [...WEEKDAYS] })]
          : []),
        exportSection({ title: t('heatmap.postalTitle'), columns: postalColumns, rows: data.postalCodes }),
      ],
    };
  }, [data, peaks, hours, grid, postalColumns, t, language]);
  const { table, tableProps } = useReportTable({ name: 'customer-heatmap', columns: cityColumns, extras });

  const heatOption = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: {
        formatter: ({ value }: { value: [number, number, number] }) =>
          t('heatmap.cellTooltip', {
            weekday: weekdayName(value[1] + 1, language),
            hour: hourLabel(hours[value[0]] ?? 0),
            visits: formatValue(value[2], 'integer', language),
          }),
      },
      grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
      xAxis: { type: 'category', data: hours.map(hourLabel), splitArea: { show: true } },
      yAxis: {
        type: 'category',
        data: WEEKDAYS.map((day) => weekdayName(day, language, 'short')),
        inverse: true,
        splitArea: { show: true },
      },
      visualMap: {
        min: 0,
        max: cap,
        calculable: false,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemWidth: 12,
        text: [t('heatmap.scaleHigh', { value: formatValue(cap, 'integer', language) }), '0'],
        inRange: { color: ['#fdf1f5', '#f48fb1', ACCENT, '#560027'] },
      },
      series: [
        {
          name: t('heatmap.visits'),
          type: 'heatmap',
          data: WEEKDAYS.flatMap((day) => hours.map((hour, x) => [x, day - 1, grid[day - 1]?.[hour] ?? 0])),
          emphasis: { itemStyle: { borderColor: '#000', borderWidth: 1 } },
        },
      ],
    }),
    [hours, cap, grid, t, language],
  );

  const cities = data?.cities ?? [];
  const postalCodes = data?.postalCodes ?? [];
  const clientsLabel = t('heatmap.clients');
  const cityOption = useMemo(
    () =>
      barsOption(
        cities.slice(0, TOP).map((row) => row.city ?? unknown),
        cities.slice(0, TOP).map((row) => row.clients),
        clientsLabel,
        language,
      ),
    [cities, clientsLabel, language, unknown],
  );
  const postalOption = useMemo(
    () =>
      barsOption(
        postalCodes.slice(0, TOP).map((row) => placeName(row, unknown)),
        postalCodes.slice(0, TOP).map((row) => row.clients),
        clientsLabel,
        language,
      ),
    [postalCodes, clientsLabel, language, unknown],
  );
  const placed = useMemo(() => postalCodes.filter((row) => row.latitude !== null && row.longitude !== null), [postalCodes]);
  const scatterOption = useMemo<EChartsCoreOption>(() => {
    const most = Math.max(1, ...placed.map((row) => row.clients));
    return {
      tooltip: {
        formatter: ({ dataIndex }: { dataIndex: number }) => {
          const row = placed[dataIndex];
          if (!row) return '';
          return t('heatmap.placeTooltip', {
            place: placeName(row, unknown),
            clients: formatValue(row.clients, 'integer', language),
            revenue: formatValue(row.revenue, 'money', language),
          });
        },
      },
      grid: { left: 36, right: 24, top: 16, bottom: 24, containLabel: true },
      xAxis: {
        type: 'value',
        scale: true,
        axisLabel: valueAxisLabel(language),
        name: t('heatmap.longitude'),
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: valueAxisLabel(language),
        name: t('heatmap.latitude'),
        nameLocation: 'middle',
        nameGap: 44,
      },
      series: [
        {
          type: 'scatter',
          color: ACCENT,
          itemStyle: { opacity: 0.7 },
          // The area, not the radius, follows the clients.
          symbolSize: (value: [number, number, number]) => 6 + 30 * Math.sqrt(value[2] / most),
          data: placed.map((row) => [row.longitude, row.latitude, row.clients]),
        },
      ],
    };
  }, [placed, t, language, unknown]);

  const busiest = peaks.busiest;
  return (
    <ReportFrame title={t('heatmap.title')} filters={filters} {...reportStateOf(map, () => false)} table={table}>
      {data ? (
        <>
          <KpiGrid
            size={{ xs: 6, sm: 4 }}
            items={[
              {
                id: 'visits',
                label: t('heatmap.kpi.visits'),
                value: data.totalVisits,
                format: 'integer',
                definition: t('heatmap.definition.visits'),
              },
              {
                id: 'busiestSlot',
                label: t('heatmap.kpi.busiestSlot'),
                value: busiest ? `${weekdayName(busiest.weekday, language)} ${hourLabel(busiest.hour)}` : '–',
                format: 'text',
                definition: t('heatmap.definition.busiestSlot'),
                secondary: busiest
                  ? t('heatmap.visitsCount', { value: formatValue(busiest.visits, 'integer', language), count: busiest.visits })
                  : undefined,
              },
              {
                id: 'busiestWeekday',
                label: t('heatmap.kpi.busiestWeekday'),
                value: peaks.busiestWeekday ? weekdayName(peaks.busiestWeekday, language) : '–',
                format: 'text',
                definition: t('heatmap.definition.busiestWeekday'),
                secondary: peaks.busiestWeekday
                  ? t('heatmap.visitsCount', {
                      value: formatValue(peaks.busiestWeekdayVisits, 'integer', language),
                      count: peaks.busiestWeekdayVisits,
                    })
                  : undefined,
              },
            ]}
          />
          <Panel title={t('heatmap.heatTitle', { zone: data.timeZone })}>
            {data.totalVisits > 0 ? (
              <>
                <Chart
                  option={heatOption}
                  label={t('heatmap.heatLabel')}
                  height={340}
                  summary={
                    busiest
                      ? t('heatmap.summary', {
                          total: formatValue(data.totalVisits, 'integer', language),
                          weekday: weekdayName(busiest.weekday, language),
                          hour: hourLabel(busiest.hour),
                          visits: formatValue(busiest.visits, 'integer', language),
                        })
                      : undefined
                  }
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="heatmap-legend">
                  {t('heatmap.legend', { value: formatValue(cap, 'integer', language) })}
                </Typography>
                <Accordion variant="outlined" sx={{ mt: 2 }} disableGutters>
                  <AccordionSummary
                    expandIcon={<ExpandMore />}
                    aria-controls="heatmap-table"
                    id="heatmap-table-header"
                    data-testid="heatmap-table-toggle"
                  >
                    {t('heatmap.asTable')}
                  </AccordionSummary>
                  <AccordionDetails id="heatmap-table" sx={{ px: 0 }}>
                    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
                      <Table size="small" aria-label={t('heatmap.tableLabel')} data-testid="heatmap-table">
                        <TableHead>
                          <TableRow>
                            <TableCell component="th" scope="col">
                              {t('heatmap.weekday')}
                            </TableCell>
                            {hours.map((hour) => (
                              <TableCell key={hour} component="th" scope="col" align="right">
                                {hourLabel(hour)}
                              </TableCell>
                            ))}
                            <TableCell component="th" scope="col" align="right">
                              {t('heatmap.total')}
                            </TableCell>
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {WEEKDAYS.map((day) => (
                            <TableRow key={day}>
                              <TableCell component="th" scope="row">
                                {weekdayName(day, language)}
                              </TableCell>
                              {hours.map((hour) => {
                                const visits = grid[day - 1]?.[hour] ?? 0;
                                return (
                                  <TableCell key={hour} align="right" sx={{ backgroundColor: visits ? shadeOf(visits, cap) : undefined }}>
                                    {formatValue(visits, 'integer', language)}
                                  </TableCell>
                                );
                              })}
                              <TableCell align="right" sx={{ fontWeight: 600 }}>
                                {formatValue(peaks.perWeekday[day - 1], 'integer', language)}
                              </TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </TableContainer>
                  </AccordionDetails>
                </Accordion>
              </>
            ) : (
              <Typography variant="body2" data-testid="heatmap-no-visits">
                {t('heatmap.noVisits')}
              </Typography>
            )}
          </Panel>
          <Panel title={t('heatmap.citiesTitle')}>
            {cities.length ? (
              <Chart
                option={cityOption}
                label={t('heatmap.citiesChart', { count: Math.min(TOP, cities.length) })}
                height={40 + 26 * Math.min(TOP, cities.length)}
              />
            ) : null}
            <DataTable {...tableProps} label={t('heatmap.citiesTable')} data={cities} getRowId={(row) => row.city ?? ''} pageSize={25} />
          </Panel>
          <Panel title={t('heatmap.postalTitle')}>
            {postalCodes.length ? (
              <Chart
                option={postalOption}
                label={t('heatmap.postalChart', { count: Math.min(TOP, postalCodes.length) })}
                height={40 + 26 * Math.min(TOP, postalCodes.length)}
              />
            ) : null}
            <DataTable
              columns={postalColumns}
              label={t('heatmap.postalTable')}
              data={postalCodes}
              getRowId={(row) => row.postalCode ?? ''}
              pageSize={25}
            />
          </Panel>
          <Panel title={t('heatmap.mapTitle')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('heatmap.mapHelp')}
            </Typography>
            {placed.length ? (
              <Chart option={scatterOption} label={t('heatmap.mapLabel', { count: placed.length })} height={380} />
            ) : (
              <Typography variant="body2">{t('heatmap.noCoordinates')}</Typography>
            )}
          </Panel>
        </>
      ) : null}
    </ReportFrame>
  );
}
