import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { showMessage } from '../../lib/snackbar';
import { useSaveStatusSettings } from './api/use-customer-analysis';
import { parseThresholds, THRESHOLD_LIMITS } from './customer-shaping';

interface StatusThresholdsProps {
  salonId: number;
  activeDays: number;
  lostDays: number;
  /** ADMIN and SUPERADMIN change them (StatusSettings). */
  canEdit: boolean;
}

/** The thresholds the statuses are computed with, and (managers) a dialog to change them. */
export function StatusThresholds({ salonId, activeDays, lostDays, canEdit }: StatusThresholdsProps) {
  const { t } = useTranslation('customer-analysis');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="thresholds">
        {t('thresholds.line', { active: activeDays, lost: lostDays })}
      </Typography>
      {canEdit ? (
        <Button size="small" variant="text" onClick={() => setIsOpen(true)} data-testid="edit-thresholds">
          {t('thresholds.edit')}
        </Button>
      ) : null}
      {isOpen ? <ThresholdsDialog salonId={salonId} activeDays={activeDays} lostDays={lostDays} onClose={() => setIsOpen(false)} /> : null}
    </Box>
  );
}

function ThresholdsDialog({ salonId, activeDays, lostDays, onClose }: Omit<StatusThresholdsProps, 'canEdit'> & { onClose: () => void }) {
  const { t } = useTranslation('customer-analysis');
  const save = useSaveStatusSettings();
  const [activeText, setActiveText] = useState(String(activeDays));
  const [lostText, setLostText] = useState(String(lostDays));
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = parseThresholds(activeText, lostText);
  const errors = 'errors' in parsed ? parsed.errors : {};
  const messageOf = (error: string | undefined) => (error ? t(`thresholds.error.${error}`, THRESHOLD_LIMITS) : '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in parsed) return;
    setServerError(null);
    try {
      await save.mutateAsync({ salonId, ...parsed });
      showMessage(t('thresholds.saved'), 'success');
      onClose();
    } catch (error) {
      setServerError(translateMessage(errorMessageOf(error)));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="thresholds-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="thresholds-title">{t('thresholds.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('thresholds.help')}
          </Typography>
          {serverError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          ) : null}
          <TextField
            fullWidth
            margin="dense"
            label={t('thresholds.activeDays')}
            value={activeText}
            onChange={(event) => setActiveText(event.target.value)}
            error={Boolean(errors.activeDays)}
            helperText={messageOf(errors.activeDays) || t('thresholds.activeHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'active-days' } }}
          />
          <TextField
            fullWidth
            margin="dense"
            label={t('thresholds.lostDays')}
            value={lostText}
            onChange={(event) => setLostText(event.target.value)}
            error={Boolean(errors.lostDays)}
            helperText={messageOf(errors.lostDays) || t('thresholds.lostHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'lost-days' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('thresholds.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={'errors' in parsed || save.isPending} data-testid="save-thresholds">
            {save.isPending ? t('thresholds.saving') : t('thresholds.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
