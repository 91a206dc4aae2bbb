#!/usr/bin/env node
/**
 * `underwrite analyze FILE|-` prints the full analysis of one deal as JSON.
 * `underwrite xirr FILE|-` prints `{ "rate": n }` or `{ "rate": null }` for dated flows.
 * `underwrite max-offer FILE|-` prints `{ purchase_price, binding, measures }` for a deal plus `targets`.
 * Invalid input exits with code 2 and one line on stderr naming the field and the rule.
 */
import { readFileSync } from 'node:fs';
import { analyze } from './analyze.js';
import { UnderwritingInputError } from './errors.js';
import { maxOffer, type OfferTargets } from './offer.js';
import type { DealInput } from './types.js';
import { asRecord } from './validate.js';
import { type DatedFlow, xirr } from './xirr.js';

const USAGE = `usage: underwrite analyze FILE     analyse one deal (FILE is JSON, or - for stdin)
       underwrite xirr FILE        XIRR of [{ "date": "YYYY-MM-DD", "amount": n }, ...]
       underwrite max-offer FILE   highest price meeting the deal's "targets" (e.g. { "cash_on_cash": 0.08 })`;

const commands: Record<string, (input: unknown) => unknown> = {
  analyze: (input) => analyze(input as DealInput),
  xirr: (input) => {
    if (!Array.isArray(input))
      throw new UnderwritingInputError('flows', 'must be a JSON array of { date, amount }');
    const result = xirr(input as DatedFlow[]);
    return { rate: result.ok ? result.rate : null };
  },
  'max-offer': (input) => {
    const { targets, ...deal } = asRecord(input);
    return maxOffer(deal as unknown as DealInput, targets as OfferTargets);
  },
};

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UnderwritingInputError(
      'FILE',
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}: ${file})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UnderwritingInputError('FILE', `must hold valid JSON (${(error as Error).message})`);
  }
}

function main(argv: string[]): number {
  const [name, file, ...rest] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined || file === undefined || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return name === '--help' || name === '-h' ? 0 : 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(command(readJson(file)), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UnderwritingInputError) {
      process.stderr.write(`invalid input: ${error.field}: ${error.rule}\n`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
