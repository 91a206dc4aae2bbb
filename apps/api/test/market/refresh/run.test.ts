/**
 * `market:refresh` on the real shared data: HUD's next-year workbooks (here a stand-in FY2027 built
 * from the FY2026 file: every rent × 1.03, and the 11 FY2027 values quoted publicly in
 * `checks/fmr_fy2027_checkpoints.csv` where they apply), one served by a local HTTP server, one read
 * from a path. A running app shows the new vintage at its next check, without a restart; a workbook
 * that misses a published value is refused and nothing changes.
 */

import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { MARKET_TABLES_DIR } from '../../../src/config.js';
import { RefreshError } from '../../../src/market/refresh/hud.js';
import { refreshMarketData } from '../../../src/market/refresh/run.js';
import { readMarketStatus } from '../../../src/market/store/import.js';
import { parseCsv } from '../../../src/market/tables/csv.js';
import { parseFmrCsv, parseSafmrCsv } from '../../../src/market/tables/index.js';
import { REAL_MARKET_DIR } from '../../db/helpers.js';
import { createProperty, DATABASE_KINDS, startApp, type TestApp } from '../../support/app.js';
import { type StubServer, startServer } from '../../support/provider-server.js';
import { fmrHeader } from './hud-header.js';

const present = existsSync(REAL_MARKET_DIR);

/** The FY2027 stand-in: FY2026 × 1.03, the published FY2027 values where the checkpoints give them. */
async function fy2027Workbooks(override?: { county: string; bedrooms: number; rent: number }) {
  const fmr = parseFmrCsv(await readFile(join(REAL_MARKET_DIR, 'fmr_fy2026.csv'), 'utf8'));
  const [header = [], ...checks] = parseCsv(
    await readFile(join(REAL_MARKET_DIR, 'checks', 'fmr_fy2027_checkpoints.csv'), 'utf8'),
  );
  const col = (name: string) => header.indexOf(name);
  const published = new Map<string, number>(); // `${fmr_area_id}:${bedrooms}` → FY2027
  for (const c of checks) {
    const area = fmr.find((r) => r.county_fips === c[col('example_county_fips')])?.fmr_area_id;
    published.set(`${area}:${c[col('bedrooms')]}`, Number(c[col('fy2027_fmr')]));
  }
  if (override) {
    const area = fmr.find((r) => r.county_fips === override.county)?.fmr_area_id;
    published.set(`${area}:${override.bedrooms}`, override.rent);
  }
  const rent = (r: (typeof fmr)[number], b: number) =>
    published.get(`${r.fmr_area_id}:${b}`) ??
    Math.round(([r.fmr_0, r.fmr_1, r.fmr_2, r.fmr_3, r.fmr_4][b] ?? 0) * 1.03);
  const cell = (value: string | number | null) => (value === null ? null : { value });
  const fmrSheet = [
    fmrHeader(2024).map(cell),
    ...fmr.map((r) =>
      [
        r.state,
        r.hud_area_code.slice(0, 2),
        r.fmr_area_id,
        r.county_name,
        r.town_name,
        r.metro,
        r.area_name,
        r.hud_area_code,
        0,
        ...[0, 1, 2, 3, 4].map((b) => rent(r, b)),
      ].map(cell),
    ),
  ];
  const xlsx = await writeXlsxFile(fmrSheet as never, {} as never).toBuffer();
  const safmr = parseSafmrCsv(await readFile(join(REAL_MARKET_DIR, 'safmr_fy2026.csv'), 'utf8'));
  const csv = `ZIP Code,HUD Area Code,SAFMR 0BR,SAFMR 1BR,SAFMR 2BR,SAFMR 3BR,SAFMR 4BR\n${safmr
    .map((r) =>
      [
        r.zip,
        '',
        ...[r.safmr_0, r.safmr_1, r.safmr_2, r.safmr_3, r.safmr_4].map(
          (v) => Math.round((v * 1.03) / 10) * 10,
        ),
      ].join(','),
    )
    .join('\n')}\n`;
  return { xlsx, csv };
}

// Myrtle Beach, SC (Horry County): not a Small Area FMR area, so its HUD rent is the FMR
const myrtleBeach = {
  street: '1000 N Ocean Blvd',
  city: 'Myrtle Beach',
  zipcode: '29577',
  state_code: 'SC',
  county_name: 'Horry County',
  num_bedrooms: 2,
  num_bathrooms: 1,
  purchase_price: 250_000,
  factor: 1,
};

