/**
 * Ranges, not points (issue 27 §2): the deal's outcomes as distributions. Each draw takes every
 * uncertain assumption from its spread (spreads.ts), runs the model's own arithmetic on the drawn
 * deal, and the draws are summarised as percentiles, probabilities, a tornado of drivers and a fan
 * of yearly cash flows.
 *
 * ## Definitions
 *
 * - **Percentiles** are linear interpolations between closest ranks (Excel's PERCENTILE.INC,
 *   numpy's default): with the n values sorted x₀ ≤ … ≤ xₙ₋₁ and h = (n − 1)·p, the p-th percentile
 *   is x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋). When every value is the same, each percentile is exactly it.
 * - **Null measures.** A draw can have no levered or unlevered XIRR (flows of one sign, or no root),
 *   no DSCR (no loan) or no equity multiple (no equity). Each band carries `count`, the draws with a
 *   value. A draw without an XIRR because its money never comes back (no flow after the outlay is
 *   above 0: a total loss) is not dropped, which would flatter the band, but ranked below every
 *   rate; a percentile that lands on (or interpolates with) such a draw is null, read "a total
 *   loss". Other draws without a value are left out, and a band is all null when fewer than half
 *   the draws are ranked (a figure most outcomes do not have is not summarised by the few that do).
 * - **Year-1 cash flow** is operating (NOI − debt service), as in `analyze`; `yearly_levered_cash_flow`
 *   is each hold year's operating levered cash flow (the hold-period table's `rental_cashflow`), the
 *   sale staying in the profit, multiple and XIRRs. `equity_multiple` and `profit` are levered.
 * - **Drivers (a tornado).** For each key with a spread, the deal with that key at its spread's `low`
 *   and then its `high` (every other assumption at its base value): the outcome at each end and the
 *   swing |at_high − at_low|. Ranked by swing, largest first, for levered XIRR and for year-1 monthly
 *   levered cash flow separately. An end with no XIRR because it is a total loss (as above) counts
 *   as −100 % in the swing, the rate of losing everything (QA: an appreciation whose low end wiped
 *   out the equity was the biggest risk and ranked last); a swing with another null end ranks last.
 * - **Draws.** Each key has its own stream, seeded from the seed and the key's name (sfc32, random.ts),
 *   and draw i of a key is the i-th number of its stream: the listing order of the spreads changes
 *   nothing, adding a spread leaves every other key's draws as they were, and a seed gives the same
 *   result in Node and in Chromium. The assumptions are drawn independently, and a linked cost keeps
 *   its dollars when its driver is drawn (management does not follow a drawn rent): each spread is
 *   stated for the figure itself. Correlations are not modelled.
 * - **Expense lines** (issue 28 §1: capex reserve, HOA, owner utilities, leasing fee) carry no
 *   spread: they are exact in every draw, and the kernel adds them as `analyze` does. The capex
 *   reserve and the leasing fee are shares of the rent, so a drawn rent moves them by their own
 *   formulas (unlike management, whose dollars stay).
 *
 * ## Speed
 *
 * A draw runs `DealKernel`, which computes only what the summaries read, with the engine's own
 * pieces (`loanOf`, `monthlyPayment`, `loanBalance`, `yearlyIncome`, `saleAt`, `irr`, `annualize`)
 * in the same order of operations as `analyze`: no validation, no hold-period table, no rating
 * (unless a points target asks for it), and the flows written into arrays allocated once. Year-1
 * figures are `analyze`'s to the bit; later years step each growth factor by a multiplication
 * instead of a power (`yearlyIncome`), so they, the sale year's flow and the returns agree with
 * `analyze` to ~1e-15 relative (the test checks 1e-9). The powers were most of a 30-year draw's
 * time when profiled.
 */

