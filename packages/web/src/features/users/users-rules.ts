import { ROLES, type Role } from '@salon/contracts';
import { parseDateInput } from '../../components/format/dates';

/** A staff member as GET /api/Users answers it (only the fields the screen reads). */
export interface StaffUser {
  userId: number;
  salonId: number | null;
  role: readonly Role[];
  firstName: string;
  lastName: string;
  username: string;
  title: string;
  employmentStart: string | null;
  employmentEnd: string | null;
  isActive: boolean;
}

/** Permission ids 1..6 in ROLES order. */
export function permissionIdOf(role: Role): number {
  return ROLES.indexOf(role) + 1;
}

/** "Last, First" as the list sorts; the username when both names are empty. */
export function displayName(user: Pick<StaffUser, 'firstName' | 'lastName' | 'username'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}

/** Why a role cannot be switched by this caller (a key of users:limits), or null when it can. */
export type RoleLimit = 'superadminOnly' | 'ownAdmin' | 'superadminTarget' | null;

/**
 * The same limits as the API (the permissions routes): only a superadmin grants or
 * revokes SUPERADMIN and manages a superadmin; an administrator never removes their own ADMIN role
 * (the API also keeps a salon's last ADMIN, answered with a 409 the screen shows).
 */
export function roleLimit(
  role: Role,
  target: Pick<StaffUser, 'userId' | 'role'>,
  caller: { userId: number; roles: readonly Role[] },
): RoleLimit {
  const isSuperadmin = caller.roles.includes('SUPERADMIN');
  if (isSuperadmin) return null;
  if (target.role.includes('SUPERADMIN')) return 'superadminTarget';
  if (role === 'SUPERADMIN') return 'superadminOnly';
  if (role === 'ADMIN' && target.userId === caller.userId && target.role.includes('ADMIN')) return 'ownAdmin';
  return null;
}

/** The roles a caller may tick when creating a user. */
export function grantableRoles(callerRoles: readonly Role[]): Role[] {
  return callerRoles.includes('SUPERADMIN') ? [...ROLES] : ROLES.filter((role) => role !== 'SUPERADMIN');
}

/** The create / edit form as typed (dates as dd/mm/yyyy). */
export interface UserFormValues {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  title: string;
  note: string;
  gender: '' | 'MALE' | 'FEMALE';
  employmentStart: string;
  employmentEnd: string;
  language: 'en' | 'it';
  /** '' = chain-level (superadmin only). */
  salonId: string;
  /** Annual days-off allowance in working days, as typed ('' = the API's default, 24). */
  annualDaysOff: string;
  roles: Role[];
}

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  title: '',
  note: '',
  gender: '',
  employmentStart: '',
  employmentEnd: '',
  language: 'it',
  salonId: '',
  annualDaysOff: '24',
  roles: [],
};

/** A field's problem: a key of users:form.errors. */
export type FieldProblem = 'required' | 'username' | 'password' | 'email' | 'date' | 'endBeforeStart' | 'salon' | 'allowance';
export type FormErrors = Partial<Record<keyof UserFormValues, FieldProblem>>;

/** The server's rules (contracts/users): 3-50 letters, digits, . _ @ -. */
const USERNAME = /^[A-Za-z0-9._@-]{3,50}$/;
const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** The server's password rule (at least 8 characters, letters and digits). */
export function isPasswordAcceptable(password: string): boolean {
  return password.length >= 8 && /[a-z]/i.test(password) && /\d/.test(password);
}

export interface UserPayload {
  username: string;
  password?: string;
  salonId: number | null;
  permissionIds: number[];
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  title: string;
  note: string;
  gender: 'MALE' | 'FEMALE' | null;
  employmentStart: string | null;
  employmentEnd: string | null;
  language: 'en' | 'it';
  annualDaysOff?: number;
}

/** The allowance as typed (decimal comma or point, half days allowed), or null when it is not one. */
export function parseAllowance(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 366 || !Number.isInteger(value * 2)) return null;
  return value;
}

/**
 * Checks the form as the API would and shapes the request body: `mode` 'create' needs a
 * password and (unless the caller is a superadmin) a salon; 'edit' sends no password.
 */
export function validateUserForm(
  values: UserFormValues,
  mode: 'create' | 'edit',
  options: { isSuperadmin: boolean },
): { errors: FormErrors; payload: UserPayload | null } {
  const errors: FormErrors = {};
  // A new person is known by name on every screen (planner, requests, attendance): both names are needed.
  if (mode === 'create' && !values.firstName.trim()) errors.firstName = 'required';
  if (mode === 'create' && !values.lastName.trim()) errors.lastName = 'required';
  const username = values.username.trim();
  if (!username) errors.username = 'required';
  else if (!USERNAME.test(username)) errors.username = 'username';
  if (mode === 'create' && !isPasswordAcceptable(values.password)) errors.password = values.password ? 'password' : 'required';
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) errors.email = 'email';
  const dateOf = (field: 'employmentStart' | 'employmentEnd'): string | null => {
    const text = values[field].trim();
    if (!text) return null;
    const iso = parseDateInput(text);
    if (iso === null) errors[field] = 'date';
    return iso;
  };
  const employmentStart = dateOf('employmentStart');
  const employmentEnd = dateOf('employmentEnd');
  if (employmentStart && employmentEnd && employmentEnd < employmentStart) errors.employmentEnd = 'endBeforeStart';
  const salonId = values.salonId ? Number(values.salonId) : null;
  if (salonId === null && !options.isSuperadmin) errors.salonId = 'salon';
  const annualDaysOff = values.annualDaysOff.trim() === '' ? undefined : parseAllowance(values.annualDaysOff);
  if (annualDaysOff === null) errors.annualDaysOff = 'allowance';
  if (Object.keys(errors).length > 0) return { errors, payload: null };
  return {
    errors,
    payload: {
      username,
      ...(mode === 'create' ? { password: values.password } : {}),
      salonId,
      permissionIds: values.roles.map(permissionIdOf).sort((a, b) => a - b),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: values.phoneNumber.trim(),
      email,
      title: values.title.trim(),
      note: values.note.trim(),
      gender: values.gender || null,
      employmentStart,
      employmentEnd,
      language: values.language,
      ...(annualDaysOff === undefined || annualDaysOff === null ? {} : { annualDaysOff }),
    },
  };
}

/** An instant (ISO) as a short date and time in the interface language, in the device's zone. */
export function formatInstant(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language.startsWith('it') ? 'it-IT' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
