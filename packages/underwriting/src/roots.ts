/**
 * The root finder shared by `irr` (periodic) and `xirr` (calendar).
 *
 * Both solve NPV(r) = Σ aᵢ·(1 + r)^(−tᵢ) = 0 for r > −1. Everything here works in
 * x = ln(1 + r), which maps r ∈ (−1, ∞) onto the whole real line, so no iterate can leave the
 * domain, and NPV becomes a sum of exponentials F(x) = Σ aᵢ·e^(−x·tᵢ).
 *
 * How many roots there can be is known before any search:
 * - Descartes' rule of signs (Laguerre's form, which allows real exponents): the number of roots
 *   is at most the number of sign changes of the flows in time order.
 * - Norström's criterion: the number of roots with r > 0 is at most the number of sign changes
 *   of the running totals A_k = a₀ + … + a_k, and the number with −1 < r < 0 is at most the
 *   number of sign changes of the running totals taken from the last flow backwards. (F(x) for
 *   x > 0 is x times the Laplace transform of the step function A(t), and that kernel is totally
 *   positive, so the rule holds for calendar times as well as whole periods.)
 *
 * So the usual deal (one sign change, or running totals that cross zero once) is solved directly
 * on a bracket; only a region whose running totals change sign twice or more is scanned.
 */

/**
 * The outcome of `irr` and `xirr`: a rate, or the reason there is none. `rates` lists every rate
 * found, ascending (one for most deals); with several, `multipleRoots` is true and `rate` is the
 * one chosen by {@link chooseRate}.
 *
 * @example
 * irr([-100, 110]); // { ok: true, rate: 0.1, multipleRoots: false, rates: [0.1] }
 * irr([-100, -50]); // { ok: false, reason: 'same-sign' }
 */
export type RateResult =
  | { ok: true; rate: number; multipleRoots: boolean; rates: number[] }
  | { ok: false; reason: 'same-sign' | 'no-root' };

/**
 * NPV seen through x = ln(1 + r), multiplied by a positive factor of the implementer's choice
 * (so it cannot overflow): `at(x)` returns F(x) and leaves dF/dx in `slope`. The factor must be 1
 * at x = 0, so F(0) is the plain sum of the flows.
 *
 * @example
 * // [-100, 110] one period apart: F(x) = −100 + 110·e^(−x), F′(x) = −110·e^(−x); F(ln 1.1) = 0
 * const curve: Curve = { slope: 0, at(x) { this.slope = -110 * Math.exp(-x); return -100 + 110 * Math.exp(-x); } };
 */
export interface Curve {
  at(x: number): number;
  slope: number;
}

/**
 * What the flows alone say about their rates.
 *
 * @example
 * flowShape([-100, 230, -132], 3); // { changes: 2, forward: 2, backward: 2, total: -2, magnitude: 462, … }
 */
export interface FlowShape {
  /** sign changes of the flows in time order (Descartes' bound on the number of rates) */
  changes: number;
  /** sign changes of the running totals from the first flow: bound on the rates r > 0 */
  forward: number;
  /** sign changes of the running totals from the last flow: bound on the rates −1 < r < 0 */
  backward: number;
  /** Σ aᵢ, which is NPV at r = 0 */
  total: number;
  /** Σ |aᵢ| */
  magnitude: number;
  /** no root has x = ln(1 + r) above this (Cauchy-type bound from the first flow) */
  xHigh: number;
  /** no root has x below this (bound from the last flow) */
  xLow: number;
  /** starting point: the x that solves the flows lumped into one outflow and one inflow */
  guess: number;
  /** sign of the first non-zero flow: −1 for an investment (money out first), 1 for a loan */
  lead: number;
  /** time from the first to the last non-zero flow (periods, or years for dated flows) */
  span: number;
}

/** Smallest x whose rate e^x − 1 is still above −1 in float64. */
const X_MIN = -36;
/** Largest x searched; e^x − 1 stays finite. */
const X_MAX = 700;
/**
 * The scan's first step in x, times the span T of the flows: F(x) = Σ aᵢ·e^(−x·tᵢ) can turn within
 * Δx ≈ 1/T, so the grid starts at 1/(8T) and grows by GROWTH per step, keeping a fine grid where
 * rates are near 0 and ~150 points per side whatever the span.
 */
