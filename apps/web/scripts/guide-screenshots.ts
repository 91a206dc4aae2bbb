/**
 * The How to Use guide's illustrations: screenshots of the real app, taken with Chromium.
 *
 *   pnpm --filter @sfr/web exec tsx scripts/guide-screenshots.ts
 *
 * Builds the web app (or uses GUIDE_WEB_DIST), starts the API on a fresh database with the shared
 * market data as the browser tests do (e2e/support/server.ts; or uses the one at GUIDE_BASE_URL,
 * which must serve a build of this tree), signs a new member up, analyses the
 * README's example deal and photographs the parts of the screen the guide talks about. Each is
 * saved as WebP (Chromium's own encoder, through a canvas) under public/guide/, and their sizes go
 * to src/features/content/guide-images.gen.ts, so the page reserves their space before they load.
 * Run it again whenever those screens change.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { holdPeriodTitle } from '@sfr/contracts';
import type { Locator, Page } from 'playwright-core';
import { AUSTIN, fillAnalyzer } from '../e2e/support/analyzer';
import { launchBrowser } from '../e2e/support/browser';
import { settle } from '../e2e/support/network';
import { buildWeb, startApi } from '../e2e/support/server';
import { UI_TEXT } from '../src/ui/text';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(WEB_DIR, 'public', 'guide');
const MODULE = join(WEB_DIR, 'src', 'features', 'content', 'guide-images.gen.ts');
/** CSS pixels are photographed at this density: sharp on most screens, still small files */
const SCALE = 1.5;
const WEBP_QUALITY = 0.82;
/** A figure taller than this is cut: the guide shows the top of a long card. */
const MAX_HEIGHT = 620;
/** where a long card may be cut: under a table row, a list item or a form field */
const ROWS = 'tr, li, .field, [class*="row"]';

export type GuideImageName = 'propertyForm' | 'verdict' | 'assumptions' | 'rating' | 'holdPeriod' | 'saved';

interface Shot {
  name: GuideImageName;
  file: string;
  width: number;
  height: number;
}

/** The card or section that holds the heading called `name`. */
function cardOf(page: Page, name: string): Locator {
  return page
    .getByRole('heading', { name, exact: true })
    .first()
    .locator(
      'xpath=ancestor::*[self::section or self::form or contains(concat(" ", normalize-space(@class), " "), " card ")][1]',
    );
}

/** Encodes a PNG as WebP with the browser's encoder (no image library needed). */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ data, quality }) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
      const buffer = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of buffer) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { data: png.toString('base64'), quality: WEBP_QUALITY },
  );
  return Buffer.from(base64, 'base64');
}

async function shoot(page: Page, name: GuideImageName, file: string, target: Locator): Promise<Shot> {
  // the card's top at the top of the window: a card taller than the window is cut at its bottom
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name}: nothing on screen to photograph`);
  // a long card is cut under its last whole row that fits, not through one
  const height = await target.evaluate(
    (element, { max, rows }) => {
      const top = element.getBoundingClientRect().top;
      const full = element.getBoundingClientRect().height;
      if (full <= max) return Math.round(full);
      const bottoms = [...element.querySelectorAll(rows)]
        .map((row) => row.getBoundingClientRect().bottom - top)
        .filter((bottom) => bottom <= max);
      return Math.round(bottoms.length > 0 ? Math.max(...bottoms) : max);
    },
    { max: MAX_HEIGHT, rows: ROWS },
  );
  const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height };
  const png = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  const webp = await toWebp(page, png);
  writeFileSync(join(OUT_DIR, file), webp);
  console.log(`${file}: ${clip.width} × ${clip.height} CSS px, ${(webp.byteLength / 1000).toFixed(1)} kB`);
  return { name, file, width: clip.width, height: clip.height };
}

function writeModule(shots: Shot[]): void {
  const entries = shots
    .map(
      (shot) =>
        `  ${shot.name}: { src: '/guide/${shot.file}', width: ${shot.width}, height: ${shot.height} },`,
    )
    .join('\n');
  writeFileSync(
    MODULE,
    `// Written by scripts/guide-screenshots.ts from screenshots of the real app; run it again, do not edit.\n` +
      `export const GUIDE_IMAGES = {\n${entries}\n} as const;\n`,
  );
}

/** The API at GUIDE_BASE_URL, or one started on a fresh database serving a fresh build. */
async function runningApi(work: string): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.GUIDE_BASE_URL;
  if (given) return { url: given, stop: async () => {} };
  const distDir = process.env.GUIDE_WEB_DIST ?? join(work, 'dist');
  if (!process.env.GUIDE_WEB_DIST) await buildWeb(distDir);
  return startApi({ distDir, dataDir: join(work, 'data'), logFile: join(work, 'api.log') });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sfr-guide-'));
  const api = await runningApi(work).catch((error: unknown) => {
    rmSync(work, { recursive: true, force: true });
    throw error;
  });
  const browser = await launchBrowser();
  try {
    mkdirSync(OUT_DIR, { recursive: true });
    const context = await browser.newContext({
      baseURL: api.url,
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: SCALE,
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const signUp = await context.request.post('/api/auth/signup', {
      data: {
        firstname: 'Ada',
        lastname: 'Investor',
        email: `guide-${Date.now()}@example.com`,
        password: 'correct horse',
      },
    });
    if (signUp.status() !== 201) throw new Error(`sign-up failed: ${await signUp.text()}`);

    const shots: Shot[] = [];
    await page.goto('/');
    await fillAnalyzer(page);
    // no focus ring in the picture
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    shots.push(await shoot(page, 'propertyForm', 'property-form.webp', page.locator('form').first()));

    await page.getByRole('button', { name: UI_TEXT.analyzeProperty, exact: true }).click();
    await page.getByRole('heading', { name: UI_TEXT.analyzerResults, exact: true }).waitFor();
    await settle(page);
    // no toasts in the pictures
    await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
    shots.push(await shoot(page, 'verdict', 'verdict.webp', cardOf(page, 'Verdict')));
    shots.push(await shoot(page, 'assumptions', 'assumptions.webp', cardOf(page, UI_TEXT.metrics)));
    shots.push(await shoot(page, 'rating', 'rating.webp', cardOf(page, UI_TEXT.sfrAnalystRatings)));
    const holdPeriod = holdPeriodTitle(5);
    if (!holdPeriod) throw new Error('no title for a 5-year hold');
    const table = page.getByRole('table', { name: holdPeriod, exact: true }).first();
    shots.push(await shoot(page, 'holdPeriod', 'hold-period.webp', table));

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/saved_properties') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    const answer = await saved;
    if (answer.status() !== 201) throw new Error(`saving failed: ${await answer.text()}`);
    await page.goto('/savedproperties');
    await page.getByRole('link', { name: new RegExp(`^${AUSTIN.street}`) }).waitFor();
    shots.push(await shoot(page, 'saved', 'saved-properties.webp', page.locator('main li').first()));

    writeModule(shots);
    console.log(`wrote ${shots.length} images to ${OUT_DIR} and their sizes to ${MODULE}`);
  } finally {
    await browser.close();
    await api.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
