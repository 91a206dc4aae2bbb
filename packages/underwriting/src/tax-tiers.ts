/**
 * A property tax in two tiers of the value (`PropertyTaxShape`): what it charges at a price, and
 * the price where its slope changes, at which the maximum offer's search cuts its range (offer.ts).
 */
import type { PropertyTaxTiers } from './types.js';

/**
 * The year-1 tax the tiers charge on a value of `price`: `rate` up to `upper_from`, `upper_rate`
 * on each dollar above.
 *
 * @example Honolulu's residential A class, 0.40 % up to $1M and 1.14 % above, at $1,200,000:
 * taxByTiers({ rate: 0.004, upper_from: 1_000_000, upper_rate: 0.0114 }, 1_200_000); // 4,000 + 2,280 = 6,280
 */
export function taxByTiers(tiers: PropertyTaxTiers, price: number): number {
  const lower = Math.min(price, tiers.upper_from);
  return tiers.rate * lower + tiers.upper_rate * Math.max(0, price - tiers.upper_from);
}
