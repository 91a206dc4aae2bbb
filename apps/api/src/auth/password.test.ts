import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

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
});
