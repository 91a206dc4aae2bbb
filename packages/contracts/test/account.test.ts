import { describe, expect, it } from 'vitest';
import { BLANK_PASSWORD, MESSAGES, newPasswordProblem } from '../src/index.js';

describe('newPasswordProblem: what the API and the form say of a new password', () => {
  it('counts characters, not UTF-16 units, against the 6-character minimum', () => {
    expect(newPasswordProblem('12345')).toBe(MESSAGES.weakPassword);
    expect(newPasswordProblem('123456')).toBeNull();
    expect(newPasswordProblem('🏠🏠🏠')).toBe(MESSAGES.weakPassword); // 6 UTF-16 units, 3 characters
    expect(newPasswordProblem('🏠🏠🏠🏠🏠🏠')).toBeNull();
  });

  it('refuses a password of spaces alone, of any length, and keeps spaces inside one', () => {
    expect(newPasswordProblem('      ')).toBe(BLANK_PASSWORD);
    expect(newPasswordProblem(' \t \u00a0  \u3000 ')).toBe(BLANK_PASSWORD);
    expect(newPasswordProblem('correct horse battery')).toBeNull();
    expect(newPasswordProblem('   x  ')).toBeNull();
  });
});
