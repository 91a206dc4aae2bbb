import { describe, expect, it } from 'vitest';
import {
  buildMarketContext,
  deriveCountyRows,
  deriveZipRows,
  displayCity,
  lookupFromRows,
  MarketInputError,
} from '../../src/market/index.js';
import { FIXTURE_GAZETTEER, loadFixtureFiles, loadFixtureMarket } from './fixtures.js';

const market = await loadFixtureMarket();

describe('lookupZip: ZIP → county, city, state, coordinates', () => {
  it('resolves 78701 to Travis County, Austin TX with gazetteer coordinates', () => {
    expect(market.lookupZip('78701', 3)).toMatchObject({
      zip: '78701',
      county_fips: '48453',
      county_name: 'Travis County',
      city: 'Austin',
      state_code: 'TX',
      lat: 30.2713,
      lng: -97.7426,
      location: {
        county: { share: 1, share_basis: 'res_ratio', vintage: '2024-Q4' },
        coordinates: { vintage: 'GeoNames, checked 2026-03-11' },
      },
    });
  });

  it('picks a multi-county ZIP’s county by residential share, not by row order (78730 → Williamson, res 0.6)', () => {
    expect(market.zip('78730')).toMatchObject({
      county_fips: '48491',
      county_share: 0.6,
      share_basis: 'res_ratio',
      county_count: 2,
    });
  });

  it('falls back to tot_ratio for a ZIP with no residential addresses (78799 → Williamson, tot 0.7)', () => {
    expect(market.zip('78799')).toMatchObject({
      county_fips: '48491',
      county_share: 0.7,
      share_basis: 'tot_ratio',
    });
  });

  it('leaves coordinates null when the gazetteer lacks the ZIP', () => {
    const r = market.lookupZip('75201', 2);
    expect(r?.lat).toBeNull();
    expect(r?.location.coordinates).toBeNull();
  });

  it('returns null for a ZIP the crosswalk does not list and rejects malformed input', () => {
    expect(market.lookupZip('12345', 3)).toBeNull();
    expect(() => market.lookupZip('7870', 3)).toThrow(MarketInputError);
    expect(() => market.lookupZip('78701', -1)).toThrow(/bedrooms: must be a whole number from 0 to 10/);
  });
});

describe('lookupZip: HUD rent', () => {
  it('uses the county FMR where SAFMR is not mandatory, and still returns the SAFMR (78701, Austin)', () => {
    expect(market.lookupZip('78701', 3)?.hud_rent).toMatchObject({
      value: 2347,
      fmr: 2347,
      safmr: 3520,
      applies: 'fmr',
      safmr_mandatory: false,
      fmr_basis: 'county',
      fmr_area_id: 'METRO12420M12420',
      source: 'U.S. Department of Housing and Urban Development, Fair Market Rents',
      vintage: 'FY2026 (revised, effective 2026-05-21)',
    });
  });

  it('extends both schedules above 4 bedrooms by 15% of the 4-bedroom rent each', () => {
    const r = market.lookupZip('78701', 5)?.hud_rent;
    expect(r?.fmr).toBeCloseTo(3174, 9); // 2760 × 1.15
    expect(r?.safmr).toBeCloseTo(4761, 9); // 4140 × 1.15
    expect(r?.value).toBeCloseTo(3174, 9);
  });

  it('uses the SAFMR in a mandatory metro (75201, Dallas)', () => {
    expect(market.lookupZip('75201', 3)?.hud_rent).toMatchObject({
      value: 3650,
      fmr: 2431,
      safmr: 3650,
      applies: 'safmr',
      source: 'U.S. Department of Housing and Urban Development, Small Area Fair Market Rents',
      vintage: 'FY2026',
    });
    expect(market.lookupZip('75201', 6)?.hud_rent?.value).toBeCloseTo(6032, 9); // 4640 × 1.30
  });

  it('uses the SAFMR in Cleveland although the designated list uses its FY2026 area ID (44113)', () => {
    expect(market.lookupZip('44113', 3)?.hud_rent).toMatchObject({
      value: 2470,
      fmr: 1646,
      applies: 'safmr',
    });
  });

  it('uses the New England town row and its metro’s designation (06103 Hartford: 2 BR SAFMR 2400)', () => {
    expect(market.lookupZip('06103', 2)?.hud_rent).toMatchObject({
      value: 2400,
      fmr: 1865,
      applies: 'safmr',
      fmr_basis: 'town',
      fmr_area_id: 'METRO25540M25540',
    });
    expect(market.zip('06103')?.fmr_hud_area_code).toBe('0911037070'); // Hartford town
  });

  it('keeps the town FMR where a New England SAFMR exists but is not mandatory (01610 Worcester)', () => {
    expect(market.lookupZip('01610', 3)?.hud_rent).toMatchObject({
      value: 2548,
      safmr: 2400,
      applies: 'fmr',
      fmr_basis: 'town',
    });
  });

  it('uses the county’s most common town schedule for an unmatched New England city (01522 JEFFERSON)', () => {
    expect(market.lookupZip('01522', 3)?.hud_rent).toMatchObject({
      value: 2548,
      safmr: null,
      fmr_basis: 'county_mode',
    });
    expect(market.lookupZip('01420', 3)?.hud_rent).toMatchObject({ value: 2247, fmr_basis: 'town' }); // Fitchburg city
  });

  it('uses the territory row for the Northern Mariana Islands (96950 → 69110 → 69999)', () => {
    expect(market.lookupZip('96950', 3)?.hud_rent).toMatchObject({ value: 1342, fmr_basis: 'territory' });
  });
});

