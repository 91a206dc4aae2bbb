import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, maxOffer, monthlyScheduleOf, scheduleCsv, simulate } from '../src/index.js';
import { roundDeal } from './support/deals.js';

// The CLI is tested as users run it: the built bin, a real process, real files and stdin.
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../../../examples/austin-sfr.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'underwrite-cli-'));

function run(args: string[], stdin?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { input: stdin, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('underwrite analyze', () => {
  it('prints exactly the five top-level keys for the README example', () => {
    const { code, stdout } = run(['analyze', EXAMPLE]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual([
      'year_1_metrics',
      'sale_assumptions',
      'overall_returns',
      'hold_period',
      'summary',
    ]);
    expect(output.hold_period.levered.cashflow).toHaveLength(5);
    expect(output.summary.scores).toHaveLength(5);
  });

  it('reads stdin with "-" and prints the same numbers as the library, unrounded', () => {
    const { code, stdout } = run(['analyze', '-'], JSON.stringify(roundDeal));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(analyze(roundDeal))));
  });

  it('exits 2 with one line naming the field and the rule', () => {
    const { code, stdout, stderr } = run(['analyze', file('bad.json', { ...roundDeal, hold_period: 0 })]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('invalid input: hold_period: must be a whole number ≥ 1 and ≤ 30\n');
  });

  it('reads a file saved with a byte-order mark (QA: UTF-8 from Notepad was refused as invalid JSON)', () => {
    const { code, stdout } = run(['analyze', file('bom.json', `\uFEFF${JSON.stringify(roundDeal)}`)]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(analyze(roundDeal))));
  });

  it('exits 2 on invalid JSON and on a missing file', () => {
    const badJson = run(['analyze', file('broken.json', '{ "rent": ')]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/^invalid input: FILE: must hold valid JSON/);
    const missing = run(['analyze', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^invalid input: FILE: cannot be read \(ENOENT/);
  });

  it('reads a relative FILE from where the command was typed (pnpm runs it in the root: INIT_CWD)', () => {
    const result = spawnSync(process.execPath, [CLI, 'analyze', 'austin-sfr.json'], {
      encoding: 'utf8',
      cwd: tmpdir(),
      env: { ...process.env, INIT_CWD: dirname(EXAMPLE) },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).year_1_metrics.purchase_price).toBe(450_000);
  });

  it('prints usage and exits 2 without a command', () => {
    const { code, stderr } = run([]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^usage: underwrite analyze FILE/);
  });
});

describe('underwrite xirr', () => {
  it("solves Excel's documented example", () => {
    const flows = [
      { date: '2008-01-01', amount: -10_000 },
      { date: '2008-03-01', amount: 2_750 },
      { date: '2008-10-30', amount: 4_250 },
      { date: '2009-02-15', amount: 3_250 },
      { date: '2009-04-01', amount: 2_750 },
    ];
    const { code, stdout } = run(['xirr', file('excel.json', flows)]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).rate).toBeCloseTo(0.3733625, 6);
  });

  it('prints a null rate when all flows have one sign', () => {
    const flows = [
      { date: '2020-01-01', amount: 100 },
      { date: '2021-01-01', amount: 50 },
    ];
    const { code, stdout } = run(['xirr', '-'], JSON.stringify(flows));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ rate: null });
  });

  it('exits 2 when the input is not an array of flows', () => {
    const { code, stderr } = run(['xirr', '-'], '{"date": "2020-01-01"}');
    expect(code).toBe(2);
    expect(stderr).toBe('invalid input: flows: must be a JSON array of { date, amount }\n');
  });

  it('refuses a field a flow does not have, and a date that is not text (QA: "ammount" passed unseen)', () => {
    const misspelt = run(
      ['xirr', '-'],
      '[{"date":"2020-01-01","amount":-1},{"date":"2021-01-01","ammount":2}]',
    );
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toBe(
      'invalid input: flows[1].ammount: is not a field of a flow (date, amount)\n',
    );
    const extra = run(
      ['xirr', '-'],
      '[{"date":"2020-01-01","amount":-1},{"date":"2021-01-01","amount":2,"x":1}]',
    );
    expect(extra.stderr).toBe('invalid input: flows[1].x: is not a field of a flow (date, amount)\n');
    const dated = run(['xirr', '-'], '[{"date":20200101,"amount":-1}]');
    expect(dated.stderr).toBe("invalid input: flows[0].date: must be a 'YYYY-MM-DD' date\n");
  });
});

