import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('offline address routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('suggests ZIPs by prefix with city, state and county', async () => {
    const res = await get('/api/address/suggest?q=7870');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe('offline');
    expect(body.suggestions[0]).toMatchObject({
      zipcode: '78701',
      city: 'Austin',
      state_code: 'TX',
      county_name: 'Travis County',
    });
  });

  it('keeps a typed street and matches the city after it', async () => {
    const body = (
      await get(`/api/address/suggest?q=${encodeURIComponent('1100 Congress Ave, Austin')}`)
    ).json();
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions[0]).toMatchObject({
      street: '1100 Congress Ave',
      city: 'Austin',
      state_code: 'TX',
    });
  });

  it('geocodes an address to its ZIP centre, and says 404 when it cannot', async () => {
    const found = await get(
      `/api/address/geocode?address=${encodeURIComponent('1100 Congress Ave, Austin, TX 78701')}`,
    );
    expect(found.statusCode).toBe(200);
    const { lat, lng, precision } = found.json();
    expect(precision).toBe('zip'); // offline: the ZIP's centre, and the answer says so
    expect(lat).toBeCloseTo(30.27, 1);
    expect(lng).toBeCloseTo(-97.74, 1);
    const lost = await get('/api/address/geocode?address=nowhere');
    expect(lost.statusCode).toBe(404);
    expect(lost.json()).toEqual({ error: 'Map data not available', code: 'ADDRESS_NOT_FOUND' });
  });

  it('refuses a missing address with 400', async () => {
    const res = await get('/api/address/geocode');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('address');
  });
});
