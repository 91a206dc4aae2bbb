import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadDotEnv } from '../src/config.js';

describe('folders in the configuration', () => {
  it('takes an empty folder variable (DATA_DIR= in an env file) as unset, never as the filesystem root', () => {
    const defaults = loadConfig({});
    const empty = loadConfig({ DATA_DIR: '', MARKET_DATA_DIR: ' ', WEB_DIST_DIR: '' });
    expect(empty.DATA_DIR).toBe(defaults.DATA_DIR);
    expect(empty.MARKET_DATA_DIR).toBe(defaults.MARKET_DATA_DIR);
    expect(empty.WEB_DIST_DIR).toBe(defaults.WEB_DIST_DIR);
    expect(defaults.DATA_DIR).toMatch(/\.data$/);
    expect(defaults.MARKET_DATA_DIR).toMatch(/shared\/data\/market$/);
  });

  it('reads a relative folder from where the command was typed (pnpm runs the script in apps/api)', () => {
    const config = loadConfig({ INIT_CWD: '/srv/sfr', DATA_DIR: 'data', MARKET_DATA_DIR: '../market' });
    expect(config.DATA_DIR).toBe('/srv/sfr/data');
    expect(config.MARKET_DATA_DIR).toBe('/srv/market');
    expect(loadConfig({ INIT_CWD: '/srv/sfr', DATA_DIR: '/var/lib/sfr' }).DATA_DIR).toBe('/var/lib/sfr');
    expect(loadConfig({ DATA_DIR: 'data' }).DATA_DIR).toBe(resolve(process.cwd(), 'data'));
  });
});

describe('loadDotEnv', () => {
  const keys = ['SFR_TEST_FROM_FILE', 'SFR_TEST_SET_BOTH'];
  afterEach(() => {
    for (const key of keys) delete process.env[key];
  });

  it('fills in what the environment leaves unset from the .env file, and the environment wins', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sfr-env-')), '.env');
    writeFileSync(file, 'SFR_TEST_FROM_FILE=file\nSFR_TEST_SET_BOTH=file\n');
    process.env.SFR_TEST_SET_BOTH = 'environment';
    loadDotEnv(file);
    expect(process.env.SFR_TEST_FROM_FILE).toBe('file');
    expect(process.env.SFR_TEST_SET_BOTH).toBe('environment');
  });

  it('does nothing without a .env file', () => {
    loadDotEnv(join(tmpdir(), 'no-such-folder-sfr', '.env'));
    expect(process.env.SFR_TEST_FROM_FILE).toBeUndefined();
  });
});
