import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createProperty, FIXTURE_MARKET_DIR } from '../support/app.js';

// The default set-up: no DATABASE_URL, so the app opens its own file-backed PGlite under DATA_DIR.
describe('restart on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sfr-restart-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, MARKET_DATA_DIR: FIXTURE_MARKET_DIR });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the imported market data and does not import it again', { timeout: 60_000 }, async () => {
    const first = await buildApp({ config });
    // the first start's import ran where the new folder was made (create-pglite.ts), not in the app
    expect(first.marketData).toMatchObject({ available: true, imported: false });
    const importedAt = first.marketData.available ? first.marketData.imported_at : null;
    // a signed-in session is part of what must survive the restart
    const signup = await first.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstname: 'Re',
        lastname: 'Start',
        email: 'restart@example.com',
        password: 'secret-enough',
      },
    });
    const cookie = `sfr_session=${signup.cookies.find((c) => c.name === 'sfr_session')?.value}`;
    const before = (await createProperty({ app: first, cookie })).json();
    await first.close();

    const second = await buildApp({ config });
    try {
      expect(second.marketData).toMatchObject({ available: true, imported: false, imported_at: importedAt });
      const after = await createProperty({ app: second, cookie });
      expect(after.statusCode).toBe(200);
      expect(after.json().year_1_metrics.hud_rent).toBe(before.year_1_metrics.hud_rent);
      expect(after.json().summary).toEqual(before.summary);
    } finally {
      await second.close();
    }
  });
});
