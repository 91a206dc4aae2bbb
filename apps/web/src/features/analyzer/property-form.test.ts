import type { PropertyRecord } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyRecord,
  applySuggestion,
  EMPTY_PROPERTY_FORM,
  type PropertyFormValues,
  perUnitHint,
  pickPropertyErrors,
  propertyFormValues,
  recordAddress,
  validatePropertyForm,
} from './property-form';
import { recordFillMessage } from './record-fill';

const valid: PropertyFormValues = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'tx',
  county_name: 'Travis',
  num_bedrooms: '3',
  num_bathrooms: '2',
  purchase_price: '450000',
  factor: '1',
  square_feet: '',
  year_built: '',
};

function errorsOf(values: Partial<PropertyFormValues>) {
  const result = validatePropertyForm({ ...valid, ...values });
  if (result.ok) throw new Error('expected the form to be invalid');
  return result.errors;
}

describe('validatePropertyForm', () => {
  it('turns the form text into the API input, uppercasing the state code', () => {
    const result = validatePropertyForm(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        street: '1100 Congress Ave',
        city: 'Austin',
        zipcode: '78701',
        state_code: 'TX',
        county_name: 'Travis',
        num_bedrooms: 3,
        num_bathrooms: 2,
        purchase_price: 450000,
        factor: 1,
      },
    });
  });

  it('requires every field, one message each', () => {
    const result = validatePropertyForm({ ...EMPTY_PROPERTY_FORM, factor: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'city',
        'county_name',
        'factor',
        'num_bathrooms',
        'num_bedrooms',
        'purchase_price',
        'state_code',
        'street',
        'zipcode',
      ].sort(),
    );
    expect(result.errors.street).toBe('Street is required');
    expect(result.errors.num_bedrooms).toBe('Number of Bedrooms is required');
  });

  it('treats whitespace as empty', () => {
    expect(errorsOf({ city: '   ' }).city).toBe('City is required');
  });

  it('allows at most 2 letters in the state code', () => {
    expect(errorsOf({ state_code: 'TXS' }).state_code).toBe('State Code must be 2 letters, like NY');
  });

  it('needs at least 1 bedroom', () => {
    expect(errorsOf({ num_bedrooms: '0' }).num_bedrooms).toMatch(/^Number of Bedrooms must be/);
    expect(validatePropertyForm({ ...valid, num_bedrooms: '1' }).ok).toBe(true);
  });

  it('needs at least 1 bathroom, in steps of 0.5', () => {
    expect(errorsOf({ num_bathrooms: '0.5' }).num_bathrooms).toMatch(/^Number of Bathrooms must be/);
    expect(errorsOf({ num_bathrooms: '1.25' }).num_bathrooms).toMatch(/steps of 0.5/);
    expect(validatePropertyForm({ ...valid, num_bathrooms: '1.5' }).ok).toBe(true);
  });

  it('needs a purchase price of at least 10000', () => {
    expect(errorsOf({ purchase_price: '9999' }).purchase_price).toBe(
      'Purchase Price must be at least $10,000',
    );
    expect(validatePropertyForm({ ...valid, purchase_price: '10000' }).ok).toBe(true);
  });

  it('accepts house types 1 to 4 only', () => {
    for (const factor of ['1', '2', '3', '4'])
      expect(validatePropertyForm({ ...valid, factor }).ok).toBe(true);
    expect(errorsOf({ factor: '5' }).factor).toMatch(/^House Type must be 1 \(Single Family\)/);
  });

  it('reports text in a number field as not a number', () => {
    expect(errorsOf({ purchase_price: 'abc' }).purchase_price).toBe('Purchase Price must be a number');
  });
});

