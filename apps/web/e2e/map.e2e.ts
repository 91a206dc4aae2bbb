/**
 * The property map (product spec §2: centred on the address at zoom 15, one marker, 400 px high).
 *
 * Without a Mapbox token (the shared API) Leaflet draws raster tiles from the tile server the API
 * names; here a stand-in OpenStreetMap-style tile server (support/tile-server.ts, real PNG tiles)
 * that startApi runs beside every API. No mapbox-gl code is downloaded, and an address that cannot
 * be located says 'Map data not available'.
 *
 * With a public Mapbox token, on an API of its own: the lazily loaded mapbox-gl chunk draws the
 * style Mapbox serves, with one marker at the address; a style Mapbox refuses (a bad token) leaves
 * the coordinates panel, never a blank canvas. Mapbox is unreachable here, so api.mapbox.com and
 * events.mapbox.com are answered in the browser by a stand-in that speaks their documented formats
 * (Style Specification v8 JSON, error bodies, 204 for telemetry).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MAP_HEIGHT_PX,
  MAP_ZOOM,
  type MapPoint,
  MESSAGES,
  mapPointSchema,
  publicConfigSchema,
} from '@sfr/contracts';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { settle } from './support/network';
import { type RunningApi, STAND_IN_TILE_ATTRIBUTION, startApi } from './support/server';
import { DESKTOP, openSession, PHONE, type Session, sharedMember } from './support/session';
import { TILE_SIZE } from './support/tile-server';

/** A public token in Mapbox's shape (pk.<base64url JSON>.<signature>); mapbox-gl reads its account. */
const PUBLIC_TOKEN = `pk.${Buffer.from('{"u":"sfr-e2e","a":"test"}').toString('base64url')}.c2lnbmF0dXJl`;
const STYLE_BACKGROUND = '#dbeafe';
const MAPBOX = /^https:\/\/([a-z0-9-]+\.)*mapbox\.com\//;
/** for a human to look at (gitignored), as pages.e2e.ts does */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

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

async function analyse(page: Page, deal = AUSTIN): Promise<void> {
  await page.goto('/');
  await fillAnalyzer(page, deal);
  await analyzeButton(page).click();
  await resultsHeading(page).waitFor({ timeout: 30_000 });
}

const mapSection = (page: Page) => page.locator('section[aria-label^="Map of"]');

