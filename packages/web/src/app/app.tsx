import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { SnackbarHost } from '../lib/snackbar';
import { createAppRouter } from './router';
import { SettingsProvider } from './settings';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SettingsProvider>
          <RouterProvider router={router} />
          <SnackbarHost />
        </SettingsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
