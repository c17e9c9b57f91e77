/** The local storage key of the session code. */
export const SESSION_CODE_KEY = 'session_code';

export function getStoredSessionCode(): string | null {
  try {
    return localStorage.getItem(SESSION_CODE_KEY);
  } catch {
    return null;
  }
}

export function storeSessionCode(code: string): void {
  localStorage.setItem(SESSION_CODE_KEY, code);
}

export function clearStoredSessionCode(): void {
  localStorage.removeItem(SESSION_CODE_KEY);
}

/**
 * The absolute expiry embedded in a code (`s1.<id>.<unix seconds>.<signature>`), or null when
 * the code does not have that shape.
 */
export function sessionCodeExpiry(code: string): Date | null {
  const parts = code.split('.');
  if (parts.length !== 4 || !/^\d{1,12}$/.test(parts[2] ?? '')) return null;
  return new Date(Number(parts[2]) * 1000);
}

/** A session code is invalid when missing or when its embedded expiry has passed. */
export function isSessionCodeValid(code: string | null | undefined, now = new Date()): code is string {
  if (!code) return false;
  const expiry = sessionCodeExpiry(code);
  return expiry !== null && expiry.getTime() > now.getTime();
}