describe('underwrite max-offer', () => {
  const OFFER_EXAMPLE = fileURLToPath(new URL('../../../examples/max-offer-austin.json', import.meta.url));

  it('prints the one object for the shipped Austin example', () => {
    const { code, stdout, stderr } = run(['max-offer', OFFER_EXAMPLE]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toEqual({
      purchase_price: 196_052,
      binding: 'cash_on_cash',
      measures: { cash_on_cash: expect.any(Number), dscr: expect.any(Number) },
    });
    expect(output.measures.cash_on_cash).toBeCloseTo(0.0800011811, 9);
  });

  it('reads stdin and prints what the library returns', () => {
    const targets = { dscr: 1.3, overall_points: 60 };
    const { code, stdout } = run(['max-offer', '-'], JSON.stringify({ ...roundDeal, targets }));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(maxOffer(roundDeal, targets))));
  });

  it('exits 2 with one line naming the field and the rule, for the deal and for the targets', () => {
    const deal = run(['max-offer', '-'], JSON.stringify({ ...roundDeal, rent: -1, targets: { dscr: 1.25 } }));
    expect(deal.code).toBe(2);
    expect(deal.stdout).toBe('');
    expect(deal.stderr).toBe('invalid input: rent: must be a number ≥ 0\n');
    const target = run(['max-offer', '-'], JSON.stringify({ ...roundDeal, targets: { cash_on_cash: 8 } }));
    expect(target.code).toBe(2);
    expect(target.stderr).toBe(
      'invalid input: targets.cash_on_cash: must be a fraction from -1 to 1 (0.08 = 8 %)\n',
    );
    const missing = run(['max-offer', '-'], JSON.stringify(roundDeal));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^invalid input: targets: is required: an object with any of cash_on_cash/,
    );
    const notObject = run(['max-offer', '-'], '[1, 2]');
    expect(notObject.stderr).toBe('invalid input: input: must be a JSON object\n');
  });
});

