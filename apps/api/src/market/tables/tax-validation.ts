/**
 * The county's investor tax estimate against the cities whose own levies were read (`city_tax.csv`):
 * each city's rate as a multiple of the estimate its county's ACS rate and its state's rule give the
 * same address. The cities are the only place-level evidence at hand, so they calibrate the range
 * the county estimate carries: the 10th–90th percentile of the multiples, fitted with each state left
 * out in turn and scored on that state's cities.
 */
import { COUNTY_TAX_RANGE, investorTaxRate, investorTaxRule } from './investor-tax.js';
import type { MarketData } from './market-index.js';
import { median, quantile } from './tax.js';

/** One city whose rate was read, beside the county estimate for its addresses. */
export interface TaxEvidenceCase {
  readonly state: string;
  readonly city: string;
  /** the city's investor rate (city_tax.csv) */
  readonly city_rate: number;
  /** the county's ACS rate under the state's investor rule (`investorTaxRate`) */
  readonly county_estimate: number;
  readonly tax_year?: string | null;
}

/** Every city with its own rate, beside what its county's estimate would have said (its homes). */
export function taxEvidenceCases(market: MarketData): TaxEvidenceCase[] {
  return market.placeRows.flatMap((p) => {
    const county = market.county(p.county_fips);
    if (p.city_tax_rate === null || !county) return [];
    const rule = investorTaxRule(p.state_code, p.county_fips);
    const estimate = investorTaxRate(county.property_tax_rate, county.median_home_value, rule);
    return [
      {
        state: p.state_code,
        city: p.name,
        city_rate: p.city_tax_rate,
        county_estimate: estimate.value,
        tax_year: p.city_tax_year,
      },
    ];
  });
}

/** A band of multiples of the county estimate. */
export interface TaxBand {
  readonly low: number;
  readonly high: number;
}

export interface TaxValidation {
  readonly cities: number;
  readonly states: number;
  /** city rate ÷ county estimate, median */
  readonly median_ratio: number;
  /** share of cities within ±15 % of the county estimate */
  readonly within_15: number;
  /** the 10th–90th percentile band fitted on every city */
  readonly fitted: TaxBand;
  /** how often the band fitted without a state holds that state's cities (null with one state) */
  readonly held_out_holds: number | null;
  /** how often the shipped band (`COUNTY_TAX_RANGE`) holds the cities */
  readonly shipped_holds: number;
  /** how often the judgment band the ranges used before (−5 %/+20 %) held them */
  readonly judgment_holds: number;
  /** the cities furthest from the estimate, for the README */
  readonly furthest: readonly string[];
}

/** The share of the cities' rates the county estimate's range is meant to hold (P10–P90). */
export const TAX_RANGE_COVERAGE = 0.8;

const JUDGMENT_BAND: TaxBand = { low: 0.95, high: 1.2 };

const ratioOf = (c: TaxEvidenceCase) => c.city_rate / c.county_estimate;
const holds = (band: TaxBand, ratios: readonly number[]) =>
  ratios.filter((r) => r >= band.low && r <= band.high).length / ratios.length;

/** The central `TAX_RANGE_COVERAGE` band of `ratios`. */
function fitBand(ratios: readonly number[]): TaxBand {
  const tail = (1 - TAX_RANGE_COVERAGE) / 2;
  return { low: quantile(ratios, tail), high: quantile(ratios, 1 - tail) };
}

/**
 * @example two cities at 1.1 and 0.9 × their county estimate: median ratio 1, within ±15 % 100 %
 */
export function validateTaxEstimate(cases: readonly TaxEvidenceCase[]): TaxValidation {
  const usable = cases.filter((c) => c.county_estimate > 0 && c.city_rate > 0);
  if (usable.length === 0) throw new Error('no city has both its own rate and a county estimate');
  const ratios = usable.map(ratioOf);
  const states = [...new Set(usable.map((c) => c.state))];
  let heldIn = 0;
  for (const state of states.length > 1 ? states : []) {
    const band = fitBand(usable.filter((c) => c.state !== state).map(ratioOf));
    const own = usable.filter((c) => c.state === state).map(ratioOf);
    heldIn += holds(band, own) * own.length;
  }
  const furthest = [...usable]
    .sort((a, b) => Math.abs(Math.log(ratioOf(b))) - Math.abs(Math.log(ratioOf(a))))
    .slice(0, 6)
    .map(
      (c) =>
        `${c.city}, ${c.state}: ${(100 * c.city_rate).toFixed(2)} % against the county's ${(100 * c.county_estimate).toFixed(2)} % (×${ratioOf(c).toFixed(2)})`,
    );
  return {
    cities: usable.length,
    states: states.length,
    median_ratio: median(ratios),
    within_15: holds({ low: 0.85, high: 1.15 }, ratios),
    fitted: fitBand(ratios),
    held_out_holds: states.length > 1 ? heldIn / usable.length : null,
    shipped_holds: holds(COUNTY_TAX_RANGE, ratios),
    judgment_holds: holds(JUDGMENT_BAND, ratios),
    furthest,
  };
}
