import { MESSAGES } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startApp, type TestApp } from '../api/helpers.js';
import { analysedProperty, signUp } from './helpers.js';

describe.each(DATABASE_KINDS)('saved properties on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  }, 60_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });

  it('saves, lists newest first, refuses the same address twice, reopens and deletes', async () => {
    const { cookie } = await signUp(t.app);
    const first = await analysedProperty(t.app, cookie);
    const second = await analysedProperty(t.app, cookie, { street: '500 E 7th St', purchase_price: 300_000 });
    const sameAddress = await analysedProperty(t.app, cookie, {
      street: '  1100   CONGRESS ave ',
      city: 'AUSTIN',
    });

    const saved1 = await call('POST', '/api/saved_properties', cookie, { analysis_id: first.analysis_id });
    expect(saved1.statusCode).toBe(201);
    expect(saved1.json()).toMatchObject({
      id: expect.any(String),
      analysis_id: first.analysis_id,
      property: { street: '1100 Congress Ave' },
    });
    expect(saved1.json().year_1_metrics.hud_rent).toBe(2347);
    const saved2 = await call('POST', '/api/saved_properties', cookie, { analysis_id: second.analysis_id });
    expect(saved2.statusCode).toBe(201);

    // same address in other case and spacing: one save per address
    const again = await call('POST', '/api/saved_properties', cookie, {
      analysis_id: sameAddress.analysis_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MESSAGES.alreadySaved, code: 'ALREADY_SAVED' });

    const list = (await call('GET', '/api/saved_properties', cookie)).json().properties;
    expect(list.map((p: { property: { street: string } }) => p.property.street)).toEqual([
      '500 E 7th St',
      '1100 Congress Ave',
    ]);

    const reopened = await call('GET', `/api/saved_properties/${saved1.json().id}`, cookie);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().summary).toEqual(saved1.json().summary);

    expect((await call('DELETE', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/saved_properties', cookie)).json().properties).toHaveLength(1);
  });

  it('overwrites the saved copy with recomputed numbers and a new savedAt after update_metrics', async () => {
    const { cookie } = await signUp(t.app);
    const { analysis_id, property } = await analysedProperty(t.app, cookie);
    const saved = (await call('POST', '/api/saved_properties', cookie, { analysis_id })).json();
    const edited = { ...property, metrics: { ...property.metrics, rent: 4_000 } };
    const updated = await call('POST', '/api/update_metrics', cookie, { analysis_id, property: edited });
    expect(updated.statusCode).toBe(200);
    const reopened = (await call('GET', `/api/saved_properties/${saved.id}`, cookie)).json();
    expect(reopened.property.metrics.rent).toBe(4_000);
    expect(reopened.year_1_metrics.effective_gross_revenue).toBeCloseTo(4_000 * 12 * 0.95, 6);
    expect(Date.parse(reopened.savedAt)).toBeGreaterThanOrEqual(Date.parse(saved.savedAt));
    expect(reopened.summary).toEqual(updated.json().summary);
  });

  it('keeps another user out of everything', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const { analysis_id, property } = await analysedProperty(t.app, alice.cookie);
    const saved = (await call('POST', '/api/saved_properties', alice.cookie, { analysis_id })).json();

    expect((await call('GET', '/api/saved_properties', bob.cookie)).json().properties).toEqual([]);
    expect((await call('GET', `/api/saved_properties/${saved.id}`, bob.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved_properties/${saved.id}`, bob.cookie)).statusCode).toBe(404);
    // bob can neither save nor edit alice's analysis, by its id or her saved property's
    const edited = { ...property, metrics: { ...property.metrics, rent: 9_999 } };
    expect((await call('POST', '/api/saved_properties', bob.cookie, { analysis_id })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/update_metrics', bob.cookie, { analysis_id, property: edited })).statusCode,
    ).toBe(404);
    const bySaved = await call('POST', '/api/update_metrics', bob.cookie, {
      saved_property_id: saved.id,
      property: edited,
    });
    expect(bySaved.statusCode).toBe(404);
    const alices = (await call('GET', `/api/saved_properties/${saved.id}`, alice.cookie)).json();
    expect(alices.property.metrics.rent).toBe(property.metrics.rent);

    for (const [method, url] of [
      ['GET', '/api/saved_properties'],
      ['POST', '/api/saved_properties'],
      ['GET', `/api/saved_properties/${saved.id}`],
      ['DELETE', `/api/saved_properties/${saved.id}`],
      ['POST', '/api/feedback'],
      ['POST', '/api/create_property'],
      ['POST', '/api/update_metrics'],
    ] as const) {
      const payload = method === 'POST' ? { analysis_id, property: edited } : undefined;
      const res = await t.app.inject({ method, url, payload });
      expect([400, 401], `${method} ${url}`).toContain(res.statusCode);
    }
    expect((await call('GET', `/api/saved_properties/${saved.id}`, alice.cookie)).statusCode).toBe(200);
  });
});
