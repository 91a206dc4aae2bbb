/**
 * Deleting the account (the profile's DeleteAccount): its words, and the check made before asking
 * the API, which makes the same one.
 */
import {
  DELETE_EMAIL_MISMATCH,
  DELETE_PASSWORD_MISSING,
  DELETE_REAUTH_REQUIRED,
  emailSchema,
  type GOOGLE_RETURN_PAGES,
} from '@sfr/contracts';
import { ApiRequestError } from '../../lib/api';
import { GOOGLE_START_URL } from './auth-form';

/** Google's sign-in comes back to the profile, where the dialog is (a page the API's list holds). */
const BACK_TO: (typeof GOOGLE_RETURN_PAGES)[number] = '/profile';

export const DELETE_ACCOUNT_TEXT = {
  button: 'Delete account',
  hint: 'Deletes your account with every analysis, saved property, scenario and share link in it. It cannot be undone.',
  title: 'Delete your account?',
  body: 'Everything saved in it goes and every share link stops working; feedback you sent stays, without your name.',
  /** what the dialog asks for: the email, and the password where the account has one */
  confirmWithPassword: 'Type your email address and your password to confirm.',
  confirmWithGoogle: 'Type your email address to confirm.',
  confirm: 'Delete my account',
  cancel: 'Keep my account',
  mismatch: DELETE_EMAIL_MISMATCH,
  passwordMissing: DELETE_PASSWORD_MISSING,
  reauthRequired: DELETE_REAUTH_REQUIRED,
  signInAgain: 'Sign in with Google again',
  signInAgainHref: `${GOOGLE_START_URL}?return_to=${BACK_TO}`,
  /** a subscription running: the time already paid for goes with the account */
  paidTime: (until: string) => `Your subscription runs until ${until}; that time ends with the account.`,
} as const;

/** The typed email when it is the account's own (trimmed, in any case); null when not. */
export function confirmedEmail(typed: string, accountEmail: string): string | null {
  const parsed = emailSchema.safeParse(typed);
  if (!parsed.success || parsed.data.toLowerCase() !== accountEmail.toLowerCase()) return null;
  return parsed.data;
}

/** What the dialog shows after the API refused: a field's message, or the way to sign in again. */
export interface Refusal {
  email?: string | undefined;
  password?: string | undefined;
  /** a Google-only account whose sign-in is too old: the dialog offers Google's sign-in */
  signInAgain?: boolean;
}

export function refusalOf(failure: Error): Refusal {
  if (!(failure instanceof ApiRequestError)) return { email: failure.message };
  if (failure.code === 'REAUTH_REQUIRED') return { signInAgain: true };
  if (failure.fields.password) return { password: failure.fields.password };
  return { email: failure.fields.email ?? failure.message };
}
