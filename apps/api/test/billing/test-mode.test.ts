/**
 * The offline test mode (no STRIPE_SECRET_KEY), end to end through the real app the way a browser
 * goes through it: checkout → the TEST MODE page → Complete → subscribed and unlimited → the portal
 * page → Cancel → cancels at period end.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { subscriptions, users } from '../../src/db/schema.js';
import { austin, FIXTURE_MARKET_DIR } from '../support/app.js';
import { stripeEvent } from './fixtures.js';
import {
  type BillingTestApp,
  DATABASE_KINDS,
  deliver,
  signUp,
  startBillingApp,
  userRecord,
} from './helpers.js';

const APP = 'http://localhost:3000';

/** What a browser sends when a form on one of our pages is submitted. */
const formPost = (app: FastifyInstance, url: string, cookie: string, origin = APP) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      cookie,
      host: 'localhost:3000',
      origin,
      'sec-fetch-site': origin === APP ? 'same-origin' : 'cross-site',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: '',
  });

const pathOf = (url: string) => new URL(url).pathname;

describe.each(DATABASE_KINDS)('billing test mode on %s', (kind) => {
  let t: BillingTestApp;
  beforeAll(async () => {
    t = await startBillingApp(kind, { APP_URL: APP });
  }, 60_000);
  afterAll(async () => t.close());

  const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function startCheckout(cookie: string, plan = 'monthly') {
    const res = await api('POST', '/api/billing/checkout', cookie, { plan });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  }

  it('says billing is in test mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ billingMode: 'test' });
  });

  it('subscribes, analyses without limit, and cancels at period end, all offline', async () => {
    const user = await signUp(t.app);
    await t.database.db.update(users).set({ free_searches: 0 }).where(eq(users.id, user.id));
    const analyse = () => api('POST', '/api/create_property', user.cookie, austin);
    expect((await analyse()).statusCode).toBe(402);

    // checkout → the local test page
    const url = await startCheckout(user.cookie);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/billing\/test-checkout\/cs_test_[0-9a-f]+$/);
    const page = await api('GET', pathOf(url), user.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // under helmet's no-referrer, browsers post the page's forms with `Origin: null` (refused as cross-site)
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('TEST MODE — no card is charged');
    expect(page.body).toContain('$14.99 per month');
    expect(page.body).not.toContain('<script');
    // a nonce'd stylesheet and forms that may only post here or to the app
    const csp = String(page.headers['content-security-policy']);
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(csp).toContain(`form-action 'self' ${APP}`);
    expect(csp).not.toContain('unsafe-inline');
    const sessionId = pathOf(url).split('/').pop();
    expect(page.body).toContain(`action="${sessionId}/complete"`);

    // Complete → back to the profile, subscribed
    const done = await formPost(t.app, `${pathOf(url)}/complete`, user.cookie);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${APP}/profile?checkout=success`);

    const sub = (await api('GET', '/api/billing/subscription', user.cookie)).json();
    expect(sub).toMatchObject({
      status: 'active',
      plan: 'monthly',
      price_id: 'price_test_monthly',
      cancel_at_period_end: false,
    });
    const periodEnd = new Date(sub.current_period_end);
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const me = (await api('GET', '/api/auth/me', user.cookie)).json().user;
    expect(me).toMatchObject({ subscriptionStatus: 'active', autoRenewal: true });
    expect(me.subscriptionExpiration).toBe(sub.current_period_end);
    for (let i = 0; i < 3; i++) expect((await analyse()).statusCode).toBe(200);
    expect((await userRecord(t.database, user.id)).free_searches).toBe(0);

    // the portal → Cancel → back to the profile; still subscribed until the period ends
    const portal = await api('POST', '/api/billing/portal', user.cookie, { returnUrl: `${APP}/profile` });
    expect(portal.statusCode).toBe(200);
    const portalUrl = portal.json().url as string;
    expect(portalUrl).toMatch(/^http:\/\/localhost:3000\/api\/billing\/test-portal\/bps_test_/);
    const portalPage = await api('GET', pathOf(portalUrl), user.cookie);
    expect(portalPage.statusCode).toBe(200);
    expect(portalPage.body).toContain('TEST MODE — no card is charged');
    expect(portalPage.body).toContain('Cancel subscription');
    expect(portalPage.body).toContain(`href="${APP}/profile"`);

    const cancelled = await formPost(t.app, `${pathOf(portalUrl)}/cancel`, user.cookie);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${APP}/profile`);
    expect((await api('GET', '/api/billing/subscription', user.cookie)).json()).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: sub.current_period_end,
    });
    expect((await api('GET', '/api/auth/me', user.cookie)).json().user).toMatchObject({
      subscriptionStatus: 'active',
      autoRenewal: false,
    });
    expect((await analyse()).statusCode).toBe(200);

    // and changes their mind
    expect((await api('GET', pathOf(portalUrl), user.cookie)).body).toContain('Renew subscription');
    await formPost(t.app, `${pathOf(portalUrl)}/renew`, user.cookie);
    expect((await api('GET', '/api/auth/me', user.cookie)).json().user.autoRenewal).toBe(true);
  });

  it('completes a checkout once, for its own user only', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const path = pathOf(await startCheckout(owner.cookie, 'yearly'));

    const othersView = await api('GET', path, other.cookie);
    expect(othersView.statusCode).toBe(404);
    expect(othersView.body).toContain('belongs to another account');
    // no sign-in here (a browser signed in at 127.0.0.1 sent to APP_URL's localhost): said as that (QA)
    const signedOut = await t.app.inject({ method: 'GET', url: path });
    expect(signedOut.statusCode).toBe(404);
    expect(signedOut.body).toContain(
      'You are not signed in at this address. Sign in at <a href="http://localhost:3000/profile">http://localhost:3000</a>',
    );
    expect(signedOut.body).not.toContain('belongs to another account');
    expect((await formPost(t.app, `${path}/complete`, other.cookie)).statusCode).toBe(404);

    expect((await formPost(t.app, `${path}/complete`, owner.cookie)).statusCode).toBe(303);
    const again = await formPost(t.app, `${path}/complete`, owner.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('TEST MODE');
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.price_id).toBe('price_test_yearly');
    expect((await userRecord(t.database, other.id)).subscription_status).toBe('NOT PAID');
  });

  it('resumes an open checkout for the same plan, replaces it for the other, and refuses any once subscribed', async () => {
    const user = await signUp(t.app);
    const monthly = pathOf(await startCheckout(user.cookie));
    expect(pathOf(await startCheckout(user.cookie))).toBe(monthly);
    const path = pathOf(await startCheckout(user.cookie, 'yearly'));
    expect(path).not.toBe(monthly);
    // the replaced one is closed: its page says so and it cannot be paid
    expect((await api('GET', monthly, user.cookie)).statusCode).toBe(404);
    expect((await formPost(t.app, `${monthly}/complete`, user.cookie)).statusCode).toBe(404);
    expect((await formPost(t.app, `${path}/complete`, user.cookie)).statusCode).toBe(303);
    const third = await api('POST', '/api/billing/checkout', user.cookie, { plan: 'yearly' });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('ALREADY_SUBSCRIBED');
  });

  it('keeps its sessions in the database: another process on it opens, resumes and completes them', async () => {
    const other = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        APP_URL: APP,
        MARKET_DATA_DIR: FIXTURE_MARKET_DIR,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'sfr-billing-')),
      }),
      database: t.database,
    });
    try {
      const user = await signUp(t.app);
      const path = pathOf(await startCheckout(user.cookie));
      const resumed = await other.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { cookie: user.cookie },
        payload: { plan: 'monthly' },
      });
      expect(pathOf(resumed.json().url)).toBe(path);
      expect(
        (await other.inject({ method: 'GET', url: path, headers: { cookie: user.cookie } })).statusCode,
      ).toBe(200);
      expect((await formPost(other, `${path}/complete`, user.cookie)).statusCode).toBe(303);
      expect((await userRecord(t.database, user.id)).subscription_status).toBe('active');
    } finally {
      await other.close();
    }
  });

  it('cancels the subscription of a checkout completed by a user who subscribed meanwhile', async () => {
    const user = await signUp(t.app);
    const path = pathOf(await startCheckout(user.cookie));
    // subscribed by another way while this checkout page stayed open
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    await t.database.db.insert(subscriptions).values({
      id: `sub_meanwhile_${user.id}`,
      user_id: user.id,
      status: 'active',
      price_id: 'price_test_monthly',
      current_period_end: periodEnd,
    });
    expect((await formPost(t.app, `${path}/complete`, user.cookie)).statusCode).toBe(303);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(rows).toHaveLength(2);
    const statuses = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(statuses[`sub_meanwhile_${user.id}`]).toBe('active');
    const second = rows.find((r) => r.id !== `sub_meanwhile_${user.id}`);
    expect(second?.status).toBe('canceled');
    expect((await userRecord(t.database, user.id)).subscription_status).toBe('active');
  });

  it('goes back to the profile without subscribing when the checkout is cancelled', async () => {
    const user = await signUp(t.app);
    const path = pathOf(await startCheckout(user.cookie));
    const res = await formPost(t.app, `${path}/cancel`, user.cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/profile`);
    expect((await api('GET', '/api/billing/subscription', user.cookie)).json()).toEqual({
      status: 'inactive',
    });
    expect((await formPost(t.app, `${path}/complete`, user.cookie)).statusCode).toBe(404);
  });

  it('keeps the cross-site check on its pages', async () => {
    const user = await signUp(t.app);
    const path = pathOf(await startCheckout(user.cookie));
    const res = await formPost(t.app, `${path}/complete`, user.cookie, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect((await api('GET', '/api/billing/subscription', user.cookie)).json()).toEqual({
      status: 'inactive',
    });
  });

  it('accepts no webhooks, since nothing can sign them', async () => {
    const user = await signUp(t.app);
    const event = stripeEvent(
      'customer.subscription.created',
      { id: 'sub_x', object: 'subscription' },
      new Date(),
    );
    const res = await deliver(t.app, event);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_SIGNATURE');
    expect((await userRecord(t.database, user.id)).subscription_status).toBe('NOT PAID');
  });
});
