import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
import { Chart } from '../chart/chart';
import { KpiCard, type KpiCardProps } from '../kpi-card/kpi-card';

interface ChartPanelProps {
  /** The panel's heading, already translated. */
  title: string;
  option: EChartsCoreOption;
  /** The chart's accessible name; the title unless the chart needs its own. */
  label?: string;
  height?: number;
  /** Fill the height of a grid cell (a panel beside another). */
  isFilling?: boolean;
}

/** A report's chart in an outlined panel under its heading (h2), with its accessible label. */
export function ChartPanel({ title, option, label = title, height, isFilling = false }: ChartPanelProps) {
  return (
    <Panel title={title} isFilling={isFilling}>
      <Chart option={option} label={label} height={height} />
    </Panel>
  );
}

/** An outlined panel under a heading (h2): a chart, a list, a table of a report. */
export function Panel({ title, isFilling = false, children }: { title: string; isFilling?: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={isFilling ? { p: 2, height: '100%' } : { p: 2, mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

type KpiItem = KpiCardProps & { id: string };

/** How wide each card is: a quarter of a wide screen by default, or the cards share the row ('grow'). */
type KpiGridSize = { xs: number; sm?: number; md?: number | 'grow' };

/** A report's KPI cards in a responsive grid, above its chart. */
export function KpiGrid({ items, size = { xs: 6, md: 3 } }: { items: readonly KpiItem[]; size?: KpiGridSize }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {items.map(({ id, ...card }) => (
        <Grid key={id} size={size}>
          <KpiCard {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
