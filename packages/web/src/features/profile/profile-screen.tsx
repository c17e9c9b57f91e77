import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { setOwnPassword } from '@salon/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, errorMessageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { showMessage } from '../../lib/snackbar';

const MIN_PASSWORD = 8;

/** The signed-in user's details and the change of their own password. */
export default function ProfileScreen() {
  const { t } = useTranslation('shell');
  const { user, roles } = useAuth();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: () => callApi(setOwnPassword, { params: { userId: user?.userId ?? 0 }, query: { password, oldPassword } }),
    onSuccess: () => {
      setOldPassword('');
      setPassword('');
      setConfirm('');
      showMessage(t('profile.passwordChanged'), 'success');
    },
    onError: (error) => setProblem(translateMessage(errorMessageOf(error, 'Unable to change user password'))),
  });

  if (!user) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (password.length < MIN_PASSWORD || !/[a-z]/i.test(password) || !/\d/.test(password)) return setProblem(t('profile.passwordRule'));
    if (password !== confirm) return setProblem(t('profile.passwordMismatch'));
    change.mutate();
  };

  const details: [string, string][] = [
    [t('profile.name'), `${user.firstName} ${user.lastName}`.trim()],
    [t('profile.username'), user.username],
    [t('profile.email'), user.email],
    [t('profile.phone'), user.phoneNumber],
    [t('profile.jobTitle'), user.title],
    [t('profile.employmentStart'), user.employmentStart ?? ''],
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Paper sx={{ p: 3 }} data-testid="profile-details">
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {t('profile.title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {details.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value || '—'}
              </Typography>
            </Box>
          ))}
          <Typography component="dt" color="text.secondary">
            {t('profile.roles')}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {roles.length === 0 ? '—' : roles.map((role) => <Chip key={role} size="small" label={t(`roles.${role}`)} />)}
          </Box>
        </Box>
      </Paper>
      <Paper sx={{ p: 3 }} component="form" onSubmit={submit} noValidate>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('profile.changePassword')}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label={t('profile.oldPassword')}
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOldPassword(e.target.value)}
            required
          />
          <TextField
            label={t('profile.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText={t('profile.passwordRule')}
            required
          />
          <TextField
            label={t('profile.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            required
          />
          <Button type="submit" variant="contained" color="secondary" disabled={change.isPending || !oldPassword || !password}>
            {t('profile.save')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
