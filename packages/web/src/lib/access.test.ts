import { describe, expect, it } from 'vitest';
import { hasAccess } from './access';

describe('hasAccess', () => {
  it('opens an item without auth to everyone, guests included', () => {
    expect(hasAccess(undefined, [])).toBe(true);
    expect(hasAccess(undefined, ['ADMIN'])).toBe(true);
  });
  it('shows an empty auth list only to users with no roles', () => {
    expect(hasAccess([], [])).toBe(true);
    expect(hasAccess([], ['IMAGE'])).toBe(false);
  });
  it('needs one role in common otherwise', () => {
    expect(hasAccess(['ADMIN', 'RECEPTIONIST'], ['RECEPTIONIST'])).toBe(true);
    expect(hasAccess(['ADMIN'], ['RECEPTIONIST', 'IMAGE'])).toBe(false);
    expect(hasAccess(['ADMIN'], [])).toBe(false);
  });
});
