import { type BedroomRents, rentForBedrooms } from './fmr.js';
import { SOURCE, VINTAGE } from './sources.js';

export interface MarketRent {
  /** Estimated market rent for `bedrooms`, USD per month (gross: contract rent + tenant utilities). */
  readonly value: number;
  readonly bedrooms: number;
  /** The county's ACS median gross rent, all unit sizes, USD per month. */
  readonly county_median_gross_rent: number;
  /** fmr(bedrooms) ÷ fmr(2 BR) of the ZIP's FMR schedule. */
  readonly bedroom_ratio: number;
  readonly estimate: true;
  readonly source: string;
  readonly vintage: string;
}

/**
 * Offline market-rent estimate: the county's ACS median gross rent, taken as a 2-bedroom rent and
 * scaled to `bedrooms` by HUD's own bedroom ratio from the ZIP's FMR schedule:
 *
 *   market_rent(b) = acs_median_gross_rent × fmr(b) / fmr(2)
 *
 * Why 2 BR as the anchor: HUD sets every FMR schedule from a 2-bedroom base rent and derives the
 * other sizes with bedroom ratios, and the 2-bedroom unit is the middle of the renter stock (the
 * median renter unit has 2 bedrooms), so the all-units median is closest to a 2 BR rent. A
 * weighted-average denominator would need a per-county bedroom mix the files do not carry.
 * fmr(b) above 4 bedrooms follows HUD's +15% per bedroom rule. Returns null when the county's median
 * rent is suppressed or the 2 BR FMR is not positive.
 *
 * @example Travis (ACS 1669; FMR 1474/1562/1852/2347/2760), 3 BR → 1669 × 2347 / 1852 ≈ 2115.09
 */
export function marketRentEstimate(
  countyMedianGrossRent: number | null,
  fmr: BedroomRents,
  bedrooms: number,
): MarketRent | null {
  const fmrB = rentForBedrooms(fmr, bedrooms);
  if (countyMedianGrossRent === null || !(countyMedianGrossRent > 0) || !(fmr[2] > 0)) return null;
  const ratio = fmrB / fmr[2];
  return {
    value: countyMedianGrossRent * ratio,
    bedrooms,
    county_median_gross_rent: countyMedianGrossRent,
    bedroom_ratio: ratio,
    estimate: true,
    source: SOURCE.marketRent,
    vintage: VINTAGE.marketRent,
  };
}
