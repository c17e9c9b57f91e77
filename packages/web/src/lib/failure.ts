import { ApiError } from './api-client';
import { i18n, translateMessage } from './i18n';

/**
 * The API's refusals the staff screens explain in the interface language: the server's English
 * message (plugins/errors.ts) matched by its wording, and the key of components:refusals.
 */
const REFUSALS: readonly [RegExp, string][] = [
  [/username .* is already taken/i, 'usernameTaken'],
  [/only a superadmin may grant superadmin/i, 'grantSuperadmin'],
  [/only a superadmin may manage a superadmin/i, 'manageSuperadmin'],
  [/only a superadmin may (create a user without a salon|move a user)/i, 'salonChange'],
  [/last ADMIN/, 'lastAdmin'],
  [/last SUPERADMIN/, 'lastSuperadmin'],
  [/already has permission/i, 'alreadyGranted'],
  [/password must be at least|letters and digits/i, 'passwordRule'],
  [/employmentEnd must not be before/i, 'endBeforeStart'],
  [/another salon|not in your salon|other salon/i, 'otherSalon'],
  [/already clocked in/i, 'alreadyIn'],
  [/not clocked in|no open (attendance|clock-in)/i, 'notIn'],
  [/reason/i, 'reasonNeeded'],
];

/** What a refused call's answer means, in the interface language; null for a network or server failure. */
export function explainRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return null;
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(`refusals.${key}`, { ns: 'components', ...options });
  for (const [pattern, key] of REFUSALS) if (pattern.test(error.message)) return t(key);
  // English screens read the server's own explanation; others a translated one by status.
  if (i18n.language.startsWith('en') && error.message) return error.message;
  const parameter = typeof error.body === 'object' && error.body !== null && 'parameter' in error.body ? String(error.body.parameter) : '';
  if (error.status === 400) return parameter ? t('badParameter', { parameter }) : t('badRequest');
  if (error.status === 403) return t('forbidden');
  if (error.status === 404) return t('notFound');
  if (error.status === 409) return t('conflict');
  if (error.status === 429) return t('tooMany');
  return null;
}

/**
 * A failed call as the staff screens show it: the fixed message of the call (word for word
 * in English, translated otherwise), then what the API's refusal means when it refused.
 */
export function describeFailure(error: unknown, message: string): string {
  const headline = translateMessage(message);
  const detail = explainRefusal(error);
  return detail ? `${headline}: ${detail}` : headline;
}
