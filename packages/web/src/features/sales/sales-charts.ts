import type { EChartsCoreOption } from 'echarts/core';
import { countFormatter, valueAxisLabel } from '../../components/chart/axis-label';
import { barLabelOnTop } from '../../components/chart/bar-label';
import { formatValue } from '../../components/format/number-format';

const GRID = { left: 8, right: 8, top: 40, bottom: 8, containLabel: true };

/** Revenue per period stacked services + products, with appointments as a line on a second axis. */
export function revenueAndAppointmentsOption(input: {
  categories: string[];
  services: number[];
  products: number[];
  appointments: number[];
  labels: { services: string; products: string; appointments: string };
  language: string;
}): EChartsCoreOption {
  const money = (value: unknown) => formatValue(Number(value), 'money', input.language);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: GRID,
    xAxis: { type: 'category', data: input.categories, axisLabel: { hideOverlap: true } },
    yAxis: [
      { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', input.language) } },
      { type: 'value', splitLine: { show: false }, axisLabel: valueAxisLabel(input.language) },
    ],
    series: [
      { name: input.labels.services, type: 'bar', stack: 'revenue', data: input.services, tooltip: { valueFormatter: money } },
      { name: input.labels.products, type: 'bar', stack: 'revenue', data: input.products, tooltip: { valueFormatter: money } },
      {
        name: input.labels.appointments,
        type: 'line',
        yAxisIndex: 1,
        data: input.appointments,
        symbolSize: 4,
        tooltip: { valueFormatter: countFormatter(input.language) },
      },
    ],
  };
}

/** The grey of a category (a day, a month) that has not come yet, on the axis and in last year's bar. */
export const NOT_YET_COLOUR = '#9e9e9e';

/**
 * This period's revenue beside the previous year's, per category (day of month, month). A
 * category not yet come (`notYet`) has no bar of this period (never an empty 0), a lighter axis
 * label, last year's bar faded, and its tooltip says `labels.notYet`, as the table's "Not yet".
 */
export function comparisonOption(input: {
  categories: string[];
  current: number[];
  previous: number[];
  notYet?: boolean[];
  labels: { current: string; previous: string; notYet?: string };
  language: string;
  showBarLabels?: boolean;
}): EChartsCoreOption {
  const isNotYet = (index: number) => input.notYet?.[index] === true;
  const money = (value: unknown) =>
    value === null || value === undefined || value === '-'
      ? (input.labels.notYet ?? '–')
      : formatValue(Number(value), 'money', input.language);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: {
      type: 'category',
      data: input.categories,
      axisLabel: { hideOverlap: true, color: (_value: string, index: number) => (isNotYet(index) ? NOT_YET_COLOUR : '#424242') },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value, 'integer', input.language) } },
    series: [
      {
        name: input.labels.previous,
        type: 'bar',
        data: input.previous.map((value, index) => (isNotYet(index) ? { value, itemStyle: { opacity: 0.4 } } : value)),
        itemStyle: { color: '#b0bec5' },
        tooltip: { valueFormatter: money },
      },
      {
        name: input.labels.current,
        type: 'bar',
        data: input.current.map((value, index) => (isNotYet(index) ? null : value)),
        tooltip: { valueFormatter: money },
        ...(input.showBarLabels ? { label: { ...barLabelOnTop(input.language), fontSize: 10 } } : {}),
      },
    ],
  };
}

/** A pie of shares (revenue by gender). */
export function shareOption(input: { slices: { name: string; value: number }[]; language: string }): EChartsCoreOption {
  return {
    tooltip: {
      trigger: 'item',
      valueFormatter: (value: unknown) => formatValue(Number(value), 'money', input.language),
    },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: input.slices,
        label: { formatter: (params: { percent?: number }) => formatValue(params.percent ?? 0, 'percent', input.language) },
      },
    ],
  };
}
