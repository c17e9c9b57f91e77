import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportKindName } from '@salon/contracts';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SalonPicker } from '../../components/report-frame/salon-picker';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCurrentSalon } from '../../lib/current-salon';
import { describeFailure } from '../../lib/failure';
import { type ImportKind, useImportJob, useImportKinds, useRefreshAfterJob, useStartImport } from './api/use-import';
import { FileDrop, formatBytes } from './file-drop';
import { FilePreview } from './file-preview';
import { ImportHistory } from './import-history';
import { formatOf, readCsvSample, readXlsxSample, type SheetSample, XLSX_PREVIEW_MAX_BYTES } from './import-preview';
import { JobPanel } from './job-panel';
import { KindColumns } from './kind-columns';
import { reportLinkOf } from './report-link';

type SampleState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'ready'; sample: SheetSample }
  | { status: 'unsupported' }
  | { status: 'tooBig' }
  | { status: 'failed'; reason: string };

/** The job shown on the screen, and the choice (salon, kind, file) it was started for. */
interface ShownJob {
  jobId: number;
  choice: string;
}

/**
 * The salon a chain-level kind (salons, services, products) is sent under: the server does not use
 * the path's salon for them (contracts: CHAIN_IMPORT_KINDS), but the path needs one.
 */
const chainPathSalonOf = (salonId: number | null) => salonId ?? 1;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid={testId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /import: a salon's own data from its point-of-sale system, checked (dry run) then imported, with the history of imports. */
export default function ImportScreen() {
  const { t, i18n } = useTranslation('import');
  const language = i18n.language.startsWith('it') ? 'it' : 'en';
  const { isSuperadmin } = useAuth();
  const { salonId, setSalonId } = useCurrentSalon();
  const kinds = useImportKinds();
  const start = useStartImport();
  const refresh = useRefreshAfterJob();
  const [kindName, setKindName] = useState<ImportKindName | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileVersion, setFileVersion] = useState(0);
  const [sample, setSample] = useState<SampleState>({ status: 'none' });
  const [shown, setShown] = useState<ShownJob | null>(null);
  const [checkedChoice, setCheckedChoice] = useState<string | null>(null);
  const job = useImportJob(shown?.jobId ?? null, language);
  const finished = useRef<number | null>(null);

  const available = useMemo(
    () => (kinds.data?.kinds ?? []).filter((kind) => isSuperadmin || !kind.isChainLevel),
    [kinds.data, isSuperadmin],
  );
  const kind: ImportKind | undefined = available.find((entry) => entry.kind === kindName);
  const isChainKind = kind?.isChainLevel ?? false;
  const targetSalon = isChainKind ? chainPathSalonOf(salonId) : salonId;
  const format = file ? formatOf(file.name) : null;
  // A dry run counts for the very choice it checked: another salon, kind or file needs its own.
  const choice = `${targetSalon}|${kindName}|${fileVersion}`;
  const isRunning = start.isPending || job.data?.status === 'RUNNING';
  const canCheck = kind !== undefined && file !== null && format !== null && targetSalon !== null && !isRunning;
  const canImport = canCheck && checkedChoice === choice;

  // The preview: the first rows read in the browser.
  useEffect(() => {
    if (!file) {
      setSample({ status: 'none' });
      return;
    }
    const fileFormat = formatOf(file.name);
    if (fileFormat === null) {
      setSample({ status: 'unsupported' });
      return;
    }
    if (fileFormat === 'xlsx' && file.size > XLSX_PREVIEW_MAX_BYTES) {
      setSample({ status: 'tooBig' });
      return;
    }
    let isCurrent = true;
    setSample({ status: 'reading' });
    (fileFormat === 'csv' ? readCsvSample(file) : readXlsxSample(file)).then(
      (read) => isCurrent && setSample({ status: 'ready', sample: read }),
      (error: unknown) => isCurrent && setSample({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [file]);

  // A job that ends: a clean dry run unlocks the import of the same choice; an import refreshes every report.
  const ended = job.data && job.data.status !== 'RUNNING' ? job.data : undefined;
  useEffect(() => {
    if (!ended || !shown || finished.current === ended.jobId) return;
    finished.current = ended.jobId;
    if (ended.isDryRun && ended.status === 'SUCCEEDED') setCheckedChoice(shown.choice);
    if (!ended.isDryRun) setCheckedChoice(null);
    void refresh(ended.isDryRun ? 'history' : 'everything');
  }, [ended, shown, refresh]);

  const chooseFile = (next: File) => {
    setFile(next);
    setFileVersion((version) => version + 1);
    setShown(null);
    start.reset();
  };

  const run = (isDryRun: boolean) => {
    if (!kind || !file || targetSalon === null) return;
    const runChoice = choice;
    start.mutate(
      { salonId: targetSalon, kind: kind.kind, file, isDryRun, language },
      { onSuccess: (started) => setShown({ jobId: started.jobId, choice: runChoice }) },
    );
  };

  const uploadProblem = start.error
    ? start.error instanceof ApiError && start.error.status === 413 && kinds.data
      ? t('upload.tooBig', { max: formatBytes(kinds.data.maxFileBytes, language) })
      : describeFailure(start.error, 'something went wrong.')
    : null;
  const reportLink = job.data && !job.data.isDryRun && job.data.status === 'SUCCEEDED' ? reportLinkOf(job.data) : null;

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }} data-testid="import-screen">
      <Box sx={{ mb: 2 }}>
        <Typography component="h1" variant="h5">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>
      <Stack sx={{ gap: 2, minWidth: 0 }}>
        <Section title={t('steps.choose')} testId="import-choose">
          {kinds.isPending && <LinearProgress aria-label={t('loading')} />}
          {kinds.isError && (
            <Alert severity="error" action={<Button onClick={() => void kinds.refetch()}>{t('retry')}</Button>} data-testid="kinds-error">
              {describeFailure(kinds.error, 'something went wrong.')}
            </Alert>
          )}
          {kinds.isSuccess && (
            <Stack sx={{ gap: 2, minWidth: 0 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
                {isSuperadmin && !isChainKind && <SalonPicker salonId={salonId} onChange={setSalonId} />}
                <TextField
                  select
                  size="small"
                  label={t('kind')}
                  value={kindName}
                  onChange={(event) => {
                    setKindName(event.target.value as ImportKindName);
                    setShown(null);
                    start.reset();
                  }}
                  sx={{ minWidth: 240 }}
                  slotProps={{ select: { inputProps: { 'data-testid': 'import-kind' } } }}
                >
                  {available.map((entry) => (
                    <MenuItem key={entry.kind} value={entry.kind} data-testid={`import-kind-${entry.kind}`}>
                      {t(`kinds.${entry.kind}.name`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              {isSuperadmin && isChainKind && (
                <Typography variant="body2" color="text.secondary">
                  {t('chainLevel')}
                </Typography>
              )}
              {isSuperadmin && !isChainKind && salonId === null && (
                <Typography variant="body2" color="text.secondary">
                  {t('chooseSalon')}
                </Typography>
              )}
              {kind ? (
                <KindColumns kind={kind} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('chooseKind')}
                </Typography>
              )}
              <FileDrop file={file} onFile={chooseFile} isDisabled={isRunning} />
              <Typography variant="caption" color="text.secondary">
                {t('file.formats', { max: formatBytes(kinds.data.maxFileBytes, language) })}
              </Typography>
            </Stack>
          )}
        </Section>

        {file && (
          <Section title={t('steps.preview')} testId="import-preview-section">
            {sample.status === 'reading' && <LinearProgress aria-label={t('preview.reading')} />}
            {sample.status === 'unsupported' && <Alert severity="error">{t('preview.unsupported')}</Alert>}
            {sample.status === 'tooBig' && <Alert severity="info">{t('preview.tooBig')}</Alert>}
            {sample.status === 'failed' && <Alert severity="warning">{t('preview.failed', { reason: sample.reason })}</Alert>}
            {sample.status === 'ready' &&
              (kind ? (
                <FilePreview sample={sample.sample} kind={kind} />
              ) : (
                <Typography color="text.secondary">{t('preview.chooseKind')}</Typography>
              ))}
          </Section>
        )}

        {file && (
          <Section title={t('steps.run')} testId="import-run">
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mb: 2 }}>
              <Button
                variant="outlined"
                startIcon={<FactCheckOutlined />}
                onClick={() => run(true)}
                disabled={!canCheck}
                data-testid="import-dry-run"
              >
                {t('actions.check')}
              </Button>
              <Button
                variant="contained"
                color="secondary"
                startIcon={<PlayArrow />}
                onClick={() => run(false)}
                disabled={!canImport}
                data-testid="import-start"
              >
                {t('actions.import')}
              </Button>
            </Stack>
            {!canImport && !isRunning && !shown && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {kind ? t('actions.checkFirst') : t('chooseKind')}
              </Typography>
            )}
            {uploadProblem && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="upload-error">
                {uploadProblem}
              </Alert>
            )}
            {start.isPending && <LinearProgress aria-label={t('upload.sending')} />}
            {shown && job.isPending && <LinearProgress aria-label={t('loading')} />}
            {shown && job.isError && (
              <Alert severity="error" action={<Button onClick={() => void job.refetch()}>{t('retry')}</Button>}>
                {describeFailure(job.error, 'something went wrong.')}
              </Alert>
            )}
            {shown && job.data && <JobPanel job={job.data} />}
            {reportLink && (
              <Link component={RouterLink} to={reportLink.to} sx={{ display: 'inline-block', mt: 1.5 }} data-testid="import-report-link">
                {t(`reportLinks.${reportLink.report}`)}
              </Link>
            )}
          </Section>
        )}

        <Section title={t('history.title')} testId="import-history">
          <ImportHistory salonId={salonId} />
        </Section>
      </Stack>
    </Box>
  );
}
