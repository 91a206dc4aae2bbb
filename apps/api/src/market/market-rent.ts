import { type BedroomRents, FMR_ROUNDING, rentForBedrooms, SAFMR_ROUNDING } from './fmr.js';
import { SOURCE, VINTAGE } from './sources.js';

/**
 * HUD's 50th-percentile rent over its 40th-percentile FMR for the same area and year: the median of
 * eight published pairs, FY2018–FY2024 (market README, "Market rent premium"). HUD derives both
 * from the same 2-bedroom base and bedroom ratios, so the ratio is the same for every bedroom count.
 */
export const MARKET_RENT_PREMIUM = 1.08;

/**
 * Upper end of the range: the 60th percentile, taking the rent distribution as locally symmetric
 * around its median, 40th × (1 + 2 × (premium − 1)).
 */
export const MARKET_RENT_HIGH_FACTOR = 1 + 2 * (MARKET_RENT_PREMIUM - 1);

export const MARKET_RENT_METHOD =
  "The ZIP's HUD 40th-percentile rent (its Small Area FMR where HUD publishes one, else the area FMR) × 1.08, the median ratio of HUD's 50th-percentile rents to its FMRs; range: the 40th percentile to ≈ the 60th (× 1.16).";

export interface MarketRent {
  /** Estimated median market gross rent for `bedrooms`, whole USD per month (contract rent + tenant utilities). */
  readonly value: number;
  /** The 40th-percentile HUD figure the estimate is built on: never above `value`. */
  readonly low: number;
  /** ≈ the 60th percentile. */
  readonly high: number;
  readonly bedrooms: number;
  /** Which HUD schedule gave the 40th percentile: the ZIP's SAFMR when HUD publishes one, else the area FMR. */
  readonly anchor_basis: 'safmr' | 'fmr';
  readonly premium: number;
  readonly tier: 'estimated';
  readonly estimate: true;
  readonly method: string;
  readonly source: string;
  readonly vintage: string;
}

/**
 * Offline market-rent estimate: HUD's 40th-percentile gross rent for the ZIP and bedroom count (the
 * Small Area FMR where HUD publishes one for the ZIP, mandatory area or not; else the area FMR),
 * raised to the median by `MARKET_RENT_PREMIUM`. Above 4 bedrooms the anchor follows HUD's rule and
 * rounding (`rentForBedrooms`).
 *
 * @example 60614 Chicago 2 BR, SAFMR 2670 → value round(2670 × 1.08) = 2884, range 2670–3097
 * @example Travis FMR 1474/1562/1852/2347/2760 without SAFMR, 3 BR → 2535 (2347 × 1.08 = 2534.76)
 */
export function marketRentEstimate(
  schedules: { readonly fmr: BedroomRents; readonly safmr: BedroomRents | null },
  bedrooms: number,
): MarketRent {
  const basis = schedules.safmr === null ? 'fmr' : 'safmr';
  const low =
    schedules.safmr === null
      ? rentForBedrooms(schedules.fmr, bedrooms, FMR_ROUNDING)
      : rentForBedrooms(schedules.safmr, bedrooms, SAFMR_ROUNDING);
  return {
    value: Math.round(low * MARKET_RENT_PREMIUM),
    low,
    high: Math.round(low * MARKET_RENT_HIGH_FACTOR),
    bedrooms,
    anchor_basis: basis,
    premium: MARKET_RENT_PREMIUM,
    tier: 'estimated',
    estimate: true,
    method: MARKET_RENT_METHOD,
    source: SOURCE.marketRent,
    vintage: VINTAGE.marketRent,
  };
}
