/**
 * First paint, cold, as a ratio to a static page (issue 26 §4). Chromium opens the built app's `/`
 * in a fresh browser context each time (nothing cached: no HTTP cache, no compiled code) and reads
 * `first-contentful-paint` and the moment the analyzer's form is usable (the app's Analyze button
 * in the DOM, not the inert pre-rendered one); the floor is a static HTML page with a heading, a paragraph and a form, served by the same
 * API (a file beside index.html in a copy of the build, on a fresh PGlite), sampled alternately
 * with the app so both see the same machine weather.
 * Twice: as this machine runs, and with a mobile-like CPU (4× slower) and network (150 ms round
 * trip, 1.6 Mb/s down) through the DevTools protocol. Prints figures; asserts no time.
 *
 *   pnpm --filter @sfr/web bench   (the last of its three; after `vite build`; WEB_DIST_DIR names another build)
 *   BENCH_SAMPLES=40 …                              samples per page and profile (default 20)
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { startApi } from '../e2e/support/server';
import { UI_TEXT } from '../src/ui/text';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(process.env.WEB_DIST_DIR ?? join(WEB_DIR, 'dist'));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const TARGET_RATIO = 2;

/** The floor: what a page with no JavaScript and no stylesheet costs to paint on this machine. */
const FLOOR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title></head>
<body><header><strong>SFR Analyst</strong></header><main><h1>Property Analyzer</h1>
<p>A static page: the floor of first paint on this machine.</p>
<form><label>Street <input name="street"></label><button type="button">Analyze</button></form></main></body></html>`;

interface Profile {
  name: string;
  cpuSlowdown: number;
  network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const PROFILES: Profile[] = [
  { name: 'this machine', cpuSlowdown: 1, network: null },
  {
    name: 'mobile-like (4× CPU, 150 ms RTT, 1.6 Mb/s)',
    cpuSlowdown: 4,
    network: { latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
  },
];

/** One cold load: first contentful paint, and (for the app) when the Analyze button is in the DOM. */
async function coldLoad(browser: Browser, url: string, profile: Profile, readySelector: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (profile.cpuSlowdown > 1)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    if (profile.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector(readySelector, { timeout: 60_000 });
    return await page.evaluate(async () => {
      const ready = performance.now();
      for (let i = 0; i < 100; i++) {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        if (paint) return { fcp: paint.startTime, ready };
        await new Promise((r) => setTimeout(r, 20));
      }
      return { fcp: Number.NaN, ready };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const p90 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST} has no index.html: run vite build first`);
  const work = mkdtempSync(join(tmpdir(), 'sfr-first-paint-'));
  const distDir = join(work, 'dist');
  cpSync(DIST, distDir, { recursive: true });
  writeFileSync(join(distDir, 'floor.html'), FLOOR_PAGE);
  const api = await startApi({ distDir, dataDir: join(work, 'data'), logFile: join(work, 'api.log') });
  const origin = api.url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  // the live form: the pre-rendered one is inert until the app replaces it
  const analyze = `form.property-form:not([inert]) button:has-text("${UI_TEXT.analyzeProperty}")`;
  try {
    console.log(
      `Cold first paint of / against a static page (Chromium, ${SAMPLES} samples each, alternating)`,
    );
    console.log(
      'profile                                        │ static FCP p50/p90 │ app FCP p50/p90   │ app form usable p50 │ FCP ratio p50',
    );
    for (const profile of PROFILES) {
      const floor: number[] = [];
      const app: number[] = [];
      const usable: number[] = [];
      await coldLoad(browser, `${origin}/floor.html`, profile, 'form'); // warm the browser process
      await coldLoad(browser, `${origin}/`, profile, analyze);
      for (let i = 0; i < SAMPLES; i++) {
        floor.push((await coldLoad(browser, `${origin}/floor.html`, profile, 'form')).fcp);
        const load = await coldLoad(browser, `${origin}/`, profile, analyze);
        app.push(load.fcp);
        usable.push(load.ready);
      }
      const ratio = median(app) / median(floor);
      const ms = (v: number) => `${v.toFixed(0)} ms`.padStart(7);
      console.log(
        `${profile.name.padEnd(46)} │ ${ms(median(floor))} ${ms(p90(floor))}  │ ${ms(median(app))} ${ms(p90(app))} │ ${ms(median(usable))}             │ ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`,
      );
    }
    console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`);
  } finally {
    await browser.close();
    await api.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
