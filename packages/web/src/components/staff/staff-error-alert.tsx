import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { staffError } from './staff-error';

/** A failed staff call, as staffError() words it: the fixed message and why. */
export function StaffErrorAlert({
  error,
  message,
  testId,
  action,
  onClose,
}: {
  error: unknown;
  /** The fixed message of the call, in English (translated here). */
  message: string;
  testId?: string;
  action?: ReactNode;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const { headline, detail } = staffError(error, message, t, i18n.language);
  return (
    <Alert severity="error" role="alert" data-testid={testId} action={action} onClose={onClose}>
      {detail ? <AlertTitle sx={{ mb: 0 }}>{headline}</AlertTitle> : headline}
      {detail}
    </Alert>
  );
}
