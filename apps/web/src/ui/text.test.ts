import { describe, expect, test } from 'vitest';
import { POPUPS, UI_TEXT } from './text';

describe('UI_TEXT', () => {
  test('screen text and popups are the spec’s words', () => {
    expect(UI_TEXT.adjustHighlighted).toBe(
      'Please adjust highlighted areas to ensure accuracy for your specific property',
    );
    expect(UI_TEXT.loading).toBe('Loading...');
    expect(UI_TEXT.noSavedProperties).toBe('No saved properties found.');
    expect(POPUPS.analyzerAccess.body).toBe('Login Or Sign Up To Get Free Searches Today');
    expect(POPUPS.outOfFreeSearches).toEqual({
      title: 'Out of Free Searches',
      subscribeNow: 'Subscribe Now',
    });
  });
});
