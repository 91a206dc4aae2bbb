import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildInsuranceIndex,
  type HazardCountyRow,
  type InsuranceStateRow,
  insuranceEstimate,
  MarketDataError,
  PREMIUM_PER_EXPECTED_LOSS,
  parseInsuranceStateCsv,
  WIND_POOLS,
  windPoolOf,
} from '../../../src/market/tables/index.js';
import { loadFixtureMarket } from './fixtures.js';

const states: InsuranceStateRow[] = [
  { state: 'OH', bankrate_300k: 1_377, nerdwallet_300k: 1_590, naic_average_2023: 1_116 },
  { state: 'TX', bankrate_300k: 4_101, nerdwallet_300k: 4_585, naic_average_2023: 2_864 },
];
const hazard = (county_fips: string, building_value: number, hurricane_eal: number): HazardCountyRow => ({
  county_fips,
  building_value,
  hurricane_eal,
  wildfire_eal: 0,
  hurricane_rating: hurricane_eal > 1_000_000 ? 'Very High' : 'Very Low',
  wildfire_rating: 'Very Low',
});
// Texas: an inland county at 0.01 % of building value a year where 900,000 people live, a coastal
// one at 0.31 % with 100,000 and the same building value; a third inland at 0.005 % with 50,000
const index = buildInsuranceIndex(
  states,
  [
    hazard('48001', 1e9, 1e5),
    hazard('48003', 1e9, 3.1e6),
    hazard('48005', 1e9, 5e4),
    hazard('39001', 1e9, 5e4),
  ],
  new Map([
    ['48001', 900_000],
    ['48003', 100_000],
    ['48005', 50_000],
    ['39001', 1_000_000],
  ]),
);

/** The county's basis, which these tests' counties all have. */
function basisOf(countyFips: string, state: string) {
  const b = index.forCounty(countyFips, state);
  if (b === null) throw new Error(`no insurance basis for ${countyFips}`);
  return b;
}

