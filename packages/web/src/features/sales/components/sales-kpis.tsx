import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format/dates';
import { formatValue, type ValueKind } from '../../../components/format/number-format';
import { KpiCard } from '../../../components/kpi-card/kpi-card';
import type { SalesMeasures } from '../api/use-sales-per-day';
import type { SalesPerMonth } from '../api/use-sales-per-month';
import { changePercent } from '../sales-shaping';

/** The sales KPI cards, in their order: the measure and its format. */
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

/** A period against the same dates a year before, as the server compared it (like for like). */
export type ComparedSpan = SalesPerMonth['compared'];

interface SalesKpisProps {
  totals: SalesMeasures;
  /** The period against the same dates a year before: each card then says last year's value and the change. */
  compared?: ComparedSpan;
}

/** "1 Nov 2026 – 22 Nov 2026 against 1 Nov 2025 – 22 Nov 2025": the compared span, in the interface language. */
function comparedSpanText(compared: ComparedSpan, t: (key: string, options: Record<string, string>) => string, language: string) {
  return t(compared.isToDate ? 'comparison.spanToDate' : 'comparison.span', {
    from: formatDay(compared.fromDate, language),
    to: formatDay(compared.toDate, language),
    previousFrom: formatDay(compared.previousFromDate, language),
    previousTo: formatDay(compared.previousToDate, language),
  });
}

/** The eight sales measures of a period as KPI cards, each with its definition and the span compared. */
export function SalesKpis({ totals, compared }: SalesKpisProps) {
  const { t, i18n } = useTranslation('sales');
  const language = i18n.language;
  const span = compared && !compared.notYetCome ? comparedSpanText(compared, t, language) : undefined;
  return (
    <>
      {compared ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="compared-span">
          {compared.notYetCome ? t('comparison.periodNotYetCome') : span}
        </Typography>
      ) : null}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {SALES_KPIS.map(({ key, format }) => {
          const value = compared && !compared.notYetCome ? compared.current[key] : totals[key];
          return (
            <Grid key={key} size={{ xs: 6, sm: 4, md: 3 }}>
              <KpiCard
                label={t(`kpi.${key}`)}
                value={value}
                format={format}
                definition={span ? `${t(`definitions.${key}`)} ${span}` : t(`definitions.${key}`)}
                secondary={
                  !compared ? undefined : compared.notYetCome ? (
                    t('comparison.notYetCome')
                  ) : (
                    <span data-testid="kpi-previous" data-previous={compared.previous[key]}>
                      {t('previousYearLine', {
                        value: formatValue(compared.previous[key], format, language),
                        change: formatValue(changePercent(value, compared.previous[key]), 'percent', language),
                      })}
                    </span>
                  )
                }
              />
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
