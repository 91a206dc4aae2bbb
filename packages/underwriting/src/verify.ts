import { UnderwritingInputError } from './errors.js';
import { irr, mirr, npv } from './irr.js';
import apachePoi from './known-answers/apache-poi.json' with { type: 'json' };
import formulajs from './known-answers/formulajs.json' with { type: 'json' };
import libreOffice from './known-answers/libreoffice.json' with { type: 'json' };
import numpyFinancial from './known-answers/numpy-financial.json' with { type: 'json' };
import phpSpreadsheet from './known-answers/phpspreadsheet.json' with { type: 'json' };
import pyxirr from './known-answers/pyxirr.json' with { type: 'json' };
import { ipmt, nper, pmt, ppmt } from './pmt.js';
import { type DatedFlow, xirr, xnpv } from './xirr.js';

/** The functions a known answer can exercise. `excel_npv` is Excel's NPV: `npv(rate, [0, …values])`. */
export type KnownAnswerFunction =
  | 'pmt'
  | 'ipmt'
  | 'ppmt'
  | 'nper'
  | 'npv'
  | 'excel_npv'
  | 'irr'
  | 'xirr'
  | 'xnpv'
  | 'mirr';

/** Passes when |ours − expected| ≤ abs + rel·|expected| (each 0 when absent). */
export interface Tolerance {
  abs?: number;
  rel?: number;
}

/** One published test case: inputs, the other library's answer and how close ours must be. */
export interface KnownAnswerCase {
  /** unique within its source: the test's name, a `#n` for its n-th assertion */
  id: string;
  function: KnownAnswerFunction;
  /**
   * named arguments: `rate`, `nper`, `pv`, `fv`, `type`, `per`, `pmt` for the annuity functions;
   * `values` (one period apart) for irr, npv, excel_npv and mirr, with `finance_rate` and
   * `reinvest_rate`; `flows` ({ date, amount }) for xirr and xnpv, with `rate`
   */
  args: Record<string, unknown>;
  /** the source's answer; null when it gives no number (NaN, #NUM!, #DIV/0!, an error) */
  expected: number | null;
  tolerance: Tolerance;
  /** file in the source repository */
  path: string;
  test?: string;
  /**
   * the flows have several rates (by our engine): the case passes when `expected` is one of our
   * `rates`, not only when it is the rate we show
   */
  several_roots?: boolean;
  note?: string;
}

/** One library's cases, with where they come from and under which licence. */
export interface KnownAnswerSource {
  source: string;
  repository: string;
  commit: string;
  /** each file's commit, where the files were read at different commits (`commit` is then one of them) */
  file_commits?: Record<string, string>;
  licence: string;
  files: string[];
  notes?: string;
  cases: KnownAnswerCase[];
  /** published cases not taken, each with the reason */
  skipped: { id: string; reason: string }[];
}

/**
 * Every source's cases, as written by scripts/extract-known-answers.mjs from the pinned commits.
 * The JSON files are imported, so they are part of the build and the package stays free of I/O.
 */
export const KNOWN_ANSWERS: readonly KnownAnswerSource[] = [
  numpyFinancial,
  pyxirr,
  phpSpreadsheet,
  formulajs,
  apachePoi,
  libreOffice,
] as unknown as KnownAnswerSource[];

/** What our engine answered for one case. */
export interface CaseOutcome {
  passed: boolean;
  /** our number, or null when we give none (no rate, or an input error) */
  got: number | null;
  /** every rate we found, for irr and xirr */
  rates?: number[];
  /** why it failed */
  reason?: string;
}

const num = (args: Record<string, unknown>, key: string, fallback?: number): number => {
  const value = args[key] ?? fallback;
  if (typeof value !== 'number') throw new Error(`known answer: argument ${key} must be a number`);
  return value;
};
const list = (args: Record<string, unknown>): number[] => args.values as number[];
const flows = (args: Record<string, unknown>): DatedFlow[] => args.flows as DatedFlow[];
const type = (args: Record<string, unknown>): 0 | 1 => num(args, 'type', 0) as 0 | 1;

