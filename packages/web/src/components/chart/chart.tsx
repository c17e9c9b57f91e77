import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-props';

// ECharts arrives with the first report that draws a chart, never in the initial bundle.
const EChartsChart = lazy(() => import('./echarts-chart'));

/** A chart on echarts/core, loaded on demand; shows a placeholder of its size meanwhile. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 320} data-testid="chart-loading" />}>
      <EChartsChart {...props} />
    </Suspense>
  );
}

export { barLabelK, barLabelOnTop } from './bar-label';
export type { ChartProps } from './chart-props';
