import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STAFF_MESSAGES } from '@salon/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffErrorAlert } from '../../components/staff/staff-error-alert';
import { StaffFrame, useStaffSalon } from '../../components/staff/staff-frame';
import { dayOffOrRequestLabel } from '../../components/staff/staff-labels';
import { useRemainingDays } from '../../components/staff/use-remaining-days';
import { showMessage } from '../../lib/snackbar';
import { formatHours } from '../../lib/staff-time';
import {
  type ShiftRequest,
  useApproveRequest,
  useCancelRequest,
  useCreateRequest,
  useDeleteRequest,
  useMyRequests,
  useRejectRequest,
  useSalonRequests,
  useUpdateRequest,
} from './api/use-requests';
import { ApproveDialog } from './approve-dialog';
import { RequestDialog } from './request-dialog';
import { isCancellable, type RequestBody, type RequestTexts } from './request-form';
import { CancelButton, Decision, periodOf, RequestCard, RequestList, Section } from './request-list';

function emptyTexts(today: string): RequestTexts {
  return {
    kind: 'DAY_OFF',
    type: 'HOLIDAY',
    part: 'FULL_DAY',
    startDate: today,
    endDate: today,
    startTime: '',
    endTime: '',
    note: '',
    day: today,
    wantedStart: '',
    wantedEnd: '',
    userTimeframeId: '',
  };
}

function textsOf(request: ShiftRequest): RequestTexts {
  return {
    kind: request.kind,
    type: request.type ?? 'HOLIDAY',
    part: request.part ?? 'FULL_DAY',
    startDate: request.startDate,
    endDate: request.endDate,
    startTime: request.startTime ?? '',
    endTime: request.endTime ?? '',
    note: request.note,
    day: request.startDate,
    wantedStart: request.wantedStartTime ?? '',
    wantedEnd: request.wantedEndTime ?? '',
    userTimeframeId: request.userTimeframeId ? String(request.userTimeframeId) : '',
  };
}

/** The confirmation dialog's title and button per action. */
const CONFIRM_TEXTS = {
  delete: { title: 'requests.deleteTitle', button: 'common.delete' },
  reject: { title: 'requests.rejectTitle', button: 'requests.reject' },
  cancel: { title: 'requests.cancelTitle', button: 'requests.cancel' },
} as const;

