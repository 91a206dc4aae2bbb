import { MESSAGES } from '@sfr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysedProperty, signUp } from '../support/accounts.js';
import { DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

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
    expect(list.map((p: { street: string }) => p.street)).toEqual(['500 E 7th St', '1100 Congress Ave']);
    // a summary row: what the list shows, never the analysis
    expect(list[0]).toEqual({
      id: saved2.json().id,
      analysis_id: second.analysis_id,
      address: '500 E 7th St, Austin, TX 78701',
      street: '500 E 7th St',
      city: 'Austin',
      state_code: 'TX',
      zipcode: '78701',
      county_name: 'Travis County',
      factor: 1,
      num_bedrooms: 3,
      num_bathrooms: 2,
      purchase_price: 300_000,
      overall_points: saved2.json().summary.overall_points,
      overall_color: saved2.json().summary.overall_color,
      monthly_levered_cash_flow: saved2.json().year_1_metrics.monthly_levered_cash_flow,
      shared: false,
      savedAt: saved2.json().savedAt,
    });

    const reopened = await call('GET', `/api/saved_properties/${saved1.json().id}`, cookie);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().summary).toEqual(saved1.json().summary);

    expect((await call('DELETE', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved_properties/${saved1.json().id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/saved_properties', cookie)).json().properties).toHaveLength(1);
  });

  it('pages the list by cursor, newest first, in small pages', async () => {
    const { cookie } = await signUp(t.app);
    const streets = ['1 Elm St', '2 Elm St', '3 Elm St', '4 Elm St', '5 Elm St'];
    for (const street of streets) {
      const { analysis_id } = await analysedProperty(t.app, cookie, { street });
      expect((await call('POST', '/api/saved_properties', cookie, { analysis_id })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/saved_properties?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, cookie);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.properties.length).toBeLessThanOrEqual(2);
      // a page of summaries is small: well under a kilobyte a row
      expect(res.body.length).toBeLessThan(2 * 1_024);
      seen.push(...page.properties.map((p: { street: string }) => p.street));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...streets].reverse());
    const bad = await call('GET', '/api/saved_properties?cursor=not-a-cursor', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('This page link is not valid; reload the list of saved properties.');
    expect((await call('GET', '/api/saved_properties?limit=0', cookie)).statusCode).toBe(400);
  });

  it('refuses a second save of an address before recomputing anything: the analysis keeps its metrics', async () => {
    const { cookie } = await signUp(t.app);
    const first = await analysedProperty(t.app, cookie);
    expect(
      (await call('POST', '/api/saved_properties', cookie, { analysis_id: first.analysis_id })).statusCode,
    ).toBe(201);
    const other = await analysedProperty(t.app, cookie, { city: 'AUSTIN' });
    const refused = await call('POST', '/api/saved_properties', cookie, {
      analysis_id: other.analysis_id,
      metrics: { ...other.property.metrics, rent: 9_999 },
    });
    expect(refused.statusCode).toBe(409);
    const reopened = (await call('GET', `/api/analyses/${other.analysis_id}`, cookie)).json();
    expect(reopened.property.metrics.rent).toBe(other.property.metrics.rent);
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

  it('keeps a saved duplex when a triplex (or other rooms) analysed at its address is edited', async () => {
    const { cookie } = await signUp(t.app);
    const duplex = await analysedProperty(t.app, cookie, { factor: 2 });
    const saved = (
      await call('POST', '/api/saved_properties', cookie, { analysis_id: duplex.analysis_id })
    ).json();
    for (const other of [{ factor: 3 }, { factor: 2, num_bedrooms: 4 }, { factor: 2, num_bathrooms: 1 }]) {
      const { analysis_id, property } = await analysedProperty(t.app, cookie, other);
      const edited = { ...property, metrics: { ...property.metrics, rent: 9_000 } };
      expect(
        (await call('POST', '/api/update_metrics', cookie, { analysis_id, property: edited })).statusCode,
      ).toBe(200);
    }
    const reopened = (await call('GET', `/api/saved_properties/${saved.id}`, cookie)).json();
    expect(reopened.analysis_id).toBe(duplex.analysis_id);
    expect(reopened.property.factor).toBe(2);
    expect(reopened.property.metrics.rent).toBe(duplex.property.metrics.rent);
    expect(reopened.savedAt).toBe(saved.savedAt);
    // the same building analysed again at another offer price is the same deal: the save follows it
    const again = await analysedProperty(t.app, cookie, { factor: 2, purchase_price: 400_000 });
    const edited = { ...again.property, metrics: { ...again.property.metrics, rent: 5_000 } };
    await call('POST', '/api/update_metrics', cookie, { analysis_id: again.analysis_id, property: edited });
    const followed = (await call('GET', `/api/saved_properties/${saved.id}`, cookie)).json();
    expect(followed.analysis_id).toBe(again.analysis_id);
    expect(followed.property.metrics.rent).toBe(5_000);
  });

  it('leaves the saved copy as it was when an edit is refused', async () => {
    const { cookie } = await signUp(t.app);
    const { analysis_id, property } = await analysedProperty(t.app, cookie);
    const saved = (await call('POST', '/api/saved_properties', cookie, { analysis_id })).json();
    const edited = { ...property, metrics: { ...property.metrics, rent: 4_000 } };
    // a "±" that does not read is refused by the handler, after the schema has passed the body
    const refused = await call('POST', '/api/update_metrics', cookie, {
      analysis_id,
      property: edited,
      range_widths: { rent: 'a lot' },
    });
    expect(refused.statusCode).toBe(400);
    const reopened = (await call('GET', `/api/saved_properties/${saved.id}`, cookie)).json();
    expect(reopened.savedAt).toBe(saved.savedAt);
    expect(reopened.property.metrics.rent).toBe(property.metrics.rent);
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
