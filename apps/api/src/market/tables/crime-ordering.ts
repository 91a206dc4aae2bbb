/**
 * Do the grades put places in the order public city figures do? Evidence (apps/api/data/market/
 * evidence, its README): the FBI's 2019 offences by city (Crime in the United States, Table 8) and
 * New York State's index crimes by borough, never used to grade. Scored: pairs of places an investor
 * would compare (a safe suburb and its core city, the boroughs, a state's safest and most violent big
 * cities), and whether any city with more violent crime than the national median shows an A.
 */
import { CRIME_GRADES, type CrimeGrade, type CrimeKind } from './crime.js';
import type { BoroughCrimeRow } from './crime-boroughs.js';
import type { MarketData } from './market-index.js';
import { crimeGradeAt, gradeOfRow } from './market-index.js';
import { readTable } from './table.js';
import { median } from './tax.js';

/** One city of FBI Table 8 (2019) linked to its Census place and main county. */
export interface FbiCityRow {
  readonly city: string;
  readonly state: string;
  readonly place: string;
  readonly county_fips: string;
  readonly population: number;
  readonly violent_per_100k: number;
  readonly property_per_100k: number;
}

export function parseFbiCitiesCsv(text: string, file = 'fbi_cities_2019.csv'): FbiCityRow[] {
  const t = readTable(file, text, [
    'city',
    'state',
    'state_fips',
    'place_fips',
    'county_fips',
    'population',
    'violent_per_100k',
    'property_per_100k',
  ]);
  const rows: FbiCityRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    rows.push({
      city: t.text(r, 'city'),
      state: t.text(r, 'state'),
      place: t.code(r, 'state_fips', 2) + t.code(r, 'place_fips', 5),
      county_fips: t.code(r, 'county_fips', 5),
      population: t.int(r, 'population'),
      violent_per_100k: t.num(r, 'violent_per_100k'),
      property_per_100k: t.num(r, 'property_per_100k'),
    });
  }
  return rows;
}

/** Two areas to order: `place:SSPPPPP` (an FBI city) or `county:CCCCC` (a New York City borough). */
export interface CrimePair {
  readonly group: string;
  readonly a: string;
  readonly a_name: string;
  readonly b: string;
  readonly b_name: string;
}

export function parseCrimePairsCsv(text: string, file = 'crime_pairs.csv'): CrimePair[] {
  const t = readTable(file, text, ['group', 'a', 'a_name', 'b', 'b_name']);
  return Array.from({ length: t.rowCount }, (_, r) => ({
    group: t.text(r, 'group'),
    a: t.text(r, 'a'),
    a_name: t.text(r, 'a_name'),
    b: t.text(r, 'b'),
    b_name: t.text(r, 'b_name'),
  }));
}

export interface CrimeOrdering {
  /** pair × kind comparisons where the public figures differ */
  readonly comparisons: number;
  /** … where the grades order them the same way (a tie in grade counts as wrong) */
  readonly right: number;
  readonly by_group: readonly { group: string; comparisons: number; right: number }[];
  readonly wrong: readonly string[];
  /** FBI cities (≥ 10,000 people) above the national median violent rate, and those shown an A */
  readonly above_median_cities: number;
  readonly above_median_with_a: number;
  /** … of them graded from their own city rate */
  readonly above_median_own_rate: number;
  readonly above_median_own_rate_with_a: number;
  readonly national_median_violent: number;
  /**
   * The evidence for `gradeForUnratedCity`: cities (10,000+) with no rate of their own whose wider
   * area (county, or county outside its graded cities) grades A before the cap, and how many of them
   * are above the national median violent rate.
   */
  readonly unrated_in_a_area: number;
  readonly unrated_in_a_area_above_median: number;
  readonly a_examples: readonly string[];
}

/** The grade an address in a city gets (`crimeGradeAt`). */
function cityGrade(market: MarketData, city: FbiCityRow, kind: CrimeKind): CrimeGrade | null {
  return crimeGradeAt(placeOf(market, city), market.county(city.county_fips) ?? null, kind);
}

