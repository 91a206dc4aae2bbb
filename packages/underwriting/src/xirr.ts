import { UnderwritingInputError } from './errors.js';
import { type Curve, flowShape, type RateResult, solveRate } from './roots.js';

export type { RateResult } from './roots.js';

/**
 * One cash flow on a calendar date: a 'YYYY-MM-DD' string (read as UTC midnight) or a Date (counted
 * by its UTC calendar day; the time of day is ignored, as Excel ignores the fraction of a serial date).
 *
 * @example
 * const outlay: DatedFlow = { amount: -10000, date: '2008-01-01' }; // 10 000 paid on 1 Jan 2008
 */
export interface DatedFlow {
  amount: number;
  date: string | Date;
}

const MS_PER_DAY = 86_400_000;
const DAYS_PER_YEAR = 365;
/** distinct gaps between dates whose powers are shared; past this every gap gets its own */
const SHARED_GAPS = 16;

/** Cumulative days before each month (1-based) in a common year. */
const DAYS_BEFORE_MONTH = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
/** Days from 0000-01-01 to 1970-01-01 in the proleptic Gregorian calendar. */
const EPOCH_DAY = 719_528;

/**
 * Days from 1970-01-01 to a 'YYYY-MM-DD' date (proleptic Gregorian, years 0000–9999), or NaN.
 * Days before the year: 365·Y plus the leap years 0 … Y−1, which are
 * 1 + ⌊(Y−1)/4⌋ − ⌊(Y−1)/100⌋ + ⌊(Y−1)/400⌋ for Y ≥ 1 (year 0 is one). Unlike `Date.UTC`, years
 * 0–99 are not read as 1900–1999, and unlike `Date.parse`, 2021-02-30 is not rolled into March.
 */
function dayOfIso(text: string): number {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return Number.NaN;
  const y0 = text.charCodeAt(0) - 48;
  const y1 = text.charCodeAt(1) - 48;
  const y2 = text.charCodeAt(2) - 48;
  const y3 = text.charCodeAt(3) - 48;
  const m0 = text.charCodeAt(5) - 48;
  const m1 = text.charCodeAt(6) - 48;
  const d0 = text.charCodeAt(8) - 48;
  const d1 = text.charCodeAt(9) - 48;
  // a non-digit is below 0 or above 9; >>> 0 turns below 0 into above 9
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9) return Number.NaN;
  if (m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return Number.NaN;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const length =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  if (month < 1 || month > 12 || day < 1 || day > length) return Number.NaN;
  const y = year - 1;
  const beforeYear =
    year === 0 ? 0 : 365 * year + 1 + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);
  return (
    beforeYear + (DAYS_BEFORE_MONTH[month] as number) + (leap && month > 2 ? 1 : 0) + day - 1 - EPOCH_DAY
  );
}

/** The UTC day number of a flow's date, or a thrown `UnderwritingInputError` naming the flow. */
function dayOf(date: unknown, index: number): number {
  if (typeof date === 'string') {
    const day = dayOfIso(date);
    if (!Number.isNaN(day)) return day;
  } else if (date instanceof Date) {
    const ms = date.getTime();
    if (Number.isFinite(ms)) return Math.floor(ms / MS_PER_DAY);
  }
  throw new UnderwritingInputError(`flows[${index}].date`, "must be a 'YYYY-MM-DD' date or a valid Date");
}

function amountOf(flow: DatedFlow | undefined, index: number): number {
  const amount = flow?.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    throw new UnderwritingInputError(`flows[${index}].amount`, 'must be a finite number');
  }
  return amount;
}

function checkList(flows: readonly DatedFlow[]): void {
  if (!Array.isArray(flows) || flows.length === 0) {
    throw new UnderwritingInputError('flows', 'must be a non-empty array of { amount, date }');
  }
}

