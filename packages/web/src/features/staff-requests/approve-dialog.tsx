import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { STAFF_MESSAGES } from '@salon/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { dayOffOrRequestLabel } from '../../components/staff/staff-labels';
import { formatHours } from '../../lib/staff-time';
import { type ShiftRequest, useRequestConflicts } from './api/use-requests';
import { Decision, periodOf } from './request-list';

/** The approver's look before approving: the person's booked appointments in the period, their shifts, the days left. */
export function ApproveDialog({
  request,
  timeZone,
  isBusy,
  error,
  onClose,
  onApprove,
}: {
  request: ShiftRequest | null;
  timeZone: string;
  isBusy: boolean;
  error: { error: unknown; message: string } | null;
  onClose: () => void;
  onApprove: () => void;
}) {
  const { t, i18n } = useTranslation('staff');
  const conflicts = useRequestConflicts(request?.userShiftRequestId ?? null);
  const data = conflicts.data;
  return (
    <Dialog open={request !== null} onClose={isBusy ? undefined : onClose} aria-labelledby="approve-title" fullWidth maxWidth="sm">
      <DialogTitle id="approve-title">{t('requests.approveTitle')}</DialogTitle>
      {/* The booked appointments can make it scroll: focusable, so a keyboard can scroll it too. */}
      <DialogContent data-testid="approve-dialog" tabIndex={0} role="region" aria-labelledby="approve-title">
        {request ? (
          <DialogContentText sx={{ mb: 2 }}>
            {`${request.firstName} ${request.lastName}`.trim()}: {dayOffOrRequestLabel(t, request)}, {periodOf(request, i18n.language)}
          </DialogContentText>
        ) : null}
        {conflicts.isError ? (
          <StaffErrorAlert error={conflicts.error} message={STAFF_MESSAGES.getRequests} />
        ) : !data ? (
          <CircularProgress size={20} aria-label={t('common.loading')} />
        ) : (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('requests.bookedTitle')}
            </Typography>
            {data.bookedAppointments.length === 0 ? (
              <Typography color="text.secondary" data-testid="booked-none">
                {t('requests.bookedNone')}
              </Typography>
            ) : (
              <List dense data-testid="booked-appointments" aria-label={t('requests.bookedTitle')}>
                {data.bookedAppointments.map((appointment) => (
                  <ListItem key={appointment.appointmentId} disableGutters data-testid="booked-appointment">
                    <ListItemText
                      primary={`${formatDay(appointment.day, i18n.language)} ${appointment.startTime}–${appointment.endTime} · ${appointment.clientName || t('requests.unknownClient')}`}
                      secondary={appointment.services.map((service) => service.name).join(', ')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {data.bookedAppointments.length > 0 ? (
              <Alert severity="warning" sx={{ my: 1 }} data-testid="booked-warning">
                {t('requests.bookedWarning', { count: data.bookedAppointments.length })}
              </Alert>
            ) : null}
            {request?.kind === 'DAY_OFF' && request.part === 'FULL_DAY' && data.shifts.length > 0 ? (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="shifts-removed">
                {t('requests.shiftsRemoved', { count: data.shifts.length })}
              </Typography>
            ) : null}
            {data.remainingDaysAfter !== null ? (
              <Typography variant="body2" sx={{ mt: 1 }} data-testid="remaining-after">
                {t('requests.remainingAfter', { days: formatHours(data.remainingDaysAfter, i18n.language) })}
              </Typography>
            ) : null}
            {request?.decidedAt ? <Decision request={request} timeZone={timeZone} /> : null}
          </>
        )}
        {error ? (
          <Box sx={{ mt: 2 }}>
            <StaffErrorAlert error={error.error} message={error.message} testId="approve-error" />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="success" onClick={onApprove} disabled={isBusy || !data} data-testid="approve-confirm">
          {t('requests.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
