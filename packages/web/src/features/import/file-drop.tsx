import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../components/a11y/visually-hidden';
import { formatValue } from '../../components/format/number-format';

interface FileDropProps {
  file: File | null;
  onFile: (file: File) => void;
  isDisabled?: boolean;
}

/** The size of a file in kB or MB, in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1024 * 1024) return `${formatValue(Math.max(1, Math.round(bytes / 1024)), 'integer', language)} kB`;
  return `${formatValue(Math.round((bytes / (1024 * 1024)) * 10) / 10, 'number', language)} MB`;
}

/**
 * Where a file is dropped or picked: a drop zone (a mouse's way) around a real button that opens
 * the file chooser (the keyboard's and screen reader's way).
 */
export function FileDrop({ file, onFile, isDisabled = false }: FileDropProps) {
  const { t, i18n } = useTranslation('import');
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !isDisabled) onFile(dropped);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!isDisabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      sx={{
        border: '2px dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 2,
        minWidth: 0,
      }}
    >
      <UploadFileIcon color="action" sx={{ fontSize: 40, display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={hintId}>{t('file.drop')}</Typography>
        {file ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
            {t('file.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) })}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('file.none')}
          </Typography>
        )}
      </Box>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        disabled={isDisabled}
        aria-describedby={hintId}
        data-testid="import-choose-file"
      >
        {file ? t('file.chooseOther') : t('file.choose')}
      </Button>
      <Box
        component="input"
        ref={input}
        type="file"
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        tabIndex={-1}
        aria-hidden="true"
        sx={visuallyHidden}
        data-testid="import-file-input"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const picked = event.target.files?.[0];
          if (picked) onFile(picked);
          // The same file picked again (after fixing it) is a new choice.
          event.target.value = '';
        }}
      />
    </Box>
  );
}
