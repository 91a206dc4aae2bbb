import { describe, expect, it } from 'vitest';
import {
  type AcsCountyRow,
  buildCrimeGrades,
  type CrimeCountyRow,
  type CrimeGrade,
  type CrimePlaceRow,
  crimeGradeColumns,
  crimeGradeFromColumns,
  crimeReference,
  crimeTier,
  gradeForPercentile,
  IMPLAUSIBLE_SHARE_OF_ESTIMATE,
  nationalCrimeModels,
  type PlaceCountyRow,
  percentileIn,
  ratedCrimeGrade,
  validateCrimeModel,
  validateGradeStability,
} from '../../../src/market/tables/index.js';

/**
 * A synthetic country: 50 counties in each of three states whose complete-reporting crime rate
 * follows population exactly (violent = 200 × (pop / 1000)^0.3, property twice that), so the
 * model can be checked against a known truth. A few counties stand for each tier.
 */
const STATES = ['01', '13', '36'];
const acs: AcsCountyRow[] = [];
const crime: CrimeCountyRow[] = [];
const trueViolent = (pop: number) => 200 * (pop / 1000) ** 0.3;
for (const st of STATES) {
  for (let i = 0; i < 50; i++) {
    const fips = `${st}${String(2 * i + 201).padStart(3, '0')}`;
    const population = Math.round(1000 * 10 ** ((3 * i) / 49));
    acs.push({
      county_fips: fips,
      population,
      median_household_income: 50_000 + ((i * 7919) % 30_000),
      median_home_value: 150_000 + ((i * 104_729) % 200_000),
      median_gross_rent: 900 + ((i * 3571) % 700),
      property_tax_rate: 0.01,
    });
    const v = trueViolent(population);
    crime.push({
      county_fips: fips,
      state_fips: st,
      year: 2023,
      violent_per_100k: v,
      property_per_100k: 2 * v,
      violent_quality: 1,
      property_quality: 1,
    });
  }
}
const acsOnly = (county_fips: string, population: number): AcsCountyRow => ({
  county_fips,
  population,
  median_household_income: 60_000,
  median_home_value: 250_000,
  median_gross_rent: 1200,
  property_tax_rate: 0.01,
});
const q3 = (county_fips: string, rate: number): CrimeCountyRow => ({
  county_fips,
  state_fips: county_fips.slice(0, 2),
  year: 2023,
  violent_per_100k: rate,
  property_per_100k: rate,
  violent_quality: 3,
  property_quality: 3,
});
// incomplete: a severe undercount (graded by the estimate) and an implausibly high report (graded by itself)
acs.push(acsOnly('13901', 100_000), acsOnly('13903', 5_000));
crime.push(q3('13901', 5), q3('13903', 100_000));
// estimated: a county with ACS figures and no crime rows at all; none: a territory
acs.push(acsOnly('01901', 100_000), acsOnly('72001', 20_000));
// implausible: a "complete" report at a tenth of what a county like it has (Florida 2021–23)
acs.push(acsOnly('13905', 100_000));
crime.push({ ...q3('13905', trueViolent(100_000) / 10), violent_quality: 1, property_quality: 1 });
// New York City: the NYPD reports citywide; Manhattan's county row holds all of it
const boroughs = ['36005', '36047', '36061', '36081', '36085'];
for (const b of boroughs) acs.push(acsOnly(b, 1_500_000));
crime.push({ ...q3('36061', 13_000), violent_quality: 2, property_quality: 2 });
const cityRate = (state_fips: string, place_fips: string, violent: number): CrimePlaceRow => ({
  year: 2023,
  state_fips,
  place_fips,
  violent_per_100k: violent,
  property_per_100k: 2 * violent,
  violent_quality: 2,
  property_quality: 2,
});
// a big city (place 01 99000) of 60 % of county 01297's 631,000 people, at three times the county's rate
const county297 = crime.find((r) => r.county_fips === '01297');
const big = 3 * (county297?.violent_per_100k ?? Number.NaN);
const places: CrimePlaceRow[] = [cityRate('36', '51000', 2500), cityRate('01', '99000', big)];
const placeCounties: PlaceCountyRow[] = [
  {
    state_fips: '01',
    place_fips: '99000',
    name: 'Bigtown city',
    state: 'AL',
    population: 378_600,
    county_fips: '01297',
    population_in_county: 378_600,
    county_population: 631_000,
  },
];
// the boroughs' index crimes: the Bronx twice the city's rate per person, the others alike
const boroughRows = boroughs.map((county_fips, i) => ({
  county_fips,
  borough: `Borough ${i}`,
  year: 2023,
  violent_count: i === 0 ? 2_000 : 1_000,
  property_count: 1_000,
  population: 1_000_000,
}));

