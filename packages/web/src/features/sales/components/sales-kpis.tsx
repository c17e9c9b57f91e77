import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { formatValue, type ValueKind } from '../../../components/format/number-format';
import { KpiCard } from '../../../components/kpi-card/kpi-card';
import type { SalesMeasures } from '../api/use-sales-per-day';
import { changePercent } from '../sales-shaping';

export const SALES_KPIS: readonly { key: keyof SalesMeasures; format: ValueKind }[] = [
  { key: 'totalRevenue', format: 'money' },
  { key: 'servicesRevenue', format: 'money' },
  { key: 'productsRevenue', format: 'money' },
  { key: 'appointments', format: 'integer' },
  { key: 'averageTicket', format: 'money' },
  { key: 'clients', format: 'integer' },
  { key: 'newClients', format: 'integer' },
  { key: 'discountTotal', format: 'money' },
];

export interface SalesKpisProps {
  totals: SalesMeasures;
  /** The same period a year before: each card then says last year's value and the change. */
  previous?: SalesMeasures;
}

/** The eight sales measures of a period as KPI cards, each with its definition (DESIGN.md §3). */
export function SalesKpis({ totals, previous }: SalesKpisProps) {
  const { t, i18n } = useTranslation('sales');
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {SALES_KPIS.map(({ key, format }) => (
        <Grid key={key} size={{ xs: 6, sm: 4, md: 3 }}>
          <KpiCard
            label={t(`kpi.${key}`)}
            value={totals[key]}
            format={format}
            definition={t(`definitions.${key}`)}
            secondary={
              previous
                ? t('previousYearLine', {
                    value: formatValue(previous[key], format, i18n.language),
                    change: formatValue(changePercent(totals[key], previous[key]), 'percent', i18n.language),
                  })
                : undefined
            }
          />
        </Grid>
      ))}
    </Grid>
  );
}
