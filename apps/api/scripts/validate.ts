/**
 * How the market estimates do on evidence held out from their fitting, printed, and checked against
 * the targets the market README states (exit 1 when one falls short):
 *
 *   pnpm --filter @sfr/api validate:market [dir]
 *
 * `dir` defaults to $MARKET_DATA_DIR, else <repo root>/../shared/data/market. The evidence the
 * estimates are scored on is in src/market/evidence/ (its README says where each file comes from).
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildMarketData,
  loadMarketDir,
  parseRentEvidenceCsv,
  validateAppreciation,
  validateMarketRent,
} from '../src/market/index.js';

/** The floors the market README promises; CI fails below them. */
export const TARGETS = {
  rent: {
    /** 2-bedroom estimate ÷ typical asking rent, median, held out by state */
    medianRatio: { low: 0.92, high: 1.08 },
    /** share of held-out ZIPs within ±15 % (SAFMR basis, where the typical ZIP is) */
    within15: 0.6,
    /** share of held-out asking rents inside the range, each basis */
    coverage: 0.75,
  },
  appreciation: {
    /** share of realised 5-year averages inside the range, periods held out */
    coverage: 0.7,
  },
} as const;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const dir = resolve(
  process.argv[2] ?? process.env.MARKET_DATA_DIR ?? resolve(repoRoot, '../shared/data/market'),
);

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const points = (x: number) => `${(100 * x).toFixed(2)} points`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const loaded = await loadMarketDir(dir);
if (!loaded.ok) {
  console.error(`market data not usable in ${dir}: ${loaded.reason} ${JSON.stringify(loaded.missing)}`);
  process.exit(1);
}
const market = buildMarketData(loaded.data);

console.log('\nMarket rent (2 bedrooms) against Zillow typical asking rents, 2026-01, held out by state');
const evidence = parseRentEvidenceCsv(
  await readFile(resolve(here, '../src/market/evidence/zori_zip_2023_10.csv'), 'utf8'),
);
const rent = validateMarketRent(evidence, (zip) => {
  const main = market.zip(zip)?.[0];
  return main ? { safmr: main.safmr_2, fmr: main.fmr_2 } : null;
});
for (const v of rent) {
  const { fit, held_out: h, shipped: s } = v;
  console.log(
    `  ${v.basis.padEnd(5)} ${h.zips} ZIPs: fit ln(rent) = ${fit.intercept.toFixed(4)} + ${fit.slope.toFixed(4)} ln(HUD 2 BR), residuals ${fit.low.toFixed(4)} … ${fit.high.toFixed(4)}`,
  );
  console.log(
    `        held out: median ratio ${h.median_ratio.toFixed(3)}, within ±15 % ${pct(h.within_15)}, range holds ${pct(h.coverage)}; shipped constants in-sample: ${s.median_ratio.toFixed(3)}, ${pct(s.within_15)}, ${pct(s.coverage)}`,
  );
  const { medianRatio, within15, coverage } = TARGETS.rent;
  check(
    h.median_ratio >= medianRatio.low && h.median_ratio <= medianRatio.high,
    `${v.basis}: median ratio within ${medianRatio.low}–${medianRatio.high}`,
  );
  if (v.basis === 'safmr')
    check(h.within_15 >= within15, `${v.basis}: at least ${pct(within15)} within ±15 %`);
  check(h.coverage >= coverage, `${v.basis}: the range holds at least ${pct(coverage)}`);
}

console.log('\nAppreciation: next-5-year average from each county’s history (FHFA), periods held out');
const appreciation = validateAppreciation(loaded.data.hpiCounty);
console.log(
  `  ${appreciation.cases} county-periods; mean absolute error ${points(appreciation.shipped_error)} a year (flat 3 %: ${points(appreciation.constant_3pct_error)})`,
);
for (const b of appreciation.blends) {
  console.log(`    county weight ${b.county_weight.toFixed(2)}: ${points(b.mean_abs_error)}`);
}
for (const h of appreciation.held_out) {
  console.log(
    `    ${h.origin}: ${h.cases} counties, ±${h.sigmas} σ fitted on the others holds ${pct(h.coverage)}`,
  );
}
console.log(
  `  range holds ${pct(appreciation.coverage)} of held-out periods; fitted on all: ±${appreciation.fitted_sigmas} σ`,
);
check(
  appreciation.coverage >= TARGETS.appreciation.coverage,
  `appreciation: the range holds at least ${pct(TARGETS.appreciation.coverage)}`,
);

if (failures.length > 0) {
  console.error(`\n${failures.length} target(s) not met`);
  process.exit(1);
}
console.log('\nevery target met');
