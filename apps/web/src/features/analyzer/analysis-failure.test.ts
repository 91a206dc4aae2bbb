import { MESSAGES } from '@sfr/contracts';
import { describe, expect, it, test } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { analysisFailure, analysisFailureMessage } from './analysis-failure';

describe('analysisFailure', () => {
  it('asks a guest to sign in (401)', () => {
    expect(analysisFailure(new ApiRequestError(401, 'UNAUTHENTICATED', 'Sign in'))).toEqual({
      kind: 'sign-in',
    });
  });

  it('offers a subscription when the free searches are spent (402), with the API message', () => {
    const error = new ApiRequestError(402, 'OUT_OF_FREE_SEARCHES', 'You have used all 5 free searches.');
    expect(analysisFailure(error)).toEqual({
      kind: 'out-of-searches',
      message: 'You have used all 5 free searches.',
    });
  });

  it("shows the server's text, with its field messages", () => {
    const error = new ApiRequestError(400, 'VALIDATION_FAILED', 'Zipcode is invalid', {
      zipcode: 'Zipcode is invalid',
    });
    expect(analysisFailure(error)).toEqual({
      kind: 'toast',
      message: 'Zipcode is invalid',
      fields: { zipcode: 'Zipcode is invalid' },
    });
  });

  it('turns the crime-grade complaint into the invalid ZIP message', () => {
    const error = new ApiRequestError(
      400,
      'INVALID_ZIP',
      "local variable 'violent_crime_grade' referenced before assignment",
    );
    expect(analysisFailure(error)).toMatchObject({ kind: 'toast', message: MESSAGES.invalidZip });
  });

  it('says unknown error when the answer had no text', () => {
    expect(analysisFailure(new ApiRequestError(502, 'HTTP_ERROR', 'The server answered 502.'))).toMatchObject(
      {
        message: MESSAGES.unknownError,
      },
    );
    expect(analysisFailure(new ApiRequestError(500, 'INTERNAL', '  '))).toMatchObject({
      message: MESSAGES.unknownError,
    });
  });

  it('says try again later when the request itself failed', () => {
    expect(analysisFailure(new ApiRequestError(0, 'NETWORK', 'offline'))).toMatchObject({
      message: MESSAGES.analysisError,
    });
    expect(analysisFailure(new TypeError('boom'))).toMatchObject({ message: MESSAGES.analysisError });
  });

  it('treats a 402 with another code as an ordinary failure', () => {
    expect(analysisFailure(new ApiRequestError(402, 'BAD_REQUEST', 'Pay first'))).toMatchObject({
      kind: 'toast',
      message: 'Pay first',
    });
  });
});

describe('analysisFailureMessage', () => {
  test('shows the server’s text', () => {
    expect(analysisFailureMessage('Rent estimate unavailable')).toBe('Rent estimate unavailable');
  });

  test('turns the unset crime grade complaint into the invalid ZIP message', () => {
    expect(analysisFailureMessage("local variable 'violent_crime_grade' referenced before assignment")).toBe(
      MESSAGES.invalidZip,
    );
    expect(analysisFailureMessage('crime grade variable not set')).toBe(MESSAGES.invalidZip);
  });

  test('falls back to the unknown error without text', () => {
    expect(analysisFailureMessage(undefined)).toBe('An unknown error occurred.');
    expect(analysisFailureMessage('  ')).toBe('An unknown error occurred.');
  });
});
