/**
 * Writes test/golden/expected/<deal>.json from the REFERENCE implementation (reference.ts) for
 * every deal in test/golden/deals/. The engine in src/ is never called here.
 *
 *   cd packages/underwriting && npx tsx test/golden/generate.ts
 *
 * It prints each deal's points and every XIRR root it found, warns when a point sum sits on a .5
 * rounding tie or when the fallback choice of the root nearest 0 depends on measuring it monthly
 * or annually, and formats the files with the repository's Biome.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DealInput } from '../../src/types.js';
import { monthlySheet, monthlyXirr, referenceAnalyze } from './reference.js';

const here = dirname(fileURLToPath(import.meta.url));
const dealsDir = join(here, 'deals');
const expectedDir = join(here, 'expected');
mkdirSync(expectedDir, { recursive: true });

const files = readdirSync(dealsDir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const warnings: string[] = [];

for (const file of files) {
  const name = file.replace(/\.json$/, '');
  const deal = JSON.parse(readFileSync(join(dealsDir, file), 'utf8')) as DealInput;
  const analysis = referenceAnalyze(deal);

  // Guard against golden values that a correct engine could miss by rounding alone.
  let sum = 0;
  for (const s of analysis.summary.scores) sum += s.points;
  const frac = sum - Math.floor(sum);
  if (Math.abs(frac - 0.5) < 1e-4) warnings.push(`${name}: point sum ${sum} is within 1e-4 of a .5 tie`);

  const rows = monthlySheet(deal);
  const lev = monthlyXirr(
    analysis.overall_returns.levered_equity,
    rows.map((r) => r.levered_cash_flow),
  );
  const unl = monthlyXirr(
    analysis.overall_returns.unlevered_equity,
    rows.map((r) => r.unlevered_cash_flow),
  );
  const annual = (js: number[]) => js.map((j) => ((1 + j) ** 12 - 1).toFixed(6)).join(', ');
  console.log(
    `${name}: points ${analysis.summary.overall_points} (${sum.toFixed(4)}, ${analysis.summary.overall_color})` +
      ` unlevered xirr [${annual(unl.monthlyRoots)}] levered xirr [${annual(lev.monthlyRoots)}]`,
  );
  for (const r of [unl, lev]) {
    if (r.monthlyRoots.length > 1) {
      // the fallback (nearest 0) by the annual rate vs by the monthly rate: make sure it does not matter
      const byMonthly = r.monthlyRoots.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
      const byAnnual = r.monthlyRoots
        .map((j) => (1 + j) ** 12 - 1)
        .reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
      if (Math.abs((1 + byMonthly) ** 12 - 1 - byAnnual) > 1e-12)
        warnings.push(`${name}: nearest root differs between monthly and annual ordering`);
    }
  }

  writeFileSync(join(expectedDir, `${name}.json`), `${JSON.stringify(analysis, null, 2)}\n`);
}

// Format like the rest of the repository (Biome folds short arrays onto one line), so a
// regeneration followed by `biome check --write` produces no diff.
const biome = join(here, '..', '..', '..', '..', 'node_modules', '.bin', 'biome');
if (existsSync(biome)) {
  execFileSync(biome, ['format', '--write', expectedDir], { stdio: 'inherit' });
} else {
  console.warn('Biome not found: run `pnpm biome format --write` on test/golden/expected before committing');
}

for (const w of warnings) console.warn(`WARNING ${w}`);
console.log(`wrote ${files.length} expected files to ${expectedDir}`);
