import { describe, expect, it } from 'vitest';
import { stateCodeOf } from '../src/us-states.js';

describe('the State Code field', () => {
  it("turns a state's name, as autofill or a person writes it, into its code", () => {
    expect(stateCodeOf('Texas')).toBe('TX');
    expect(stateCodeOf(' new  york ')).toBe('NY');
    expect(stateCodeOf('DISTRICT OF COLUMBIA')).toBe('DC');
    expect(stateCodeOf('Puerto Rico')).toBe('PR');
  });

  it('keeps a code, a part of a name and anything else as typed', () => {
    expect(stateCodeOf('tx')).toBe('tx');
    expect(stateCodeOf('Tex')).toBe('Tex');
    expect(stateCodeOf('Ontario')).toBe('Ontario');
    expect(stateCodeOf('')).toBe('');
  });
});