/**
 * NPV of dated flows at an annual rate, ACT/365F, discounted to the earliest date d₀:
 *
 *   xnpv(r, flows) = Σᵢ aᵢ / (1 + r)^((dᵢ − d₀) / 365)
 *
 * Excel's `XNPV(r, values, dates)` discounts to the first listed date, which Excel requires to be
 * the earliest, so the two agree on every input Excel accepts; here the order does not matter.
 *
 * Throws `UnderwritingInputError` for an empty array, a non-finite amount, a bad date, a rate that
 * is not a finite number above −1, or a result too large for float64.
 *
 * @example
 * // Excel's XNPV example at 9 %: −10000 on 2008-01-01, 2750 on 2008-03-01 (60 days),
 * // 4250 on 2008-10-30 (303), 3250 on 2009-02-15 (411), 2750 on 2009-04-01 (456)
 * xnpv(0.09, [
 *   { amount: -10000, date: '2008-01-01' },
 *   { amount: 2750, date: '2008-03-01' },
 *   { amount: 4250, date: '2008-10-30' },
 *   { amount: 3250, date: '2009-02-15' },
 *   { amount: 2750, date: '2009-04-01' },
 * ]); // → 2086.647602 = −10000 + 2750/1.09^(60/365) + 4250/1.09^(303/365) + …
 */
export function xnpv(rate: number, flows: readonly DatedFlow[]): number {
  if (!Number.isFinite(rate) || rate <= -1) {
    throw new UnderwritingInputError('rate', 'must be a finite number above -1');
  }
  checkList(flows);
  const days: number[] = [];
  let start = Number.POSITIVE_INFINITY;
  for (let i = 0; i < flows.length; i++) {
    amountOf(flows[i], i);
    const day = dayOf(flows[i]?.date, i);
    days.push(day);
    if (day < start) start = day;
  }
  const logBase = Math.log1p(rate);
  let value = 0;
  for (let i = 0; i < flows.length; i++) {
    value +=
      (flows[i]?.amount as number) * Math.exp((-logBase * ((days[i] as number) - start)) / DAYS_PER_YEAR);
  }
  if (!Number.isFinite(value)) {
    throw new UnderwritingInputError('rate', 'is so close to -1 that the NPV overflows');
  }
  return value;
}

/**
 * NPV of dated flows as a function of x = ln(1 + r), scaled so it cannot overflow. With the flows
 * sorted, merged by date and tᵢ = (dᵢ − d₀)/365:
 * - x ≥ 0: Σ aᵢ·e^(−x·tᵢ), by Horner's scheme from the last flow back, each step multiplying by
 *   e^(−x·gap/365);
 * - x < 0: Σ aᵢ·e^(x·(T − tᵢ)), the same NPV times e^(x·T) (T the whole span), by Horner's
 *   scheme from the first flow forward.
 * Every factor is ≤ 1. Gaps between dates repeat (monthly flows have four: 28–31 days), so each
 * evaluation needs one `exp` per distinct gap, not one per flow.
 */
class DatedCurve implements Curve {
  slope = 0;
  private readonly factors: number[];

  constructor(
    private readonly amounts: readonly number[],
    private readonly gapOf: readonly number[],
    private readonly gapYears: readonly number[],
  ) {
    this.factors = new Array(gapYears.length).fill(0);
  }

  at(x: number): number {
    const a = this.amounts;
    const gapOf = this.gapOf;
    const years = this.gapYears;
    const factors = this.factors;
    const m = a.length - 1;
    let p = 0;
    let d = 0;
    if (x >= 0) {
      for (let j = 0; j < years.length; j++) factors[j] = Math.exp(-x * (years[j] as number));
      p = a[m] as number;
      for (let i = m - 1; i >= 0; i--) {
        const g = gapOf[i] as number;
        const q = factors[g] as number;
        d = q * (d - (years[g] as number) * p);
        p = q * p + (a[i] as number);
      }
    } else {
      for (let j = 0; j < years.length; j++) factors[j] = Math.exp(x * (years[j] as number));
      p = a[0] as number;
      for (let i = 0; i < m; i++) {
        const g = gapOf[i] as number;
        const w = factors[g] as number;
        d = w * (d + (years[g] as number) * p);
        p = w * p + (a[i + 1] as number);
      }
    }
    this.slope = d;
    return p;
  }
}

