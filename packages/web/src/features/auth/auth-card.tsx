import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo/logo';
import { LanguageSwitcher } from '../../lib/language-switcher';

/** The centred card of the bare sign-in pages, with the language choice above it. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1e2125 0%, #37474f 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 400, display: 'flex', justifyContent: 'flex-end', color: '#fff', mb: 1 }}>
        <LanguageSwitcher />
      </Box>
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Logo size={40} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