import { shapedDealOf, shapedUnleveredFlows } from './analyze.js';
import { irr } from './irr.js';
import { loanBalance, monthlyPayment } from './loan.js';
import { hasMonthlyInputs } from './loan-shape.js';
import { meets, type OfferTargetKey, type OfferTargets, validateOfferTargets } from './offer.js';
import { hashString, sfc32 } from './random.js';
import { rate } from './rating.js';
import { annualRate, investmentReturns } from './returns.js';
import { saleAt } from './sale.js';
import { loanOf, type OperatingYear, yearlyIncome } from './schedule.js';
import {
  type Sampler,
  type Spread,
  type SpreadKey,
  type Spreads,
  spreadSampler,
  validateSpreads,
} from './spreads.js';
import type { DealInput, OptionalInputs } from './types.js';
import { checkBound, validateDealInput } from './validate.js';

/** The outcomes `simulate` summarises as percentiles. */
export const SIMULATED_MEASURES = [
  'monthly_levered_cash_flow',
  'cash_on_cash',
  'dscr',
  'unlevered_xirr',
  'levered_xirr',
  'equity_multiple',
  'profit',
] as const;
export type SimulatedMeasure = (typeof SIMULATED_MEASURES)[number];

/** The two outcomes the tornado ranks the inputs by. */
export const DRIVER_MEASURES = ['levered_xirr', 'monthly_levered_cash_flow'] as const;
export type DriverMeasure = (typeof DRIVER_MEASURES)[number];

/** `simulate`'s defaults and limits. */
export const SIMULATION_LIMITS = {
  draws: { min: 1, max: 100_000, default: 10_000 },
  seed: { min: 0, max: 4_294_967_295, default: 1 },
} as const;

export interface SimulateOptions {
  /** how many draws; whole, 1 to 100,000; default 10,000 */
  draws?: number;
  /** the seed, a whole number 0 to 2³² − 1; default 1 */
  seed?: number;
  /** offer targets (each "at least"): `probabilities.targets_hold` is the share of draws meeting all */
  targets?: OfferTargets;
}

/** A measure's 10th, 50th and 90th percentile over the draws that have it (`count` of them). */
export interface Band {
  p10: number | null;
  p50: number | null;
  p90: number | null;
  /** draws with a value (all of them for measures that are never null) */
  count: number;
}

/** One input's tornado bar: the outcome at its spread's ends, the others at base. */
export interface DriverSwing {
  key: SpreadKey;
  /** the input at its P10 and P90 */
  low: number;
  high: number;
  at_low: number | null;
  at_high: number | null;
  /**
   * |at_high − at_low|, an end that is a total loss (no XIRR: the money never comes back) counted as
   * −100 %; null when an end has no value otherwise
   */
  swing: number | null;
}

export interface Simulation {
  percentiles: Record<SimulatedMeasure, Band>;
  probabilities: {
    /** the share of draws whose year-1 monthly levered cash flow is below 0 */
    negative_cash_flow: number;
    /** the share of draws meeting every target (only when targets are given) */
    targets_hold?: number;
  };
  drivers: Record<DriverMeasure, DriverSwing[]>;
  /** each hold year's operating levered cash flow (NOI − debt service), for a fan chart */
  yearly_levered_cash_flow: { year: number; p10: number; p50: number; p90: number }[];
  draws: number;
  seed: number;
}

/** What one run of the kernel gives: the year-1 figures, the returns and each year's levered cash flow. */
export interface DealOutcome {
  monthly_levered_cash_flow: number;
  cash_on_cash: number;
  dscr: number | null;
  cap_rate: number;
  unlevered_xirr: number | null;
  levered_xirr: number | null;
  equity_multiple: number | null;
  profit: number;
  /** no unlevered / levered XIRR because no flow after the outlay is above 0: the money never comes back */
  unlevered_total_loss: boolean;
  levered_total_loss: boolean;
  /** operating levered cash flow of years 1..hold_period */
  yearly_levered_cash_flow: number[];
}

/** An array of `n` zeros that V8 stores as packed doubles. */
function packedDoubles(n: number): number[] {
  const values: number[] = [];
  for (let i = 0; i < n; i++) values.push(0.5);
  values.fill(0);
  return values;
}

