import { describe, expect, it } from 'vitest';
import {
  buildMarketContext,
  deriveCountyRows,
  deriveZipRows,
  displayCity,
  lookupFromRows,
  MarketInputError,
} from '../../../src/market/tables/index.js';
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

  it('keeps every county of a multi-county ZIP, main county (largest residential share) first (78730)', () => {
    expect(market.zip('78730')).toMatchObject([
      {
        county_fips: '48491',
        is_main: true,
        res_ratio: 0.6,
        tot_ratio: 0.4,
        county_share: 0.6,
        county_count: 2,
      },
      {
        county_fips: '48453',
        is_main: false,
        res_ratio: 0.4,
        tot_ratio: 0.6,
        county_share: 0.4,
        county_count: 2,
      },
    ]);
    expect(market.lookupZip('78730', 3)).toMatchObject({
      county_fips: '48491',
      county_matched: 'main',
      warnings: [],
    });
  });

  it('lets the typed county decide among the ZIP’s counties, else warns and uses the main county', () => {
    expect(market.lookupZip('78730', 3, { county: 'travis' })).toMatchObject({
      county_fips: '48453',
      county_name: 'Travis County',
      county_matched: 'typed',
      property_tax_rate: { value: 0.01535 },
      // the ZIP's city, Austin, is graded by its own rate
      violent_crime_grade: { basis: 'place', rate: 1290.4181415396 },
      location: { county: { share: 0.4 } },
    });
    const wrong = market.lookupZip('78730', 3, { county: 'Cook County' });
    expect(wrong?.county_fips).toBe('48491');
    expect(wrong?.warnings).toEqual([
      "The county entered (Cook County) is not one of ZIP 78730's counties (Williamson County 60%, Travis County 40%); Williamson County, where most of its addresses are, was used.",
    ]);
  });

  it('falls back to tot_ratio for a ZIP with no residential addresses (78799 → Williamson, tot 0.7)', () => {
    expect(market.zip('78799')?.[0]).toMatchObject({
      county_fips: '48491',
      is_main: true,
      county_share: 0.7,
      share_basis: 'tot_ratio',
    });
  });

  it('tells a state that matches none of the ZIP’s states', () => {
    expect(market.checkState('78701', 'tx')).toEqual({ ok: true });
    expect(market.checkState('78701', 'IL')).toEqual({
      ok: false,
      field: 'state_code',
      states: ['TX'],
      message: 'ZIP 78701 is in TX, not IL.',
    });
    expect(market.checkState('12345', 'TX')).toBeNull();
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
      fmr_area_split: false,
      tier: 'reported',
      payment_standard: { low: 2112, high: 2582 }, // 90% and 110% of 2347
      source: 'U.S. Department of Housing and Urban Development, Fair Market Rents',
      vintage: 'FY2026 (from 2025-10-01)',
    });
    expect(market.lookupZip('78701', 3)?.hud_rent?.payment_standard.note).toBe(
      'A housing authority sets its voucher payment standard between 90% and 110% of this figure, and deducts its utility allowance when the tenant pays utilities.',
    );
  });

  it('extends both schedules above 4 bedrooms by 15% of the 4-bedroom rent each, rounded as HUD rounds', () => {
    expect(market.lookupZip('78701', 5)?.hud_rent).toMatchObject({
      fmr: 3174, // 2760 × 1.15
      safmr: 4760, // 4140 × 1.15 = 4761, SAFMRs to $10
      value: 3174,
    });
  });

  it('uses the SAFMR in a mandatory metro (75201, Dallas)', () => {
    expect(market.lookupZip('75201', 3)?.hud_rent).toMatchObject({
      value: 3650,
      fmr: 2431,
      safmr: 3650,
      applies: 'safmr',
      source: 'U.S. Department of Housing and Urban Development, Small Area Fair Market Rents',
    });
    expect(market.lookupZip('75201', 3)?.hud_rent).toMatchObject({
      fy: 2026,
      vintage: 'FY2026 (from 2025-10-01)',
    });
    expect(market.lookupZip('75201', 6)?.hud_rent?.value).toBe(6030); // 4640 × 1.30 = 6032 → $10
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
    expect(market.zip('06103')?.[0]?.fmr_hud_area_code).toBe('0911037070'); // Hartford town
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
  it('starts from the ZIP’s SAFMR even where the FMR applies (78701 3 BR: 2 BR SAFMR 2,780 → 2,836 × 1.26)', () => {
    expect(market.lookupZip('78701', 3)?.market_rent).toMatchObject({
      value: 3573,
      low: 2878,
      high: 4447,
      anchor_basis: 'safmr',
    });
  });

  it('starts from the county FMR where the ZIP has no SAFMR (Loving County 79754, 3 BR: 2 BR FMR 1,015)', () => {
    // exp(0.608 + 0.9337 × ln 1015) = 1,178.12; × 1.26 = 1,484.43
    expect(market.lookupZip('79754', 3)?.market_rent).toMatchObject({
      value: 1484,
      anchor_basis: 'fmr',
      anchor_2br: 1015,
    });
  });

  it('grades an address in a city with its own rate by the city (78701, Austin: violent C+, property C)', () => {
    // 2023 violent references, weighted by people: 625.16 (969,029), 703.52 (861,664), 1,120.47
    // (2,603,816), 1,213.64 (1,307,625), 1,263.88 (643,889), 1,871.69 (5,185,812), 1,898.72 (1,249,418);
    // Austin's 1,290.42 is above 6,386,023 of the 12,821,253 people: the 49.8th percentile → C+
    const r = market.lookupZip('78701', 3);
    expect(r?.place).toEqual({ name: 'Austin city', state_fips: '48', place_fips: '05000' });
    expect(r?.violent_crime_grade).toMatchObject({
      tier: 'reported',
      basis: 'place',
      area: 'Austin',
      grade: 'C+',
      display: 'C+',
      year: 2023,
      quality: 2,
      reliable: true,
    });
    expect(r?.violent_crime_grade?.percentile).toBeCloseTo((6_386_023 / 12_821_253) * 100, 9);
    expect(r?.property_crime_grade).toMatchObject({ basis: 'place', grade: 'C' });
  });

  it('grades the rest of the county without its graded city (Travis outside Austin: violent A)', () => {
    // (1,213.64 × 1,290,188 − 1,290.42 × 900,642) / 389,546 = 1,036.13, above 1,830,693 of 12,821,253 people
    // West Lake Hills, a city of its own whose addresses USPS calls Austin, has no complete rate of its own
    const r = market.lookupZip('78701', 3, { city: 'West Lake Hills' });
    expect(r?.place?.name).toBe('West Lake Hills city');
    expect(r?.violent_crime_grade).toMatchObject({ basis: 'balance', area: 'Travis County outside Austin' });
    // a name that is no place (a neighbourhood) leaves it to the ZIP's city
    expect(market.lookupZip('78701', 3, { city: 'Clarksville' })?.violent_crime_grade?.basis).toBe('place');
    const outside = market.county('48453');
    expect(outside).toMatchObject({
      violent_crime_basis: 'balance',
      violent_crime_area: 'Travis County outside Austin',
      violent_crime_grade: 'A',
    });
    expect(outside?.violent_crime_rate).toBeCloseTo(
      (1213.64 * 1_290_188 - 1290.4181415396 * 900_642) / 389_546,
      9,
    );
  });

  it('grades a quality-3-only county as incomplete (90012, Los Angeles; too few fixture counties for an estimate)', () => {
    expect(market.lookupZip('90012', 3)?.violent_crime_grade).toMatchObject({
      tier: 'incomplete',
      quality: 3,
      reliable: false,
      estimated_rate: null,
      percentile: 0,
      // the county's A+ (a floor), shown no better than B+ in the city of Los Angeles, which has
      // no rate of its own in the fixtures
      grade: 'B+',
    });
  });

  it('returns no grades and a state-median tax for Loving County (79754): suppressed crime, no model on fixtures', () => {
    const r = market.lookupZip('79754', 3);
    expect(r?.violent_crime_grade).toBeNull();
    expect(r?.property_crime_grade).toBeNull();
    expect(r?.property_tax_rate).toMatchObject({ value: 0.0168, level: 'state' });
    expect(r?.hud_rent?.value).toBe(1321);
  });

  it('adds the investor tax rate beside the ACS rate (Travis: 0.01535 → 0.01841)', () => {
    expect(market.lookupZip('78701', 3, { city: 'West Lake Hills' })?.investor_tax_rate).toMatchObject({
      label: 'Estimated investor (non-homestead) tax rate',
      owner_rate: 0.01535,
      state: 'TX',
      tier: 'estimated',
      value: expect.closeTo((0.01535 / (1 - (0.5 * 40_000) / 487_600)) * 1.15, 12),
    });
  });

  it('returns null grades and the default tax for a territory county (96950), with no state tax rule', () => {
    const r = market.lookupZip('96950', 3);
    expect(r?.violent_crime_grade).toBeNull();
    expect(r?.property_tax_rate).toMatchObject({ value: 0.01, level: 'default' });
    expect(r?.investor_tax_rate).toMatchObject({ value: 0.01, state: null });
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

  it('has one row per crosswalk ZIP × county and one per county seen in any file', () => {
    expect(zips.filter((z) => z.is_main).map((z) => z.zip)).toEqual([
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
    expect(zips).toHaveLength(17); // 78730 and 78799 span two counties
    expect(counties.map((c) => c.county_fips)).toContain('01061'); // crime only
    expect(counties.map((c) => c.county_fips)).toContain('69110'); // crosswalk only
  });

  it('flattens the county row for SQL (Travis)', () => {
    const outside = (county: number) =>
      `Travis County without the cities graded on their own (Austin): the county's ${county.toFixed(1)} per 100,000 less their offences, over the 389,546 people left (2020 Census).`;
    expect(counties.find((c) => c.county_fips === '48453')).toEqual({
      county_fips: '48453',
      state_fips: '48',
      state_code: 'TX',
      county_name: 'Travis County',
      fmr_hud_area_code: '4845399999',
      fmr_area_id: 'METRO12420M12420',
      fmr_area_name: 'Austin-Round Rock, TX MSA',
      fmr_basis: 'county',
      fmr_area_split: false,
      fmr_0: 1474,
      fmr_1: 1562,
      fmr_2: 1852,
      fmr_3: 2347,
      fmr_4: 2760,
      fmr_fy: 2026,
      safmr_mandatory: false,
      median_gross_rent: 1669,
      median_home_value: 487600,
      median_household_income: 97169,
      population: 1307625,
      property_tax_rate: 0.01535,
      property_tax_level: 'county',
      // the fixture's three counties: national median 4.77 %; Travis's own 5.62 % → blend capped at 5 %
      appreciation_value: 0.05,
      appreciation_low: expect.closeTo(0.05 - 1.55 * 0.0618787, 6),
      appreciation_high: expect.closeTo(0.05 + 1.55 * 0.0618787, 6),
      appreciation_level: 'county',
      appreciation_long_run_rate: expect.closeTo(0.0561846, 6),
      appreciation_national_rate: expect.closeTo(0.0476541, 6),
      appreciation_county_cagr_10y: expect.closeTo(0.0729976, 6),
      appreciation_volatility: expect.closeTo(0.0618787, 6),
      appreciation_year: 2024,
      // Texas's $300,000 averages; Travis's hurricane and wildfire losses under Texas's (Harris's coast)
      insurance_state_premium: 4101,
      insurance_state_low: 4101,
      insurance_state_high: 4585,
      insurance_hazard_excess: expect.closeTo(0.00005856, 8),
      insurance_hurricane_rating: 'Relatively Low',
      insurance_wildfire_rating: 'Relatively Moderate',
      violent_crime_tier: 'reported',
      violent_crime_basis: 'balance',
      violent_crime_area: 'Travis County outside Austin',
      violent_crime_grade: 'A',
      violent_crime_percentile: expect.closeTo((1_830_693 / 12_821_253) * 100, 9),
      violent_crime_rate: expect.closeTo(1036.12664, 4),
      violent_crime_estimated_rate: null,
      violent_crime_year: 2023,
      violent_crime_quality: 2,
      violent_crime_reference_count: 7,
      violent_crime_note: outside(1213.6),
      property_crime_tier: 'reported',
      property_crime_basis: 'balance',
      property_crime_area: 'Travis County outside Austin',
      property_crime_grade: 'A+',
      property_crime_percentile: expect.closeTo(6.720591, 5),
      property_crime_rate: expect.closeTo(2667.75565, 4),
      property_crime_estimated_rate: null,
      property_crime_year: 2023,
      property_crime_quality: 2,
      property_crime_reference_count: 7,
      property_crime_note: outside(3244.0),
    });
  });

  it('composes the same lookup from stored rows as from the in-memory index (JSON round trip = a DB)', () => {
    for (const part of zips) {
      const stored = JSON.parse(JSON.stringify(zips.filter((z) => z.zip === part.zip)));
      const storedCounties = JSON.parse(JSON.stringify(counties));
      const county = part.county_name ?? undefined;
      for (const b of [0, 3, 6]) {
        const places = JSON.parse(JSON.stringify(market.placeRows));
        expect(lookupFromRows(stored, storedCounties, market.interestRate, b, { county, places })).toEqual(
          market.lookupZip(part.zip, b, { county }),
        );
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
