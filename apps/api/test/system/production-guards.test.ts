/**
 * Production refuses the settings that would give subscriptions away or lose emails: no Stripe key
 * (unless BILLING_MODE=test on purpose), no SMTP_URL. And in production no reset or verification
 * link reaches the log, whether the SMTP server takes the message or refuses it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MESSAGES } from '@sfr/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { emailOutbox } from '../../src/db/schema.js';
import { newUser } from '../auth/helpers.js';
import { startSmtp } from '../auth/smtp-server.js';
import { DATABASE_KINDS, FIXTURE_MARKET_DIR, startApp, type TestApp } from '../support/app.js';

const run = promisify(execFile);
const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

describe('production configuration', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };

  it('refuses production without STRIPE_SECRET_KEY, saying why and how to run test mode on purpose', () => {
    const attempt = () => loadConfig(production);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /STRIPE_SECRET_KEY: is required in production .*anyone subscribes without paying/,
    );
    expect(attempt).toThrow(/BILLING_MODE=test/);
  });

  it('accepts production in test mode when BILLING_MODE=test says so', () => {
    expect(loadConfig({ ...production, BILLING_MODE: 'test' }).BILLING_MODE).toBe('test');
  });

  it('refuses BILLING_MODE=stripe without a key, in any environment', () => {
    expect(() => loadConfig({ BILLING_MODE: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required with BILLING_MODE=stripe/,
    );
  });

  it('refuses production without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING_MODE: 'test' })).toThrow(
      /SMTP_URL: is required in production/,
    );
  });

  it('development still starts with neither', () => {
    expect(loadConfig({}).NODE_ENV).toBe('development');
  });

  it('the server process exits 1 and prints the reason', async () => {
    const attempt = run(TSX, [SERVER], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example:587',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-guard-')),
        MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
      },
      timeout: 30_000,
    });
    await expect(attempt).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/STRIPE_SECRET_KEY: is required in production/),
    });
  }, 40_000);
});

describe.each(DATABASE_KINDS)('links in production logs on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it.each([
    ['delivers', false],
    ['refuses', true],
  ])(
    'never logs a verification or reset link when SMTP %s the message',
    async (_, refuse) => {
      const smtp = await startSmtp({ refuse });
      try {
        const t = await startApp(
          kind,
          { NODE_ENV: 'production', BILLING_MODE: 'test', SMTP_URL: smtp.url, LOG_LEVEL: 'debug' },
          { keepLogs: true },
        );
        apps.push(t);
        const user = newUser();
        const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: user });
        expect(signUp.statusCode).toBe(201);
        const reset = await t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/request',
          payload: { email: user.email },
        });
        expect(reset.statusCode).toBe(200);
        // with an email server, the answer is the spec's: the email was sent
        expect(reset.json()).toEqual({ ok: true, message: MESSAGES.passwordResetSent });
        const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
        expect(mails).toHaveLength(2);
        const tokens = mails.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]);
        expect(tokens.every((token) => token !== undefined && token.length >= 20)).toBe(true);
        const log = t.logs.join('\n');
        expect(log).toContain('"msg":"POST /api/auth/signup 201"'); // the log was captured, a line a request
        for (const token of tokens) expect(log).not.toContain(token);
        expect(log).not.toMatch(/reset-password\?token|verify-email\?token/);
      } finally {
        await smtp.close();
      }
    },
    60_000,
  );
});
