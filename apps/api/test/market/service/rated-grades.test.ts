/**
 * The rating is fed honestly: what an analysis hands the engine for each crime tier. Grades are
 * rebuilt from stored columns exactly as the API reads them from the county table.
 */
import { describe, expect, it } from 'vitest';
import { analysisFacts } from '../../../src/analysis/facts.js';
import type { MarketFacts } from '../../../src/market/service.js';
import {
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
