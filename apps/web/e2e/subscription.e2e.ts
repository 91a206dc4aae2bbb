/** Subscribing through the offline test-mode checkout: Profile → $14.99/month → Complete → subscribed. */
import { formatMoney, SUBSCRIPTION_PRICES } from '@sfr/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { launchBrowser } from './support/browser';
import { expectNoSettingNames } from './support/investor-text';
import { baseURL, openSession, signUpThroughApi, subscribeThroughApi } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('subscribing', () => {
  it('goes from the pricing options through the test checkout back to Manage Subscription', async () => {
    const { page, context } = await openSession(browser);
    await signUpThroughApi(context);
    await page.goto('/profile');
    await page.getByText(UI_TEXT.pricingOptions).waitFor();
    expect(await page.getByRole('button', { name: UI_TEXT.manageSubscription }).count()).toBe(0);
    expect(await page.getByText('Free Searches', { exact: true }).count()).toBe(1);

    // the button names the price, '$14.99/month' or similar
    const price = formatMoney(SUBSCRIPTION_PRICES.monthly).replace(/[$.]/g, '\\$&');
    await page.getByRole('button', { name: new RegExp(price) }).click();

    // the API's test-mode checkout page (no card is charged)
    await page.waitForURL(/\/api\/billing\/test-checkout\//, { timeout: 20_000 });
    await page.getByText('TEST MODE').first().waitFor();
    await expectNoSettingNames(page, 'the test-mode checkout');
    await page.getByRole('button', { name: /complete/i }).click();

    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('button', { name: UI_TEXT.manageSubscription }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(UI_TEXT.pricingOptions).count()).toBe(0);
    // unlimited now: no count of free searches beside the subscription
    expect(await page.getByText('Free Searches', { exact: true }).count()).toBe(0);
    expect(page.url().startsWith(baseURL())).toBe(true);
    await expectNoSettingNames(page, '/profile with a subscription');
  });
});

describe('coming back from a checkout before the payment has reached the API', () => {
  it('offers no plans while it waits, and shows the subscription as soon as it arrives', async () => {
    const { page, context } = await openSession(browser);
    await signUpThroughApi(context);
    // what a Stripe redirect looks like when its webhook has not been handled yet
    await page.goto('/profile?checkout=success');
    await page.getByText('Confirming your payment…').waitFor();
    expect(await page.getByText(UI_TEXT.pricingOptions).count()).toBe(0);

    // the payment arrives while the page waits (here: the test checkout, completed out of band)
    await subscribeThroughApi(context);

    await page
      .getByText('Thank you for subscribing! Your subscription is active.')
      .waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: UI_TEXT.manageSubscription }).waitFor();
    expect(await page.getByText('Confirming your payment…').count()).toBe(0);
  });
});