describe('landlord insurance by state and risk', () => {
  it('carries the state’s $300,000 average to the price, then adds 20 % for a landlord policy', () => {
    const cleveland = index.forCounty('39001', 'OH');
    expect(cleveland).toMatchObject({
      state: 'OH',
      state_premium: 1_377,
      state_low: 1_377,
      state_high: 1_590,
    });
    expect(cleveland?.hazard_excess).toBe(0); // Ohio's only county is Ohio's average
    const e = insuranceEstimate(basisOf('39001', 'OH'), 95_000);
    // 1,377 × (510 + 6.325 × 95) / (510 + 6.325 × 300) = 1,377 × 1,110.875 / 2,407.5 = 635.38; × 1.2
    expect(e.state_at_price).toBeCloseTo((1_377 * 1_110.875) / 2_407.5, 9);
    expect(e.value).toBeCloseTo(e.state_at_price * 1.2, 9);
    expect(Math.round(e.value)).toBe(762);
    expect(e.rate).toBeCloseTo(e.value / 95_000, 12);
    // the range: the lower published average ÷ 1.25 × 1.15 … the higher × 1.25 × 1.25 (a city strays
    // from its state's average: the widening validateInsurance fits on published city averages)
    expect(e.low).toBeCloseTo((e.state_at_price / 1.25) * 1.15, 9);
    expect(e.high).toBeCloseTo(((1_590 * 1_110.875) / 2_407.5) * 1.25 * 1.25, 9);
    expect(Math.round(e.low)).toBe(585);
    expect(Math.round(e.high)).toBe(1_146);
  });

  it('moves the premium by the county’s hurricane and wildfire losses against its state’s typical county’s', () => {
    // Texas's people by loss rate: 50,000 at 0.00005, 900,000 at 0.0001, 100,000 at 0.0031; half
    // of 1,050,000 is reached at 0.0001, the typical resident's county (the value-weighted mean,
    // 0.00108, is the coast's pull). The coast 0.0031 − 0.0001 = +0.003
    const coast = index.forCounty('48003', 'TX');
    expect(coast?.hazard_excess).toBeCloseTo(0.003, 12);
    expect(index.forCounty('48001', 'TX')?.hazard_excess).toBeCloseTo(0, 12);
    expect(index.forCounty('48005', 'TX')?.hazard_excess).toBeCloseTo(-0.00005, 12);
    const e = insuranceEstimate(basisOf('48003', 'TX'), 300_000);
    // 0.003 × 300,000 × 110.6 / 75.5 (the premium that covers a loss at 2023's industry ratios)
    expect(e.hazard_adjustment).toBeCloseTo(0.003 * 300_000 * PREMIUM_PER_EXPECTED_LOSS, 9);
    expect(e.value).toBeCloseTo((4_101 + e.hazard_adjustment) * 1.2, 9);
    // a safer county pays less
    const cheap = insuranceEstimate(basisOf('48005', 'TX'), 300_000);
    expect(cheap.value).toBeCloseTo((4_101 - 0.00005 * 300_000 * PREMIUM_PER_EXPECTED_LOSS) * 1.2, 9);
  });

  it('never takes more than half the state’s premium away', () => {
    const safest = { ...basisOf('48005', 'TX'), hazard_excess: -1 };
    expect(insuranceEstimate(safest, 300_000).value).toBeCloseTo((4_101 / 2) * 1.2, 9);
  });

  it('splits the premium into a part that does not follow the price and a rate per dollar, on both sides of the floor', () => {
    // Ohio at $95,000: 1,377 / 2,407.5 × 510 fixed and × 0.006325 a dollar, each × 1.2 for a landlord
    const ohio = insuranceEstimate(basisOf('39001', 'OH'), 95_000);
    expect(ohio.fixed).toBeCloseTo(((1_377 * 510) / 2_407.5) * 1.2, 9);
    expect(ohio.per_dollar).toBeCloseTo(((1_377 * 0.006325) / 2_407.5) * 1.2, 12);
    // the coast adds its hazard per dollar; the floor halves both parts
    const coast = insuranceEstimate(basisOf('48003', 'TX'), 300_000);
    expect(coast.per_dollar).toBeCloseTo(
      ((4_101 * 0.006325) / 2_407.5 + 0.003 * PREMIUM_PER_EXPECTED_LOSS) * 1.2,
      12,
    );
    const floored = insuranceEstimate({ ...basisOf('48005', 'TX'), hazard_excess: -1 }, 300_000);
    expect(floored.fixed).toBeCloseTo(((4_101 * 510) / 2_407.5 / 2) * 1.2, 9);
    // each is its premium, at its own price and at another on the same side of the floor
    for (const [basis, price] of [
      [basisOf('39001', 'OH'), 95_000],
      [basisOf('48003', 'TX'), 300_000],
      [{ ...basisOf('48005', 'TX'), hazard_excess: -1 }, 300_000],
    ] as const) {
      for (const at of [price, price * 2]) {
        const e = insuranceEstimate(basis, at);
        const here = insuranceEstimate(basis, price);
        expect(here.fixed + here.per_dollar * at).toBeCloseTo(e.value, 6);
      }
    }
  });

  it('measures every county once where no population is known', () => {
    // equal weights: the median of 0.00005, 0.0001, 0.0031 is 0.0001
    const unweighted = buildInsuranceIndex(states, [
      hazard('48001', 1e9, 1e5),
      hazard('48003', 1e9, 3.1e6),
      hazard('48005', 1e9, 5e4),
    ]);
    expect(unweighted.forCounty('48003', 'TX')?.hazard_excess).toBeCloseTo(0.003, 12);
  });

  it('has no estimate for a state without a row', () => {
    expect(index.forCounty('06037', 'CA')).toBeNull();
    expect(index.forCounty('06037', null)).toBeNull();
  });

  it('keeps the value inside its range and positive, growing with the price, for any county', () => {
    fc.assert(
      fc.property(
        // the counties' own range: −0.30 % … +2.28 % of building value a year against their state
        fc.double({ min: -0.004, max: 0.03, noNaN: true }),
        fc.double({ min: 10_000, max: 5_000_000, noNaN: true }),
        (excess, price) => {
          const basis = { ...basisOf('48001', 'TX'), hazard_excess: excess };
          const e = insuranceEstimate(basis, price);
          expect(e.value).toBeGreaterThan(0);
          expect(e.low).toBeLessThanOrEqual(e.value);
          expect(e.high).toBeGreaterThanOrEqual(e.value);
          expect(insuranceEstimate(basis, price * 1.1).value).toBeGreaterThanOrEqual(e.value);
        },
      ),
    );
  });

  it('reads the fixture tables into each county’s row (Travis, against Texas’s hurricane coast)', async () => {
    const market = await loadFixtureMarket();
    const travis = market.lookupZip('78701', 3)?.insurance;
    expect(travis).toMatchObject({ state: 'TX', state_premium: 4_101, hurricane_rating: 'Relatively Low' });
    // the fixture's Texans by loss rate (ACS people; Harris has none there): Dallas 2,603,816 holds
    // half of 4,555,384 at 1.08e-5, so Travis's excess is its rate less Dallas's
    const rate = (value: number, hurricane: number, wildfire: number) => (hurricane + wildfire) / value;
    expect(travis?.hazard_excess).toBeCloseTo(
      rate(120_617_000_000, 5_087_556.94, 3_282_208.13) - rate(271_380_000_000, 2_322_074.38, 617_078.86),
      15,
    );
    expect(market.lookupZip('96950', 3)?.insurance).toBeNull(); // no row for the territory
  });

  it('names the windstorm pool of a Texas first-tier coastal county, and none inland or for Harris', () => {
    expect(windPoolOf('48355')).toBe('the Texas Windstorm Insurance Association (TWIA)'); // Nueces
    expect(windPoolOf('48167')).toBe('the Texas Windstorm Insurance Association (TWIA)'); // Galveston
    expect(windPoolOf('48453')).toBeNull(); // Travis
    expect(windPoolOf('48201')).toBeNull(); // Harris: only its part east of Highway 146
    const [texas] = WIND_POOLS;
    expect(new Set(texas?.counties).size).toBe(14);
    expect(texas?.counties.every((fips) => /^48\d{3}$/.test(fips))).toBe(true);
  });

  it("names North Carolina's pool in the statute's 18 coastal counties and Alabama's in Baldwin and Mobile, and none inland", () => {
    const pool = "the North Carolina Insurance Underwriting Association's Coastal Property Insurance Pool";
    expect(windPoolOf('37129')).toBe(pool); // New Hanover (Wilmington)
    expect(windPoolOf('37133')).toBe(pool); // Onslow (Jacksonville)
    expect(windPoolOf('37055')).toBe(pool); // Dare (the Outer Banks)
    expect(windPoolOf('37183')).toBeNull(); // Wake (Raleigh)
    expect(windPoolOf('37015')).toBeNull(); // Bertie: on Albemarle Sound, not in the statute's list
    expect(windPoolOf('01097')).toBe('the Alabama Insurance Underwriting Association (the Beach Pool)'); // Mobile
    expect(windPoolOf('01003')).toBe('the Alabama Insurance Underwriting Association (the Beach Pool)'); // Baldwin
    expect(windPoolOf('01073')).toBeNull(); // Jefferson (Birmingham)
    const northCarolina = WIND_POOLS.find((entry) => entry.name === pool);
    expect(new Set(northCarolina?.counties).size).toBe(18);
    expect(northCarolina?.counties.every((fips) => /^37\d{3}$/.test(fips))).toBe(true);
  });

  it("names Mississippi's wind pool in its six coast-area counties, and none inland", () => {
    const pool = 'the Mississippi Windstorm Underwriting Association (the wind pool)';
    expect(windPoolOf('28047')).toBe(pool); // Harrison (Gulfport, Biloxi)
    expect(windPoolOf('28109')).toBe(pool); // Pearl River (Picayune): the upper tier
    expect(windPoolOf('28049')).toBeNull(); // Hinds (Jackson, the city)
    expect(windPoolOf('28035')).toBeNull(); // Forrest (Hattiesburg): north of the upper tier
    const mississippi = WIND_POOLS.find((entry) => entry.name === pool);
    expect(new Set(mississippi?.counties).size).toBe(6);
    expect(mississippi?.counties.every((fips) => /^28\d{3}$/.test(fips))).toBe(true);
  });

  it('names the file, row and column of a bad premium', () => {
    const header = 'state,bankrate_300k_2025,nerdwallet_300k_2025,naic_ho3_average_2023';
    expect(() => parseInsuranceStateCsv(`${header}\nTX,0,4585,2864\n`)).toThrow(MarketDataError);
  });
});
