import { describe, expect, it } from 'vitest';
import { generateId } from '../db/ids.js';
import { generateToken, hashToken, secretsEqual, TOKEN_PATTERN } from './tokens.js';

describe('tokens', () => {
  it('re-asserts the JSDoc example: hex SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 200-bit base32 tokens that never repeat', () => {
    const tokens = new Set(Array.from({ length: 1_000 }, generateToken));
    expect(tokens.size).toBe(1_000);
    for (const token of tokens) expect(token).toMatch(TOKEN_PATTERN);
    expect(generateId()).toMatch(/^[a-z2-7]{24}$/);
  });

  it('compares secrets exactly', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abd')).toBe(false);
    expect(secretsEqual('abc', 'abcd')).toBe(false);
  });
});
