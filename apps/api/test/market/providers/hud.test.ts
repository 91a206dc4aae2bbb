import { afterEach, describe, expect, it } from 'vitest';
import { countyKey, findCounty, type HudOptions, hudProvider } from '../../../src/market/providers/hud.js';
import {
  type Handler,
  json,
  providerError,
  type StubServer,
  silent,
  startServer,
  text,
} from '../../support/provider-server.js';
import { dallasCounty, texasCounties, travisCounty } from './hud-fixtures.js';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.hud-test-token';
let server: StubServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerAgainst(handler: Handler, options: Partial<HudOptions> = {}) {
  server = await startServer(handler);
  return { server, hud: hudProvider({ token: TOKEN, baseUrl: server.baseUrl, timeoutMs: 1000, ...options }) };
}

/** Answers by path: fmr/data/{entity} and fmr/listCounties/{state}. */
const byPath: Handler = (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/fmr/data/4845399999') return json(200, travisCounty)(req, res);
  if (path === '/fmr/data/4811399999') return json(200, dallasCounty)(req, res);
  if (path === '/fmr/listCounties/TX') return json(200, texasCounties)(req, res);
  return json(404, { error: `No data found using '${path.split('/').pop()}'` })(req, res);
};

const hudError = (promise: Promise<unknown>) => providerError(promise, 'hud', TOKEN);

