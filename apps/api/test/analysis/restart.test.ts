/**
 * What a user analysed, edited, saved and shared survives a restart of the app on its file-backed
 * PGlite (the default set-up without DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { signUp } from '../support/accounts.js';
import { austin, FIXTURE_MARKET_DIR } from '../support/app.js';

describe('analyses across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sfr-analyses-restart-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, MARKET_DATA_DIR: FIXTURE_MARKET_DIR });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reopens the edited analysis, its save and its share link after a restart', {
    timeout: 90_000,
  }, async () => {
    const first = await buildApp({ config });
    const { cookie } = await signUp(first);
    const post = (url: string, payload?: object) =>
      first.inject({ method: 'POST', url, headers: { cookie }, payload });
    const created = (await post('/api/create_property', austin)).json();
    const metrics = { ...created.property.metrics, purchase_price: 415_000 };
    const edited = (
      await post('/api/update_metrics', {
        analysis_id: created.analysis_id,
        property: { ...created.property, metrics },
      })
    ).json();
    const saved = (await post('/api/saved_properties', { analysis_id: created.analysis_id })).json();
    const { url } = (await post(`/api/saved_properties/${saved.id}/share`)).json();
    await first.close();

    const second = await buildApp({ config });
    try {
      const get = (path: string, withCookie = true) =>
        second.inject({ method: 'GET', url: path, headers: withCookie ? { cookie } : {} });
      const reopened = await get(`/api/analyses/${created.analysis_id}`);
      expect(reopened.statusCode).toBe(200);
      // as edited, and now naming its save
      expect(reopened.json()).toEqual({ ...edited, saved_property_id: saved.id });
      expect((await get(`/api/saved_properties/${saved.id}`)).json().property.purchase_price).toBe(415_000);
      const token = new URL(url).pathname.split('/').at(-1);
      const shared = await get(`/api/shared/${token}`, false);
      expect(shared.statusCode).toBe(200);
      expect(shared.json().summary).toEqual(edited.summary);
      expect((await get('/api/analyses')).json().analyses.map((a: { id: string }) => a.id)).toEqual([
        created.analysis_id,
      ]);
    } finally {
      await second.close();
    }
  });
});
