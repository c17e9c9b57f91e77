import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadGuestScreen } from './app/router';

function mount() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// A guest page's screen is fetched alongside the app (index.html preloads it) and is ready
// before the first render, which then replaces the page's static copy by the screen itself.
void preloadGuestScreen(location.pathname).then(mount);
