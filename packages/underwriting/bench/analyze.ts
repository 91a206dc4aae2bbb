/**
 * Times `analyze` on the README's example deal with a 5-year and a 30-year hold.
 * Run: pnpm bench (or `npx tsx bench/analyze.ts` in this package). Prints median and p99 per call.
 */
import { readFileSync } from 'node:fs';
import { Bench } from 'tinybench';
import { analyze, type DealInput } from '../src/index.js';

const example = JSON.parse(
  readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
) as DealInput;

const bench = new Bench({ time: 1_500, warmupTime: 300 });
bench
  .add('analyze, 5-year hold', () => analyze({ ...example, hold_period: 5 }))
  .add('analyze, 30-year hold', () => analyze({ ...example, hold_period: 30 }));
await bench.run();

const µs = (ms: number | undefined) => ((ms ?? Number.NaN) * 1_000).toFixed(2);
console.log('\n@sfr/underwriting — analyze (µs per call)');
console.table(
  bench.tasks.map((task) => {
    const latency = task.result && 'latency' in task.result ? task.result.latency : undefined;
    return {
      task: task.name,
      'median µs': µs(latency?.p50),
      'p99 µs': µs(latency?.p99),
      samples: latency?.samplesCount ?? 0,
    };
  }),
);
