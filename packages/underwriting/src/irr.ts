import { UnderwritingInputError } from './errors.js';
import { type Curve, flowShape, type RateResult, solveRate } from './roots.js';

export type { RateResult } from './roots.js';

function checkFlows(flows: readonly number[]): void {
  if (!Array.isArray(flows) || flows.length === 0) {
    throw new UnderwritingInputError('flows', 'must be a non-empty array of finite numbers');
  }
  for (let t = 0; t < flows.length; t++) {
    if (!Number.isFinite(flows[t])) {
      throw new UnderwritingInputError(`flows[${t}]`, 'must be a finite number');
    }
  }
}

/**
 * Net present value of flows one period apart, the first at time 0 and not discounted:
 *
 *   npv(r, a) = Σₜ aₜ / (1 + r)ᵗ,  t = 0 … n − 1
 *
 * evaluated by Horner's scheme in v = 1 / (1 + r). This is numpy-financial's `npv`. Excel's
 * `NPV(r, a₀, …)` discounts its first value by one period, so `npv(r, a) = NPV(r, a) · (1 + r)`,
 * and the usual spreadsheet form `a₀ + NPV(r, a₁, …)` equals `npv(r, a)`.
 *
 * Throws `UnderwritingInputError` for an empty or non-finite flow, a rate that is not a finite
 * number above −1, or a result too large for float64.
 *
 * @example
 * npv(0.1, [-1000, 300, 400, 500]);
 * // −1000 + 300/1.1 + 400/1.21 + 500/1.331 = −1000 + 272.7273 + 330.5785 + 375.6574 = −21.0368
 */
export function npv(rate: number, flows: readonly number[]): number {
  if (!Number.isFinite(rate) || rate <= -1) {
    throw new UnderwritingInputError('rate', 'must be a finite number above -1');
  }
  checkFlows(flows);
  const v = 1 / (1 + rate);
  let value = flows[flows.length - 1] as number;
  for (let t = flows.length - 2; t >= 0; t--) value = value * v + (flows[t] as number);
  if (!Number.isFinite(value)) {
    throw new UnderwritingInputError('rate', 'is so close to -1 that the NPV overflows');
  }
  return value;
}

/**
 * NPV of whole-period flows as a function of x = ln(1 + r), scaled so it cannot overflow:
 * for x ≥ 0 it is Σ aₜ·vᵗ with v = e^(−x) ≤ 1; for x < 0 it is Σ aₜ·w^(n−t) with w = e^x < 1,
 * which is the same NPV times the positive factor (1 + r)ⁿ.
 *
 * Both are polynomials p(z) = Σ cⱼ·zʲ with z ≤ 1, evaluated by Horner's scheme split into its even
 * and odd coefficients, p(z) = E(z²) + z·O(z²), so that two independent chains run side by side
 * (half the latency of one chain), each carrying its derivative along.
 */
class PeriodicCurve implements Curve {
  slope = 0;

  constructor(private readonly flows: readonly number[]) {}

  at(x: number): number {
    const a = this.flows;
    const n = a.length - 1;
    let even = 0;
    let odd = 0;
    let dEven = 0;
    let dOdd = 0;
    if (x >= 0) {
      // cⱼ = aⱼ
      const z = Math.exp(-x);
      const u = z * z;
      let k = n >> 1;
      if ((n & 1) === 0) {
        even = a[n] as number;
      } else {
        even = a[n - 1] as number;
        odd = a[n] as number;
      }
      for (k--; k >= 0; k--) {
        dEven = dEven * u + even;
        even = even * u + (a[2 * k] as number);
        dOdd = dOdd * u + odd;
        odd = odd * u + (a[2 * k + 1] as number);
      }
      // dp/dz = 2z·(E′ + z·O′) + O; dz/dx = −z
      this.slope = -z * (2 * z * (dEven + z * dOdd) + odd);
      return even + z * odd;
    }
    // cⱼ = a₍ₙ₋ⱼ₎
    const z = Math.exp(x);
    const u = z * z;
    let k = n >> 1;
    if ((n & 1) === 0) {
      even = a[0] as number;
    } else {
      even = a[1] as number;
      odd = a[0] as number;
    }
    for (k--; k >= 0; k--) {
      dEven = dEven * u + even;
      even = even * u + (a[n - 2 * k] as number);
      dOdd = dOdd * u + odd;
      odd = odd * u + (a[n - 2 * k - 1] as number);
    }
    // dz/dx = z
    this.slope = z * (2 * z * (dEven + z * dOdd) + odd);
    return even + z * odd;
  }
}

