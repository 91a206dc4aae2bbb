/**
 * The map with a public Mapbox token, on an API of its own (the shared one runs without): the
 * lazily loaded mapbox-gl chunk draws the style Mapbox serves, with one marker at the address; a
 * style Mapbox refuses (a bad token) leaves the coordinates panel, never a blank canvas. Mapbox is
 * unreachable here, so api.mapbox.com and events.mapbox.com are answered in the browser by a
 * stand-in that speaks their documented formats (Style Specification v8 JSON, error bodies, 204
 * for telemetry). Without a token (the shared API), no mapbox-gl code is even downloaded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAP_HEIGHT_PX, UI_TEXT } from '@sfr/contracts';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { type RunningApi, startApi } from './support/server';
import { openSession, type Session, signUpThroughApi } from './support/session';

/** A public token in Mapbox's shape (pk.<base64url JSON>.<signature>); mapbox-gl reads its account. */
const PUBLIC_TOKEN = `pk.${Buffer.from('{"u":"sfr-e2e","a":"test"}').toString('base64url')}.c2lnbmF0dXJl`;
const STYLE_BACKGROUND = '#dbeafe';
const MAPBOX = /^https:\/\/([a-z0-9-]+\.)*mapbox\.com\//;

let browser: Browser;
let mapApi: RunningApi;
const work = mkdtempSync(join(tmpdir(), 'sfr-e2e-map-'));

beforeAll(async () => {
  browser = await launchBrowser();
  mapApi = await startApi({
    distDir: inject('webDist'),
    dataDir: join(work, 'data'),
    logFile: fileURLToPath(new URL('../test-results/e2e-map-api.log', import.meta.url)),
    env: { MAPBOX_PUBLIC_TOKEN: PUBLIC_TOKEN },
  });
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await mapApi?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Stands in for Mapbox: the style (or `styleStatus` with Mapbox's error body), 204 for the rest. */
async function standInForMapbox(page: Page, styleStatus = 200): Promise<string[]> {
  const asked: string[] = [];
  await page.route(MAPBOX, (route: Route) => {
    const url = new URL(route.request().url());
    asked.push(`${url.host}${url.pathname}`);
    if (url.pathname.startsWith('/styles/v1/')) {
      if (styleStatus !== 200) {
        return route.fulfill({
          status: styleStatus,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Not Authorized - Invalid Token' }),
        });
      }
      // a complete style: no sources, one background layer (Mapbox Style Specification v8)
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          version: 8,
          name: 'SFR e2e',
          sources: {},
          layers: [{ id: 'background', type: 'background', paint: { 'background-color': STYLE_BACKGROUND } }],
        }),
      });
    }
    return route.fulfill({ status: 204, body: '' });
  });
  return asked;
}

async function analyse(page: Page): Promise<void> {
  await page.goto('/');
  await fillAnalyzer(page);
  await analyzeButton(page).click();
  await resultsHeading(page).waitFor({ timeout: 30_000 });
}

const mapSection = (page: Page) => page.locator('section[aria-label^="Map of"]');

describe('the map with a Mapbox token', () => {
  let user: Awaited<ReturnType<typeof signUpThroughApi>>;

  async function signedIn(): Promise<Session> {
    const session = await openSession(browser, { url: mapApi.url });
    if (user) {
      const res = await session.context.request.post('/api/auth/login', {
        data: { email: user.email, password: user.password },
      });
      expect(res.status(), await res.text()).toBe(200);
    } else {
      user = await signUpThroughApi(session.context);
    }
    return session;
  }

  it('draws the style, 400 px tall, with one marker at the address', async () => {
    const { page } = await signedIn();
    const asked = await standInForMapbox(page);
    await analyse(page);

    const map = mapSection(page);
    await map.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 30_000 });
    expect(asked).toContain('api.mapbox.com/styles/v1/mapbox/streets-v12');

    const canvas = map.locator('canvas.mapboxgl-canvas');
    const box = await canvas.boundingBox();
    expect(box?.height).toBe(MAP_HEIGHT_PX);
    expect(box?.width).toBeGreaterThan(200);

    const markers = map.locator('.mapboxgl-marker');
    expect(await markers.count()).toBe(1);
    const pin = await markers.boundingBox();
    if (!box || !pin) throw new Error('the map or its marker has no box');
    // centred on the address: the pin's middle on the canvas's vertical axis, its tip at the centre
    expect(Math.abs(pin.x + pin.width / 2 - (box.x + box.width / 2))).toBeLessThan(2);
    expect(Math.abs(pin.y + pin.height - (box.y + box.height / 2))).toBeLessThan(pin.height / 2);
    expect(await page.getByText('The map could not be loaded.').count()).toBe(0);
  });

  it('shows the coordinates instead when Mapbox refuses the token', async () => {
    const { page, expectConsoleError } = await signedIn();
    expectConsoleError(/status of 401 .* @ https:\/\/api\.mapbox\.com\//);
    expectConsoleError(/Not Authorized - Invalid Token/);
    await standInForMapbox(page, 401);
    await analyse(page);

    await page.getByText('The map could not be loaded.').waitFor({ timeout: 30_000 });
    await page.getByText(/^30\.\d{5}, -97\.\d{5}$/).waitFor();
    expect(await page.locator('canvas.mapboxgl-canvas').count()).toBe(0);
  });
});

describe('the map without a token', () => {
  it('shows the coordinates and what to configure, and never downloads mapbox-gl', async () => {
    const { page, context } = await openSession(browser);
    await signUpThroughApi(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || MAPBOX.test(request.url())) scripts.push(request.url());
    });
    await analyse(page);

    await page.getByText('Set MAPBOX_PUBLIC_TOKEN to show a map').waitFor();
    await page.getByText(/^30\.\d{5}, -97\.\d{5}$/).waitFor();
    expect(scripts.some((url) => /MapboxMap|mapbox\.com/.test(url))).toBe(false);
    expect(await page.getByRole('heading', { name: UI_TEXT.sfrAnalystRatings }).count()).toBe(1);
  });
});