const grades = buildCrimeGrades(crime, { acs, places, placeCounties, boroughs: boroughRows });
const violent = (fips: string): CrimeGrade | null => grades.counties.get(fips)?.violent ?? null;
// the 2023 references: complete, plausible counties, each weighted by its people
const people = new Map(acs.map((a) => [a.county_fips, a.population ?? 0]));
const reference = crimeReference(
  crime
    .filter((r) => r.year === 2023 && r.violent_quality === 1 && r.county_fips !== '13905')
    .map((r) => ({ rate: r.violent_per_100k ?? 0, weight: people.get(r.county_fips) ?? 0 })),
);

describe('crime tiers', () => {
  it('reported: a complete rate, ranked among the complete-reporting counties of its year only', () => {
    const g = violent('01249');
    expect(g).toMatchObject({
      tier: 'reported',
      reliable: true,
      estimated_rate: null,
      quality: 1,
      year: 2023,
    });
    // the 150 complete counties; Manhattan's county row (all NYPD offences), quality-3 rows and the
    // implausible report are left out
    expect(g?.reference_count).toBe(150);
    expect(g?.percentile).toBe(percentileIn(reference, g?.rate ?? Number.NaN));
    expect(g?.display).toBe(g?.grade);
    expect(g).toMatchObject({ basis: 'county', area: 'County 01249' });
  });

  it('ranks a rate by the people living in counties with a lower one, not by counties', () => {
    // rates [10, 20] with 1,000 and 3,000 people: 15 is above a quarter of the people
    const twoCounties = crimeReference([
      { rate: 10, weight: 1_000 },
      { rate: 20, weight: 3_000 },
    ]);
    expect(percentileIn(twoCounties, 15)).toBe(25);
    expect(percentileIn(twoCounties, 20)).toBe(62.5); // 1,000 + 0.5 × 3,000 of 4,000
    expect(
      percentileIn(
        crimeReference([
          { rate: 10, weight: 1 },
          { rate: 20, weight: 1 },
          { rate: 30, weight: 1 },
          { rate: 40, weight: 1 },
        ]),
        30,
      ),
    ).toBe(62.5);
  });

  it('borough: each New York City borough takes the city’s rate times its share of the city’s index crimes', () => {
    // the Bronx: 2,000 per 1,000,000 against the city's 6,000 per 5,000,000 → × 1.667; the others × 0.833
    expect(violent('36005')).toMatchObject({
      tier: 'reported',
      basis: 'borough',
      area: 'Borough 0',
      reliable: true,
    });
    expect(violent('36005')?.rate).toBeCloseTo((2500 * 2) / 1.2, 6);
    for (const b of boroughs.slice(1)) expect(violent(b)?.rate, b).toBeCloseTo(2500 / 1.2, 6);
    expect(violent('36061')?.percentile).toBe(percentileIn(reference, 2500 / 1.2));
    expect(violent('36005')?.note).toMatch(/New York State DCJS, 2023/);
  });

  it('place: a city with its own complete rate is graded by it', () => {
    const g = grades.places.get('0199000')?.violent;
    expect(g).toMatchObject({ tier: 'reported', basis: 'place', area: 'Bigtown', rate: big });
    expect(g?.percentile).toBe(percentileIn(reference, big));
    expect(g?.source).toMatch(/\(reported-crime metric, city\)/);
  });

  it('place: a police force’s first complete year after incomplete ones is not its rate (a part-year)', () => {
    const year = (y: number, violent: number | null, quality: 1 | 2 | 3 | null): CrimePlaceRow => ({
      ...cityRate('01', '99000', big),
      year: y,
      violent_per_100k: violent,
      property_per_100k: violent,
      violent_quality: quality,
      property_quality: quality,
    });
    const cityGrade = (rows: CrimePlaceRow[]) =>
      buildCrimeGrades(crime, { acs, places: rows, placeCounties }).places.get('0199000')?.violent ?? null;
    // Omaha 2021–23: 13 and 9 per 100,000 at quality 3, then 711 "complete" against 613 FBI violent crimes in 2019
    expect(cityGrade([year(2021, 13, 3), year(2022, 9, 3), year(2023, big, 2)])).toBeNull();
    expect(cityGrade([year(2021, null, null), year(2022, null, null), year(2023, big, 2)])).toBeNull();
    // a gap after a complete year is not a first year; nor is a place with no earlier rows to tell by
    expect(cityGrade([year(2021, big, 1), year(2022, 9, 3), year(2023, big, 2)])).toMatchObject({
      year: 2023,
      rate: big,
    });
    expect(cityGrade([year(2023, big, 2)])).toMatchObject({ year: 2023, rate: big });
    // Bigtown holds 60 % of county 01297's people: the county's 2023 holds its part-year too
    const partYear = buildCrimeGrades(crime, {
      acs,
      places: [year(2021, 13, 3), year(2022, 9, 3), year(2023, big, 2)],
      placeCounties,
    });
    expect(partYear.counties.get('01297')?.violent).toMatchObject({ tier: 'incomplete', basis: 'county' });
    expect(partYear.counties.get('01297')?.violent?.note).toMatch(
      /^The 2023 rate \(.+ per 100,000\) is mostly Bigtown's, whose police reported completely that year for the first time/,
    );
    expect(grades.counties.get('01297')?.violent?.tier).toBe('reported');
    const minority = buildCrimeGrades(crime, {
      acs,
      places: [year(2021, 13, 3), year(2022, 9, 3), year(2023, big, 2)],
      placeCounties: [{ ...placeCounties[0], population_in_county: 126_200 } as PlaceCountyRow],
    });
    expect(minority.counties.get('01297')?.violent?.tier).toBe('reported');
    // a county gathers many forces, so its first complete year stands
    const county = buildCrimeGrades(
      [...crime, ...[2021, 2022].map((y) => ({ ...q3('01297', 5), year: y }))],
      { acs },
    ).counties.get('01297')?.violent;
    expect(county).toMatchObject({ tier: 'reported', year: 2023 });
  });

  it('balance: the county outside its graded city is graded by what is left', () => {
    // county 01297: rate r over 631,000 people; Bigtown 3r over 378,600 → (631,000 r − 3 × 378,600 r) / 252,400 < 0
    // so the balance is left out and the whole county stands; a county where it stays positive:
    const r = county297?.violent_per_100k ?? Number.NaN;
    expect(violent('01297')).toMatchObject({ basis: 'county', rate: r });
    const small = buildCrimeGrades(crime, {
      acs,
      places: [cityRate('01', '99000', 2 * r)],
      placeCounties: [{ ...placeCounties[0], population_in_county: 126_200 } as PlaceCountyRow],
    });
    // (631,000 r − 2r × 126,200) / 504,800 = 0.75 r
    const balance = small.counties.get('01297')?.violent;
    expect(balance).toMatchObject({
      tier: 'reported',
      basis: 'balance',
      area: 'County 01297 outside Bigtown',
    });
    expect(balance?.rate).toBeCloseTo(0.75 * r, 9);
    expect(balance?.note).toMatch(/504,800 people left/);
  });

  it('balance: one far below what a county like it has is the figures disagreeing; the county stands', () => {
    const r = county297?.violent_per_100k ?? Number.NaN;
    const year = county297?.year ?? 0;
    const estimate = nationalCrimeModels(crime, acs).violent?.predict('01297', year) ?? Number.NaN;
    // a city at k × r over 126,200 people leaves (631,000 − 126,200 k) r / 504,800: 1 % of r at k = 4.96
    const k = (631_000 - 0.01 * 504_800) / 126_200;
    expect(0.01 * r).toBeLessThan(IMPLAUSIBLE_SHARE_OF_ESTIMATE * estimate);
    const disagreeing = buildCrimeGrades(crime, {
      acs,
      places: [cityRate('01', '99000', k * r)],
      placeCounties: [{ ...placeCounties[0], population_in_county: 126_200 } as PlaceCountyRow],
    });
    expect(disagreeing.counties.get('01297')?.violent).toMatchObject({ basis: 'county', rate: r });
  });

  it('incomplete: a complete report far below what a county like it has is taken as an undercount', () => {
    const g = violent('13905');
    expect(g).toMatchObject({ tier: 'incomplete', quality: 1, reliable: false });
    expect(g?.note).toMatch(/far below what counties like this one report/);
    expect(g?.note).not.toMatch(/Florida/); // a Georgia county: Florida's reporting change is not its reason
    expect(g?.estimated_rate ?? 0).toBeGreaterThan(g?.rate ?? Number.POSITIVE_INFINITY);
    expect(grades.implausible.has('violent:13905:2023')).toBe(true);
    expect(grades.implausible.has('violent:01249:2023')).toBe(false);
  });

  it('incomplete: an undercount is graded by the worse estimate', () => {
    const g = violent('13901');
    expect(g).toMatchObject({ tier: 'incomplete', rate: 5, quality: 3, reliable: false });
    const estimate = g?.estimated_rate ?? Number.NaN;
    expect(estimate).toBeGreaterThan(5);
    expect(estimate).toBeCloseTo(trueViolent(100_000), -1); // the model recovers the synthetic law
    expect(g?.percentile).toBe(percentileIn(reference, estimate));
    expect(g?.note).toMatch(/graded by the estimate/);
  });

  it('incomplete: a report worse than the estimate keeps its own grade', () => {
    const g = violent('13903');
    expect(g).toMatchObject({ tier: 'incomplete', rate: 100_000, grade: 'F' });
    expect(g?.percentile).toBe(percentileIn(reference, 100_000));
    expect(g?.estimated_rate).toBeLessThan(100_000);
  });

  it('estimated: no rate at all; the model’s grade, shown as a letter band', () => {
    const g = violent('01901');
    expect(g).toMatchObject({ tier: 'estimated', reliable: false, quality: null, year: 2023 });
    expect(g?.rate).toBe(g?.estimated_rate);
    expect(g?.grade).toBe(gradeForPercentile(percentileIn(reference, g?.rate ?? Number.NaN)));
    expect(g?.display).toBe(`≈${g?.grade.charAt(0)}`);
    expect(g?.source).toMatch(/^Estimate: /);
  });

  it('none: a territory without crime data gets no grade', () => {
    expect(grades.counties.get('72001')).toEqual({ violent: null, property: null });
    expect(crimeTier(null)).toBe('none');
  });

  it('lets the rating score reported and incomplete grades, never an estimate', () => {
    expect(ratedCrimeGrade(violent('01249'))).toBe(violent('01249')?.grade);
    expect(ratedCrimeGrade(violent('36047'))).toBe(violent('36047')?.grade);
    expect(ratedCrimeGrade(violent('13901'))).toBe(violent('13901')?.grade);
    expect(ratedCrimeGrade(violent('01901'))).toBeNull();
    expect(ratedCrimeGrade(null)).toBeNull();
  });

  it('round-trips every tier through its stored columns', () => {
    for (const fips of ['01249', '36061', '13901', '13903', '13905', '01901', '72001']) {
      const g = violent(fips);
      expect(crimeGradeFromColumns(JSON.parse(JSON.stringify(crimeGradeColumns(g)))), fips).toEqual(g);
    }
  });
});

