import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MARKET_TABLES_DIR } from '../../../src/config.js';
import {
  bedroomRatio,
  buildMarketData,
  type CrimeCountyRow,
  type CrimeReference,
  type CrimeTier,
  crimeReference,
  type FmrRow,
  implausibleCountyRates,
  LOW_RENT_MODEL,
  loadMarketDir,
  MARKET_RENT_MODEL,
  type MarketData,
  type MarketZipRow,
  type ParsedMarketFiles,
  partYearCounties,
  percentileIn,
  STATES_50_DC,
  WIND_POOLS,
} from '../../../src/market/tables/index.js';
import { REAL_MARKET_DIR } from './fixtures.js';

/**
 * Data quality on the real shipped files (/work/shared/data/market), checked against rules
 * re-implemented here from the raw rows rather than through the market layer's own code. Skipped
 * where the shared directory is absent.
 */
const present = existsSync(REAL_MARKET_DIR);
const loaded = present ? await loadMarketDir(REAL_MARKET_DIR, MARKET_TABLES_DIR) : null;
const files = (): ParsedMarketFiles => {
  if (!loaded?.ok) throw new Error('real market data did not load');
  return loaded.data;
};
const market: MarketData | null = loaded?.ok ? buildMarketData(loaded.data) : null;
const m = (): MarketData => {
  if (market === null) throw new Error('real market data did not load');
  return market;
};

