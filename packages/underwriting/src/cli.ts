#!/usr/bin/env node
/**
 * `underwrite analyze FILE|-` prints the full analysis of one deal as JSON.
 * `underwrite xirr FILE|-` prints `{ "rate": n }` or `{ "rate": null }` for dated flows.
 * `underwrite max-offer FILE|-` prints `{ purchase_price, binding, measures }` for a deal plus `targets`.
 * `underwrite simulate FILE|- [--draws N] [--seed S]` prints the percentiles, probabilities, drivers and
 * yearly fan of a deal plus `spreads` (and optional `targets`).
 * `underwrite schedule FILE|- [--csv] [--decimals N]` prints the month-by-month schedule of a deal: JSON
 * rows, or CSV with `--csv` (labels in the header, every digit, or N after the point).
 * `underwrite verify` runs the known-answer suite (published cases of other finance libraries) and
 * prints `{ sources: { <source>: { passed, failed, cases } }, failures }`; exit 1 if any case fails.
 * Invalid input exits with code 2 and one line on stderr naming the field and the rule.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyze } from './analyze.js';
import { UnderwritingInputError } from './errors.js';
import { monthlyScheduleOf, scheduleCsv } from './month-schedule.js';
import { maxOffer, type OfferTargets } from './offer.js';
import { simulate } from './simulate.js';
import type { Spreads } from './spreads.js';
import type { DealInput } from './types.js';
import { asRecord } from './validate.js';
import { verify } from './verify.js';
import { type DatedFlow, xirr } from './xirr.js';

const USAGE = `usage: underwrite analyze FILE     analyse one deal (FILE is JSON, or - for stdin)
       underwrite xirr FILE        XIRR of [{ "date": "YYYY-MM-DD", "amount": n }, ...]
       underwrite max-offer FILE   highest price meeting the deal's "targets" (e.g. { "cash_on_cash": 0.08 })
       underwrite simulate FILE [--draws N] [--seed S]
                                   P10/P50/P90 of the deal with its "spreads" (e.g. { "rent": { "low": 2100, "high": 2600 } })
       underwrite schedule FILE [--csv [--decimals N]]
                                   the deal month by month: JSON rows, or CSV with --csv
       underwrite verify           check our finance functions against other libraries' published test cases`;

const NO_SPREADS =
  'note: no "spreads" given: every draw is the deal as given, so each p10 = p50 = p90 (add "spreads" by assumption, as examples/simulate-austin.json does)';

/** The flags each command takes (`--name value` or `--name=value`); a command not listed takes none. */
const FLAGS: Record<string, readonly string[]> = { simulate: ['draws', 'seed'], schedule: ['decimals'] };
/** The switches each command takes (`--name`, no value). */
const SWITCHES: Record<string, readonly string[]> = { schedule: ['csv'] };
type Flags = Record<string, number>;

/** Output printed as it is rather than as JSON (the schedule's CSV). */
class Text {
  constructor(readonly text: string) {}
}

const commands: Record<string, (input: unknown, flags: Flags, switches: ReadonlySet<string>) => unknown> = {
  analyze: (input) => analyze(input as DealInput),
  xirr: (input) => {
    const result = xirr(datedFlowsOf(input));
    return { rate: result.ok ? result.rate : null };
  },
  'max-offer': (input) => {
    const { targets, ...deal } = asRecord(input);
    return maxOffer(deal as unknown as DealInput, targets as OfferTargets);
  },
  simulate: (input, flags) => {
    const { spreads, targets, ...deal } = asRecord(input);
    const result = simulate(deal as unknown as DealInput, spreads as Spreads, {
      ...(flags.draws !== undefined && { draws: flags.draws }),
      ...(flags.seed !== undefined && { seed: flags.seed }),
      ...(targets !== undefined && { targets: targets as OfferTargets }),
    });
    // valid but varying nothing: say why every range is one number, on stderr so the JSON stays pipeable
    if (spreads === undefined || Object.keys(spreads as Spreads).length === 0)
      process.stderr.write(`${NO_SPREADS}\n`);
    return result;
  },
  schedule: (input, flags, switches) => {
    const { decimals } = flags;
    if (decimals !== undefined && !(Number.isInteger(decimals) && decimals >= 0 && decimals <= 20)) {
      throw new UnderwritingInputError('--decimals', 'must be a whole number from 0 to 20');
    }
    if (decimals !== undefined && !switches.has('csv')) {
      throw new UnderwritingInputError('--decimals', 'applies to the CSV only: add --csv');
    }
    const rows = monthlyScheduleOf(input as DealInput);
    if (!switches.has('csv')) return rows;
    return new Text(scheduleCsv(rows, decimals === undefined ? {} : { decimals }));
  },
};

