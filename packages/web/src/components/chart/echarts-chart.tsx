import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useId, useRef } from 'react';
import { visuallyHidden } from '../a11y/visually-hidden';
import type { ChartProps } from './chart-props';

// Only what the reports draw, so the chart chunk stays small; a report needing more registers it here.
use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DatasetComponent,
  MarkLineComponent,
  CanvasRenderer,
  // The customer heat-map (weekday x hour, colour by visual map) and the clients' coordinates.
  HeatmapChart,
  VisualMapComponent,
  ScatterChart,
]);

/** An ECharts canvas that follows its container's size and is disposed with the component. */
export default function EChartsChart({ option, height = 320, label, summary, onEvents }: ChartProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const summaryId = useId();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ textStyle: { fontFamily: theme.typography.fontFamily }, ...option }, { notMerge: true });
  }, [option, theme.typography.fontFamily]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onEvents) return;
    for (const [name, handler] of Object.entries(onEvents)) instance.on(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(onEvents)) instance.off(name, handler);
    };
  }, [onEvents]);

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Box
        ref={container}
        role="img"
        aria-label={label}
        aria-describedby={summary ? summaryId : undefined}
        sx={{ width: '100%', height }}
        data-testid="chart"
      />
      {summary ? (
        <Box id={summaryId} sx={visuallyHidden}>
          {summary}
        </Box>
      ) : null}
    </Box>
  );
}