const FIRST_STEP = 1 / 8;
/** each step is this fraction of the distance from 0 (once that exceeds the first step) */
const GROWTH = 1 / 16;
const MAX_ITERATIONS = 200;
/** relative precision wanted in x = ln(1 + r), a few ulps */
const TOLERANCE = 4e-16;

const sign = (value: number): number => (value > 0 ? 1 : value < 0 ? -1 : 0);
const timeAt = (times: ArrayLike<number> | undefined, i: number): number =>
  times === undefined ? i : (times[i] as number);

/**
 * Reads the flows: sign changes of the flows and of their running totals in both directions, the
 * sums, a starting guess and bounds on x = ln(1 + r) beyond which no root can lie. One pass, plus a
 * second only when the flows change sign more than once (with one change, the running totals
 * change sign at most once each way, and whether they do follows from the first, last and total).
 *
 * With a = the flows (zeros ignored), tᵢ their times (index i when `times` is omitted):
 * - xHigh = ln((Σ|a| − |a_first|) / |a_first|) / (t_second − t_first): beyond it the first flow
 *   outweighs all others, so F keeps its sign; xLow likewise from the last flow.
 * - guess = ln(P / N) / (t̄_P − t̄_N), with P, N the inflows and outflows and t̄ their
 *   amount-weighted mean times (exact for two flows).
 *
 * A NaN or infinite flow makes `magnitude` non-finite, which callers check instead of a
 * separate validation pass.
 *
 * @example
 * flowShape([-100, 230, -132], 3);
 * // changes 2; running totals −100, 130, −2 → forward 2; from the end −132, 98, −2 → backward 2;
 * // total −2, magnitude 462
 */
export function flowShape(amounts: ArrayLike<number>, count: number, times?: ArrayLike<number>): FlowShape {
  let changes = 0;
  let lastSign = 0;
  let inflow = 0;
  let inflowTime = 0;
  let outflow = 0;
  let outflowTime = 0;
  let invalid = false;
  let first = -1;
  let second = -1;
  let last = -1;
  let beforeLast = -1;
  for (let i = 0; i < count; i++) {
    const a = amounts[i] as number;
    if (a > 0) {
      inflow += a;
      inflowTime += a * (times === undefined ? i : (times[i] as number));
      if (lastSign < 0) changes++;
      lastSign = 1;
    } else if (a < 0) {
      outflow -= a;
      outflowTime -= a * (times === undefined ? i : (times[i] as number));
      if (lastSign > 0) changes++;
      lastSign = -1;
    } else {
      if (a !== 0) invalid = true;
      continue;
    }
    if (first < 0) first = i;
    else if (second < 0) second = i;
    beforeLast = last;
    last = i;
  }
  const total = inflow - outflow;
  const magnitude = invalid ? Number.NaN : inflow + outflow;
  let forward = 0;
  let backward = 0;
  if (changes === 1) {
    forward = sign(total) === -sign(amounts[first] as number) ? 1 : 0;
    backward = sign(total) === -sign(amounts[last] as number) ? 1 : 0;
  } else if (changes > 1) {
    // forward: A_k = a₀ + … + a_k; backward: B_k = a_k + … + a_n = total − A_(k−1). The number of
    // sign changes of a sequence does not depend on the direction it is read in.
    let running = 0;
    let forwardSign = 0;
    let backwardSign = 0;
    for (let i = 0; i < count; i++) {
      const a = amounts[i] as number;
      if (a === 0) continue;
      const b = sign(total - running);
      if (b !== 0) {
        if (backwardSign !== 0 && b !== backwardSign) backward++;
        backwardSign = b;
      }
      running += a;
      const f = sign(running);
      if (f !== 0) {
        if (forwardSign !== 0 && f !== forwardSign) forward++;
        forwardSign = f;
      }
    }
  }
  let xHigh = 0;
  let xLow = 0;
  if (second >= 0) {
    const a0 = Math.abs(amounts[first] as number);
    const an = Math.abs(amounts[last] as number);
    xHigh = Math.log((magnitude - a0) / a0) / (timeAt(times, second) - timeAt(times, first));
    xLow = -Math.log((magnitude - an) / an) / (timeAt(times, last) - timeAt(times, beforeLast));
  }
  let guess = 0;
  if (inflow > 0 && outflow > 0) {
    const spread = inflowTime / inflow - outflowTime / outflow;
    if (spread !== 0) guess = Math.log(inflow / outflow) / spread;
  }
  return {
    changes,
    forward,
    backward,
    total,
    magnitude,
    xHigh,
    xLow,
    guess: Number.isFinite(guess) ? guess : 0,
    lead: first < 0 ? 0 : sign(amounts[first] as number),
    span: first < 0 ? 0 : timeAt(times, last) - timeAt(times, first),
  };
}

