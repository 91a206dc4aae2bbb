/**
 * Whether a property is already among the saved ones (product spec §4): the same street, city,
 * state code and county, compared as the API's unique index compares them (trimmed, spaces
 * collapsed, case ignored).
 */
import type { PropertyInput } from '@sfr/contracts';

type AddressKeyParts = Pick<PropertyInput, 'street' | 'city' | 'state_code' | 'county_name'>;

function addressKey(property: AddressKeyParts): string {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return [property.street, property.city, property.state_code, property.county_name].map(norm).join('|');
}

/** The saved copy of this address, if there is one. */
export function findSavedCopy<T extends { property: AddressKeyParts }>(
  saved: readonly T[],
  property: AddressKeyParts,
): T | null {
  const key = addressKey(property);
  return saved.find((item) => addressKey(item.property) === key) ?? null;
}
