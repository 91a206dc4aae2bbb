import { BLANK_PASSWORD, MESSAGES } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  logInFailure,
  passwordProblem,
  passwordResetFailureMessage,
  signUpFailure,
  signUpInvalidToast,
  validateNewPassword,
  validateResetRequest,
  validateSignUp,
  WRONG_PASSWORD,
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

  it('says before sending what the API would: spaces alone are not a password', () => {
    expect(passwordProblem('        ')).toBe(BLANK_PASSWORD);
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

describe('signUpFailure', () => {
  it('says a taken email (409) in the spec sentence and marks the email', () => {
    expect(signUpFailure(new ApiRequestError(409, 'EMAIL_IN_USE', 'taken'))).toEqual({
      message: MESSAGES.emailInUse,
      fields: { email: MESSAGES.emailInUse },
    });
  });

  it('says a weak password and marks the password', () => {
    expect(signUpFailure(new ApiRequestError(400, 'WEAK_PASSWORD', 'weak'))).toEqual({
      message: MESSAGES.weakPassword,
      fields: { password: MESSAGES.weakPassword },
    });
  });

  it('keeps the advice to wait when rate-limited, marking nothing', () => {
    const limited = new ApiRequestError(429, 'RATE_LIMITED', 'Too many attempts. Please wait.');
    expect(signUpFailure(limited)).toEqual({ message: 'Too many attempts. Please wait.', fields: {} });
  });

  it("says anything else with the generic sentence, marking a validation failure's own fields", () => {
    expect(signUpFailure(new ApiRequestError(500, 'INTERNAL', 'oops'))).toEqual({
      message: MESSAGES.signUpError,
      fields: {},
    });
    expect(signUpFailure(new Error('offline'))).toEqual({ message: MESSAGES.signUpError, fields: {} });
    const invalid = new ApiRequestError(400, 'VALIDATION_FAILED', 'x', { lastname: 'Enter your last name.' });
    expect(signUpFailure(invalid).fields).toEqual({ lastname: 'Enter your last name.' });
  });
});

describe('logInFailure', () => {
  it("says the API's unknown-email answer (401 USER_NOT_FOUND) and a 404 as 'User not found', marking the email", () => {
    for (const error of [
      new ApiRequestError(401, 'USER_NOT_FOUND', 'x'),
      new ApiRequestError(404, 'NOT_FOUND', 'x'),
    ]) {
      expect(logInFailure(error)).toEqual({
        message: MESSAGES.userNotFound,
        fields: { email: MESSAGES.userNotFound },
      });
    }
  });

  it('says a wrong password with the generic sentence and marks the password', () => {
    expect(logInFailure(new ApiRequestError(401, 'INVALID_CREDENTIALS', 'x'))).toEqual({
      message: MESSAGES.loginError,
      fields: { password: WRONG_PASSWORD },
    });
  });

  it("says a validation failure or no answer with the generic sentence, marking only a validation failure's fields", () => {
    const invalid = new ApiRequestError(400, 'VALIDATION_FAILED', 'x', { email: 'Enter a valid email.' });
    expect(logInFailure(invalid)).toEqual({
      message: MESSAGES.loginError,
      fields: { email: 'Enter a valid email.' },
    });
    expect(logInFailure(new ApiRequestError(0, 'NETWORK', 'x'))).toEqual({
      message: MESSAGES.loginError,
      fields: {},
    });
    expect(logInFailure(new ApiRequestError(429, 'RATE_LIMITED', 'Wait.'))).toEqual({
      message: 'Wait.',
      fields: {},
    });
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