/** /staff-requests: my requests (new, change and delete while pending); for ADMIN the approval queue and the history. */
export default function StaffRequestsScreen() {
  const { t, i18n } = useTranslation('staff');
  const staff = useStaffSalon();
  const mine = useMyRequests(staff.hasOwnSalon ? staff.myUserId : null);
  const salonRequests = useSalonRequests(staff.salonId, staff.canManage);
  const year = staff.today ? Number(staff.today.slice(0, 4)) : undefined;
  const remaining = useRemainingDays(staff.myUserId === null || !staff.hasOwnSalon ? [] : [staff.myUserId], year);
  const myRemaining = staff.myUserId === null ? undefined : remaining.byUser.get(staff.myUserId);

  const create = useCreateRequest();
  const update = useUpdateRequest();
  const remove = useDeleteRequest();
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const cancel = useCancelRequest();

  const [editing, setEditing] = useState<{ request: ShiftRequest | null; initial: RequestTexts } | null>(null);
  const [dialogError, setDialogError] = useState<{ error: unknown; message: string } | null>(null);
  const [approving, setApproving] = useState<ShiftRequest | null>(null);
  const [approveError, setApproveError] = useState<{ error: unknown; message: string } | null>(null);
  const [confirm, setConfirm] = useState<{ request: ShiftRequest; action: 'delete' | 'reject' | 'cancel' } | null>(null);
  const [rejectReason, setRejectReason] = useState('');
  const [pageError, setPageError] = useState<{ error: unknown; message: string } | null>(null);

  const queue = useMemo(() => (salonRequests.data ?? []).filter((request) => request.status === 'PENDING'), [salonRequests.data]);
  const history = useMemo(() => (salonRequests.data ?? []).filter((request) => request.status !== 'PENDING'), [salonRequests.data]);

  const save = async (body: RequestBody) => {
    setDialogError(null);
    const id = editing?.request?.userShiftRequestId;
    try {
      if (id) await update.mutateAsync({ id, body });
      else await create.mutateAsync(body);
      setEditing(null);
      showMessage(id ? t('requests.updated') : t('requests.sent'), 'success');
    } catch (error) {
      setDialogError({ error, message: id ? STAFF_MESSAGES.updateRequest : STAFF_MESSAGES.createRequest });
    }
  };

  const runConfirm = async () => {
    if (!confirm) return;
    setPageError(null);
    const { request, action } = confirm;
    try {
      if (action === 'delete') {
        await remove.mutateAsync(request.userShiftRequestId);
        showMessage(t('requests.deleted'), 'success');
      } else if (action === 'cancel') {
        await cancel.mutateAsync(request.userShiftRequestId);
        showMessage(t('requests.cancelled'), 'success');
      } else {
        await reject.mutateAsync({ id: request.userShiftRequestId, reason: rejectReason.trim() });
        showMessage(t('requests.rejected'), 'success');
      }
    } catch (error) {
      // There is no fixed reject message: a refused decision is the approval's.
      const messages = {
        delete: STAFF_MESSAGES.deleteRequest,
        cancel: STAFF_MESSAGES.updateRequest,
        reject: STAFF_MESSAGES.approveRequest,
      };
      setPageError({ error, message: messages[action] });
    }
    setConfirm(null);
    setRejectReason('');
  };

  const runApprove = async () => {
    if (!approving) return;
    setApproveError(null);
    try {
      const result = await approve.mutateAsync(approving.userShiftRequestId);
      setApproving(null);
      showMessage(t('requests.approved', { count: result.bookedAppointments.length }), 'success');
    } catch (error) {
      setApproveError({ error, message: STAFF_MESSAGES.approveRequest });
    }
  };

  const list = (items: ShiftRequest[] | undefined, render: (request: ShiftRequest) => ReactNode, empty: string, testId: string) =>
    !items ? (
      <CircularProgress size={20} aria-label={t('common.loading')} />
    ) : items.length === 0 ? (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    ) : (
      <RequestList items={items} render={render} testId={testId} />
    );

  return (
    <StaffFrame
      title={t('requests.title')}
      testId="staff-requests"
      actions={
        staff.hasOwnSalon ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setDialogError(null);
              setEditing({ request: null, initial: emptyTexts(staff.today ?? '') });
            }}
            disabled={!staff.today}
            data-testid="new-request"
          >
            {t('requests.new')}
          </Button>
        ) : null
      }
    >
      {myRemaining ? (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }} data-testid="my-remaining">
          <Chip label={t('daysOff.allowance', { days: formatHours(myRemaining.allowanceDays, i18n.language) })} variant="outlined" />
          <Chip label={t('daysOff.taken', { days: formatHours(myRemaining.takenDays, i18n.language) })} variant="outlined" />
          <Chip label={t('daysOff.pending', { days: formatHours(myRemaining.pendingDays, i18n.language) })} variant="outlined" />
          <Chip
            color="primary"
            label={t('daysOff.remaining', { days: formatHours(myRemaining.remainingDays, i18n.language) })}
            data-testid="my-remaining-days"
          />
        </Stack>
      ) : remaining.error ? (
        <Box sx={{ mb: 2 }}>
          <StaffErrorAlert error={remaining.error} message={STAFF_MESSAGES.remainingDays} />
        </Box>
      ) : null}
      {pageError ? (
        <Box sx={{ mb: 2 }}>
          <StaffErrorAlert error={pageError.error} message={pageError.message} testId="requests-error" onClose={() => setPageError(null)} />
        </Box>
      ) : null}
      {staff.canManage ? (
        <Section title={t('requests.queue')} testId="request-queue">
          {salonRequests.isError ? (
            <StaffErrorAlert error={salonRequests.error} message={STAFF_MESSAGES.getRequests} />
          ) : (
            list(
              salonRequests.data ? queue : undefined,
              (request) => {
                const isOwn = request.userId === staff.myUserId;
                return (
                  <RequestCard
                    key={request.userShiftRequestId}
                    request={request}
                    showPerson
                    actions={
                      isOwn ? (
                        <Typography variant="body2" color="text.secondary">
                          {t('requests.ownRequest')}
                        </Typography>
                      ) : (
                        <>
                          <Button
                            size="small"
                            variant="contained"
                            color="success"
                            onClick={() => {
                              setApproveError(null);
                              setApproving(request);
                            }}
                            data-testid="approve-request"
                          >
                            {t('requests.approve')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            onClick={() => {
                              setRejectReason('');
                              setConfirm({ request, action: 'reject' });
                            }}
                            data-testid="reject-request"
                          >
                            {t('requests.reject')}
                          </Button>
                        </>
                      )
                    }
                  />
                );
              },
              t('requests.queueEmpty'),
              'request-queue',
            )
          )}
        </Section>
      ) : null}
      {staff.hasOwnSalon ? (
        <Section title={t('requests.mine')} testId="my-requests">
          {mine.isError ? (
            <StaffErrorAlert error={mine.error} message={STAFF_MESSAGES.getRequests} />
          ) : (
            list(
              mine.data,
              (request) => (
                <RequestCard
                  key={request.userShiftRequestId}
                  request={request}
                  showPerson={false}
                  actions={
                    request.status === 'PENDING' ? (
                      <>
                        <Button
                          size="small"
                          onClick={() => {
                            setDialogError(null);
                            setEditing({ request, initial: textsOf(request) });
                          }}
                          data-testid="edit-request"
                        >
                          {t('common.edit')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setConfirm({ request, action: 'delete' })}
                          data-testid="delete-request"
                        >
                          {t('common.delete')}
                        </Button>
                      </>
                    ) : isCancellable(request, staff.today, false) ? (
                      <CancelButton onClick={() => setConfirm({ request, action: 'cancel' })} />
                    ) : undefined
                  }
                >
                  <Decision request={request} timeZone={staff.timeZone} />
                </RequestCard>
              ),
              t('requests.mineEmpty'),
              'my-requests',
            )
          )}
        </Section>
      ) : null}
      {staff.canManage ? (
        <Section title={t('requests.history')} testId="request-history">
          {salonRequests.isError
            ? null
            : list(
                salonRequests.data ? history : undefined,
                (request) => (
                  <RequestCard
                    key={request.userShiftRequestId}
                    request={request}
                    showPerson
                    actions={
                      isCancellable(request, staff.today, request.userId !== staff.myUserId) ? (
                        <CancelButton onClick={() => setConfirm({ request, action: 'cancel' })} />
                      ) : undefined
                    }
                  >
                    <Decision request={request} timeZone={staff.timeZone} />
                  </RequestCard>
                ),
                t('requests.historyEmpty'),
                'request-history',
              )}
        </Section>
      ) : null}
      <RequestDialog
        open={editing !== null}
        isEdit={!!editing?.request}
        initial={editing?.initial ?? emptyTexts(staff.today ?? '')}
        myUserId={staff.myUserId}
        isBusy={create.isPending || update.isPending}
        error={dialogError}
        onClose={() => setEditing(null)}
        onSave={(body) => void save(body)}
      />
      <ApproveDialog
        request={approving}
        timeZone={staff.timeZone}
        isBusy={approve.isPending}
        error={approveError}
        onClose={() => setApproving(null)}
        onApprove={() => void runApprove()}
      />
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{t(CONFIRM_TEXTS[confirm?.action ?? 'delete'].title)}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm?.action === 'cancel'
              ? t('requests.cancelText', {
                  what: `${dayOffOrRequestLabel(t, confirm.request)}, ${periodOf(confirm.request, i18n.language)}`,
                })
              : confirm
                ? dayOffOrRequestLabel(t, confirm.request)
                : ''}
          </DialogContentText>
          {confirm?.action === 'reject' ? (
            <TextField
              size="small"
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 2 }}
              label={t('requests.rejectReason')}
              helperText={t('requests.rejectReasonHelp')}
              value={rejectReason}
              onChange={(event) => setRejectReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reject-reason' } }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{confirm?.action === 'cancel' ? t('requests.keep') : t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void runConfirm()}
            disabled={remove.isPending || reject.isPending || cancel.isPending}
            data-testid="confirm-action"
          >
            {t(CONFIRM_TEXTS[confirm?.action ?? 'delete'].button)}
          </Button>
        </DialogActions>
      </Dialog>
    </StaffFrame>
  );
}
