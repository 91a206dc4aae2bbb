/**
 * The analyzer's first screen is in the HTML (issue 26 §4): a cold visit to `/` paints the navbar
 * and the form before the JavaScript has run, the form waits for the app (what is typed there would
 * be lost when the app replaces it), no other page carries it, and the app takes over without a
 * blank moment, with the session the page asked for early. Speed itself is measured by bench/first-paint.ts, never here.
 */
import { PROPERTY_FIELD_LABELS as FIELD } from '@sfr/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { launchBrowser } from './support/browser';
import { baseURL, openSession, sharedMember } from './support/session';

let browser: Browser;
const member = sharedMember();
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function withoutJavaScript(path: string) {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

describe('before the JavaScript', () => {
  it('/ shows the navbar and the analyzer form from the HTML alone; the form takes no typing, and no account link is guessed', async () => {
    const { page, close } = await withoutJavaScript('/');
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Property Analyzer');
      expect(await page.getByRole('link', { name: 'SFR Analyst', exact: true }).isVisible()).toBe(true);
      const form = page.locator('form.property-form');
      expect(await form.getAttribute('inert')).not.toBeNull();
      expect(await form.locator('label').allTextContents()).toEqual(
        expect.arrayContaining([FIELD.street, FIELD.city, FIELD.zipcode, FIELD.purchase_price]),
      );
      expect(await form.locator('button[type="submit"]').textContent()).toBe(UI_TEXT.analyzeProperty);
      expect(await page.locator('#navbar-links').innerHTML()).toBe('');
      // drawn with the components' own styles (they load with the app, so the page inlines them):
      // the green navbar and the form's grid, not an unstyled column that jumps when the app arrives
      expect(
        await page.locator('header.navbar').evaluate((el) => getComputedStyle(el).backgroundColor),
      ).not.toBe('rgba(0, 0, 0, 0)');
      expect(await form.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
      // …and those styles are in the page, so the first paint waits for no other request
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    } finally {
      await close();
    }
  });

  it.each(['/login', '/aboutus', '/savedproperties'])(
    '%s carries no analyzer before its own page',
    async (path) => {
      const { page, close } = await withoutJavaScript(path);
      try {
        expect(await page.locator('#root').innerHTML()).toBe('');
      } finally {
        await close();
      }
    },
  );
});

describe('the app takes over', () => {
  it('a guest gets a live form and Login / Sign Up, and the page was never blank on the way', async () => {
    // openSession fails the test on any console error: a guest's session question logs none (QA: a 401)
    const { page } = await openSession(browser);
    // every frame from the first: the heading must be there in each once it has been drawn
    await page.addInitScript(`
      window.__blankAfterShell = false;
      (function watch() {
        var heading = document.querySelector('#root h1');
        if (heading) window.__sawShell = true;
        else if (window.__sawShell) window.__blankAfterShell = true;
        if (performance.now() < 10000) requestAnimationFrame(watch);
      })();
    `);
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/session')
        sessionRequests.push(request.resourceType());
    });
    await page.goto('/');
    await page.getByLabel(FIELD.street, { exact: true }).fill('1100 Congress Ave');
    // the page asked who is signed in while the code downloaded, and the app took that answer
    expect(sessionRequests).toEqual(['other']);
    expect(await page.getByLabel(FIELD.street, { exact: true }).inputValue()).toBe('1100 Congress Ave');
    expect(await page.locator('form.property-form').getAttribute('inert')).toBeNull();
    await page.getByRole('link', { name: UI_TEXT.login, exact: true }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __blankAfterShell: boolean }).__blankAfterShell),
    ).toBe(false);
  });

  it('a member gets their own links, never Login', async () => {
    const { context, page } = await openSession(browser);
    await member(context);
    await page.goto('/');
    await page.getByRole('link', { name: 'Saved Properties', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: UI_TEXT.login, exact: true }).count()).toBe(0);
  });
});
