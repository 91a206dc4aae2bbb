/**
 * How node runs one of the API's own modules as a child process: from source (tsx, vitest) the
 * TypeScript file through tsx's loader, found from the caller; from the built server the bundle
 * build.mjs writes beside dist/server.js.
 *
 * @example childScript(import.meta.url, './prepare.child.ts', './market-prepare.js')
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export function childScript(
  callerUrl: string,
  source: string,
  bundle: string,
): { path: string; execArgv: string[] } {
  if (callerUrl.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
    return { path: fileURLToPath(new URL(source, callerUrl)), execArgv: ['--import', tsx] };
  }
  return { path: fileURLToPath(new URL(bundle, callerUrl)), execArgv: ['--enable-source-maps'] };
}
