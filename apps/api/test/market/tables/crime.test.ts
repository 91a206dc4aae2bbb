import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildCrimeGrades,
  CRIME_GRADE_BANDS,
  CRIME_GRADES,
  gradeForPercentile,
  gradeForUnratedCity,
  midRankPercentile,
  parseCrimePlaceCsv,
} from '../../../src/market/tables/index.js';
import { loadFixtureFiles } from './fixtures.js';

describe('gradeForPercentile: 13 equal bands of 100/13 ≈ 7.69 points, A+ = lowest crime', () => {
  it('matches the JSDoc examples', () => {
    expect(gradeForPercentile(0)).toBe('A+');
    expect(gradeForPercentile(7.6)).toBe('A+'); // ⌊7.6 × 13 / 100⌋ = ⌊0.988⌋ = 0
    expect(gradeForPercentile(7.7)).toBe('A'); // ⌊1.001⌋ = 1
    expect(gradeForPercentile(50)).toBe('C+'); // ⌊6.5⌋ = 6, the middle grade
    expect(gradeForPercentile(95)).toBe('F'); // ⌊12.35⌋ = 12
    expect(gradeForPercentile(100)).toBe('F'); // clamped to 12
  });

  it('has 13 contiguous bands covering 0–100', () => {
    expect(CRIME_GRADE_BANDS).toHaveLength(13);
    expect(CRIME_GRADE_BANDS[0]?.from).toBe(0);
    expect(CRIME_GRADE_BANDS[12]?.to).toBeCloseTo(100, 12);
    for (const band of CRIME_GRADE_BANDS) expect(gradeForPercentile(band.from + 0.01)).toBe(band.grade);
  });

  it('rejects a percentile outside 0–100', () => {
    expect(() => gradeForPercentile(-1)).toThrow(RangeError);
    expect(() => gradeForPercentile(Number.NaN)).toThrow(RangeError);
  });
});

describe('midRankPercentile', () => {
  it('counts the values below plus half the ties', () => {
    expect(midRankPercentile([10, 20, 30, 40], 30)).toBe(62.5); // (2 + 0.5 × 1) / 4 × 100
    expect(midRankPercentile([10, 20, 20, 40], 20)).toBe(50); // (1 + 0.5 × 2) / 4 × 100
    expect(midRankPercentile([10, 20, 30, 40], 5)).toBe(0);
    expect(midRankPercentile([10, 20, 30, 40], 50)).toBe(100);
  });
});

const files = await loadFixtureFiles();
const grades = buildCrimeGrades(files.crimeCounty);

describe('buildCrimeGrades (fixtures)', () => {
  // 2023 violent reference, quality 1–2 only (7 counties), ascending:
  // 625.16 (09110), 703.52 (25027), 1120.47 (48113), 1213.64 (48453), 1263.88 (48491), 1871.69 (17031), 1898.72 (39035)
  it('grades Travis 2023 violent 1213.64 at the 50th percentile → C+', () => {
    expect(grades.counties.get('48453')?.violent).toMatchObject({
      rate: 1213.64,
      year: 2023,
      quality: 2,
      reliable: true,
      percentile: 50, // (3 below + 0.5) / 7 × 100
      grade: 'C+',
      reference_count: 7,
      vintage: '2023',
      source:
        'Urban Institute, Mobility Metrics (reported-crime metric), from FBI NIBRS data as processed by Jacob Kaplan',
    });
  });

  it('grades violent and property separately (Travis property 3243.99 → A-)', () => {
    // 2023 property reference: 1472.04, 3243.99, 3278.26, 3329.72, 3359.65, 3459.21, 4381.10
    const p = grades.counties.get('48453')?.property;
    expect(p?.percentile).toBeCloseTo(21.428571, 5); // (1 + 0.5) / 7 × 100
    expect(p?.grade).toBe('A-'); // ⌊21.43 × 13 / 100⌋ = ⌊2.79⌋ = 2
  });

  it('ends the scale at F for the highest rate (Cuyahoga 1898.72)', () => {
    expect(grades.counties.get('39035')?.violent?.percentile).toBeCloseTo(92.857143, 5); // 6.5 / 7 × 100
    expect(grades.counties.get('39035')?.violent?.grade).toBe('F');
  });

  it('prefers an older reliable year to a newer quality-3 year (Geneva AL: 2023 = 2.98, quality 3)', () => {
    // 2022 reference: 777.57 (01061), 812.67, 1187.38, 1310.60, 1342.86, 1697.15, 2005.70
    expect(grades.counties.get('01061')?.violent).toMatchObject({
      year: 2022,
      rate: 777.57,
      quality: 2,
      reliable: true,
    });
    expect(grades.counties.get('01061')?.violent?.percentile).toBeCloseTo(7.142857, 5); // 0.5 / 7 × 100
  });

  it('uses a quality-3-only county’s latest year but flags it unreliable (Los Angeles)', () => {
    expect(grades.counties.get('06037')?.violent).toMatchObject({
      year: 2023,
      rate: 240.32,
      quality: 3,
      reliable: false,
      percentile: 0, // below all 7 reliable 2023 counties
      grade: 'A+',
    });
  });

  it('skips the Connecticut 2022 gap and uses the planning region’s 2023 rate', () => {
    expect(grades.counties.get('09110')?.violent).toMatchObject({ year: 2023, rate: 625.16, grade: 'A+' }); // 0.5/7 = 7.14
  });

  it('gives null grades to a county suppressed in every year (Loving TX) and none to an absent one', () => {
    expect(grades.counties.get('48301')).toEqual({ violent: null, property: null });
    expect(grades.counties.get('69110')).toBeUndefined();
  });
});