describe('validateCrimeModel', () => {
  it('recovers a known law from hidden counties better than the national or state median guess', () => {
    const v = validateCrimeModel(crime, acs, 'violent', '10-fold');
    expect(v.counties).toBe(150); // the complete-reporting counties of the 50 states + DC with ACS figures
    expect(v.mean_abs_steps).toBeLessThan(0.5);
    expect(v.baseline_national_steps).toBeGreaterThan(2);
    expect(v.within_one_share).toBeGreaterThan(0.9);
  });

  it('hides a whole state at a time in the leave-state-out scheme', () => {
    const v = validateCrimeModel(crime, acs, 'property', 'leave-state-out');
    expect(v.counties).toBe(150);
    expect(v.mean_abs_steps).toBeLessThan(0.5);
    expect(v.baseline_state_steps).toBe(v.baseline_national_steps); // no training county shares the hidden state
  });
});

describe('validateGradeStability', () => {
  // 2022 as 2023, but every tenth county reported 1.8 times as much (several grade steps; not so
  // much that 2023 reads as an undercount of it)
  const synthetic = crime.filter((r) => acs.some((a) => a.county_fips === r.county_fips && r.year === 2023));
  const year2022 = synthetic
    .filter((r) => r.violent_quality === 1)
    .map((r, i) => {
      const f = i % 10 === 0 ? 1.8 : 1;
      return {
        ...r,
        year: 2022,
        violent_per_100k: (r.violent_per_100k ?? 0) * f,
        property_per_100k: (r.property_per_100k ?? 0) * f,
      };
    });
  // a city complete in 2022 and 2023; another whose 2022 is its first complete year after an incomplete 2021
  const steady = [2022, 2023].map((year) => ({ ...cityRate('01', '11000', 400), year }));
  const newcomer = [
    { ...cityRate('13', '22000', 50), year: 2021, violent_quality: 3 as const, property_quality: 3 as const },
    { ...cityRate('13', '22000', 150), year: 2022 },
    { ...cityRate('13', '22000', 400), year: 2023 },
  ];

  it("measures how far next year's grade lands from a year's: counties and places apart", () => {
    const [counties, cities] = validateGradeStability(
      { crimeCounty: [...crime, ...year2022], crimePlace: [...steady, ...newcomer], acsCounty: acs },
      'violent',
    );
    expect(counties?.areas).toBe('counties');
    expect(counties?.pairs).toBe(150); // the synthetic counties: the undercount and Manhattan stay out
    // 15 moved: 6 of them three steps or more, the others with the reference they shifted
    expect(counties).toMatchObject({ exact_share: 0.84, within_two_share: 0.96, steps_holding_80: 0 });
    // the newcomer's first complete year is not its rate: only the steady city's pair counts
    expect(cities).toMatchObject({ areas: 'places', pairs: 1, exact_share: 1, steps_holding_80: 0 });
  });
});