describe('lookupZip: market rent, crime, tax, interest', () => {
  it('estimates 78701 3 BR market rent as 1669 × 2347 / 1852', () => {
    expect(market.lookupZip('78701', 3)?.market_rent?.value).toBeCloseTo(2115.088, 3);
  });

  it('scales the market rent by the FMR ratio even where the SAFMR applies (Dallas: 1469 × 2431 / 1931)', () => {
    expect(market.lookupZip('75201', 3)?.market_rent?.value).toBeCloseTo(1849.373, 3);
  });

  it('returns both crime grades of the county (Travis: violent C+, property A-)', () => {
    const r = market.lookupZip('78701', 3);
    expect(r?.violent_crime_grade).toMatchObject({
      grade: 'C+',
      percentile: 50,
      year: 2023,
      quality: 2,
      reliable: true,
    });
    expect(r?.property_crime_grade?.grade).toBe('A-');
  });

  it('flags quality-3-only grades (90012, Los Angeles)', () => {
    expect(market.lookupZip('90012', 3)?.violent_crime_grade).toMatchObject({ quality: 3, reliable: false });
  });

  it('returns null grades, a state-median tax and no market rent for Loving County (79754)', () => {
    const r = market.lookupZip('79754', 3);
    expect(r?.violent_crime_grade).toBeNull();
    expect(r?.property_crime_grade).toBeNull();
    expect(r?.property_tax_rate).toMatchObject({ value: 0.0168, level: 'state' });
    expect(r?.market_rent).toBeNull(); // ACS rent suppressed
    expect(r?.hud_rent?.value).toBe(1321);
  });

  it('returns null grades and the default tax for a territory county (96950)', () => {
    const r = market.lookupZip('96950', 3);
    expect(r?.violent_crime_grade).toBeNull();
    expect(r?.property_tax_rate).toMatchObject({ value: 0.01, level: 'default' });
  });

  it('carries the default interest rate with its date as vintage', () => {
    const r = market.lookupZip('78701', 3)?.interest_rate;
    expect(r?.vintage).toBe('2026-10-01');
    expect(r?.value).toBeCloseTo(0.0803, 12); // 7.28% + 0.75%
  });

  it('takes the investor premium as a parameter', async () => {
    const m = await loadFixtureMarket({ investorPremium: 0.01 });
    expect(m.interestRate?.value).toBeCloseTo(0.0828, 12); // 7.28% + 1.00%
  });
});

const ctx = buildMarketContext(await loadFixtureFiles());

describe('derived table rows', () => {
  const zips = deriveZipRows(ctx, FIXTURE_GAZETTEER);
  const counties = deriveCountyRows(ctx);

  it('has one row per distinct crosswalk ZIP and per county seen in any file', () => {
    expect(zips.map((z) => z.zip)).toEqual([
      '01420',
      '01522',
      '01550',
      '01610',
      '06001',
      '06103',
      '44113',
      '60601',
      '75201',
      '78701',
      '78730',
      '78799',
      '79754',
      '90012',
      '96950',
    ]);
    expect(counties.map((c) => c.county_fips)).toContain('01061'); // crime only
    expect(counties.map((c) => c.county_fips)).toContain('69110'); // crosswalk only
  });

  it('flattens the county row for SQL (Travis)', () => {
    expect(counties.find((c) => c.county_fips === '48453')).toEqual({
      county_fips: '48453',
      state_fips: '48',
      county_name: 'Travis County',
      fmr_hud_area_code: '4845399999',
      fmr_area_id: 'METRO12420M12420',
      fmr_area_name: 'Austin-Round Rock, TX MSA',
      fmr_basis: 'county',
      fmr_0: 1474,
      fmr_1: 1562,
      fmr_2: 1852,
      fmr_3: 2347,
      fmr_4: 2760,
      safmr_mandatory: false,
      median_gross_rent: 1669,
      median_home_value: 487600,
      median_household_income: 97169,
      population: 1307625,
      property_tax_rate: 0.01535,
      property_tax_level: 'county',
      violent_crime_grade: 'C+',
      violent_crime_percentile: 50,
      violent_crime_rate: 1213.64,
      violent_crime_year: 2023,
      violent_crime_quality: 2,
      violent_crime_reference_count: 7,
      property_crime_grade: 'A-',
      property_crime_percentile: expect.closeTo(21.428571, 5),
      property_crime_rate: 3243.99,
      property_crime_year: 2023,
      property_crime_quality: 2,
      property_crime_reference_count: 7,
    });
  });

  it('composes the same lookup from stored rows as from the in-memory index (JSON round trip = a DB)', () => {
    for (const zip of zips) {
      const stored = JSON.parse(JSON.stringify(zip));
      const county = JSON.parse(
        JSON.stringify(counties.find((c) => c.county_fips === zip.county_fips) ?? null),
      );
      for (const b of [0, 3, 6]) {
        expect(lookupFromRows(stored, county, market.interestRate, b)).toEqual(market.lookupZip(zip.zip, b));
      }
    }
  });
});

describe('displayCity', () => {
  it('prefers the gazetteer spelling of the same name, else capitalises the USPS name', () => {
    expect(displayCity('MC ALLEN', 'McAllen')).toBe('McAllen');
    expect(displayCity('WINSTON-SALEM', null)).toBe('Winston-Salem');
    expect(displayCity('JEFFERSON', 'Holden')).toBe('Jefferson');
  });
});
