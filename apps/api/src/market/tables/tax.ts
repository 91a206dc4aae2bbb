import type { AcsCountyRow } from './acs.js';
import { SOURCE, VINTAGE } from './sources.js';

/** Where a property-tax rate came from. */
export type TaxLevel = 'county' | 'state' | 'default';

/** Used when neither the county nor any county of its state has an ACS rate (GU, VI, MP). */
export const DEFAULT_PROPERTY_TAX_RATE = 0.01;

export interface PropertyTaxRate {
  /** Annual property tax as a fraction of home value (0.01535 = 1.535%). */
  readonly value: number;
  readonly level: TaxLevel;
  readonly source: string;
  readonly vintage: string;
}

/**
 * Median of a non-empty list; the mean of the two middle values for an even count.
 *
 * @example median([0.01, 0.03, 0.02]) → 0.02; median([1, 2, 3, 4]) → 2.5
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >>> 1;
  const hi = s[mid] ?? 0;
  return s.length % 2 === 1 ? hi : ((s[mid - 1] ?? 0) + hi) / 2;
}

/**
 * The p-th quantile (0 ≤ p ≤ 1) of a non-empty list, interpolated between closest ranks:
 * h = (n − 1)·p, x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋).
 *
 * @example quantile([1, 2, 3, 4, 5], 0.1) → 1.4; quantile([1, 2, 3, 4], 0.5) → 2.5 (the median)
 */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('quantile of an empty list');
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const i = Math.floor(h);
  const low = s[i] ?? 0;
  return i + 1 >= s.length ? low : low + (h - i) * ((s[i + 1] ?? 0) - low);
}

/** A rate with the source and vintage that its level implies. */
export function propertyTaxRate(value: number, level: TaxLevel): PropertyTaxRate {
  switch (level) {
    case 'county':
      return { value, level, source: SOURCE.acs, vintage: VINTAGE.acs };
    case 'state':
      return { value, level, source: `${SOURCE.acs} (median of the state's counties)`, vintage: VINTAGE.acs };
    case 'default':
      return { value, level, source: SOURCE.assumption, vintage: 'n/a' };
  }
}

export interface TaxIndex {
  /** The county's rate, else its state's median county rate, else `DEFAULT_PROPERTY_TAX_RATE`. */
  forCounty(countyFips: string): PropertyTaxRate;
  /** Median county rate per 2-digit state FIPS (states with at least one county rate). */
  readonly stateMedians: ReadonlyMap<string, number>;
}

/**
 * Property-tax rates from ACS: county `property_tax_rate` (median taxes ÷ median home value); when
 * the county is suppressed or absent, the median over the counties of the same state (by the first
 * two FIPS digits); when the state has none, 0.01.
 *
 * @example Travis 48453 → { value: 0.01535, level: 'county' }
 * @example Loving 48301 (suppressed) → { value: median of the Texas county rates, level: 'state' }
 */
export function buildTaxIndex(rows: readonly AcsCountyRow[]): TaxIndex {
  const county = new Map<string, number>();
  const byState = new Map<string, number[]>();
  for (const r of rows) {
    if (r.property_tax_rate === null) continue;
    county.set(r.county_fips, r.property_tax_rate);
    const st = r.county_fips.slice(0, 2);
    const list = byState.get(st);
    if (list) list.push(r.property_tax_rate);
    else byState.set(st, [r.property_tax_rate]);
  }
  const stateMedians = new Map<string, number>();
  for (const [st, list] of byState) stateMedians.set(st, median(list));

  return {
    stateMedians,
    forCounty(countyFips) {
      const own = county.get(countyFips);
      if (own !== undefined) return propertyTaxRate(own, 'county');
      const state = stateMedians.get(countyFips.slice(0, 2));
      if (state !== undefined) return propertyTaxRate(state, 'state');
      return propertyTaxRate(DEFAULT_PROPERTY_TAX_RATE, 'default');
    },
  };
}
