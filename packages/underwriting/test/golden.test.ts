/**
 * Golden-value tests: the engine's `analyze` must reproduce, for every deal in test/golden/deals,
 * the expected analysis that the independent reference implementation (test/golden/reference.ts)
 * wrote to test/golden/expected. Regenerate with `npx tsx test/golden/generate.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Analysis, DealInput } from '../src/types.js';
import { monthlySheet, monthlyXirr, referenceAnalyze } from './golden/reference.js';

const here = dirname(fileURLToPath(import.meta.url));
const dealsDir = join(here, 'golden', 'deals');
const expectedDir = join(here, 'golden', 'expected');

const dealNames = readdirSync(dealsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Absolute tolerance for XIRRs (annual rates). */
const XIRR_TOLERANCE = 1e-7;
/** The return score's points are 25 / 0.15 × the levered XIRR, so its tolerance scales with it. */
const RETURN_POINTS_TOLERANCE = (XIRR_TOLERANCE * 25) / 0.15;

interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
  why: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function show(v: unknown): string {
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : String(v);
  if (v === undefined) return 'undefined';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/**
 * Walks `expected` and `actual` together and records every difference: same keys, same array
 * lengths, numbers within tolerance, nulls, booleans and strings exactly — except score labels,
 * which only have to be strings.
 */
function diff(
  expected: unknown,
  actual: unknown,
  path: string,
  tolerances: Map<string, number>,
  out: Mismatch[],
): void {
  if (expected === null || typeof expected === 'boolean' || typeof expected === 'string') {
    if (actual !== expected) out.push({ path, expected, actual, why: 'not identical' });
    return;
  }
  if (typeof expected === 'number') {
    if (typeof actual !== 'number' || !Number.isFinite(actual)) {
      out.push({ path, expected, actual, why: 'not a finite number' });
      return;
    }
    const tolerance = tolerances.get(path) ?? Math.max(1e-6, 1e-9 * Math.abs(expected));
    if (!(Math.abs(actual - expected) <= tolerance)) {
      out.push({ path, expected, actual, why: `off by ${Math.abs(actual - expected)} > ${tolerance}` });
    }
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ path, expected, actual, why: 'not an array' });
      return;
    }
    if (actual.length !== expected.length) {
      out.push({ path, expected, actual, why: `length ${actual.length}, expected ${expected.length}` });
    }
    const n = Math.min(actual.length, expected.length);
    for (let k = 0; k < n; k++) diff(expected[k], actual[k], `${path}[${k}]`, tolerances, out);
    return;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) {
      out.push({ path, expected, actual, why: 'not an object' });
      return;
    }
    const isScore = /^\$\.summary\.scores\[\d+\]$/.test(path);
    for (const key of Object.keys(expected)) {
      const child = `${path}.${key}`;
      if (!(key in actual)) {
        out.push({ path: child, expected: expected[key], actual: undefined, why: 'missing key' });
      } else if (isScore && key === 'label') {
        if (typeof actual[key] !== 'string') {
          out.push({ path: child, expected: 'a string', actual: actual[key], why: 'label is not a string' });
        }
      } else {
        diff(expected[key], actual[key], child, tolerances, out);
      }
    }
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) {
        out.push({ path: `${path}.${key}`, expected: undefined, actual: actual[key], why: 'unexpected key' });
      }
    }
    return;
  }
  throw new Error(`unexpected value in an expected file at ${path}`);
}

/** The paths whose tolerance is not the default one. */
function specialTolerances(expected: Analysis): Map<string, number> {
  const t = new Map<string, number>([
    ['$.overall_returns.unlevered_xirr', XIRR_TOLERANCE],
    ['$.overall_returns.levered_xirr', XIRR_TOLERANCE],
  ]);
  expected.summary.scores.forEach((score, k) => {
    if (score.name === 'return') {
      t.set(`$.summary.scores[${k}].measure`, XIRR_TOLERANCE);
      t.set(`$.summary.scores[${k}].points`, RETURN_POINTS_TOLERANCE);
    }
  });
  return t;
}

