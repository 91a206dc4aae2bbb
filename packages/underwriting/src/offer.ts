/**
 * The highest price at which a deal still meets the investor's targets (issue 14 §1).
 *
 * ## Why the search is exact
 *
 * As the price P moves (`atPrice`), every dollar figure of the deal is affine in P: the linked costs
 * and the loan are proportional to P (insurance less its fixed part, `insurance_fixed`), rent and
 * the other costs do not move. So, with N0 the year-1 NOI at a price of 0 (rent less management,
 * maintenance, the optional expense lines and insurance's fixed part, none of which follows the
 * price) and k, e, f, n, d ≥ 0 constants:
 *
 * - monthly levered cash flow = (N0 − kP) / 12 is monotone in P;
 * - cash-on-cash = (N0 − kP) / (eP + f), DSCR = (N0 − nP) / (dP) and the cap rate (N0 − nP) / P are
 *   each a ratio of two affine functions with no pole at P > 0, hence monotone on P > 0;
 * - the levered flows F_m(P) = α_m + β_m·P are affine too, so NPV(r; P) = a(r) + b(r)·P. Where the
 *   flows change sign once, there is exactly one simple root r(P), continuous in P, and
 *   dr/dP = −b(r) / ∂NPV/∂r keeps one sign (b(r(P)) = 0 at one P would make r(P) a root at every P):
 *   the XIRR is monotone on every price range where the flows change sign at most once (where they
 *   never change sign there is no XIRR, null, and that range joins its neighbours: the XIRR tends
 *   to −100 % at the junction);
 * - every score of the rating is a clamped linear function of one of those measures, so each is
 *   monotone there, and `overall_points` = round(Σ scores) is bounded on [a, b] by
 *   round(Σ max(score(a), score(b))).
 *
 * Each affine flow changes sign at most once as P moves, so [10,000, 100,000,000] splits into at most
 * hold_period + 2 ranges of fixed sign pattern; the adjacent ones with at most one sign change are
 * merged into one monotone region. In each region every measure is monotone, so on any [a, b] inside
 * it a target's best value is at a or b. The search is a branch and bound from the top: [a, b] is
 * answered by b when b meets every target, dropped when some target's best value on it (at a or b)
 * misses, else halved, upper half first. Only the region above the answer is searched exhaustively,
 * and for typical deals (one region, every target monotone) this is a bisection of ~30 analyses.
 *
 * A property tax in tiers (`property_tax_tiers`) is affine in P on each side of the tier's start
 * `upper_from`, not across it (its slope steps up there): the range is first cut at that price, and
 * each piece is searched as above, its regions placed from its own two ends.
 *
 * Where the flows change sign twice or more (an underwater sale, cash flow turning negative mid-hold)
 * the XIRR has no proven monotonicity: there the XIRR prunes only intervals at most 1 % of the
 * price wide, so the search is exact unless the XIRR crosses its target and back within 1 % (the
 * other targets still prune at any width). Either way the answer is verified: it meets every target
 * and one dollar more misses one (or it is the cap). Where a measure sits exactly on its target over
 * a whole range (an XIRR of 0 ± 1e-16 against a target of 0), float noise decides, as it would for
 * any single price.
 */
import { analyze } from './analyze.js';
import { ASSUMPTION_BOUNDS } from './bounds.js';
import { atPrice, PRICE_LINKED_COSTS } from './drivers.js';
import { UnderwritingInputError } from './errors.js';
import { flowShape } from './roots.js';
import type { Analysis, DealInput, OptionalInputs, RehabAndRefinance } from './types.js';
import { assumptionsWithinBounds, validateDealInput, withinBound } from './validate.js';

/** The targets `maxOffer` understands, in the order `binding` prefers when several stop a higher price. */
export const OFFER_TARGET_KEYS = [
  'cash_on_cash',
  'dscr',
  'levered_xirr',
  'monthly_levered_cash_flow',
  'overall_points',
] as const;
export type OfferTargetKey = (typeof OFFER_TARGET_KEYS)[number];

/** Each target means "at least this": fractions for cash-on-cash and XIRR, dollars a month, points 0–100. */
export type OfferTargets = Partial<Record<OfferTargetKey, number>>;