/** `a / b`, or null when it is not finite (as `analyze`'s ratio). */
function ratio(a: number, b: number): number | null {
  const value = a / b;
  return Number.isFinite(value) ? value : null;
}

/**
 * The simulation's kernel: the figures of `analyze` that a draw needs, for deals of one hold
 * period, with its flow arrays allocated once. `run` computes, for a deal already inside its
 * bounds (it does not validate), in `analyze`'s order of operations (see the module note on speed):
 * year-1 monthly levered cash flow (NOI₁ − 12P) / 12, cash-on-cash (NOI₁ − 12P) / cost to close,
 * DSCR NOI₁ / 12P (null without a loan), cap rate NOI₁ / price, each year's NOI − debt service,
 * and the levered and unlevered XIRR, profit and multiple of the monthly flows with the sale
 * (`annualize(irr([−E, CF₁ … CF_M]))`).
 *
 * @example
 * const kernel = new DealKernel(austinDeal.hold_period);
 * kernel.run(austinDeal).monthly_levered_cash_flow === analyze(austinDeal).year_1_metrics.monthly_levered_cash_flow; // true
 */
export class DealKernel {
  private readonly unlevered: number[];
  private readonly levered: number[];
  private readonly noi: number[];
  private readonly debtService: number[];
  private readonly outcome: DealOutcome;

  constructor(readonly holdPeriod: number) {
    const months = 12 * holdPeriod;
    // packed arrays of doubles (a holey `new Array(n)` makes every read of `irr` slower)
    this.unlevered = packedDoubles(months + 1);
    this.levered = packedDoubles(months + 1);
    this.noi = packedDoubles(holdPeriod);
    this.debtService = packedDoubles(holdPeriod);
    this.outcome = {
      monthly_levered_cash_flow: 0,
      cash_on_cash: 0,
      dscr: null,
      cap_rate: 0,
      unlevered_xirr: null,
      levered_xirr: null,
      equity_multiple: null,
      profit: 0,
      unlevered_total_loss: false,
      levered_total_loss: false,
      yearly_levered_cash_flow: packedDoubles(holdPeriod),
    };
  }

  /** The outcome of `deal` (whose hold period must be the kernel's); the object is reused by the next run. */
  run(deal: DealInput & OptionalInputs): DealOutcome {
    if (hasMonthlyInputs(deal)) return this.runShaped(deal);
    const out = this.outcome;
    const hold = this.holdPeriod;
    const loan = loanOf(deal);
    const payment = monthlyPayment(loan);
    const M = 12 * hold;
    const sale = saleAt(deal.purchase_price, deal.annual_price_appreciation, deal.cost_to_sell, hold);
    const payoff = loanBalance(loan, M, payment);
    const totalAcquisition = deal.purchase_price + deal.closing_cost;
    const downPayment = deal.purchase_price - loan.amount;
    const costToClose = downPayment + deal.closing_cost + deal.financing_fees + deal.loan_processing_fees;

    const u = this.unlevered;
    const l = this.levered;
    u[0] = -totalAcquisition;
    l[0] = -costToClose;
    const noi = this.noi;
    const debt = this.debtService;
    yearlyIncome(deal, hold, payment, noi, debt);
    for (let y = 1; y <= hold; y++) {
      const yearNoi = noi[y - 1] as number;
      const rental = yearNoi - (debt[y - 1] as number);
      out.yearly_levered_cash_flow[y - 1] = rental;
      if (y === 1) {
        out.monthly_levered_cash_flow = rental / 12;
        out.cash_on_cash = rental / costToClose;
        out.dscr = loan.amount === 0 ? null : ratio(yearNoi, debt[0] as number);
        out.cap_rate = yearNoi / deal.purchase_price;
      }
      const unleveredMonth = yearNoi / 12;
      const leveredMonth = rental / 12;
      const first = 12 * (y - 1) + 1;
      for (let k = 0; k < 12; k++) {
        u[first + k] = unleveredMonth;
        l[first + k] = leveredMonth;
      }
    }
    u[M] = (u[M] as number) + sale.proceeds_from_sale;
    l[M] = (l[M] as number) + (sale.proceeds_from_sale - payoff);

    out.unlevered_xirr = xirrOf(u);
    out.levered_xirr = xirrOf(l);
    out.unlevered_total_loss = out.unlevered_xirr === null && neverReturns(u);
    out.levered_total_loss = out.levered_xirr === null && neverReturns(l);
    // investmentReturns' sum, flow by flow from month 1
    let total = 0;
    for (let m = 1; m <= M; m++) total += l[m] as number;
    out.profit = total - costToClose;
    out.equity_multiple = costToClose === 0 ? null : total / costToClose;
    return out;
  }

