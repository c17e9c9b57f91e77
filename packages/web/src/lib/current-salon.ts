import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from './auth';

/** Where a superadmin's chosen salon is remembered on this device. */
export const CURRENT_SALON_KEY = 'current_salon_id';

const listeners = new Set<() => void>();

function readStoredSalonId(): number | null {
  try {
    const raw = localStorage.getItem(CURRENT_SALON_KEY);
    const id = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Remembers (or forgets, with null) the salon a superadmin works on. */
export function storeCurrentSalonId(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(CURRENT_SALON_KEY);
    else localStorage.setItem(CURRENT_SALON_KEY, String(id));
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts until reload.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab choosing a salon changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENT_SALON_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

interface CurrentSalon {
  /** The salon report screens show when their URL names none; null when a superadmin has not chosen one yet. */
  salonId: number | null;
  /** A superadmin's choice (remembered); ignored for everyone else, who always sees their own salon. */
  setSalonId(id: number): void;
}

/**
 * The salon the report screens show: a non-superadmin's own salon, or the salon a superadmin
 * chose on /salon-listing (or in a report's salon picker), remembered in localStorage.
 */
export function useCurrentSalon(): CurrentSalon {
  const { user, isSuperadmin } = useAuth();
  const stored = useSyncExternalStore(subscribe, readStoredSalonId, () => null);
  const setSalonId = useCallback(
    (id: number) => {
      if (isSuperadmin) storeCurrentSalonId(id);
    },
    [isSuperadmin],
  );
  return { salonId: isSuperadmin ? stored : (user?.salonId ?? null), setSalonId };
}