/**
 * The JSON's flows for `xirr`, each `{ date, amount }` and nothing else, as `analyze` refuses an
 * unknown key (a misspelt "ammount" would otherwise read as a missing amount, and an extra field
 * pass unseen); a date must be text here, where JSON has no Date. `xirr` checks the values.
 */
function datedFlowsOf(input: unknown): DatedFlow[] {
  if (!Array.isArray(input))
    throw new UnderwritingInputError('flows', 'must be a JSON array of { date, amount }');
  input.forEach((flow: unknown, index) => {
    if (typeof flow !== 'object' || flow === null || Array.isArray(flow)) {
      throw new UnderwritingInputError(`flows[${index}]`, 'must be an object { date, amount }');
    }
    const unknown = Object.keys(flow).find((key) => key !== 'date' && key !== 'amount');
    if (unknown !== undefined) {
      throw new UnderwritingInputError(
        `flows[${index}].${unknown}`,
        'is not a field of a flow (date, amount)',
      );
    }
    if (typeof (flow as { date?: unknown }).date !== 'string') {
      throw new UnderwritingInputError(`flows[${index}].date`, "must be a 'YYYY-MM-DD' date");
    }
  });
  return input as DatedFlow[];
}

function readJson(file: string): unknown {
  let text: string;
  try {
    // `pnpm underwrite` runs in the repository's root: a relative FILE is read from where it was typed
    text = readFileSync(file === '-' ? 0 : resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  } catch (error) {
    throw new UnderwritingInputError(
      'FILE',
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${file})`,
    );
  }
  try {
    // a file saved with a byte-order mark (Windows Notepad's UTF-8) is still plain JSON
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UnderwritingInputError('FILE', `must hold valid JSON (${(error as Error).message})`);
  }
}

/**
 * A flag's value as a number: plain decimal only (`Number` alone would take "0x10" or " 12 "); any
 * other text reaches the command's validation as NaN and is named there.
 */
const flagNumber = (value: string): number =>
  /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value) ? Number(value) : Number.NaN;

/**
 * The FILE, flags and switches after a command's name, or what is wrong with them: exactly one FILE,
 * each of the command's flags at most once with a value, and each of its switches at most once, bare.
 */
function parseArgs(
  name: string,
  args: readonly string[],
): { file: string; flags: Flags; switches: Set<string> } | { problem: string } {
  const allowed = FLAGS[name] ?? [];
  const flags: Flags = {};
  const switches = new Set<string>();
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      if (file !== undefined) return { problem: `${name} takes one FILE, not ${file} and ${arg}` };
      file = arg;
      continue;
    }
    if ((SWITCHES[name] ?? []).includes(arg.slice(2))) {
      if (switches.has(arg.slice(2))) return { problem: `${arg} is given twice` };
      switches.add(arg.slice(2));
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = arg.slice(2, equals === -1 ? undefined : equals);
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
    if (!allowed.includes(flag)) return { problem: `${name} takes no --${flag}` };
    if (flag in flags) return { problem: `--${flag} is given twice` };
    if (value === undefined || value === '') return { problem: `--${flag} needs a value` };
    flags[flag] = flagNumber(value);
  }
  return file === undefined
    ? { problem: `${name} needs a FILE (a JSON file, or - for stdin)` }
    : { file, flags, switches };
}

const HELP = new Set(['--help', '-h', 'help']);

function main(argv: string[]): number {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name) || rest.some((arg) => HELP.has(arg))) {
    // asked for: the usage on stdout (to page or grep) and success; no command at all is a mistake
    (name === undefined ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const misused = (problem: string) => {
    process.stderr.write(`${problem}\n${USAGE}\n`);
    return 2;
  };
  if (name === 'verify') {
    if (rest.length > 0) return misused('verify takes no FILE');
    const report = verify();
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.failures.length === 0 ? 0 : 1;
  }
  const command = commands[name];
  if (command === undefined) return misused(`there is no command ${name}`);
  const args = parseArgs(name, rest);
  if ('problem' in args) return misused(args.problem);
  try {
    const output = command(readJson(args.file), args.flags, args.switches);
    process.stdout.write(output instanceof Text ? output.text : `${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UnderwritingInputError) {
      process.stderr.write(`invalid input: ${error.field}: ${error.rule}\n`);
      return 2;
    }
    throw error;
  }
}

// a reader that stops early (`| head`) closes the pipe: that is the end of the output, not an error
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
process.exitCode = main(process.argv.slice(2));