/**
 * Internal rate of return of flows one period apart: the periodic rate r > −1 with
 *
 *   Σₜ aₜ / (1 + r)ᵗ = 0   (t = 0 … n − 1, i.e. `npv(r, flows) = 0`).
 *
 * `rates` lists every rate found, ascending. When there are several, `multipleRoots` is true and
 * `rate` is the one the profit points to (roots.ts `chooseRate`): for an outlay that makes a
 * profit the lowest positive rate, for a loss the negative rate nearest 0 (a loan the reverse),
 * else the nearest 0. No
 * positive or no negative flow gives `{ ok: false, reason: 'same-sign' }`; flows with both signs
 * but no rate (e.g. [-100, 50, -100]) give `reason: 'no-root'`. Never a guess, never a rate ≤ −1,
 * never NaN or Infinity. Flows whose running totals change sign once (most deals) are solved
 * directly on a bracket; see roots.ts for how the number of rates is bounded.
 *
 * Throws `UnderwritingInputError` for an empty array or a non-finite flow.
 *
 * @example
 * irr([-100, 110]); // → { ok: true, rate: 0.1, multipleRoots: false, rates: [0.1] }   (−100 + 110/1.1 = 0)
 * irr([-1000, 300, 400, 500]); // → rate 0.0889633947   (npv at 0.0889633947 ≈ 0)
 * irr([-100, 230, -132]); // → { ok: true, rate: 0.1, multipleRoots: true, rates: [0.1, 0.2] }
 * // (a loss, Σ = −2, points below 0 where there is no rate: the nearest 0)
 */
export function irr(flows: readonly number[]): RateResult {
  if (!Array.isArray(flows) || flows.length === 0) checkFlows(flows);
  const shape = flowShape(flows, flows.length);
  if (!Number.isFinite(shape.magnitude)) {
    checkFlows(flows);
    throw new UnderwritingInputError('flows', 'must have a finite sum of absolute values');
  }
  if (shape.changes === 0) return { ok: false, reason: 'same-sign' };
  return solveRate(new PeriodicCurve(flows), shape);
}

/**
 * Modified internal rate of return, Excel's `MIRR`: outflows are financed at `financeRate` and
 * inflows reinvested at `reinvestRate`, which gives one rate whatever the signs do:
 *
 *   mirr = (FV⁺ / −PV⁻)^(1/(n − 1)) − 1,  FV⁺ = Σ_{aₜ>0} aₜ·(1 + reinvest)^(n−1−t),
 *                                          PV⁻ = Σ_{aₜ<0} aₜ / (1 + finance)ᵗ
 *
 * with t = 0 … n − 1. Beside an `irr` with several rates it answers "what did this earn, given
 * what my money costs and earns elsewhere". `null` when there is no inflow or no outflow (Excel:
 * #DIV/0!).
 *
 * Throws `UnderwritingInputError` for an empty or non-finite flow or a rate that is not a finite
 * number above −1.
 *
 * @example
 * mirr([-120000, 39000, 30000, 21000, 37000, 46000], 0.1, 0.12); // → 0.1260941304
 * // FV⁺ = 39000·1.12⁴ + 30000·1.12³ + 21000·1.12² + 37000·1.12 + 46000 = 217 297.50; PV⁻ = −120 000
 * // (217 297.50 / 120 000)^(1/5) − 1 = 0.126094
 */
export function mirr(flows: readonly number[], financeRate: number, reinvestRate: number): number | null {
  if (!Number.isFinite(financeRate) || financeRate <= -1) {
    throw new UnderwritingInputError('financeRate', 'must be a finite number above -1');
  }
  if (!Number.isFinite(reinvestRate) || reinvestRate <= -1) {
    throw new UnderwritingInputError('reinvestRate', 'must be a finite number above -1');
  }
  checkFlows(flows);
  const n = flows.length;
  let inflows = 0;
  let outflows = 0;
  for (let t = 0; t < n; t++) {
    const a = flows[t] as number;
    if (a > 0) inflows += a * Math.exp((n - 1 - t) * Math.log1p(reinvestRate));
    else if (a < 0) outflows += a * Math.exp(-t * Math.log1p(financeRate));
  }
  if (inflows === 0 || outflows === 0) return null;
  const rate = Math.expm1(Math.log(inflows / -outflows) / (n - 1));
  if (!Number.isFinite(rate)) {
    throw new UnderwritingInputError('flows', 'are too large for float64 at these rates');
  }
  return rate;
}
