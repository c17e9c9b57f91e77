import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, rolesFromPermissions, useAuth } from './auth';
import { SESSION_CODE_KEY } from './session-code';
import { hideMessage, useSnackbarMessage } from './snackbar';

const future = Math.floor(Date.now() / 1000) + 3600;
const CODE = `s1.${'a'.repeat(43)}.${future}.${'b'.repeat(43)}`;

const user = {
  userId: 7,
  salonId: 1,
  role: ['ADMIN'],
  firstName: 'Marco',
  lastName: 'Bianchi',
  phoneNumber: '',
  email: '',
  username: 'manager',
  title: '',
  note: '',
  gender: null,
  employmentStart: null,
  employmentEnd: null,
  language: 'en',
  settings: null,
  data: { shortcuts: [] },
};
const session = {
  success: true,
  sessionId: 1,
  sessionCode: CODE,
  expiryDate: '2030-01-01T00:00:00Z',
  expiryDateMax: '2030-01-01T00:00:00Z',
  userDTO: user,
  userPermissionsDTO: [{ userPermissionId: 1, userId: 7, permissionId: 2, permission: 'ADMIN' }],
};

function Probe() {
  const { status, user: current, roles } = useAuth();
  const message = useSnackbarMessage();
  return <div data-testid="probe">{`${status}|${current?.username ?? '-'}|${roles.join(',')}|${message?.message ?? ''}`}</div>;
}

const reply = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('AuthProvider', () => {
  afterEach(() => {
    cleanup();
    hideMessage();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('derives roles from permission ids', () => {
    expect(rolesFromPermissions([{ permissionId: 4 }, { permissionId: 2 }, { permissionId: 9 }])).toEqual(['ADMIN', 'SALESMARKETING']);
  });

  it('stays a guest without a stored code and asks the server nothing', () => {
    const fetchMock = reply(200, session);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AuthProvider splashMs={0}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('guest|-||');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops an expired stored code without a call', () => {
    localStorage.setItem(SESSION_CODE_KEY, `s1.${'a'.repeat(43)}.1000.${'b'.repeat(43)}`);
    const fetchMock = reply(200, session);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AuthProvider splashMs={0}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('guest|-||');
    expect(localStorage.getItem(SESSION_CODE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in by itself with a stored, unexpired code', async () => {
    localStorage.setItem(SESSION_CODE_KEY, CODE);
    vi.stubGlobal('fetch', reply(200, session));
    render(
      <AuthProvider splashMs={0}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('checking|-||');
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('signedIn|manager|ADMIN|'));
  });

  it("says 'Failed to login with SessionCode.' and clears the code when the check fails", async () => {
    localStorage.setItem(SESSION_CODE_KEY, CODE);
    vi.stubGlobal('fetch', reply(401, { message: 'Failed to login with SessionCode.' }));
    render(
      <AuthProvider splashMs={0}>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('guest|-||Failed to login with SessionCode.'));
    expect(localStorage.getItem(SESSION_CODE_KEY)).toBeNull();
  });

  it("says 'Failed to login with SessionCode.' for a stored code that is no session code, without a call", () => {
    localStorage.setItem(SESSION_CODE_KEY, 'garbage-not-a-code');
    const fetchMock = reply(200, session);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <AuthProvider splashMs={0}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('guest|-||Failed to login with SessionCode.');
    expect(localStorage.getItem(SESSION_CODE_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the code of a successful sign-in under session_code', async () => {
    vi.stubGlobal('fetch', reply(200, session));
    let signIn: ((u: string, p: string) => Promise<unknown>) | undefined;
    function Grab() {
      signIn = useAuth().signIn;
      return null;
    }
    render(
      <AuthProvider splashMs={0}>
        <Grab />
        <Probe />
      </AuthProvider>,
    );
    await act(async () => {
      await signIn?.('manager', 'demo');
    });
    expect(localStorage.getItem(SESSION_CODE_KEY)).toBe(CODE);
    expect(screen.getByTestId('probe').textContent).toBe('signedIn|manager|ADMIN|');
  });
});
