/**
 * What a refreshed file must show before it is used: enough rows, sane rents, and the published
 * values it must reproduce (`checks/fmr_fy<YYYY>_checkpoints.csv` in the shared data: HUD figures
 * quoted publicly for that year).
 */
import { parseCsv } from '../tables/csv.js';
import type { FmrRow, SafmrRow } from '../tables/fmr.js';
import type { MortgageRateRow } from '../tables/mortgage.js';
import { latestWeek } from './rates.js';

/** Fewer rows than these and the file is not HUD's whole release. */
export const MIN_FMR_ROWS = 3_000;
export const MIN_SAFMR_ROWS = 20_000;
/** A monthly rent outside these bounds is a column read wrong, not a rent. */
const RENT_BOUNDS = { low: 200, high: 12_000 } as const;

export interface CheckResult {
  readonly ok: boolean;
  /** each problem in a sentence */
  readonly problems: readonly string[];
  /** each checkpoint compared, for the log */
  readonly checked: readonly string[];
}

const rentsOf = (r: FmrRow | SafmrRow): number[] =>
  'fmr_0' in r
    ? [r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4]
    : [r.safmr_0, r.safmr_1, r.safmr_2, r.safmr_3, r.safmr_4];

function scheduleProblems(rows: readonly (FmrRow | SafmrRow)[], what: string): string[] {
  const problems: string[] = [];
  for (const r of rows) {
    const rents = rentsOf(r);
    const key = 'hud_area_code' in r ? r.hud_area_code : r.zip;
    if (rents.some((v) => !(v >= RENT_BOUNDS.low && v <= RENT_BOUNDS.high))) {
      problems.push(
        `${what} ${key}: a rent outside $${RENT_BOUNDS.low}–$${RENT_BOUNDS.high} (${rents.join('/')})`,
      );
    } else if (rents.some((v, i) => i > 0 && v < (rents[i - 1] ?? 0))) {
      problems.push(`${what} ${key}: rents fall as bedrooms rise (${rents.join('/')})`);
    }
    if (problems.length >= 10) break;
  }
  return problems;
}

/**
 * The FMR file's checks: row count, rents, and every checkpoint of `checkpoints` (the CSV text of
 * `fmr_fy<fy>_checkpoints.csv`: `example_county_fips`, `bedrooms`, `fy<fy>_fmr`) reproduced exactly.
 */
export function checkFmr(rows: readonly FmrRow[], fy: number, checkpoints: string | null): CheckResult {
  const problems: string[] = [];
  const checked: string[] = [];
  if (rows.length < MIN_FMR_ROWS)
    problems.push(`only ${rows.length} FMR rows (HUD's file has over ${MIN_FMR_ROWS})`);
  if (rows.some((r) => r.fy !== fy)) problems.push(`rows of a fiscal year other than FY${fy}`);
  problems.push(...scheduleProblems(rows, 'FMR row'));
  if (checkpoints !== null) {
    const [header = [], ...body] = parseCsv(checkpoints);
    const col = (name: string) => header.findIndex((h) => h.trim() === name);
    const [county, bedrooms, expected, area] = [
      col('example_county_fips'),
      col('bedrooms'),
      col(`fy${fy}_fmr`),
      col('hud_area_name'),
    ];
    if (county < 0 || bedrooms < 0 || expected < 0) {
      problems.push(`the checkpoints file has no example_county_fips, bedrooms and fy${fy}_fmr columns`);
    } else {
      for (const c of body) {
        const fips = (c[county] ?? '').padStart(5, '0');
        const b = Number(c[bedrooms]);
        const want = Number(c[expected]);
        const row = rows.find((r) => r.county_fips === fips);
        const got = row ? rentsOf(row)[b] : undefined;
        const label = `${c[area] ?? fips} ${b} BR: FY${fy} ${want}`;
        if (got === want) checked.push(`${label} ✓`);
        else problems.push(`${label} published, ${got ?? 'no row'} in the file`);
      }
    }
  }
  return { ok: problems.length === 0, problems, checked };
}

/** The SAFMR file's checks: row count and rents. */
export function checkSafmr(rows: readonly SafmrRow[]): CheckResult {
  const problems: string[] = [];
  if (rows.length < MIN_SAFMR_ROWS) {
    problems.push(`only ${rows.length} Small Area FMR ZIPs (HUD's file has over ${MIN_SAFMR_ROWS})`);
  }
  problems.push(...scheduleProblems(rows, 'ZIP'));
  return { ok: problems.length === 0, problems, checked: [] };
}

/** The rate file's checks: no week later than today, none missing for more than a month at its end. */
export function checkRates(
  rows: readonly MortgageRateRow[],
  known: readonly MortgageRateRow[],
  today: Date,
): CheckResult {
  const problems: string[] = [];
  const latest = latestWeek(rows) ?? '';
  const knownLatest = latestWeek(known) ?? '';
  if (latest > today.toISOString().slice(0, 10)) problems.push(`a week in the future (${latest})`);
  if (latest < knownLatest)
    problems.push(`its latest week (${latest}) is older than the one already known (${knownLatest})`);
  return { ok: problems.length === 0, problems, checked: latest ? [`latest week ${latest}`] : [] };
}
