/**
 * The offline market rent's fit and its held-out error: Zillow's typical asking rents by ZIP
 * (`evidence/zori_zip_2023_10.csv`) against HUD's 2-bedroom figure for the ZIP, one state at a time
 * left out of the fit and scored.
 */
import { MarketDataError } from './errors.js';
import {
  type AskingRentRules,
  askingRentRules,
  isLowRentCounty,
  type MarketRentBasis,
  twoBedroomAsking,
} from './market-rent.js';
import { readTable } from './table.js';
import { median } from './tax.js';

/** One ZIP of the rent evidence. */
export interface RentEvidenceRow {
  readonly zip: string;
  readonly state: string;
  readonly zori: number;
  /** The county's rent in 2023-10 and 2026-01 from one later release; null where Zillow has none. */
  readonly county_then: number | null;
  readonly county_now: number | null;
}

export const RENT_EVIDENCE_COLUMNS = [
  'zip',
  'state',
  'county_fips',
  'month',
  'zori',
  'county_zori_2023_10',
  'county_zori_2026_01',
] as const;

export function parseRentEvidenceCsv(text: string, file = 'zori_zip_2023_10.csv'): RentEvidenceRow[] {
  const t = readTable(file, text, RENT_EVIDENCE_COLUMNS);
  const rows: RentEvidenceRow[] = [];
  for (let r = 0; r < t.rowCount; r++) {
    const zori = t.num(r, 'zori');
    if (!(zori > 0)) throw new MarketDataError(file, r + 1, 'zori', `must be positive, got ${zori}`);
    rows.push({
      zip: t.code(r, 'zip', 5),
      state: t.text(r, 'state'),
      zori,
      county_then: t.optNum(r, 'county_zori_2023_10'),
      county_now: t.optNum(r, 'county_zori_2026_01'),
    });
  }
  return rows;
}

/**
 * Each ZIP's asking rent brought to 2026-01 by its county's growth within one release, or by the
 * median county growth where the county has none (evidence README).
 */
export function rentsNow(rows: readonly RentEvidenceRow[]): { zip: string; state: string; rent: number }[] {
  const growth = (r: RentEvidenceRow) =>
    r.county_then !== null && r.county_now !== null && r.county_then > 0
      ? r.county_now / r.county_then
      : null;
  const known = rows.flatMap((r) => growth(r) ?? []);
  const typical = known.length > 0 ? median(known) : 1;
  return rows.map((r) => ({ zip: r.zip, state: r.state, rent: r.zori * (growth(r) ?? typical) }));
}

/** One ZIP with its HUD 2-bedroom figure on a basis, its asking rent and its county's median gross rent. */
export interface RentPoint {
  readonly state: string;
  readonly anchor: number;
  readonly rent: number;
  readonly county_rent: number | null;
}

export interface RentFit {
  readonly intercept: number;
  readonly slope: number;
  /** 10th and 90th percentiles of the log residuals */
  readonly low: number;
  readonly high: number;
  readonly points: number;
}

/** The sorted value at ⌊q × n⌋ (the convention the shipped constants were fitted with). */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Least squares of ln(rent) on ln(anchor), and the 10th/90th percentiles of the residuals. */
export function fitRentModel(points: readonly RentPoint[]): RentFit {
  const xs = points.map((p) => Math.log(p.anchor));
  const ys = points.map((p) => Math.log(p.rent));
  const n = points.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    sxy += dx * ((ys[i] ?? 0) - my);
    sxx += dx * dx;
  }
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  const residuals = xs.map((x, i) => (ys[i] ?? 0) - intercept - slope * x).sort((a, b) => a - b);
  return { intercept, slope, low: quantile(residuals, 0.1), high: quantile(residuals, 0.9), points: n };
}

/** The low-rent counties' ratio of asking rent to HUD's figure, and its residuals' percentiles. */
export interface LowRentFit {
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
  readonly points: number;
}

/** The median of asking ÷ HUD over the points in low-rent counties (`LOW_RENT_MODEL`), to 3 places. */
export function fitLowRentRatio(points: readonly RentPoint[]): LowRentFit {
  const low = points.filter((p) => isLowRentCounty(p.county_rent));
  const ratio = Math.round(median(low.map((p) => p.rent / p.anchor)) * 1000) / 1000;
  const residuals = low.map((p) => Math.log(p.rent / (p.anchor * ratio))).sort((a, b) => a - b);
  return { ratio, low: quantile(residuals, 0.1), high: quantile(residuals, 0.9), points: low.length };
}

