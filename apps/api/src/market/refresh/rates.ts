/**
 * Freddie Mac's 30-year rate (FRED series MORTGAGE30US) turned into `mortgage_rates.csv` (SOURCES.md
 * §8): FRED's CSV download (`observation_date,MORTGAGE30US`, or `DATE,…` in older files) or its
 * API's JSON (`{ observations: [{ date, value }] }`, "." for a missing week), merged over the weeks
 * already known so the history stays whole.
 */
import { parseCsv } from '../tables/csv.js';
import { type MortgageRateRow, parseMortgageRatesCsv } from '../tables/mortgage.js';
import { RefreshError } from './hud.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The latest week of a rate file (its rows need not be in order), or null when it has none. */
export const latestWeek = (rows: readonly { readonly date: string }[]): string | null =>
  rows.reduce<string | null>((latest, r) => (latest === null || r.date > latest ? r.date : latest), null);

/** The weeks of a FRED download (CSV or API JSON), oldest first; missing weeks ('.') are skipped. */
export function fredObservations(content: string, name: string): MortgageRateRow[] {
  const trimmed = content.trim();
  let pairs: [string, string][];
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw new RefreshError(`${name} is not FRED's JSON`);
    }
    const observations = (json as { observations?: unknown }).observations;
    if (!Array.isArray(observations))
      throw new RefreshError(`${name} has no "observations" (FRED's API answer)`);
    pairs = observations.map((o) => [String(o?.date ?? ''), String(o?.value ?? '')]);
  } else {
    const [header = [], ...rows] = parseCsv(trimmed.replace(/^\uFEFF/, ''));
    const date = header.findIndex((h) => /^(observation_date|date)$/i.test(h.trim()));
    const value = header.findIndex((h) => /^mortgage30us$/i.test(h.trim()));
    if (date < 0 || value < 0) {
      throw new RefreshError(
        `${name} lacks the observation_date and MORTGAGE30US columns of FRED's download`,
      );
    }
    pairs = rows.map((r) => [r[date] ?? '', r[value] ?? '']);
  }
  const out: MortgageRateRow[] = [];
  for (const [date, value] of pairs) {
    if (value.trim() === '.' || value.trim() === '') continue;
    const rate = Number(value);
    if (!ISO_DATE.test(date) || !Number.isFinite(rate) || rate <= 0 || rate >= 30) {
      throw new RefreshError(`${name}: "${date}, ${value}" is not a week's rate in percent`);
    }
    out.push({ date, rate_30y: rate });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The known weeks with FRED's laid over them (FRED's value wins a week both have), as
 * `mortgage_rates.csv`, from 2000 on as the shared file keeps them.
 *
 * @example known …2026-10-01 7.28, FRED 2026-10-08 7.19 → …, 2026-10-01 7.28, 2026-10-08 7.19
 */
export function mortgageFile(
  known: readonly MortgageRateRow[],
  fred: readonly MortgageRateRow[],
): { readonly name: string; readonly text: string; readonly rows: readonly MortgageRateRow[] } {
  const byDate = new Map(known.map((r) => [r.date, r.rate_30y]));
  for (const r of fred) byDate.set(r.date, r.rate_30y);
  const rows = [...byDate]
    .filter(([date]) => date >= '2000-01-01')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = `date,rate_30y\n${rows.map(([d, r]) => `${d},${r}`).join('\n')}\n`;
  return { name: 'mortgage_rates.csv', text, rows: parseMortgageRatesCsv(text) };
}
