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
 * residuals, so the range is meant to hold 80 % of asking rents. Held out a state at a time it held 79.7 % (SAFMR) and 79.9 % (FMR):
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
export const MARKET_RENT_COVERAGE: Readonly<Record<MarketRentBasis, number>> = { safmr: 0.797, fmr: 0.799 };

/**
 * Below this county median gross rent (ACS, all units) the line above runs high: its slope under 1,
 * fitted through dearer places, puts asking rents 13–18 % over the listings of the 27 evidence ZIPs
 * in such counties (held out by state), where listings sit near HUD's own figure (HUD's rural floors
 * lift its figures above local rents there). So in such a county the 2-bedroom asking rent is HUD's
 * 2-bedroom figure × `ratio` (the median of asking ÷ HUD over those ZIPs) when that is lower than the
 * line's; `low` and `high` are the 10th and 90th percentiles of their log residuals, and `coverage`
 * the share the range held, a state at a time (`validateMarketRent`; a test keeps these equal to a
 * fresh fit).
 */
export const LOW_RENT_COUNTY_BELOW = 800;
export const LOW_RENT_MODEL: Readonly<
  Record<MarketRentBasis, { ratio: number; low: number; high: number; coverage: number; zips: number }>
> = {
  safmr: { ratio: 1.009, low: -0.3635, high: 0.2375, coverage: 0.778, zips: 27 },
  fmr: { ratio: 0.986, low: -0.2927, high: 0.2661, coverage: 0.778, zips: 27 },
};

/** Whether a county's median gross rent puts it below the line's evidence (`LOW_RENT_MODEL`). */
export const isLowRentCounty = (countyMedianGrossRent: number | null): boolean =>
  countyMedianGrossRent !== null && countyMedianGrossRent < LOW_RENT_COUNTY_BELOW;

/** The two rules of `twoBedroomAsking`: the line, and the low-rent counties' ratio (shipped or refitted). */
export interface AskingRentRules {
  readonly line: {
    readonly intercept: number;
    readonly slope: number;
    readonly low: number;
    readonly high: number;
  };
  readonly lowRent: { readonly ratio: number; readonly low: number; readonly high: number };
}

/** The shipped rules for a basis. */
export const askingRentRules = (basis: MarketRentBasis): AskingRentRules => ({
  line: MARKET_RENT_MODEL[basis],
  lowRent: LOW_RENT_MODEL[basis],
});

/**
 * The 2-bedroom asking rent for HUD's 2-bedroom figure, and the log range around it: the line, or in
 * a low-rent county HUD's figure × the low-rent ratio when that is lower.
 */
export function twoBedroomAsking(
  rules: AskingRentRules,
  anchor: number,
  lowRentCounty: boolean,
): { rent: number; low: number; high: number; lowRent: boolean } {
  const { line, lowRent } = rules;
  const fitted = Math.exp(line.intercept + line.slope * Math.log(anchor));
  if (lowRentCounty && anchor * lowRent.ratio < fitted)
    return { rent: anchor * lowRent.ratio, low: lowRent.low, high: lowRent.high, lowRent: true };
  return { rent: fitted, low: line.low, high: line.high, lowRent: false };
}

export const MARKET_RENT_METHOD =
  "HUD's 2-bedroom rent for the ZIP (its Small Area FMR where HUD publishes one, else the area FMR), a gross rent, mapped to a 2-bedroom asking rent by a fit on Zillow's typical asking rents in 6,590 ZIPs, then scaled by the bedroom ratios seen in listings (1 BR 0.83, 3 BR 1.26, 4 BR 1.49 of 2 BR).";

/** The method where the county's rents are below the fit's evidence (`LOW_RENT_MODEL`). */
export const LOW_RENT_METHOD = (basis: MarketRentBasis) =>
  `HUD's 2-bedroom rent for the ZIP (its Small Area FMR where HUD publishes one, else the area FMR) × ${LOW_RENT_MODEL[basis].ratio}: in a county whose median gross rent is under $${LOW_RENT_COUNTY_BELOW} (Census ACS), Zillow's asking rents sat at that share of HUD's figure (the median of ${LOW_RENT_MODEL[basis].zips} such ZIPs; few listings there, so the range is wide), then scaled by the bedroom ratios seen in listings (1 BR 0.83, 3 BR 1.26, 4 BR 1.49 of 2 BR).`;

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
 * figure (in a low-rent county, HUD's figure × the low-rent ratio when lower), × the listings'
 * bedroom ratio; range × exp(low)…exp(high) of the residuals.
 *
 * @example 60614 Chicago, SAFMR 2 BR 2,670, 2 BR → exp(0.8217 + 0.8989 × ln 2670) = 2,735 (2,202–3,403)
 * @example Travis FMR 2 BR 1,852 without SAFMR, 3 BR → exp(0.608 + 0.9337 × ln 1852) = 2,065.6, × 1.26 = 2,603
 */
export function marketRentEstimate(
  schedules: { readonly fmr: BedroomRents; readonly safmr: BedroomRents | null },
  bedrooms: number,
  countyMedianGrossRent: number | null = null,
): MarketRent {
  const basis: MarketRentBasis = schedules.safmr === null ? 'fmr' : 'safmr';
  const anchor = (schedules.safmr ?? schedules.fmr)[2];
  const two = twoBedroomAsking(askingRentRules(basis), anchor, isLowRentCounty(countyMedianGrossRent));
  const rent = two.rent * bedroomRatio(bedrooms);
  return {
    value: Math.round(rent),
    low: Math.round(rent * Math.exp(two.low)),
    high: Math.round(rent * Math.exp(two.high)),
    bedrooms,
    anchor_basis: basis,
    anchor_2br: anchor,
    two_bedroom: two.rent,
    coverage: two.lowRent ? LOW_RENT_MODEL[basis].coverage : MARKET_RENT_COVERAGE[basis],
    tier: 'estimated',
    estimate: true,
    method: two.lowRent ? LOW_RENT_METHOD(basis) : MARKET_RENT_METHOD,
    source: SOURCE.marketRent,
    vintage: VINTAGE.marketRent,
  };
}
