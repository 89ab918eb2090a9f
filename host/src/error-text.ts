import { isApiError } from '@rec/api-client';
import { PASSWORD_MIN_LENGTH } from '@rec/core';
import type { Translate } from '@rec/i18n';

/**
 * The text to show for a failed form call: the app's own wording for the sign-in failures
 * the contract names, the common `errors.*` texts otherwise, never raw server text.
 */
const APP_TEXTS: Readonly<Record<string, string>> = {
  'auth.invalidCredentials': 'signIn.errors.invalidCredentials',
  'auth.invalidToken': 'signIn.errors.invalidToken',
  'auth.invitationExpired': 'messageKeys.invitationExpired.text',
  'auth.invitationSignIn': 'auth.invitationSignIn',
  'auth.required': 'signIn.errors.sessionEnded',
  'errors.passwordTooShort': 'signIn.errors.passwordTooShort',
  'errors.tooManyRequests': 'errors.tooManyRequests',
  'errors.badRequest': 'errors.badRequest',
  'errors.forbidden': 'errors.forbidden',
  // Team, account and admin (issue 13): the keys are texts of their own under `errors`.
  'errors.companySuspended': 'errors.companySuspended',
  'errors.lastOwner': 'errors.lastOwner',
  'errors.confirmed': 'errors.confirmed',
  'errors.differentPasswords': 'errors.differentPasswords',
  'errors.currentPasswordWrong': 'errors.currentPasswordWrong',
  'errors.alreadyMember': 'errors.alreadyMember',
};

export function errorText(t: Translate, error: unknown): string {
  if (isApiError(error)) {
    const mapped = APP_TEXTS[error.key];
    if (mapped) return t(mapped, { count: PASSWORD_MIN_LENGTH });
    // Single sign-on (issue 32): its keys are texts of their own under `sso.errors`.
    if (/^sso\.errors\.[A-Za-z]+$/.test(error.key)) return t(error.key);
    if (error.status === 429) return t('errors.tooManyRequests');
    if (error.status === 0) return t('signIn.errors.offline');
  }
  return t('genericErrorMessage');
}
