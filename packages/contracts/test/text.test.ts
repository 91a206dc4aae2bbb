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

  it('takes 1 to 10 bedrooms, the range the market layer prices', () => {
    expect(propertyInputSchema.safeParse({ ...property, num_bedrooms: 10 }).success).toBe(true);
    for (const beds of [0, 11, 20, 1_000]) {
      expect(propertyInputSchema.safeParse({ ...property, num_bedrooms: beds }).success).toBe(false);
    }
  });
});
