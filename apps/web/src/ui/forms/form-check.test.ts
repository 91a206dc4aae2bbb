import { feedbackBodySchema, propertyInputSchema } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { apiFieldErrors, checkWithSchema, withoutFields } from './form-check';

describe('checkWithSchema', () => {
  it("returns the schema's parsed value when the input is valid", () => {
    expect(checkWithSchema(feedbackBodySchema, { comments: ' Useful ', rating: 5 })).toEqual({
      ok: true,
      value: { comments: 'Useful', rating: 5 },
    });
  });

  it("gives every invalid field its own message, the schema's words", () => {
    const result = checkWithSchema(propertyInputSchema, {
      street: '',
      city: '',
      zipcode: '1',
      state_code: 'Texas',
      county_name: '',
      num_bedrooms: '',
      num_bathrooms: '',
      purchase_price: '',
      factor: '1',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'city',
        'county_name',
        'num_bathrooms',
        'num_bedrooms',
        'purchase_price',
        'state_code',
        'street',
        'zipcode',
      ].sort(),
    );
    expect(result.errors.state_code).toBe('State Code must be 2 letters, like NY');
  });

  it('adds the rules the schema leaves to the server, the schema speaking first', () => {
    expect(checkWithSchema(feedbackBodySchema, { comments: 'ok', rating: 3 }, { rating: 'extra' })).toEqual({
      ok: false,
      errors: { rating: 'extra' },
    });
    const both = checkWithSchema(feedbackBodySchema, { comments: '', rating: 3 }, { comments: 'extra' });
    expect(both).toEqual({ ok: false, errors: { comments: 'Comments are required' } });
  });
});

describe('apiFieldErrors', () => {
  it("reads the API's field messages from its error, and nothing from any other failure", () => {
    const error = new ApiRequestError(400, 'VALIDATION_FAILED', 'Please check these fields.', {
      zipcode: 'Zipcode must be 5 digits',
    });
    expect(apiFieldErrors(error)).toEqual({ zipcode: 'Zipcode must be 5 digits' });
    expect(apiFieldErrors(new Error('offline'))).toEqual({});
  });
});

describe('withoutFields', () => {
  it('drops the edited fields and keeps the object when none of them had a message', () => {
    const errors = { city: 'City is required', zipcode: 'Zipcode is required' };
    expect(withoutFields(errors, ['city', 'street'])).toEqual({ zipcode: 'Zipcode is required' });
    expect(withoutFields(errors, ['street'])).toBe(errors);
  });
});