export interface MaxOffer {
  /** the highest whole-dollar price in the range meeting every target; null when none does */
  purchase_price: number | null;
  /**
   * the target that one dollar more would miss (at the lowest price when none is met); null at the
   * top of the range (100,000,000, or the highest price whose price-linked costs stay in the model's
   * bounds)
   */
  binding: OfferTargetKey | null;
  /** each target's value at `purchase_price` (at the lowest price, 10,000, when it is null) */
  measures: Partial<Record<OfferTargetKey, number | null>>;
}

/** The prices `maxOffer` searches, whole dollars. */
export const OFFER_PRICE_RANGE = { min: 10_000, max: 100_000_000 } as const;

/** Each target's range, both ends allowed: the engine checks targets with it, the web's fields too. */
export const OFFER_TARGET_LIMITS: Readonly<Record<OfferTargetKey, { min: number; max: number }>> = {
  cash_on_cash: { min: -1, max: 1 },
  dscr: { min: 0, max: 10 },
  levered_xirr: { min: -1, max: 1 },
  monthly_levered_cash_flow: { min: -1e12, max: 1e12 },
  overall_points: { min: 0, max: 100 },
};

/** A target's range (checked with `withinBound`) and its rule for errors. */
const targetRule = (key: OfferTargetKey, rule: string) =>
  ({ ...OFFER_TARGET_LIMITS[key], maxInclusive: true, integer: false, rule }) as const;

const TARGET_RULES: Record<OfferTargetKey, ReturnType<typeof targetRule>> = {
  cash_on_cash: targetRule('cash_on_cash', 'must be a fraction from -1 to 1 (0.08 = 8 %)'),
  dscr: targetRule('dscr', 'must be a number from 0 to 10'),
  levered_xirr: targetRule('levered_xirr', 'must be a fraction from -1 to 1 (0.08 = 8 %)'),
  monthly_levered_cash_flow: targetRule(
    'monthly_levered_cash_flow',
    'must be a number of dollars a month from -1,000,000,000,000 to 1,000,000,000,000',
  ),
  overall_points: targetRule('overall_points', 'must be a number from 0 to 100'),
};

/**
 * Checks untrusted targets: an object with at least one of `OFFER_TARGET_KEYS`, each a number in
 * its range. Throws `UnderwritingInputError` naming `targets.<key>` and the rule.
 *
 * @example
 * validateOfferTargets({ cash_on_cash: 8 }); // throws: targets.cash_on_cash: must be a fraction from -1 to 1 (0.08 = 8 %)
 */
export function validateOfferTargets(targets: unknown): OfferTargets {
  const names = OFFER_TARGET_KEYS.join(', ');
  if (targets === undefined)
    throw new UnderwritingInputError('targets', `is required: an object with any of ${names}`);
  if (typeof targets !== 'object' || targets === null || Array.isArray(targets)) {
    throw new UnderwritingInputError('targets', `must be an object with any of ${names}`);
  }
  const record = targets as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 0) throw new UnderwritingInputError('targets', `must name at least one of ${names}`);
  const valid: OfferTargets = {};
  for (const key of keys) {
    // own keys only: `toString` or `__proto__` must not find Object.prototype's
    if (!Object.hasOwn(TARGET_RULES, key)) {
      throw new UnderwritingInputError(`targets.${key}`, `is not a target (one of ${names})`);
    }
    const rule = TARGET_RULES[key as OfferTargetKey];
    const value = record[key];
    if (!withinBound(value, rule)) throw new UnderwritingInputError(`targets.${key}`, rule.rule);
    valid[key as OfferTargetKey] = value;
  }
  return valid;
}

/**
 * The value of one target's measure in an analysis: year-1 levered cash-on-cash, DSCR (null without
 * a loan), levered XIRR (null when none), year-1 monthly levered cash flow, rating points.
 *
 * @example
 * offerMeasure(analyze(austinDeal), 'dscr'); // 0.40907… = NOI 12,191.44 / debt service 29,802.21
 */
export function offerMeasure(analysis: Analysis, key: OfferTargetKey): number | null {
  switch (key) {
    case 'cash_on_cash':
      return analysis.year_1_metrics.levered_returns;
    case 'dscr':
      return analysis.year_1_metrics.dscr;
    case 'levered_xirr':
      return analysis.overall_returns.levered_xirr;
    case 'monthly_levered_cash_flow':
      return analysis.year_1_metrics.monthly_levered_cash_flow;
    case 'overall_points':
      return analysis.summary.overall_points;
  }
}

