import { afterEach, describe, expect, it } from 'vitest';
import {
  RENTCAST_RECORD_SOURCE,
  RENTCAST_SOURCE,
  rentcastProvider,
} from '../../../src/market/providers/rentcast.js';
import {
  type Handler,
  json,
  providerError,
  type StubServer,
  silent,
  startServer,
  text,
} from '../../support/provider-server.js';
import { rentcastEstimate as estimate, rentcastRecord as record } from './fixtures.js';

const API_KEY = 'rc-live-9fQ2aZ7mK1';
const ADDRESS = '4218 N Sheridan Rd, Chicago, IL 60614';
const now = () => new Date('2026-11-24T23:30:00Z');
let server: StubServer | undefined;

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

const rentcastError = (promise: Promise<unknown>) => providerError(promise, 'rentcast', API_KEY);

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
      comparables: [
        {
          address: '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
          distance_miles: 0.08,
          bedrooms: 2,
          bathrooms: 1,
          rent: 2895,
          days_on_market: 25,
          last_seen: '2026-11-22',
        },
        // the second lists no days on market nor last-seen date
        {
          address: '640 W Irving Park Rd, Chicago, IL 60613',
          distance_miles: 0.43,
          bedrooms: 2,
          bathrooms: 2,
          rent: 3100,
          days_on_market: null,
          last_seen: null,
        },
      ],
      source: RENTCAST_SOURCE,
      vintage: '2026-11-24', // the UTC date of the pinned clock
    });
  });

  it('sends the square feet of a single-family house; lists comparables nearest first and drops those without an address or rent', async () => {
    const [near, far] = estimate.comparables;
    const { server, rentcast } = await providerAgainst(
      json(200, {
        ...estimate,
        comparables: [
          far,
          { ...near, formattedAddress: null, addressLine1: null },
          { ...near, price: null },
          near,
        ],
      }),
    );
    const rent = await rentcast.marketRent({ address: ADDRESS, bedrooms: 2, units: 1, squareFeet: 1150 });
    expect(server.onlyRequest().url.searchParams.get('squareFootage')).toBe('1150');
    expect(rent.samples).toBe(4);
    expect(rent.comparables?.map((c) => c.address)).toEqual([
      '4200 N Sheridan Rd, Apt 3, Chicago, IL 60613',
      '640 W Irving Park Rd, Chicago, IL 60613',
    ]);
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
      samples: 0, // and no comparables to list
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

const RECORD_ADDRESS = '5500 Grand Lake Dr, San Antonio, TX 78244';

describe('rentcastProvider: property records', () => {
  it('asks /properties by address with the key in a header, and reads the rooms, size, age and latest tax bill', async () => {
    const { server, rentcast } = await providerAgainst(json(200, [record]));
    expect(await rentcast.propertyRecord(RECORD_ADDRESS)).toEqual({
      address: RECORD_ADDRESS,
      bedrooms: 3,
      bathrooms: 2,
      square_feet: 1878,
      year_built: 1973,
      tax_bill: { year: 2024, total: 5014 },
      source: RENTCAST_RECORD_SOURCE,
      vintage: '2026-11-24',
    });
    const req = server.onlyRequest();
    expect(req.url.pathname).toBe('/properties');
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ address: RECORD_ADDRESS });
    expect(req.headers['x-api-key']).toBe(API_KEY);
  });

  it('a record missing fields gives nulls, not a failure', async () => {
    const { rentcast } = await providerAgainst(
      json(200, [
        {
          id: 'x',
          formattedAddress: RECORD_ADDRESS,
          propertyType: 'Single Family',
          propertyTaxes: { '2022': { year: 2022 } },
        },
      ]),
    );
    expect(await rentcast.propertyRecord(RECORD_ADDRESS)).toMatchObject({
      bedrooms: null,
      bathrooms: null,
      square_feet: null,
      year_built: null,
      tax_bill: null,
    });
  });

  it('no record (an empty list, or 404) is null', async () => {
    const { rentcast } = await providerAgainst(json(200, []));
    expect(await rentcast.propertyRecord(RECORD_ADDRESS)).toBeNull();
    await server?.close();
    const again = await providerAgainst(
      json(404, { status: 404, error: 'not-found', message: 'No data found' }),
    );
    expect(await again.rentcast.propertyRecord(RECORD_ADDRESS)).toBeNull();
  });

  it('4xx, 5xx, time-outs and a wrong shape are ProviderErrors without the key', async () => {
    const cases: [Handler, string][] = [
      [json(401, { message: `Invalid API key: ${API_KEY}` }), 'http'],
      [json(500, { message: 'Internal error' }), 'http'],
      [silent, 'timeout'],
      [json(200, { bedrooms: 3 }), 'schema'],
      [json(200, [{ ...record, bedrooms: 'three' }]), 'schema'],
    ];
    for (const [handler, kind] of cases) {
      const { rentcast } = await providerAgainst(handler, 200);
      const error = await rentcastError(rentcast.propertyRecord(RECORD_ADDRESS));
      expect(error.kind).toBe(kind);
      await server?.close();
      server = undefined;
    }
  });
});
