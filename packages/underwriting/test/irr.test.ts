import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnderwritingInputError } from '../src/errors.js';
import { irr, mirr, npv, type RateResult } from '../src/irr.js';
import { pmt } from '../src/pmt.js';
import { type Curve, chooseRate, flowShape, refine, solveRate } from '../src/roots.js';

/** the rate of an ok result; fails the test otherwise */
function rateOf(result: RateResult): number {
  if (!result.ok) throw new Error(`expected a rate, got ${result.reason}`);
  return result.rate;
}

/** flows whose NPV polynomial in v = 1/(1+r) is k·Π(1 − (1 + rᵢ)·v), so the rates are exactly rᵢ */
function flowsWithRates(rates: number[], k = -100): number[] {
  let coefficients = [k];
  for (const r of rates) {
    const next = [...coefficients, 0];
    for (let t = 0; t < coefficients.length; t++)
      next[t + 1] = (next[t + 1] as number) - (1 + r) * (coefficients[t] as number);
    coefficients = next;
  }
  return coefficients;
}

/** the list of rates of an ok result; fails the test otherwise */
function rateList(result: RateResult): number[] {
  if (!result.ok) throw new Error(`expected rates, got ${result.reason}`);
  return result.rates;
}

/**
 * NPV at `rate` relative to the size of the discounted flows, Σ aₜvᵗ / Σ |aₜ|vᵗ, computed in log
 * space so that rates near −1 on long series cannot overflow. With `moment` 1 each term is weighted
 * by t: the NPV's slope in ln(1 + r), relative, which is ~0 where the NPV only touches 0.
 */
function relativeNpv(rate: number, flows: readonly number[], moment: 0 | 1 = 0): number {
  const logV = -Math.log1p(rate);
  let top = Number.NEGATIVE_INFINITY;
  for (let t = 0; t < flows.length; t++) {
    const a = flows[t] as number;
    if (a !== 0) top = Math.max(top, Math.log(Math.abs(a)) + t * logV);
  }
  let sum = 0;
  let size = 0;
  for (let t = 0; t < flows.length; t++) {
    const a = flows[t] as number;
    if (a === 0) continue;
    const term = Math.exp(Math.log(Math.abs(a)) + t * logV - top) * t ** moment;
    sum += Math.sign(a) * term;
    size += term;
  }
  return sum / size;
}

describe('npv', () => {
  it('discounts from the first flow, which is not discounted (JSDoc example)', () => {
    // −1000 + 300/1.1 + 400/1.21 + 500/1.331 = −1000 + 272.7273 + 330.5785 + 375.6574 = −21.0368
    expect(npv(0.1, [-1000, 300, 400, 500])).toBeCloseTo(-21.036814425, 9);
  });

  it("equals Excel's NPV times (1 + r), i.e. a₀ + NPV(r, a₁ …)", () => {
    // Excel NPV(10%, 300, 400, 500) = 978.9631856; + (−1000) = −21.0368144
    const excelNpvOfRest = 300 / 1.1 + 400 / 1.1 ** 2 + 500 / 1.1 ** 3;
    expect(excelNpvOfRest).toBeCloseTo(978.963185575, 9);
    expect(npv(0.1, [-1000, 300, 400, 500])).toBeCloseTo(-1000 + excelNpvOfRest, 9);
  });

  it('is the plain sum at rate 0 and the first flow alone for a single flow', () => {
    expect(npv(0, [-1000, 300, 400, 500])).toBe(200);
    expect(npv(0.25, [42])).toBe(42);
  });

  it('handles negative rates above −1', () => {
    // −100 + 50/0.5 = 0
    expect(npv(-0.5, [-100, 50])).toBe(0);
  });

  it('rejects invalid input with UnderwritingInputError', () => {
    expect(() => npv(Number.NaN, [1])).toThrow(UnderwritingInputError);
    expect(() => npv(-1, [1, 2])).toThrow(/rate/);
    expect(() => npv(-1.5, [1, 2])).toThrow(UnderwritingInputError);
    expect(() => npv(Number.POSITIVE_INFINITY, [1])).toThrow(UnderwritingInputError);
    expect(() => npv(0.1, [])).toThrow(UnderwritingInputError);
    expect(() => npv(0.1, [1, Number.NaN])).toThrow(/flows\[1\]/);
    expect(() => npv(0.1, [Number.NEGATIVE_INFINITY])).toThrow(UnderwritingInputError);
  });

  it('throws rather than return Infinity when the NPV overflows', () => {
    // 1e300 / (1e-10)^360 is far beyond float64
    expect(() => npv(-1 + 1e-10, [0, ...Array<number>(359).fill(0), 1e300])).toThrow(UnderwritingInputError);
  });
});