/**
 * Whether a measure meets its target. A missing XIRR misses; a missing DSCR (no loan: no debt to
 * cover) meets it, as the rating scores it. Shared with `simulate`'s chance that the targets hold.
 *
 * @example
 * meets('dscr', null, 1.25);        // true: no loan, no debt to cover
 * meets('levered_xirr', null, 0.1); // false
 */
export function meets(key: OfferTargetKey, value: number | null, target: number): boolean {
  if (value === null) return key === 'dscr';
  return value >= target;
}

/** What the search keeps of one analysis. */
interface Evaluation {
  price: number;
  analysis: Analysis;
  /** the first target missed, in OFFER_TARGET_KEYS order; null when every target is met */
  missed: OfferTargetKey | null;
}

/** Past this many analyses, 1 % intervals are pruned with the points total taken as monotone (see `searchRegion`). */
const EXHAUSTIVE_BUDGET = 3_000;
/** Where the XIRR is not provably monotone, it is taken as monotone on intervals at most 1 % wide. */
const CELL_RATIO = 1.01;

/**
 * The highest whole-dollar purchase price in [10,000, 100,000,000] at which every target holds
 * (each means "at least"; see `OfferTargets`), with the target that stops a higher price and each
 * target's value there. As the price moves, closing cost, financing fees, insurance (less its fixed
 * part) and property taxes keep their ratio to it and the loan follows the LTV (`atPrice`); nothing
 * else moves. The
 * search is exact where the measures are provably monotone and verified everywhere: see the module
 * note. Validates the deal and the targets first (`UnderwritingInputError`).
 *
 * @example
 * // the Austin example deal ($450,000, rent $2,347, 8.03 %):
 * maxOffer(austinDeal, { cash_on_cash: 0.08, dscr: 1.25 });
 * // → { purchase_price: 196_052, binding: 'cash_on_cash',
 * //     measures: { cash_on_cash: 0.0800011811…, dscr: 1.3565371294… } }
 * // at $196,053 cash-on-cash is 0.0799993: one dollar more misses 8 %
 */
export function maxOffer(input: DealInput & OptionalInputs, targets: OfferTargets): MaxOffer {
  const deal = validateDealInput(input);
  const wanted = validateOfferTargets(targets);
  const keys = OFFER_TARGET_KEYS.filter((key) => wanted[key] !== undefined);
  const target = (key: OfferTargetKey) => wanted[key] as number;

  const cache = new Map<number, Evaluation>();
  const evaluate = (price: number): Evaluation => {
    let evaluation = cache.get(price);
    if (evaluation === undefined) {
      const analysis = analyze(atPrice(deal, price));
      const missed = keys.find((key) => !meets(key, offerMeasure(analysis, key), target(key))) ?? null;
      evaluation = { price, analysis, missed };
      cache.set(price, evaluation);
    }
    return evaluation;
  };
  /**
   * Could some price in [a, b] meet every target? See `Bound`: each target's best value on [a, b]
   * is at a or b where its measure is monotone, and the points target is bounded score by score.
   */
  const mightHold = (a: Evaluation, b: Evaluation, bound: Bound): boolean =>
    keys.every((key) => {
      if (key === 'levered_xirr' && bound === 'safe') return true;
      if (key === 'overall_points' && bound !== 'rough') {
        return Math.round(bestPoints(a.analysis, b.analysis, bound === 'safe')) >= target(key);
      }
      return (
        meets(key, offerMeasure(a.analysis, key), target(key)) ||
        meets(key, offerMeasure(b.analysis, key), target(key))
      );
    });

  const { min } = OFFER_PRICE_RANGE;
  const max = priceCeiling(deal);
  const low = evaluate(min);
  const needsXirr = keys.includes('levered_xirr') || keys.includes('overall_points');
  const regions = affinePieces(deal, min, max).flatMap(([from, to]) =>
    needsXirr
      ? monotoneRegions(evaluate(from).analysis, evaluate(to).analysis, from, to)
      : [{ from, to, monotone: true }],
  );

  let found: Evaluation | null = null;
  for (let r = regions.length - 1; r >= 0 && found === null; r--) {
    found = searchRegion(regions[r] as Region, evaluate, mightHold, () => cache.size > EXHAUSTIVE_BUDGET);
  }
  const at = found ?? low;
  const measures: MaxOffer['measures'] = {};
  for (const key of keys) measures[key] = offerMeasure(at.analysis, key);
  const binding = found === null ? low.missed : found.price === max ? null : evaluate(found.price + 1).missed;
  return { purchase_price: found?.price ?? null, binding, measures };
}

