import { describe, expect, it } from 'vitest';
import { decideAccess, landingFor } from './access-rules';

const guest = { signedIn: false, roles: [] };
const manager = { signedIn: true, roles: ['ADMIN'] as const };
const superadmin = { signedIn: true, roles: ['SUPERADMIN'] as const };

describe('landingFor', () => {
  it('sends a superadmin to /salon-listing', () => expect(landingFor(['SUPERADMIN'])).toBe('/salon-listing'));
  it('keeps a consultant on the home page', () => {
    expect(landingFor(['IMAGE'])).toBeNull();
    expect(landingFor(['ASSISTANCE'])).toBeNull();
  });
  it('sends everyone else to /sales-data-analysis', () => {
    for (const role of ['ADMIN', 'RECEPTIONIST', 'SALESMARKETING'] as const) expect(landingFor([role])).toBe('/sales-data-analysis');
  });
});

describe('decideAccess', () => {
  it('opens a route without auth to everyone', () => {
    expect(decideAccess({}, guest, '/error404', null)).toEqual({ kind: 'render' });
  });
  it('sends an anonymous user to /login and remembers the attempted path', () => {
    expect(decideAccess({ auth: ['ADMIN'] }, guest, '/NPS?x=1', null)).toEqual({ kind: 'redirect', to: '/login', remember: '/NPS?x=1' });
  });
  it('lets a guest see the guest-only pages and sends a signed-in user on, to the stored path when allowed', () => {
    expect(decideAccess({ auth: [], guestOnly: true }, guest, '/login', null)).toEqual({ kind: 'render' });
    expect(decideAccess({ auth: [], guestOnly: true }, manager, '/login', '/NPS')).toMatchObject({ kind: 'redirect', to: '/NPS' });
    expect(decideAccess({ auth: [], guestOnly: true }, manager, '/login', null)).toMatchObject({ kind: 'redirect', to: '/' });
  });
  it('sends a signed-in user without permission to the stored redirect when they may open it, else to /', () => {
    expect(decideAccess({ auth: ['SUPERADMIN'] }, manager, '/salon-listing', null)).toMatchObject({ kind: 'redirect', to: '/' });
    expect(decideAccess({ auth: ['SUPERADMIN'] }, manager, '/salon-listing', '/NPS')).toMatchObject({ kind: 'redirect', to: '/NPS' });
    // A stored path the user may not open either is not followed (no redirect loop).
    expect(decideAccess({ auth: ['ADMIN'] }, superadmin, '/x', '/salon-listing')).toMatchObject({ to: '/salon-listing' });
    expect(decideAccess({ auth: ['SUPERADMIN'] }, manager, '/salon-listing', '/salon-listing')).toMatchObject({ to: '/' });
    expect(decideAccess({ auth: ['SUPERADMIN'] }, manager, '/salon-listing', 'https://evil.example')).toMatchObject({ to: '/' });
  });
  it('renders a route whose roles meet the user', () => {
    expect(decideAccess({ auth: ['ADMIN', 'SUPERADMIN'] }, manager, '/NPS', null)).toEqual({ kind: 'render' });
  });
});
