import { describe, expect, it } from 'vitest';
import {
  buildInsuranceIndex,
  homeownerPremium,
  INSURANCE_RANGE_WIDENING,
  MarketDataError,
  parseInsuranceEvidenceCsv,
  validateInsurance,
} from '../../../src/market/tables/index.js';

// Two states, each at its own average hazard (one county each), so the estimate's multiple is 1
const index = buildInsuranceIndex(
  [
    { state: 'OH', bankrate_300k: 1_400, nerdwallet_300k: 1_400, naic_average_2023: null },
    { state: 'MI', bankrate_300k: 2_000, nerdwallet_300k: 2_000, naic_average_2023: null },
  ],
  [
    {
      county_fips: '39001',
      building_value: 1e9,
      hurricane_eal: 0,
      wildfire_eal: 0,
      hurricane_rating: 'Very Low',
      wildfire_rating: 'Very Low',
    },
    {
      county_fips: '26001',
      building_value: 1e9,
      hurricane_eal: 0,
      wildfire_eal: 0,
      hurricane_rating: 'Very Low',
      wildfire_rating: 'Very Low',
    },
  ],
);
const basisOf = (fips: string) => index.forCounty(fips, fips.startsWith('39') ? 'OH' : 'MI');

const HEADER =
  'state,city,county_fips,annual_premium,state_average,dwelling_coverage,source,source_date,page';
// each city's premium as a multiple of its source's state average: OH 1.0, 1.1, 0.9, 2.0; MI 1.0, 1.5
const CSV = [
  HEADER,
  'OH,A,39001,1000,1000,300000,S,2022-03,p',
  'OH,B,39001,1100,1000,300000,S,2022-03,p',
  'OH,C,39001,900,1000,,S,2022-03,p',
  'OH,D,39001,2000,1000,300000,S,2022-03,p',
  'MI,E,26001,1500,1500,250000,T,2024,p',
  'MI,F,26001,2250,1500,250000,T,2024,p',
].join('\n');

describe('insurance against published city averages', () => {
  it('reads the evidence file, a missing coverage meaning $300,000', () => {
    const rows = parseInsuranceEvidenceCsv(CSV);
    expect(rows).toHaveLength(6);
    expect(rows[2]).toMatchObject({ city: 'C', dwelling_coverage: 300_000, state_average: 1_000 });
    expect(rows[4]).toMatchObject({ county_fips: '26001', dwelling_coverage: 250_000 });
    expect(() => parseInsuranceEvidenceCsv(`${HEADER}\nOH,A,39001,0,1000,,S,d,p`)).toThrow(MarketDataError);
  });

  it('scores each city’s multiple of its state, and fits the range’s widening with each state left out', () => {
    const v = validateInsurance(parseInsuranceEvidenceCsv(CSV), basisOf);
    expect(v.cities).toBe(6);
    expect(v.states).toBe(2);
    // every estimated multiple is 1 (no hazard), so the estimate scores as the state average alone
    expect(v.estimate).toEqual(v.state_only);
    // published multiples 0.9, 1.0, 1.0, 1.1, 1.5, 2.0: median (1.0 + 1.1) / 2; within ±20 %: four of six
    expect(v.estimate.median_ratio).toBeCloseTo(1.05, 12);
    expect(v.estimate.within_20).toBeCloseTo(4 / 6, 12);
    // the published range is one point (both averages equal): only the cities at 1.0 are inside
    expect(v.published_range_holds).toBeCloseTo(2 / 6, 12);
    // widening each needs: 1, 1.1, 1/0.9, 2, 1, 1.5; 80 % of six → the fifth smallest, 1.5
    expect(v.widening).toBeCloseTo(1.5, 12);
    // OH left out: MI's (1, 1.5) → the second, 1.5, holds A, B, C, not D; MI left out: OH's four →
    // the fourth, 2, holds both of MI's: 5 of 6
    expect(v.widened_range_holds_held_out).toBeCloseTo(5 / 6, 12);
    // the shipped range (× INSURANCE_RANGE_WIDENING) holds those within it
    const inShipped = [0.9, 1, 1, 1.1, 1.5, 2].filter(
      (m) => m >= 1 / INSURANCE_RANGE_WIDENING && m <= INSURANCE_RANGE_WIDENING,
    ).length;
    expect(v.range_holds).toBeCloseTo(inShipped / 6, 12);
    expect(v.furthest[0]).toBe('D, OH: 2.00× its state (S) vs estimate 1.00×');
  });

  it('widens the shipped range around the published one', () => {
    const p = homeownerPremium(index.forCounty('39001', 'OH') ?? expect.unreachable(), 300_000);
    expect(p.published_low).toBeCloseTo(1_400, 9);
    expect(p.low).toBeCloseTo(1_400 / INSURANCE_RANGE_WIDENING, 9);
    expect(p.high).toBeCloseTo(1_400 * INSURANCE_RANGE_WIDENING, 9);
  });
});