/**
 * The top of the search: the range's 100,000,000, or lower when a cost that follows the price would
 * pass its bound before that (a closing cost of 1e14 on a $450,000 price reaches the model's largest
 * dollar figure near $40 million). The range's 10,000 always fits: costs only shrink below the
 * input's price, which is itself at least 10,000.
 */
function priceCeiling(deal: DealInput): number {
  let ceiling: number = OFFER_PRICE_RANGE.max;
  for (const key of PRICE_LINKED_COSTS) {
    const share = deal[key] / deal.purchase_price;
    if (share > 0) ceiling = Math.min(ceiling, Math.floor(ASSUMPTION_BOUNDS[key].max / share));
  }
  // the division rounds, and taxes in tiers grow faster than the price above their upper tier: the
  // highest price whose costs stay inside their bounds (each cost rises with the price), by bisection
  const fits = (price: number) => assumptionsWithinBounds(atPrice(deal, price));
  if (fits(ceiling)) return ceiling;
  let low: number = OFFER_PRICE_RANGE.min;
  while (ceiling - low > 1) {
    const middle = Math.floor((low + ceiling) / 2);
    if (fits(middle)) low = middle;
    else ceiling = middle;
  }
  return low;
}

/**
 * The rating's unrounded sum with each score at the better of two analyses; with `anyReturn`, the
 * return score (the XIRR's) at its maximum.
 */
function bestPoints(a: Analysis, b: Analysis, anyReturn: boolean): number {
  let sum = 0;
  a.summary.scores.forEach((score, i) => {
    if (anyReturn && score.name === 'return') sum += score.max_points;
    else sum += Math.max(score.points, b.summary.scores[i]?.points ?? 0);
  });
  return sum;
}

/**
 * How `mightHold` bounds the targets on [a, b]:
 * - 'exact': every measure monotone on [a, b] (proven in a monotone region; assumed in intervals
 *   of at most 1 % elsewhere), so each score and target is at its best at a or b;
 * - 'safe': the XIRR may be anything (a region where the flows change sign twice or more, wider
 *   than 1 %): the XIRR target cannot prune and the return score counts in full;
 * - 'rough': past the budget, in intervals of at most 1 %, the points total too is taken as
 *   monotone.
 */
type Bound = 'exact' | 'safe' | 'rough';

/** Whole-dollar prices `from`..`to`; `monotone` when every measure is monotone on it. */
interface Region {
  from: number;
  to: number;
  monotone: boolean;
}

/**
 * The highest price of `region` meeting every target, by branch and bound from the top (see the
 * module note): intervals [a, b] with b known to miss, dropped when `mightHold` says no price in
 * them can meet every target, else halved, upper half first. In a region that is not monotone, the
 * XIRR is taken as monotone only in intervals of at most 1 % (`CELL_RATIO`). Past the budget, which
 * only a points target whose scores pull in opposite directions right at its threshold over a long
 * stretch can reach, intervals of at most 1 % are pruned with the points total taken as monotone.
 */
function searchRegion(
  region: Region,
  evaluate: (price: number) => Evaluation,
  mightHold: (a: Evaluation, b: Evaluation, bound: Bound) => boolean,
  overBudget: () => boolean,
): Evaluation | null {
  const top = evaluate(region.to);
  if (top.missed === null) return top;
  const stack: [number, number][] = [[region.from, region.to]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const atA = evaluate(a);
    if (b - a <= 1) {
      if (atA.missed === null) return atA;
      continue;
    }
    const narrow = b <= a * CELL_RATIO;
    const bound: Bound = !narrow ? (region.monotone ? 'exact' : 'safe') : overBudget() ? 'rough' : 'exact';
    if (!mightHold(atA, evaluate(b), bound)) continue;
    const middle = Math.floor((a + b) / 2);
    if (evaluate(middle).missed === null) {
      // the answer is in [middle, b], above everything still stacked
      stack.length = 0;
      stack.push([middle, b]);
    } else {
      stack.push([a, middle], [middle, b]);
    }
  }
  return null;
}

