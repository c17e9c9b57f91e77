import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth';
import { translateMessage } from '../../lib/i18n';
import { readPrerenderedForm } from '../../lib/prerendered';
import { AuthCard } from './auth-card';

/** /login: username and password; after success the routing rules send the user on. */
export default function LoginScreen() {
  const { t } = useTranslation('auth');
  const { signIn } = useAuth();
  // What the user did in the static copy of this page while the app loaded (lib/prerendered.ts).
  const [early] = useState(readPrerenderedForm);
  const [username, setUsername] = useState(early?.values.username ?? '');
  const [password, setPassword] = useState(early?.values.password ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message?: string; username?: string; password?: string } | null>(null);

  const send = async () => {
    setPending(true);
    setError(null);
    const result = await signIn(username, password);
    if (!result.ok) {
      setError({ message: result.message, ...result.errors });
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  // A submit made before the app started is carried out once, now that the app can send it.
  const sentEarly = useRef(false);
  useEffect(() => {
    if (!early?.submitted || sentEarly.current) return;
    sentEarly.current = true;
    void send();
  });

  return (
    <AuthCard title={t('login.title')}>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {t('login.intro')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {error?.message && (
          <Alert severity="error" data-testid="login-error">
            {translateMessage(error.message)}
          </Alert>
        )}
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={Boolean(error?.username)}
          helperText={error?.username ? translateMessage(error.username) : undefined}
          required
          autoFocus={early?.focused !== 'password'}
          fullWidth
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(error?.password)}
          helperText={error?.password ? translateMessage(error.password) : undefined}
          required
          autoFocus={early?.focused === 'password'}
          fullWidth
        />
        <Button type="submit" variant="contained" color="secondary" size="large" disabled={pending}>
          {t('login.submit')}
        </Button>
        <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
          {t('login.forgot')}
        </Link>
      </Box>
    </AuthCard>
  );
}