describe('irr', () => {
  it('solves one period exactly (JSDoc example)', () => {
    // −100 + 110/(1 + r) = 0 → r = 110/100 − 1 = 0.1
    expect(irr([-100, 110])).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 14),
      multipleRoots: false,
      rates: [expect.closeTo(0.1, 14)],
    });
  });

  it('solves a three-year project (JSDoc example)', () => {
    // −1000 + 300/1.0889634 + 400/1.0889634² + 500/1.0889634³ = −1000 + 275.4912 + 337.3136 + 387.1952 ≈ 0
    const rate = rateOf(irr([-1000, 300, 400, 500]));
    expect(rate).toBeCloseTo(0.0889633947, 10);
    expect(npv(rate, [-1000, 300, 400, 500])).toBeCloseTo(0, 9);
  });

  it('lists every root and flags several roots (JSDoc example)', () => {
    // −100 + 230/(1+r) − 132/(1+r)² = 0 ⇔ −100(1+r)² + 230(1+r) − 132 = 0 ⇔ 1+r ∈ {1.1, 1.2}
    expect(npv(0.1, [-100, 230, -132])).toBeCloseTo(0, 10);
    expect(npv(0.2, [-100, 230, -132])).toBeCloseTo(0, 10);
    // a loss (Σ = −2) points below 0, where there is no root: the one nearest 0
    const both = [expect.closeTo(0.1, 12), expect.closeTo(0.2, 12)];
    expect(irr([-100, 230, -132])).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 12),
      multipleRoots: true,
      rates: both,
    });
    // the same flows with signs flipped have the same rates
    expect(irr([100, -230, 132])).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 12),
      multipleRoots: true,
      rates: both,
    });
  });

  it('solves a loan: its rate is the one the payment was computed at', () => {
    // borrow 10 000, repay pmt(0.08/12, 120, 10000) = −121.3276 a month for 120 months
    const payment = pmt(0.08 / 12, 120, 10000);
    const flows = [10000, ...Array<number>(120).fill(payment)];
    expect(irr(flows)).toEqual({
      ok: true,
      rate: expect.closeTo(0.08 / 12, 13),
      multipleRoots: false,
      rates: [expect.closeTo(0.08 / 12, 13)],
    });
  });

  it('solves a 30-year monthly deal with a negative month inside (running totals cross zero once)', () => {
    // −60 000, then 450 a month growing 0.2 % a month, −300 every 7th month, sale of 90 000 at the end
    const flows = [-60000];
    for (let m = 1; m <= 360; m++) flows.push((m % 7 === 0 ? -300 : 450) * (1 + 0.002 * m));
    flows[360] = (flows[360] as number) + 90000;
    const rate = rateOf(irr(flows));
    expect(rate).toBeCloseTo(0.00729707816, 10);
    expect(irr(flows)).toMatchObject({ multipleRoots: false });
    expect(Math.abs(relativeNpv(rate, flows))).toBeLessThan(1e-12);
  });

  it('shows the root on the side of 0 that the profit points to, not the nearest one', () => {
    // rates −0.1 and 0.2: (1 − 0.9v)(1 − 1.2v)·(−100) = −100 + 210v − 108v². An outlay with a
    // profit (Σ = +2) earns more than 0 %: 0.2, though −0.1 is nearer 0
    expect(irr([-100, 210, -108])).toEqual({
      ok: true,
      rate: expect.closeTo(0.2, 12),
      multipleRoots: true,
      rates: [expect.closeTo(-0.1, 12), expect.closeTo(0.2, 12)],
    });
    // a loan (money in first) that costs more than it lends (Σ = −2): its rate is above 0 too
    expect(irr([100, -210, 108])).toMatchObject({ rate: expect.closeTo(0.2, 12) });
    // rates −0.3 and 0.2, profit 6: (1 − 0.7v)(1 − 1.2v)·(−100) = −100 + 190v − 84v²
    expect(irr([-100, 190, -84])).toMatchObject({ rate: expect.closeTo(0.2, 12), multipleRoots: true });
    // rates −0.1, 0.2 and 0.3: −100(1 − 0.9v)(1 − 1.2v)(1 − 1.3v) sums to −100·0.1·0.2·0.3 = −0.6, a
    // loss, which points below 0: −0.1
    expect(irr(flowsWithRates([-0.1, 0.2, 0.3]))).toEqual({
      ok: true,
      rate: expect.closeTo(-0.1, 10),
      multipleRoots: true,
      rates: [-0.1, 0.2, 0.3].map((r) => expect.closeTo(r, 10)),
    });
  });

  it('shows +100.4 %, not −99.98 %, for an outlay returned ~10 times (numpy-financial issue 44)', () => {
    // Σ = +16 353.28 on an outlay of 1678.87; Google Sheets gives 1.00426
    const flows = [-1678.87, 771.96, 1814.05, 3520.3, 3552.95, 3584.99, 4789.91, -1];
    const result = irr(flows);
    expect(result).toMatchObject({ ok: true, rate: expect.closeTo(1.0042698487, 9), multipleRoots: true });
    const rates = rateList(result);
    expect(rates).toHaveLength(2);
    expect(rates[0]).toBeCloseTo(-0.9998, 4);
    for (const r of rates) expect(Math.abs(relativeNpv(r, flows))).toBeLessThan(1e-12);
  });

  it('finds close roots near 0 in a long series (the gap behind pyxirr random_1000)', () => {
    // rates −1.37 %, −0.32 %, +0.5 %, +80 %, times (1 + v^500), which adds no positive root in v but
    // makes F turn on a scale of 1/500 in ln(1 + r). A grid whose first step ignores the span
    // (8.1/48 = 0.17 here) put −1.37 % and −0.32 % in one step with F′ of one sign at both ends
    // and returned +0.5 %, breaking "nearest 0"; a first step of 1/(8·span) finds all four.
    const planted = [-0.0137, -0.0032, 0.005, 0.8];
    const base = flowsWithRates(planted);
    const flows = [...base, ...Array<number>(500).fill(0)];
    for (let t = 0; t < base.length; t++) flows[t + 500] = (flows[t + 500] as number) + (base[t] as number);
    const result = irr(flows);
    expect(rateList(result)).toEqual(planted.map((r) => expect.closeTo(r, 8)));
    // a loss (Σ < 0) on an outlay points below 0: the negative rate nearest 0
    expect(result).toMatchObject({ rate: expect.closeTo(-0.0032, 8) });
  });

  it('finds three roots and returns the one nearest 0', () => {
    // rates 0.1, 0.2, 0.3: −100·(1 − 1.1v)(1 − 1.2v)(1 − 1.3v) = −100 + 360v − 431v² + 171.6v³
    const flows = flowsWithRates([0.3, 0.1, 0.2]);
    expect(flows).toEqual([-100, 360, expect.closeTo(-431, 10), expect.closeTo(171.6, 10)]);
    expect(irr(flows)).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 10),
      multipleRoots: true,
      rates: [0.1, 0.2, 0.3].map((r) => expect.closeTo(r, 10)),
    });
  });

  it('finds two roots closer together than the scan step', () => {
    // rates 0.1 and 0.1001 differ by 1e-4 in ln(1 + r), far below the grid step
    const flows = flowsWithRates([0.1001, 0.1]);
    expect(irr(flows)).toMatchObject({ ok: true, rate: expect.closeTo(0.1, 9), multipleRoots: true });
    expect(rateList(irr(flows))).toEqual([expect.closeTo(0.1, 9), expect.closeTo(0.1001, 9)]);
  });

  it('returns rate 0 exactly when the flows sum to 0', () => {
    // −100 + 50 + 50 = 0 at r = 0, one sign change so the only root
    expect(irr([-100, 50, 50])).toEqual({ ok: true, rate: 0, multipleRoots: false, rates: [0] });
    // −100 + 230v − 130v² = −100(1 − v)(1 − 1.3v): rates 0 and 0.3
    expect(irr([-100, 230, -130])).toEqual({
      ok: true,
      rate: 0,
      multipleRoots: true,
      rates: [0, expect.closeTo(0.3, 12)],
    });
    // −(1 − v)²: a double root at 0 is one rate
    expect(irr([-1, 2, -1])).toEqual({ ok: true, rate: 0, multipleRoots: false, rates: [0] });
  });

  it('solves negative rates and the first flow being positive', () => {
    // 5 − 3/(1 + r) = 0 → 1 + r = 0.6
    expect(irr([5, -3])).toMatchObject({ ok: true, rate: expect.closeTo(-0.4, 14), multipleRoots: false });
    // −100 + 60 = lost 40 %
    expect(irr([-100, 60])).toMatchObject({ ok: true, rate: expect.closeTo(-0.4, 14), multipleRoots: false });
  });

  it('solves rates near −1 and very large rates without leaving (−1, ∞)', () => {
    // −10 + 1e-30/(1+r)³ = 0 → 1 + r = (1e-31)^(1/3) = 4.6416e-11
    expect(rateOf(irr([-10, 0, 0, 1e-30]))).toBeCloseTo(Math.cbrt(1e-31) - 1, 15);
    expect(rateOf(irr([-10, 0, 0, 1e-30]))).toBeGreaterThan(-1);
    // 1e-30 − 5/(1+r)² = 0 → 1 + r = √(5e30) = 2.236e15
    expect(rateOf(irr([1e-30, 0, -5])) / (Math.sqrt(5e30) - 1)).toBeCloseTo(1, 12);
  });

  it('reports no rate, never −1, when 1 + r is below what float64 can hold', () => {
    // −1 + 1e-300/(1+r) = 0 → r = 1e-300 − 1, which rounds to −1
    expect(irr([-1, 1e-300])).toEqual({ ok: false, reason: 'no-root' });
  });

  it('reports same-sign when there is no inflow or no outflow', () => {
    expect(irr([-100, -50])).toEqual({ ok: false, reason: 'same-sign' });
    expect(irr([100, 0, 50])).toEqual({ ok: false, reason: 'same-sign' });
    expect(irr([0, 0])).toEqual({ ok: false, reason: 'same-sign' });
    expect(irr([-100])).toEqual({ ok: false, reason: 'same-sign' });
  });

  it('reports no-root when both signs are present but no rate solves it', () => {
    // −100 + 50v − 100v² < 0 for every v > 0 (discriminant 2500 − 40000 < 0)
    expect(irr([-100, 50, -100])).toEqual({ ok: false, reason: 'no-root' });
  });

  it('ignores leading and trailing zero flows (they shift or extend the polynomial)', () => {
    expect(rateOf(irr([0, 0, -100, 110, 0]))).toBeCloseTo(0.1, 14);
  });

  it('rejects invalid input with UnderwritingInputError', () => {
    expect(() => irr([])).toThrow(UnderwritingInputError);
    expect(() => irr([-1, Number.NaN, 2])).toThrow(/flows\[1\]/);
    expect(() => irr([-1, Number.POSITIVE_INFINITY])).toThrow(UnderwritingInputError);
    expect(() => irr([-Number.MAX_VALUE, Number.MAX_VALUE, Number.MAX_VALUE])).toThrow(
      UnderwritingInputError,
    );
  });
});

