/**
 * The offer at which the investor's targets hold in most outcomes, not just in the one the point
 * assumptions give (issue 27 §3: "offer at which the targets hold in 9 of 10 outcomes").
 *
 * At each price tried the deal moves as `atPrice` moves it (closing cost, fees, insurance and taxes
 * keep their ratio to the price) and so do the spreads of the price-linked assumptions; the deal is
 * simulated with the same seed at every price (common random numbers), so a draw is the same
 * "world" at each price and the share of draws meeting the targets falls as the price rises (draw
 * by draw for cash flow, cash-on-cash and DSCR; taken as falling for XIRR and the rating points).
 * The price is then found by bisection, to `step` dollars.
 */
import { atPrice, PRICE_LINKED_COSTS } from './drivers.js';
import { UnderwritingInputError } from './errors.js';
import type { OfferTargets } from './offer.js';
import { simulate } from './simulate.js';
import { isSpreadKey, type SpreadKey, type Spreads } from './spreads.js';
import type { DealInput, OptionalInputs } from './types.js';

export interface ConfidentOfferOptions {
  /** the share of outcomes the targets must hold in: 0.9 = 9 in 10 (the default) */
  share?: number;
  /** draws per price tried; default 1,000 (the share to ±1.9 points at 90 %) */
  draws?: number;
  seed?: number;
  /** the precision of the price, in dollars; default 100 */
  step?: number;
}

export interface ConfidentOffer {
  /** the highest price (a multiple of `step`) where the targets hold in at least `share` of outcomes; null when none from $10,000 does */
  purchase_price: number | null;
  /** the share of outcomes meeting every target at that price */
  share_holding: number | null;
}

const LOWEST_PRICE = 10_000;
const HIGHEST_PRICE = 100_000_000;

/** The spreads at another price: a price-linked cost's range (`atPrice`'s costs) keeps its ratio to the value. */
function spreadsAt(input: DealInput, moved: DealInput, spreads: Spreads): Spreads {
  const out: Spreads = { ...spreads };
  for (const key of PRICE_LINKED_COSTS) {
    const spread = isSpreadKey(key) ? spreads[key] : undefined;
    if (!spread || input[key] === 0) continue;
    const scale = moved[key] / input[key];
    out[key as SpreadKey] = { low: spread.low * scale, high: spread.high * scale };
  }
  return out;
}

/**
 * The highest price at which `targets` hold in at least `share` of the simulated outcomes.
 *
 * @example
 * // a deal whose targets hold at its own price in 6 of 10 outcomes is offered less at 9 in 10:
 * confidentOffer(deal, spreads, { dscr: 1.2 }) // → { purchase_price: 183_400, share_holding: 0.9 }
 */
export function confidentOffer(
  input: DealInput & OptionalInputs,
  spreads: Spreads,
  targets: OfferTargets,
  options: ConfidentOfferOptions = {},
): ConfidentOffer {
  const share = options.share ?? 0.9;
  if (!(share > 0 && share <= 1))
    throw new UnderwritingInputError('share', 'must be a fraction above 0 and at most 1');
  const step = options.step ?? 100;
  if (!(Number.isInteger(step) && step >= 1))
    throw new UnderwritingInputError('step', 'must be a whole number of dollars, at least 1');
  const settings = { draws: options.draws ?? 1_000, seed: options.seed ?? 1, targets };
  const holding = (price: number): number => {
    const moved = atPrice(input, price);
    return simulate(moved, spreadsAt(input, moved, spreads), settings).probabilities.targets_hold ?? 0;
  };

  let low = LOWEST_PRICE;
  let lowShare = holding(low);
  if (lowShare < share) return { purchase_price: null, share_holding: null };
  // the first price that fails: double from the deal's own price until the share falls short
  let high = Math.max(Math.ceil(input.purchase_price / step) * step, low + step);
  while (high < HIGHEST_PRICE && holding(high) >= share) {
    low = high;
    high = Math.min(HIGHEST_PRICE, high * 2);
  }
  if (high >= HIGHEST_PRICE && holding(HIGHEST_PRICE) >= share) {
    return { purchase_price: HIGHEST_PRICE, share_holding: holding(HIGHEST_PRICE) };
  }
  lowShare = holding(low);
  while (high - low > step) {
    const middle = Math.floor((low + high) / 2 / step) * step;
    if (middle <= low) break;
    const middleShare = holding(middle);
    if (middleShare >= share) {
      low = middle;
      lowShare = middleShare;
    } else high = middle;
  }
  return { purchase_price: low, share_holding: lowShare };
}
