/**
 * The rating is fed honestly: what an analysis hands the engine for each crime tier. Grades are
 * rebuilt from stored columns exactly as the API reads them from the county table.
 */

import { formatMarketRange } from '@sfr/contracts';
import { describe, expect, it } from 'vitest';
import { analysisFacts } from '../../../src/analysis/facts.js';
import { crimeFigure, type MarketFacts } from '../../../src/market/service.js';
import {
  type CrimeGrade,
  type CrimeGradeColumns,
  type CrimeTier,
  crimeGradeFromColumns,
} from '../../../src/market/tables/crime.js';

const columns = (tier: CrimeTier, grade: CrimeGradeColumns['grade']): CrimeGradeColumns => ({
  tier,
  basis: tier === 'none' ? null : 'county',
  area: tier === 'none' ? null : 'Travis County',
  grade,
  percentile: tier === 'none' ? null : 40,
  rate: tier === 'none' ? null : 250,
  estimated_rate: tier === 'estimated' || tier === 'incomplete' ? 260 : null,
  year: tier === 'none' ? null : 2023,
  quality: tier === 'reported' ? 1 : tier === 'incomplete' ? 3 : null,
  reference_count: 1_739,
  note: `${tier} grade`,
});

function facts(violent: CrimeGradeColumns, property: CrimeGradeColumns): MarketFacts {
  return {
    market_data_loaded: true,
    location: null,
    hud_rent: null,
    market_rent: null,
    violent_crime_grade: crimeGradeFromColumns(violent),
    property_crime_grade: crimeGradeFromColumns(property),
    property_tax_rate: null,
    owner_tax_rate: null,
    interest_rate: null,
    appreciation: null,
    insurance: null,
    property_record: null,
    opportunities: [],
    warnings: [],
  };
}

const graded = (violent: CrimeGradeColumns, property: CrimeGradeColumns) => {
  const kept = analysisFacts(facts(violent, property), { figures: {}, warnings: [] });
  return [kept.violent_crime_grade, kept.property_crime_grade];
};

describe('crime grades handed to the rating', () => {
  it('scores reported and incomplete grades (incomplete at its floor grade)', () => {
    expect(graded(columns('reported', 'B+'), columns('reported', 'F'))).toEqual(['B+', 'F']);
    expect(graded(columns('incomplete', 'C-'), columns('reported', 'A'))).toEqual(['C-', 'A']);
  });

  it('counts an estimated grade and a missing one as unknown (the model’s 0.5)', () => {
    expect(graded(columns('estimated', 'A+'), columns('none', null))).toEqual([null, null]);
    expect(graded(columns('estimated', 'D'), columns('reported', 'D'))).toEqual([null, 'D']);
  });

  it('still shows the estimate, coarsely', () => {
    expect(crimeGradeFromColumns(columns('estimated', 'B-'))?.display).toBe('≈B');
  });
});

describe('a crime grade figure’s note', () => {
  // Lee County, FL, 2023 (the shared data): under 80 % of agencies reported 67.87 property crimes per
  // 100,000; the county's estimate is 2,988.6, so the grade is the estimate's
  const leeCounty: CrimeGrade = {
    tier: 'incomplete',
    basis: 'county',
    area: 'Lee County',
    grade: 'C+',
    display: 'C+',
    percentile: 47.46,
    rate: 67.87,
    estimated_rate: 2988.59,
    year: 2023,
    quality: 3,
    reliable: false,
    reference_count: 1361,
    note: 'Fewer than 80% of agencies reported in 2023, which can only understate crime; graded by the estimate, which is worse than the reported rate.',
    source: 'Urban Institute, Mobility Metrics',
    vintage: '2023',
  };

  it('quotes the rate the grade stands on: the estimate, with the undercount beside it', () => {
    expect(crimeFigure('property_crime_grade', leeCounty).note).toMatch(
      /47th percentile .*: an estimated 2988\.6 crimes against property per 100,000 in 2023 \(the agencies that reported counted 67\.9\) \(NIBRS, robbery included\)\.$/,
    );
    // a complete report quotes its own rate
    const reported = {
      ...leeCounty,
      tier: 'reported',
      estimated_rate: null,
      rate: 1553.95,
      year: 2022,
    } as const;
    expect(crimeFigure('property_crime_grade', reported).note).toMatch(
      /: 1554\.0 crimes against property per 100,000 in 2022 \(NIBRS, robbery included\)\.$/,
    );
    // the violent rate says what it counts, so no one reads it against the FBI's violent-crime rate (QA)
    expect(crimeFigure('violent_crime_grade', reported).note).toMatch(
      /: 1554\.0 crimes against persons per 100,000 in 2022 \(NIBRS: every assault, simple ones included, .*far above the FBI's classic violent-crime rate: compare grades, not rates\.$/,
    );
  });

  it('gives the range of grades it may stand for: a step either side when reported, four for an estimate', () => {
    const range = (grade: CrimeGrade) => {
      const figure = crimeFigure('property_crime_grade', grade);
      return figure.range && formatMarketRange('property_crime_grade', figure.range);
    };
    // Lee County's incomplete C+ is the estimate's: A- to D
    expect(range(leeCounty)).toBe(
      'A- – D (8 in 10 counties hidden from the estimate had a reported grade within 4 steps of it)',
    );
    const reported = { ...leeCounty, tier: 'reported', estimated_rate: null, rate: 1553.95 } as const;
    expect(range(reported)).toMatch(/^B- – C \(8 in 10 areas' next report lands within a grade step/);
    // the ends of the scale clip; a grade held back to B+ (its area's percentile is an A's) is no better
    expect(range({ ...reported, grade: 'F', percentile: 97 })).toMatch(/^D- – F /);
    expect(range({ ...reported, grade: 'B+', percentile: 3 })).toMatch(/^B\+ – B /);
  });
});
