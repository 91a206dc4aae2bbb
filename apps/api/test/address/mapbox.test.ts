import { afterEach, describe, expect, it } from 'vitest';
import { mapboxProvider } from '../../src/address/mapbox.js';
import {
  addressFeature,
  congressAve,
  congressAveForward,
  featureCollection,
  texas,
} from '../market/providers/fixtures.js';
import {
  type Handler,
  json,
  providerError,
  type StubServer,
  silent,
  startServer,
  text,
} from '../support/provider-server.js';

const TOKEN = 'pk.eyJ1Ijoic2ZyIiwiYSI6ImNrMTIzIn0.c2VjcmV0';
let server: StubServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerAgainst(handler: Handler, timeoutMs = 1000, permanent = false) {
  server = await startServer(handler);
  return {
    server,
    mapbox: mapboxProvider({ accessToken: TOKEN, baseUrl: server.baseUrl, timeoutMs, permanent }),
  };
}

const mapboxError = (promise: Promise<unknown>) => providerError(promise, 'mapbox', TOKEN);

describe('mapboxProvider.suggest: the v6 forward request and its mapping', () => {
  it('sends the documented parameters and maps each feature context to form fields', async () => {
    const { server, mapbox } = await providerAgainst(json(200, congressAveForward));
    const suggestions = await mapbox.suggest('1100 Congress Ave, Austin');

    const req = server.onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/search/geocode/v6/forward');
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      q: '1100 Congress Ave, Austin',
      access_token: TOKEN,
      country: 'us',
      types: 'address',
      autocomplete: 'true',
      limit: '5',
    });
    expect(suggestions).toEqual([
      {
        label: '1100 Congress Avenue, Austin, Texas 78701, United States',
        street: '1100 Congress Avenue',
        city: 'Austin',
        zipcode: '78701',
        state_code: 'TX',
        county_name: 'Travis County',
        lat: 30.274705,
        lng: -97.740364,
      },
      {
        label: '1100 South Congress Avenue, Austin, Texas 78704, United States',
        street: '1100 South Congress Avenue',
        city: 'Austin',
        zipcode: '78704',
        state_code: 'TX',
        county_name: 'Travis County',
        lat: 30.252243,
        lng: -97.749611,
      },
    ]);
    expect(mapbox.name).toBe('mapbox');
  });

  it('skips features without a postcode or a region', async () => {
    const base = {
      number: '1',
      street: 'Main Street',
      city: 'Austin',
      county: 'Travis County',
      lng: -97.7,
      lat: 30.2,
    };
    const { mapbox } = await providerAgainst(
      json(
        200,
        featureCollection([
          addressFeature({ ...base, id: 'no-zip', region: texas }),
          addressFeature({ ...base, id: 'no-region', zip: '78701' }),
          congressAve,
        ]),
      ),
    );
    const suggestions = await mapbox.suggest('1 Main');
    expect(suggestions.map((s) => s.street)).toEqual(['1100 Congress Avenue']);
  });

  it('clamps limit to 10, sends proximity as lng,lat and asks for permanent results when configured', async () => {
    const { server, mapbox } = await providerAgainst(json(200, featureCollection([])), 1000, true);
    await mapbox.suggest('1100 Congress', { limit: 25, proximity: { lat: 30.27, lng: -97.74 } });
    const params = server.onlyRequest().url.searchParams;
    expect(params.get('limit')).toBe('10');
    expect(params.get('proximity')).toBe('-97.74,30.27');
    expect(params.get('permanent')).toBe('true');
  });

  it("drops ';' (not allowed in q) and answers a blank query without a request", async () => {
    const { server, mapbox } = await providerAgainst(json(200, featureCollection([])));
    expect(await mapbox.suggest('   ')).toEqual([]);
    expect(server.requests).toHaveLength(0);
    await mapbox.suggest('1100 Congress;Austin');
    expect(server.onlyRequest().url.searchParams.get('q')).toBe('1100 Congress Austin');
  });
});

describe('mapboxProvider.geocode', () => {
  it("returns the first feature's [lng, lat] as { lat, lng } from an exact, single-result request", async () => {
    const { server, mapbox } = await providerAgainst(json(200, featureCollection([congressAve])));
    const point = await mapbox.geocode('1100 Congress Ave, Austin, TX 78701');
    expect(point).toEqual({ lat: 30.274705, lng: -97.740364 });
    const params = server.onlyRequest().url.searchParams;
    expect(params.get('q')).toBe('1100 Congress Ave, Austin, TX 78701');
    expect(params.get('autocomplete')).toBe('false');
    expect(params.get('limit')).toBe('1');
    expect(params.get('access_token')).toBe(TOKEN);
  });

  it('returns null when there are no features', async () => {
    const { mapbox } = await providerAgainst(json(200, featureCollection([])));
    expect(await mapbox.geocode('1 Nowhere Rd, Austin, TX')).toBeNull();
  });
});

describe('mapboxProvider: failures become ProviderError without the token', () => {
  it('401 Not Authorized', async () => {
    const { mapbox } = await providerAgainst(json(401, { message: 'Not Authorized - Invalid Token' }));
    const error = await mapboxError(mapbox.suggest('1100 Congress'));
    expect(error.status).toBe(401);
    expect(error.message).toContain('Not Authorized - Invalid Token');
  });

  it('500', async () => {
    const { mapbox } = await providerAgainst(json(500, { message: 'Internal Server Error' }));
    const error = await mapboxError(mapbox.geocode('1100 Congress Ave, Austin, TX'));
    expect(error.status).toBe(500);
  });

  it('a server that never answers, with timeoutMs 200', async () => {
    const { mapbox } = await providerAgainst(silent, 200);
    const error = await mapboxError(mapbox.suggest('1100 Congress'));
    expect(error.kind).toBe('timeout');
  });

  it('malformed JSON', async () => {
    const { mapbox } = await providerAgainst(
      text(200, '{"type":"FeatureCollection","features":[', 'application/json'),
    );
    const error = await mapboxError(mapbox.suggest('1100 Congress'));
    expect(error.kind).toBe('parse');
  });

  it('JSON that is not a FeatureCollection of features with properties', async () => {
    const { mapbox } = await providerAgainst(
      json(200, { type: 'FeatureCollection', features: [{ id: 'x' }] }),
    );
    const error = await mapboxError(mapbox.suggest('1100 Congress'));
    expect(error.kind).toBe('schema');
    expect(error.message).toContain('features.0.properties');
  });

  it('coordinates that are not numbers', async () => {
    const broken = { ...congressAve, geometry: { type: 'Point', coordinates: ['-97.74', '30.27'] } };
    const { mapbox } = await providerAgainst(json(200, featureCollection([broken])));
    const error = await mapboxError(mapbox.geocode('1100 Congress Ave'));
    expect(error.kind).toBe('schema');
  });
});