describe('gradeForUnratedCity: a wider area grades a city without a rate of its own no better than B+', () => {
  // Connecticut's planning region 09110: 625.16 in 2023, the lowest of the 7 → A+ (see above)
  const region = () => {
    const g = grades.counties.get('09110')?.violent;
    if (!g) throw new Error('fixture grade missing');
    return g;
  };

  it('shows an A+ county as B+ in a city inside it, keeping the county’s rate, percentile and area', () => {
    const g = gradeForUnratedCity(region(), 'Hartford city');
    expect(g).toMatchObject({
      grade: 'B+',
      display: 'B+',
      rate: 625.16,
      percentile: region().percentile,
      area: region().area,
      basis: 'county',
      tier: 'reported',
    });
    expect(g.note).toBe(
      `${region().note} Hartford has no complete rate of its own, and a wider area's low rate cannot vouch that a city in it is among the safest, so the area's A+ is shown as B+ here.`,
    );
  });

  it('leaves a grade of B+ or worse as it is, saying whose it is, and a New York City borough’s as it is', () => {
    const travis = grades.counties.get('48453')?.violent; // C+
    if (!travis) throw new Error('fixture grade missing');
    expect(gradeForUnratedCity(travis, 'West Lake Hills city')).toEqual({
      ...travis,
      note: `${travis.note} West Lake Hills has no complete rate of its own: the grade is that of ${travis.area}, and a city can run above or below its area.`,
    });
    const borough = { ...region(), basis: 'borough' as const };
    expect(gradeForUnratedCity(borough, 'New York city')).toBe(borough);
  });

  it('leaves the county’s grade as it is where the place is its county (an independent city)', () => {
    const county = { ...region(), area: 'Falls Church city' };
    expect(gradeForUnratedCity(county, 'Falls Church city')).toBe(county);
  });

  it('keeps an estimate a letter band (≈B)', () => {
    expect(gradeForUnratedCity({ ...region(), tier: 'estimated' }, 'Hartford city')).toMatchObject({
      grade: 'B+',
      display: '≈B',
    });
  });
});

describe('parseCrimePlaceCsv', () => {
  it('reads the `NA` marker of the unmodified place file as missing', () => {
    expect(files.crimePlace[0]).toEqual({
      year: 2023,
      state_fips: '06',
      place_fips: '44000',
      violent_per_100k: 5.1,
      property_per_100k: null,
      violent_quality: 3,
      property_quality: null,
    });
    expect(() =>
      parseCrimePlaceCsv(
        'year,state,place,rate_crime_violent,rate_crime_property,rate_crime_violent_quality,rate_crime_property_quality\n2023,06,44000,1,2,4,1\n',
      ),
    ).toThrow(/quality 4 is not 1, 2 or 3/);
  });
});

describe('properties', () => {
  const sorted = fc
    .array(fc.double({ min: 0, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 50 })
    .map((a) => a.sort((x, y) => x - y));

  it('a higher rate never gets a lower percentile or a better grade', () => {
    fc.assert(
      fc.property(
        sorted,
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (ref, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const pLo = midRankPercentile(ref, lo);
          const pHi = midRankPercentile(ref, hi);
          expect(pLo).toBeLessThanOrEqual(pHi);
          expect(pLo).toBeGreaterThanOrEqual(0);
          expect(pHi).toBeLessThanOrEqual(100);
          expect(CRIME_GRADES.indexOf(gradeForPercentile(pLo))).toBeLessThanOrEqual(
            CRIME_GRADES.indexOf(gradeForPercentile(pHi)),
          );
        },
      ),
    );
  });
});
