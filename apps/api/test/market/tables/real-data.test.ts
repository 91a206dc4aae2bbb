import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MARKET_TABLES_DIR } from '../../../src/config.js';
import {
  APPRECIATION_RANGE_SIGMAS,
  buildMarketData,
  LOW_RENT_MODEL,
  type LoadedFileInfo,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  MARKET_RENT_COVERAGE,
  MARKET_RENT_MODEL,
  type MarketData,
  type ParsedMarketFiles,
  parseRentEvidenceCsv,
  validateAppreciation,
  validateMarketRent,
} from '../../../src/market/tables/index.js';
import { REAL_MARKET_DIR } from './fixtures.js';

/**
 * Landmarks from /work/shared/data/market/SOURCES.md, checked against the real files. Skipped when
 * the shared directory is absent (e.g. on a machine without shared/).
 */
const present = existsSync(REAL_MARKET_DIR);

const loaded = present ? await loadMarketDir(REAL_MARKET_DIR, MARKET_TABLES_DIR) : null;
const market: MarketData | null = loaded?.ok
  ? buildMarketData(loaded.data, { gazetteer: await loadZipcodesUsGazetteer() })
  : null;

const m = (): MarketData => {
  if (market === null) throw new Error('real market data did not load');
  return market;
};
const files = (): readonly LoadedFileInfo[] => (loaded?.ok ? loaded.files : []);
const data = (): ParsedMarketFiles => {
  if (!loaded?.ok) throw new Error('real market data did not load');
  return loaded.data;
};