/** Flows sorted by date, netted by date, zeros dropped, with what the curve needs. */
interface Prepared {
  amounts: number[];
  /** years from the first date, (dᵢ − d₀)/365 */
  years: number[];
  /** index into `gapYears` of the gap after each flow */
  gapOf: number[];
  gapYears: number[];
}

/**
 * Reads, validates, sorts and nets the flows. Input already in date order (the usual case) takes
 * one pass with no sort. Otherwise the flows are sorted by date and then by amount: one canonical
 * order, so any input order nets each date in the same way, to the bit.
 */
function prepare(flows: readonly DatedFlow[]): Prepared | 'same-sign' {
  const n = flows.length;
  // plain arrays: allocating small typed arrays costs more than the whole solve
  const amounts: number[] = new Array(n);
  const days: number[] = new Array(n);
  let count = 0;
  let positive = false;
  let negative = false;
  let sorted = true;
  let previousAmount = 0;
  for (let i = 0; i < n; i++) {
    const flow = flows[i];
    const amount = amountOf(flow, i);
    const day = dayOf(flow?.date, i);
    if (amount > 0) positive = true;
    else if (amount < 0) negative = true;
    if (!sorted) continue;
    const last = count - 1;
    if (count > 0 && day === days[last]) {
      if (amount < previousAmount) sorted = false;
      amounts[last] = (amounts[last] as number) + amount;
    } else if (count > 0 && day < (days[last] as number)) {
      sorted = false;
    } else {
      // a date whose flows netted to zero is dropped before the next date starts
      if (count > 0 && amounts[last] === 0) count--;
      days[count] = day;
      amounts[count] = amount;
      count++;
    }
    previousAmount = amount;
  }
  if (!positive || !negative) return 'same-sign';
  if (!sorted) {
    const raw = flows.map((flow, i) => ({ amount: flow.amount, day: dayOf(flow.date, i) }));
    raw.sort((f, g) => f.day - g.day || f.amount - g.amount);
    count = 0;
    for (const { amount, day } of raw) {
      const last = count - 1;
      if (count > 0 && day === days[last]) {
        amounts[last] = (amounts[last] as number) + amount;
      } else {
        if (count > 0 && amounts[last] === 0) count--;
        days[count] = day;
        amounts[count] = amount;
        count++;
      }
    }
  }
  if (count > 0 && amounts[count - 1] === 0) count--;
  amounts.length = count;
  // Gaps between dates repeat (monthly flows have four, 28–31 days), so the curve can share one
  // exp per distinct gap; past SHARED_GAPS distinct gaps, every gap gets its own.
  const start = days[0] as number;
  const years: number[] = new Array(count);
  const gapOf: number[] = new Array(Math.max(count - 1, 0));
  const gaps: number[] = [];
  for (let i = 0; i < count; i++) {
    years[i] = ((days[i] as number) - start) / DAYS_PER_YEAR;
    if (i === 0) continue;
    const gap = (days[i] as number) - (days[i - 1] as number);
    let j = 0;
    while (j < gaps.length && gaps[j] !== gap) j++;
    if (j === gaps.length) gaps.push(gap);
    gapOf[i - 1] = j;
  }
  if (gaps.length <= SHARED_GAPS) {
    return { amounts, years, gapOf, gapYears: gaps.map((gap) => gap / DAYS_PER_YEAR) };
  }
  const gapYears: number[] = new Array(count - 1);
  for (let i = 0; i + 1 < count; i++) {
    gapOf[i] = i;
    gapYears[i] = (years[i + 1] as number) - (years[i] as number);
  }
  return { amounts, years, gapOf, gapYears };
}

