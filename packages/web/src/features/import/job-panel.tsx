import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { formatValue } from '../../components/format/number-format';
import { describeFailure } from '../../lib/failure';
import { showMessage } from '../../lib/snackbar';
import { downloadErrorReport, type ImportJob, type ImportRowError } from './api/use-import';

const errorRowId = (error: ImportRowError, index: number) => `${error.row}-${error.column}-${index}`;

/** A job as it runs and as it ended: progress, the counts, the invalid rows with their CSV report, or why it failed. */
export function JobPanel({ job }: { job: ImportJob }) {
  const { t, i18n } = useTranslation('import');
  const language = i18n.language.startsWith('it') ? 'it' : 'en';
  const [isDownloading, setIsDownloading] = useState(false);
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const counts = t('job.counts', {
    inserted: formatValue(job.rowsInserted, 'integer', language),
    updated: formatValue(job.rowsUpdated, 'integer', language),
    unchanged: formatValue(job.rowsUnchanged, 'integer', language),
  });

  const columns = useMemo<DataTableColumn<ImportRowError>[]>(
    () => [
      { id: 'row', header: t('errors.row'), value: (error) => error.row, kind: 'integer' },
      { id: 'column', header: t('errors.column'), value: (error) => error.column || t('errors.wholeRow') },
      { id: 'value', header: t('errors.value'), value: (error) => error.value },
      { id: 'problem', header: t('errors.problem'), value: (error) => error.message },
    ],
    [t],
  );

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadErrorReport(job.jobId, language);
    } catch (error) {
      showMessage(describeFailure(error, 'something went wrong.'), 'error');
    } finally {
      setIsDownloading(false);
    }
  };

  if (job.status === 'RUNNING') {
    return (
      <Stack sx={{ gap: 1 }} data-testid="job-running">
        <Typography id={`job-${job.jobId}-progress`}>
          {t(job.isDryRun ? 'job.checking' : 'job.importing', { percent })} · {t(`phases.${job.phase}`)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-labelledby={`job-${job.jobId}-progress`}
          data-testid="job-progress"
          sx={{ height: 8, borderRadius: 1 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('job.rowsRead', { count: job.rowsRead, value: formatValue(job.rowsRead, 'integer', language) })}
        </Typography>
      </Stack>
    );
  }

  if (job.status === 'FAILED') {
    return (
      <Alert severity="error" data-testid="job-failed">
        {job.message ?? t('job.failed')}
      </Alert>
    );
  }

  if (job.status === 'SUCCEEDED') {
    return (
      <Alert severity="success" data-testid={job.isDryRun ? 'dry-run-ok' : 'import-done'}>
        <Typography sx={{ fontWeight: 500 }}>
          {job.isDryRun ? t('job.dryRunOk', { count: job.rowsRead, value: formatValue(job.rowsRead, 'integer', language) }) : t('job.done')}
        </Typography>
        <Typography variant="body2" data-testid="job-counts">
          {counts}
        </Typography>
        {!job.isDryRun && job.daysFrom && job.daysTo && (
          <Typography variant="body2" data-testid="job-days">
            {t('job.days', { from: formatValue(job.daysFrom, 'date', language), to: formatValue(job.daysTo, 'date', language) })}
          </Typography>
        )}
      </Alert>
    );
  }

  // INVALID: nothing was written; every invalid row is listed (up to the call's limit) and in the CSV report.
  return (
    <Stack sx={{ gap: 1.5, minWidth: 0 }} data-testid="job-invalid">
      <Alert severity="error">
        <Typography sx={{ fontWeight: 500 }}>
          {t('errors.title', { count: job.errorCount, value: formatValue(job.errorCount, 'integer', language) })}
        </Typography>
        <Typography variant="body2">{t('errors.nothingWritten')}</Typography>
        {job.errorCount > job.errors.length && (
          <Typography variant="body2">
            {t('errors.firstOnly', {
              shown: formatValue(job.errors.length, 'integer', language),
              value: formatValue(job.errorCount, 'integer', language),
            })}
          </Typography>
        )}
      </Alert>
      <Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void download()}
          disabled={isDownloading}
          data-testid="download-error-report"
        >
          {t('errors.download')}
        </Button>
      </Box>
      <Box sx={{ minWidth: 0 }} data-testid="error-table">
        <DataTable
          label={t('errors.tableLabel')}
          columns={columns}
          data={job.errors}
          getRowId={errorRowId}
          initialSorting={[{ id: 'row', desc: false }]}
          pageSize={25}
        />
      </Box>
    </Stack>
  );
}