describe('the map with a Mapbox token', () => {
  const member = sharedMember();

  async function signedIn(): Promise<Session> {
    const session = await openSession(browser, { url: mapApi.url });
    await member(session.context);
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
    // centred on the address: the pin's middle on the canvas's vertical axis, its tip at the centre
    // (within half the pin: Mapbox's pin has a shadow below its tip); again once its card narrows
    await map.scrollIntoViewIfNeeded();
    const offCentre = () => tipFromCentre(map, '.mapboxgl-map', '.mapboxgl-marker svg');
    expect((await offCentre()).x).toBeLessThan(2);
    expect((await offCentre()).y).toBeLessThan(20);
    await map.evaluate((el) => {
      (el as HTMLElement).style.width = '60%';
    });
    await expect.poll(async () => (await offCentre()).x).toBeLessThan(2);
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

/**
 * How far a marker's tip (its bottom centre) sits from the centre of its map's area, across and
 * down; both read in one frame, as the page above the map may still move between two reads.
 */
function tipFromCentre(map: Locator, area: string, marker: string): Promise<{ x: number; y: number }> {
  return map.evaluate(
    (el, [areaSelector, markerSelector]) => {
      const [box, tip] = [areaSelector, markerSelector].map((selector) =>
        el.querySelector(selector)?.getBoundingClientRect(),
      );
      if (!box || !tip) throw new Error('the map or its marker has no box');
      return {
        x: Math.abs(tip.x + tip.width / 2 - (box.x + box.width / 2)),
        y: Math.abs(tip.bottom - (box.y + box.height / 2)),
      };
    },
    [area, marker] as const,
  );
}

/** The README deal as the results name it (the map's look-up). */
const AUSTIN_LINE = `${AUSTIN.street}, ${AUSTIN.city}, ${AUSTIN.state_code} ${AUSTIN.zipcode}`;

/** The tile holding `point` at `zoom` (OpenStreetMap's "slippy map" tile numbering, Web Mercator). */
function tileOf({ lat, lng }: MapPoint, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n),
  };
}

describe('the map without a Mapbox token', () => {
  const member = sharedMember();

  async function signedIn(viewport = DESKTOP): Promise<Session> {
    const session = await openSession(browser, { viewport });
    await member(session.context);
    return session;
  }

  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])(
    'at %s px draws the tile server’s tiles with their credit, 400 px tall, one marker at the centre',
    async (_, viewport) => {
      const { page, context } = await signedIn(viewport);
      const config = publicConfigSchema.parse(await (await context.request.get('/api/config')).json());
      const tileOrigin = new URL(config.mapTiles.urlTemplate.replace(/\{[a-z]\}/g, '0')).origin;
      const scripts: string[] = [];
      const tiles: { url: string; status: number; type: string }[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' || MAPBOX.test(request.url())) scripts.push(request.url());
      });
      page.on('response', (response) => {
        if (response.url().startsWith(tileOrigin))
          tiles.push({
            url: response.url(),
            status: response.status(),
            type: response.headers()['content-type'] ?? '',
          });
      });

      await settle(page, () => page.goto('/'));
      expect(
        scripts.some((url) => /TileMap/.test(url)),
        'the map code waits for the results',
      ).toBe(false);
      await fillAnalyzer(page);
      await analyzeButton(page).click();
      await resultsHeading(page).waitFor({ timeout: 30_000 });

      const map = mapSection(page);
      await map.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 30_000 });
      // in view, as a reader sees it: the results' cards skip the layout of what is off screen
      // (content-visibility), so a map drawn there may have had no width yet
      await map.scrollIntoViewIfNeeded();
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      expect(box.height).toBe(MAP_HEIGHT_PX);
      // full width of the card it sits in
      const room = await map.evaluate((el) => {
        const parent = el.parentElement as HTMLElement;
        const style = getComputedStyle(parent);
        return (
          parent.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
        );
      });
      expect(Math.abs(box.width - room)).toBeLessThan(1);
      expect(box.width).toBeGreaterThan(250);

      // real tiles from the tile server, decoded by the browser, around the address at zoom 15
      const images = await map
        .locator('img.leaflet-tile-loaded')
        .evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({ src: img.src, width: img.naturalWidth })),
        );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.src).toMatch(new RegExp(`^${tileOrigin}/${MAP_ZOOM}/\\d+/\\d+\\.png$`));
        expect(image.width).toBe(TILE_SIZE);
      }
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every((tile) => tile.status === 200 && tile.type === 'image/png')).toBe(true);
      // the tile under the address, by the slippy-map numbering (Austin: x 7487, y 13490)
      const point = mapPointSchema.parse(
        await (
          await context.request.get(`/api/address/geocode?address=${encodeURIComponent(AUSTIN_LINE)}`)
        ).json(),
      );
      const { x, y } = tileOf(point, MAP_ZOOM);
      expect(tiles.map((tile) => tile.url)).toContain(`${tileOrigin}/${MAP_ZOOM}/${x}/${y}.png`);

      await map.getByText(STAND_IN_TILE_ATTRIBUTION).waitFor();
      // the API geocodes offline here (no Mapbox server token): the page says the pin is the ZIP's centre
      expect(point.precision).toBe('zip');
      await page.getByText(MESSAGES.mapZipCentre).waitFor();
      const markers = map.locator('.leaflet-marker-icon');
      expect(await markers.count()).toBe(1);
      // its tip (bottom centre) on the map's centre, where the address is
      const offCentre = async () => {
        const { x, y } = await tipFromCentre(map, '.leaflet-container', '.leaflet-marker-icon');
        return Math.max(x, y);
      };
      expect(await offCentre()).toBeLessThanOrEqual(1);
      // the card changes width after the map is drawn (the layout settling): the pin stays centred
      await map.evaluate((el) => {
        (el as HTMLElement).style.width = '60%';
      });
      await expect.poll(offCentre).toBeLessThanOrEqual(1);
      await map.evaluate((el) => {
        (el as HTMLElement).style.width = '';
      });
      await expect.poll(offCentre).toBeLessThanOrEqual(1);

      expect(
        scripts.some((url) => /MapboxMap|mapbox\.com/.test(url)),
        'no mapbox-gl without a token',
      ).toBe(false);
      expect(await page.getByText('The map could not be loaded.').count()).toBe(0);
      expect(await page.getByRole('heading', { name: UI_TEXT.sfrAnalystRatings }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page, `the results with the tile map at ${viewport.width} px`);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await map.screenshot({ path: `${SCREENSHOTS}map-tiles-${viewport.width}.png` });
    },
  );

  it("says 'Map data not available' for an address that cannot be located", async () => {
    const { page, expectConsoleError } = await signedIn();
    // the API answers the look-up 404 ADDRESS_NOT_FOUND; Chromium logs the failed request
    expectConsoleError(/status of 404 .* @ https?:\/\/[^/]+\/api\/address\/geocode\?/);
    // a real ZIP with HUD and crime data but no coordinates in the gazetteer
    await analyse(page, {
      ...AUSTIN,
      street: '6500 Florence Pl',
      city: 'Bell Gardens',
      zipcode: '90205',
      state_code: 'CA',
      county_name: 'Los Angeles',
    });
    await page.getByText(MESSAGES.mapUnavailable, { exact: true }).waitFor();
    expect(await mapSection(page).count()).toBe(0);
    expect(await page.locator('img.leaflet-tile').count()).toBe(0);
  });
});
