import { describe, expect, it } from 'vitest';
import { irr } from '../src/irr.js';
import { KNOWN_ANSWERS, type KnownAnswerCase, runCase, verify } from '../src/verify.js';

// Every published case of every source, one `it` each, so a failure names its source and case.
describe.each(KNOWN_ANSWERS.map((source) => [source.source, source] as const))('%s', (_name, source) => {
  it('records where its cases come from', () => {
    expect(source.repository).toMatch(/^https:\/\/github\.com\//);
    expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
    for (const [file, commit] of Object.entries(source.file_commits ?? {})) {
      expect(source.files).toContain(file);
      expect(commit).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(source.licence).not.toBe('');
    expect(source.cases.length).toBeGreaterThan(0);
    for (const c of source.cases)
      expect(source.files.some((file) => c.path.startsWith(file.replace('*.csv', '')))).toBe(true);
  });

  it.each(source.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const outcome = runCase(c);
    expect(outcome, outcome.reason).toMatchObject({ passed: true });
  });
});

describe('runCase', () => {
  const base: KnownAnswerCase = {
    id: 'example',
    function: 'irr',
    args: { values: [-100, 110] },
    expected: 0.1,
    tolerance: { abs: 1e-9 },
    path: 'example',
  };

  it('passes a rate within the tolerance and fails one outside it (JSDoc example)', () => {
    // −100 + 110/(1 + r) = 0 → r = 0.1
    expect(runCase(base)).toEqual({
      passed: true,
      got: expect.closeTo(0.1, 12),
      rates: [expect.closeTo(0.1, 12)],
    });
    expect(runCase({ ...base, expected: 0.1001 })).toMatchObject({
      passed: false,
      reason: 'outside the tolerance',
    });
    // rel: 0.1001 is within 0.1 % of 0.1
    expect(runCase({ ...base, expected: 0.1001, tolerance: { rel: 1e-3 } })).toMatchObject({ passed: true });
  });

  it('accepts another of several rates only when the case records several roots', () => {
    // numpy-financial issue 44: rates −0.99979 and +1.00427; we show +1.00427
    const values = [-1678.87, 771.96, 1814.05, 3520.3, 3552.95, 3584.99, 4789.91, -1];
    const result = irr(values);
    if (!result.ok) throw new Error('expected rates');
    const other = result.rates[0] as number;
    expect(other).toBeCloseTo(-0.9998, 4);
    const c = { ...base, args: { values }, expected: other };
    expect(runCase(c)).toMatchObject({ passed: false, reason: 'outside the tolerance' });
    expect(runCase({ ...c, several_roots: true })).toMatchObject({ passed: true });
    // the mark is checked: flows with one rate marked several_roots fail
    expect(runCase({ ...base, several_roots: true })).toMatchObject({
      passed: false,
      reason: 'marked several_roots, but we find one rate',
    });
  });

  it('agrees on "no number": no rate, or an input error', () => {
    expect(runCase({ ...base, args: { values: [1, 2, 3] }, expected: null })).toMatchObject({
      passed: true,
      got: null,
    });
    // a payment at type 2 is an input error here, #NUM! in a spreadsheet
    const pmtCase: KnownAnswerCase = {
      ...base,
      function: 'pmt',
      args: { rate: 0.01, nper: 8, pv: 0, fv: 5000, type: 2 },
      expected: null,
    };
    expect(runCase(pmtCase)).toMatchObject({ passed: true, got: null });
    expect(runCase({ ...base, expected: null })).toMatchObject({
      passed: false,
      reason: 'expected no number',
    });
  });

  it("computes Excel's NPV as npv of a leading 0", () => {
    // formulajs NPV(0.1, -10000, 2000, 4000, 8000) = 1031.3503176 = (−10000 + 2000/1.1 + …)/1.1
    const excel: KnownAnswerCase = {
      ...base,
      function: 'excel_npv',
      args: { rate: 0.1, values: [-10000, 2000, 4000, 8000] },
      expected: 1031.3503176012546,
    };
    expect(runCase(excel)).toMatchObject({ passed: true });
  });
});

describe('verify', () => {
  it('counts every case of every source and lists no failure', () => {
    const report = verify();
    expect(Object.keys(report.sources)).toEqual(KNOWN_ANSWERS.map((s) => s.source));
    for (const source of KNOWN_ANSWERS) {
      expect(report.sources[source.source]).toEqual({
        passed: source.cases.length,
        failed: 0,
        cases: source.cases.length,
      });
    }
    expect(report.failures).toEqual([]);
  });

  it('reports a failing case with what we answered', () => {
    const [first] = KNOWN_ANSWERS;
    if (first === undefined) throw new Error('no sources');
    const wrong = { ...first, cases: [{ ...base(), expected: 0.2 }] };
    const report = verify([wrong]);
    expect(report.sources[first.source]).toEqual({ passed: 0, failed: 1, cases: 1 });
    expect(report.failures).toEqual([
      {
        source: first.source,
        id: 'wrong',
        function: 'irr',
        expected: 0.2,
        got: expect.closeTo(0.1, 12),
        rates: [expect.closeTo(0.1, 12)],
        reason: 'outside the tolerance',
      },
    ]);
  });

  function base(): KnownAnswerCase {
    return {
      id: 'wrong',
      function: 'irr',
      args: { values: [-100, 110] },
      expected: 0.1,
      tolerance: { abs: 1e-9 },
      path: 'x',
    };
  }
});
