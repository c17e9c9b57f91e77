import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDay } from '../../components/format/dates';
import { formatValue } from '../../components/format/number-format';
import { useReportFilters } from '../../components/report-frame/use-report-filters';
import { type FeedbackCustomers, useFeedbackCustomers } from './api/use-feedback';
import { FeedbackListReport } from './feedback-list-report';
import { FeedbackKpis } from './feedback-parts';
import { distributionSegments, SCORE_COLOURS } from './feedback-stats';

type CustomerRow = FeedbackCustomers['rows'][number];
const BLANK = { clientId: null, name: '', lastDay: '' } as const;

/** A client's feedback of the range, opened in place from their row: the API has no per-client rows. */
function ClientFeedbackDialog({ row, onClose }: { row: CustomerRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('feedback');
  const language = i18n.language;
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="client-feedback-title">
      {row ? (
        <>
          <DialogTitle id="client-feedback-title">{t('client.dialogTitle', { name: row.name || t('customers.none') })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('client.lastDay', { day: formatDay(row.lastDay, language) })}
            </Typography>
            <FeedbackKpis stats={row} />
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr max-content', gap: 1, alignItems: 'center' }}
            >
              {distributionSegments(row.distribution)
                .reverse()
                .map((segment) => (
                  <Box key={segment.score} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2">
                      {t('distribution.score', { score: segment.score })}
                    </Typography>
                    <Box aria-hidden sx={{ height: 10, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
                      <Box sx={{ width: `${segment.percent}%`, height: '100%', bgcolor: SCORE_COLOURS[segment.score - 1] }} />
                    </Box>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                      {formatValue(segment.count, 'integer', language)}
                    </Typography>
                  </Box>
                ))}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {t('client.noDetail')}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('client.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

/** /feedback-customers-data: the feedback each client gave over the range; a client opens their counts in place. */
export default function FeedbackCustomersScreen() {
  const { t } = useTranslation('feedback');
  const filters = useReportFilters();
  const report = useFeedbackCustomers({ ...filters, isEnabled: filters.isRangeValid });
  const [opened, setOpened] = useState<CustomerRow | null>(null);
  const leadColumns = useMemo<DataTableColumn<CustomerRow>[]>(
    () => [
      {
        id: 'name',
        header: t('customers.name'),
        value: (row) => row.name || t('customers.none'),
        cell: (row) => (
          <Link
            component="button"
            type="button"
            onClick={() => setOpened(row)}
            sx={{ verticalAlign: 'baseline' }}
            data-testid="client-link"
          >
            {row.name || t('customers.none')}
          </Link>
        ),
      },
    ],
    [t],
  );
  const trailingColumns = useMemo<DataTableColumn<CustomerRow>[]>(
    () => [{ id: 'lastDay', header: t('columns.lastDay'), value: (row) => row.lastDay || null, kind: 'date' }],
    [t],
  );
  return (
    <>
      <FeedbackListReport
        section="customers"
        filters={filters}
        report={report}
        leadColumns={leadColumns}
        trailingColumns={trailingColumns}
        rowIdOf={(row) => String(row.clientId ?? 'none')}
        blankRow={BLANK}
        hasAveragesChart={false}
      />
      <ClientFeedbackDialog row={opened} onClose={() => setOpened(null)} />
    </>
  );
}
