/**
 * Ranges, not points (issue 27 §1): how uncertain each assumption is, and how a value is drawn
 * from that uncertainty.
 *
 * A **spread** of an assumption is `{ low, high }`: its 10th and 90th percentile, in the
 * assumption's own unit (dollars for money, a fraction for rates), around the deal's value as the
 * median. `low ≤ value ≤ high`, both inside the assumption's bounds (`ASSUMPTION_BOUNDS`).
 *
 * **The distribution** is a quantile-matched split normal: below the median a normal with
 * σ_low = (value − low) / z, above it one with σ_high = (high − value) / z, z = Φ⁻¹(0.9) ≈ 1.2816.
 * Its quantile function is Q(u) = value + σ_low·Φ⁻¹(u) for u < ½ and value + σ_high·Φ⁻¹(u) above,
 * so P10 = low, P50 = value and P90 = high exactly, and an asymmetric spread is a skewed
 * distribution (a vacancy that can rise more than it can fall). One family serves every kind:
 * money is bounded below by 0 like a lognormal but keeps the stated percentiles even when they are
 * not symmetric in logs.
 *
 * **Bounds hold by inverse-CDF truncation, half by half**: each half is truncated at its own
 * bound, Q(u) = value + σ_low·Φ⁻¹(F_low + 2u(½ − F_low)) below the median with
 * F_low = Φ((min − value) / σ_low), and likewise above with F_high = Φ((max − value) / σ_high).
 * Every draw is inside the bound, the median stays the deal's value, and one uniform gives one
 * draw (no rejection loop, so common random numbers line up draw by draw). Where a bound is within
 * ~2.6 σ of the value the truncated P10 (or P90) sits a little nearer the median than `low`
 * (`high`). A final clamp to the bound removes the ~1e-9 error of the Φ⁻¹ approximation.
 *
 * **Which assumptions can be uncertain** (`SPREAD_KEYS`): the operating figures (rent, other
 * income, vacancy, management, insurance, taxes, maintenance), every growth rate, the appreciation,
 * the cost to sell, the interest rate (not locked until closing), and a rehab's budget and
 * after-repair value where the deal has them (a contractor's bid and a valuation of a house not yet
 * finished; QA: a rehab deal's band held the two that move it most exact). Left out: the purchase price
 * (the investor's offer, the variable `maxOffer` solves for), the loan-to-value, loan term and hold
 * period (the investor's choices; the term and the hold are whole years that change the shape of
 * the flows, explored with the sensitivity grid instead), and the closing cost, financing fees and
 * loan processing fees (quoted on the Loan Estimate before the deal closes, and small).
 */
import { ASSUMPTION_BOUNDS, type Bound, REHAB_BOUNDS } from './bounds.js';
import { UnderwritingInputError } from './errors.js';
import { normalCdf, normalQuantile, Z90 } from './random.js';
import { type RehabSpreadKey, SPREAD_KEYS, type SpreadKey } from './spread-keys.js';
import type { Assumptions, RehabAndRefinance } from './types.js';

export { SPREAD_KEYS, type SpreadKey };

/** A deal as the spreads read it: the assumptions, and a rehab's budget and value when it has them. */
export type SpreadDeal = Assumptions & RehabAndRefinance;

const isRehabKey = (key: SpreadKey): key is RehabSpreadKey =>
  key === 'rehab_budget' || key === 'after_repair_value';

/** The bound an uncertain assumption's draws stay in. */
export const spreadBound = (key: SpreadKey): Bound =>
  isRehabKey(key) ? REHAB_BOUNDS[key] : ASSUMPTION_BOUNDS[key];

/** Whether an assumption can carry a spread. */
export const isSpreadKey = (key: string): key is SpreadKey =>
  (SPREAD_KEYS as readonly string[]).includes(key);

/** An assumption's 10th (`low`) and 90th (`high`) percentile, in its own unit. */
export interface Spread {
  low: number;
  high: number;
}

/** A spread for any of the uncertain assumptions; a key left out (or low = high) is exact. */
export type Spreads = Partial<Record<SpreadKey, Spread>>;