/**
 * The root of `curve` between x₁ and x₂, where F(x₁) and F(x₂) are non-zero and of opposite sign:
 * Newton's method in x, replaced by a bisection whenever the Newton step leaves the bracket or
 * |F| fails to halve, so it converges whatever the shape of F.
 *
 * @example
 * // NPV of [-100, 110] in x: F(x) = −100 + 110·e^(−x), root x = ln 1.1
 * refine({ slope: 0, at(x) { this.slope = -110 * Math.exp(-x); return -100 + 110 * Math.exp(-x); } },
 *   0, 10, 1, -59.53, 0); // → 0.0953101798 = ln(1.1)
 */
export function refine(curve: Curve, x1: number, f1: number, x2: number, f2: number, start: number): number {
  let lo = x1;
  let hi = x2;
  let fLo = f1;
  if (x1 > x2) {
    lo = x2;
    hi = x1;
    fLo = f2;
  }
  const loNegative = fLo < 0;
  let x = start > lo && start < hi ? start : lo + (hi - lo) / 2;
  let previous = Number.POSITIVE_INFINITY;
  let lastStep = Number.NaN;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const f = curve.at(x);
    if (f === 0) return x;
    if (f < 0 === loNegative) lo = x;
    else hi = x;
    const size = Math.abs(f);
    let next = x - f / curve.slope;
    const newton = next > lo && next < hi && size <= previous / 2;
    if (!newton) next = lo + (hi - lo) / 2;
    previous = size;
    const step = Math.abs(next - x);
    const tolerance = TOLERANCE * Math.max(1, Math.abs(next));
    if (step <= tolerance || hi - lo <= tolerance) return next;
    // two Newton steps in a row shrinking quadratically: the error left after this one is about
    // step³ / lastStep², so stop without another evaluation once that is below the tolerance
    if (
      newton &&
      step < 1e-6 &&
      step < lastStep &&
      (step * step * step) / (lastStep * lastStep) <= tolerance
    ) {
      return next;
    }
    lastStep = newton ? step : Number.NaN;
    x = next;
  }
  return x;
}

/**
 * The one root between 0 and `end` when the shape says there is exactly one on that side, or NaN
 * when it lies beyond what float64 can express (r within 1e-16 of −1, or r above e^700).
 */
function solveSide(curve: Curve, end: number, total: number, guess: number): number {
  const limit = end > 0 ? X_MAX : X_MIN;
  // widened a little: for two flows the bound is the root itself
  const widened = end + 1e-6 * Math.max(1, Math.abs(end)) * (end > 0 ? 1 : -1);
  let far = end > 0 ? Math.min(Math.max(widened, 1e-6), X_MAX) : Math.max(Math.min(widened, -1e-6), X_MIN);
  // Beyond the bound F has the sign opposite to F(0) = total, so the bracket needs no evaluation
  // of the far end; check it only if the answer ends up pressed against that end.
  const x = refine(curve, 0, total, far, -total, guess);
  if (Math.abs(x - far) > 1e-9 * Math.max(1, Math.abs(far))) return x;
  let fFar = curve.at(far);
  while (sign(fFar) === sign(total) && far !== limit) {
    far = end > 0 ? Math.min(far * 2, X_MAX) : Math.max(far * 2, X_MIN);
    fFar = curve.at(far);
  }
  if (fFar === 0) return far;
  if (sign(fFar) === sign(total)) return Number.NaN;
  return refine(curve, 0, total, far, fFar, guess);
}

