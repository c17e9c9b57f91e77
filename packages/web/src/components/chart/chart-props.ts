import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';

export interface ChartProps {
  /** The ECharts option (series, axes, dataset...). Keep it stable (useMemo): a new object redraws the chart. */
  option: EChartsCoreOption;
  /** Height in px (default 320); the width follows the container. */
  height?: number;
  /** The chart's accessible name, already translated: what it shows. */
  label: string;
  /** A text alternative read by screen readers (the key figures); the table under a chart often serves too. */
  summary?: ReactNode;
  /** ECharts events, e.g. { click: (params) => ... }; keep the object stable. */
  onEvents?: Record<string, (params: unknown) => void>;
}
