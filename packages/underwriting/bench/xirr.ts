/**
 * Our `xirr` against `@formulajs/formulajs` XIRR and the `xirr` npm package: speed on a realistic
 * 5-year deal, then correctness on the hard cases from the tests. Run: `npx tsx bench/xirr.ts`.
 */
import { createRequire } from 'node:module';
import { XIRR as formulaXirr } from '@formulajs/formulajs';
import { Bench } from 'tinybench';
import { type DatedFlow, xirr } from '../src/xirr.js';

// the xirr package is CommonJS without types: (transactions, options?) => rate, throws on failure
const require = createRequire(import.meta.url);
const packageXirr = require('xirr') as (
  transactions: { amount: number; when: Date }[],
  options?: { guess?: number },
) => number;

interface Case {
  name: string;
  flows: [date: string, amount: number][];
  /** the rate, or null when there is none */
  expected: number | null;
}

/** One adapter per implementation: the rate, null for "no rate", throwing when it throws. */
type Solver = (dates: Date[], amounts: number[], iso: string[]) => number | null;

const ours: Solver = (_dates, amounts, iso) => {
  const result = xirr(amounts.map((amount, i) => ({ amount, date: iso[i] as string })));
  return result.ok ? result.rate : null;
};
const formulajs: Solver = (dates, amounts) => {
  const value: unknown = formulaXirr(amounts, dates, 0.1);
  return value instanceof Error ? null : (value as number);
};
const xirrPackage: Solver = (dates, amounts) =>
  packageXirr(amounts.map((amount, i) => ({ amount, when: dates[i] as Date })));

// --- speed: a 5-year deal, closing 2024-03-15, rent net of costs on the 15th, sale in month 60
const iso: string[] = [];
const dates: Date[] = [];
const amounts: number[] = [];
for (let m = 0; m <= 60; m++) {
  const date = new Date(Date.UTC(2024, 2 + m, 15));
  dates.push(date);
  iso.push(date.toISOString().slice(0, 10));
  const monthly = 412.5 * 1.03 ** Math.floor((m - 1) / 12);
  amounts.push(m === 0 ? -71_250 : m === 60 ? monthly + 96_430 : monthly);
}
const withDates: DatedFlow[] = amounts.map((amount, i) => ({ amount, date: dates[i] as Date }));
const withStrings: DatedFlow[] = amounts.map((amount, i) => ({ amount, date: iso[i] as string }));
const transactions = amounts.map((amount, i) => ({ amount, when: dates[i] as Date }));

let sink = 0;
const bench = new Bench({ time: 1500, warmupTime: 300, subtractTimerOverhead: true });
bench
  .add('ours (Date)', () => {
    const r = xirr(withDates);
    sink += r.ok ? r.rate : 0;
  })
  .add('ours (YYYY-MM-DD)', () => {
    const r = xirr(withStrings);
    sink += r.ok ? r.rate : 0;
  })
  .add('@formulajs/formulajs', () => {
    sink += formulaXirr(amounts, dates, 0.1) as number;
  })
  .add('xirr (npm)', () => {
    sink += packageXirr(transactions);
  });
await bench.run();

