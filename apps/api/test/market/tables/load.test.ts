import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileHash, loadMarketDir, MARKET_FILES } from '../../../src/market/tables/index.js';
import { FIXTURE_MARKET_DIR } from './fixtures.js';

const temps: string[] = [];

/** A copy of the fixture directory without `omit`, for breaking one file at a time. */
async function fixtureCopy(omit: readonly string[] = []): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'market-'));
  temps.push(dir);
  for (const f of await readdir(FIXTURE_MARKET_DIR)) {
    if (f.endsWith('.csv') && !omit.includes(f)) await copyFile(join(FIXTURE_MARKET_DIR, f), join(dir, f));
  }
  return dir;
}

afterEach(async () => {
  for (const d of temps.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('loadMarketDir', () => {
  it('loads every file with its hash, row count, source and vintage', async () => {
    const r = await loadMarketDir(FIXTURE_MARKET_DIR);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.files.map((f) => f.file)).toEqual(Object.values(MARKET_FILES).map((s) => s.file));
    expect(r.files.find((f) => f.key === 'mortgageRates')).toMatchObject({
      rows: 3,
      bytes: 62,
      sha256: fileHash('date,rate_30y\n2021-01-07,2.65\n2026-10-01,7.28\n2026-09-24,7.03\n'),
    });
    expect(r.data.zipCounty).toHaveLength(17);
  });

  it('says the directory is missing instead of throwing', async () => {
    expect(await loadMarketDir('/nonexistent/market')).toEqual({
      ok: false,
      dir: '/nonexistent/market',
      reason: 'no_directory',
      missing: [],
      invalid: [],
    });
  });

  it('lists the required files that are missing', async () => {
    const dir = await fixtureCopy(['zip_county.csv', 'acs_county.csv']);
    expect(await loadMarketDir(dir)).toMatchObject({
      ok: false,
      reason: 'missing_files',
      missing: ['zip_county.csv', 'acs_county.csv'],
    });
  });

  it('still loads without the optional place crime file', async () => {
    const r = await loadMarketDir(await fixtureCopy(['crime_place.csv']));
    expect(r).toMatchObject({ ok: true, missingOptional: ['crime_place.csv'] });
    expect(r.ok && r.data.crimePlace).toEqual([]);
  });

  it('reports a malformed file with its row and column', async () => {
    const dir = await fixtureCopy();
    await writeFile(
      join(dir, 'acs_county.csv'),
      'county_fips,median_home_value,median_gross_rent,property_tax_rate,median_household_income,population\n4845,1,2,3,4,5\n',
    );
    expect(await loadMarketDir(dir)).toMatchObject({
      ok: false,
      reason: 'invalid_files',
      invalid: [
        {
          file: 'acs_county.csv',
          message: 'acs_county.csv row 1 column county_fips: "4845" is not a 5-digit code',
        },
      ],
    });
  });
});

describe('fileHash', () => {
  it('is the SHA-256 hex digest', () => {
    expect(fileHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(fileHash(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
