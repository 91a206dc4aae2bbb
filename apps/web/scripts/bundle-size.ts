/**
 * How much JavaScript the analyzer page costs, from the build manifest (dist/.vite/manifest.json,
 * `build.manifest` in vite.config.ts). Run after `vite build`:
 *
 *   pnpm bundle            # root: builds the web app, prints the tables
 *   pnpm bundle --check    # the same, and exits 1 over budget or when mapbox-gl is not lazy
 *
 * - initial: the entry chunk, the app it imports once the page has painted (src/main.tsx), and
 *   everything they import statically (every page downloads it);
 * - analyzer page: the initial JavaScript plus the `/` route's split chunks and their static
 *   imports (what `/` needs before it can be used; the router fetches these at once on `/`);
 * - lazy chunks: each other dynamically imported chunk (other routes, the results, the map) with
 *   the static imports it adds to the analyzer page's.
 * Sizes are gzip level 9 (what the API sends to browsers that do not take brotli) and brotli; the
 * budget applies to the analyzer page, gzip, in kB of 1,000 bytes.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bytesBySource, packageOf } from './source-map-bytes.js';

const BUDGET_KB = 150;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const distDir = resolve(fileURLToPath(new URL('..', import.meta.url)), process.env.WEB_DIST_DIR ?? 'dist');
const check = process.argv.includes('--check');

function readManifest(): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`cannot read ${path}: run \`vite build\` first (build.manifest must be on)`, {
      cause: error,
    });
  }
}

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  let sizes = sizeCache.get(file);
  if (!sizes) {
    const data = readFileSync(join(distDir, file));
    sizes = {
      raw: data.byteLength,
      gzip: gzipSync(data, { level: 9 }).byteLength,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).byteLength,
    };
    sizeCache.set(file, sizes);
  }
  return sizes;
}

const sum = (files: Iterable<string>): Sizes => {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return total;
};

/** Manifest keys reachable from `roots` through static imports (the roots included). */
function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** A readable name: the route file or the package a chunk comes from. */
function label(key: string, chunk: ManifestChunk): string {
  const source = (chunk.src ?? key).replace(/\?tsr-split=.*$/, '');
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  if (chunk.isEntry) return `entry (${source})`;
  return source.startsWith('_') ? (chunk.name ?? source) : source;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function table(rows: { name: string; file: string; sizes: Sizes }[]): string {
  const header = ['chunk', 'file', 'raw', 'gzip', 'brotli'];
  const body = rows.map((row) => [
    row.name,
    row.file,
    kb(row.sizes.raw),
    kb(row.sizes.gzip),
    kb(row.sizes.brotli),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i >= 2 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** The map's chunk: mapbox-gl itself, or the module that imports it (the bundler may merge the two). */
const isMapbox = (key: string, chunk: ManifestChunk) =>
  /mapbox/i.test(`${key} ${chunk.src ?? ''} ${chunk.file} ${chunk.name ?? ''}`);
/**
 * The packages behind `files`, by minified bytes (from the source maps, `build.sourcemap`), with
 * an estimate of their gzip share: each package's share of the raw bytes times the gzip total.
 */
function packageBreakdown(files: string[], gzipTotal: number): string {
  const byPackage = new Map<string, number>();
  let raw = 0;
  let mapped = 0;
  for (const file of files) {
    const code = readFileSync(join(distDir, file), 'utf8');
    let sources: Map<string, number>;
    try {
      sources = bytesBySource(code, JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8')));
      mapped++;
    } catch {
      // Vite's own helpers (preload-helper) ship without a map
      sources = new Map([['(bundler)', code.length]]);
    }
    for (const [source, bytes] of sources) {
      const pkg = packageOf(source);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
      raw += bytes;
    }
  }
  if (mapped === 0) return '(no source maps: build with build.sourcemap to see the packages)';
  const rows = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const width = Math.max(...rows.map(([pkg]) => pkg.length));
  return rows
    .map(
      ([pkg, bytes]) =>
        `${pkg.padEnd(width)}  ${kb(bytes).padStart(9)} raw  ~${kb((gzipTotal * bytes) / raw).padStart(8)} gzip  ${((100 * bytes) / raw).toFixed(1).padStart(5)} %`,
    )
    .join('\n');
}

const isAnalyzerRoute = (key: string) => /^src\/routes\/index\.tsx(\?|$)/.test(key);

function main(): number {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  // the entry paints first and then imports the app (src/main.tsx): that import is every page's too
  const app = manifest[entryKey]?.dynamicImports ?? [];
  const initial = staticClosure(manifest, [entryKey, ...app]);
  const analyzerRoots = Object.keys(manifest).filter(isAnalyzerRoute);
  const analyzer = new Set([...initial, ...staticClosure(manifest, analyzerRoots)]);
  const filesOf = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]?.file ?? key);

  const rowsOf = (keys: Iterable<string>) =>
    [...keys].map((key) => {
      const chunk = manifest[key] as ManifestChunk;
      return { name: label(key, chunk), file: chunk.file, sizes: sizesOf(chunk.file) };
    });

  console.log(`Web bundle, ${distDir}\n`);
  console.log('Initial JavaScript (entry, the app it imports, and their static imports; every page):');
  console.log(table(rowsOf(initial)));
  const initialSizes = sum(filesOf(initial));
  console.log(`total: ${kb(initialSizes.gzip)} gzip, ${kb(initialSizes.brotli)} brotli\n`);

  console.log('The analyzer page (/) adds its route chunks:');
  const routeOnly = [...analyzer].filter((key) => !initial.has(key));
  console.log(routeOnly.length ? table(rowsOf(routeOnly)) : '(none)');
  console.log('');

  // the analyzer page's own route chunks are counted with it, not as lazy chunks
  const lazyKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && !analyzer.has(key));
  console.log('Lazily loaded chunks (each with the static imports it adds to the analyzer page):');
  const lazyRows = lazyKeys
    .map((key) => {
      const chunk = manifest[key] as ManifestChunk;
      const added = [...staticClosure(manifest, [key])].filter((k) => !analyzer.has(k));
      const extra = added.filter((k) => k !== key).map((k) => label(k, manifest[k] as ManifestChunk));
      return {
        name: label(key, chunk) + (extra.length ? ` (+ ${extra.join(', ')})` : ''),
        file: chunk.file,
        sizes: sum(filesOf(added)),
      };
    })
    .sort((a, b) => b.sizes.gzip - a.sizes.gzip);
  console.log(lazyRows.length ? table(lazyRows) : '(none)');

  const css = [...new Set([...analyzer].flatMap((key) => manifest[key]?.css ?? []))];
  const analyzerSizes = sum(filesOf(analyzer));
  const cssSizes = sum(css);
  console.log('');
  if (analyzerRoots.length === 0)
    console.log('the analyzer (src/routes/index.tsx) is in the app, not split (vite.config.ts)');
  console.log(
    `Analyzer page (/) JavaScript: ${kb(analyzerSizes.gzip)} gzip (${kb(analyzerSizes.brotli)} brotli, ${kb(analyzerSizes.raw)} raw); budget ${BUDGET_KB} kB gzip`,
  );
  console.log(`Analyzer page CSS: ${kb(cssSizes.gzip)} gzip (not counted in the budget)`);
  console.log('\nWhere the analyzer page JavaScript comes from (largest first):');
  console.log(packageBreakdown(filesOf(analyzer), analyzerSizes.gzip));
  console.log('');

  const problems: string[] = [];
  if (analyzerSizes.gzip > BUDGET_KB * 1000) {
    problems.push(
      `the analyzer page loads ${kb(analyzerSizes.gzip)} of JavaScript (gzip), over the ${BUDGET_KB} kB budget`,
    );
  }
  const eagerMapbox = [...analyzer].filter((key) => isMapbox(key, manifest[key] as ManifestChunk));
  if (eagerMapbox.length > 0) {
    problems.push(`mapbox-gl is loaded up front (${eagerMapbox.join(', ')}); it must be a lazy chunk`);
  } else if (!Object.entries(manifest).some(([key, chunk]) => isMapbox(key, chunk))) {
    console.log('note: no mapbox-gl chunk in the build (is the map imported yet?)');
  } else {
    console.log('mapbox-gl: in a lazily loaded chunk, not in the analyzer page JavaScript');
  }
  for (const problem of problems) console.log(`${check ? 'FAIL' : 'WARN'}: ${problem}`);
  if (problems.length === 0) console.log('OK: within budget');
  return check && problems.length > 0 ? 1 : 0;
}

process.exitCode = main();