const stats = new Map<string, { median: number; p99: number }>();
for (const task of bench.tasks) {
  const result = task.result;
  if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}`);
  stats.set(task.name, { median: result.latency.p50 * 1000, p99: result.latency.p99 * 1000 });
}
const oursMedian = stats.get('ours (Date)')?.median ?? Number.NaN;
const rateOf = (solver: Solver): string => {
  const rate = solver(dates, amounts, iso);
  return rate === null ? 'none' : rate.toFixed(9);
};
const rates = new Map([
  ['ours (Date)', rateOf(ours)],
  ['ours (YYYY-MM-DD)', rateOf(ours)],
  ['@formulajs/formulajs', rateOf(formulajs)],
  ['xirr (npm)', rateOf(xirrPackage)],
]);
console.log(`\nXIRR of 61 monthly flows (5-year deal), per call — node ${process.version}`);
console.log('implementation         median µs   p99 µs   × ours median   rate');
for (const [name, { median, p99 }] of stats) {
  console.log(
    `${name.padEnd(22)} ${median.toFixed(3).padStart(9)} ${p99.toFixed(3).padStart(8)} ${(median / oursMedian).toFixed(1).padStart(15)}   ${rates.get(name)}`,
  );
}

// --- correctness on the hard cases
const cases: Case[] = [
  {
    name: 'Excel documentation example',
    flows: [
      ['2008-01-01', -10000],
      ['2008-03-01', 2750],
      ['2008-10-30', 4250],
      ['2009-02-15', 3250],
      ['2009-04-01', 2750],
    ],
    expected: 0.3733625335,
  },
  {
    name: 'quarterly deposits, one payout',
    flows: [
      ['2010-01-01', -1000],
      ['2010-04-01', -1000],
      ['2010-07-01', -1000],
      ['2010-10-01', -1000],
      ['2011-01-01', 4300],
    ],
    expected: 0.1212676491,
  },
  {
    name: 'Newton from 0.1 leaves (−1, ∞)',
    flows: [
      ['2021-08-03', -99995],
      ['2021-08-09', 97642],
    ],
    expected: -0.7650989869,
  },
  {
    name: 'first flow positive',
    flows: [
      ['2021-11-24', 55600],
      ['2021-12-24', -51094.83],
    ],
    expected: -0.6423076122,
  },
  {
    name: 'rate near −1',
    flows: [
      ['2021-06-09', -134.09],
      ['2021-08-11', 40.86],
    ],
    expected: -0.9989769232,
  },
  {
    name: 'all flows negative',
    flows: [
      ['2021-01-01', -100],
      ['2021-06-01', -100],
    ],
    expected: null,
  },
  {
    name: 'all flows positive',
    flows: [
      ['2021-01-01', 100],
      ['2021-06-01', 100],
    ],
    expected: null,
  },
  {
    name: 'equal and opposite on one date',
    flows: [
      ['2021-01-01', -100],
      ['2021-01-01', 100],
    ],
    expected: null,
  },
];

const solvers: [string, Solver][] = [
  ['ours', ours],
  ['@formulajs/formulajs', formulajs],
  ['xirr (npm)', xirrPackage],
];
const score = new Map(solvers.map(([name]) => [name, 0]));
const cell = (solver: Solver, c: Case): [string, boolean] => {
  const caseIso = c.flows.map(([date]) => date);
  const caseDates = caseIso.map((date) => new Date(`${date}T00:00:00Z`));
  const caseAmounts = c.flows.map(([, amount]) => amount);
  let rate: number | null;
  try {
    rate = solver(caseDates, caseAmounts, caseIso);
  } catch {
    // a throw reports "no rate" (the xirr package's documented way); wrong when a rate exists
    return ['throws', c.expected === null];
  }
  if (rate === null) return ['no rate', c.expected === null];
  const shown = Number.isNaN(rate) ? 'NaN' : rate.toFixed(7);
  return [shown, c.expected !== null && Math.abs(rate - c.expected) <= 1e-6];
};
console.log('\nHard cases (right = within 1e-6 of the rate, or reports no rate when there is none)');
console.log(
  `${'case'.padEnd(32)} ${'expected'.padStart(10)}   ${solvers.map(([name]) => name.padEnd(22)).join('')}`,
);
for (const c of cases) {
  const cells = solvers.map(([name, solver]) => {
    const [shown, right] = cell(solver, c);
    if (right) score.set(name, (score.get(name) ?? 0) + 1);
    return `${right ? '✓' : '✗'} ${shown}`.padEnd(22);
  });
  const expected = c.expected === null ? 'none' : c.expected.toFixed(7);
  console.log(`${c.name.padEnd(32)} ${expected.padStart(10)}   ${cells.join('')}`);
}
console.log(
  `${'right'.padEnd(32)} ${''.padStart(10)}   ${solvers.map(([name]) => `${score.get(name)}/${cases.length}`.padEnd(22)).join('')}`,
);
if (sink === 42) console.log('');
