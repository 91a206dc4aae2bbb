import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { confirmedEmail, DELETE_ACCOUNT_TEXT, refusalOf } from './delete-account';

describe('confirming the account deletion', () => {
  it("takes the account's own email in any case, trimmed, and nothing else", () => {
    expect(confirmedEmail(' Ada@Example.com ', 'ada@example.com')).toBe('Ada@Example.com');
    expect(confirmedEmail('ada@example.co', 'ada@example.com')).toBeNull();
    expect(confirmedEmail('', 'ada@example.com')).toBeNull();
    expect(confirmedEmail('not an email', 'not an email')).toBeNull();
  });
});

describe('what the dialog shows when the API refuses', () => {
  it('puts a password refusal on the password field and the rest on the email field', () => {
    const wrong = 'That is not the password of this account.';
    expect(refusalOf(new ApiRequestError(400, 'INVALID_CREDENTIALS', wrong, { password: wrong }))).toEqual({
      password: wrong,
    });
    expect(
      refusalOf(
        new ApiRequestError(400, 'VALIDATION_FAILED', DELETE_ACCOUNT_TEXT.mismatch, {
          email: DELETE_ACCOUNT_TEXT.mismatch,
        }),
      ),
    ).toEqual({ email: DELETE_ACCOUNT_TEXT.mismatch });
    expect(refusalOf(new ApiRequestError(409, 'SUBSCRIPTION_RENEWS', 'Cancel first.'))).toEqual({
      email: 'Cancel first.',
    });
  });

  it('offers a Google-only account the sign-in that brings it back to the profile', () => {
    expect(
      refusalOf(new ApiRequestError(403, 'REAUTH_REQUIRED', DELETE_ACCOUNT_TEXT.reauthRequired)),
    ).toEqual({ signInAgain: true });
    expect(DELETE_ACCOUNT_TEXT.signInAgainHref).toBe('/api/auth/google/start?return_to=/profile');
  });
});
