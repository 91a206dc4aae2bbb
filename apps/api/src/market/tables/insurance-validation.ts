/**
 * The insurance estimate against published city averages (`evidence/insurance_cities.csv`, its
 * README): each city's average homeowners premium as a multiple of its state's average in the same
 * source (same quotes, same coverage, same year), against the multiple the estimate gives the city's
 * county over its state (the county's hazard adjustment). Comparing multiples, not dollars, keeps the
 * sources' years and coverages out of it; the state averages themselves are the estimate's inputs and
 * cannot be scored here. Also: how often the range holds the city's premium carried to the estimate's
 * level, and the widening that makes it hold 80 %, fitted with one state left out at a time.
 */
import { MarketDataError } from './errors.js';
import { homeownerPremium, type InsuranceBasis, REFERENCE_COVERAGE } from './insurance.js';
import { readTable } from './table.js';
import { median } from './tax.js';

/** One city's published average homeowners premium. */
export interface InsuranceEvidenceRow {
  readonly state: string;
  readonly city: string;
  readonly county_fips: string;
  readonly annual_premium: number;
  /** the same source's average for the state, at the same coverage */
  readonly state_average: number;
  readonly dwelling_coverage: number;
  readonly source: string;
}

export const INSURANCE_EVIDENCE_COLUMNS = [
  'state',
  'city',
  'county_fips',
  'annual_premium',
  'state_average',
  'dwelling_coverage',
  'source',
  'source_date',
  'page',
] as const;

export function parseInsuranceEvidenceCsv(
  text: string,
  file = 'insurance_cities.csv',
): InsuranceEvidenceRow[] {
  const t = readTable(file, text, INSURANCE_EVIDENCE_COLUMNS);
  return Array.from({ length: t.rowCount }, (_, r) => {
    const positive = (column: 'annual_premium' | 'state_average') => {
      const v = t.num(r, column);
      if (!(v > 0)) throw new MarketDataError(file, r + 1, column, 'must be positive');
      return v;
    };
    return {
      state: t.text(r, 'state'),
      city: t.text(r, 'city'),
      county_fips: t.code(r, 'county_fips', 5),
      annual_premium: positive('annual_premium'),
      state_average: positive('state_average'),
      dwelling_coverage: t.optNum(r, 'dwelling_coverage') ?? REFERENCE_COVERAGE,
      source: t.text(r, 'source'),
    };
  });
}

/** How one way of estimating a city's multiple of its state does on the evidence. */
export interface InsuranceScore {
  /** published multiple ÷ estimated multiple, median */
  readonly median_ratio: number;
  /** share of cities whose published multiple is within ±20 % of the estimated one */
  readonly within_20: number;
  /** median of |log(published ÷ estimated)|, as a factor: 1.15 = typically 15 % off either way */
  readonly typical_factor: number;
}

export interface InsuranceValidation {
  readonly cities: number;
  readonly states: number;
  /** the shipped estimate: the county's hazard against its state's moves its multiple */
  readonly estimate: InsuranceScore;
  /** every city at its state's average (multiple 1), to show what the hazard adjustment adds */
  readonly state_only: InsuranceScore;
  /** share of cities whose premium, carried to the estimate's level, lies inside the shipped range */
  readonly range_holds: number;
  /** … inside the state's published averages alone (the range before its widening) */
  readonly published_range_holds: number;
  /** the widening of the published range (× on its high end, ÷ on its low) that holds 80 % of all */
  readonly widening: number;
  /** how often the range widened by the other states' fit holds a left-out state's cities */
  readonly widened_range_holds_held_out: number;
  /** the cities furthest from the estimate, for the README */
  readonly furthest: readonly string[];
}

/** The share of the published city averages the range is widened to hold (and the shipped one must). */
export const INSURANCE_RANGE_COVERAGE = 0.8;

function score(ratios: readonly number[]): InsuranceScore {
  return {
    median_ratio: median(ratios),
    within_20: ratios.filter((r) => r >= 0.8 && r <= 1.2).length / ratios.length,
    typical_factor: Math.exp(median(ratios.map((r) => Math.abs(Math.log(r))))),
  };
}

interface Case {
  readonly row: InsuranceEvidenceRow;
  /** the city's premium at the estimate's level: its multiple × the estimate's state premium */
  readonly carried: number;
  readonly low: number;
  readonly high: number;
  readonly published_low: number;
  readonly published_high: number;
  /** the estimate's multiple of the state: (state premium + hazard) ÷ state premium */
  readonly multiple: number;
}

/** How far outside the published range a case is, as the widening that just takes it in (1 = inside). */
const neededWidening = (c: Case) => Math.max(1, c.carried / c.published_high, c.published_low / c.carried);

/** The smallest widening that holds `share` of the cases. */
function wideningFor(cases: readonly Case[], share: number): number {
  const needed = cases.map(neededWidening).sort((a, b) => a - b);
  return needed[Math.min(needed.length - 1, Math.ceil(share * needed.length) - 1)] ?? 1;
}

export function validateInsurance(
  rows: readonly InsuranceEvidenceRow[],
  basisOf: (countyFips: string) => InsuranceBasis | null,
): InsuranceValidation {
  const cases: Case[] = rows.flatMap((row) => {
    const basis = basisOf(row.county_fips);
    if (!basis) return [];
    const p = homeownerPremium(basis, row.dwelling_coverage);
    return [
      {
        row,
        carried: (row.annual_premium / row.state_average) * p.state_at_coverage,
        low: p.low,
        high: p.high,
        published_low: p.published_low,
        published_high: p.published_high,
        multiple: p.value / p.state_at_coverage,
      },
    ];
  });
  if (cases.length === 0) throw new Error('no evidence city has an insurance estimate');
  const published = (c: Case) => c.row.annual_premium / c.row.state_average;
  const ratio = (c: Case) => published(c) / c.multiple;
  const states = [...new Set(cases.map((c) => c.row.state))];
  const heldOut = states.flatMap((state) => {
    const k = wideningFor(
      cases.filter((c) => c.row.state !== state),
      INSURANCE_RANGE_COVERAGE,
    );
    return cases.filter((c) => c.row.state === state).map((c) => neededWidening(c) <= k);
  });
  return {
    cities: cases.length,
    states: states.length,
    estimate: score(cases.map(ratio)),
    state_only: score(cases.map(published)),
    range_holds: cases.filter((c) => c.carried >= c.low && c.carried <= c.high).length / cases.length,
    published_range_holds: cases.filter((c) => neededWidening(c) === 1).length / cases.length,
    widening: wideningFor(cases, INSURANCE_RANGE_COVERAGE),
    widened_range_holds_held_out: heldOut.filter(Boolean).length / heldOut.length,
    furthest: [...cases]
      .sort((a, b) => Math.abs(Math.log(ratio(b))) - Math.abs(Math.log(ratio(a))))
      .slice(0, 8)
      .map(
        (c) =>
          `${c.row.city}, ${c.row.state}: ${published(c).toFixed(2)}× its state (${c.row.source}) vs estimate ${c.multiple.toFixed(2)}×`,
      ),
  };
}