/**
 * How a default spread is set around a value: `relative` widths are shares of the value (0.2 =
 * 20 % below), `points` widths are added to a rate (0.03 = three points above).
 */
export interface SpreadRule {
  unit: 'relative' | 'points';
  /** value − low, as a share of the value or in points */
  down: number;
  /** high − value, likewise */
  up: number;
  /** why this width, and the published evidence behind it (or that it is a judgment) */
  reason: string;
}

/**
 * The default spread of every uncertain assumption, around whatever value the deal has: the
 * spread a model default (or a market figure without its own range) carries. See the README,
 * "Ranges: spreads and simulation", for the sources.
 */
export const DEFAULT_SPREAD_RULES: { readonly [K in SpreadKey]: SpreadRule } = {
  rent: {
    unit: 'relative',
    down: 0.2,
    up: 0.2,
    reason:
      "the offline market-rent estimate's held-out error: 63.2 % of ZIPs within ±15 % of Zillow's asking rent (apps/api/src/market/README.md), a σ of ~17 %, so P10–P90 ≈ ±21 %",
  },
  other_income: {
    unit: 'relative',
    down: 0.25,
    up: 0.25,
    reason: 'judgment: fees, laundry and parking vary with the tenant; no published dispersion found',
  },
  vacancy_rate: {
    unit: 'points',
    down: 0.03,
    up: 0.04,
    reason:
      "Census CPS/HVS: regional rental vacancy 6.8–12.1 % in one quarter (Q3 2007, Table 2) and a metro's annual rate known to ±0.8–2.9 points (standard errors, 2004, Table B-4); skewed up because one house is either let or empty for a turnover",
  },
  rent_annual_growth_rate: {
    unit: 'points',
    down: 0.02,
    up: 0.03,
    reason:
      'Zillow (2025-01-22): detached single-family rents +4.4 % a year, +41 % over five years (~7 %/yr), apartments +2.4 %: five-year averages from ~1 % to ~7 %',
  },
  other_income_annual_growth_rate: {
    unit: 'points',
    down: 0.02,
    up: 0.02,
    reason: 'judgment: as uncertain as inflation over the hold',
  },
  property_management: {
    unit: 'relative',
    down: 0.1,
    up: 0.25,
    reason:
      'judgment: fees are contracts of 8–10 % of collected rent, plus leasing and renewal fees that come with turnover (skewed up)',
  },
  property_management_annual_growth_rate: {
    unit: 'points',
    down: 0.02,
    up: 0.03,
    reason: 'a share of collected rent: as uncertain as rent growth',
  },
  insurance: {
    unit: 'relative',
    down: 0.2,
    up: 0.3,
    reason:
      "judgment, about a state's two published averages apart with a landlord policy's 15–25 % on top; the market's own range (fitted on published city averages, wider) replaces it where there is one, and a quote replaces both",
  },
  insurance_annual_growth_rate: {
    unit: 'points',
    down: 0.02,
    up: 0.04,
    reason: 'judgment: premiums rose well above inflation in 2022–2025, and can again (skewed up)',
  },
  property_taxes: {
    unit: 'relative',
    down: 0.05,
    up: 0.2,
    reason:
      "judgment: a sale often triggers a reassessment to the price (skewed up); a county's estimated rate carries its own range, fitted on the cities whose own rates were read, which replaces it",
  },
  property_taxes_annual_growth_rate: {
    unit: 'points',
    down: 0.015,
    up: 0.02,
    reason: 'judgment: assessment caps and levy limits hold most states near 2 %',
  },
  maintenance: {
    unit: 'relative',
    down: 0.3,
    up: 0.5,
    reason: 'judgment: repairs are lumpy (a roof, a furnace), so the high side is wider',
  },
  property_maintenance_annual_growth_rate: {
    unit: 'points',
    down: 0.015,
    up: 0.02,
    reason: 'judgment: as uncertain as construction-cost inflation',
  },
  interest_rate: {
    unit: 'points',
    down: 0.0033,
    up: 0.0037,
    reason:
      "Freddie Mac PMMS 30-year rate, weekly 2000-01-07 to 2026-10-01 (the market data's mortgage_rates.csv): the 10th and 90th percentile of its change over 8 weeks, the time to close, are −0.33 and +0.37 points (the rate's market figure carries this band as its range)",
  },
  annual_price_appreciation: {
    unit: 'points',
    down: 0.06,
    up: 0.06,
    reason:
      "FHFA county HPI backtest (apps/api market README, 3,875 county-periods): a flat 3 % missed a county's next 5-year average by 3.88 points on average (MAE), a σ of 3.88 / 0.798 ≈ 4.9 points, so P10–P90 ≈ ±6.2",
  },
  cost_to_sell: {
    unit: 'points',
    down: 0.01,
    up: 0.015,
    reason: 'judgment: commissions are negotiable since 2024 (lower), seller concessions add (higher)',
  },
  rehab_budget: {
    unit: 'relative',
    down: 0.05,
    up: 0.3,
    reason:
      "Houzz & Home surveys: 31 % of renovating homeowners with a budget exceeded it and 3 % came in under (2020 study), 40 % of those renovating a home they had just bought (2016); how far over is not published, so the +30 % at the 90th percentile is judgment, the sensitivity grid's widest step (skewed up)",
  },
  after_repair_value: {
    unit: 'relative',
    down: 0.18,
    up: 0.18,
    reason:
      "Zillow's published accuracy of its estimate for homes not on the market (an after-repair value is one: an off-market value of a house not yet finished): median error 7.5 %, within 10 % of the sale price 60.6 % of the time and within 20 % about 80–85 %, so eight in ten within about ±18 %",
  },
};

