import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/format/dates';
import { dayOffOrRequestLabel, staffChipSx } from '../../components/staff/staff-labels';
import { formatHours, formatInstant } from '../../lib/staff-time';
import type { ShiftRequest } from './api/use-requests';

/** The days a request is about, in the interface language. */
export function periodOf(request: ShiftRequest, language: string): string {
  const from = formatDay(request.startDate, language);
  return request.endDate === request.startDate ? from : `${from} – ${formatDay(request.endDate, language)}`;
}

export function RequestCard({
  request,
  showPerson,
  actions,
  children,
}: {
  request: ShiftRequest;
  showPerson: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('staff');
  const name = `${request.firstName} ${request.lastName}`.trim();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`request-${request.userShiftRequestId}`} component="li">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {showPerson ? (
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
            ) : null}
            <Typography component="span">{dayOffOrRequestLabel(t, request)}</Typography>
            <Chip size="small" sx={staffChipSx(request.status)} label={t(`status.${request.status}`)} data-testid="request-status" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {periodOf(request, i18n.language)}
            {request.kind === 'DAY_OFF' && request.days > 0
              ? ` · ${t('requests.workingDays', { count: request.days, days: formatHours(request.days, i18n.language) })}`
              : ''}
            {request.note ? ` · ${request.note}` : ''}
          </Typography>
          {children}
        </Box>
        {actions ? (
          <Stack direction="row" sx={{ gap: 1, flexShrink: 0, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function CancelButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('staff');
  return (
    <Button size="small" color="error" onClick={onClick} data-testid="cancel-request">
      {t('requests.cancel')}
    </Button>
  );
}

export function Decision({ request, timeZone }: { request: ShiftRequest; timeZone: string }) {
  const { t, i18n } = useTranslation('staff');
  if (request.status === 'PENDING' || !request.decidedAt) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="request-decision">
        {t(request.status === 'REJECTED' ? 'requests.rejectedBy' : 'requests.approvedBy', {
          name: request.decidedByName ?? '',
          when: formatInstant(request.decidedAt, i18n.language, timeZone),
        })}
        {request.status === 'REJECTED' && request.rejectReason ? (
          <span data-testid="request-reject-reason">{` — ${t('requests.rejectReasonShown', { reason: request.rejectReason })}`}</span>
        ) : null}
      </Typography>
      {request.cancelledAt ? (
        <Typography variant="body2" color="text.secondary" data-testid="request-cancellation">
          {t('requests.cancelledBy', {
            name: request.cancelledByName ?? '',
            when: formatInstant(request.cancelledAt, i18n.language, timeZone),
          })}
        </Typography>
      ) : null}
    </>
  );
}

export function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** How many requests a list shows before 'Show more' (the history of a salon runs to hundreds). */
const PAGE = 10;

export function RequestList({
  items,
  render,
  testId,
}: {
  items: ShiftRequest[];
  render: (request: ShiftRequest) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('staff');
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      <Stack component="ul" sx={{ gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {items.slice(0, shown).map(render)}
      </Stack>
      {items.length > shown ? (
        <Button sx={{ mt: 1 }} onClick={() => setShown((count) => count + PAGE)} data-testid={`${testId}-more`}>
          {t('requests.showMore', { count: Math.min(PAGE, items.length - shown), total: items.length - shown })}
        </Button>
      ) : null}
    </>
  );
}