/**
 * Collects up to `limit` roots between 0 and `end`, nearest 0 first, from a grid walked outward
 * from 0: the first step is FIRST_STEP / span and each later step GROWTH times the distance from 0
 * (at least the first step), so near r = 0 the grid is finer than the scale 1/T on which
 * F(x) = Σ aᵢ·e^(−x·tᵢ) can turn, however long the flows. A sign change of F brackets a root; a
 * sign change of F′ alone marks an extremum, which is located and tested, so two roots closer
 * together than the grid step are still found. Three or more roots within one step can look like
 * one; that needs F to turn three times within a step.
 */
function scanSide(curve: Curve, end: number, limit: number, span: number, found: number[]): void {
  const direction = end > 0 ? 1 : -1;
  const reach = Math.min(Math.abs(end), end > 0 ? X_MAX : -X_MIN);
  const first = Math.min(reach / 16, FIRST_STEP / Math.max(span, 1e-9));
  let previousS = 0;
  let fPrevious = curve.at(0);
  let gPrevious = curve.slope * direction;
  const start = found.length;
  while (previousS < reach && found.length - start < limit) {
    const s = Math.min(previousS + Math.max(first, GROWTH * previousS), reach);
    const x = direction * s;
    const f = curve.at(x);
    const g = curve.slope * direction;
    // just outward of a root at the previous point, F has the sign of its outward slope
    const before = fPrevious !== 0 ? sign(fPrevious) : sign(gPrevious);
    const xPrevious = direction * previousS;
    if (f === 0) {
      found.push(x);
    } else if (before !== 0 && before !== sign(f)) {
      found.push(refine(curve, xPrevious, before, x, f, Number.NaN));
    } else if (before !== 0 && sign(gPrevious) * sign(g) < 0) {
      let inner = previousS;
      let outer = s;
      for (let i = 0; i < 80 && outer - inner > 1e-13 * (1 + outer); i++) {
        const middle = inner + (outer - inner) / 2;
        curve.at(direction * middle);
        if (sign(curve.slope * direction) === sign(gPrevious)) inner = middle;
        else outer = middle;
      }
      const c = direction * (inner + (outer - inner) / 2);
      const fc = curve.at(c);
      if (fc === 0) {
        found.push(c);
      } else if (sign(fc) !== sign(f)) {
        found.push(refine(curve, xPrevious, before, c, fc, Number.NaN));
        found.push(refine(curve, c, fc, x, f, Number.NaN));
      }
    }
    previousS = s;
    fPrevious = f;
    gPrevious = g;
  }
}

const toRate = (x: number): number => Math.expm1(x);
const usable = (rate: number): boolean => rate > -1 && Number.isFinite(rate);

/**
 * Which of several rates to show. Start at r = 0 and move the way the NPV at 0 points: for an
 * investment (first flow paid out) with a profit (Σ aᵢ > 0) the rate is above 0, so the lowest
 * positive rate; with a loss, the negative rate nearest 0; for a loan (first flow received), the
 * reverse. Then every discount rate d between 0 and the chosen rate r* gives an NPV whose sign says
 * "d is below r*" as it would for a deal with one rate: an investor who reads the rate as a hurdle
 * is never told the opposite by the NPV on that range. Upward there is always a rate (F goes from
 * the sign of the total at r = 0 to the sign of the first flow as r → ∞); downward there is one
 * whenever the last flow's sign differs from the first's. If no rate lies that way, or the total
 * is 0 (so 0 is a rate), the rate nearest 0. Flows with one rate get that rate.
 *
 * @example
 * // numpy-financial issue 44: −1678.87, 771.96, …, 4789.91, −1 returns ~10× its cost; rates
 * // −0.99979 and 1.00427. Nearest 0 would be −99.98 %; the profit points up, so 100.43 %.
 * chooseRate([-0.99979, 1.00427], 16354.28, -1); // → 1.00427
 * chooseRate([0.1, 0.2], -2, -1); // → 0.1   (a loss, but no rate below 0: nearest 0)
 */