describe.skipIf(!present)('real market data (SOURCES.md landmarks)', () => {
  it('loads without problems', () => {
    expect(loaded).toMatchObject({ ok: true, missingOptional: [] });
  });

  it('has the documented row counts', () => {
    const rows = Object.fromEntries(files().map((f) => [f.file, f.rows]));
    expect(rows).toEqual({
      'fmr_fy2026.csv': 4764,
      'fhfa_hpi_county_annual.csv': 99020,
      'places.csv': 10704,
      'nyc_borough_crime.csv': 20,
      'insurance_state.csv': 51,
      'insurance_hazard_county.csv': 3141,
      'city_tax.csv': 103,
      'safmr_fy2026.csv': 38601,
      'safmr_mandatory_metros.csv': 65,
      'zip_county.csv': 54553,
      'crime_county.csv': 9431,
      'crime_place.csv': 1458,
      'acs_county.csv': 3222,
      'mortgage_rates.csv': 1396,
    });
    expect(new Set(m().zipRows.map((r) => r.zip)).size).toBe(39490); // distinct ZIPs
    expect(m().zipRows).toHaveLength(54553); // one row per ZIP × county, as in the crosswalk
  });

  it('78701 → Travis 48453; SAFMR 2210/2350/2780/3520/4140, but Austin is not mandatory so the FMR applies', () => {
    const zip = m().zip('78701')?.[0];
    expect(zip).toMatchObject({
      county_fips: '48453',
      county_name: 'Travis County',
      city: 'Austin',
      state_code: 'TX',
    });
    expect([zip?.safmr_0, zip?.safmr_1, zip?.safmr_2, zip?.safmr_3, zip?.safmr_4]).toEqual([
      2210, 2350, 2780, 3520, 4140,
    ]);
    expect([zip?.fmr_0, zip?.fmr_1, zip?.fmr_2, zip?.fmr_3, zip?.fmr_4]).toEqual([
      1474, 1562, 1852, 2347, 2760,
    ]);
    expect(zip?.lat).toBeCloseTo(30.27, 1);
    expect(zip?.lng).toBeCloseTo(-97.74, 1);
    const r = m().lookupZip('78701', 3);
    expect(r?.hud_rent).toMatchObject({
      value: 2347,
      fmr: 2347,
      safmr: 3520,
      applies: 'fmr',
      safmr_mandatory: false,
    });
    // from the ZIP's 2 BR SAFMR 2,780: 2,836.04 × 1.26
    expect(r?.market_rent).toMatchObject({ anchor_2br: 2780, value: 3573 });
    expect(r?.property_tax_rate).toMatchObject({ value: 0.01535, level: 'county' });
    // the ZIP's city, Austin, by its own police's rate (Urban, 2023)
    expect(r?.violent_crime_grade).toMatchObject({ basis: 'place', area: 'Austin', year: 2023, quality: 1 });
    expect(r?.violent_crime_grade?.rate).toBeCloseTo(1796.74, 2);
    // outside Austin the county's own rate stands: Austin's 1,796.7 × 900,642 people exceed the
    // county's 1,213.64 × 1,290,188 (the two sources disagree), so no balance is claimed
    expect(m().county('48453')).toMatchObject({ violent_crime_basis: 'county', violent_crime_rate: 1213.64 });
  });

  it('60601 → Cook 17031; Chicago is mandatory so the SAFMR applies', () => {
    const r = m().lookupZip('60601', 2);
    expect(r?.county_fips).toBe('17031');
    expect(r?.hud_rent).toMatchObject({ value: 2670, fmr: 1781, safmr: 2670, applies: 'safmr' });
    expect(r?.property_tax_rate.value).toBe(0.01983);
    expect(r?.violent_crime_grade).toMatchObject({ basis: 'place', area: 'Chicago', year: 2023, quality: 2 });
    expect(r?.violent_crime_grade?.rate).toBeCloseTo(2783.78, 2);
  });

  it('06001 → Capitol Planning Region 09110 (tax 0.02143); 06103 Hartford 2 BR SAFMR 2400', () => {
    expect(m().lookupZip('06001', 2)).toMatchObject({
      county_fips: '09110',
      property_tax_rate: { value: 0.02143 },
    });
    expect(m().zip('06103')?.[0]?.safmr_2).toBe(2400);
    expect(m().county('09190')?.property_tax_rate).toBe(0.01475);
    // the Capitol region's 2023 rate (625.16) without Hartford's and the other graded cities'
    expect(m().county('09110')).toMatchObject({ violent_crime_basis: 'balance', violent_crime_year: 2023 });
    expect(m().county('09110')?.violent_crime_note).toMatch(/the county's 625\.2 per 100,000/);
  });

  it('keeps Autauga’s FMR and the latest mortgage rate', () => {
    expect(m().county('01001')).toMatchObject({
      fmr_0: 860,
      fmr_1: 870,
      fmr_2: 1016,
      fmr_3: 1304,
      fmr_4: 1537,
    });
    expect(m().interestRate).toMatchObject({ date: '2026-10-01', base_rate: 0.0728 });
    expect(data().mortgageRates.find((r) => r.date === '2021-01-07')?.rate_30y).toBe(2.65);
  });

  it('resolves a HUD rent and a county tax rate for at least 99% of ZIPs', () => {
    const mains = m().zipRows.filter((z) => z.is_main);
    const n = mains.length;
    const hud = mains.filter((z) => z.hud_rent_applies !== null).length;
    const countyTax = mains.filter((z) => m().county(z.county_fips)?.property_tax_level === 'county').length;
    expect(hud / n).toBeGreaterThanOrEqual(0.99);
    expect(countyTax / n).toBeGreaterThanOrEqual(0.99);
  });

  it('appreciation: the national 1994–2024 rate, Travis’s blend, and the backtest’s fitted range', () => {
    const travis = m().lookupZip('78701', 3)?.appreciation;
    // FHFA: median county 1994–2024 3.82 %/yr; Travis 5.62 % → (5.62 + 3.82) / 2 = 4.72 %
    expect(travis?.national_rate).toBeCloseTo(0.03819, 5);
    expect(travis?.value).toBeCloseTo(0.04719, 5);
    expect(travis?.vintage).toBe('FHFA county HPI, 1994–2024');
    // Connecticut's planning regions are not in FHFA's (legacy-county) index: the state's figure
    expect(m().lookupZip('06103', 2)?.appreciation?.level).toBe('state');
    const check = validateAppreciation(data().hpiCounty);
    expect(check.cases).toBe(3875);
    expect(check.fitted_sigmas).toBe(APPRECIATION_RANGE_SIGMAS);
    // what the market README reports, to the basis point
    expect(check.coverage).toBeCloseTo(0.719, 3);
    expect(check.shipped_error).toBeCloseTo(0.0405, 4);
    expect(check.constant_3pct_error).toBeCloseTo(0.0388, 4);
  });

  it('Columbus, OH: its own rates for a 1–3 unit rental; a fourplex is commercial, by the county estimate without the rollbacks', () => {
    const triplex = m().lookupZip('43201', 2, { city: 'Columbus', units: 3 })?.investor_tax_rate;
    expect(triplex).toMatchObject({ kinds: ['city_rates'], value: 0.01584 });
    expect(triplex?.rule).toContain('for a 3-unit rental bought today');
    const fourplex = m().lookupZip('43201', 2, { city: 'Columbus', units: 4 })?.investor_tax_rate;
    expect(fourplex?.kinds).not.toContain('city_rates');
    expect(fourplex?.rule).toMatch(/^A building of 4 or more units is commercial property in Ohio/);
    expect(fourplex?.value).toBeCloseTo((fourplex?.owner_rate ?? Number.NaN) * 1.143, 12);
  });

  it('market rent: the shipped fit is a fresh fit on the evidence, and scores what the README states', async () => {
    const evidence = parseRentEvidenceCsv(
      await readFile(`${MARKET_TABLES_DIR}/evidence/zori_zip_2023_10.csv`, 'utf8'),
    );
    const scores = validateMarketRent(evidence, (zip) => {
      const main = m().zip(zip)?.[0];
      const county_rent = main ? (m().county(main.county_fips)?.median_gross_rent ?? null) : null;
      return main ? { safmr: main.safmr_2, fmr: main.fmr_2, county_rent } : null;
    });
    for (const v of scores) {
      const shipped = MARKET_RENT_MODEL[v.basis];
      for (const key of ['intercept', 'slope', 'low', 'high'] as const) {
        expect(Math.abs(shipped[key] - v.fit[key]), `${v.basis} ${key}`).toBeLessThanOrEqual(1e-4);
      }
      expect(MARKET_RENT_COVERAGE[v.basis]).toBeCloseTo(v.held_out.coverage, 3);
      // the low-rent counties' ratio: a fresh fit, and nearer the held-out listings than the line
      const lowRent = LOW_RENT_MODEL[v.basis];
      for (const key of ['ratio', 'low', 'high'] as const) {
        expect(
          Math.abs(lowRent[key] - v.low_rent_fit[key]),
          `${v.basis} low-rent ${key}`,
        ).toBeLessThanOrEqual(1e-4);
      }
      expect(lowRent.zips).toBe(v.low_rent_fit.points);
      expect(lowRent.coverage).toBeCloseTo(v.held_out_low_rent.coverage, 3);
      expect(Math.abs(Math.log(v.held_out_low_rent.median_ratio))).toBeLessThan(
        Math.abs(Math.log(v.held_out_low_rent_by_line.median_ratio)) / 2,
      );
    }
    const safmr = scores.find((v) => v.basis === 'safmr')?.held_out;
    expect(safmr).toMatchObject({ zips: 6583 });
    expect(safmr?.median_ratio).toBeCloseTo(1.017, 3);
    expect(safmr?.within_15).toBeCloseTo(0.632, 3);
  });
});