  /**
   * The outcome of a deal with loan shapes or a rehab and refinance (issue 28 §2–3), which the
   * evenly spread years of `run` do not represent: from the month-by-month parts `analyze` builds its
   * figures from (`shapedDealOf`), the same operations in the same order, without the hold-period
   * table, the rating or the after-tax figures no draw reads.
   */
  private runShaped(deal: DealInput & OptionalInputs): DealOutcome {
    const out = this.outcome;
    const shaped = shapedDealOf(deal);
    const { years, levered, total_cost_to_close: costToClose } = shaped;
    years.forEach((year, y) => {
      out.yearly_levered_cash_flow[y] = year.net_operating_income - (levered.yearDebt[y] as number);
    });
    const year1 = years[0] as OperatingYear;
    const yearlyLevered = out.yearly_levered_cash_flow[0] as number;
    out.monthly_levered_cash_flow = yearlyLevered / 12;
    out.cash_on_cash = yearlyLevered / costToClose;
    out.dscr = shaped.no_loan ? null : ratio(year1.net_operating_income, levered.yearDebt[0] as number);
    out.cap_rate = year1.net_operating_income / deal.purchase_price;
    const unleveredFlows = shapedUnleveredFlows(years, shaped.rehabMonths, shaped.sale);
    const u = investmentReturns(shaped.total_acquisition, unleveredFlows);
    const l = investmentReturns(costToClose, levered.flows);
    out.unlevered_xirr = u.xirr;
    out.levered_xirr = l.xirr;
    out.equity_multiple = l.equity_multiple;
    out.profit = l.profit;
    // run()'s total-loss test on the monthly flows: no rate, and no flow after the outlay above 0
    out.unlevered_total_loss = u.xirr === null && !unleveredFlows.some((flow) => flow > 0);
    out.levered_total_loss = l.xirr === null && !levered.flows.some((flow) => flow > 0);
    return out;
  }
}

/** Whether no flow after the first (the outlay) is above 0. */
function neverReturns(flows: readonly number[]): boolean {
  for (let m = 1; m < flows.length; m++) if ((flows[m] as number) > 0) return false;
  return true;
}

function xirrOf(flows: number[]): number | null {
  return annualRate(irr(flows));
}

/**
 * The p-th percentile (0 ≤ p ≤ 1) of the first `n` values of an ascending array, by linear
 * interpolation between closest ranks: h = (n − 1)·p, x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋).
 *
 * @example
 * percentile([1, 2, 3, 4, 5], 5, 0.1); // 1.4 = 1 + 0.4 × (2 − 1)
 * percentile([7, 7, 7], 3, 0.9);       // 7
 */
export function percentile(sorted: ArrayLike<number>, n: number, p: number): number {
  const h = (n - 1) * p;
  const i = Math.floor(h);
  const low = sorted[i] as number;
  if (i + 1 >= n) return low;
  return low + (h - i) * ((sorted[i + 1] as number) - low);
}