describe.skipIf(!present).each(DATABASE_KINDS)(
  'market:refresh (%s, real shared data)',
  { timeout: 180_000 },
  (kind) => {
    let t: TestApp;
    let hud: StubServer;
    let dir: string;
    beforeAll(async () => {
      const { xlsx, csv } = await fy2027Workbooks();
      hud = await startServer((_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        });
        res.end(xlsx);
      });
      dir = await mkdtemp(join(tmpdir(), 'sfr-refresh-'));
      await writeFile(join(dir, 'fy2027_safmrs.csv'), csv);
      // the running app looks for a new dataset on every request
      t = await startApp(kind, { MARKET_DATA_DIR: REAL_MARKET_DIR, MARKET_CHECK_INTERVAL_MS: '0' });
    }, 180_000);
    afterAll(async () => {
      await t?.close();
      await hud?.close();
    });

    const hudRent = async () => (await createProperty(t, myrtleBeach)).json().market_data.figures.hud_rent;

    it('refuses a workbook that misses a published FY2027 value, a file that is no CSV, or an impossible year, and changes nothing', async () => {
      const before = await readMarketStatus(t.database.db);
      const { xlsx } = await fy2027Workbooks({ county: '45051', bedrooms: 2, rent: 1500 });
      const path = join(dir, 'FY27_FMRs.xlsx');
      await writeFile(path, xlsx);
      await expect(
        refreshMarketData({
          db: t.database.db,
          dir: REAL_MARKET_DIR,
          tablesDir: MARKET_TABLES_DIR,
          inputs: { fmr: path },
        }),
      ).rejects.toThrow(RefreshError);
      await expect(
        refreshMarketData({
          db: t.database.db,
          dir: REAL_MARKET_DIR,
          tablesDir: MARKET_TABLES_DIR,
          inputs: { fmr: path },
        }),
      ).rejects.toThrow(/Myrtle Beach.* 2 BR: FY2027 1504 published, 1500 in the file/);
      // a file that is no CSV, and a year that cannot be right, are refusals too, not a crash
      const broken = join(dir, 'FY27_FMRs.csv');
      await writeFile(broken, 'fips,"unclosed\n1,2\n');
      const refresh = (fmr: string, fy?: number) =>
        refreshMarketData({
          db: t.database.db,
          dir: REAL_MARKET_DIR,
          tablesDir: MARKET_TABLES_DIR,
          fy,
          inputs: { fmr },
        });
      await expect(refresh(broken)).rejects.toThrow(RefreshError);
      await expect(refresh(broken)).rejects.toThrow(/^FY27_FMRs\.csv is not a workbook or CSV we read: /);
      await expect(refresh(path, 2099)).rejects.toThrow(/^FY2099 is not published yet/);
      await expect(refresh(path, Number.NaN)).rejects.toThrow(/^which fiscal year is FY27_FMRs\.xlsx\?/);
      const after = await readMarketStatus(t.database.db);
      expect(after.available && after.dataset_hash).toBe(before.available && before.dataset_hash);
    });

    it('imports FY2027 from a URL and a path, reproducing the published values, and the running app shows it', async () => {
      const last = await hudRent();
      expect(last).toMatchObject({ value: 1465, vintage: "FY2026 (from 2025-10-01), last year's" });

      const report = await refreshMarketData({
        db: t.database.db,
        dir: REAL_MARKET_DIR,
        tablesDir: MARKET_TABLES_DIR,
        inputs: {
          fmr: `${hud.baseUrl}/portal/datasets/fmr/fmr2027/FY27_FMRs.xlsx`,
          safmr: join(dir, 'fy2027_safmrs.csv'),
        },
      });
      expect(report.files.map((f) => [f.name, f.rows])).toEqual([
        ['fmr_fy2027.csv', 4764],
        ['safmr_fy2027.csv', 38601],
      ]);
      expect(report.files[0]?.check.checked).toHaveLength(11);
      expect(report.status).toMatchObject({ available: true, imported: true });
      const files = report.status.available ? report.status.files : [];
      expect(files.find((f) => f.name === 'fmr_fy2027.csv')).toMatchObject({
        refreshed: true,
        vintage: 'FY2027 (effective 2026-10-01)',
      });

      // the same process, not restarted: the FY2027 rent, no longer last year's
      const now = await hudRent();
      expect(now).toMatchObject({ value: 1504, vintage: 'FY2027 (from 2026-10-01)' });
      expect(now.note).not.toMatch(/last year's/);
      const health = (await t.app.inject({ url: '/api/health' })).json();
      expect(health.market_data.files.map((f: { name: string }) => f.name)).toContain('safmr_fy2027.csv');
    });
  },
);
