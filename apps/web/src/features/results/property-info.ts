/** The Property Information block's text (product spec §2, Single-property view). */
import { formatMoney, formatWholeNumber, houseTypeName, type PropertyInput } from '@sfr/contracts';

type AddressParts = Partial<Pick<PropertyInput, 'street' | 'city' | 'state_code' | 'zipcode'>>;

/**
 * '1100 Congress Ave, Austin, TX 78701', only when street, city, state code and zipcode are all
 * present; otherwise null (the line is not shown).
 */
export function oneLineAddress({ street, city, state_code, zipcode }: AddressParts): string | null {
  const parts = [street, city, state_code, zipcode].map((part) => part?.trim() ?? '');
  if (parts.some((part) => part === '')) return null;
  const [s, c, st, zip] = parts;
  return `${s}, ${c}, ${st} ${zip}`;
}

export interface PropertyFact {
  label: string;
  value: string;
}

/**
 * House type, rooms, county and price, in the order the block lists them. Bedrooms and bathrooms
 * are per unit (underwriting-model.md): on a 2–4 unit deal the labels say so.
 */
export function propertyFacts(property: Omit<PropertyInput, 'street' | 'city' | 'state_code' | 'zipcode'>) {
  const perUnit = property.factor > 1 ? ' per unit' : '';
  return [
    { label: 'House Type', value: houseTypeName(property.factor) },
    { label: `Bedrooms${perUnit}`, value: String(property.num_bedrooms) },
    { label: `Bathrooms${perUnit}`, value: String(property.num_bathrooms) },
    { label: 'County', value: property.county_name },
    { label: 'Purchase Price', value: formatMoney(property.purchase_price) },
    // the optional size and age, when the user (or the property record) gave them
    ...(property.square_feet === undefined
      ? []
      : [{ label: 'Square Feet', value: formatWholeNumber(property.square_feet) }]),
    ...(property.year_built === undefined
      ? []
      : [{ label: 'Year Built', value: String(property.year_built) }]),
  ] satisfies PropertyFact[];
}
