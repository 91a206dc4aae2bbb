/**
 * The operator's market scripts, run as an operator runs them: a folder or file that is not there is
 * said first, in one line, with how to point the script at the right one (never a stack).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = join(API_DIR, 'node_modules/.bin/tsx');

function run(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      TSX,
      [`scripts/${script}`, ...args],
      { cwd: API_DIR, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('market scripts without their data', () => {
  const nowhere = join(mkdtempSync(join(tmpdir(), 'sfr-scripts-')), 'no-such-folder');

  it.each(['coverage.ts', 'validate.ts'])(
    '%s names the folder and MARKET_DATA_DIR, and fails',
    async (script) => {
      const { code, stderr } = await run(script, [nowhere]);
      expect(code).toBe(1);
      expect(stderr).toContain(`${nowhere} is not a folder`);
      expect(stderr).toMatch(/as the argument or in MARKET_DATA_DIR/);
      expect(stderr).not.toMatch(/at .*\.ts:\d+/); // no stack
    },
  );

  it('market:refresh says a missing workbook is missing before asking for its year', async () => {
    // "missing.xlsx" says no fiscal year, so the year check would refuse it first
    // a relative path is read from the folder the command was typed in (pnpm's INIT_CWD)
    const { code, stderr } = await run('refresh.ts', ['--fmr', 'missing.xlsx'], {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-refresh-')),
      INIT_CWD: API_DIR,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`refresh refused: --fmr: no file at ${join(API_DIR, 'missing.xlsx')}`);
  });
});
