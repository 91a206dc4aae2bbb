import { describe, expect, it } from 'vitest';
import { isPageChange } from './page-change-focus';

const shown = { pathname: '/aboutus' };

describe('isPageChange', () => {
  it('is another page reached from one shown', () => {
    expect(isPageChange({ fromLocation: shown, pathChanged: true })).toBe(true);
  });

  it('is not the first load, when nothing was shown yet (a redirect included)', () => {
    expect(isPageChange({ fromLocation: undefined, pathChanged: true })).toBe(false);
  });

  it('is not a search or hash of the page shown (`/?analysis=…` after Analyze)', () => {
    expect(isPageChange({ fromLocation: shown, pathChanged: false })).toBe(false);
  });
});
