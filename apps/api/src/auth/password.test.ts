import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordLongEnough, verifyPassword } from './password.js';

describe('passwords', () => {
  it("hashes with argon2id and OWASP's parameters, salted", async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse')).toBe(true);
    expect(await verifyPassword(a, 'correct horsE')).toBe(false);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('counts characters, not UTF-16 units, against the 6-character minimum', () => {
    expect(isPasswordLongEnough('12345')).toBe(false);
    expect(isPasswordLongEnough('123456')).toBe(true);
    expect(isPasswordLongEnough('🏠🏠🏠')).toBe(false); // 6 UTF-16 units, 3 characters
  });
});