/**
 * Excel's iteration: Newton's method on NPV(r) from r = 0.1. Returns the rate, or NaN when an
 * iterate leaves (−1, ∞), stops being finite, or 100 iterations pass without convergence.
 * The curve is scaled by e^(x·T) for x < 0; the ratio NPV / (dNPV/dx) is recovered exactly as
 * F / (F′ − T·F), so the iterates are Excel's without its overflow.
 */
function excelNewton(curve: Curve, span: number, magnitude: number): number {
  let rate = 0.1;
  for (let i = 0; i < 100; i++) {
    const x = Math.log1p(rate);
    const f = curve.at(x);
    const slope = x < 0 ? curve.slope - span * f : curve.slope;
    // dNPV/dr = (dNPV/dx) / (1 + r)
    const next = rate - ((1 + rate) * f) / slope;
    if (!(next > -1) || !Number.isFinite(next)) return Number.NaN;
    if (Math.abs(next - rate) <= 1e-10 * Math.max(1, Math.abs(rate))) {
      // the step is tiny; make sure that is because NPV is ~0, not because NPV′ blew up
      return Math.abs(f) <= 1e-6 * magnitude ? next : Number.NaN;
    }
    rate = next;
  }
  return Number.NaN;
}

/**
 * Calendar internal rate of return, compatible with Excel's `XIRR`: the annual rate r > −1 with
 *
 *   Σᵢ aᵢ / (1 + r)^((dᵢ − d₀) / 365) = 0   (ACT/365F, dates at UTC midnight, d₀ the earliest)
 *
 * The flows may come in any order; flows on one date are netted. At least one positive and one
 * negative flow are needed (else `reason: 'same-sign'`); flows that net to nothing, or have no rate,
 * give `reason: 'no-root'`. It never returns a guess, a rate ≤ −1, NaN or Infinity.
 *
 * How: when the flows allow only one rate (Descartes' and Norström's sign rules, see roots.ts),
 * Newton's method from 0.1 as Excel does it, so the digits match Excel's; if Newton fails or leaves
 * (−1, ∞), a bracketed Newton–bisection search on x = ln(1 + r). When the flows allow several
 * rates, every side that can hold one is searched, `rates` lists them all and `rate` is the one
 * the profit points to, as for `irr` (Excel returns whichever rate its Newton reaches from the
 * guess).
 *
 * Throws `UnderwritingInputError` for an empty array, a non-finite amount or a bad date.
 *
 * @example
 * // Excel's XIRR example: −10000 on 2008-01-01, then 2750, 4250, 3250, 2750
 * xirr([
 *   { amount: -10000, date: '2008-01-01' },
 *   { amount: 2750, date: '2008-03-01' },
 *   { amount: 4250, date: '2008-10-30' },
 *   { amount: 3250, date: '2009-02-15' },
 *   { amount: 2750, date: '2009-04-01' },
 * ]); // → { ok: true, rate: 0.3733625335, multipleRoots: false, rates: [0.3733625335] }
 */
export function xirr(flows: readonly DatedFlow[]): RateResult {
  checkList(flows);
  const prepared = prepare(flows);
  if (prepared === 'same-sign') return { ok: false, reason: 'same-sign' };
  const { amounts, years } = prepared;
  if (amounts.length < 2) return { ok: false, reason: 'no-root' };
  const shape = flowShape(amounts, amounts.length, years);
  const curve = new DatedCurve(amounts, prepared.gapOf, prepared.gapYears);
  if (shape.total !== 0 && shape.forward + shape.backward === 1) {
    const rate = excelNewton(curve, years[years.length - 1] as number, shape.magnitude);
    if (rate > -1 && Number.isFinite(rate)) return { ok: true, rate, multipleRoots: false, rates: [rate] };
  }
  return solveRate(curve, shape);
}
