import { MarketDataError, MarketInputError } from './errors.js';
import { SOURCE } from './sources.js';
import { readTable } from './table.js';

/** One row of `mortgage_rates.csv`: Freddie Mac PMMS 30-year fixed rate for a week. */
export interface MortgageRateRow {
  /** Release date, YYYY-MM-DD. */
  readonly date: string;
  /** Percent (6.36 = 6.36%). */
  readonly rate_30y: number;
}

export const MORTGAGE_COLUMNS = ['date', 'rate_30y'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseMortgageRatesCsv(text: string, file = 'mortgage_rates.csv'): MortgageRateRow[] {
  const t = readTable(file, text, MORTGAGE_COLUMNS);
  const rows: MortgageRateRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    const date = t.text(r, 'date').trim();
    if (!ISO_DATE.test(date)) throw new MarketDataError(file, r + 1, 'date', `"${date}" is not YYYY-MM-DD`);
    rows.push({ date, rate_30y: t.num(r, 'rate_30y') });
  }
  return rows;
}

/** Default premium an investor (non-owner-occupied / DSCR) loan pays over the PMMS average. */
export const DEFAULT_INVESTOR_PREMIUM = 0.0075;

export interface InterestRate {
  /** Suggested annual rate for an investor loan, a fraction: PMMS rate / 100 + premium. */
  readonly value: number;
  /** The PMMS 30-year fixed rate, a fraction. */
  readonly base_rate: number;
  readonly investor_premium: number;
  /** PMMS release date of the base rate. */
  readonly date: string;
  readonly source: string;
  readonly vintage: string;
  /** true when FRED's API answered just now (FRED_API_KEY), not the imported week */
  readonly live?: boolean;
}

/** Throws a `MarketInputError` unless 0 ≤ premium ≤ 0.05 (0–500 basis points). */
export function assertInvestorPremium(premium: number): void {
  if (!Number.isFinite(premium) || premium < 0 || premium > 0.05) {
    throw new MarketInputError('investorPremium', 'must be a fraction from 0 to 0.05');
  }
}

/**
 * Default interest rate: the latest PMMS 30-year rate (percent → fraction) plus an investor premium.
 * Returns null for an empty file.
 *
 * @example latest 2026-10-01 at 7.28%, premium 0.0075 → 0.0728 + 0.0075 = 0.0803, vintage '2026-10-01'
 */
export function defaultInterestRate(
  rows: readonly MortgageRateRow[],
  investorPremium: number = DEFAULT_INVESTOR_PREMIUM,
): InterestRate | null {
  assertInvestorPremium(investorPremium);
  let latest: MortgageRateRow | undefined;
  for (const r of rows) if (latest === undefined || r.date > latest.date) latest = r;
  if (latest === undefined) return null;
  const base = latest.rate_30y / 100;
  return {
    value: base + investorPremium,
    base_rate: base,
    investor_premium: investorPremium,
    date: latest.date,
    source: SOURCE.mortgage,
    vintage: latest.date,
  };
}
