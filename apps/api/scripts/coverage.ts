/**
 * Market-data coverage report: HUD rent, where the offline market rent starts and how often HUD's is above it,
 * crime grades by tier (share of crosswalk ZIPs and of people), the crime estimate's validation
 * error, and the investor tax rule of every state.
 *
 *   pnpm --filter @sfr/api coverage:market [dir]
 *
 * `dir` defaults to $MARKET_DATA_DIR, else <repo root>/../shared/data/market.
 */

import { MARKET_TABLES_DIR } from '../src/config.js';
import {
  BEST_GRADE_FOR_UNRATED_CITY,
  buildMarketData,
  type CrimeKind,
  gradeOfRow,
  INVESTOR_TAX_RULES,
  insuranceEstimate,
  insuranceOfRow,
  investorTaxRate,
  investorTaxRule,
  loadMarketDir,
  loadZipcodesUsGazetteer,
  type MarketCountyRow,
  type MarketData,
  type MarketZipRow,
  partYearCounties,
  placeShortName,
  STATE_FIPS_50_DC,
  STATES_50_DC,
  taxEvidenceCases,
  validateCrimeModel,
  WIND_POOLS,
} from '../src/market/tables/index.js';
import { marketDirArgument, reportUnusableMarketDir } from './market-dir.js';

