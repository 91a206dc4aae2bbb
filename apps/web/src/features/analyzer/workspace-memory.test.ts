import { describe, expect, it } from 'vitest';
import { leavesWorkspace } from './workspace-memory';

const at = (pathname: string, search: object = {}) => ({ pathname, search });

describe('leaving the workspace on screen', () => {
  it('is another page, or another analysis or saved property', () => {
    const shown = at('/', { analysis: 'a1' });
    expect(leavesWorkspace(shown, at('/saved_properties'))).toBe(true);
    expect(leavesWorkspace(shown, at('/', { analysis: 'a2' }))).toBe(true);
    expect(leavesWorkspace(shown, at('/', { saved: 'a1' }))).toBe(true);
    expect(leavesWorkspace(at('/', { saved: '7' }), at('/', { analysis: '7' }))).toBe(true);
  });

  it('is not the same URL again, nor a bare / (which returns to the one on screen)', () => {
    const shown = at('/', { analysis: 'a1' });
    expect(leavesWorkspace(shown, at('/', { analysis: 'a1' }))).toBe(false);
    expect(leavesWorkspace(shown, at('/'))).toBe(false);
    // a number-like id parsed as a number is the same workspace
    expect(leavesWorkspace(at('/', { saved: '42' }), at('/', { saved: 42 }))).toBe(false);
  });
});