/** `value` pulled into the assumption's bounds. */
function clampToBound(key: SpreadKey, value: number): number {
  const { min, max } = spreadBound(key);
  return Math.min(max, Math.max(min, value));
}

/**
 * The spread a rule gives around `value`, scaled by `scale` (1 = the rule as written), inside the
 * assumption's bounds.
 *
 * Formula: relative: [v·(1 − s·down), v·(1 + s·up)]; points: [v − s·down, v + s·up]; each end
 * clamped to the bound.
 *
 * @example
 * ruleSpread('vacancy_rate', 0.05);        // { low: 0.02, high: 0.09 } (to 1e-15)
 * ruleSpread('vacancy_rate', 0.01);        // { low: 0, high: 0.05 }: no vacancy below 0
 * ruleSpread('rent', 2_000, 0.5);          // { low: 1_800, high: 2_200 }: half the ±20 %
 */
export function ruleSpread(key: SpreadKey, value: number, scale = 1): Spread {
  const rule = DEFAULT_SPREAD_RULES[key];
  const down = scale * rule.down;
  const up = scale * rule.up;
  const low = rule.unit === 'relative' ? value * (1 - down) : value - down;
  const high = rule.unit === 'relative' ? value * (1 + up) : value + up;
  return { low: Math.min(value, clampToBound(key, low)), high: Math.max(value, clampToBound(key, high)) };
}

/**
 * The default spread of every uncertain assumption of a deal (`DEFAULT_SPREAD_RULES` around its
 * values), except those in `exact`: values the user typed are exact until the user widens them,
 * and a share of nothing has no width (other income of $0 stays $0; QA: "Ranges vary it $0.00 to
 * $0.00"). Market figures with a range of their own are better served by `figureSpread`.
 *
 * @example
 * const s = defaultSpreads(austinDeal, ['rent']);
 * s.rent;                      // undefined: typed by the user
 * s.interest_rate;             // { low: 0.077, high: 0.084 } = 8.03 % − 0.33 / + 0.37 point
 * s.annual_price_appreciation; // { low: −0.03, high: 0.09 }
 */
export function defaultSpreads(deal: SpreadDeal, exact: Iterable<keyof SpreadDeal> = []): Spreads {
  const skip = new Set<keyof SpreadDeal>(exact);
  const spreads: Spreads = {};
  for (const key of SPREAD_KEYS) {
    const value = deal[key];
    // a deal without a rehab has no budget or after-repair value to be unsure of
    if (skip.has(key) || value === undefined) continue;
    const spread = ruleSpread(key, value);
    if (spread.low !== spread.high) spreads[key] = spread;
  }
  return spreads;
}