const dir = marketDirArgument('coverage:market');

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(2)}%`;
const line = (label: string, n: number, d: number) =>
  console.log(
    `  ${label.padEnd(46)} ${String(Math.round(n)).padStart(10)} / ${Math.round(d)}  ${pct(n, d).padStart(7)}`,
  );

/**
 * HUD rent, what the market rent starts from (the ZIP's SAFMR or the area FMR), and how often HUD's
 * rent is above the market rent (a Section 8 opportunity), every ZIP × county row at 2 and 3 BR.
 */
function rents(market: MarketData): void {
  let rows = 0;
  let withHud = 0;
  const basis = { safmr: 0, fmr: 0 };
  const checks = { 2: 0, 3: 0 };
  const hudAbove = { 2: 0, 3: 0 };
  for (const row of market.zipRows) {
    rows += 1;
    if (row.hud_rent_applies !== null) withHud += 1;
    const county = market.county(row.county_fips)?.county_name ?? row.county_name ?? row.county_fips;
    for (const b of [2, 3] as const) {
      const l = market.lookupZip(row.zip, b, { county });
      if (l?.county_fips !== row.county_fips || !l.market_rent || !l.hud_rent) continue;
      checks[b] += 1;
      if (b === 2) basis[l.market_rent.anchor_basis] += 1;
      if (l.hud_rent.value > l.market_rent.value) hudAbove[b] += 1;
    }
  }
  console.log('\nRents (every ZIP × county row):');
  line('rows with a HUD rent', withHud, rows);
  line('market rent from the ZIP’s Small Area FMR', basis.safmr, checks[2]);
  line('market rent from the area FMR', basis.fmr, checks[2]);
  line('HUD rent above the market rent, 2 BR (Section 8)', hudAbove[2], checks[2]);
  line('HUD rent above the market rent, 3 BR (Section 8)', hudAbove[3], checks[3]);
}

/**
 * How each ZIP's crime grade is had, by the path it takes (its USPS city as the typed city; people
 * are the ACS county population spread over its ZIPs by res_ratio): the city's own rate, the county
 * outside its graded cities, a New York City borough, the whole county (reported), incomplete,
 * estimated or none.
 */
function crime(market: MarketData): void {
  const inStates = (r: MarketZipRow) => STATES_50_DC.includes(r.state_code);
  const resTotal = new Map<string, number>();
  for (const r of market.zipRows)
    resTotal.set(r.county_fips, (resTotal.get(r.county_fips) ?? 0) + r.res_ratio);
  const peopleOf = (r: MarketZipRow) => {
    const c = market.county(r.county_fips);
    const total = resTotal.get(r.county_fips) ?? 0;
    return c?.population && total > 0 ? (c.population * r.res_ratio) / total : 0;
  };
  const paths = ['place', 'balance', 'borough', 'county', 'incomplete', 'estimated', 'none'] as const;
  const pathOf = (r: MarketZipRow, kind: CrimeKind): (typeof paths)[number] => {
    const g = market.lookupZip(r.zip, 2, { county: r.county_name })?.[`${kind}_crime_grade`] ?? null;
    if (g === null) return 'none';
    return g.tier === 'reported' ? g.basis : g.tier;
  };
  for (const scope of ['50 states + DC', 'all crosswalk ZIPs'] as const) {
    const parts = scope === '50 states + DC' ? market.zipRows.filter(inStates) : market.zipRows;
    const mains = parts.filter((r) => r.is_main);
    const people = parts.reduce((s, r) => s + peopleOf(r), 0);
    console.log(`\nCrime grades by path, ${scope} (${mains.length} ZIPs, ${Math.round(people)} people):`);
    for (const kind of ['violent', 'property'] as const) {
      const zipPaths = new Map(mains.map((r) => [r, pathOf(r, kind)]));
      const partPaths = new Map(parts.map((r) => [r, pathOf(r, kind)]));
      console.log(`  ${kind}:`);
      for (const path of paths) {
        const z = [...zipPaths.values()].filter((p) => p === path).length;
        const p = parts.filter((r) => partPaths.get(r) === path).reduce((s, r) => s + peopleOf(r), 0);
        console.log(
          `    ${path.padEnd(11)} ZIPs ${pct(z, mains.length).padStart(7)} (${String(z).padStart(5)})   people ${pct(p, people).padStart(7)}`,
        );
      }
    }
  }
  // addresses in a city without a rate of its own whose wider area grades A (`gradeForUnratedCity`)
  const capped = market.zipRows.filter((r) => {
    if (!r.is_main || !inStates(r)) return false;
    const g = market.lookupZip(r.zip, 2, { county: r.county_name })?.violent_crime_grade ?? null;
    const county = market.county(r.county_fips);
    const wide = county ? gradeOfRow(county, 'violent') : null;
    return g !== null && wide !== null && g.basis !== 'place' && g.grade !== wide.grade;
  });
  console.log(
    `  ${capped.length} ZIPs (50 states + DC) whose USPS city has no complete rate of its own in an area graded A: shown ${BEST_GRADE_FOR_UNRATED_CITY} (violent)`,
  );
  const graded = market.placeRows.filter(
    (p) => p.violent_crime_tier !== 'none' || p.property_crime_tier !== 'none',
  );
  const counties = market.countyRows.filter((c) => STATES_50_DC.includes(c.state_code ?? ''));
  console.log(
    `  ${new Set(graded.map((p) => p.state_fips + p.place_fips)).size} places graded by their own rate; ${counties.filter((c) => c.violent_crime_basis === 'balance').length} counties graded outside them (violent); ${
      counties.filter((c) => c.violent_crime_tier === 'incomplete').length
    } counties incomplete (violent), ${
      market.countyRows.filter((c) => c.violent_crime_tier === 'incomplete' && c.violent_crime_quality !== 3)
        .length
    } of them a "complete" report failing the plausibility check`,
  );
}

function crimeValidation(files: Parameters<typeof buildMarketData>[0]): void {
  console.log(
    '\nCrime estimate, validated on complete-reporting counties hidden from the fit (grade steps of 13):',
  );
  const partYears = partYearCounties(files.crimePlace, files.placeCounties);
  for (const kind of ['violent', 'property'] as const) {
    for (const scheme of ['10-fold', 'leave-state-out'] as const) {
      const v = validateCrimeModel(files.crimeCounty, files.acsCounty, kind, scheme, partYears);
      console.log(
        `  ${kind.padEnd(8)} ${scheme.padEnd(15)} n ${v.counties}  mean error ${v.mean_abs_steps.toFixed(2)} steps` +
          `  exact ${pct(v.exact_share, 1)}  ±1 ${pct(v.within_one_share, 1)}  ±2 ${pct(v.within_two_share, 1)}` +
          `  letter ${pct(v.letter_share, 1)}  | baselines: national median ${v.baseline_national_steps.toFixed(2)},` +
          ` state median ${v.baseline_state_steps.toFixed(2)}`,
      );
    }
  }
}

function taxRules(market: MarketData): void {
  console.log('\nInvestor (non-homestead) tax rule per state: median county rate, ACS → investor:');
  const byState = new Map<string, MarketCountyRow[]>();
  for (const c of market.countyRows) {
    if (!c.state_code || !STATE_FIPS_50_DC.has(c.state_fips)) continue;
    const list = byState.get(c.state_code) ?? [];
    list.push(c);
    byState.set(c.state_code, list);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >>> 1] ?? Number.NaN;
  for (const state of STATES_50_DC) {
    const counties = byState.get(state) ?? [];
    const acs = counties.map((c) => c.property_tax_rate);
    const inv = counties.map(
      (c) =>
        investorTaxRate(c.property_tax_rate, c.median_home_value, investorTaxRule(state, c.county_fips))
          .value,
    );
    const rule = investorTaxRule(state, '');
    console.log(
      `  ${state}  ${(100 * median(acs)).toFixed(2)}% → ${(100 * median(inv)).toFixed(2)}%  ${(rule?.kinds ?? ['none']).join('+').padEnd(38)} ${rule?.source_url ?? 'NO RULE'}`,
    );
  }
  const countyRules = INVESTOR_TAX_RULES.filter((r) => r.county_fips);
  for (const r of countyRules) {
    const c = market.county(r.county_fips ?? '');
    const inv = c ? investorTaxRate(c.property_tax_rate, c.median_home_value, r).value : Number.NaN;
    console.log(
      `  ${r.state} county ${r.county_fips} ${c?.county_name ?? ''}: ${(100 * (c?.property_tax_rate ?? Number.NaN)).toFixed(2)}% → ${(100 * inv).toFixed(2)}%`,
    );
  }
  const cities = taxEvidenceCases(market);
  console.log(`  cities with their own investor rate (${cities.length}, city_tax.csv):`);
  for (const c of cities) {
    console.log(
      `    ${c.state} ${c.city.padEnd(34)} ${(100 * c.city_rate).toFixed(2)}% (county rule ${(100 * c.county_estimate).toFixed(2)}%)  tax year ${c.tax_year}`,
    );
  }
  const largest = largestPlaces(market, 100);
  const without = largest.filter((p) => p.city_tax_rate === null);
  console.log(
    `  the 100 largest places (2020 Census): ${largest.length - without.length} with their own investor rate; without: ${without.map((p) => `${placeShortName(p.name)} ${p.state_code}`).join(', ')}`,
  );
  const missing = STATES_50_DC.filter((s) => investorTaxRule(s, '') === null);
  console.log(`  states without a rule: ${missing.length === 0 ? 'none' : missing.join(', ')}`);
}

/**
 * The `count` most populous places (people summed over their counties), each by the row of the county
 * most of its people live in (Aurora, CO counts by its Arapahoe part, not its Adams part).
 */
function largestPlaces(market: MarketData, count: number): MarketData['placeRows'][number][] {
  const byPlace = new Map<string, { people: number; main: MarketData['placeRows'][number] }>();
  for (const p of market.placeRows) {
    const key = p.state_fips + p.place_fips;
    const seen = byPlace.get(key);
    if (!seen) byPlace.set(key, { people: p.population_in_county, main: p });
    else {
      seen.people += p.population_in_county;
      if (p.population_in_county > seen.main.population_in_county) seen.main = p;
    }
  }
  return [...byPlace.values()]
    .sort((a, b) => b.people - a.people)
    .slice(0, count)
    .map((x) => x.main);
}

/**
 * Insurance and appreciation per state: the landlord insurance rate at $300,000 and the default
 * appreciation, median county and range over the state's counties.
 */
function insuranceAndAppreciation(market: MarketData): void {
  console.log(
    '\nPer state: landlord insurance at $300,000 (median county, min–max) · appreciation (median county, min–max):',
  );
  const pctOf = (x: number) => `${(100 * x).toFixed(2)}%`;
  const spread = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length === 0
      ? 'none'.padEnd(22)
      : `${pctOf(s[s.length >>> 1] ?? 0)} (${pctOf(s[0] ?? 0)}–${pctOf(s[s.length - 1] ?? 0)})`.padEnd(22);
  };
  let withInsurance = 0;
  let withAppreciation = 0;
  const counties = market.countyRows.filter((c) => STATE_FIPS_50_DC.has(c.state_fips));
  for (const state of STATES_50_DC) {
    const own = counties.filter((c) => c.state_code === state);
    const insurance = own.flatMap((c) => {
      const basis = insuranceOfRow(c);
      return basis ? [insuranceEstimate(basis, 300_000).rate] : [];
    });
    const appreciation = own.flatMap((c) => (c.appreciation_value === null ? [] : [c.appreciation_value]));
    withInsurance += insurance.length;
    withAppreciation += appreciation.length;
    console.log(`  ${state}  ${spread(insurance)}  ${spread(appreciation)}`);
  }
  line('counties with an insurance estimate', withInsurance, counties.length);
  line('counties with an appreciation figure', withAppreciation, counties.length);
  // the counties whose insurance note says wind and hail are often insured apart, by a state pool
  for (const pool of WIND_POOLS) {
    const inPool = counties.filter((c) => pool.counties.includes(c.county_fips));
    const people = inPool.reduce((sum, c) => sum + (c.population ?? 0), 0);
    console.log(
      `  wind-pool note: ${inPool.length} of ${pool.counties.length} counties found, ${people.toLocaleString('en-US')} people: ${pool.name}`,
    );
  }
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const loaded = await loadMarketDir(dir, MARKET_TABLES_DIR);
  if (!loaded.ok) {
    reportUnusableMarketDir('coverage:market', loaded);
    return;
  }
  const tLoad = performance.now();
  const gazetteer = await loadZipcodesUsGazetteer();
  const market = buildMarketData(loaded.data, { gazetteer });
  const tBuild = performance.now();
  console.log(`Market data: ${dir}`);
  for (const f of loaded.files) {
    console.log(
      `  ${f.file.padEnd(28)} ${String(f.rows).padStart(6)} rows  sha256 ${f.sha256.slice(0, 12)}  ${f.vintage}`,
    );
  }
  console.log(
    `Timing: read+parse ${(tLoad - t0).toFixed(0)} ms, gazetteer+derive+index ${(tBuild - tLoad).toFixed(0)} ms; ` +
      `${market.zipRows.length} ZIP × county rows, ${new Set(market.zipRows.map((r) => r.zip)).size} ZIPs, ` +
      `${market.countyRows.length} counties`,
  );
  const split = market.countyRows.filter((c) => c.fmr_area_split);
  console.log(
    `Counties split out of their listed FMR area: ${split.length} (${split.map((c) => `${c.county_name ?? c.county_fips}, ${c.state_code}`).join('; ')})`,
  );
  rents(market);
  crime(market);
  crimeValidation(loaded.data);
  insuranceAndAppreciation(market);
  taxRules(market);
}

await main();
