import { describe, expect, it } from 'vitest';
import { confirmedEmail } from './delete-account';

describe('confirming the account deletion', () => {
  it("takes the account's own email in any case, trimmed, and nothing else", () => {
    expect(confirmedEmail(' Ada@Example.com ', 'ada@example.com')).toBe('Ada@Example.com');
    expect(confirmedEmail('ada@example.co', 'ada@example.com')).toBeNull();
    expect(confirmedEmail('', 'ada@example.com')).toBeNull();
    expect(confirmedEmail('not an email', 'not an email')).toBeNull();
  });
});