/** Where a value came from: a market figure's tier (packages/contracts `MARKET_FIGURE_TIERS`), or the user. */
export type FigureTier =
  | 'reported'
  | 'live'
  | 'citywide'
  | 'incomplete'
  | 'estimated'
  | 'default'
  | 'none'
  | 'user';

/**
 * How much of the default rule's width a figure without a range of its own carries, by tier: a
 * published or live figure half of it, a city's rate standing for its county three quarters, an
 * estimate or the model's default all of it, no data at all half as much again. A user's value
 * is exact (0).
 */
export const TIER_SCALE: { readonly [T in FigureTier]: number } = {
  reported: 0.5,
  live: 0.5,
  citywide: 0.75,
  incomplete: 1,
  estimated: 1,
  default: 1,
  none: 1.5,
  user: 0,
};

export interface FigureOptions {
  /**
   * the central share of outcomes `range` is meant to hold: 0.8 for a 10th–90th percentile band
   * (the default: the market-rent estimate, the appreciation range), 0.5 for an interquartile one
   * (Rentometer's 25th–75th percentile)
   */
  coverage?: number;
  /** multiplies the value and the range into the assumption's unit: the price for an insurance or tax rate */
  scale?: number;
}

/**
 * The spread of an assumption taken from a market figure `{ value, tier, range? }`, or null when
 * the value is exact (the user typed it). With a range, the range is the spread, its half-widths
 * rescaled from `coverage` to a P10–P90 band (× Φ⁻¹(0.9) / Φ⁻¹(½ + coverage/2)) and widened to hold
 * the value; without one, the default rule × `TIER_SCALE[tier]`, so a live or reported figure is
 * narrower than an estimate. Both ends are clamped to the assumption's bounds.
 *
 * @example
 * figureSpread('rent', { value: 2_735, tier: 'estimated', range: { low: 2_203, high: 3_404 } });
 * // { low: 2_203, high: 3_404 }: the estimate's range is already P10–P90
 * figureSpread('rent', { value: 2_000, tier: 'live', range: { low: 1_900, high: 2_100 } }, { coverage: 0.5 });
 * // { low: 1_809.99…, high: 2_190.00… }: an interquartile ±100 is a P10–P90 ±190.0
 * figureSpread('interest_rate', { value: 0.07, tier: 'reported' });  // { low: 0.06835, high: 0.07185 }
 * figureSpread('rent', { value: 2_000, tier: 'user' });              // null
 */
export function figureSpread(
  key: SpreadKey,
  figure: { value: number; tier: FigureTier; range?: { low: number; high: number } | undefined },
  options: FigureOptions = {},
): Spread | null {
  if (figure.tier === 'user') return null;
  const scale = options.scale ?? 1;
  const value = figure.value * scale;
  if (figure.range === undefined) return ruleSpread(key, value, TIER_SCALE[figure.tier]);
  const coverage = options.coverage ?? 0.8;
  // a P10–P90 range is taken as it is (not through Φ⁻¹'s 1e-9 error)
  const widen = coverage === 0.8 ? 1 : Z90 / normalQuantile(0.5 + coverage / 2);
  const low = value - widen * Math.max(0, value - figure.range.low * scale);
  const high = value + widen * Math.max(0, figure.range.high * scale - value);
  return { low: Math.min(value, clampToBound(key, low)), high: Math.max(value, clampToBound(key, high)) };
}

const describeBound = (key: SpreadKey): { min: string; max: string } => {
  const { min, max } = spreadBound(key);
  return { min: `≥ ${min}`, max: max === Number.MAX_SAFE_INTEGER ? '' : ` and ≤ ${max}` };
};

/**
 * Checks untrusted spreads against a (validated) deal: an object whose keys are `SPREAD_KEYS`, each
 * `{ low, high }` of finite numbers inside the assumption's bounds with low ≤ the deal's value ≤
 * high. Throws `UnderwritingInputError` naming `spreads.<key>.<end>` and the rule.
 *
 * @example
 * validateSpreads({ rent: { low: 2_500, high: 2_600 } }, austinDeal);
 * // throws: spreads.rent.low: must be a number ≥ 0 and ≤ the deal's rent (2347)
 */
