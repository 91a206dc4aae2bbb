import { MESSAGES } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  logInFailureMessage,
  passwordProblem,
  passwordResetFailureMessage,
  signUpFailureMessage,
  signUpInvalidToast,
  validateNewPassword,
  validateResetRequest,
  validateSignUp,
} from './auth-form';

const valid = { firstname: ' Ada ', lastname: 'Lovelace', email: ' ada@example.com ', password: 'secret1' };

describe('validateSignUp', () => {
  it('accepts a complete form and trims it as the API will', () => {
    expect(validateSignUp(valid)).toEqual({
      ok: true,
      value: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', password: 'secret1' },
    });
  });

  it('reports every missing or malformed field by its body name', () => {
    const result = validateSignUp({ firstname: '', lastname: ' ', email: 'not-an-email', password: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      firstname: 'First name is required',
      lastname: 'Last name is required',
      email: 'Please enter a valid email address.',
      password: MESSAGES.weakPassword,
    });
  });

  it("refuses a password under 6 characters with the spec's sentence", () => {
    const result = validateSignUp({ ...valid, password: '12345' });
    expect(result).toEqual({ ok: false, errors: { password: MESSAGES.weakPassword } });
  });
});

describe('signUpInvalidToast', () => {
  it("says the spec's sentence when a short password is all that is wrong", () => {
    const result = validateSignUp({ ...valid, password: '12345' });
    if (result.ok) throw new Error('expected a short password to be refused');
    expect(signUpInvalidToast(result.errors)).toBe(MESSAGES.weakPassword);
  });

  it('counts the fields of an empty form instead of naming only the password', () => {
    const result = validateSignUp({ firstname: '', lastname: '', email: '', password: '' });
    if (result.ok) throw new Error('expected an empty form to be refused');
    expect(signUpInvalidToast(result.errors)).toBe('Please correct the 4 fields marked below.');
  });
});

describe('validateNewPassword', () => {
  it('needs 6 characters, then the same password twice', () => {
    expect(validateNewPassword({ password: '12345', confirmation: '12345' })).toEqual({
      ok: false,
      errors: { password: MESSAGES.weakPassword },
    });
    expect(validateNewPassword({ password: 'secret1', confirmation: 'secret2' })).toEqual({
      ok: false,
      errors: { confirmation: 'The passwords do not match.' },
    });
    expect(validateNewPassword({ password: 'secret1', confirmation: 'secret1' })).toEqual({
      ok: true,
      value: 'secret1',
    });
  });
});

describe('passwordProblem', () => {
  it('counts characters as the API does, so six emoji are long enough', () => {
    expect(passwordProblem('🏠🏠🏠🏠🏠🏠')).toBeNull();
    expect(passwordProblem('🏠🏠🏠🏠🏠')).toBe(MESSAGES.weakPassword);
  });

  it('keeps the upper bound of the schema', () => {
    expect(passwordProblem('x'.repeat(257))).toBe('Password should be at most 256 characters.');
  });
});

describe('validateResetRequest', () => {
  it('needs a valid email', () => {
    expect(validateResetRequest({ email: ' a@b.co ' })).toEqual({ ok: true, value: 'a@b.co' });
    expect(validateResetRequest({ email: '' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address.' },
    });
  });
});

describe('signUpFailureMessage', () => {
  it('maps a taken email (409) to the spec sentence', () => {
    expect(signUpFailureMessage(new ApiRequestError(409, 'EMAIL_IN_USE', 'taken'))).toBe(MESSAGES.emailInUse);
  });

  it('maps a weak password', () => {
    expect(signUpFailureMessage(new ApiRequestError(400, 'WEAK_PASSWORD', 'weak'))).toBe(
      MESSAGES.weakPassword,
    );
  });

  it('keeps the advice to wait when rate-limited', () => {
    const limited = new ApiRequestError(429, 'RATE_LIMITED', 'Too many attempts. Please wait.');
    expect(signUpFailureMessage(limited)).toBe('Too many attempts. Please wait.');
  });

  it('says anything else with the generic sentence', () => {
    expect(signUpFailureMessage(new ApiRequestError(500, 'INTERNAL', 'oops'))).toBe(MESSAGES.signUpError);
    expect(signUpFailureMessage(new Error('offline'))).toBe(MESSAGES.signUpError);
  });
});

describe('logInFailureMessage', () => {
  it("maps the API's unknown-email answer (401 USER_NOT_FOUND) and a 404 to 'User not found'", () => {
    expect(logInFailureMessage(new ApiRequestError(401, 'USER_NOT_FOUND', 'x'))).toBe(MESSAGES.userNotFound);
    expect(logInFailureMessage(new ApiRequestError(404, 'NOT_FOUND', 'x'))).toBe(MESSAGES.userNotFound);
  });

  it('says a wrong password, a validation failure or no answer with the generic sentence', () => {
    expect(logInFailureMessage(new ApiRequestError(401, 'INVALID_CREDENTIALS', 'x'))).toBe(
      MESSAGES.loginError,
    );
    expect(logInFailureMessage(new ApiRequestError(400, 'VALIDATION_FAILED', 'x'))).toBe(MESSAGES.loginError);
    expect(logInFailureMessage(new ApiRequestError(0, 'NETWORK', 'x'))).toBe(MESSAGES.loginError);
  });
});

describe('passwordResetFailureMessage', () => {
  it("uses the spec's sentence unless the API asks the user to wait", () => {
    expect(passwordResetFailureMessage(new ApiRequestError(500, 'INTERNAL', 'x'))).toBe(
      MESSAGES.passwordResetError,
    );
    expect(passwordResetFailureMessage(new ApiRequestError(429, 'RATE_LIMITED', 'Wait.'))).toBe('Wait.');
  });
});
