import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatDay, formatMonth } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { KpiGrid } from '../../components/report-frame/report-parts';
import { errorMessageOf } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { type CustomerDetail, useCustomerDetail } from './api/use-customer-analysis';
import { StatusChip } from './status-chip';

type VisitDay = CustomerDetail['visitDays'][number];
type Item = CustomerDetail['services'][number] | CustomerDetail['products'][number];

interface ClientDetailDialogProps {
  range: { salonId: number | null; fromDate: string; toDate: string; isEnabled: boolean };
  /** The client opened, with the name the list shows meanwhile; null when closed. */
  client: { clientId: number; name: string } | null;
  onClose: () => void;
}

/** One client over a period (the status screen asks at least the last 12 months): figures, contacts (managers), visit days, services and products bought, status at each month's end. */
export function ClientDetailDialog({ range, client, onClose }: ClientDetailDialogProps) {
  const { t } = useTranslation('customer-analysis');
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const detail = useCustomerDetail(range, client?.clientId ?? null);
  return (
    <Dialog open={client !== null} onClose={onClose} fullScreen={isSmall} fullWidth maxWidth="lg" aria-labelledby="client-detail-title">
      <DialogTitle id="client-detail-title">{client?.name ?? ''}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }} data-testid="client-detail">
        {detail.isPending ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} aria-busy="true">
            <CircularProgress size={20} aria-label={t('detail.loading')} />
            <Typography variant="body2">{t('detail.loading')}</Typography>
          </Box>
        ) : detail.isError ? (
          <Alert severity="error">{translateMessage(errorMessageOf(detail.error))}</Alert>
        ) : (
          <DetailBody detail={detail.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('detail.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DetailBody({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useTranslation('customer-analysis');
  const language = i18n.language;
  const { client } = detail;
  const visitColumns = useMemo<DataTableColumn<VisitDay>[]>(
    () => [
      { id: 'day', header: t('detail.day'), value: (row) => row.day, kind: 'date' },
      { id: 'appointments', header: t('detail.appointments'), value: (row) => row.appointments, kind: 'integer' },
      { id: 'servicesSpend', header: t('detail.servicesSpend'), value: (row) => row.servicesSpend, kind: 'money' },
      { id: 'productsSpend', header: t('detail.productsSpend'), value: (row) => row.productsSpend, kind: 'money' },
      { id: 'spend', header: t('detail.spend'), value: (row) => row.spend, kind: 'money' },
    ],
    [t],
  );
  const itemColumns = (kind: 'service' | 'product'): DataTableColumn<Item>[] => [
    { id: 'name', header: t(`detail.${kind}`), value: (row) => row.name },
    { id: 'quantity', header: t('detail.quantity'), value: (row) => row.quantity, kind: 'integer' },
    { id: 'spend', header: t('detail.spend'), value: (row) => row.spend, kind: 'money' },
  ];
  const facts: [string, string][] = [
    [t('detail.gender'), t(`gender.${client.gender}`)],
    [t('detail.birthDate'), client.birthDate ? formatDay(client.birthDate, language) : '–'],
    [t('detail.city'), [client.postalCode, client.city].filter(Boolean).join(' ') || '–'],
    [t('detail.firstVisit'), client.firstVisit ? formatDay(client.firstVisit, language) : '–'],
    [t('detail.lastVisit'), detail.lastVisit ? formatDay(detail.lastVisit, language) : '–'],
    [t('detail.daysSince'), formatValue(detail.daysSinceLastVisit, 'integer', language)],
  ];
  if (client.contact) {
    facts.push(
      [t('contact.phone'), client.contact.phone ?? '–'],
      [t('contact.email'), client.contact.email ?? '–'],
      [t('contact.marketingConsent'), client.contact.marketingConsent ? t('contact.yes') : t('contact.no')],
    );
  }
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <StatusChip status={detail.status} />
        <Typography variant="body2" color="text.secondary">
          {t('detail.statusOn', { day: formatDay(detail.toDate, language) })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }} data-testid="detail-period">
          {t('detail.period', { from: formatDay(detail.fromDate, language), to: formatDay(detail.toDate, language) })}
        </Typography>
      </Box>
      <Grid container spacing={1} component="dl" sx={{ mb: 2, mt: 0 }}>
        {facts.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, sm: 4, md: 3 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Grid>
        ))}
      </Grid>
      <KpiGrid
        items={[
          {
            id: 'visits',
            label: t('detail.periodVisits'),
            value: detail.visits,
            format: 'integer',
            definition: t('definition.rangeVisits'),
          },
          { id: 'spend', label: t('detail.periodSpend'), value: detail.spend, format: 'money', definition: t('definition.rangeSpend') },
          {
            id: 'totalVisits',
            label: t('column.totalVisits'),
            value: detail.totalVisits,
            format: 'integer',
            definition: t('definition.totalVisits'),
          },
          {
            id: 'totalSpend',
            label: t('column.totalSpend'),
            value: detail.totalSpend,
            format: 'money',
            definition: t('definition.totalSpend'),
          },
        ]}
      />
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('detail.statusHistory')}
      </Typography>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 3 }}
        data-testid="status-history"
      >
        {detail.statusHistory.map((entry) => (
          <Box component="li" key={entry.month} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              {formatMonth(entry.month, language)}
            </Typography>
            <StatusChip status={entry.status} />
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('detail.visitDays')}
      </Typography>
      {detail.visitDays.length ? (
        <DataTable columns={visitColumns} data={detail.visitDays} label={t('detail.visitDays')} getRowId={(row) => row.day} pageSize={25} />
      ) : (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('detail.noVisits')}
        </Typography>
      )}
      <Grid container spacing={2} sx={{ mt: 2 }}>
        {(['service', 'product'] as const).map((kind) => {
          const rows: Item[] = kind === 'service' ? detail.services : detail.products;
          return (
            <Grid key={kind} size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                {t(`detail.${kind}s`)}
              </Typography>
              {rows.length ? (
                <DataTable
                  columns={itemColumns(kind)}
                  data={rows}
                  label={t(`detail.${kind}s`)}
                  getRowId={(row) => String('serviceId' in row ? row.serviceId : row.productId)}
                  pageSize={0}
                />
              ) : (
                <Typography variant="body2">{t('detail.none')}</Typography>
              )}
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
