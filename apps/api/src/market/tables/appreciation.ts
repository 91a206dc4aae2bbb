/**
 * The default annual price appreciation, from FHFA's county house-price index
 * (`fhfa_hpi_county_annual.csv`, SOURCES.md §9): half the county's own 30-year rate and half the
 * national one, with a range from how volatile the county's prices have been. Why no more weight on
 * the county's own trend, and how wide the range must be, come from a backtest on FHFA's own history
 * (`validateAppreciation`; market README, "Appreciation").
 */
import { MarketDataError } from './errors.js';
import { SOURCE } from './sources.js';
import { readTable } from './table.js';
import { median } from './tax.js';

/** One row of `fhfa_hpi_county_annual.csv`: a county's annual all-transactions index. */
export interface HpiCountyRow {
  readonly county_fips: string;
  readonly state: string;
  readonly year: number;
  /** Index, base 100 in the county's first year: only ratios within one county mean anything. */
  readonly hpi: number;
}

export const HPI_COLUMNS = [
  'county_fips',
  'state',
  'county_name',
  'year',
  'hpi',
  'annual_change_pct',
] as const;

export function parseHpiCountyCsv(text: string, file = 'fhfa_hpi_county_annual.csv'): HpiCountyRow[] {
  const t = readTable(file, text, HPI_COLUMNS);
  const rows: HpiCountyRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    const hpi = t.num(r, 'hpi');
    if (!(hpi > 0)) throw new MarketDataError(file, r + 1, 'hpi', `must be positive, got ${hpi}`);
    rows.push({
      county_fips: t.code(r, 'county_fips', 5),
      state: t.text(r, 'state'),
      year: t.int(r, 'year'),
      hpi,
    });
  }
  return rows;
}

/** Years of history behind the national rate and each county's volatility. */
export const APPRECIATION_WINDOW_YEARS = 30;

/**
 * Half-width of the range in county standard deviations of annual price change: the smallest that
 * holds 80 % of the realised 5-year averages of FHFA's history (`validateAppreciation`; its
 * leave-one-period-out coverage is in the market README, "Appreciation").
 */
export const APPRECIATION_RANGE_SIGMAS = 1.55;

/**
 * Weight on the county's own long-run rate; the rest is on the national rate. In the backtest every
 * weight from 0 to 1 predicted the next 5 years about equally badly (market README, "Appreciation"),
 * so half and half: the county's long-run character shows without betting the deal on it.
 */
export const APPRECIATION_COUNTY_WEIGHT = 0.5;

/** The default is kept within these bounds whatever a future file says (market README). */
export const APPRECIATION_BOUNDS = { low: 0.01, high: 0.05 } as const;

/** A county needs this many annual changes in the window for its own volatility. */
const MIN_CHANGES = 10;

export type AppreciationLevel = 'county' | 'state';

export interface Appreciation {
  /** Default annual appreciation, a fraction a year. */
  readonly value: number;
  /** The range a 5-year average landed in 4 times out of 5 in the backtest, from the county's volatility. */
  readonly low: number;
  readonly high: number;
  /** Whose history sets the figure: the county's own, else its state's median county. */
  readonly level: AppreciationLevel;
  /** The long-run (30-year) compound annual rate of the county (or its state's median county). */
  readonly long_run_rate: number;
  /** The national long-run rate it is blended with. */
  readonly national_rate: number;
  /** The county's own last 10 years, for context (not used in the figure); null when the index lacks them. */
  readonly county_cagr_10y: number | null;
  /** Standard deviation of the annual changes behind the range. */
  readonly volatility: number;
  /** The index's latest year. */
  readonly year: number;
  readonly source: string;
  readonly vintage: string;
}

/**
 * Compound annual growth from `from` to `to`, or null when either year is missing.
 *
 * @example cagr(new Map([[1994, 100], [2024, 200]]), 1994, 2024) → 2^(1/30) − 1 = 0.02337
 */
export function cagr(index: ReadonlyMap<number, number>, from: number, to: number): number | null {
  const a = index.get(from);
  const b = index.get(to);
  return a === undefined || b === undefined ? null : (b / a) ** (1 / (to - from)) - 1;
}

/** Population standard deviation of the annual changes in (to − window, to], or null with too few. */
export function annualVolatility(
  index: ReadonlyMap<number, number>,
  to: number,
  window: number,
): number | null {
  const changes: number[] = [];
  for (let y = to - window + 1; y <= to; y++) {
    const a = index.get(y - 1);
    const b = index.get(y);
    if (a !== undefined && b !== undefined) changes.push(b / a - 1);
  }
  if (changes.length < MIN_CHANGES) return null;
  const mean = changes.reduce((s, c) => s + c, 0) / changes.length;
  return Math.sqrt(changes.reduce((s, c) => s + (c - mean) ** 2, 0) / changes.length);
}

/** 'FHFA county HPI, 1994–2024': the years behind a figure. */
export const appreciationVintage = (year: number, window = APPRECIATION_WINDOW_YEARS): string =>
  `FHFA county HPI, ${year - window}–${year}`;

/** Each county's index by year. */
export function hpiByCounty(rows: readonly HpiCountyRow[]): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const index = out.get(r.county_fips);
    if (index) index.set(r.year, r.hpi);
    else out.set(r.county_fips, new Map([[r.year, r.hpi]]));
  }
  return out;
}