function report(deal: string, mismatches: Mismatch[]): string {
  const lines = mismatches
    .slice(0, 12)
    .map((m) => `  ${m.path}: expected ${show(m.expected)}, got ${show(m.actual)} (${m.why})`);
  const first = mismatches[0];
  const more = mismatches.length > 12 ? [`  … and ${mismatches.length - 12} more`] : [];
  return [
    `golden deal "${deal}": ${mismatches.length} mismatch(es), first at ${first?.path}`,
    ...lines,
    ...more,
  ].join('\n');
}

describe('golden deals: analyze() matches the reference expected files', () => {
  it('has deals and an expected file for each', () => {
    expect(dealNames.length).toBeGreaterThanOrEqual(14);
    const expectedNames = readdirSync(expectedDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(expectedNames).toEqual(dealNames);
  });

  it.each(dealNames)('%s', async (deal) => {
    const engine = await import('../src/index.js');
    const analyze = (engine as { analyze?: (input: DealInput) => Analysis }).analyze;
    if (typeof analyze !== 'function') {
      expect.fail(`golden deal "${deal}": src/index.ts does not export analyze() yet`);
    }
    const input = readJson<DealInput>(join(dealsDir, `${deal}.json`));
    const expected = readJson<Analysis>(join(expectedDir, `${deal}.json`));
    const actual: unknown = analyze(structuredClone(input));
    const mismatches: Mismatch[] = [];
    diff(expected, actual, '$', specialTolerances(expected), mismatches);
    if (mismatches.length > 0) expect.fail(report(deal, mismatches));
  });
});

describe('golden reference: anchored to hand-computed values', () => {
  const baseline = readJson<DealInput>(join(dealsDir, '01-baseline-5yr-75ltv.json'));

  it('baseline monthly payment', () => {
    // loan = 0.75 × 250,000 = 187,500; i = 0.07 / 12 = 0.0058333…; n = 360
    // (1 + i)^360 = 8.1164974753596…, so (1 + i)^-360 = 0.1232058536377…
    // P = 187,500 × 0.0058333… / (1 − 0.1232058536377) = 1,093.75 / 0.8767941463623 = 1,247.4421784610
    // (the textbook $665.30 per $100k at 7 %/30 yr gives 1.875 × 665.30 = 1,247.44)
    const a = referenceAnalyze(baseline);
    expect(a.year_1_metrics.loan_amount).toBe(187_500);
    expect(a.year_1_metrics.monthly_loan_payment).toBeCloseTo(1247.442178461, 8);
  });

  it('baseline year-1 NOI, cash-on-cash and sale', () => {
    // potential income = 12 × (2,100 + 50) = 25,800; vacancy 5 % = 1,290; EGR = 24,510
    // expenses = 1,960.80 + 1,500 + 2,500 + 2,520 = 8,480.80; NOI = 24,510 − 8,480.80 = 16,029.20
    // levered CF = 16,029.20 − 12 × 1,247.4421784610 = 16,029.20 − 14,969.306141532 = 1,059.893858468
    // cost to close = 62,500 + 7,500 + 1,875 + 1,500 = 73,375; cash-on-cash = 0.0144448907
    // sale = 250,000 × 1.03^5 = 250,000 × 1.1592740743 = 289,818.518575; × 0.94 = 272,429.4074605
    const a = referenceAnalyze(baseline);
    expect(a.year_1_metrics.effective_gross_revenue).toBeCloseTo(24_510, 9);
    expect(a.year_1_metrics.total_expenses).toBeCloseTo(8_480.8, 9);
    expect(a.year_1_metrics.net_operating_income).toBeCloseTo(16_029.2, 9);
    expect(a.year_1_metrics.yearly_levered_cash_flow).toBeCloseTo(1_059.893858468, 7);
    expect(a.year_1_metrics.total_cost_to_close).toBe(73_375);
    expect(a.year_1_metrics.levered_returns).toBeCloseTo(1_059.893858468 / 73_375, 12);
    expect(a.sale_assumptions.sale_price_appreciation).toBeCloseTo(289_818.518575, 7);
    expect(a.hold_period.unlevered.proceeds_from_sale).toEqual([
      0,
      0,
      0,
      0,
      expect.closeTo(272_429.4074605, 7),
    ]);
    // neighbourhood: B is index 4 → 8/12, C+ is index 6 → 6/12; mean 7/12; 15 × (7/12)/(11/12) = 105/11
    expect(a.summary.scores[4]?.points).toBeCloseTo(105 / 11, 12);
  });

  it('zero-interest loan: straight-line payment and payoff', () => {
    // loan = 0.8 × 320,000 = 256,000 over 180 months: P = 256,000 / 180 = 1,422.2222…
    // balance after the 10-year hold (120 payments) = 256,000 − 120 × 1,422.2222… = 85,333.3333…
    const deal = readJson<DealInput>(join(dealsDir, '03-zero-interest.json'));
    const a = referenceAnalyze(deal);
    expect(a.year_1_metrics.monthly_loan_payment).toBeCloseTo(256_000 / 180, 10);
    expect(a.hold_period.levered.loan_payoff[9]).toBeCloseTo(256_000 / 3, 7);
    expect(a.hold_period.levered.mortgage[0]).toBeCloseTo((12 * 256_000) / 180, 9);
  });

  it('loan shorter than the hold: no debt service and no balance after the term', () => {
    const deal = readJson<DealInput>(join(dealsDir, '04-loan-shorter-than-hold.json'));
    const rows = monthlySheet(deal);
    expect(rows[119]?.closing_balance).toBe(0);
    expect(rows[120]?.debt_service).toBe(0);
    const a = referenceAnalyze(deal);
    expect(a.hold_period.levered.mortgage.slice(10)).toEqual([0, 0, 0, 0, 0]);
    expect(a.hold_period.levered.loan_payoff[14]).toBe(0);
  });

  it('monthly XIRR solver: one root, several roots, no root', () => {
    // −100 now, +112 after 12 months: (1 + r) = 1.12
    const twelve = new Array<number>(12).fill(0);
    twelve[11] = 112;
    const one = monthlyXirr(100, twelve);
    expect(one.xirr).toBeCloseTo(0.12, 12);
    expect(one.multipleRoots).toBe(false);
    // −100, +230 at month 12, −132 at month 24: 100(1+r)² − 230(1+r) + 132 = 0 → 1+r ∈ {1.1, 1.2}
    const two = new Array<number>(24).fill(0);
    two[11] = 230;
    two[23] = -132;
    const several = monthlyXirr(100, two);
    expect(several.xirr).toBeCloseTo(0.1, 10);
    expect(several.multipleRoots).toBe(true);
    expect(several.monthlyRoots.map((j) => (1 + j) ** 12 - 1)).toEqual([
      expect.closeTo(0.1, 10),
      expect.closeTo(0.2, 10),
    ]);
    // all flows negative: nothing discounts them to +100
    expect(monthlyXirr(100, new Array<number>(24).fill(-1))).toEqual({
      xirr: null,
      multipleRoots: false,
      monthlyRoots: [],
    });
  });

  it('the committed expected files are what the reference produces now', () => {
    for (const deal of dealNames) {
      const input = readJson<DealInput>(join(dealsDir, `${deal}.json`));
      const expected = readJson<Analysis>(join(expectedDir, `${deal}.json`));
      const fresh = JSON.parse(JSON.stringify(referenceAnalyze(input))) as Analysis;
      const mismatches: Mismatch[] = [];
      diff(expected, fresh, '$', new Map(), mismatches);
      if (mismatches.length > 0) expect.fail(`regenerate the golden files: ${report(deal, mismatches)}`);
    }
  });

  it('special deals behave as designed', () => {
    const load = (name: string) => referenceAnalyze(readJson<DealInput>(join(dealsDir, `${name}.json`)));
    expect(load('08-underwater-no-levered-rate').overall_returns.levered_xirr).toBeNull();
    expect(load('11-multiple-sign-changes').overall_returns.levered_xirr_multiple_roots).toBe(true);
    expect(load('02-no-loan').year_1_metrics.dscr).toBeNull();
    expect(load('02-no-loan').summary.scores[2]?.points).toBe(20);
    const zeroRent = load('16-zero-rent');
    expect(zeroRent.year_1_metrics.gross_rent_multiplier).toBeNull();
    expect(zeroRent.year_1_metrics.break_even_occupancy).toBeNull();
    expect(load('12-all-a-plus-crime').summary.scores[4]?.points).toBe(15);
    expect(load('13-null-crime-grades').summary.scores[4]?.measure).toBe(0.5);
    expect(load('05-30yr-hold-30yr-loan').hold_period.levered.loan_payoff[29]).toBe(0);
  });
});
