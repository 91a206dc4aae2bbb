import { describe, expect, it } from 'vitest';
import {
  feedbackBodySchema,
  hasForbiddenCharacters,
  propertyInputSchema,
  signUpBodySchema,
} from '../src/index.js';

const property = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis County',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1,
};

describe('text fields', () => {
  it('finds NUL and lone surrogates, and passes paired ones (emoji) and accents', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('a\uD800b')).toBe(true);
    expect(hasForbiddenCharacters('\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('end\uD83D')).toBe(true);
    expect(hasForbiddenCharacters('🏠 Calle Ñandú 5')).toBe(false);
    expect(hasForbiddenCharacters('')).toBe(false);
  });

  it.each([
    ['street', 'Street'],
    ['city', 'City'],
    ['county_name', 'County'],
  ])('refuses NUL and a lone surrogate in the property %s, naming the field', (field, label) => {
    for (const bad of ['Main\u0000St', 'Main \uD800St']) {
      const result = propertyInputSchema.safeParse({ ...property, [field]: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: [field],
          message: `${label} contains characters that are not allowed`,
        }),
      ]);
    }
    expect(propertyInputSchema.safeParse({ ...property, [field]: 'Ñandú 🏠' }).success).toBe(true);
  });

  it('refuses them in names, passwords and feedback too', () => {
    const user = { firstname: 'Ada', lastname: 'Investor', email: 'ada@example.com', password: 'secret12' };
    expect(signUpBodySchema.safeParse({ ...user, firstname: 'A\u0000da' }).error?.issues[0]?.message).toBe(
      'First name contains characters that are not allowed',
    );
    expect(signUpBodySchema.safeParse({ ...user, password: 'sec\uDFFFret' }).error?.issues[0]?.message).toBe(
      'Password contains characters that are not allowed',
    );
    expect(
      feedbackBodySchema.safeParse({ comments: 'nice\u0000', rating: 5 }).error?.issues[0]?.message,
    ).toBe('Comments contains characters that are not allowed');
  });

  it('refuses the controls that reverse how a name reads, and keeps names in other scripts (QA)', () => {
    const user = { firstname: 'Ada', lastname: 'Investor', email: 'ada@example.com', password: 'secret12' };
    for (const control of [
      '\u202E',
      '\u202A',
      '\u2066',
      '\u2069',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u001B[31m',
      '\u0085',
    ]) {
      expect(
        signUpBodySchema.safeParse({ ...user, lastname: `${control}evil` }).error?.issues[0]?.message,
      ).toBe('Last name contains characters that are not allowed');
    }
    // right-to-left names, and the joiners some scripts and emoji need, are names
    for (const lastname of ['\u05DB\u05D4\u05DF', 'Mi\u200Cr', '\u{1F469}\u200D\u{1F4BB}']) {
      expect(signUpBodySchema.safeParse({ ...user, lastname }).success).toBe(true);
    }
  });

  it('says a missing field or body in words, not in the schema types (QA)', () => {
    const message = (body: unknown) => signUpBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ email: 'ada@example.com', password: 'secret12', lastname: 'I' })).toBe(
      'First name is required',
    );
    expect(message({ firstname: 'A', lastname: 'I', password: 'secret12' })).toBe(
      'Please enter a valid email address.',
    );
    expect(message({ firstname: 'A', lastname: 'I', email: 'ada@example.com' })).toBe('Password is required');
    expect(message(null)).toBe('Send the form as a JSON object of its fields.');
  });

  it('takes 1 to 10 bedrooms, the range the market layer prices', () => {
    expect(propertyInputSchema.safeParse({ ...property, num_bedrooms: 10 }).success).toBe(true);
    for (const beds of [0, 11, 20, 1_000]) {
      expect(propertyInputSchema.safeParse({ ...property, num_bedrooms: beds }).success).toBe(false);
    }
  });
});
