import { describe, expect, test } from 'vitest';
import { addressKey } from '../src/index.js';

const austin = { street: '1 Main St', city: 'Austin', state_code: 'TX', county_name: 'Travis' };

describe('addressKey', () => {
  test('re-asserts the JSDoc example', () => {
    expect(addressKey({ ...austin, street: ' 1 Main  St' })).toBe('1 main st|austin|tx|travis');
  });

  test('ignores case and spacing, and tells different streets, cities or counties apart', () => {
    expect(
      addressKey({ street: '1  MAIN st ', city: ' austin', state_code: 'tx', county_name: 'TRAVIS' }),
    ).toBe(addressKey(austin));
    expect(addressKey({ ...austin, street: '2 Main St' })).not.toBe(addressKey(austin));
    expect(addressKey({ ...austin, city: 'Round Rock' })).not.toBe(addressKey(austin));
    expect(addressKey({ ...austin, county_name: 'Williamson' })).not.toBe(addressKey(austin));
  });
});
