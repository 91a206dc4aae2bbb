import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/http/outbound.js';
import { RENTCAST_SOURCE, rentcastProvider } from '../../src/market/providers/rentcast.js';
import { caught, type Handler, json, type StubServer, silent, startServer, text } from './server.js';

const API_KEY = 'rc-live-9fQ2aZ7mK1';
const ADDRESS = '4218 N Sheridan Rd, Chicago, IL 60614';
const now = () => new Date('2026-11-24T23:30:00Z');
let server: StubServer | undefined;

/**
 * A long-term rent estimate as RentCast documents it (developers.rentcast.io, "Rent Estimate
 * (Long-Term)" response example): the estimate, its range, the subject's coordinates and the
 * comparables it rests on.
 */
const estimate = {
  rent: 2950,
  rentRangeLow: 2600,
  rentRangeHigh: 3300,
  latitude: 41.9599,
  longitude: -87.6546,
  comparables: [
    {
      id: '4200-N-Sheridan-Rd,-Apt-3,-Chicago,-IL-60613',
      formattedAddress: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
      addressLine1: '4200 N Sheridan Rd',
      addressLine2: 'Apt 3',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      county: 'Cook',
      latitude: 41.9588,
      longitude: -87.6544,
      propertyType: 'Apartment',
      bedrooms: 2,
      bathrooms: 1,
      squareFootage: 950,
      yearBuilt: 1925,
      status: 'Active',
      price: 2895,
      listingType: 'Standard',
      listedDate: '2026-10-30T00:00:00.000Z',
      removedDate: null,
      lastSeenDate: '2026-11-22T00:00:00.000Z',
      daysOnMarket: 25,
      distance: 0.0812,
      daysOld: 2,
      correlation: 0.9912,
    },
    {
      id: '640-W-Irving-Park-Rd,-Chicago,-IL-60613',
      formattedAddress: '640 W Irving Park Rd, Chicago, IL 60613',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60613',
      propertyType: 'Condo',
      bedrooms: 2,
      bathrooms: 2,
      price: 3100,
      distance: 0.4321,
      correlation: 0.9655,
    },
  ],
};

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerAgainst(handler: Handler, timeoutMs = 1000) {
  server = await startServer(handler);
  return {
    server,
    rentcast: rentcastProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, timeoutMs, now }),
  };
}

async function rentcastError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ProviderError);
  const pe = error as ProviderError;
  expect(pe.provider).toBe('rentcast');
  expect(pe.message).toMatch(/^rentcast: /);
  expect(pe.message).not.toContain(API_KEY);
  return pe;
}

describe('rentcastProvider: the long-term rent estimate request and answer', () => {
  it('sends the key as X-Api-Key (never in the URL) and the address, bedrooms, bathrooms and type', async () => {
    const { server, rentcast } = await providerAgainst(json(200, estimate));
    const rent = await rentcast.marketRent({ address: ADDRESS, bedrooms: 2, baths: 1.5, units: 1 });

    const req = server.onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/avm/rent/long-term');
    expect(req.headers['x-api-key']).toBe(API_KEY);
    expect(req.url.toString()).not.toContain(API_KEY);
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      address: ADDRESS,
      bedrooms: '2',
      bathrooms: '1.5',
      propertyType: 'Single Family',
    });
    expect(rent).toEqual({
      value: 2950,
      range: { low: 2600, high: 3300 },
      samples: 2,
      radius_miles: 0.4321,
      source: RENTCAST_SOURCE,
      vintage: '2026-11-24', // the UTC date of the pinned clock
    });
  });

  it('asks a 2–4 unit house per unit, without a property type, and a point when there is no address', async () => {
    const { server, rentcast } = await providerAgainst(json(200, estimate));
    await rentcast.marketRent({ address: ' ', bedrooms: 0, lat: 41.9599, lng: -87.6546, units: 3 });
    expect(Object.fromEntries(server.onlyRequest().url.searchParams)).toEqual({
      latitude: '41.9599',
      longitude: '-87.6546',
      bedrooms: '0',
    });
  });

  it('leaves out a range RentCast does not give, or one that does not contain the rent', async () => {
    const { rentcast } = await providerAgainst(
      json(200, { rent: 2950.4, rentRangeLow: null, rentRangeHigh: null, comparables: [] }),
    );
    expect(await rentcast.marketRent({ address: ADDRESS, bedrooms: 2 })).toEqual({
      value: 2950,
      samples: 0,
      source: RENTCAST_SOURCE,
      vintage: '2026-11-24',
    });
    await server?.close();
    const again = await providerAgainst(json(200, { ...estimate, rentRangeLow: 3000, rentRangeHigh: 3300 }));
    expect(await again.rentcast.marketRent({ address: ADDRESS, bedrooms: 2 })).not.toHaveProperty('range');
  });
});

describe('rentcastProvider: failures become ProviderError without the key', () => {
  it('401 with the key echoed back: scrubbed from the message', async () => {
    const { rentcast } = await providerAgainst(
      json(401, { status: 401, error: 'auth/api-key-invalid', message: `Invalid API key: ${API_KEY}` }),
    );
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.status).toBe(401);
    expect(error.kind).toBe('http');
    expect(error.message).toContain('Invalid API key: REDACTED');
  });

  it('429 too many requests', async () => {
    const { rentcast } = await providerAgainst(
      json(429, { status: 429, error: 'rate-limit-exceeded', message: 'Too many requests' }),
    );
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.status).toBe(429);
  });

  it('404 no estimate for the address', async () => {
    const { rentcast } = await providerAgainst(
      json(404, { status: 404, error: 'not-found', message: 'No data found for the specified address' }),
    );
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.status).toBe(404);
    expect(error.message).toContain('No data found');
  });

  it('502 with an HTML page', async () => {
    const { rentcast } = await providerAgainst(text(502, '<html><h1>Bad Gateway</h1></html>', 'text/html'));
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.status).toBe(502);
    expect(error.message).not.toContain('<html>');
  });

  it('a server that never answers, with timeoutMs 200', async () => {
    const { rentcast } = await providerAgainst(silent, 200);
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.kind).toBe('timeout');
  });

  it('malformed JSON', async () => {
    const { rentcast } = await providerAgainst(text(200, '{"rent": 2950,', 'application/json'));
    const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
    expect(error.kind).toBe('parse');
  });

  it('JSON without a positive numeric rent', async () => {
    for (const rent of ['2950', 0, null]) {
      const { rentcast } = await providerAgainst(json(200, { ...estimate, rent }));
      const error = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2 }));
      expect(error.kind).toBe('schema');
      expect(error.message).toContain('rent');
      await server?.close();
      server = undefined;
    }
  });

  it('no address and no point, or a fractional bedroom count, is refused before any request', async () => {
    const { server, rentcast } = await providerAgainst(json(200, estimate));
    const noPlace = await rentcastError(
      rentcast.marketRent({ address: '', bedrooms: 2, lat: null, lng: null }),
    );
    expect(noPlace.kind).toBe('input');
    const half = await rentcastError(rentcast.marketRent({ address: ADDRESS, bedrooms: 2.5 }));
    expect(half.kind).toBe('input');
    expect(server.requests).toHaveLength(0);
  });
});
