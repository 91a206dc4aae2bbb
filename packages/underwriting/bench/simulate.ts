/**
 * Times the simulation (issue 27 §2) on the README's example deal with every default spread
 * (`defaultSpreads`: 16 uncertain assumptions): `analyze` per call, one draw (the 16 samplers and
 * the kernel, as `simulate`'s loop runs them), their ratio (the target is ≤ 0.5), and `simulate`
 * with 10,000 draws on a 5-year and a 30-year hold, which adds validation, the sorts for the
 * percentiles and the tornado's 32 kernel runs (Chromium targets 100 ms and 400 ms; these are
 * Node's figures). Then the same on `examples/brrrr.json` with the tax situation of
 * `examples/after-tax.json`: a deal with a rehab and a refinance is computed month by month, by the
 * kernel's shaped path (`shapedDealOf`), and its draws never compute the after-tax figures.
 * Run: pnpm bench (or `npx tsx bench/simulate.ts` in this package). Prints medians.
 */
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import {
  analyze,
  type DealInput,
  defaultSpreads,
  type OptionalInputs,
  type Spread,
  type SpreadKey,
  type Spreads,
  simulate,
} from '../src/index.js';
import { hashString, sfc32 } from '../src/random.js';
import { DealKernel } from '../src/simulate.js';
import { spreadSampler } from '../src/spreads.js';

const example = JSON.parse(
  readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
) as DealInput;
const thirtyYears = { ...example, hold_period: 30 };
const readExample = (name: string): DealInput =>
  JSON.parse(readFileSync(new URL(`../../../examples/${name}`, import.meta.url), 'utf8')) as DealInput;
// the BRRRR example with a tax situation: its draws take the month-by-month path
const brrrr = {
  ...readExample('brrrr.json'),
  tax: (readExample('after-tax.json') as DealInput & OptionalInputs).tax,
};
const brrrrSpreads = defaultSpreads(brrrr);
const spreads = defaultSpreads(example);
const DRAWS = 10_000;

/** One draw as `simulate` makes it: every sampler's next number, then the kernel on the drawn deal. */
function drawer(deal: DealInput & OptionalInputs, spreadsOf: Spreads = spreads): () => void {
  const keys = (Object.keys(spreadsOf) as SpreadKey[]).sort();
  const samplers = keys.map((key) => ({
    key,
    draw: spreadSampler(key, deal[key] as number, spreadsOf[key] as Spread),
    next: sfc32(7, hashString(key)).next,
  }));
  const kernel = new DealKernel(deal.hold_period);
  const drawn = Object.assign({}, deal);
  return () => {
    for (const sampler of samplers) drawn[sampler.key] = sampler.draw(sampler.next());
    kernel.run(drawn);
  };
}

const bench = new Bench({ time: 2_000, warmupTime: 500 });
bench
  .add('analyze, 5-year hold', () => analyze(example))
  .add('one draw, 5-year hold', drawer(example))
  .add('analyze, 30-year hold', () => analyze(thirtyYears))
  .add('one draw, 30-year hold', drawer(thirtyYears))
  .add('analyze, BRRRR with tax', () => analyze(brrrr))
  .add('one draw, BRRRR with tax', drawer(brrrr, brrrrSpreads));
await bench.run();

/** median µs of a task */
const median = (name: string): number => {
  const task = bench.tasks.find((t) => t.name === name);
  const latency = task?.result && 'latency' in task.result ? task.result.latency : undefined;
  return (latency?.p50 ?? Number.NaN) * 1_000;
};
const analyze5 = median('analyze, 5-year hold');
const draw5 = median('one draw, 5-year hold');
const analyze30 = median('analyze, 30-year hold');
const draw30 = median('one draw, 30-year hold');
const analyzeBrrrr = median('analyze, BRRRR with tax');
const drawBrrrr = median('one draw, BRRRR with tax');

const big = new Bench({ time: 3_000, warmupTime: 500, iterations: 5 });
big
  .add(`simulate ${DRAWS.toLocaleString('en-US')} draws, 5-year hold`, () =>
    simulate(example, spreads, { draws: DRAWS, seed: 7 }),
  )
  .add(`simulate ${DRAWS.toLocaleString('en-US')} draws, 30-year hold`, () =>
    simulate(thirtyYears, spreads, { draws: DRAWS, seed: 7 }),
  )
  .add(`simulate ${DRAWS.toLocaleString('en-US')} draws, BRRRR with tax`, () =>
    simulate(brrrr, brrrrSpreads, { draws: DRAWS, seed: 7 }),
  );
await big.run();

console.log('\n@sfr/underwriting — simulate (16 default spreads, Austin example)');
console.table([
  {
    hold: '5 years',
    'analyze µs': analyze5.toFixed(2),
    'one draw µs': draw5.toFixed(2),
    'draw / analyze (target ≤ 0.5)': (draw5 / analyze5).toFixed(3),
  },
  {
    hold: '30 years',
    'analyze µs': analyze30.toFixed(2),
    'one draw µs': draw30.toFixed(2),
    'draw / analyze (target ≤ 0.5)': (draw30 / analyze30).toFixed(3),
  },
  {
    hold: `BRRRR with tax, ${brrrr.hold_period} years`,
    'analyze µs': analyzeBrrrr.toFixed(2),
    'one draw µs': drawBrrrr.toFixed(2),
    'draw / analyze (target ≤ 0.5)': (drawBrrrr / analyzeBrrrr).toFixed(3),
  },
]);
console.table(
  big.tasks.map((task) => {
    const latency = task.result && 'latency' in task.result ? task.result.latency : undefined;
    return {
      task: task.name,
      'median ms': (latency?.p50 ?? Number.NaN).toFixed(1),
      'per draw µs': (((latency?.p50 ?? Number.NaN) * 1_000) / DRAWS).toFixed(2),
      'max ms': (latency?.max ?? Number.NaN).toFixed(1),
      target: task.name.includes('30-year') ? '400 ms (Chromium)' : '100 ms (Chromium)',
      samples: latency?.samplesCount ?? 0,
    };
  }),
);
