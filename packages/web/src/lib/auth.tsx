import { checkSession, login, logout, type ResponseOf, ROLES, type Role, updateOwnUser } from '@salon/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, callApi, MESSAGES, setUnauthorizedHandler } from './api-client';
import { isLanguage, LANGUAGE_KEY, setLanguage } from './i18n';
import { queryClient } from './query-client';
import { clearStoredSessionCode, getStoredSessionCode, isSessionCodeValid, sessionCodeExpiry, storeSessionCode } from './session-code';
import { showMessage } from './snackbar';

type UserDTO = ResponseOf<typeof updateOwnUser>;
type SessionResponse = ResponseOf<typeof login>;
type UserUpdate = { settings?: UserDTO['settings']; data?: UserDTO['data']; language?: UserDTO['language'] };

/** The auth check shows the splash screen for about 2000 ms. */
const SPLASH_MIN_MS = 2000;

type AuthStatus = 'checking' | 'guest' | 'signedIn';

interface SignInResult {
  ok: boolean;
  message?: string;
  errors?: { username?: string; password?: string };
}

interface AuthContextValue {
  status: AuthStatus;
  user: UserDTO | null;
  roles: Role[];
  sessionCode: string | null;
  /** Absolute end of the session (ISO instant), when signed in. */
  sessionEnds: string | null;
  isSuperadmin: boolean;
  signIn(username: string, password: string): Promise<SignInResult>;
  signOut(): Promise<void>;
  updateUser(partial: UserUpdate): Promise<UserDTO | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Roles come from the user's permission ids (1 SUPERADMIN … 6 ASSISTANCE). */
export function rolesFromPermissions(permissions: readonly { permissionId: number }[]): Role[] {
  const roles = new Set<Role>();
  for (const { permissionId } of permissions) {
    const role = ROLES[permissionId - 1];
    if (role) roles.add(role);
  }
  return ROLES.filter((role) => roles.has(role));
}

interface SessionState {
  status: AuthStatus;
  user: UserDTO | null;
  roles: Role[];
  sessionCode: string | null;
  sessionEnds: string | null;
}

const GUEST: SessionState = { status: 'guest', user: null, roles: [], sessionCode: null, sessionEnds: null };

function stateFrom(response: SessionResponse): SessionState {
  return {
    status: 'signedIn',
    user: response.userDTO,
    roles: rolesFromPermissions(response.userPermissionsDTO),
    sessionCode: response.sessionCode,
    sessionEnds: response.expiryDateMax,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clears local storage on logout, keeping only the language chosen on this device. */
function clearLocalStorage() {
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
}

export function AuthProvider({ children, splashMs = SPLASH_MIN_MS }: { children: ReactNode; splashMs?: number }) {
  const [state, setState] = useState<SessionState>(() =>
    isSessionCodeValid(getStoredSessionCode()) ? { ...GUEST, status: 'checking' } : GUEST,
  );
  const started = useRef(false);

  const adopt = useCallback((response: SessionResponse) => {
    storeSessionCode(response.sessionCode);
    if (isLanguage(response.userDTO.language)) void setLanguage(response.userDTO.language);
    setState(stateFrom(response));
  }, []);

  // Auto sign-in with a stored, unexpired code, behind the splash screen.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = getStoredSessionCode();
    if (!isSessionCodeValid(code)) {
      if (code) {
        clearStoredSessionCode();
        // A stored code that is no session code at all (damaged, edited) fails the automatic
        // sign-in and says so; one whose embedded expiry has passed ends quietly.
        if (sessionCodeExpiry(code) === null) showMessage(MESSAGES.sessionLoginFailed, 'error');
      }
      return;
    }
    void (async () => {
      const [result] = await Promise.allSettled([
        callApi(checkSession, { query: { sessionCode: code } }, { ignoreUnauthorized: true, sessionCode: null }),
        wait(splashMs),
      ]);
      if (result.status === 'fulfilled') {
        adopt(result.value);
      } else {
        clearStoredSessionCode();
        setState(GUEST);
        showMessage(MESSAGES.sessionLoginFailed, 'error');
      }
    })();
  }, [adopt, splashMs]);

  // A 401 on any call logs out with 'Unauthorized Access' and clears the stored code.
  useEffect(() => {
    setUnauthorizedHandler((message) => {
      clearStoredSessionCode();
      queryClient.clear();
      setState(GUEST);
      showMessage(message, 'error');
    });
    return () => setUnauthorizedHandler(null);
  }, []);

  const signIn = useCallback(
    async (username: string, password: string): Promise<SignInResult> => {
      try {
        const response = await callApi(login, { query: { username, password } }, { ignoreUnauthorized: true, sessionCode: null });
        adopt(response);
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError) {
          const body = error.body as { errors?: SignInResult['errors'] } | undefined;
          return { ok: false, message: error.message, errors: body?.errors };
        }
        return { ok: false, message: MESSAGES.failure };
      }
    },
    [adopt],
  );

  const signOut = useCallback(async () => {
    const code = getStoredSessionCode();
    if (code) {
      try {
        await callApi(logout, { query: { sessionCode: code } }, { ignoreUnauthorized: true });
      } catch {
        showMessage(MESSAGES.logoutFailed, 'error');
      }
    }
    clearLocalStorage();
    queryClient.clear();
    setState(GUEST);
    // A full load resets navigation, settings and every cached screen.
    window.location.assign('/login');
  }, []);

  const updateUser = useCallback(async (partial: UserUpdate) => {
    if (!getStoredSessionCode()) return null;
    setState((previous) => (previous.user ? { ...previous, user: { ...previous.user, ...partial } } : previous));
    const saved = await callApi(updateOwnUser, { body: { user: partial } });
    setState((previous) => (previous.user ? { ...previous, user: saved } : previous));
    return saved;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, isSuperadmin: state.roles.includes('SUPERADMIN'), signIn, signOut, updateUser }),
    [state, signIn, signOut, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
