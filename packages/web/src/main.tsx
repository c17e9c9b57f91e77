import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// A guest opening a sign-in page needs that screen at once: start fetching it alongside the app.
if (location.pathname === '/login') void import('./features/auth/login-screen');
else if (location.pathname === '/forgot-password') void import('./features/auth/forgot-password-screen');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
