/** The one generator of row ids (users, saved properties). */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random public identifier: 15 bytes from the platform CSPRNG, 24 lower-case base32 characters. */
export function generateId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
}