describe('the form around it', () => {
  it('starts blank with Single Family chosen', () => {
    expect(EMPTY_PROPERTY_FORM.factor).toBe('1');
    expect(EMPTY_PROPERTY_FORM.street).toBe('');
  });

  it('pre-fills from a saved property', () => {
    const values = propertyFormValues({
      street: '1 Main St',
      city: 'Boston',
      zipcode: '02139',
      state_code: 'MA',
      county_name: 'Suffolk',
      num_bedrooms: 2,
      num_bathrooms: 1.5,
      purchase_price: 300000,
      factor: 2,
    });
    expect(values).toMatchObject({ num_bathrooms: '1.5', purchase_price: '300000', factor: '2' });
    // a property analysed without the optional fields shows them blank
    expect(values).toMatchObject({ square_feet: '', year_built: '' });
    expect(propertyFormValues({ ...valid, square_feet: 1878, year_built: 1973 })).toMatchObject({
      square_feet: '1878',
      year_built: '1973',
    });
  });

  it('fills the five address fields from a suggestion and keeps the rest', () => {
    const values = applySuggestion(
      { ...EMPTY_PROPERTY_FORM, street: '1100 con', num_bedrooms: '3' },
      {
        label: '1100 Congress Ave, Austin, TX 78701',
        street: '1100 Congress Ave',
        city: 'Austin',
        zipcode: '78701',
        state_code: 'TX',
        county_name: 'Travis',
        lat: 30.27,
        lng: -97.74,
      },
    );
    expect(values).toEqual({
      ...EMPTY_PROPERTY_FORM,
      street: '1100 Congress Ave',
      city: 'Austin',
      zipcode: '78701',
      state_code: 'TX',
      county_name: 'Travis',
      num_bedrooms: '3',
    });
  });

  const zipSuggestion = {
    label: 'Austin, TX 78701',
    street: '',
    city: 'Austin',
    zipcode: '78701',
    state_code: 'TX',
    county_name: '',
    lat: null,
    lng: null,
  };

  it('keeps the street typed before a ZIP, and a county the data does not know', () => {
    const values = applySuggestion(
      { ...EMPTY_PROPERTY_FORM, street: '1100 Congress Ave 78701', county_name: 'Travis' },
      zipSuggestion,
    );
    expect(values).toMatchObject({
      street: '1100 Congress Ave',
      city: 'Austin',
      zipcode: '78701',
      state_code: 'TX',
      county_name: 'Travis',
    });
  });

  it.each([
    ['1100 Congress Ave, Austin, TX 78701', '1100 Congress Ave'],
    ['1100 Congress Ave austin TX 78701-1234', '1100 Congress Ave'],
    ['1100 Congress Ave 787', '1100 Congress Ave'],
    ['1100 Congress Ave 90210', '1100 Congress Ave 90210'],
    ['12 Oak Ct 78701', '12 Oak Ct'],
    ['1100 Congress Ave', '1100 Congress Ave'],
  ])('from %j keeps %j as the street', (typed, street) => {
    expect(applySuggestion({ ...EMPTY_PROPERTY_FORM, street: typed }, zipSuggestion).street).toBe(street);
  });

  it.each(['78701', '787', 'Austin', 'austin, TX', ' 78701 '])(
    'empties Street after a search for the place %j',
    (typed) => {
      expect(applySuggestion({ ...EMPTY_PROPERTY_FORM, street: typed }, zipSuggestion).street).toBe('');
    },
  );

  it('places the API field messages beside the fields they name', () => {
    expect(pickPropertyErrors({ zipcode: 'Zipcode must be 5 digits', other: 'x' })).toEqual({
      zipcode: 'Zipcode must be 5 digits',
    });
    expect(pickPropertyErrors({ 'property.city': 'City is required' })).toEqual({ city: 'City is required' });
  });
});

describe('perUnitHint', () => {
  it('says the rooms are per unit on a 2 to 4 unit house, and nothing on a single family', () => {
    expect(perUnitHint('1')).toBeUndefined();
    expect(perUnitHint('2')).toBe('Per unit: each of the 2 units.');
    expect(perUnitHint('4')).toBe('Per unit: each of the 4 units.');
  });
});

describe('the optional size and age', () => {
  it('may be left out, and must be a plausible size and year when given', () => {
    const result = validatePropertyForm(valid);
    expect(result.ok && result.value).toMatchObject({ num_bedrooms: 3 });
    expect(result.ok && 'square_feet' in result.value && result.value.square_feet).toBeFalsy();
    const given = validatePropertyForm({
      ...valid,
      square_feet: '1,878'.replace(',', ''),
      year_built: ' 1973 ',
    });
    expect(given.ok && given.value).toMatchObject({ square_feet: 1878, year_built: 1973 });
    expect(errorsOf({ square_feet: '12' })).toEqual({
      square_feet: 'Square Feet must be a whole number from 100 to 100,000',
    });
    expect(errorsOf({ year_built: '1973.5' })).toEqual({
      year_built: 'Year Built must be a year from 1600 to 2100',
    });
    expect(errorsOf({ year_built: 'old' })).toEqual({ year_built: 'Year Built must be a number' });
  });
});

describe('filling from a property record', () => {
  const record: PropertyRecord = {
    address: '5500 Grand Lake Dr, San Antonio, TX 78244',
    bedrooms: 3,
    bathrooms: 1.75, // three-quarter baths: to the form's half steps, 2
    square_feet: 1878.4,
    year_built: 1973,
    tax_bill: { year: 2024, total: 2984 },
    source: 'RentCast property record',
    vintage: '2026-11-26',
  };

  it('looks up only a complete address, as one line', () => {
    expect(recordAddress(valid)).toBe('1100 Congress Ave, Austin, TX 78701');
    expect(recordAddress({ ...valid, zipcode: '787' })).toBeNull();
    expect(recordAddress({ ...valid, street: ' ' })).toBeNull();
  });

  it('fills the rooms (bathrooms to half steps), size and age, and names what changed', () => {
    const { values, filled } = applyRecord(valid, record);
    expect(values).toMatchObject({
      num_bedrooms: '3',
      num_bathrooms: '2',
      square_feet: '1878',
      year_built: '1973',
    });
    // bedrooms and bathrooms already matched
    expect(filled).toEqual(['square_feet', 'year_built']);
    expect(recordFillMessage(record, filled)).toBe(
      "Filled Square Feet and Year Built from the RentCast property record (2026-11-26). Its 2024 tax bill: $2,984, the seller's; the results show it beside our estimate for a buyer.",
    );
  });

  it('keeps what the user typed where the record has nothing the form accepts', () => {
    const typed = { ...valid, num_bedrooms: '4', square_feet: '2000' };
    const bare: PropertyRecord = {
      ...record,
      bedrooms: 0, // a studio: below the form's 1 bedroom
      bathrooms: null,
      square_feet: null,
      year_built: null,
      tax_bill: null,
    };
    const { values, filled } = applyRecord(typed, bare);
    expect(values).toEqual(typed);
    expect(filled).toEqual([]);
    expect(recordFillMessage({ ...record, tax_bill: null }, filled)).toBe(
      "Nothing to fill from the RentCast property record (2026-11-26): it has no other rooms, size or age than the form's.",
    );
  });
});