/** mulberry32: a small seeded generator, so the sample is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NYC_BOROUGHS = new Set(['36005', '36047', '36061', '36081', '36085']);

describe.skipIf(!present)('market data quality on the shipped files', () => {
  /** HUD's rules, from the raw files: SOURCES.md §1–3 and HUD's FMR documentation. */
  const hud = () => {
    const raw = files();
    const fmrByCode = new Map(raw.fmr.map((r) => [r.hud_area_code, r]));
    const designated = new Set(raw.safmrMandatory.map((r) => r.hud_area_code));
    designated.add('METRO17460M17460'); // Cleveland's FY2025 ID (SOURCES.md §3)
    const population = new Map(raw.acsCounty.map((a) => [a.county_fips, a.population ?? 0]));
    const rowsPerCounty = new Map<string, number>();
    for (const r of raw.fmr) {
      const c = r.hud_area_code.slice(0, 5);
      rowsPerCounty.set(c, (rowsPerCounty.get(c) ?? 0) + 1);
    }
    // An area's schedule is the one its people live under; a row with another schedule left the area.
    const peopleBySchedule = new Map<string, Map<string, number>>();
    const key = (r: FmrRow) => [r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4].join('/');
    for (const r of raw.fmr) {
      if (!r.fmr_area_id) continue;
      const c = r.hud_area_code.slice(0, 5);
      const byKey = peopleBySchedule.get(r.fmr_area_id) ?? new Map<string, number>();
      byKey.set(key(r), (byKey.get(key(r)) ?? 0) + (population.get(c) ?? 0) / (rowsPerCounty.get(c) ?? 1));
      peopleBySchedule.set(r.fmr_area_id, byKey);
    }
    const isSplit = (r: FmrRow) => {
      const byKey = peopleBySchedule.get(r.fmr_area_id ?? '');
      if (!byKey || byKey.size < 2) return false;
      const top = [...byKey].sort((a, b) => b[1] - a[1])[0]?.[0];
      return top !== key(r);
    };
    const safmrByZip = new Map(raw.safmr.map((s) => [s.zip, s]));
    // rent_4 × (1 + 0.15 × (b − 4)), to $1 (FMR) or $10 (SAFMR)
    const extend = (rents: number[], b: number, step: number) =>
      b <= 4
        ? (rents[b] ?? Number.NaN)
        : Math.round(((rents[4] ?? 0) * (100 + 15 * (b - 4))) / (100 * step)) * step;
    return { fmrByCode, designated, isSplit, safmrByZip, extend };
  };

  it('HUD rent, its payment band and the offline market rent match HUD’s rules for 300 seeded ZIPs × 1–6 bedrooms', () => {
    const rule = hud();
    const raw = files();
    const byZip = new Map<string, typeof raw.zipCounty>();
    for (const r of raw.zipCounty) {
      const list = byZip.get(r.zip) ?? [];
      list.push(r);
      byZip.set(r.zip, list);
    }
    const zips = [...byZip.keys()].sort();
    const next = seeded(20261124);
    const sample = new Set<string>();
    while (sample.size < 300) sample.add(zips[Math.floor(next() * zips.length)] ?? '');
    let checked = 0;
    let lowRentChecked = 0;
    const countyGrossRent = new Map(raw.acsCounty.map((a) => [a.county_fips, a.median_gross_rent]));
    for (const zip of sample) {
      const rows = byZip.get(zip) ?? [];
      const basis = rows.some((r) => r.res_ratio > 0) ? 'res_ratio' : 'tot_ratio';
      const main = rows.reduce((best, r) => (r[basis] > (best?.[basis] ?? -1) ? r : best), rows[0]);
      const derived = m().zip(zip)?.[0];
      expect(derived?.county_fips, zip).toBe(main?.county_fips);
      const fmrRow = rule.fmrByCode.get(derived?.fmr_hud_area_code ?? '');
      if (fmrRow === undefined) continue; // no FMR row at all (checked by the coverage figure)
      const split = rule.isSplit(fmrRow);
      const safmrRow = split ? undefined : rule.safmrByZip.get(zip);
      const fmr = [fmrRow.fmr_0, fmrRow.fmr_1, fmrRow.fmr_2, fmrRow.fmr_3, fmrRow.fmr_4];
      const safmr = safmrRow && [
        safmrRow.safmr_0,
        safmrRow.safmr_1,
        safmrRow.safmr_2,
        safmrRow.safmr_3,
        safmrRow.safmr_4,
      ];
      const applies = safmr && !split && rule.designated.has(fmrRow.fmr_area_id ?? '') ? 'safmr' : 'fmr';
      for (let b = 1; b <= 6; b++) {
        const fmrB = rule.extend(fmr, b, 1);
        const safmrB = safmr ? rule.extend(safmr, b, 10) : null;
        const value = applies === 'safmr' ? (safmrB ?? Number.NaN) : fmrB;
        const l = m().lookupZip(zip, b);
        expect(l?.hud_rent, `${zip} ${b} BR`).toMatchObject({
          value,
          fmr: fmrB,
          safmr: safmrB,
          applies,
          payment_standard: { low: Math.round(value * 0.9), high: Math.round(value * 1.1) },
        });
        // the market rent starts from the ZIP's 2 BR SAFMR where HUD publishes one, else the area FMR;
        // in a county whose ACS median gross rent is under $800, HUD's figure × the low-rent ratio
        // when that is lower than the line
        const basis = safmr ? 'safmr' : 'fmr';
        const anchor = safmr ? (safmr[2] ?? Number.NaN) : (fmr[2] ?? Number.NaN);
        const line = MARKET_RENT_MODEL[basis];
        const fitted = Math.exp(line.intercept + line.slope * Math.log(anchor));
        const lowRent = LOW_RENT_MODEL[basis];
        const countyRent = countyGrossRent.get(main?.county_fips ?? '') ?? null;
        const byRatio = countyRent !== null && countyRent < 800 && anchor * lowRent.ratio < fitted;
        const model = byRatio ? lowRent : line;
        const rent = (byRatio ? anchor * lowRent.ratio : fitted) * bedroomRatio(b);
        if (byRatio) lowRentChecked += 1;
        expect(l?.market_rent, `${zip} ${b} BR`).toMatchObject({
          anchor_basis: basis,
          anchor_2br: anchor,
          value: Math.round(rent),
          low: Math.round(rent * Math.exp(model.low)),
          high: Math.round(rent * Math.exp(model.high)),
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(1790); // 300 × 6, less the few ZIPs HUD has no FMR for
    expect(lowRentChecked, 'ZIPs of low-rent counties in the sample').toBeGreaterThan(0);
  });

  it('keeps every offline market rent inside its range and rising with bedrooms, for any ZIP × county × 0–6 BR', () => {
    let wrong = 0;
    let n = 0;
    for (const row of m().zipRows) {
      let previous = 0;
      for (let b = 0; b <= 6; b++) {
        const rent = m().lookupZip(row.zip, b, { county: row.county_name })?.market_rent;
        if (!rent) continue;
        n += 1;
        if (rent.value < rent.low || rent.value > rent.high || rent.value < previous) wrong += 1;
        previous = rent.value;
      }
    }
    expect(n).toBeGreaterThan(380_000);
    expect(wrong).toBe(0);
    // 380,000 look-ups: ~5 s on a quiet 2-core machine, more with the other suites running beside it
  }, 60_000);

  it('assigns each county the crime tier its raw rows call for, ranked among complete, plausible reports only', () => {
    const raw = files();
    const byCounty = new Map<string, CrimeCountyRow[]>();
    for (const r of raw.crimeCounty) {
      const list = byCounty.get(r.county_fips) ?? [];
      list.push(r);
      byCounty.set(r.county_fips, list);
    }
    const acs = new Set(raw.acsCounty.map((a) => a.county_fips));
    const people = new Map(raw.acsCounty.map((a) => [a.county_fips, a.population ?? 0]));
    // the plausibility rules themselves are checked on a synthetic country (crime-tiers.test.ts)
    const implausible = implausibleCountyRates(raw.crimeCounty, raw.acsCounty);
    for (const key of partYearCounties(raw.crimePlace, raw.placeCounties).keys()) implausible.add(key);
    const trusted = (r: CrimeCountyRow, kind: 'violent' | 'property') =>
      [1, 2].includes((kind === 'violent' ? r.violent_quality : r.property_quality) ?? 0) &&
      !implausible.has(`${kind}:${r.county_fips}:${r.year}`);
    const references = new Map<string, CrimeReference>();
    const reference = (kind: 'violent' | 'property', year: number): CrimeReference => {
      const cached = references.get(`${kind}${year}`);
      if (cached) return cached;
      const ref = crimeReference(
        raw.crimeCounty
          .filter((r) => r.year === year && !NYC_BOROUGHS.has(r.county_fips) && trusted(r, kind))
          .filter((r) => (people.get(r.county_fips) ?? 0) > 0)
          .map((r) => ({
            rate: (kind === 'violent' ? r.violent_per_100k : r.property_per_100k) ?? 0,
            weight: people.get(r.county_fips) ?? 0,
          })),
      );
      references.set(`${kind}${year}`, ref);
      return ref;
    };
    const tally = new Map<CrimeTier, number>();
    for (const c of m().countyRows) {
      for (const kind of ['violent', 'property'] as const) {
        const rows = (byCounty.get(c.county_fips) ?? []).filter(
          (r) => (kind === 'violent' ? r.violent_per_100k : r.property_per_100k) !== null,
        );
        const quality = (r: CrimeCountyRow) => (kind === 'violent' ? r.violent_quality : r.property_quality);
        const expected: CrimeTier = NYC_BOROUGHS.has(c.county_fips)
          ? 'reported'
          : rows.some((r) => trusted(r, kind))
            ? 'reported'
            : rows.some((r) => quality(r) !== null)
              ? 'incomplete'
              : STATES_50_DC.includes(c.state_code ?? '') && acs.has(c.county_fips)
                ? 'estimated'
                : 'none';
        const tier = kind === 'violent' ? c.violent_crime_tier : c.property_crime_tier;
        expect(tier, `${c.county_fips} ${kind}`).toBe(expected);
        tally.set(tier, (tally.get(tier) ?? 0) + 1);
        const year = kind === 'violent' ? c.violent_crime_year : c.property_crime_year;
        const count = kind === 'violent' ? c.violent_crime_reference_count : c.property_crime_reference_count;
        if (year !== null) expect(count, c.county_fips).toBe(reference(kind, year).length);
        if (tier === 'incomplete') {
          // graded no better than the reported undercount
          const rate = (kind === 'violent' ? c.violent_crime_rate : c.property_crime_rate) ?? Number.NaN;
          const p =
            (kind === 'violent' ? c.violent_crime_percentile : c.property_crime_percentile) ?? Number.NaN;
          expect(p, c.county_fips).toBeGreaterThanOrEqual(percentileIn(reference(kind, year ?? 0), rate));
        }
      }
    }
    // five boroughs × two kinds, each from the city's rate apportioned by the borough's index crimes
    const boroughGrades = m().countyRows.flatMap((c) => [c.violent_crime_basis, c.property_crime_basis]);
    expect(boroughGrades.filter((b) => b === 'borough')).toHaveLength(10);
    // Florida's implausible "complete" reports of 2021–23 are among the incomplete
    expect(m().county('12033')?.violent_crime_tier).toBe('incomplete');
    expect(m().county('12033')?.violent_crime_note).toMatch(/Florida's 2021–23 federal figures undercount/);
    // elsewhere the same finding names no Florida: every non-Florida county whose complete rate fails
    const elsewhere = m().countyRows.filter(
      (c) => !c.county_fips.startsWith('12') && /far below what counties/.test(c.violent_crime_note ?? ''),
    );
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const c of elsewhere) expect(c.violent_crime_note, c.county_fips).not.toMatch(/Florida/);
  });

  it('grades ≥ 99% of the ZIPs and of the people of the 50 states and DC', () => {
    const rows = m().zipRows.filter((r) => STATES_50_DC.includes(r.state_code));
    const graded = (fips: string) => {
      const c = m().county(fips);
      return c !== null && c.violent_crime_tier !== 'none' && c.property_crime_tier !== 'none';
    };
    const mains = rows.filter((r) => r.is_main);
    expect(mains.filter((r) => graded(r.county_fips)).length / mains.length).toBeGreaterThanOrEqual(0.99);
    const people = (c: string) => m().county(c)?.population ?? 0;
    const counties = [...new Set(rows.map((r) => r.county_fips))];
    const covered = counties.filter(graded).reduce((s, c) => s + people(c), 0);
    expect(covered / counties.reduce((s, c) => s + people(c), 0)).toBeGreaterThanOrEqual(0.99);
  });

  it('takes Calvert County, MD out of the DC area: its own FMR, no DC SAFMR, no mandatory SAFMR', () => {
    expect(m().county('24009')).toMatchObject({
      fmr_area_split: true,
      fmr_area_id: 'METRO47900M47900',
      safmr_mandatory: false,
    });
    const calvert = m().zip('20678')?.[0];
    expect(calvert).toMatchObject({
      county_fips: '24009',
      safmr_2: null,
      safmr_mandatory: false,
      hud_rent_applies: 'fmr',
    });
    expect(m().lookupZip('20678', 2)?.hud_rent).toMatchObject({
      value: 2083,
      fmr: 2083,
      safmr: null,
      fmr_area_split: true,
    });
    expect(m().lookupZip('20678', 2)?.market_rent).toMatchObject({ anchor_2br: 2083, anchor_basis: 'fmr' });
    // Montgomery County stays in the designated DC area
    expect(m().lookupZip('20850', 2)?.hud_rent).toMatchObject({
      applies: 'safmr',
      fmr: 2246,
      fmr_area_split: false,
    });
  });

  it('answers a wrong state with the ZIP’s state, and accepts any state a ZIP reaches', () => {
    expect(m().checkState('78701', 'IL')).toEqual({
      ok: false,
      field: 'state_code',
      states: ['TX'],
      message: 'ZIP 78701 is in TX, not IL.',
    });
    const across = m().zipRows.find(
      (r) => r.county_state_code !== null && r.county_state_code !== r.state_code,
    );
    expect(across).toBeDefined();
    expect(m().checkState(across?.zip ?? '', across?.county_state_code ?? '')).toEqual({ ok: true });
  });

  it('uses the typed county of a ZIP that spans FMR schedules, else the main county', () => {
    const multi = [
      ...new Set(
        m()
          .zipRows.filter((r) => !r.is_main)
          .map((r) => r.zip),
      ),
    ].map((z) => m().zip(z) ?? []);
    const rows = multi.find(
      (parts) => parts.length > 1 && parts.every((p) => p.county_name) && parts[0]?.fmr_2 !== parts[1]?.fmr_2,
    );
    const [main, other] = rows ?? [];
    expect(main && other).toBeTruthy();
    expect(m().lookupZip(main?.zip ?? '', 2)?.hud_rent?.fmr).toBe(main?.fmr_2);
    const typed = m().lookupZip(main?.zip ?? '', 2, { county: (other?.county_name ?? '').toUpperCase() });
    expect(typed).toMatchObject({ county_fips: other?.county_fips, county_matched: 'typed', warnings: [] });
    expect(typed?.hud_rent?.fmr).toBe(other?.fmr_2);
  });

  it('gives 4218 N Sheridan Rd, Chicago 60614, 2 bed a range that holds its listings’ $3,370', () => {
    const l = m().lookupZip('60614', 2, { county: 'Cook' });
    expect(l?.hud_rent).toMatchObject({ value: 2670, applies: 'safmr' });
    // exp(0.8217 + 0.8989 × ln 2670) = 2,734.96; range × exp(−0.2164) … × exp(0.2187)
    expect(l?.market_rent).toMatchObject({ value: 2735, low: 2203, high: 3404 });
  });

  it('lists each wind pool by the FIPS codes of the counties its source names', () => {
    // the names as the sources give them (insurance.ts): TWIA's page, N.C. Gen. Stat. § 58-45-5(2b),
    // aiua.org, Mississippi's coast area (the Gulf counties and the upper tier)
    const named = [
      'Aransas Brazoria Calhoun Cameron Chambers Galveston Jefferson Kenedy Kleberg Matagorda Nueces Refugio San_Patricio Willacy',
      'Beaufort Brunswick Camden Carteret Chowan Craven Currituck Dare Hyde Jones New_Hanover Onslow Pamlico Pasquotank Pender Perquimans Tyrrell Washington',
      'Baldwin Mobile',
      'George Hancock Harrison Jackson Pearl_River Stone',
    ];
    const nameOf = new Map(
      m().countyRows.map((c) => [c.county_fips, c.county_name?.replace(/ County$/, '')]),
    );
    const states = WIND_POOLS.map((pool) => new Set(pool.counties.map((fips) => fips.slice(0, 2))));
    expect(states.map((set) => [...set])).toEqual([['48'], ['37'], ['01'], ['28']]);
    expect(WIND_POOLS.map((pool) => pool.counties.map((fips) => nameOf.get(fips)).sort())).toEqual(
      named.map((list) => list.split(' ').map((name) => name.replace('_', ' '))),
    );
  });

  it('resolves an investor tax rule for every county of the 50 states and DC, never below the ACS rate', () => {
    const firstRow = new Map<string, MarketZipRow>();
    for (const r of m().zipRows) if (!firstRow.has(r.county_fips)) firstRow.set(r.county_fips, r);
    let checked = 0;
    for (const c of m().countyRows.filter((x) => STATES_50_DC.includes(x.state_code ?? ''))) {
      const zip = firstRow.get(c.county_fips);
      if (!zip) continue;
      const l = m().lookupZip(zip.zip, 2, { county: zip.county_name });
      if (l?.county_fips !== c.county_fips) continue; // a name two counties of the ZIP share
      expect(l.investor_tax_rate.state, c.county_fips).toBe(c.state_code);
      const rate = l.investor_tax_rate;
      if (rate.kinds.includes('city_rates')) {
        // a city's own rates: within half to four times its county's owner-occupied average (a typo
        // would not be; South Carolina's rule alone takes a rental to ×2.7 of an owner's: Charleston
        // 1.46 % against Charleston County's ACS 0.41 %)
        expect(rate.value / rate.owner_rate, c.county_fips).toBeGreaterThanOrEqual(0.5);
        expect(rate.value / rate.owner_rate, c.county_fips).toBeLessThanOrEqual(4);
      } else {
        expect(rate.value, c.county_fips).toBeGreaterThanOrEqual(rate.owner_rate);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3100);
    // Travis outside Austin, by Texas's rule; Austin itself by its own 2024 rates
    expect(m().lookupZip('78701', 2, { city: 'West Lake Hills' })?.investor_tax_rate.value).toBeCloseTo(
      0.01841,
      5,
    );
    expect(m().lookupZip('78701', 2)?.investor_tax_rate.value).toBe(0.020465);
    // Detroit: 84.5 non-homestead mills on half the value, where Wayne County's rule gives 2.95 %
    expect(m().lookupZip('48201', 2, { city: 'Detroit' })?.investor_tax_rate.value).toBeCloseTo(0.04225, 5);
    expect(m().lookupZip('35203', 2)?.investor_tax_rate.value).toBeCloseTo(2 * 0.00596, 12); // Jefferson, AL
    // Los Angeles County outside the city: Proposition 13's 1 % reset at sale, floor 1.1 %; the city's own 2020 rates
    expect(m().lookupZip('91101', 2, { city: 'Pasadena' })?.investor_tax_rate.value).toBe(0.011);
    expect(m().lookupZip('90012', 2)?.investor_tax_rate.value).toBe(0.011743);
    expect(m().lookupZip('33130', 2)?.investor_tax_rate.value).toBeGreaterThan(0.016); // Miami-Dade, non-homestead
    // Baltimore's FY2025 city 2.248 + state 0.112 per $100, where the county rule gives 1.55 %;
    // Indianapolis at Indiana's 2 % cap for a rental plus IPS's referenda (an upper bound)
    expect(m().lookupZip('21201', 2, { city: 'Baltimore' })?.investor_tax_rate.value).toBe(0.0236);
    expect(m().lookupZip('46204', 2, { city: 'Indianapolis' })?.investor_tax_rate.value).toBe(0.022953);
  });

  it('taxes a Tennessee building of two or more rental units as commercial: 40 % assessed, not 25 % (QA: a Memphis 4-plex)', () => {
    const memphis = (units: number) =>
      m().lookupZip('38104', 2, { city: 'Memphis', units })?.investor_tax_rate;
    expect(memphis(1)?.value).toBe(0.013177);
    for (const units of [2, 3, 4]) {
      // the city's own levies (2.58081 + 2.69 per $100) on 40 % of the value
      expect(memphis(units)?.value).toBeCloseTo(0.4 * 0.0527081, 6);
      expect(memphis(units)?.kinds).toEqual(['city_rates']);
      expect(memphis(units)?.rule).toMatch(
        /is commercial property in Tennessee, assessed at 40% .* So × 1\.6\.$/,
      );
    }
    // and by the county's estimate where the city has no rates of its own (Shelby outside Memphis)
    const germantown = (units: number) =>
      m().lookupZip('38138', 2, { city: 'Germantown', units })?.investor_tax_rate.value as number;
    expect(germantown(2)).toBeCloseTo(germantown(1) * 1.6, 12);
  });
});
