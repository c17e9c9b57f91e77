import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ROLES, type Role } from '@salon/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput, parseDateInput } from '../../components/format/dates';
import { CalendarAdornment } from '../../components/report-frame/date-field';
import { describeFailure } from '../../lib/failure';
import { showMessage } from '../../lib/snackbar';
import { type UserRow, useUserMutations, useUserPermissions } from './api/use-users';
import { displayName, isPasswordAcceptable, permissionIdOf, roleLimit } from './users-rules';

interface DialogProps {
  user: UserRow;
  onClose: () => void;
}

/** SetPasswordAdmin: a new password for someone who forgot theirs; their sessions end. */
export function ResetPasswordDialog({ user, onClose }: DialogProps) {
  const { t } = useTranslation('users');
  const { resetPassword } = useUserMutations();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPasswordAcceptable(password)) return setProblem(t('form.errors.password'));
    setProblem(null);
    resetPassword.mutate(
      { userId: user.userId, password },
      {
        onSuccess: () => {
          showMessage(t('password.done', { name: displayName(user) }), 'success');
          onClose();
        },
        onError: (error) => setProblem(describeFailure(error, 'Unable to update user password')),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reset-password-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate data-testid="reset-password-form">
        <DialogTitle id="reset-password-title">{t('password.title', { name: displayName(user) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('password.explain')}</DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="reset-password-problem">
              {problem}
            </Alert>
          )}
          <TextField
            fullWidth
            size="small"
            type="password"
            autoComplete="new-password"
            label={t('password.new')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText={t('form.passwordHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'reset-password-field' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={resetPassword.isPending || !password}
            data-testid="reset-password-save"
          >
            {t('password.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Ends a person's employment on a day (PUT /api/Users employmentEnd); they stay in the list as former staff. */
export function EndEmploymentDialog({ user, today, onClose }: DialogProps & { today: string }) {
  const { t } = useTranslation('users');
  const { update } = useUserMutations();
  const [text, setText] = useState(formatDateInput(user.employmentEnd ?? today));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = parseDateInput(text);
    if (!day) return setProblem(t('form.errors.date'));
    if (user.employmentStart && day < user.employmentStart) return setProblem(t('form.errors.endBeforeStart'));
    setProblem(null);
    update.mutate(
      { userId: user.userId, body: { employmentEnd: day } },
      {
        onSuccess: () => {
          showMessage(t('end.done', { name: displayName(user) }), 'success');
          onClose();
        },
        onError: (error) => setProblem(describeFailure(error, 'Unable to update user')),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="end-employment-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate data-testid="end-employment-form">
        <DialogTitle id="end-employment-title">{t('end.title', { name: displayName(user) })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('end.explain')}</DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TextField
            fullWidth
            size="small"
            label={t('end.lastDay')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            helperText={t('components:dateField.placeholder')}
            slotProps={{
              input: {
                endAdornment: (
                  <CalendarAdornment
                    label={t('end.lastDay')}
                    value={parseDateInput(text) ?? ''}
                    today={today}
                    onPick={(day) => setText(formatDateInput(day))}
                    testId="end-employment-field"
                  />
                ),
              },
              htmlInput: {
                'data-testid': 'end-employment-field',
                inputMode: 'numeric',
                placeholder: t('components:dateField.placeholder'),
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" color="secondary" disabled={update.isPending} data-testid="end-employment-save">
            {t('end.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Grants and revokes roles (/api/UserPermissions), one switch per role; the switches the API would
 * refuse for this caller are off limits, with the reason under them.
 */
export function RolesDialog({ user, caller, onClose }: DialogProps & { caller: { userId: number; roles: readonly Role[] } }) {
  const { t } = useTranslation('users');
  const grants = useUserPermissions(user.userId);
  const { grant, revoke } = useUserMutations();
  const [problem, setProblem] = useState<string | null>(null);
  const held = new Set<Role>((grants.data ?? []).map((g) => g.permission));
  const busy = grant.isPending || revoke.isPending || grants.isFetching;

  const toggle = (role: Role, on: boolean) => {
    setProblem(null);
    const done = { onSuccess: () => void grants.refetch() };
    if (on) {
      grant.mutate(
        { userId: user.userId, permissionId: permissionIdOf(role) },
        { ...done, onError: (error) => setProblem(describeFailure(error, 'Unable to create user permission')) },
      );
      return;
    }
    const found = grants.data?.find((g) => g.permission === role);
    if (found)
      revoke.mutate(found.userPermissionId, {
        ...done,
        onError: (error) => setProblem(describeFailure(error, 'Unable to delete user permission')),
      });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="roles-title" fullWidth maxWidth="sm">
      <DialogTitle id="roles-title">{t('rolesDialog.title', { name: displayName(user) })}</DialogTitle>
      <DialogContent data-testid="roles-dialog">
        <DialogContentText sx={{ mb: 1 }}>{t('rolesDialog.explain')}</DialogContentText>
        {grants.isPending && <LinearProgress aria-label={t('loading')} />}
        {grants.isError && <Alert severity="error">{describeFailure(grants.error, 'Unable to user permissions')}</Alert>}
        {problem && (
          <Alert severity="error" sx={{ my: 1 }} data-testid="roles-problem">
            {problem}
          </Alert>
        )}
        {grants.isSuccess &&
          ROLES.map((role) => {
            const limit = roleLimit(role, { userId: user.userId, role: [...held] }, caller);
            return (
              <Box key={role} sx={{ py: 0.5 }}>
                <FormControlLabel
                  label={t(`roles.${role}`)}
                  control={
                    <Switch
                      checked={held.has(role)}
                      disabled={limit !== null || busy}
                      onChange={(event) => toggle(role, event.target.checked)}
                      slotProps={{ input: { 'data-testid': `grant-${role}` } as object }}
                    />
                  }
                />
                {limit && <FormHelperText data-testid={`limit-${role}`}>{t(`limits.${limit}`)}</FormHelperText>}
              </Box>
            );
          })}
        <FormHelperText sx={{ mt: 1 }}>{t('limits.lastAdmin')}</FormHelperText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="roles-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
