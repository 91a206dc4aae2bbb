/**
 * Every page, as a guest and as a member: no serious or critical axe-core violation, and
 * screenshots at 375 px and 1280 px into apps/web/screenshots/ (gitignored) for a human to look at.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MESSAGES, savedPropertyListSchema, UI_TEXT } from '@sfr/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { DESKTOP, openSession, PHONE, signUpThroughApi } from './support/session';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

/** Opens `path` and waits until its requests are done and its main heading is drawn. */
async function show(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1, main h2').first().waitFor();
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}${name}-${page.viewportSize()?.width}.png`, fullPage: true });

describe('guest pages', () => {
  const pages = [
    ['analyzer', '/'],
    ['signup', '/signup'],
    ['login', '/login'],
    ['aboutus', '/aboutus'],
  ] as const;

  it.each(pages)('%s (%s) passes axe at 1280 px', async (name, path) => {
    const { page } = await openSession(browser, { viewport: DESKTOP });
    await show(page, path);
    await expectNoSeriousA11yViolations(page, path);
    await shoot(page, name);
  });

  it.each(pages)('%s (%s) at 375 px: screenshot, and nothing wider than the screen', async (name, path) => {
    const { page } = await openSession(browser, { viewport: PHONE });
    await show(page, path);
    await shoot(page, name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  });
});

describe('member pages', () => {
  it('the results, profile, how to use, saved properties and feedback pass axe; screenshots at both widths', async () => {
    const { page, context } = await openSession(browser, { viewport: DESKTOP });
    await signUpThroughApi(context);

    await show(page, '/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();
    await resultsHeading(page).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, '/ with results');
    await shoot(page, 'results');
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    await page.getByText(MESSAGES.saveSuccess, { exact: true }).waitFor();

    const memberPages = [
      ['profile', '/profile'],
      ['howtouse', '/howtouse'],
      ['savedproperties', '/savedproperties'],
      ['feedback', '/feedback'],
    ] as const;
    for (const [name, path] of memberPages) {
      await show(page, path);
      await expectNoSeriousA11yViolations(page, path);
      await shoot(page, name);
    }

    // the same pages on a phone, signed in as the same member; the results reopened from the saved copy
    const saved = savedPropertyListSchema.parse(
      await (await context.request.get('/api/saved_properties')).json(),
    );
    const id = saved.properties[0]?.id;
    expect(id, 'the saved property').toBeTruthy();
    const phone = await openSession(browser, { viewport: PHONE });
    await phone.context.addCookies(await context.cookies());
    await show(phone.page, `/?saved=${id}`);
    await resultsHeading(phone.page).waitFor();
    await shoot(phone.page, 'results');
    for (const [name, path] of memberPages) {
      await show(phone.page, path);
      await shoot(phone.page, name);
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
    }
  });
});
