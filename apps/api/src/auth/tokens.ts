/**
 * Random secrets and their stored form. A token is handed to the browser (cookie, email link); only
 * its SHA-256 is stored, so a leaked database holds nothing a client could present (Lucia's
 * session guide, implemented here because the `lucia` package is deprecated).
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** 25 random bytes = 200 bits, written as 40 lower-case base32 characters. */
const TOKEN_BYTES = 25;

/** What a token looks like; anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[a-z2-7]{40}$/;

/**
 * A new secret token: at least 20 bytes from the platform CSPRNG, base32 (case-insensitive and
 * URL-safe, so it survives email clients and cookies untouched).
 */
export function generateToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * The stored id of a token: hex(SHA-256(token)). Looking rows up by this hash makes index timing
 * useless to an attacker: learning which hash prefixes exist says nothing about any token.
 *
 * @example hashToken('abc') === 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Compares two secrets without an early exit, so response time says nothing about where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  // constantTimeEqual answers false for different lengths; lengths of our tokens are public anyway
  return constantTimeEqual(left, right);
}
