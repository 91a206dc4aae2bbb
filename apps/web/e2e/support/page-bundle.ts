/**
 * A module of ours as one minified IIFE, bundled by Vite as the app bundles it, for a test or a
 * bench to add to a blank page (`page.addScriptTag({ content })`): its exports are then on
 * `window[globalName]`, so the browser runs exactly the code the results page runs.
 */
import { build, type Rollup } from 'vite';

export async function bundleForPage(entry: string, globalName: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: globalName },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const chunk = (Array.isArray(output) ? output[0] : output)?.output[0];
  if (chunk?.type !== 'chunk') throw new Error(`${entry} did not bundle`);
  return chunk.code;
}
