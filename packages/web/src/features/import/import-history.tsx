import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { localeOf } from '../../components/format/locale';
import { formatValue } from '../../components/format/number-format';
import { describeFailure } from '../../lib/failure';
import { type ImportJob, useImportHistory } from './api/use-import';

const STATUS_COLOURS = { RUNNING: 'info', SUCCEEDED: 'success', INVALID: 'error', FAILED: 'error' } as const;
const jobRowId = (job: ImportJob) => String(job.jobId);

/** An ISO instant as a date and time of the interface language. */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The imports of a salon and of the chain, newest first: who, when, which file, how many rows, the outcome. */
export function ImportHistory({ salonId }: { salonId: number | null }) {
  const { t, i18n } = useTranslation('import');
  const language = i18n.language.startsWith('it') ? 'it' : 'en';
  const history = useImportHistory(salonId, language);

  const columns = useMemo<DataTableColumn<ImportJob>[]>(() => {
    const number = (value: number) => formatValue(value, 'integer', language);
    const outcome = (job: ImportJob) =>
      job.status === 'SUCCEEDED'
        ? t('job.counts', { inserted: number(job.rowsInserted), updated: number(job.rowsUpdated), unchanged: number(job.rowsUnchanged) })
        : job.status === 'INVALID'
          ? t('history.invalidRows', { count: job.errorCount, value: number(job.errorCount) })
          : job.status === 'FAILED'
            ? (job.message ?? t('job.failed'))
            : t('history.running', { percent: Math.round(job.progress * 100) });
    return [
      {
        id: 'when',
        header: t('history.when'),
        value: (job) => job.createdAt,
        text: (job) => formatInstant(job.createdAt, language),
      },
      { id: 'who', header: t('history.who'), value: (job) => job.userName },
      { id: 'kind', header: t('history.kind'), value: (job) => t(`kinds.${job.kind}.name`) },
      {
        id: 'mode',
        header: t('history.mode'),
        value: (job) => (job.isDryRun ? t('history.dryRun') : t('history.import')),
      },
      { id: 'file', header: t('history.file'), value: (job) => job.fileName },
      { id: 'rows', header: t('history.rows'), value: (job) => job.rowsRead, kind: 'integer' },
      {
        id: 'status',
        header: t('history.status'),
        value: (job) => t(`statuses.${job.status}`),
        cell: (job) => <Chip size="small" variant="outlined" color={STATUS_COLOURS[job.status]} label={t(`statuses.${job.status}`)} />,
      },
      { id: 'result', header: t('history.result'), value: outcome, isSortable: false },
    ];
  }, [t, language]);

  if (salonId === null) return <Typography color="text.secondary">{t('history.chooseSalon')}</Typography>;
  if (history.isPending) return <LinearProgress aria-label={t('history.loading')} />;
  if (history.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void history.refetch()}>{t('retry')}</Button>} data-testid="history-error">
        {describeFailure(history.error, 'something went wrong.')}
      </Alert>
    );
  if (history.data.items.length === 0)
    return (
      <Typography color="text.secondary" data-testid="history-empty">
        {t('history.empty')}
      </Typography>
    );
  return (
    <DataTable
      label={t('history.tableLabel')}
      columns={columns}
      data={history.data.items}
      getRowId={jobRowId}
      initialSorting={[{ id: 'when', desc: true }]}
      pageSize={25}
    />
  );
}
