import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, maxOffer } from '../src/index.js';
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

  it('exits 2 on invalid JSON and on a missing file', () => {
    const badJson = run(['analyze', file('broken.json', '{ "rent": ')]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toMatch(/^invalid input: FILE: must hold valid JSON/);
    const missing = run(['analyze', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^invalid input: FILE: cannot be read \(ENOENT/);
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
