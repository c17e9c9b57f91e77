import './i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeFailure, explainRefusal } from './failure';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('describeFailure: the fixed message, then what the refusal means', () => {
  it('keeps the message word for word and names a known refusal', () => {
    const taken = new ApiError(409, "The username 'sara' is already taken", { parameter: 'username' });
    expect(describeFailure(taken, 'Unable to create user')).toBe('Unable to create user: this username is already taken.');
    const superadmin = new ApiError(403, 'Only a superadmin may grant SUPERADMIN');
    expect(describeFailure(superadmin, 'Unable to create user permission')).toBe(
      'Unable to create user permission: only a superadmin may grant SUPERADMIN.',
    );
  });
  it('shows only the message for a network or server failure', () => {
    expect(describeFailure(new ApiError(0, 'something went wrong.'), 'Unable to get news')).toBe('Unable to get news');
    expect(describeFailure(new ApiError(500, 'something went wrong.'), 'Unable to fetch staff list')).toBe('Unable to fetch staff list');
    expect(explainRefusal(new Error('x'))).toBeNull();
  });
  it('translates both parts in Italian, and an unknown refusal by its status, never in English', async () => {
    await i18n.changeLanguage('it');
    const lastAdmin = new ApiError(409, 'This is the last ADMIN of salon 1: removing it would leave the salon without an administrator.');
    expect(describeFailure(lastAdmin, 'Unable to delete user permission')).toBe(
      `${i18n.t('Unable to delete user permission', { ns: 'messages' })}: ${i18n.t('refusals.lastAdmin', { ns: 'components' })}`,
    );
    expect(describeFailure(lastAdmin, 'Unable to delete user permission')).not.toContain('removing');
    expect(explainRefusal(new ApiError(400, "Invalid query 'from'", { parameter: 'from' }))).toBe('il valore di from non è valido.');
    expect(explainRefusal(new ApiError(403, 'Some new rule'))).toBe('il tuo ruolo non lo consente.');
  });
});
