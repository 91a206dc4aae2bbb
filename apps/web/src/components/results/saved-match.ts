/**
 * Whether a property is already among the saved ones (product spec §4): the same street, city,
 * state code and county, compared as the API's unique index compares them (trimmed, spaces
 * collapsed, case ignored).
 */
import { type AddressKeyParts, addressKey } from '@sfr/contracts';

/** The saved copy of this address, if there is one. */
export function findSavedCopy<T extends { property: AddressKeyParts }>(
  saved: readonly T[],
  property: AddressKeyParts,
): T | null {
  const key = addressKey(property);
  return saved.find((item) => addressKey(item.property) === key) ?? null;
}