/**
 * The k-th smallest of `a[lo..hi]` (0-based, inclusive), moved to `a[k]` with everything before it
 * no larger and everything after no smaller: Wirth's selection ("Algorithms + Data Structures =
 * Programs", 1976), a Hoare partition around `a[k]`. O(n) on average and on runs of equal values
 * (an exact input's draws), so three percentiles cost less than one sort.
 */
function select(a: Float64Array, lo: number, hi: number, k: number): number {
  let l = lo;
  let r = hi;
  while (l < r) {
    const x = a[k] as number;
    let i = l;
    let j = r;
    do {
      while ((a[i] as number) < x) i++;
      while (x < (a[j] as number)) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) l = i;
    if (k < i) r = j;
  }
  return a[k] as number;
}

/**
 * The 10th, 50th and 90th percentile of the first `n` values of `a` (no NaN among them), as
 * `percentile` gives them on the sorted values, found by selection; `a` is reordered.
 */
export function percentiles3(a: Float64Array, n: number): [number, number, number] {
  const result: [number, number, number] = [0, 0, 0];
  let from = 0;
  [0.1, 0.5, 0.9].forEach((p, index) => {
    const h = (n - 1) * p;
    const i = Math.floor(h);
    const low = select(a, from, n - 1, i);
    from = i;
    if (i + 1 >= n) {
      result[index] = low;
      return;
    }
    // the (i + 1)-th smallest is the least of what lies above a[i]
    let next = a[i + 1] as number;
    for (let m = i + 2; m < n; m++) if ((a[m] as number) < next) next = a[m] as number;
    result[index] = low + (h - i) * (next - low);
  });
  return result;
}

/**
 * The band of `values` (reordered): NaN is a draw without a value, −Infinity a total loss (ranked
 * below every rate). Percentiles over the ranked draws; one that lands on (or next to) a total loss
 * is null; all are null when fewer than half the draws are ranked. `count` is the draws with a
 * finite value.
 */
function band(values: Float64Array): Band {
  // the ranked draws first, the NaN after them
  let n = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (Number.isNaN(value)) continue;
    if (Number.isFinite(value)) count++;
    values[i] = values[n] as number;
    values[n++] = value;
  }
  if (n === 0 || 2 * n < values.length) return { p10: null, p50: null, p90: null, count };
  const [p10, p50, p90] = percentiles3(values, n);
  const finite = (value: number) => (Number.isFinite(value) ? value : null);
  return { p10: finite(p10), p50: finite(p50), p90: finite(p90), count };
}

const orNaN = (value: number | null): number => (value === null ? Number.NaN : value);
/** The rate a total loss counts as in a driver's swing: −100 %, all the money gone. */
const TOTAL_LOSS_RATE = -1;
/** An XIRR for the bands: the rate, −Infinity for a total loss, NaN for no rate otherwise. */
const rateOrRank = (value: number | null, totalLoss: boolean): number =>
  value !== null ? value : totalLoss ? Number.NEGATIVE_INFINITY : Number.NaN;

/** A target's measure in a kernel outcome (points from the rating, computed only for a points target). */
function targetMeasure(key: OfferTargetKey, o: DealOutcome, deal: DealInput): number | null {
  switch (key) {
    case 'cash_on_cash':
      return o.cash_on_cash;
    case 'dscr':
      return o.dscr;
    case 'levered_xirr':
      return o.levered_xirr;
    case 'monthly_levered_cash_flow':
      return o.monthly_levered_cash_flow;
    case 'overall_points':
      return rate({
        levered_returns: o.cash_on_cash,
        levered_xirr: o.levered_xirr,
        dscr: o.dscr,
        cap_rate: o.cap_rate,
        violent_crime_grade: deal.violent_crime_grade,
        property_crime_grade: deal.property_crime_grade,
      }).overall_points;
  }
}

