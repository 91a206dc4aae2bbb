/**
 * Sign-up, login and password validation with the API's own schemas, and the API's failures turned
 * into the product spec's messages (§5, §8). Pure, so it is unit-tested.
 */
import {
  MESSAGES,
  newPasswordProblem,
  passwordSchema,
  resetRequestBodySchema,
  signUpBodySchema,
} from '@sfr/contracts';
import type { z } from 'zod/mini';
import { ApiRequestError } from '../../lib/api';
import { apiFieldErrors, checkWithSchema, type FieldErrors, type Validated } from '../../ui/forms/form-check';

/** Where Google sign-in starts (the API redirects on to Google's consent screen). */
export const GOOGLE_START_URL = '/api/auth/google/start';

export type SignUpValues = Record<'firstname' | 'lastname' | 'email' | 'password', string>;

/** A new password: the rules the API holds it to (`newPasswordProblem`), then the schema's upper bound. */
export function passwordProblem(password: string): string | null {
  const problem = newPasswordProblem(password);
  if (problem !== null) return problem;
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.weakPassword);
}

/** The sign-up form, checked as the API will check it (signUpBodySchema plus the 6-character minimum). */
export function validateSignUp(values: SignUpValues): Validated<z.output<typeof signUpBodySchema>> {
  const weak = passwordProblem(values.password);
  return checkWithSchema(signUpBodySchema, values, weak ? { password: weak } : {});
}

/**
 * The error toast of a sign-up form that was not sent (spec §8 toasts a short password): the one
 * field's own message, or, with several fields wrong, how many, so a short password does not read
 * as the only problem of an empty form.
 */
export function signUpInvalidToast(errors: FieldErrors): string {
  const messages = Object.values(errors);
  if (messages.length === 1 && messages[0]) return messages[0];
  return `Please correct the ${messages.length} fields marked below.`;
}

export type ResetRequestValues = { email: string };

/** The email of the 'Forgot password?' form. */
export function validateResetRequest(values: ResetRequestValues): Validated<string> {
  const checked = checkWithSchema(resetRequestBodySchema, values);
  return checked.ok ? { ok: true, value: checked.value.email } : checked;
}

export type NewPasswordValues = { password: string; confirmation: string };

const PASSWORDS_DIFFER = 'The passwords do not match.';

/** A new password (the reset form): long enough, within the schema's bound, typed the same twice. */
export function validateNewPassword({ password, confirmation }: NewPasswordValues): Validated<string> {
  const problem = passwordProblem(password);
  if (problem) return { ok: false, errors: { password: problem } };
  if (confirmation !== password) return { ok: false, errors: { confirmation: PASSWORDS_DIFFER } };
  return { ok: true, value: password };
}

/** What a failed sign-up or login says: the toast, and the fields the form marks beside it. */
export interface AuthFailure {
  message: string;
  fields: FieldErrors;
}

/** Sign-up failures (§8): email in use, weak password (each marks its field), anything else. */
export function signUpFailure(error: unknown): AuthFailure {
  if (error instanceof ApiRequestError) {
    if (error.status === 409 || error.code === 'EMAIL_IN_USE')
      return { message: MESSAGES.emailInUse, fields: { email: MESSAGES.emailInUse } };
    if (error.code === 'WEAK_PASSWORD')
      return { message: MESSAGES.weakPassword, fields: { password: MESSAGES.weakPassword } };
    if (error.code === 'RATE_LIMITED') return { message: error.message, fields: {} };
  }
  return { message: MESSAGES.signUpError, fields: apiFieldErrors(error) };
}

/** Beside the password of a login the API refused for it (the toast keeps the spec's sentence). */
export const WRONG_PASSWORD = 'This password does not match the account of this email.';

/**
 * Login failures (§8). The API answers an unknown email with 401 USER_NOT_FOUND (404 is accepted
 * too, the spec's "user not found"), which marks the email; a wrong password (401
 * INVALID_CREDENTIALS) marks the password. Too many attempts keeps the API's own advice to wait,
 * which the generic message would hide.
 */
export function logInFailure(error: unknown): AuthFailure {
  if (error instanceof ApiRequestError) {
    if (error.code === 'USER_NOT_FOUND' || error.status === 404)
      return { message: MESSAGES.userNotFound, fields: { email: MESSAGES.userNotFound } };
    if (error.code === 'INVALID_CREDENTIALS')
      return { message: MESSAGES.loginError, fields: { password: WRONG_PASSWORD } };
    if (error.code === 'RATE_LIMITED') return { message: error.message, fields: {} };
  }
  return { message: MESSAGES.loginError, fields: apiFieldErrors(error) };
}

/** Password reset request failures: the API's advice to wait when rate-limited, else the spec's sentence. */
export function passwordResetFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'RATE_LIMITED') return error.message;
  return MESSAGES.passwordResetError;
}
