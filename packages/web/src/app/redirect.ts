/** The path an anonymous user tried to open, restored after sign-in. */
const REDIRECT_KEY = 'redirect_url';

export function rememberRedirect(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    // Private mode without storage: the user lands on / instead.
  }
}

export function peekRedirect(): string | null {
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}

export function takeRedirect(): string | null {
  const path = peekRedirect();
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // nothing to clear
  }
  return path;
}