const placeOf = (market: MarketData, city: FbiCityRow) =>
  market.placeRows.find(
    (p) => p.state_fips + p.place_fips === city.place && p.county_fips === city.county_fips,
  ) ?? null;

const step = (g: CrimeGrade | null) => (g ? CRIME_GRADES.indexOf(g.grade) : null);

export function validateCrimeOrdering(
  market: MarketData,
  cities: readonly FbiCityRow[],
  pairs: readonly CrimePair[],
  boroughs: readonly BoroughCrimeRow[],
): CrimeOrdering {
  const byPlace = new Map(cities.map((c) => [c.place, c]));
  const latestBoroughYear = Math.max(...boroughs.map((b) => b.year));
  const area = (id: string, kind: CrimeKind): { truth: number; grade: CrimeGrade | null } | null => {
    const [type, code = ''] = id.split(':');
    if (type === 'place') {
      const city = byPlace.get(code);
      if (!city) return null;
      return {
        truth: kind === 'violent' ? city.violent_per_100k : city.property_per_100k,
        grade: cityGrade(market, city, kind),
      };
    }
    const borough = boroughs.find((b) => b.county_fips === code && b.year === latestBoroughYear);
    const county = market.county(code);
    if (!borough || !county) return null;
    const count = kind === 'violent' ? borough.violent_count : borough.property_count;
    return { truth: (count / borough.population) * 100_000, grade: gradeOfRow(county, kind) };
  };
  const results: { group: string; right: boolean; text: string }[] = [];
  for (const pair of pairs) {
    for (const kind of ['violent', 'property'] as const) {
      const a = area(pair.a, kind);
      const b = area(pair.b, kind);
      if (!a || !b || a.truth === b.truth) continue;
      const [sa, sb] = [step(a.grade), step(b.grade)];
      const right = sa !== null && sb !== null && Math.sign(sa - sb) === Math.sign(a.truth - b.truth);
      results.push({
        group: pair.group,
        right,
        text: `${kind}: ${pair.a_name} ${a.grade?.display ?? '–'} (${a.truth.toFixed(1)}) vs ${pair.b_name} ${b.grade?.display ?? '–'} (${b.truth.toFixed(1)})`,
      });
    }
  }
  const groups = [...new Set(results.map((r) => r.group))];

  const sized = cities.filter((c) => c.population >= 10_000);
  const nationalMedian = median(sized.map((c) => c.violent_per_100k));
  const isA = (g: CrimeGrade | null) => g?.grade.startsWith('A') === true;
  const above = sized
    .filter((c) => c.violent_per_100k > nationalMedian)
    .map((c) => ({ c, grade: cityGrade(market, c, 'violent') }));
  const own = above.filter((x) => x.grade?.basis === 'place');
  const unratedInAArea = sized.filter((c) => {
    const place = placeOf(market, c);
    const county = market.county(c.county_fips);
    return place && !gradeOfRow(place, 'violent') && county && isA(gradeOfRow(county, 'violent'));
  });
  return {
    comparisons: results.length,
    right: results.filter((r) => r.right).length,
    by_group: groups.map((group) => ({
      group,
      comparisons: results.filter((r) => r.group === group).length,
      right: results.filter((r) => r.group === group && r.right).length,
    })),
    wrong: results.filter((r) => !r.right).map((r) => r.text),
    above_median_cities: above.length,
    above_median_with_a: above.filter((x) => isA(x.grade)).length,
    above_median_own_rate: own.length,
    above_median_own_rate_with_a: own.filter((x) => isA(x.grade)).length,
    national_median_violent: nationalMedian,
    unrated_in_a_area: unratedInAArea.length,
    unrated_in_a_area_above_median: unratedInAArea.filter((c) => c.violent_per_100k > nationalMedian).length,
    a_examples: above
      .filter((x) => isA(x.grade))
      .slice(0, 10)
      .map(
        (x) => `${x.c.city}, ${x.c.state} ${x.c.violent_per_100k} → ${x.grade?.display} (${x.grade?.area})`,
      ),
  };
}