/** The tornado for one measure: each key at its spread's ends, sorted by swing (largest first, nulls last, then by name). */
function tornado(
  deal: DealInput & OptionalInputs,
  spreads: Spreads,
  keys: readonly SpreadKey[],
  kernel: DealKernel,
): Record<DriverMeasure, DriverSwing[]> {
  const result: Record<DriverMeasure, DriverSwing[]> = { levered_xirr: [], monthly_levered_cash_flow: [] };
  const moved = Object.assign({}, deal);
  for (const key of keys) {
    const { low, high } = spreads[key] as Spread;
    moved[key] = low;
    const atLow = kernel.run(moved);
    const lowValues = {
      levered_xirr: atLow.levered_xirr,
      monthly_levered_cash_flow: atLow.monthly_levered_cash_flow,
    };
    const lowLoss = atLow.levered_total_loss;
    moved[key] = high;
    const atHigh = kernel.run(moved);
    moved[key] = deal[key] as number; // present: validateSpreads refuses a spread on a figure the deal lacks
    for (const measure of DRIVER_MEASURES) {
      const a = lowValues[measure];
      const b = atHigh[measure];
      // a total loss has no XIRR: in the swing it is −100 %, losing everything
      const xirr = measure === 'levered_xirr';
      const aRanked = a ?? (xirr && lowLoss ? TOTAL_LOSS_RATE : null);
      const bRanked = b ?? (xirr && atHigh.levered_total_loss ? TOTAL_LOSS_RATE : null);
      result[measure].push({
        key,
        low,
        high,
        at_low: a,
        at_high: b,
        swing: aRanked === null || bRanked === null ? null : Math.abs(bRanked - aRanked),
      });
    }
  }
  for (const measure of DRIVER_MEASURES) {
    result[measure].sort(
      (x, y) => (y.swing ?? -1) - (x.swing ?? -1) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0),
    );
  }
  return result;
}

/**
 * Simulates the deal with every assumption in `spreads` drawn from its spread (spreads.ts: a
 * split normal with P10 = low, P50 = the deal's value, P90 = high, truncated to the bounds) and
 * returns the P10/P50/P90 of year-1 monthly levered cash flow, cash-on-cash, DSCR, both XIRRs,
 * the levered equity multiple and profit; the chance that year-1 cash flow is negative and that
 * every offer target holds; the tornado of drivers; and the fan of yearly levered cash flows. See
 * the module note for the percentile definition, the null policy and the tornado.
 * Validates the deal, the spreads, the targets, `draws` and `seed` (`UnderwritingInputError`).
 * With no spread (or every low = high), every percentile is `analyze`'s figure.
 *
 * @example
 * const s = simulate(austinDeal, { rent: { low: 2_100, high: 2_600 } }, { draws: 10_000, seed: 1 });
 * s.percentiles.monthly_levered_cash_flow;
 * // { p10: −1,708.69…, p50: −1,469.50…, p90: −1,229.20…, count: 10,000 }: the deal's own is −1,467.56,
 * // and cash flow moves $0.95 a month per dollar of rent (P10 of the rent ≈ 2,100 → −1,467.56 − 0.95 × 247)
 * s.probabilities.negative_cash_flow;      // 1: no draw of the rent turns year 1 positive
 * s.drivers.levered_xirr[0].key;           // 'rent'
 */
