import { describe, expect, it } from 'vitest';
import { findSavedCopy } from './saved-match';

const address = { street: '1100 Congress Ave', city: 'Austin', state_code: 'TX', county_name: 'Travis' };
const saved = [{ id: 'a', property: address }];

describe('findSavedCopy', () => {
  it('matches on street, city, state code and county, ignoring case and spacing', () => {
    const match = findSavedCopy(saved, {
      street: ' 1100  congress AVE ',
      city: 'AUSTIN',
      state_code: 'tx',
      county_name: 'travis',
    });
    expect(match?.id).toBe('a');
  });

  it('does not match when any of the four differs', () => {
    expect(findSavedCopy(saved, { ...address, county_name: 'Williamson' })).toBeNull();
    expect(findSavedCopy(saved, { ...address, street: '1101 Congress Ave' })).toBeNull();
    expect(findSavedCopy([], address)).toBeNull();
  });
});
