/**
 * Sign-up, login and password validation with the API's own schemas, and the API's failures turned
 * into the product spec's messages (§5, §8). Pure, so it is unit-tested.
 */
import {
  fieldErrors,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  resetRequestBodySchema,
  signUpBodySchema,
} from '@sfr/contracts';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/api';

/** One message per invalid field, keyed by the body's field name. */
export type FieldErrors = Readonly<Record<string, string>>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export type SignUpValues = Record<'firstname' | 'lastname' | 'email' | 'password', string>;

/** The spec's minimum, counted in characters as the API counts it (an emoji is one). */
export function isPasswordTooShort(password: string): boolean {
  return Array.from(password).length < PASSWORD_MIN_LENGTH;
}

/** A new password: at least 6 characters, said with the spec's sentence; the schema's upper bound. */
export function passwordProblem(password: string): string | null {
  if (isPasswordTooShort(password)) return MESSAGES.weakPassword;
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.weakPassword);
}

/** The sign-up form, checked as the API will check it (signUpBodySchema plus the 6-character minimum). */
export function validateSignUp(values: SignUpValues): Validated<z.output<typeof signUpBodySchema>> {
  const parsed = signUpBodySchema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const weak = passwordProblem(values.password);
  if (weak) errors.password ??= weak;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, value: parsed.data };
  return { ok: false, errors };
}

/** The email of the 'Forgot password?' form. */
export function validateResetRequest(email: string): Validated<string> {
  const parsed = resetRequestBodySchema.safeParse({ email });
  return parsed.success
    ? { ok: true, value: parsed.data.email }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

/** The field messages the API sent with its error, if any. */
export function apiFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiRequestError ? error.fields : {};
}

/** Sign-up failures (§8): email in use, weak password, anything else. */
export function signUpFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 409 || error.code === 'EMAIL_IN_USE') return MESSAGES.emailInUse;
    if (error.code === 'WEAK_PASSWORD') return MESSAGES.weakPassword;
    if (error.code === 'RATE_LIMITED') return error.message;
  }
  return MESSAGES.signUpError;
}

/**
 * Login failures (§8). The API answers an unknown email with 401 USER_NOT_FOUND (404 is accepted
 * too, the spec's "user not found"). Too many attempts keeps the API's own advice to wait, which the
 * generic message would hide.
 */
export function logInFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'USER_NOT_FOUND' || error.status === 404) return MESSAGES.userNotFound;
    if (error.code === 'RATE_LIMITED') return error.message;
  }
  return MESSAGES.loginError;
}

/** Password reset request failures: the API's advice to wait when rate-limited, else the spec's sentence. */
export function passwordResetFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'RATE_LIMITED') return error.message;
  return MESSAGES.passwordResetError;
}