/** A point's estimate by a set of rules, as a ratio to its asking rent, and whether its range holds it. */
function scored(rules: AskingRentRules, p: RentPoint): { ratio: number; inside: boolean } {
  const two = twoBedroomAsking(rules, p.anchor, isLowRentCounty(p.county_rent));
  const residual = Math.log(p.rent / two.rent);
  return { ratio: two.rent / p.rent, inside: residual >= two.low && residual <= two.high };
}

export interface RentScore {
  readonly zips: number;
  /** median of estimate ÷ asking rent */
  readonly median_ratio: number;
  /** share of ZIPs whose estimate is within ±15 % of the asking rent */
  readonly within_15: number;
  /** share of asking rents inside the estimate's range */
  readonly coverage: number;
}

function score(cases: readonly { ratio: number; inside: boolean }[]): RentScore {
  return {
    zips: cases.length,
    median_ratio: median(cases.map((c) => c.ratio)),
    within_15: cases.filter((c) => c.ratio >= 0.85 && c.ratio <= 1.15).length / cases.length,
    coverage: cases.filter((c) => c.inside).length / cases.length,
  };
}

/**
 * Leaves each state out in turn, fits on the rest and scores the 2-bedroom estimate on the state:
 * every ZIP, the ZIPs of low-rent counties, and those again by the line alone (what the low-rent
 * ratio is measured against).
 */
export function leaveStateOut(points: readonly RentPoint[]): {
  all: RentScore;
  low_rent: RentScore;
  low_rent_by_line: RentScore;
} {
  const cases: { ratio: number; inside: boolean; lowRent: boolean }[] = [];
  const byLine: { ratio: number; inside: boolean }[] = [];
  const never = { ratio: Number.POSITIVE_INFINITY, low: 0, high: 0 };
  for (const state of new Set(points.map((p) => p.state))) {
    const rest = points.filter((p) => p.state !== state);
    const [line, lowRent] = [fitRentModel(rest), fitLowRentRatio(rest)];
    for (const p of points.filter((q) => q.state === state)) {
      const lowCounty = isLowRentCounty(p.county_rent);
      cases.push({ ...scored({ line, lowRent }, p), lowRent: lowCounty });
      if (lowCounty) byLine.push(scored({ line, lowRent: never }, p));
    }
  }
  return {
    all: score(cases),
    low_rent: score(cases.filter((c) => c.lowRent)),
    low_rent_by_line: score(byLine),
  };
}

export interface RentValidation {
  readonly basis: MarketRentBasis;
  /** The fit on every ZIP (what `MARKET_RENT_MODEL` should hold). */
  readonly fit: RentFit;
  /** The low-rent counties' ratio on every ZIP (what `LOW_RENT_MODEL` should hold). */
  readonly low_rent_fit: LowRentFit;
  /** The held-out score, a state at a time. */
  readonly held_out: RentScore;
  /** The same for the ZIPs of low-rent counties, with the ratio and by the line alone. */
  readonly held_out_low_rent: RentScore;
  readonly held_out_low_rent_by_line: RentScore;
  /** The shipped constants scored on every ZIP (in-sample). */
  readonly shipped: RentScore;
}

/**
 * Fits and scores both bases: `anchors(zip)` gives the ZIP's SAFMR and area FMR for 2 bedrooms (null
 * where HUD has none) and its county's median gross rent; a ZIP is scored on a basis when it has
 * that figure.
 */
export function validateMarketRent(
  evidence: readonly RentEvidenceRow[],
  anchors: (zip: string) => { safmr: number | null; fmr: number | null; county_rent: number | null } | null,
): RentValidation[] {
  const now = rentsNow(evidence);
  return (['safmr', 'fmr'] as const).map((basis) => {
    const points = now.flatMap((r) => {
      const found = anchors(r.zip);
      const anchor = found?.[basis] ?? null;
      return anchor === null
        ? []
        : [{ state: r.state, anchor, rent: r.rent, county_rent: found?.county_rent ?? null }];
    });
    const shipped = score(points.map((p) => scored(askingRentRules(basis), p)));
    const held = leaveStateOut(points);
    return {
      basis,
      fit: fitRentModel(points),
      low_rent_fit: fitLowRentRatio(points),
      held_out: held.all,
      held_out_low_rent: held.low_rent,
      held_out_low_rent_by_line: held.low_rent_by_line,
      shipped,
    };
  });
}