export function simulate(
  input: DealInput & OptionalInputs,
  spreads: Spreads,
  options: SimulateOptions = {},
): Simulation {
  const steps = simulationSteps(input, spreads, options, Number.POSITIVE_INFINITY);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * `simulate`'s run in slices: it pauses after every `slice` draws (yielding the draws done), so a
 * caller that no longer wants the answer (the page's worker, when the inputs change) can drop it
 * between slices instead of waiting for the whole run. Run to the end, it returns exactly
 * `simulate`'s result; the input is checked before the first draw.
 *
 * @example
 * const steps = simulationSteps(deal, spreads, { draws: 10_000 }, 1_000);
 * let step = steps.next(); // { done: false, value: 1_000 } … then, after 10 steps, { done: true, value: simulation }
 */
export function* simulationSteps(
  input: DealInput & OptionalInputs,
  spreads: Spreads,
  options: SimulateOptions = {},
  slice = 1_000,
): Generator<number, Simulation, void> {
  const deal = validateDealInput(input);
  const valid = validateSpreads(spreads, deal);
  const draws = checkBound('draws', options.draws ?? SIMULATION_LIMITS.draws.default, {
    ...SIMULATION_LIMITS.draws,
    maxInclusive: true,
    integer: true,
    kind: 'count',
  });
  const seed = checkBound('seed', options.seed ?? SIMULATION_LIMITS.seed.default, {
    ...SIMULATION_LIMITS.seed,
    maxInclusive: true,
    integer: true,
    kind: 'count',
  });
  const targets = options.targets === undefined ? undefined : validateOfferTargets(options.targets);
  const targetKeys = targets === undefined ? [] : (Object.keys(targets) as OfferTargetKey[]);

  // sorted by name: the order the spreads were listed in plays no part
  const keys = (Object.keys(valid) as SpreadKey[]).sort();
  const spreadOf = (key: SpreadKey) => valid[key] as Spread;
  const uncertain = keys.filter((key) => spreadOf(key).low !== spreadOf(key).high);
  const samplers: { key: SpreadKey; draw: Sampler; next: () => number }[] = uncertain.map((key) => {
    const stream = sfc32(seed, hashString(key));
    // present: validateSpreads refuses a spread on a figure the deal lacks (a rehab's, without one)
    return { key, draw: spreadSampler(key, deal[key] as number, spreadOf(key)), next: stream.next };
  });

  const hold = deal.hold_period;
  const kernel = new DealKernel(hold);
  const values: Record<SimulatedMeasure, Float64Array> = {
    monthly_levered_cash_flow: new Float64Array(draws),
    cash_on_cash: new Float64Array(draws),
    dscr: new Float64Array(draws),
    unlevered_xirr: new Float64Array(draws),
    levered_xirr: new Float64Array(draws),
    equity_multiple: new Float64Array(draws),
    profit: new Float64Array(draws),
  };
  const yearly = Array.from({ length: hold }, () => new Float64Array(draws));
  let negative = 0;
  let holding = 0;

  const drawn = Object.assign({}, deal);
  for (let i = 0; i < draws; i++) {
    for (const sampler of samplers) drawn[sampler.key] = sampler.draw(sampler.next());
    const o = kernel.run(drawn);
    values.monthly_levered_cash_flow[i] = o.monthly_levered_cash_flow;
    values.cash_on_cash[i] = o.cash_on_cash;
    values.dscr[i] = orNaN(o.dscr);
    values.unlevered_xirr[i] = rateOrRank(o.unlevered_xirr, o.unlevered_total_loss);
    values.levered_xirr[i] = rateOrRank(o.levered_xirr, o.levered_total_loss);
    values.equity_multiple[i] = orNaN(o.equity_multiple);
    values.profit[i] = o.profit;
    for (let y = 0; y < hold; y++) (yearly[y] as Float64Array)[i] = o.yearly_levered_cash_flow[y] as number;
    if (o.monthly_levered_cash_flow < 0) negative++;
    if (
      targets !== undefined &&
      targetKeys.every((key) => meets(key, targetMeasure(key, o, drawn), targets[key] as number))
    ) {
      holding++;
    }
    if ((i + 1) % slice === 0 && i + 1 < draws) yield i + 1;
  }

  const percentiles = {} as Record<SimulatedMeasure, Band>;
  for (const measure of SIMULATED_MEASURES) percentiles[measure] = band(values[measure]);
  const probabilities: Simulation['probabilities'] = { negative_cash_flow: negative / draws };
  if (targets !== undefined) probabilities.targets_hold = holding / draws;
  return {
    percentiles,
    probabilities,
    drivers: tornado(deal, valid, keys, kernel),
    yearly_levered_cash_flow: yearly.map((column, y) => {
      const [p10, p50, p90] = percentiles3(column, draws);
      return { year: y + 1, p10, p50, p90 };
    }),
    draws,
    seed,
  };
}