describe('mirr', () => {
  it("matches Excel's definition (JSDoc example)", () => {
    // FV⁺ at 12 % = 39000·1.12⁴ + 30000·1.12³ + 21000·1.12² + 37000·1.12 + 46000; PV⁻ at 10 % = −120 000
    const fv = 39000 * 1.12 ** 4 + 30000 * 1.12 ** 3 + 21000 * 1.12 ** 2 + 37000 * 1.12 + 46000;
    expect(fv).toBeCloseTo(217297.5, 2);
    expect(mirr([-120000, 39000, 30000, 21000, 37000, 46000], 0.1, 0.12)).toBeCloseTo(
      (fv / 120000) ** 0.2 - 1,
      12,
    );
    expect(mirr([-120000, 39000, 30000, 21000, 37000, 46000], 0.1, 0.12)).toBeCloseTo(0.1260941304, 10);
  });

  it('gives one rate where irr has several, and null without both signs', () => {
    // numpy-financial issue 44's flows have rates −99.98 % and +100.4 %; at 10 %/10 % one answer
    const flows = [-1678.87, 771.96, 1814.05, 3520.3, 3552.95, 3584.99, 4789.91, -1];
    const outflow = -1678.87 - 1 / 1.1 ** 7;
    const inflow = [771.96, 1814.05, 3520.3, 3552.95, 3584.99, 4789.91].reduce(
      (sum, a, i) => sum + a * 1.1 ** (6 - i),
      0,
    );
    expect(mirr(flows, 0.1, 0.1)).toBeCloseTo((inflow / -outflow) ** (1 / 7) - 1, 12);
    expect(mirr([100, 200], 0.1, 0.1)).toBeNull();
    expect(() => mirr([-1, 2], -1, 0.1)).toThrow(UnderwritingInputError);
  });
});

