/**
 * Market-data coverage report: the share of distinct crosswalk ZIPs that resolve to a HUD rent, both
 * crime grades and a property-tax rate, and the main causes of misses.
 *
 *   npx tsx scripts/coverage.ts [dir]
 *
 * `dir` defaults to $MARKET_DATA_DIR, else <repo root>/../shared/data/market.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildMarketData,
  type CrimeCountyRow,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  type MarketData,
  type ZipMarketLookup,
} from '../src/market/index.js';

const BEDROOMS = 3;
const NO_RATE = 'county has no rate in 2021–2023 (no agency reported to NIBRS, or suppressed by Urban)';
const TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = resolve(
  process.argv[2] ?? process.env.MARKET_DATA_DIR ?? resolve(repoRoot, '../shared/data/market'),
);

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(2)}%`;
const line = (label: string, n: number, d: number) =>
  console.log(`  ${label.padEnd(44)} ${String(n).padStart(6)} / ${d}  ${pct(n, d).padStart(7)}`);

function tally(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function printCauses(title: string, counts: Map<string, number>): void {
  if (counts.size === 0) return;
  console.log(`  ${title}:`);
  for (const [cause, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${String(n).padStart(6)}  ${cause}`);
  }
}

/** Why a ZIP has no crime grade of `kind`. */
function crimeMissCause(
  r: ZipMarketLookup,
  crimeByCounty: ReadonlyMap<string, readonly CrimeCountyRow[]>,
  kind: 'violent' | 'property',
): string {
  if (TERRITORIES.has(r.state_code)) return `territory (${r.state_code}): not in the crime file`;
  const rows = crimeByCounty.get(r.county_fips);
  if (!rows) return 'county absent from crime_county.csv';
  const rate = (x: CrimeCountyRow) => (kind === 'violent' ? x.violent_per_100k : x.property_per_100k);
  if (rows.every((x) => rate(x) === null)) {
    if (r.county_fips.startsWith('09') && rows.some((x) => x.year === 2022))
      return 'CT planning region, 2022 gap';
    return NO_RATE;
  }
  return 'no reference distribution for the year';
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const loaded = await loadMarketDir(dir);
  const tLoad = performance.now();
  if (!loaded.ok) {
    console.log(`Market data not loaded from ${dir}: ${loaded.reason}`);
    for (const f of loaded.missing) console.log(`  missing: ${f}`);
    for (const p of loaded.invalid) console.log(`  invalid: ${p.file}: ${p.message}`);
    process.exitCode = 1;
    return;
  }
  const gazetteer = await loadZipcodesUsGazetteer();
  const tGaz = performance.now();
  const market: MarketData = buildMarketData(loaded.data, { gazetteer });
  const tBuild = performance.now();

  console.log(`Market data: ${dir}`);
  for (const f of loaded.files) {
    console.log(
      `  ${f.file.padEnd(28)} ${String(f.rows).padStart(6)} rows ${(f.bytes / 1024).toFixed(0).padStart(5)} KB ` +
        `${f.ms.toFixed(0).padStart(4)} ms  sha256 ${f.sha256.slice(0, 12)}  ${f.vintage}`,
    );
  }
  for (const f of loaded.missingOptional) console.log(`  (optional file absent: ${f})`);
  console.log(
    `Timing: read+parse ${(tLoad - t0).toFixed(0)} ms, gazetteer ${(tGaz - tLoad).toFixed(0)} ms, ` +
      `derive+index ${(tBuild - tGaz).toFixed(0)} ms, total ${(tBuild - t0).toFixed(0)} ms`,
  );

  const crimeByCounty = new Map<string, CrimeCountyRow[]>();
  for (const r of loaded.data.crimeCounty) {
    const list = crimeByCounty.get(r.county_fips);
    if (list) list.push(r);
    else crimeByCounty.set(r.county_fips, [r]);
  }

  const zips = market.zipRows.map((z) => z.zip);
  const total = zips.length;
  let hud = 0;
  let safmrApplies = 0;
  let market_ = 0;
  let violent = 0;
  let property = 0;
  let both = 0;
  let unreliable = 0;
  let coords = 0;
  let all = 0;
  let allCountyTax = 0;
  const tax = new Map<string, number>();
  const hudMiss = new Map<string, number>();
  const crimeMiss = new Map<string, number>();
  const noRateStates = new Map<string, number>();
  const ctYears = new Map<string, number>();
  const taxFallback = new Map<string, number>();
  const fmrBasis = new Map<string, number>();

  for (const zip of zips) {
    const r = market.lookupZip(zip, BEDROOMS);
    if (r === null) continue;
    if (r.hud_rent) {
      hud += 1;
      if (r.hud_rent.applies === 'safmr') safmrApplies += 1;
      tally(fmrBasis, r.hud_rent.fmr_basis);
    } else {
      tally(
        hudMiss,
        `${TERRITORIES.has(r.state_code) ? 'territory' : 'state'} ${r.state_code}: county ${r.county_fips} has no FMR row`,
      );
    }
    if (r.market_rent) market_ += 1;
    if (r.lat !== null) coords += 1;
    if (r.violent_crime_grade) violent += 1;
    else {
      const cause = crimeMissCause(r, crimeByCounty, 'violent');
      tally(crimeMiss, cause);
      if (cause === NO_RATE) tally(noRateStates, r.state_code);
    }
    if (r.state_code === 'CT' && r.violent_crime_grade) tally(ctYears, String(r.violent_crime_grade.year));
    if (r.property_crime_grade) property += 1;
    const grades = r.violent_crime_grade !== null && r.property_crime_grade !== null;
    if (grades) both += 1;
    if (r.violent_crime_grade && !r.violent_crime_grade.reliable) unreliable += 1;
    tally(tax, r.property_tax_rate.level);
    if (r.property_tax_rate.level !== 'county') {
      tally(taxFallback, `${r.property_tax_rate.level}: ${r.state_code} county ${r.county_fips}`);
    }
    if (r.hud_rent && grades) {
      all += 1;
      if (r.property_tax_rate.level === 'county') allCountyTax += 1;
    }
  }

  console.log(`\nCoverage of ${total} distinct crosswalk ZIPs (bedrooms = ${BEDROOMS}):`);
  line('HUD rent', hud, total);
  line('  of which SAFMR applies (mandatory area)', safmrApplies, total);
  line('market-rent estimate', market_, total);
  line('violent crime grade', violent, total);
  line('property crime grade', property, total);
  line('both crime grades', both, total);
  line('  of which quality-3 only (flagged unreliable)', unreliable, total);
  line('property-tax rate (any level)', total, total);
  line('  county level', tax.get('county') ?? 0, total);
  line('  state median fallback', tax.get('state') ?? 0, total);
  line('  default 0.01', tax.get('default') ?? 0, total);
  line('coordinates (gazetteer)', coords, total);
  line('ALL: HUD rent + both grades + tax (any)', all, total);
  line('ALL with county-level tax', allCountyTax, total);

  console.log('\nHUD FMR row used:');
  for (const [basis, n] of [...fmrBasis].sort((a, b) => b[1] - a[1])) line(basis, n, total);

  console.log('\nCauses of misses:');
  printCauses('HUD rent', hudMiss);
  printCauses('crime grades (violent; property misses are the same counties)', crimeMiss);
  const byState = [...noRateStates].sort((a, b) => b[1] - a[1]);
  console.log(`    no-rate ZIPs by state: ${byState.map(([st, n]) => `${st} ${n}`).join(', ')}`);
  console.log(
    `    CT 2022 gap: ${crimeMiss.get('CT planning region, 2022 gap') ?? 0} ZIPs missed; CT ZIPs graded by year: ` +
      `${[...ctYears].map(([y, n]) => `${y} ${n}`).join(', ')}`,
  );
  const fallbackByCause = new Map<string, number>();
  for (const [k, n] of taxFallback) {
    const level = k.split(':')[0] ?? k;
    const st = k.split(':')[1]?.trim().split(' ')[0] ?? '';
    const key = `${level === 'state' ? 'state median' : 'default 0.01'}: ${TERRITORIES.has(st) ? 'territory' : 'county suppressed in ACS'} (${st})`;
    fallbackByCause.set(key, (fallbackByCause.get(key) ?? 0) + n);
  }
  printCauses('property-tax fallbacks (not misses)', fallbackByCause);
}

await main();
