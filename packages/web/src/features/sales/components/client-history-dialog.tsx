import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatValue } from '../../../components/format/number-format';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { type ClientHistoryLine, HISTORY_FAILURE, type HistoryKind, useClientHistory } from '../api/use-client-history';

interface ClientHistoryDialogProps {
  /** The client whose history is open; null when the dialog is closed. */
  client: { name: string; appointmentId: number } | null;
  onClose: () => void;
}

/** A client's whole service and product history in the salon (two tabs), opened from a row of /sales-data-analysis-clients. */
export function ClientHistoryDialog({ client, onClose }: ClientHistoryDialogProps) {
  const { t } = useTranslation('sales');
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const [kind, setKind] = useState<HistoryKind>('services');
  return (
    <Dialog open={client !== null} onClose={onClose} fullScreen={isSmall} fullWidth maxWidth="lg" aria-labelledby="client-history-title">
      <DialogTitle id="client-history-title">{t('history.title', { name: client?.name ?? '' })}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        <Tabs value={kind} onChange={(_event, value: HistoryKind) => setKind(value)} sx={{ mb: 2 }} variant="fullWidth">
          <Tab value="services" label={t('history.services')} />
          <Tab value="products" label={t('history.products')} />
        </Tabs>
        {client ? <HistoryList key={kind} kind={kind} appointmentId={client.appointmentId} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('history.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryList({ kind, appointmentId }: { kind: HistoryKind; appointmentId: number }) {
  const { t, i18n } = useTranslation('sales');
  const history = useClientHistory(kind, appointmentId);
  const columns = useMemo<DataTableColumn<ClientHistoryLine>[]>(
    () => [
      { id: 'day', header: t('history.columns.day'), value: (row) => row.day, kind: 'date' },
      { id: 'item', header: t(`history.columns.${kind}`), value: (row) => row.itemName },
      {
        id: 'category',
        header: t('history.columns.category'),
        value: (row) => t(`categories.${row.category}`, { defaultValue: row.category }),
      },
      { id: 'staff', header: t('history.columns.staff'), value: (row) => row.staffName },
      { id: 'quantity', header: t('history.columns.quantity'), value: (row) => row.quantity, kind: 'integer' },
      { id: 'listAmount', header: t('history.columns.listAmount'), value: (row) => row.listAmount, kind: 'money' },
      { id: 'discount', header: t('history.columns.discount'), value: (row) => row.discount, kind: 'money' },
      { id: 'paidAmount', header: t('history.columns.paidAmount'), value: (row) => row.paidAmount, kind: 'money' },
      {
        id: 'recommended',
        header: t('history.columns.recommended'),
        value: (row) => (row.recommended ? t('history.yes') : t('history.no')),
      },
    ],
    [t, kind],
  );

  if (history.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }} aria-busy="true">
        <CircularProgress size={20} aria-label={t('history.loading')} />
        <Typography variant="body2">{t('history.loading')}</Typography>
      </Box>
    );
  }
  if (history.isError) {
    // The history calls have their own failure messages; a 403 says the appointment is out of reach.
    const message =
      history.error instanceof ApiError && history.error.status === 403 ? t('history.forbidden') : translateMessage(HISTORY_FAILURE[kind]);
    return (
      <Alert severity="error" data-testid="history-error">
        {message}
      </Alert>
    );
  }
  const data = history.data;
  if (data.rows.length === 0) {
    return (
      <Alert severity="info" data-testid="history-empty">
        {t(`history.empty.${kind}`)}
      </Alert>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="history-totals">
        {t('history.totals', {
          visits: data.totals.visits,
          quantity: data.totals.quantity,
          paid: formatValue(data.totals.paidAmount, 'money', i18n.language),
        })}
      </Typography>
      <DataTable
        label={t(`history.${kind}`)}
        columns={columns}
        data={data.rows}
        getRowId={(row) => String(row.saleLineId)}
        initialSorting={[{ id: 'day', desc: true }]}
        pageSize={25}
      />
    </>
  );
}