describe('underwrite simulate', () => {
  const SIMULATE_EXAMPLE = fileURLToPath(new URL('../../../examples/simulate-austin.json', import.meta.url));
  const rentOnly = { ...roundDeal, spreads: { rent: { low: 1_800, high: 2_200 } } };

  it('prints percentiles, probabilities, drivers and the yearly fan for the shipped Austin example', () => {
    const { code, stdout, stderr } = run(['simulate', SIMULATE_EXAMPLE, '--draws', '2000', '--seed', '1']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual([
      'percentiles',
      'probabilities',
      'drivers',
      'yearly_levered_cash_flow',
      'draws',
      'seed',
    ]);
    expect(output.draws).toBe(2_000);
    expect(output.seed).toBe(1);
    expect(output.probabilities).toEqual({ negative_cash_flow: 1, targets_hold: expect.any(Number) });
    expect(output.drivers.levered_xirr[0].key).toBe('annual_price_appreciation');
    expect(output.yearly_levered_cash_flow).toHaveLength(5);
  });

  it('reads stdin, takes --draws and --seed (also as --flag=value), and prints what the library returns', () => {
    const expected = JSON.parse(
      JSON.stringify(simulate(roundDeal, rentOnly.spreads, { draws: 500, seed: 42, targets: { dscr: 1.2 } })),
    );
    const input = JSON.stringify({ ...rentOnly, targets: { dscr: 1.2 } });
    const a = run(['simulate', '-', '--draws', '500', '--seed', '42'], input);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toEqual(expected);
    const b = run(['simulate', '--seed=42', '-', '--draws=500'], input);
    expect(JSON.parse(b.stdout)).toEqual(expected);
    // the defaults: 10,000 draws, seed 1
    const c = run(['simulate', '-'], JSON.stringify(rentOnly));
    expect(JSON.parse(c.stdout)).toMatchObject({ draws: 10_000, seed: 1 });
  });

  it('says on stderr, beside a valid answer, that a deal without spreads varies nothing', () => {
    for (const spreads of [undefined, {}]) {
      const { code, stdout, stderr } = run(
        ['simulate', '-', '--draws', '50'],
        JSON.stringify({ ...roundDeal, spreads }),
      );
      expect(code).toBe(0);
      expect(stderr).toBe(
        'note: no "spreads" given: every draw is the deal as given, so each p10 = p50 = p90 (add "spreads" by assumption, as examples/simulate-austin.json does)\n',
      );
      const { monthly_levered_cash_flow: cashFlow } = JSON.parse(stdout).percentiles;
      expect(cashFlow.p10).toBe(cashFlow.p90);
    }
    expect(run(['simulate', '-', '--draws', '50'], JSON.stringify(rentOnly)).stderr).toBe('');
  });

  it('exits 2 with one line for invalid spreads, naming spreads.<key>.<end> and the rule', () => {
    const invalid = (spreads: unknown) => run(['simulate', '-'], JSON.stringify({ ...roundDeal, spreads }));
    const highBelowLow = invalid({ rent: { low: 2_200, high: 1_800 } });
    expect(highBelowLow.code).toBe(2);
    expect(highBelowLow.stdout).toBe('');
    expect(highBelowLow.stderr).toBe(
      "invalid input: spreads.rent.low: must be a number ≥ 0 and ≤ the deal's rent (2000)\n",
    );
    expect(invalid({ vacancy_rate: { low: 0.01, high: 1.2 } }).stderr).toBe(
      "invalid input: spreads.vacancy_rate.high: must be a number ≥ the deal's vacancy_rate (0.05) and ≤ 1\n",
    );
    expect(invalid({ rent: { low: 'cheap', high: 2_200 } }).stderr).toBe(
      "invalid input: spreads.rent.low: must be a number ≥ 0 and ≤ the deal's rent (2000)\n",
    );
    expect(invalid({ loan_term: { low: 20, high: 30 } }).stderr).toMatch(
      /^invalid input: spreads\.loan_term: is not an uncertain assumption \(one of rent, /,
    );
    expect(invalid('wide').stderr).toBe(
      'invalid input: spreads: must be an object of { low, high } by assumption\n',
    );
  });

  it('exits 2 for a bad --draws or --seed, and prints usage for an unknown or repeated flag', () => {
    const input = JSON.stringify(rentOnly);
    const zero = run(['simulate', '-', '--draws', '0'], input);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toBe('invalid input: draws: must be a whole number ≥ 1 and ≤ 100000\n');
    expect(run(['simulate', '-', '--seed', 'x'], input).stderr).toBe(
      'invalid input: seed: must be a whole number ≥ 0 and ≤ 4294967295\n',
    );
    // decimal numbers only: JavaScript's Number would read "0x10" as 16 and " 12 " as 12
    expect(run(['simulate', '-', '--draws', '0x10'], input).stderr).toBe(
      'invalid input: draws: must be a whole number ≥ 1 and ≤ 100000\n',
    );
    for (const [args, problem] of [
      [['simulate', '-', '--runs', '5'], 'simulate takes no --runs'],
      [['simulate', '-', '--draws', '5', '--draws', '6'], '--draws is given twice'],
      [['simulate', '-', '--draws'], '--draws needs a value'],
      [['simulate', '-', 'extra.json'], 'simulate takes one FILE, not - and extra.json'],
      [['simulate', '--draws', '5'], 'simulate needs a FILE (a JSON file, or - for stdin)'],
      [['analyze', '-', '--draws', '5'], 'analyze takes no --draws'],
      [['analyse', '-'], 'there is no command analyse'],
    ] as const) {
      const result = run([...args], input);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n').slice(0, 2)).toEqual([
        problem,
        expect.stringMatching(/^usage: underwrite analyze FILE/),
      ]);
    }
  });
});