describe('hudProvider: fmr/data', () => {
  it('asks fmr/data/{entityid} with the bearer token and reads a county FMR', async () => {
    const { server, hud } = await providerAgainst(byPath);
    const area = await hud.area('4845399999');
    const req = server.onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/fmr/data/4845399999');
    expect(req.url.search).toBe(''); // HUD's latest year
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers.accept).toBe('application/json');
    expect(area).toEqual({
      entityId: '4845399999',
      year: 2027,
      areaName: 'Austin-Round Rock-San Marcos, TX MSA',
      countyName: 'Travis County',
      smallArea: false,
      fmr: [1510, 1601, 1898, 2405, 2830],
      safmr: new Map(),
    });
  });

  it("reads a Small Area answer: the 'MSA level' row is the area's FMR, the others are ZIPs", async () => {
    const { hud } = await providerAgainst(byPath);
    const area = await hud.area('4811399999');
    expect(area.smallArea).toBe(true);
    expect(area.fmr).toEqual([1620, 1690, 1980, 2490, 3170]);
    expect([...area.safmr.keys()]).toEqual(['75001', '75201']);
    expect(area.safmr.get('75201')).toEqual([2440, 2530, 2970, 3740, 4760]);
  });

  it('accepts rents written as text and a ZIP that lost its leading zero', async () => {
    const basicdata = [
      {
        zip_code: 'MSA level',
        Efficiency: '1206',
        'One-Bedroom': '1410',
        'Two-Bedroom': '1749',
        'Three-Bedroom': '2247',
        'Four-Bedroom': '2637',
        year: '2027',
      },
      {
        zip_code: 1610,
        Efficiency: 1500,
        'One-Bedroom': 1510,
        'Two-Bedroom': 1940,
        'Three-Bedroom': 2400,
        'Four-Bedroom': 2670,
        year: '2027',
      },
    ];
    const { hud } = await providerAgainst(json(200, { data: { ...dallasCounty.data, basicdata } }));
    const area = await hud.area('2502782000');
    expect(area.fmr).toEqual([1206, 1410, 1749, 2247, 2637]);
    expect(area.safmr.get('01610')).toEqual([1500, 1510, 1940, 2400, 2670]);
  });

  it('asks for a fixed year when configured', async () => {
    const { server, hud } = await providerAgainst(byPath, { year: 2026 });
    await hud.area('4845399999');
    expect(server.onlyRequest().url.searchParams.get('year')).toBe('2026');
  });

  it('keeps each answer per entity and year, shares a call in flight, and asks again after a day', async () => {
    let clock = 0;
    const { server, hud } = await providerAgainst(byPath, { now: () => clock });
    await Promise.all([hud.area('4845399999'), hud.area('4845399999')]);
    await hud.area('4845399999');
    expect(server.requests).toHaveLength(1);
    await hud.area('4811399999');
    expect(server.requests).toHaveLength(2);
    clock += 24 * 60 * 60 * 1000;
    await hud.area('4845399999');
    expect(server.requests).toHaveLength(3);
  });

  it('does not keep a failure: the next request asks again', async () => {
    let fail = true;
    const { server, hud } = await providerAgainst((req, res) =>
      fail ? json(500, { error: 'Internal server error occurred' })(req, res) : byPath(req, res),
    );
    await hudError(hud.area('4845399999'));
    fail = false;
    expect((await hud.area('4845399999')).fmr[3]).toBe(2405);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an entity id that is not HUD-shaped without asking', async () => {
    const { server, hud } = await providerAgainst(byPath);
    for (const bad of ['48453', '../listStates', '4845399999?year=1999', 'METRO12420M12420/x']) {
      expect((await hudError(hud.area(bad))).kind).toBe('input');
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('hudProvider: failures become ProviderError without the token', () => {
  it('401 that repeats the token', async () => {
    const { hud } = await providerAgainst(json(401, { error: `Authentication failure for token ${TOKEN}` }));
    const error = await hudError(hud.area('4845399999'));
    expect(error.status).toBe(401);
    expect(error.kind).toBe('http');
    expect(error.message).toContain('Authentication failure for token REDACTED');
  });

  it('404 no data', async () => {
    const { hud } = await providerAgainst(byPath);
    const error = await hudError(hud.area('9999999999'));
    expect(error.status).toBe(404);
    expect(error.message).toContain("No data found using '9999999999'");
  });

  it('500 with an HTML page', async () => {
    const { hud } = await providerAgainst(
      text(500, '<html><body>Internal Server Error</body></html>', 'text/html'),
    );
    expect((await hudError(hud.area('4845399999'))).status).toBe(500);
  });

  it('a server that never answers, with timeoutMs 200', async () => {
    const { hud } = await providerAgainst(silent, { timeoutMs: 200 });
    expect((await hudError(hud.area('4845399999'))).kind).toBe('timeout');
  });

  it('malformed JSON', async () => {
    const { hud } = await providerAgainst(text(200, '{"data": {"basicdata": ', 'application/json'));
    expect((await hudError(hud.area('4845399999'))).kind).toBe('parse');
  });

  it('JSON without the bedroom rents', async () => {
    const { hud } = await providerAgainst(
      json(200, { data: { ...travisCounty.data, basicdata: { Efficiency: 1510, year: '2027' } } }),
    );
    const error = await hudError(hud.area('4845399999'));
    expect(error.kind).toBe('schema');
    expect(error.message).toContain('basicdata');
  });

  it("a Small Area answer without the area's row", async () => {
    const basicdata = dallasCounty.data.basicdata.filter((row) => row.zip_code !== 'MSA level');
    const { hud } = await providerAgainst(json(200, { data: { ...dallasCounty.data, basicdata } }));
    const error = await hudError(hud.area('4811399999'));
    expect(error.kind).toBe('schema');
    expect(error.message).toContain('no area-level row');
  });

  it('a zero rent', async () => {
    const { hud } = await providerAgainst(
      json(200, {
        data: { ...travisCounty.data, basicdata: { ...travisCounty.data.basicdata, 'Four-Bedroom': 0 } },
      }),
    );
    expect((await hudError(hud.area('4845399999'))).kind).toBe('schema');
  });
});

describe('hudProvider: fmr/listCounties and finding a county by name', () => {
  it("lists a state's counties with their entity ids", async () => {
    const { server, hud } = await providerAgainst(byPath);
    const counties = await hud.counties('tx');
    expect(server.onlyRequest().url.pathname).toBe('/fmr/listCounties/TX');
    expect(counties[2]).toEqual({
      fipsCode: '4845399999',
      countyName: 'Travis County',
      townName: null,
      category: 'County',
    });
    expect(findCounty(counties, 'travis county')?.fipsCode).toBe('4845399999');
    expect(findCounty(counties, 'Travis')?.fipsCode).toBe('4845399999');
    expect(findCounty(counties, 'Harris County')).toBeNull();
    expect(findCounty(counties, '')).toBeNull();
  });

  it('tells counties from cities of the same name', () => {
    expect(countyKey('St. Louis County')).toBe('st louis');
    expect(countyKey('Saint Louis County')).toBe('st louis');
    expect(countyKey('St. Louis city')).toBe('st louis city');
    expect(countyKey('Orleans Parish')).toBe('orleans');
  });
});