describe('roots', () => {
  const quadratic: Curve = {
    slope: 0,
    at(x: number) {
      const v = Math.exp(-x);
      this.slope = -230 * v + 264 * v * v;
      return -100 + 230 * v - 132 * v * v;
    },
  };

  it('reads sign changes of the flows and of their running totals (flowShape JSDoc example)', () => {
    // running totals −100, 130, −2 (2 changes); from the end −132, 98, −2 (2 changes)
    expect(flowShape([-100, 230, -132], 3)).toMatchObject({
      changes: 2,
      forward: 2,
      backward: 2,
      total: -2,
      magnitude: 462,
    });
    // a typical deal: one change, running totals −100, −50, 10 cross zero once → one rate above 0
    expect(flowShape([-100, 50, 60], 3)).toMatchObject({ changes: 1, forward: 1, backward: 0, total: 10 });
  });

  it('bounds the roots: beyond xHigh the first flow outweighs the rest', () => {
    // [-100, 110]: root x = ln 1.1 and the bound ln(110/100)/1 is exactly it
    expect(flowShape([-100, 110], 2).xHigh).toBeCloseTo(Math.log(1.1), 15);
    // the two-lump guess is exact for two flows
    expect(flowShape([-100, 110], 2).guess).toBeCloseTo(Math.log(1.1), 15);
  });

  it('refines a bracketed root (refine JSDoc example)', () => {
    const curve: Curve = {
      slope: 0,
      at(x: number) {
        this.slope = -110 * Math.exp(-x);
        return -100 + 110 * Math.exp(-x);
      },
    };
    // F(0) = 10, F(1) = −100 + 110/e = −59.53; root ln 1.1 = 0.0953101798
    expect(refine(curve, 0, 10, 1, -59.53, 0)).toBeCloseTo(Math.log(1.1), 15);
  });

  it('solves a curve and lists its rates (solveRate JSDoc example)', () => {
    expect(solveRate(quadratic, flowShape([-100, 230, -132], 3))).toEqual({
      ok: true,
      rate: expect.closeTo(0.1, 12),
      multipleRoots: true,
      rates: [expect.closeTo(0.1, 12), expect.closeTo(0.2, 12)],
    });
  });

  it('chooses by the way the profit points, else nearest 0 (chooseRate JSDoc example)', () => {
    // an outlay returned ~10×: profit → above 0
    expect(chooseRate([-0.99979, 1.00427], 16354.28, -1)).toBe(1.00427);
    // a loss on an outlay points below 0, where there is none: nearest 0
    expect(chooseRate([0.1, 0.2], -2, -1)).toBe(0.1);
    // a loss on an outlay with rates on both sides: the negative one nearest 0
    expect(chooseRate([-0.5, -0.2, 0.05], -2, -1)).toBe(-0.2);
    // a loan (lead +1) repaid with more than it lent (Σ < 0) costs a positive rate
    expect(chooseRate([-0.01, 0.3, 0.4], -5, 1)).toBe(0.3);
  });
});

