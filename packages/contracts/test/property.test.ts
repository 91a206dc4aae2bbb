import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  buildingText,
  fieldErrors,
  HOUSE_TYPES,
  houseTypeName,
  PROPERTY_LIMITS,
  propertyInputSchema,
} from '../src/index.js';
import { exampleForm, exampleProperty } from './fixtures.js';

function rejections(input: unknown): Record<string, string> {
  const result = propertyInputSchema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return fieldErrors(result.error);
}

describe('propertyInputSchema', () => {
  test('reads the form’s text: trims, keeps the 5-digit ZIP of a ZIP+4, uppercases the state', () => {
    expect(propertyInputSchema.parse(exampleForm)).toEqual(exampleProperty);
  });

  test('accepts the JSON body the API receives, with numbers as numbers', () => {
    expect(propertyInputSchema.parse(exampleProperty)).toEqual(exampleProperty);
  });

  test('keeps a ZIP code’s leading zero', () => {
    expect(propertyInputSchema.parse({ ...exampleProperty, zipcode: '02139' }).zipcode).toBe('02139');
  });

  test('drops keys it does not know', () => {
    expect(propertyInputSchema.parse({ ...exampleProperty, id: 'abc' })).toEqual(exampleProperty);
  });

  test('names every missing field', () => {
    expect(rejections({})).toEqual({
      street: 'Street is required',
      city: 'City is required',
      zipcode: 'Zipcode is required',
      state_code: 'State Code is required',
      county_name: 'County is required',
      num_bedrooms: 'Number of Bedrooms is required',
      num_bathrooms: 'Number of Bathrooms is required',
      purchase_price: 'Purchase Price is required',
      factor: 'House Type is required',
    });
  });

  test.each([
    ['street', '   ', 'Street is required'],
    ['city', 'x'.repeat(201), 'City must be at most 200 characters'],
    ['county_name', 42, 'County must be text'],
    ['zipcode', '1234', 'Zipcode must be 5 digits, like 02139'],
    ['zipcode', '12345-67', 'Zipcode must be 5 digits, like 02139'],
    ['zipcode', '1234a', 'Zipcode must be 5 digits, like 02139'],
    ['state_code', 'NYC', 'State Code must be 2 letters, like NY'],
    ['state_code', 'N1', 'State Code must be 2 letters, like NY'],
    ['state_code', 'XX', "State Code must be a US state's or territory's code, like NY"],
    ['state_code', 'zz', "State Code must be a US state's or territory's code, like NY"],
    ['num_bedrooms', '', 'Number of Bedrooms is required'],
    ['num_bedrooms', 0, 'Number of Bedrooms must be a whole number from 1 to 10'],
    ['num_bedrooms', '2.5', 'Number of Bedrooms must be a whole number from 1 to 10'],
    ['num_bedrooms', 11, 'Number of Bedrooms must be a whole number from 1 to 10'],
    ['num_bathrooms', '0.5', 'Number of Bathrooms must be from 1 to 20 in steps of 0.5'],
    ['num_bathrooms', 1.25, 'Number of Bathrooms must be from 1 to 20 in steps of 0.5'],
    ['num_bathrooms', 20.5, 'Number of Bathrooms must be from 1 to 20 in steps of 0.5'],
    ['purchase_price', '9999', 'Purchase Price must be at least $10,000'],
    ['purchase_price', 1e8 + 1, 'Purchase Price must be at most $100,000,000'],
    ['purchase_price', 1e9, 'Purchase Price must be at most $100,000,000'],
    ['purchase_price', 'abc', 'Purchase Price must be a number'],
    ['purchase_price', '1e6', 'Purchase Price must be a number'],
    ['purchase_price', '0x2710', 'Purchase Price must be a number'],
    ['purchase_price', Number.NaN, 'Purchase Price must be a number'],
    ['purchase_price', Number.POSITIVE_INFINITY, 'Purchase Price must be a number'],
    ['purchase_price', 'Infinity', 'Purchase Price must be a number'],
    ['purchase_price', null, 'Purchase Price is required'],
    [
      'factor',
      '5',
      'House Type must be 1 (Single Family), 2 (Two Family), 3 (Three Family) or 4 (Four Family)',
    ],
  ])('rejects %s = %j with “%s”', (key, value, message) => {
    expect(rejections({ ...exampleForm, [key]: value })).toEqual({ [key]: message });
  });

  test('accepts the limits’ edges', () => {
    const { num_bedrooms, num_bathrooms, purchase_price, factor } = PROPERTY_LIMITS;
    for (const edge of ['min', 'max'] as const) {
      const form = {
        ...exampleForm,
        num_bedrooms: String(num_bedrooms[edge]),
        num_bathrooms: String(num_bathrooms[edge]),
        purchase_price: String(purchase_price[edge]),
        factor: String(factor[edge]),
      };
      expect(propertyInputSchema.safeParse(form).success).toBe(true);
    }
  });

  test('a number and its form text parse to the same value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 10_000, max: PROPERTY_LIMITS.purchase_price.max }),
        (halfBaths, price) => {
          const baths = halfBaths / 2;
          const fromNumbers = propertyInputSchema.parse({
            ...exampleProperty,
            num_bathrooms: baths,
            purchase_price: price,
          });
          const fromText = propertyInputSchema.parse({
            ...exampleForm,
            num_bathrooms: ` ${baths} `,
            purchase_price: String(price),
          });
          expect(fromText.num_bathrooms).toBe(fromNumbers.num_bathrooms);
          expect(fromText.purchase_price).toBe(fromNumbers.purchase_price);
        },
      ),
    );
  });
});

describe('HOUSE_TYPES', () => {
  test('names the four house types, defaulting to Single Family', () => {
    expect(HOUSE_TYPES).toEqual({ 1: 'Single Family', 2: 'Two Family', 3: 'Three Family', 4: 'Four Family' });
    expect(houseTypeName(3)).toBe('Three Family');
    expect(houseTypeName(undefined)).toBe('Single Family');
    expect(houseTypeName(7)).toBe('Single Family');
  });

  test('buildingText tells a duplex from a triplex at one address, rooms per unit on 2–4 units', () => {
    expect(buildingText({ factor: 2, num_bedrooms: 2, num_bathrooms: 1 })).toBe(
      'Two Family, 2 bd / 1 ba per unit',
    );
    expect(buildingText({ factor: 3, num_bedrooms: 2, num_bathrooms: 1 })).toBe(
      'Three Family, 2 bd / 1 ba per unit',
    );
    expect(buildingText({ factor: 1, num_bedrooms: 3, num_bathrooms: 2.5 })).toBe(
      'Single Family, 3 bd / 2.5 ba',
    );
  });
});
