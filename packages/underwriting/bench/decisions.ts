/**
 * Times the decision tools on the README's example deal: `maxOffer` with the web's default targets
 * (cash-on-cash ≥ 8 %, DSCR ≥ 1.25) and with an XIRR and points target (which also split the price
 * range where the flows change sign), one 7 × 7 `sensitivityGrid`, `breakEven`, and a grid plus an
 * offer solve together (the web's budget is 50 ms for that in Chromium), on 5- and 30-year holds.
 * Run: pnpm bench (or `npx tsx bench/decisions.ts` in this package). Prints median and p99 per call.
 */
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { breakEven, type DealInput, maxOffer, sensitivityGrid } from '../src/index.js';

const example = JSON.parse(
  readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
) as DealInput;
const thirtyYears = { ...example, hold_period: 30 };
const defaultTargets = { cash_on_cash: 0.08, dscr: 1.25 };
const returnTargets = { levered_xirr: 0.1, overall_points: 60 };
const grid = (deal: DealInput) =>
  sensitivityGrid(deal, { row: 'purchase_price', col: 'rent', outcome: 'monthly_levered_cash_flow' });

const bench = new Bench({ time: 1_500, warmupTime: 300 });
bench
  .add('maxOffer, cash-on-cash + DSCR, 5-year hold', () => maxOffer(example, defaultTargets))
  .add('maxOffer, XIRR + points, 5-year hold', () => maxOffer(example, returnTargets))
  .add('maxOffer, cash-on-cash + DSCR, 30-year hold', () => maxOffer(thirtyYears, defaultTargets))
  .add('sensitivityGrid 7 × 7, 5-year hold', () => grid(example))
  .add('sensitivityGrid 7 × 7, 30-year hold', () => grid(thirtyYears))
  .add('breakEven, 5-year hold', () => breakEven(example))
  .add('grid + maxOffer (the page), 5-year hold', () => {
    grid(example);
    maxOffer(example, defaultTargets);
  })
  .add('grid + maxOffer (the page), 30-year hold', () => {
    grid(thirtyYears);
    maxOffer(thirtyYears, defaultTargets);
  });
await bench.run();

const ms = (value: number | undefined) => (value ?? Number.NaN).toFixed(3);
console.log('\n@sfr/underwriting — decision tools (ms per call)');
console.table(
  bench.tasks.map((task) => {
    const latency = task.result && 'latency' in task.result ? task.result.latency : undefined;
    return {
      task: task.name,
      'median ms': ms(latency?.p50),
      'p99 ms': ms(latency?.p99),
      samples: latency?.samplesCount ?? 0,
    };
  }),
);
