import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client';
import { showMessage } from '../../lib/snackbar';

type ExportKind = 'xlsx' | 'pdf' | 'csv';

interface ExportButtonProps {
  kind: ExportKind;
  /** Builds and downloads the file; a rejection is reported. */
  run: () => Promise<void> | void;
  disabled?: boolean;
}

/** An export button with a progress state: disabled with a spinner while the file is made, an error message if it fails. */
export function ExportButton({ kind, run, disabled = false }: ExportButtonProps) {
  const { t } = useTranslation('components');
  const [isRunning, setIsRunning] = useState(false);

  const start = async () => {
    setIsRunning(true);
    try {
      await run();
    } catch (error) {
      // Download flags clear on failure too; the snackbar says why.
      showMessage(errorMessageOf(error), 'error');
    } finally {
      setIsRunning(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="small"
      onClick={start}
      disabled={disabled || isRunning}
      aria-busy={isRunning}
      startIcon={isRunning ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadOutlined />}
      data-testid={`export-${kind}`}
    >
      {isRunning ? t('export.running') : t(`export.${kind}`)}
    </Button>
  );
}