export function validateSpreads(input: unknown, deal: SpreadDeal): Spreads {
  if (input === undefined) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UnderwritingInputError('spreads', 'must be an object of { low, high } by assumption');
  }
  const spreads: Spreads = {};
  for (const [key, spread] of Object.entries(input as Record<string, unknown>)) {
    if (!(SPREAD_KEYS as readonly string[]).includes(key)) {
      throw new UnderwritingInputError(
        `spreads.${key}`,
        `is not an uncertain assumption (one of ${SPREAD_KEYS.join(', ')})`,
      );
    }
    const k = key as SpreadKey;
    if (typeof spread !== 'object' || spread === null || Array.isArray(spread)) {
      throw new UnderwritingInputError(`spreads.${k}`, 'must be an object { low, high }');
    }
    const record = spread as Record<string, unknown>;
    for (const end of Object.keys(record)) {
      if (end !== 'low' && end !== 'high') {
        throw new UnderwritingInputError(`spreads.${k}.${end}`, 'is not part of a spread (low, high)');
      }
    }
    const value = deal[k];
    if (value === undefined) {
      throw new UnderwritingInputError(`spreads.${k}`, `the deal has no ${k} to be unsure of`);
    }
    const { min, max } = spreadBound(k);
    const bound = describeBound(k);
    const { low, high } = record;
    if (typeof low !== 'number' || !Number.isFinite(low) || low < min || low > value) {
      throw new UnderwritingInputError(
        `spreads.${k}.low`,
        `must be a number ${bound.min} and ≤ the deal's ${k} (${value})`,
      );
    }
    if (typeof high !== 'number' || !Number.isFinite(high) || high > max || high < value) {
      throw new UnderwritingInputError(
        `spreads.${k}.high`,
        `must be a number ≥ the deal's ${k} (${value})${bound.max}`,
      );
    }
    spreads[k] = { low, high };
  }
  return spreads;
}

/**
 * Draws one assumption: maps a uniform u in (0, 1) to a value of the truncated split normal
 * through its quantile function (see the module note). Monotone in u; u = ½ gives the value.
 */
export type Sampler = (u: number) => number;

/**
 * The sampler of one assumption with base value `value` and spread `spread` (already valid).
 *
 * Formula (u < ½): value + σ_low·Φ⁻¹(F_low + 2u(½ − F_low)), σ_low = (value − low) / Φ⁻¹(0.9),
 * F_low = Φ((min − value) / σ_low); (u ≥ ½) likewise with σ_high, F_high and the upper bound, the
 * level ½ + (2u − 1)(F_high − ½). A zero σ gives the value.
 *
 * @example
 * const draw = spreadSampler('rent', 2_000, { low: 1_800, high: 2_300 });
 * draw(0.5); // 2,000
 * draw(0.1); // 1,800.000… (to ~1e-6: the bound at 0 is 12 σ away)
 * draw(0.9); // 2,300.000…
 */
export function spreadSampler(key: SpreadKey, value: number, spread: Spread): Sampler {
  const { min, max } = spreadBound(key);
  const sigmaLow = (value - spread.low) / Z90;
  const sigmaHigh = (spread.high - value) / Z90;
  const floor = sigmaLow > 0 ? normalCdf((min - value) / sigmaLow) : 0;
  const ceiling = sigmaHigh > 0 ? normalCdf((max - value) / sigmaHigh) : 1;
  return (u) => {
    let x: number;
    if (u < 0.5) {
      if (sigmaLow === 0) return value;
      x = value + sigmaLow * normalQuantile(floor + 2 * u * (0.5 - floor));
    } else {
      if (sigmaHigh === 0) return value;
      x = value + sigmaHigh * normalQuantile(0.5 + (2 * u - 1) * (ceiling - 0.5));
    }
    return Math.min(max, Math.max(min, x));
  };
}