/**
 * The whole-dollar price ranges [from, to] covering [min, max] on each of which every figure of the
 * deal is affine in the price: the whole range, or two pieces cut where a property tax's upper tier
 * starts (`property_tax_tiers`).
 */
function affinePieces(deal: DealInput & OptionalInputs, min: number, max: number): [number, number][] {
  const start = deal.property_tax_tiers?.upper_from;
  if (start === undefined || !(start >= min && start < max)) return [[min, max]];
  // the tax's slope steps up after upper_from: a whole dollar at or below it is on the lower tier
  const cut = Math.floor(start);
  return [
    [min, cut],
    [cut + 1, max],
  ];
}

/**
 * Splits the price range [min, max] where the sign pattern of the levered monthly flows changes,
 * and merges neighbours with at most one sign change into monotone regions. The flows are affine in
 * the price on the range, so two analyses (`low` at min, `high` at max) give each flow's
 * coefficients exactly enough to place its zero to the dollar.
 */
function monotoneRegions(low: Analysis, high: Analysis, min: number, max: number): Region[] {
  if (max === min) return [{ from: min, to: max, monotone: true }];
  const lowFlows = leveredFlowPattern(low);
  const highFlows = leveredFlowPattern(high);
  const slopes = lowFlows.map((flow, i) => ((highFlows[i] as number) - flow) / (max - min));
  const intercepts = lowFlows.map((flow, i) => flow - (slopes[i] as number) * min);
  const cuts = new Set<number>();
  slopes.forEach((slope, i) => {
    if (slope === 0) return;
    const zero = Math.floor(-(intercepts[i] as number) / slope);
    if (zero >= min && zero < max) cuts.add(zero);
  });
  const bounds = [min - 1, ...[...cuts].sort((x, y) => x - y), max];
  const regions: Region[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const from = (bounds[i - 1] as number) + 1;
    const to = bounds[i] as number;
    const middle = (from + to) / 2;
    const flows = intercepts.map((c, j) => c + (slopes[j] as number) * middle);
    // Descartes' bound on the number of rates: sign changes of the flows, zeros skipped
    const monotone = flowShape(flows, flows.length).changes <= 1;
    const last = regions[regions.length - 1];
    if (last !== undefined && last.monotone === monotone) last.to = to;
    else regions.push({ from, to, monotone });
  }
  return regions;
}

/**
 * One representative of each distinct levered flow, in time order: the equity out at month 0, each
 * year's monthly flow (the last year's first 11 months), and the last month with the sale.
 */
function leveredFlowPattern(analysis: Analysis): number[] {
  const { levered } = analysis.hold_period;
  const years = levered.rental_cashflow.length;
  const flows = [-analysis.overall_returns.levered_equity];
  for (const annual of levered.rental_cashflow) flows.push(annual / 12);
  const lastYear = years - 1;
  flows.push(
    (levered.rental_cashflow[lastYear] as number) / 12 +
      (levered.proceeds_from_sale[lastYear] as number) -
      (levered.loan_payoff[lastYear] as number),
  );
  return flows;
}

/** The share of the after-repair value the 70 % rule pays, before the rehab. */
export const SEVENTY_PERCENT_RULE_SHARE = 0.7;

/**
 * The 70 % rule, the screen flippers, BRRRR investors and their lenders price a rehab deal with:
 * pay at most 70 % of the after-repair value less the rehab budget (the 30 % leaves room for
 * closing, holding and selling costs, and a margin). A rule of thumb beside `maxOffer`, which
 * answers the investor's own targets; null without an after-repair value, and ≤ 0 when the rehab
 * takes 70 % of the value or more (no price passes the screen).
 *
 * @example seventyPercentRule({ after_repair_value: 200_000, rehab_budget: 30_000 }); // 110,000 = 0.7 × 200,000 − 30,000
 */
export function seventyPercentRule(
  deal: Pick<RehabAndRefinance, 'after_repair_value' | 'rehab_budget'>,
): number | null {
  if (deal.after_repair_value === undefined) return null;
  return SEVENTY_PERCENT_RULE_SHARE * deal.after_repair_value - (deal.rehab_budget ?? 0);
}
