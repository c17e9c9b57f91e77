import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, grantableRoles, parseAllowance, permissionIdOf, roleLimit, validateUserForm } from './users-rules';

const manager = { userId: 2, roles: ['ADMIN'] as const };
const superadmin = { userId: 1, roles: ['SUPERADMIN'] as const };

describe('roleLimit: the same limits as the API', () => {
  it('keeps SUPERADMIN for a superadmin to grant', () => {
    expect(roleLimit('SUPERADMIN', { userId: 9, role: ['IMAGE'] }, manager)).toBe('superadminOnly');
    expect(roleLimit('RECEPTIONIST', { userId: 9, role: ['IMAGE'] }, manager)).toBeNull();
    expect(roleLimit('SUPERADMIN', { userId: 9, role: ['IMAGE'] }, superadmin)).toBeNull();
  });
  it("never lets a manager remove their own ADMIN role, but another's", () => {
    expect(roleLimit('ADMIN', { userId: 2, role: ['ADMIN'] }, manager)).toBe('ownAdmin');
    expect(roleLimit('RECEPTIONIST', { userId: 2, role: ['ADMIN'] }, manager)).toBeNull();
    expect(roleLimit('ADMIN', { userId: 7, role: ['ADMIN'] }, manager)).toBeNull();
  });
  it("leaves a superadmin's roles to superadmins", () => {
    expect(roleLimit('IMAGE', { userId: 1, role: ['SUPERADMIN'] }, manager)).toBe('superadminTarget');
  });
  it('offers a manager every role but SUPERADMIN when creating', () => {
    expect(grantableRoles(['ADMIN'])).toEqual(['ADMIN', 'RECEPTIONIST', 'SALESMARKETING', 'IMAGE', 'ASSISTANCE']);
    expect(grantableRoles(['SUPERADMIN'])).toHaveLength(6);
    expect(permissionIdOf('RECEPTIONIST')).toBe(3);
  });
});

describe('validateUserForm', () => {
  const filled = {
    ...EMPTY_USER_FORM,
    username: ' giulia.r ',
    password: 'secret123',
    firstName: ' Giulia ',
    lastName: 'Rossi',
    email: 'giulia@example.com',
    employmentStart: '01/02/2026',
    salonId: '1',
    roles: ['RECEPTIONIST', 'ADMIN'] as ('RECEPTIONIST' | 'ADMIN')[],
  };
  it('shapes the body the API takes: trimmed text, ISO dates, sorted permission ids', () => {
    const { errors, payload } = validateUserForm(filled, 'create', { isSuperadmin: false });
    expect(errors).toEqual({});
    expect(payload).toMatchObject({
      username: 'giulia.r',
      password: 'secret123',
      firstName: 'Giulia',
      salonId: 1,
      permissionIds: [2, 3],
      employmentStart: '2026-02-01',
      employmentEnd: null,
      gender: null,
    });
  });
  it('names each field the API would refuse', () => {
    const { errors, payload } = validateUserForm(
      { ...filled, username: 'a b', password: 'short', email: 'nope', employmentEnd: '31/01/2026', salonId: '' },
      'create',
      { isSuperadmin: false },
    );
    expect(payload).toBeNull();
    expect(errors).toEqual({
      username: 'username',
      password: 'password',
      email: 'email',
      employmentEnd: 'endBeforeStart',
      salonId: 'salon',
    });
    expect(validateUserForm({ ...filled, employmentStart: '31/02/2026' }, 'create', { isSuperadmin: false }).errors).toEqual({
      employmentStart: 'date',
    });
  });
  it('reads the days-off allowance with a decimal comma, half days allowed', () => {
    expect(parseAllowance('26,5')).toBe(26.5);
    expect(parseAllowance('24')).toBe(24);
    expect(parseAllowance('24.3')).toBeNull();
    expect(parseAllowance('400')).toBeNull();
    expect(validateUserForm({ ...filled, annualDaysOff: '26,5' }, 'create', { isSuperadmin: false }).payload?.annualDaysOff).toBe(26.5);
    expect(validateUserForm({ ...filled, annualDaysOff: 'x' }, 'create', { isSuperadmin: false }).errors).toEqual({
      annualDaysOff: 'allowance',
    });
  });
  it('sends no password on edit and lets a superadmin leave the salon empty (chain level)', () => {
    const { payload } = validateUserForm({ ...filled, password: '', salonId: '' }, 'edit', { isSuperadmin: true });
    expect(payload).not.toHaveProperty('password');
    expect(payload?.salonId).toBeNull();
  });
});