/** Our answer to one case: a number, null for none, and the rates for irr and xirr. */
function answer(c: KnownAnswerCase): { got: number | null; rates?: number[]; multipleRoots?: boolean } {
  const a = c.args;
  try {
    switch (c.function) {
      case 'pmt':
        return { got: pmt(num(a, 'rate'), num(a, 'nper'), num(a, 'pv'), num(a, 'fv', 0), type(a)) };
      case 'ipmt':
        return {
          got: ipmt(num(a, 'rate'), num(a, 'per'), num(a, 'nper'), num(a, 'pv'), num(a, 'fv', 0), type(a)),
        };
      case 'ppmt':
        return {
          got: ppmt(num(a, 'rate'), num(a, 'per'), num(a, 'nper'), num(a, 'pv'), num(a, 'fv', 0), type(a)),
        };
      case 'nper':
        return { got: nper(num(a, 'rate'), num(a, 'pmt'), num(a, 'pv'), num(a, 'fv', 0), type(a)) };
      case 'npv':
        return { got: npv(num(a, 'rate'), list(a)) };
      case 'excel_npv':
        return { got: npv(num(a, 'rate'), [0, ...list(a)]) };
      case 'xnpv':
        return { got: xnpv(num(a, 'rate'), flows(a)) };
      case 'mirr':
        return { got: mirr(list(a), num(a, 'finance_rate'), num(a, 'reinvest_rate')) };
      case 'irr':
      case 'xirr': {
        const result = c.function === 'irr' ? irr(list(a)) : xirr(flows(a));
        if (!result.ok) return { got: null, rates: [] };
        return { got: result.rate, rates: result.rates, multipleRoots: result.multipleRoots };
      }
      default:
        throw new Error(`known answer: unknown function ${String(c.function)}`);
    }
  } catch (error) {
    if (error instanceof UnderwritingInputError) return { got: null };
    throw error;
  }
}

/** |got − expected| within the case's tolerance */
function close(got: number, expected: number, tolerance: Tolerance): boolean {
  return Math.abs(got - expected) <= (tolerance.abs ?? 0) + (tolerance.rel ?? 0) * Math.abs(expected);
}

/**
 * Runs one case through our functions. It passes when our number is within the tolerance of the
 * expected one (both null counts as agreeing: no number), or, for a case marked `several_roots`
 * whose flows do have several rates for us, when the expected rate is one of our `rates`.
 *
 * @example
 * runCase({ id: 'x', function: 'irr', args: { values: [-100, 110] }, expected: 0.1,
 *   tolerance: { abs: 1e-9 }, path: 'p' }); // → { passed: true, got: 0.1, rates: [0.1] }
 */
export function runCase(c: KnownAnswerCase): CaseOutcome {
  const { got, rates, multipleRoots } = answer(c);
  const outcome = (passed: boolean, reason?: string): CaseOutcome => ({
    passed,
    got,
    ...(rates === undefined ? {} : { rates }),
    ...(reason === undefined ? {} : { reason }),
  });
  if (c.expected === null) return outcome(got === null, got === null ? undefined : 'expected no number');
  if (got === null) return outcome(false, 'we give no number');
  if (c.several_roots && !multipleRoots) return outcome(false, 'marked several_roots, but we find one rate');
  if (close(got, c.expected, c.tolerance)) return outcome(true);
  if (c.several_roots && rates?.some((rate) => close(rate, c.expected as number, c.tolerance))) {
    return outcome(true);
  }
  return outcome(false, c.several_roots ? 'expected rate is not among our rates' : 'outside the tolerance');
}

export interface VerifyReport {
  sources: Record<string, { passed: number; failed: number; cases: number }>;
  failures: {
    source: string;
    id: string;
    function: KnownAnswerFunction;
    expected: number | null;
    got: number | null;
    rates?: number[];
    reason?: string;
  }[];
}

/**
 * Runs every case of every source: passes and failures per source, and each failure with what we
 * answered. What `underwrite verify` prints.
 *
 * @example
 * verify().sources['numpy-financial']; // → { passed: 49, failed: 0, cases: 49 }
 */
export function verify(sources: readonly KnownAnswerSource[] = KNOWN_ANSWERS): VerifyReport {
  const report: VerifyReport = { sources: {}, failures: [] };
  for (const source of sources) {
    const tally = { passed: 0, failed: 0, cases: source.cases.length };
    for (const c of source.cases) {
      const outcome = runCase(c);
      if (outcome.passed) {
        tally.passed++;
      } else {
        tally.failed++;
        report.failures.push({
          source: source.source,
          id: c.id,
          function: c.function,
          expected: c.expected,
          got: outcome.got,
          ...(outcome.rates === undefined ? {} : { rates: outcome.rates }),
          ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
        });
      }
    }
    report.sources[source.source] = tally;
  }
  return report;
}
