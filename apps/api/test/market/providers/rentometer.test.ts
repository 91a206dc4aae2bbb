import { afterEach, describe, expect, it } from 'vitest';
import {
  RENTOMETER_SOURCE,
  rentometerBaths,
  rentometerBedrooms,
  rentometerProvider,
} from '../../../src/market/providers/rentometer.js';
import {
  type Handler,
  json,
  providerError,
  type StubServer,
  silent,
  startServer,
  text,
} from '../../support/provider-server.js';
import { rentometerSummary } from './fixtures.js';

const API_KEY = 'rm-live-Zx81kQ';
const ADDRESS = '1100 Congress Ave, Austin, TX 78701';
const now = () => new Date('2025-03-14T23:30:00Z');
let server: StubServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerAgainst(handler: Handler, timeoutMs = 1000) {
  server = await startServer(handler);
  return {
    server,
    rentometer: rentometerProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, timeoutMs, now }),
  };
}

const rentometerError = (promise: Promise<unknown>) => providerError(promise, 'rentometer', API_KEY);

describe('rentometerProvider: the Summary API request and answer', () => {
  it('sends api_key, address, bedrooms and baths to /api/v1/summary and returns the median', async () => {
    const { server, rentometer } = await providerAgainst(json(200, rentometerSummary));
    const rent = await rentometer.marketRent({ address: ADDRESS, bedrooms: 3, baths: 2 });

    const req = server.onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/api/v1/summary');
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      api_key: API_KEY,
      address: ADDRESS,
      bedrooms: '3',
      baths: '1.5+',
    });
    expect(rent).toEqual({
      value: 3250,
      range: { low: rentometerSummary.percentile_25, high: rentometerSummary.percentile_75 },
      mean: 3412,
      samples: 38,
      radius_miles: 0.75,
      source: RENTOMETER_SOURCE,
      vintage: '2025-03-14', // the UTC date of the pinned clock
    });
    expect(rentometer.name).toBe('rentometer');
  });

  it("sends baths '1' for one bathroom and leaves baths out when unknown", async () => {
    const { server, rentometer } = await providerAgainst(json(200, rentometerSummary));
    await rentometer.marketRent({ address: ADDRESS, bedrooms: 2, baths: 1 });
    await rentometer.marketRent({ address: ADDRESS, bedrooms: 2 });
    expect(server.requests.map((r) => r.url.searchParams.get('baths'))).toEqual(['1', null]);
  });

  it('clamps bedrooms above 6 to 6 and says so in the source', async () => {
    const { server, rentometer } = await providerAgainst(json(200, { ...rentometerSummary, bedrooms: 6 }));
    const rent = await rentometer.marketRent({ address: ADDRESS, bedrooms: 8 });
    expect(server.onlyRequest().url.searchParams.get('bedrooms')).toBe('6');
    expect(rent.source).toBe(
      'Rentometer summary API (median); 6-bedroom comparables used for 8 bedrooms (Rentometer accepts 0–6)',
    );
  });

  it('sends latitude and longitude when there is no address text', async () => {
    const { server, rentometer } = await providerAgainst(json(200, rentometerSummary));
    await rentometer.marketRent({ address: '  ', bedrooms: 3, lat: 30.274705, lng: -97.740364 });
    const params = server.onlyRequest().url.searchParams;
    expect(params.has('address')).toBe(false);
    expect(params.get('latitude')).toBe('30.274705');
    expect(params.get('longitude')).toBe('-97.740364');
  });

  it('omits the optional statistics Rentometer leaves null', async () => {
    const { rentometer } = await providerAgainst(
      json(200, {
        ...rentometerSummary,
        mean: null,
        samples: null,
        radius_miles: null,
        percentile_25: null,
        percentile_75: null,
      }),
    );
    const rent = await rentometer.marketRent({ address: ADDRESS, bedrooms: 3 });
    expect(rent).toEqual({ value: 3250, source: RENTOMETER_SOURCE, vintage: '2025-03-14' });
  });
});

describe('rentometerProvider: failures become ProviderError without the key', () => {
  it('401 Invalid API Key', async () => {
    const { rentometer } = await providerAgainst(json(401, { error: 'Invalid API Key' }));
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid API Key');
  });

  it('422 not enough comparables', async () => {
    const { rentometer } = await providerAgainst(
      json(422, { error: 'Not enough properties for analysis in that area' }),
    );
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.status).toBe(422);
    expect(error.kind).toBe('http');
  });

  it('500 with an HTML page', async () => {
    const { rentometer } = await providerAgainst(
      text(500, '<!DOCTYPE html><h1>We are sorry</h1>', 'text/html'),
    );
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.status).toBe(500);
  });

  it('a server that never answers, with timeoutMs 200', async () => {
    const { rentometer } = await providerAgainst(silent, 200);
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.kind).toBe('timeout');
  });

  it('malformed JSON', async () => {
    const { rentometer } = await providerAgainst(text(200, '{"median": 3250,', 'application/json'));
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.kind).toBe('parse');
  });

  it('JSON without a numeric median', async () => {
    const { rentometer } = await providerAgainst(json(200, { ...rentometerSummary, median: '3250' }));
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.kind).toBe('schema');
    expect(error.message).toContain('median');
  });

  it('a zero median (no comparables) is not a rent', async () => {
    const { rentometer } = await providerAgainst(json(200, { ...rentometerSummary, median: 0, samples: 0 }));
    const error = await rentometerError(rentometer.marketRent({ address: ADDRESS, bedrooms: 3 }));
    expect(error.kind).toBe('schema');
  });

  it('no address and no point is refused before any request', async () => {
    const { server, rentometer } = await providerAgainst(json(200, rentometerSummary));
    const error = await rentometerError(
      rentometer.marketRent({ address: '', bedrooms: 3, lat: null, lng: null }),
    );
    expect(error.kind).toBe('input');
    expect(server.requests).toHaveLength(0);
  });
});

describe('request mapping helpers', () => {
  it('rentometerBedrooms rounds and clamps to 0–6', () => {
    expect([0, 1, 3, 6, 7, 20, 2.4, -1].map(rentometerBedrooms)).toEqual([0, 1, 3, 6, 6, 6, 2, 0]);
  });

  it("rentometerBaths maps 1 → '1', 1.5 and up → '1.5+', nothing usable → undefined", () => {
    expect([1, 1.5, 2, 3.5, undefined, 0, Number.NaN].map(rentometerBaths)).toEqual([
      '1',
      '1.5+',
      '1.5+',
      '1.5+',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
