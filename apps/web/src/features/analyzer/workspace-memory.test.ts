import { describe, expect, it } from 'vitest';
import { leavesWorkspace } from './workspace-memory';

const at = (pathname: string, search: object = {}) => ({ pathname, search });

describe('leaving the workspace on screen', () => {
  it('is another page, or another analysis or saved property', () => {
    const shown = at('/', { analysis: 'a1' });
    expect(leavesWorkspace({ current: shown, next: at('/saved_properties') })).toBe(true);
    expect(leavesWorkspace({ current: shown, next: at('/', { analysis: 'a2' }) })).toBe(true);
    expect(leavesWorkspace({ current: shown, next: at('/', { saved: 'a1' }) })).toBe(true);
    expect(leavesWorkspace({ current: at('/', { saved: '7' }), next: at('/', { analysis: '7' }) })).toBe(
      true,
    );
  });

  it('is not the same URL again, nor a bare / (which returns to the one on screen)', () => {
    const shown = at('/', { analysis: 'a1' });
    expect(leavesWorkspace({ current: shown, next: at('/', { analysis: 'a1' }) })).toBe(false);
    expect(leavesWorkspace({ current: shown, next: at('/') })).toBe(false);
    // a number-like id parsed as a number is the same workspace
    expect(leavesWorkspace({ current: at('/', { saved: '42' }), next: at('/', { saved: 42 }) })).toBe(false);
  });
});
