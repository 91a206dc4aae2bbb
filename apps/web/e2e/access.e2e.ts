/**
 * Who may do what: a guest's submit asks them to log in or sign up, the member pages send guests to
 * /login, and a member whose five free searches are spent is offered a subscription.
 */
import { MESSAGES } from '@sfr/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPUPS, UI_TEXT } from '../src/ui/text';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { settle } from './support/network';
import { baseURL, openSession, signUpThroughApi } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const apiBody = {
  street: AUSTIN.street,
  city: AUSTIN.city,
  zipcode: AUSTIN.zipcode,
  state_code: AUSTIN.state_code,
  county_name: AUSTIN.county_name,
  num_bedrooms: AUSTIN.num_bedrooms,
  num_bathrooms: AUSTIN.num_bathrooms,
  purchase_price: AUSTIN.purchase_price,
  factor: AUSTIN.factor,
};

describe('a guest', () => {
  it("sees the 'Analyzer Access' popup on submit, with Login and Sign Up, and no results", async () => {
    const { page } = await openSession(browser);
    await page.goto('/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();

    const popup = page.getByRole('dialog', { name: POPUPS.analyzerAccess.title });
    await popup.waitFor();
    expect(await popup.getAttribute('aria-modal')).toBe('true');
    await popup.getByText(POPUPS.analyzerAccess.body).waitFor();
    await popup
      .getByRole('link', { name: POPUPS.analyzerAccess.login, exact: true })
      .or(popup.getByRole('button', { name: POPUPS.analyzerAccess.login, exact: true }))
      .waitFor();
    const signUp = popup
      .getByRole('link', { name: POPUPS.analyzerAccess.signUp, exact: true })
      .or(popup.getByRole('button', { name: POPUPS.analyzerAccess.signUp, exact: true }));
    await signUp.waitFor();
    expect(
      await popup.evaluate((el) => el.contains(document.activeElement)),
      'focus moves into the popup',
    ).toBe(true);
    expect(await resultsHeading(page).count()).toBe(0);

    // Escape closes it; Sign Up from a reopened popup goes to /signup
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    await analyzeButton(page).click();
    await signUp.click();
    await page.waitForURL(`${baseURL()}/signup`);
  });

  it.each(['/profile', '/howtouse', '/feedback'])('is sent from %s to /login', async (path) => {
    const { page } = await openSession(browser);
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
  });

  it('may open /savedproperties (no guard) without being sent away', async () => {
    const { page } = await openSession(browser);
    await settle(page, () => page.goto('/savedproperties'));
    expect(new URL(page.url()).pathname).toBe('/savedproperties');
  });
});

describe('a member without free searches', () => {
  it("sees 'Out of Free Searches' on the sixth analysis, and Subscribe Now leads to /profile", async () => {
    const session = await openSession(browser);
    const { page, context } = session;
    await signUpThroughApi(context);
    // five searches through the API, to save time; the sixth through the form
    for (let search = 1; search <= 5; search++) {
      const res = await context.request.post('/api/create_property', { data: apiBody });
      expect(res.status(), `search ${search}: ${await res.text()}`).toBe(200);
    }
    // the API answers the sixth with 402, which Chromium logs as a failed request
    session.expectConsoleError(/status of 402 .* @ https?:\/\/[^/]+\/api\/create_property$/);

    await page.goto('/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();
    const popup = page.getByRole('dialog', { name: POPUPS.outOfFreeSearches.title });
    await popup.waitFor();
    expect(await page.getByText(MESSAGES.analysisSuccess).count()).toBe(0);
    await popup
      .getByRole('button', { name: POPUPS.outOfFreeSearches.subscribeNow, exact: true })
      .or(popup.getByRole('link', { name: POPUPS.outOfFreeSearches.subscribeNow, exact: true }))
      .click();
    await page.waitForURL(`${baseURL()}/profile`);
    await page.getByText(UI_TEXT.pricingOptions).waitFor();
  });
});