export function chooseRate(rates: readonly number[], total: number, lead: number): number {
  let up = Number.NaN;
  let down = Number.NaN;
  for (const rate of rates) {
    if (rate === 0) return 0;
    if (rate > 0 && !(rate >= up)) up = rate;
    if (rate < 0 && !(rate <= down)) down = rate;
  }
  const upward = sign(total) !== lead;
  if (total !== 0 && upward && !Number.isNaN(up)) return up;
  if (total !== 0 && !upward && !Number.isNaN(down)) return down;
  if (Number.isNaN(down)) return up;
  if (Number.isNaN(up)) return down;
  return up <= -down ? up : down;
}

/**
 * Solves F(x) = 0 for x = ln(1 + r): every rate r = eˣ − 1, and the one {@link chooseRate} shows.
 *
 * Each side of r = 0 is bounded by its Norström count: 0 → no root there; 1 → exactly one,
 * bracketed between 0 and the Cauchy bound and refined by {@link refine}; 2 or more → scanned
 * until that many are found or the side ends. A root that float64 cannot express as a rate above
 * −1 counts as none.
 *
 * @example
 * // [-100, 230, -132]: F(x) = −100 + 230v − 132v² with v = e^(−x); zero at v = 1/1.1 and 1/1.2
 * const curve = {
 *   slope: 0,
 *   at(x: number) {
 *     const v = Math.exp(-x);
 *     this.slope = -230 * v + 264 * v * v;
 *     return -100 + 230 * v - 132 * v * v;
 *   },
 * };
 * solveRate(curve, flowShape([-100, 230, -132], 3));
 * // → { ok: true, rate: 0.1, multipleRoots: true, rates: [0.1, 0.2] }
 */
export function solveRate(curve: Curve, shape: FlowShape): RateResult {
  if (shape.changes === 0) return { ok: false, reason: 'no-root' };
  // each side's far end, kept on its own side of 0 (and not NaN) whatever rounding did to the bounds
  const high = Math.max(Number.isNaN(shape.xHigh) ? 0 : shape.xHigh, 1e-6);
  const low = Math.min(Number.isNaN(shape.xLow) ? 0 : shape.xLow, -1e-6);
  const up: number[] = [];
  const down: number[] = [];
  if (shape.total === 0) {
    // r = 0 is a root; the others lie where the running totals allow
    if (shape.forward > 0) scanSide(curve, high, shape.forward, shape.span, up);
    if (shape.backward > 0) scanSide(curve, low, shape.backward, shape.span, down);
  } else {
    if (shape.forward === 1) up.push(solveSide(curve, high, shape.total, shape.guess));
    else if (shape.forward > 1) scanSide(curve, high, shape.forward, shape.span, up);
    if (shape.backward === 1) down.push(solveSide(curve, low, shape.total, shape.guess));
    else if (shape.backward > 1) scanSide(curve, low, shape.backward, shape.span, down);
  }
  const rates: number[] = [];
  for (let i = down.length - 1; i >= 0; i--) rates.push(toRate(down[i] as number));
  if (shape.total === 0) rates.push(0);
  for (const x of up) rates.push(toRate(x));
  // ascending, each once, only rates float64 can hold above −1 (x = 0 found by a scan is the root at 0)
  const distinct = rates
    .filter(usable)
    .sort((a, b) => a - b)
    .filter((rate, i, all) => i === 0 || rate !== all[i - 1]);
  if (distinct.length === 0) return { ok: false, reason: 'no-root' };
  // a sum within rounding of 0 points nowhere: r ≈ 0 is then itself a rate, and the nearest 0 wins
  const total = Math.abs(shape.total) <= 1e-12 * shape.magnitude ? 0 : shape.total;
  const rate = chooseRate(distinct, total, shape.lead);
  return { ok: true, rate, multipleRoots: distinct.length > 1, rates: distinct };
}