describe('underwrite --help', () => {
  it('prints the usage on stdout and exits 0, for the program and for a command', () => {
    for (const args of [
      ['--help'],
      ['-h'],
      ['help'],
      ['simulate', '--help'],
      ['analyze', 'deal.json', '-h'],
    ]) {
      const { code, stdout, stderr } = run(args);
      expect(code, args.join(' ')).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^usage: underwrite analyze FILE/);
    }
  });
});

describe('underwrite verify', () => {
  it('runs every known answer from the built package and exits 0 with no failure', () => {
    const { code, stdout, stderr } = run(['verify']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(Object.keys(report.sources)).toEqual([
      'numpy-financial',
      'pyxirr',
      'PhpSpreadsheet',
      'formulajs',
      'Apache POI',
      'LibreOffice',
    ]);
    for (const tally of Object.values(report.sources) as {
      passed: number;
      failed: number;
      cases: number;
    }[]) {
      expect(tally.failed).toBe(0);
      expect(tally.passed).toBe(tally.cases);
      expect(tally.cases).toBeGreaterThan(0);
    }
    expect(report.failures).toEqual([]);
  });

  it('takes no FILE: with one it says so, prints usage and exits 2', () => {
    const { code, stderr } = run(['verify', 'extra.json']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^verify takes no FILE\nusage: .*underwrite verify/s);
  });
});

describe('underwrite schedule', () => {
  it('prints the month-by-month rows as JSON, the same numbers as the library', () => {
    const { code, stdout, stderr } = run(['schedule', '-'], JSON.stringify(roundDeal));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const rows = JSON.parse(stdout);
    expect(rows).toHaveLength(60);
    expect(rows).toEqual(JSON.parse(JSON.stringify(monthlyScheduleOf(roundDeal))));
  });

  it('prints CSV with --csv: a header of labels and one line a month', () => {
    const { code, stdout } = run(['schedule', file('schedule.json', roundDeal), '--csv']);
    expect(code).toBe(0);
    expect(stdout).toBe(scheduleCsv(monthlyScheduleOf(roundDeal)));
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(61);
    expect(lines[0]).toMatch(/^Month,Year,Gross rent,/);
    const cents = run(['schedule', '-', '--csv', '--decimals', '2'], JSON.stringify(roundDeal));
    expect(cents.stdout).toBe(scheduleCsv(monthlyScheduleOf(roundDeal), { decimals: 2 }));
    expect(cents.stdout.split('\n')[1]).toMatch(/^1,1,2000\.00,0\.00,100\.00,1900\.00,/);
    const bad = run(['schedule', '-', '--csv', '--decimals', '2.5'], JSON.stringify(roundDeal));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('invalid input: --decimals: must be a whole number from 0 to 20\n');
  });

  it('exits 2 naming the field for an invalid deal, and prints usage for a repeated or unknown flag', () => {
    const bad = run(['schedule', file('bad-schedule.json', { ...roundDeal, rent: -1 })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^invalid input: rent: /);
    for (const [args, problem] of [
      [['schedule', '-', '--csv', '--csv'], '--csv is given twice'],
      [['schedule', '-', '--tsv'], 'schedule takes no --tsv'],
      [['analyze', '-', '--csv'], 'analyze takes no --csv'],
    ] as const) {
      const result = run([...args], JSON.stringify(roundDeal));
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n').slice(0, 2)).toEqual([
        problem,
        expect.stringMatching(/^usage: underwrite analyze FILE/),
      ]);
    }
    const decimalsAlone = run(['schedule', '-', '--decimals', '2'], JSON.stringify(roundDeal));
    expect(decimalsAlone.code).toBe(2);
    expect(decimalsAlone.stderr).toBe('invalid input: --decimals: applies to the CSV only: add --csv\n');
  });

  it('ends quietly when its reader stops early (| head), with no EPIPE trace', () => {
    const long = file('long.json', { ...roundDeal, hold_period: 30 });
    const piped = spawnSync(
      'bash',
      ['-o', 'pipefail', '-c', `"${process.execPath}" "${CLI}" schedule "${long}" | head -c 10`],
      {
        encoding: 'utf8',
      },
    );
    expect(piped.stdout).toBe('[\n  {\n    ');
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(0);
  });
});
