/**
 * A browser context per test, with the page's console watched: any console error or uncaught
 * exception fails the test when it ends, unless the test said it expects it (STYLE.md: tests fail
 * on unexpected console.error).
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  type AnalysisResponse,
  analysisResponseSchema,
  type PropertyInput,
  type SavedProperty,
  savedPropertySchema,
} from '@sfr/contracts';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';

export const baseURL = (): string => inject('baseURL');

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Lets console errors matching `pattern` (text + ' @ ' + source URL) through, from now on. */
  expectConsoleError(pattern: RegExp): void;
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 740 };

export async function openSession(
  browser: Browser,
  {
    viewport = DESKTOP,
    url = baseURL(),
  }: {
    viewport?: { width: number; height: number } /** another API than the shared one */;
    url?: string;
  } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL: url, viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // Chromium logs every failed fetch as a console error; a guest's session question is not one
  // (/api/auth/session answers a guest with null), so a signed-out page logs none
  const allowed: RegExp[] = [];
  const unexpected: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (message) => {
      if (message.type() !== 'error') return;
      const line = `${message.text()} @ ${message.location().url}`;
      if (!allowed.some((pattern) => pattern.test(line))) unexpected.push(line);
    });
    p.on('pageerror', (error) => unexpected.push(`uncaught: ${error.message}`));
  };
  watch(page);
  context.on('page', watch);
  onTestFinished(async () => {
    await context.close();
    expect(unexpected, 'console errors in the page').toEqual([]);
  });
  return { context, page, expectConsoleError: (pattern) => allowed.push(pattern) };
}

export interface TestUser {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** A new user's details; the API limits sign-ups to 10 an hour per IP, so tests share users where they can. */
export function newUser(firstname = 'Erin'): TestUser {
  return {
    firstname,
    lastname: 'Tester',
    email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
  };
}

/**
 * The header of a client address of its own, for a sign-up or log-in made through the API on a test
 * user's behalf: the API under test trusts one proxy hop (TRUST_PROXY=1, server.ts), so its
 * per-address limits count the tests' many users apart, as they would real users, instead of
 * refusing the eleventh sign-up from 127.0.0.1. From 198.18.0.0/15, kept for tests (RFC 2544).
 */
function ownClientAddress(): Record<string, string> {
  return { 'x-forwarded-for': `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}` };
}

/** Signs up through the API inside `context`, so the context holds the session cookie. */
export async function signUpThroughApi(
  context: BrowserContext,
  user: TestUser = newUser(),
): Promise<TestUser> {
  const res = await context.request.post('/api/auth/signup', { data: user, headers: ownClientAddress() });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/**
 * One member for a whole test file, since sign-ups are limited per IP: the first call signs up
 * inside `context`, later calls log the same member in (each context gets its own session cookie).
 */
export function sharedMember(): (context: BrowserContext) => Promise<TestUser> {
  let user: TestUser | undefined;
  return async (context) => {
    if (!user) {
      user = await signUpThroughApi(context);
      return user;
    }
    const res = await context.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
      headers: ownClientAddress(),
    });
    expect(res.status(), await res.text()).toBe(200);
    return user;
  };
}

/** Analyses `deal` through the API (POST /api/create_property) in the session of `request`. */
export async function analyseThroughApi(
  request: APIRequestContext,
  deal: PropertyInput,
): Promise<AnalysisResponse> {
  const answer = await request.post('/api/create_property', { data: deal, headers: { origin: baseURL() } });
  expect(answer.status(), await answer.text()).toBe(200);
  return analysisResponseSchema.parse(await answer.json());
}

/** Analyses `deal` and saves the analysis through the API, as the results page's Save Property does. */
export async function saveThroughApi(
  request: APIRequestContext,
  deal: PropertyInput,
): Promise<SavedProperty> {
  const { analysis_id } = await analyseThroughApi(request, deal);
  const saved = await request.post('/api/saved_properties', {
    data: { analysis_id },
    headers: { origin: baseURL() },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return savedPropertySchema.parse(await saved.json());
}

/**
 * Subscribes the user signed in to `context` through the API's offline test-mode checkout (no
 * card; the subscription is active once the checkout completes).
 */
export async function subscribeThroughApi(context: BrowserContext): Promise<void> {
  const origin = { origin: baseURL() };
  const checkout = await context.request.post('/api/billing/checkout', {
    data: { plan: 'monthly' },
    headers: origin,
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const complete = await context.request.post(`${url}/complete`, { headers: origin, maxRedirects: 0 });
  expect(complete.status()).toBe(303);
}
