import { lazy, Suspense, useSyncExternalStore } from 'react';

// The snackbar's MUI parts load with the first message, not with the app.
const SnackbarView = lazy(() => import('./snackbar-view'));

type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';
export interface SnackbarMessage {
  id: number;
  message: string;
  variant: SnackbarVariant;
}

/** The snackbar hides itself after 6000 ms. */
const SNACKBAR_HIDE_MS = 6000;

let current: SnackbarMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Shows a message in the snackbar (top centre). Fixed messages are translated here, so
 * callers pass the English text; anything else should be translated by the caller.
 */
export function showMessage(message: string, variant: SnackbarVariant = 'info'): void {
  current = { id: nextId++, message, variant };
  emit();
}

/**
 * The catch of a background save: shows `message`, unless the failure was a 401, whose logout
 * already says 'Unauthorized Access'.
 */
export function reportFailure(message: string): (error: unknown) => void {
  return (error) => {
    if (typeof error === 'object' && error !== null && 'status' in error && error.status === 401) return;
    showMessage(message, 'error');
  };
}

export function hideMessage(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSnackbarMessage(): SnackbarMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The snackbar area, rendered once by the app. */
export function SnackbarHost() {
  const message = useSnackbarMessage();
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarView message={message} hideMs={SNACKBAR_HIDE_MS} onClose={hideMessage} />
    </Suspense>
  );
}
