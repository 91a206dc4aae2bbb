/**
 * The offline market rent: what a landlord can ask for the bedroom count in the ZIP, estimated from
 * HUD's rents and calibrated on Zillow's typical asking rents (market README, "Market rent"). HUD's
 * figures are 40th-percentile **gross** rents (contract rent plus tenant-paid utilities) with HUD's
 * own bedroom ladder; a landlord asks a **contract** rent, and listings climb the bedroom ladder less
 * steeply. So the estimate maps HUD's 2-bedroom figure to a 2-bedroom asking rent with a fit on
 * listings, then climbs the listings' ladder.
 */
import type { BedroomRents } from './fmr.js';
import { SOURCE, VINTAGE } from './sources.js';

/** Which HUD figure the estimate starts from: the ZIP's Small Area FMR, else the area FMR. */
export type MarketRentBasis = 'safmr' | 'fmr';

/**
 * ln(2-bedroom asking rent) = intercept + slope × ln(HUD 2-bedroom rent), least squares on Zillow's
 * typical asking rents brought to 2026-01 (`evidence/`), one line per HUD basis (6,583 ZIPs with a
 * SAFMR, 6,590 with an area FMR); `low` and `high` are the 10th and 90th percentiles of the fit's log
 * residuals, so the range is meant to hold 80 % of asking rents. Held out a state at a time it held 79.6 % (SAFMR) and 79.8 % (FMR):
 * `validateMarketRent`, and a test keeps these equal to a fresh fit on the evidence.
 */
export const MARKET_RENT_MODEL: Readonly<
  Record<MarketRentBasis, { intercept: number; slope: number; low: number; high: number }>
> = {
  safmr: { intercept: 0.8217, slope: 0.8989, low: -0.2164, high: 0.2187 },
  fmr: { intercept: 0.608, slope: 0.9337, low: -0.2638, high: 0.2679 },
};

/**
 * Asking rent for 0–4 bedrooms relative to 2 bedrooms, from listings (market README, "Bedroom
 * ladder"): 1 BR 0.83, 3 BR 1.26, 4 BR 1.49; studios 0.79, the listing 1 BR ratio times HUD's own
 * studio-to-1 BR step (listing studio figures disagree with each other). Above 4 bedrooms each extra
 * bedroom adds 15 % of the 4-bedroom rent, HUD's rule for large units.
 */
export const BEDROOM_LADDER: readonly [number, number, number, number, number] = [0.79, 0.83, 1, 1.26, 1.49];

/**
 * The ladder's step for `bedrooms` (0–10).
 *
 * @example bedroomRatio(3) → 1.26; bedroomRatio(6) → 1.49 × 1.30 = 1.937
 */
export function bedroomRatio(bedrooms: number): number {
  const four = BEDROOM_LADDER[4];
  return bedrooms <= 4 ? (BEDROOM_LADDER[bedrooms] ?? four) : four * (1 + 0.15 * (bedrooms - 4));
}

/** The share of held-out asking rents the range held, per basis (`validateMarketRent`, by state). */
export const MARKET_RENT_COVERAGE: Readonly<Record<MarketRentBasis, number>> = { safmr: 0.796, fmr: 0.798 };

export const MARKET_RENT_METHOD =
  "HUD's 2-bedroom rent for the ZIP (its Small Area FMR where HUD publishes one, else the area FMR), a gross rent, mapped to a 2-bedroom asking rent by a fit on Zillow's typical asking rents in 6,590 ZIPs, then scaled by the bedroom ratios seen in listings (1 BR 0.83, 3 BR 1.26, 4 BR 1.49 of 2 BR).";

export interface MarketRent {
  /** Estimated asking (contract) rent for `bedrooms`, whole USD per month. */
  readonly value: number;
  /** The range meant to hold 80 % of asking rents (held-out coverage in `coverage`). */
  readonly low: number;
  readonly high: number;
  readonly bedrooms: number;
  /** Which HUD figure the estimate starts from. */
  readonly anchor_basis: MarketRentBasis;
  /** That HUD 2-bedroom figure (gross rent). */
  readonly anchor_2br: number;
  /** The fitted 2-bedroom asking rent, before the bedroom ladder. */
  readonly two_bedroom: number;
  /** Share of held-out asking rents the range held for this basis. */
  readonly coverage: number;
  readonly tier: 'estimated';
  readonly estimate: true;
  readonly method: string;
  readonly source: string;
  readonly vintage: string;
}

/**
 * Offline market-rent estimate for a ZIP: the fitted 2-bedroom asking rent from HUD's 2-bedroom
 * figure, × the listings' bedroom ratio; range × exp(low)…exp(high) of the basis's residuals.
 *
 * @example 60614 Chicago, SAFMR 2 BR 2,670, 2 BR → exp(0.8217 + 0.8989 × ln 2670) = 2,735 (2,202–3,403)
 * @example Travis FMR 2 BR 1,852 without SAFMR, 3 BR → exp(0.608 + 0.9337 × ln 1852) = 2,065.6, × 1.26 = 2,603
 */
export function marketRentEstimate(
  schedules: { readonly fmr: BedroomRents; readonly safmr: BedroomRents | null },
  bedrooms: number,
): MarketRent {
  const basis: MarketRentBasis = schedules.safmr === null ? 'fmr' : 'safmr';
  const anchor = (schedules.safmr ?? schedules.fmr)[2];
  const model = MARKET_RENT_MODEL[basis];
  const twoBedroom = Math.exp(model.intercept + model.slope * Math.log(anchor));
  const rent = twoBedroom * bedroomRatio(bedrooms);
  return {
    value: Math.round(rent),
    low: Math.round(rent * Math.exp(model.low)),
    high: Math.round(rent * Math.exp(model.high)),
    bedrooms,
    anchor_basis: basis,
    anchor_2br: anchor,
    two_bedroom: twoBedroom,
    coverage: MARKET_RENT_COVERAGE[basis],
    tier: 'estimated',
    estimate: true,
    method: MARKET_RENT_METHOD,
    source: SOURCE.marketRent,
    vintage: VINTAGE.marketRent,
  };
}