/**
 * The national long-run rate at `year`: the median over counties of the compound annual change over
 * the `window` years to `year`, kept within `APPRECIATION_BOUNDS`. Null when no county has both years.
 *
 * @example FHFA 1994–2024, 1,981 counties: median 3.82 %/yr → 0.0382
 */
export function nationalRate(
  counties: ReadonlyMap<string, ReadonlyMap<number, number>>,
  year: number,
  window = APPRECIATION_WINDOW_YEARS,
): number | null {
  const rates: number[] = [];
  for (const index of counties.values()) {
    const r = cagr(index, year - window, year);
    if (r !== null) rates.push(r);
  }
  if (rates.length === 0) return null;
  return Math.min(APPRECIATION_BOUNDS.high, Math.max(APPRECIATION_BOUNDS.low, median(rates)));
}

/** The index's latest year: the last one at least half as many counties report as the best year. */
function latestYear(counties: ReadonlyMap<string, ReadonlyMap<number, number>>): number | null {
  const perYear = new Map<number, number>();
  for (const index of counties.values())
    for (const y of index.keys()) perYear.set(y, (perYear.get(y) ?? 0) + 1);
  const most = Math.max(0, ...perYear.values());
  const years = [...perYear].filter(([, n]) => n * 2 >= most).map(([y]) => y);
  return years.length === 0 ? null : Math.max(...years);
}

export interface AppreciationIndex {
  /** The county's appreciation (its state's figures where its own history is short); null without them. */
  forCounty(countyFips: string): Appreciation | null;
  /** The national long-run rate, within `APPRECIATION_BOUNDS`. */
  readonly national: number | null;
  readonly year: number | null;
}

/** Median of each state's county values. */
function stateMedians(values: ReadonlyMap<string, number>): Map<string, number> {
  const byState = new Map<string, number[]>();
  for (const [fips, v] of values) {
    const list = byState.get(fips.slice(0, 2));
    if (list) list.push(v);
    else byState.set(fips.slice(0, 2), [v]);
  }
  return new Map([...byState].map(([st, list]) => [st, median(list)]));
}

const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));

/**
 * Appreciation as known at `year` from `window` years of history (30 for the default; the backtest
 * uses fewer where the index is younger): half the county's own long-run rate and half the national
 * one, kept within `APPRECIATION_BOUNDS`; range ± `APPRECIATION_RANGE_SIGMAS` standard deviations of
 * the county's annual changes, within the model's bounds for appreciation (−50 % … 100 %). A county
 * with less than the window's history takes its state's median county rate and volatility.
 *
 * @example Travis 48453 at 2024: own 1994–2024 rate 5.62 %, national 3.82 % → 0.5 × 5.62 + 0.5 × 3.82
 *   = 4.72 %; volatility 6.19 % → range 4.72 ± 1.55 × 6.19 = −4.87 % … 14.31 %
 */
export function appreciationAt(
  counties: ReadonlyMap<string, ReadonlyMap<number, number>>,
  year: number,
  window = APPRECIATION_WINDOW_YEARS,
  sigmas = APPRECIATION_RANGE_SIGMAS,
): AppreciationIndex {
  const national = nationalRate(counties, year, window);
  const longRun = new Map<string, number>();
  const volatility = new Map<string, number>();
  for (const [fips, index] of counties) {
    const rate = cagr(index, year - window, year);
    const v = annualVolatility(index, year, window);
    if (rate !== null && v !== null) {
      longRun.set(fips, rate);
      volatility.set(fips, v);
    }
  }
  const stateRate = stateMedians(longRun);
  const stateVolatility = stateMedians(volatility);
  return {
    national,
    year,
    forCounty(countyFips) {
      if (national === null) return null;
      const own = longRun.get(countyFips);
      const state = countyFips.slice(0, 2);
      const rate = own ?? stateRate.get(state);
      const sigma = volatility.get(countyFips) ?? stateVolatility.get(state);
      if (rate === undefined || sigma === undefined) return null;
      const value = clamp(
        APPRECIATION_COUNTY_WEIGHT * rate + (1 - APPRECIATION_COUNTY_WEIGHT) * national,
        APPRECIATION_BOUNDS.low,
        APPRECIATION_BOUNDS.high,
      );
      const index = counties.get(countyFips);
      return {
        value,
        low: Math.max(-0.5, value - sigmas * sigma),
        high: Math.min(1, value + sigmas * sigma),
        level: own === undefined ? 'state' : 'county',
        long_run_rate: rate,
        national_rate: national,
        county_cagr_10y: index ? cagr(index, year - 10, year) : null,
        volatility: sigma,
        year,
        source: SOURCE.appreciation,
        vintage: appreciationVintage(year, window),
      };
    },
  };
}

/** The default: appreciation at the index's latest year, from 30 years of history. */
export function buildAppreciationIndex(rows: readonly HpiCountyRow[]): AppreciationIndex {
  const counties = hpiByCounty(rows);
  const year = latestYear(counties);
  if (year === null) return { national: null, year: null, forCounty: () => null };
  return appreciationAt(counties, year);
}
