/**
 * Builds the API for `pnpm start`: src/server.ts bundled by esbuild into dist/server.js, run by
 * plain node (no tsx at run time), and its child processes into dist/market-prepare.js and
 * dist/pglite-create.js. The workspace packages (@sfr/contracts ships TypeScript) are
 * bundled in; every npm dependency stays external and loads from node_modules as usual.
 * Type-checking is `pnpm typecheck`'s job; this only transpiles.
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@sfr/'))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  // the server, and its child processes, each found beside it: the one an import parses and
  // derives the market rows in (src/market/store/prepare-in-child.ts), and the one a new embedded
  // database folder is made in (src/db/create-pglite.ts)
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/market/store/prepare.child.ts', out: 'market-prepare' },
    { in: 'src/db/create-pglite.child.ts', out: 'pglite-create' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
