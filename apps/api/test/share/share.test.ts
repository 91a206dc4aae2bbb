/**
 * Share links (issue 14 §5): the owner of a saved property makes a read-only link; anyone with it
 * sees the analysis without account data and without spending a search; revoked, unknown and
 * malformed tokens are 404; a token grants nothing else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.js';
import { shareLinks, users } from '../../src/db/schema.js';
import { signUp } from '../support/accounts.js';
import { austin, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

const APP_URL = 'https://sfr.example.com';

describe.each(DATABASE_KINDS)('share links on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { APP_URL });
  }, 60_000);
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

  /** A new user with one saved analysis of `street`. */
  async function ownerWithSave(street: string) {
    const owner = await signUp(t.app);
    const created = (await call('POST', '/api/create_property', owner.cookie, { ...austin, street })).json();
    const saved = (
      await call('POST', '/api/saved_properties', owner.cookie, { analysis_id: created.analysis_id })
    ).json();
    return { ...owner, created, saved };
  }
  const tokenOf = (url: string) => url.slice(`${APP_URL}/shared/`.length);
  const freeSearches = async (id: string) =>
    (await t.database.db.select({ n: users.free_searches }).from(users).where(eq(users.id, id)))[0]?.n;

  it('creates a link that opens signed out, with no account data, costing no search', async () => {
    const owner = await ownerWithSave('1 Shared St');
    const res = await call('POST', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${APP_URL}/shared/[a-z2-7]{40}$`));
    // only the hash is stored
    const token = tokenOf(url);
    const rows = await t.database.db.select().from(shareLinks);
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);

    const searchesBefore = await freeSearches(owner.user.id);
    const opened = await call('GET', `/api/shared/${token}`, null);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['x-robots-tag']).toMatch(/noindex/);
    const body = opened.json();
    expect(body.property.street).toBe('1 Shared St');
    expect(body.summary).toEqual(owner.saved.summary);
    const text = opened.body;
    for (const secret of [owner.user.id, owner.email, owner.saved.id, owner.created.analysis_id]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(body)).not.toContain('analysis_id');
    expect(Object.keys(body)).not.toContain('id');
    // a signed-in stranger opens it too, and nobody spends a search
    const stranger = await signUp(t.app);
    expect((await call('GET', `/api/shared/${token}`, stranger.cookie)).statusCode).toBe(200);
    expect(await freeSearches(owner.user.id)).toBe(searchesBefore);
    expect(await freeSearches(stranger.user.id)).toBe(5);
  });

  it('shows the saved property as it stands now, and revoking turns every link off', async () => {
    const owner = await ownerWithSave('2 Revoked St');
    // the saved list says whether a link is on, so the page offers Stop sharing only then
    const shared = async () =>
      (await call('GET', '/api/saved_properties', owner.cookie))
        .json()
        .properties.find((p: { id: string }) => p.id === owner.saved.id)?.shared;
    expect(await shared()).toBe(false);
    const first = tokenOf(
      (await call('POST', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie)).json().url,
    );
    const second = tokenOf(
      (await call('POST', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie)).json().url,
    );
    expect(first).not.toBe(second);
    expect(await shared()).toBe(true);
    const metrics = { ...owner.created.property.metrics, purchase_price: 410_000 };
    await call('POST', '/api/update_metrics', owner.cookie, {
      saved_property_id: owner.saved.id,
      property: { ...owner.created.property, metrics },
    });
    expect((await call('GET', `/api/shared/${first}`, null)).json().property.purchase_price).toBe(410_000);

    expect(
      (await call('DELETE', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie)).statusCode,
    ).toBe(204);
    for (const token of [first, second]) {
      const res = await call('GET', `/api/shared/${token}`, null);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await shared()).toBe(false);
    // deleting the saved property ends its links too
    const third = tokenOf(
      (await call('POST', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie)).json().url,
    );
    expect((await call('GET', `/api/shared/${third}`, null)).statusCode).toBe(200);
    await call('DELETE', `/api/saved_properties/${owner.saved.id}`, owner.cookie);
    expect((await call('GET', `/api/shared/${third}`, null)).statusCode).toBe(404);
  });

  it('answers unknown and malformed tokens with 404', async () => {
    for (const token of ['a'.repeat(40), 'short', 'A'.repeat(40), "'; drop table share_links; --", '%00']) {
      const res = await call('GET', `/api/shared/${encodeURIComponent(token)}`, null);
      expect(res.statusCode, token).toBe(404);
      expect(res.headers['x-robots-tag'], token).toMatch(/noindex/);
    }
  });

  it('is the owner’s to create and revoke: another user’s id is a 404, a guest 401', async () => {
    const owner = await ownerWithSave('3 Owner St');
    const stranger = await signUp(t.app);
    const url = `/api/saved_properties/${owner.saved.id}/share`;
    expect((await call('POST', url, stranger.cookie)).statusCode).toBe(404);
    expect((await call('POST', url, null)).statusCode).toBe(401);
    const token = tokenOf((await call('POST', url, owner.cookie)).json().url);
    expect((await call('DELETE', url, stranger.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', url, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/shared/${token}`, null)).statusCode).toBe(200);
  });

  it('grants nothing else: no edit, no save, no report, no other property', async () => {
    const owner = await ownerWithSave('4 Read Only St');
    const other = await ownerWithSave('5 Other St');
    const token = tokenOf(
      (await call('POST', `/api/saved_properties/${owner.saved.id}/share`, owner.cookie)).json().url,
    );
    const property = { ...owner.created.property, metrics: { ...owner.created.property.metrics, rent: 1 } };
    const asToken = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { cookie: `sfr_session=${token}`, authorization: `Bearer ${token}` },
      });
    expect(
      (await asToken('POST', '/api/update_metrics', { saved_property_id: owner.saved.id, property }))
        .statusCode,
    ).toBe(401);
    expect(
      (await asToken('POST', '/api/saved_properties', { analysis_id: owner.created.analysis_id })).statusCode,
    ).toBe(401);
    for (const url of [
      `/api/saved_properties/${owner.saved.id}`,
      `/api/saved_properties/${owner.saved.id}/report.pdf`,
      `/api/analyses/${owner.created.analysis_id}`,
      `/api/saved_properties/${other.saved.id}/report.csv`,
      `/api/shared/${token}/report.pdf`,
    ]) {
      expect([401, 404], url).toContain((await asToken('GET', url)).statusCode);
    }
    // the owner's save is untouched
    const reopened = (await call('GET', `/api/saved_properties/${owner.saved.id}`, owner.cookie)).json();
    expect(reopened.property.metrics.rent).toBe(owner.created.property.metrics.rent);
  });
});
