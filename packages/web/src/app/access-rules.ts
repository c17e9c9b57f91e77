import type { Role } from '@salon/contracts';
import { hasAccess } from '../lib/access';
import { type AppRoute, findRoute } from './routes';

type AccessDecision = { kind: 'render' } | { kind: 'redirect'; to: string; remember?: string; consumeRedirect?: boolean };

interface SessionView {
  signedIn: boolean;
  roles: readonly Role[];
}

/**
 * The routing rules: guests only on /login and /forgot-password; anonymous users
 * to /login with the attempted path remembered; signed-in users without permission to the
 * stored redirect (when they may open it) or to /.
 */
export function decideAccess(
  route: Pick<AppRoute, 'auth' | 'guestOnly'>,
  session: SessionView,
  location: string,
  storedRedirect: string | null,
): AccessDecision {
  if (route.guestOnly) {
    if (!session.signedIn) return { kind: 'render' };
    return { kind: 'redirect', to: usableRedirect(storedRedirect, session, location) ?? '/', consumeRedirect: true };
  }
  if (route.auth === undefined) return { kind: 'render' };
  if (!session.signedIn) return { kind: 'redirect', to: '/login', remember: location };
  if (hasAccess(route.auth, session.roles)) return { kind: 'render' };
  return { kind: 'redirect', to: usableRedirect(storedRedirect, session, location) ?? '/', consumeRedirect: true };
}

function usableRedirect(redirect: string | null, session: SessionView, location: string): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return null;
  const path = redirect.split(/[?#]/)[0] ?? '';
  if (path === location.split(/[?#]/)[0] || path === '/login' || path === '/forgot-password') return null;
  if (path === '/') return '/';
  const route = findRoute(path);
  if (!route || route.guestOnly) return null;
  return hasAccess(route.auth, session.roles) ? redirect : null;
}

/**
 * The landing on /: a superadmin goes to /salon-listing, a consultant (IMAGE or
 * ASSISTANCE) stays on the home page (null), everyone else goes to /sales-data-analysis.
 */
export function landingFor(roles: readonly Role[]): string | null {
  if (roles.includes('SUPERADMIN')) return '/salon-listing';
  if (roles.includes('IMAGE') || roles.includes('ASSISTANCE')) return null;
  return '/sales-data-analysis';
}
