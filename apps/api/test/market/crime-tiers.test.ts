import { describe, expect, it } from 'vitest';
import {
  type AcsCountyRow,
  buildCrimeGrades,
  type CrimeCountyRow,
  type CrimeGrade,
  type CrimePlaceRow,
  crimeGradeColumns,
  crimeGradeFromColumns,
  crimeTier,
  gradeForPercentile,
  midRankPercentile,
  ratedCrimeGrade,
  validateCrimeModel,
} from '../../src/market/index.js';

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
// New York City: the NYPD reports citywide; Manhattan's county row holds all of it
const boroughs = ['36005', '36047', '36061', '36081', '36085'];
for (const b of boroughs) acs.push(acsOnly(b, 1_500_000));
crime.push({ ...q3('36061', 13_000), violent_quality: 2, property_quality: 2 });
const places: CrimePlaceRow[] = [
  {
    year: 2023,
    state_fips: '36',
    place_fips: '51000',
    violent_per_100k: 2500,
    property_per_100k: 3500,
    violent_quality: 2,
    property_quality: 2,
  },
];

const grades = buildCrimeGrades(crime, { acs, places });
const violent = (fips: string): CrimeGrade | null => grades.get(fips)?.violent ?? null;
const reference = crime
  .filter((r) => r.year === 2023 && r.violent_quality === 1)
  .map((r) => r.violent_per_100k ?? 0)
  .sort((a, b) => a - b);

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
    // the 150 complete counties; Manhattan's county row (all NYPD offences) and quality-3 rows are left out
    expect(g?.reference_count).toBe(150);
    expect(g?.percentile).toBe(midRankPercentile(reference, g?.rate ?? Number.NaN));
    expect(g?.display).toBe(g?.grade);
  });

  it('citywide: all five boroughs take New York City’s rate, Manhattan’s own county rate included', () => {
    for (const b of boroughs) {
      expect(violent(b), b).toMatchObject({ tier: 'citywide', rate: 2500, reliable: true });
    }
    expect(violent('36061')?.percentile).toBe(midRankPercentile(reference, 2500));
  });

  it('incomplete: an undercount is graded by the worse estimate', () => {
    const g = violent('13901');
    expect(g).toMatchObject({ tier: 'incomplete', rate: 5, quality: 3, reliable: false });
    const estimate = g?.estimated_rate ?? Number.NaN;
    expect(estimate).toBeGreaterThan(5);
    expect(estimate).toBeCloseTo(trueViolent(100_000), -1); // the model recovers the synthetic law
    expect(g?.percentile).toBe(midRankPercentile(reference, estimate));
    expect(g?.note).toMatch(/graded by the estimate/);
  });

  it('incomplete: a report worse than the estimate keeps its own grade', () => {
    const g = violent('13903');
    expect(g).toMatchObject({ tier: 'incomplete', rate: 100_000, grade: 'F' });
    expect(g?.percentile).toBe(midRankPercentile(reference, 100_000));
    expect(g?.estimated_rate).toBeLessThan(100_000);
  });

  it('estimated: no rate at all; the model’s grade, shown as a letter band', () => {
    const g = violent('01901');
    expect(g).toMatchObject({ tier: 'estimated', reliable: false, quality: null, year: 2023 });
    expect(g?.rate).toBe(g?.estimated_rate);
    expect(g?.grade).toBe(gradeForPercentile(midRankPercentile(reference, g?.rate ?? Number.NaN)));
    expect(g?.display).toBe(`≈${g?.grade.charAt(0)}`);
    expect(g?.source).toMatch(/^Estimate: /);
  });

  it('none: a territory without crime data gets no grade', () => {
    expect(grades.get('72001')).toEqual({ violent: null, property: null });
    expect(crimeTier(null)).toBe('none');
  });

  it('lets the rating score reported, citywide and incomplete grades, never an estimate', () => {
    expect(ratedCrimeGrade(violent('01249'))).toBe(violent('01249')?.grade);
    expect(ratedCrimeGrade(violent('36047'))).toBe(violent('36047')?.grade);
    expect(ratedCrimeGrade(violent('13901'))).toBe(violent('13901')?.grade);
    expect(ratedCrimeGrade(violent('01901'))).toBeNull();
    expect(ratedCrimeGrade(null)).toBeNull();
  });

  it('round-trips every tier through its stored columns', () => {
    for (const fips of ['01249', '36061', '13901', '13903', '01901', '72001']) {
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