describe('properties', () => {
  /** money in cents, as the model produces it: −$1M … $1M */
  const amount = fc.integer({ min: -1e8, max: 1e8 }).map((cents) => cents / 100);
  const flows = fc.array(amount, { minLength: 1, maxLength: 120 });
  /** deal-like: an outlay, then mostly positive monthly flows with some negatives, then a sale */
  const deal = fc
    .tuple(
      fc.integer({ min: 1e5, max: 1e8 }).map((cents) => cents / 100),
      fc.array(
        fc.integer({ min: -2e5, max: 5e5 }).map((cents) => cents / 100),
        { minLength: 1, maxLength: 360 },
      ),
      fc.integer({ min: 0, max: 2e8 }).map((cents) => cents / 100),
    )
    .map(([outlay, monthly, sale]) => {
      const result = [-outlay, ...monthly];
      result[result.length - 1] = (result[result.length - 1] as number) + sale;
      return result;
    });

  it('NPV at the returned rate is ~0 relative to the size of the discounted flows', () => {
    fc.assert(
      fc.property(fc.oneof(flows, deal), (f) => {
        const result = irr(f);
        if (!result.ok) return;
        // rounding r to float64 moves ln(1 + r) by up to 1.2e-16·max(1, |r|)/(1 + r) and the relative
        // NPV by that times the number of periods: near r = −1 that is all the precision there is
        const representable = (f.length * 1.2e-16 * Math.max(1, Math.abs(result.rate))) / (1 + result.rate);
        expect(Math.abs(relativeNpv(result.rate, f))).toBeLessThan(1e-9 + representable);
      }),
      { numRuns: 500 },
    );
  });

  it('never returns NaN, Infinity or a rate ≤ −1', () => {
    fc.assert(
      fc.property(fc.oneof(flows, deal), (f) => {
        const result = irr(f);
        if (result.ok) {
          expect(Number.isFinite(result.rate)).toBe(true);
          expect(result.rate).toBeGreaterThan(-1);
        } else {
          expect(['same-sign', 'no-root']).toContain(result.reason);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('finds a rate whenever the flows have exactly one sign change', () => {
    fc.assert(
      fc.property(deal, (f) => {
        const shape = flowShape(f, f.length);
        if (shape.changes !== 1 || shape.total === 0) return;
        const result = irr(f);
        expect(result.ok).toBe(true);
        expect(result).toMatchObject({ multipleRoots: false });
      }),
      { numRuns: 300 },
    );
  });

  it('scaling every flow by k ≠ 0 leaves the rate unchanged', () => {
    fc.assert(
      fc.property(
        fc.oneof(flows, deal),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        fc.boolean(),
        (f, size, negate) => {
          const k = negate ? -size : size;
          const base = irr(f);
          const scaled = irr(f.map((a) => a * k));
          // at a double root (the NPV touches 0 without crossing) float64 places the rate to ~1e-8
          // and rounding decides whether it is found at all: the law is for rates it can tell apart
          const touches = (result: RateResult) =>
            result.ok && Math.abs(relativeNpv(result.rate, f, 1)) < 1e-6;
          if (touches(base) || touches(scaled)) return;
          expect(scaled.ok).toBe(base.ok);
          if (base.ok && scaled.ok) {
            expect(Math.abs(scaled.rate - base.rate)).toBeLessThanOrEqual(
              1e-9 * Math.max(1, Math.abs(base.rate)),
            );
            expect(scaled.multipleRoots).toBe(base.multipleRoots);
          }
        },
      ),
      // −0.01·(v − 4)²: a double root at r = −0.75, missed unscaled and found scaled (seed 6214)
      { numRuns: 300, examples: [[[-0.16, 0.08, -0.01], 917.0982893851228, true]] },
    );
  });

  it('recovers planted rates: all of up to three distinct rates, and shows the one the profit points to', () => {
    // rates on a lattice 0.25 apart in ln(1 + r) (−86 % … +249 %), at least two scan steps apart;
    // three rates inside one step can look like one (see scanSide in roots.ts)
    const planted = fc.uniqueArray(fc.integer({ min: -8, max: 5 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(planted, (steps) => {
        const rates = steps.map((k) => Math.expm1(k / 4)).sort((a, b) => a - b);
        const flows = flowsWithRates(rates);
        // an outlay (−100 first): a profit points above 0, a loss below; else the nearest 0
        const profit = flows.reduce((sum, a) => sum + a, 0) > 0;
        const nearest = rates.reduce((best, r) => (Math.abs(r) < Math.abs(best) ? r : best));
        const above = rates.find((r) => r > 0);
        const below = rates.filter((r) => r < 0).at(-1);
        // a planted 0 makes Σ = 0: r = 0 is a rate and none is nearer
        const shown = rates.includes(0) ? 0 : ((profit ? above : below) ?? nearest);
        expect(irr(flows)).toEqual({
          ok: true,
          rate: expect.closeTo(shown, 7),
          multipleRoots: rates.length > 1,
          rates: rates.map((r) => expect.closeTo(r, 7)),
        });
      }),
      { numRuns: 300 },
    );
  });
});
