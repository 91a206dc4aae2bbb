import { describe, expect, it } from 'vitest';
import { oneLineAddress, propertyFacts } from './property-info';

describe('oneLineAddress', () => {
  it('joins street, city, state code and zipcode on one line', () => {
    expect(
      oneLineAddress({ street: '1100 Congress Ave', city: 'Austin', state_code: 'TX', zipcode: '78701' }),
    ).toBe('1100 Congress Ave, Austin, TX 78701');
  });

  it('shows no line when any of the four is missing or blank', () => {
    expect(oneLineAddress({ street: '1100 Congress Ave', city: 'Austin', state_code: 'TX' })).toBeNull();
    expect(oneLineAddress({ street: ' ', city: 'Austin', state_code: 'TX', zipcode: '78701' })).toBeNull();
  });
});

describe('propertyFacts', () => {
  it('names the house type and formats the price', () => {
    const facts = propertyFacts({
      county_name: 'Travis',
      num_bedrooms: 3,
      num_bathrooms: 2.5,
      purchase_price: 450000,
      factor: 2,
    });
    expect(facts).toEqual([
      { label: 'House Type', value: 'Two Family' },
      { label: 'Bedrooms per unit', value: '3' },
      { label: 'Bathrooms per unit', value: '2.5' },
      { label: 'County', value: 'Travis' },
      { label: 'Purchase Price', value: '$450,000.00' },
    ]);
  });

  it('says nothing of units on a single-family house', () => {
    const facts = propertyFacts({
      county_name: 'Travis',
      num_bedrooms: 3,
      num_bathrooms: 2,
      purchase_price: 450000,
      factor: 1,
    });
    expect(facts.map((fact) => fact.label)).toEqual([
      'House Type',
      'Bedrooms',
      'Bathrooms',
      'County',
      'Purchase Price',
    ]);
  });
});

describe('the optional size and age', () => {
  it('are listed after the price when given', () => {
    const facts = propertyFacts({
      county_name: 'Bexar',
      num_bedrooms: 3,
      num_bathrooms: 2,
      purchase_price: 210000,
      factor: 1,
      square_feet: 1878,
      year_built: 1973,
    });
    expect(facts.slice(-2)).toEqual([
      { label: 'Square Feet', value: '1,878' },
      { label: 'Year Built', value: '1973' },
    ]);
  });
});
