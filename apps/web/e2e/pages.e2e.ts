/**
 * Every page, as a guest and as a member: no serious or critical axe-core violation, no setting's
 * name (MAPBOX_PUBLIC_TOKEN, HOW_TO_VIDEO_URL, …) in what an investor reads, and screenshots at
 * 375 px and 1280 px into apps/web/screenshots/ (gitignored) for a human to look at. Then the
 * How to Use guide's pictures, the forms' field errors, the per-unit rooms, a ZIP suggestion that
 * keeps the street, and a Saved Properties card with its rating, cash flow and a Delete that asks.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  PROPERTY_FIELD_LABELS as FIELD,
  formatMoney,
  HOUSE_TYPES,
  MESSAGES,
  METRIC_LABELS,
  savedPropertyListSchema,
} from '@sfr/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { expectNoSettingNames, SETTING_NAME } from './support/investor-text';
import { settle } from './support/network';
import { DESKTOP, openSession, PHONE, saveThroughApi, sharedMember } from './support/session';

const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

let browser: Browser;
/** the member of every signed-in test here (sign-ups are limited per IP) */
const member = sharedMember();
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

/** Opens `path` and waits until its requests are done and its main heading is drawn. */
async function show(page: Page, path: string): Promise<void> {
  await settle(page, () => page.goto(path));
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

  it.each(pages)('%s (%s) passes axe at 1280 px and names no setting', async (name, path) => {
    const { page } = await openSession(browser, { viewport: DESKTOP });
    await show(page, path);
    await expectNoSeriousA11yViolations(page, path);
    await expectNoSettingNames(page, path);
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
  it('the results, profile, how to use, saved properties, recent analyses and feedback pass axe, with the test-mode notice; screenshots at both widths', async () => {
    const { page, context } = await openSession(browser, { viewport: DESKTOP });
    await member(context);

    await show(page, '/');
    await fillAnalyzer(page);
    await analyzeButton(page).click();
    await resultsHeading(page).waitFor({ timeout: 30_000 });
    await settle(page);
    await expectNoSeriousA11yViolations(page, '/ with results');
    await expectNoSettingNames(page, '/ with results');
    await shoot(page, 'results');
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    await page.getByText(MESSAGES.saveSuccess, { exact: true }).waitFor();

    const memberPages = [
      ['profile', '/profile'],
      ['howtouse', '/howtouse'],
      ['savedproperties', '/savedproperties'],
      ['analyses', '/analyses'],
      ['feedback', '/feedback'],
    ] as const;
    for (const [name, path] of memberPages) {
      await show(page, path);
      await expectNoSeriousA11yViolations(page, path);
      await expectNoSettingNames(page, path);
      // the browser tests' server takes no payments (BILLING_MODE=test): every page says so
      await page.getByRole('note').filter({ hasText: UI_TEXT.testModeNotice }).waitFor();
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

describe('what an investor reads', () => {
  it('the check recognises the setting names that used to show', () => {
    const shown = 'Set MAPBOX_PUBLIC_TOKEN to show a map. The server administrator can set HOW_TO_VIDEO_URL.';
    expect(shown.match(SETTING_NAME)).toEqual(['MAPBOX_PUBLIC_TOKEN', 'HOW_TO_VIDEO_URL']);
    expect('HUD rent, cash-on-cash, DSCR, 1100 Congress Ave, TX 78701'.match(SETTING_NAME)).toBeNull();
  });

  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])(
    'How to Use at %s px: the written guide with pictures of the real screens, no video box',
    async (_, viewport) => {
      const { page, context } = await openSession(browser, { viewport });
      await member(context);
      await show(page, '/howtouse');
      for (const section of [
        'Getting started',
        'Input data',
        'Property analysis',
        'Cash flow analysis',
        'Decisions',
        'Strategies',
      ]) {
        await page.getByRole('heading', { name: new RegExp(`^\\d\\. ${section}$`) }).waitFor();
      }
      expect(await page.locator('iframe').count(), 'no video frame without a video').toBe(0);
      expect(await page.getByText(/video/i).count(), 'no word about a video').toBe(0);

      const figures = page.locator('main figure');
      expect(await figures.count()).toBeGreaterThanOrEqual(5);
      for (const figure of await figures.all()) {
        const image = figure.locator('img');
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const { alt, src, shownWidth } = await image.evaluate((img: HTMLImageElement) => ({
          alt: img.alt,
          src: img.currentSrc,
          shownWidth: img.getBoundingClientRect().width,
        }));
        expect(alt.length, `${src} says what it shows`).toBeGreaterThan(40);
        expect(src).toMatch(/\/guide\/[a-z-]+\.webp$/);
        expect(shownWidth, `${src} fits the screen`).toBeLessThanOrEqual(viewport.width);
        expect((await figure.locator('figcaption').textContent())?.trim()).toBeTruthy();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, '/howtouse scrolls sideways').toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `/howtouse at ${viewport.width} px`);
      await expectNoSettingNames(page, '/howtouse');
    },
  );
});

describe('forms', () => {
  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])(
    'an empty sign-up form at %s px shows each field its own error and focuses the first',
    async (_, viewport) => {
      const { page } = await openSession(browser, { viewport });
      await show(page, '/signup');
      await page.getByRole('button', { name: UI_TEXT.signUp, exact: true }).click();
      const expected = {
        'First Name': 'First name is required',
        'Last Name': 'Last name is required',
        Email: 'Please enter a valid email address.',
        Password: MESSAGES.weakPassword,
      };
      for (const [label, message] of Object.entries(expected)) {
        const field = page.getByLabel(label, { exact: true });
        await expect
          .poll(() => field.getAttribute('aria-invalid'), { message: `${label} is marked invalid` })
          .toBe('true');
        // the message is the field's own description, read with it
        const described = await field.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        );
        expect(described, label).toContain(message);
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstname');
      // the toast speaks of the whole form, not of the password alone
      await page.getByText('Please correct the 4 fields marked below.', { exact: true }).waitFor();
      expect(await page.getByText(MESSAGES.weakPassword, { exact: true }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page, `/signup with errors at ${viewport.width} px`);

      // an edited field loses its message; the others keep theirs until the next submit
      await page.getByLabel('First Name', { exact: true }).fill('Ada');
      expect(await page.getByText('First name is required').count()).toBe(0);
      expect(await page.getByText('Last name is required').count()).toBe(1);
    },
  );

  it('the analyzer says the rooms are per unit on a 2 to 4 unit house', async () => {
    const { page } = await openSession(browser, { viewport: PHONE });
    await show(page, '/');
    const bedrooms = page.getByLabel(FIELD.num_bedrooms, { exact: true });
    const bathrooms = page.getByLabel(FIELD.num_bathrooms, { exact: true });
    const description = (field: typeof bedrooms) =>
      field.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim(),
      );
    expect(await description(bedrooms)).toBe('');
    await page.getByRole('radio', { name: HOUSE_TYPES[4], exact: true }).check();
    expect(await description(bedrooms)).toBe('Per unit: each of the 4 units.');
    expect(await description(bathrooms)).toBe('Per unit: each of the 4 units.');
    expect(await page.getByText('Per unit: each of the 4 units.').count()).toBe(2);
    await page.getByRole('radio', { name: HOUSE_TYPES[1], exact: true }).check();
    expect(await page.getByText(/^Per unit/).count()).toBe(0);
  });

  it('choosing a ZIP suggestion keeps the street typed before the ZIP', async () => {
    const { page } = await openSession(browser, { viewport: DESKTOP });
    await show(page, '/');
    const street = page.getByLabel(FIELD.street, { exact: true });
    await street.pressSequentially(`${AUSTIN.street} ${AUSTIN.zipcode}`);
    const option = page.getByRole('option', { name: new RegExp(`${AUSTIN.zipcode}$`) }).first();
    await option.waitFor();
    await option.click();
    expect(await street.inputValue()).toBe(AUSTIN.street);
    expect(await page.getByLabel(FIELD.zipcode, { exact: true }).inputValue()).toBe(AUSTIN.zipcode);
    expect(await page.getByLabel(FIELD.city, { exact: true }).inputValue()).toBe(AUSTIN.city);
    expect(await page.getByLabel(FIELD.state_code, { exact: true }).inputValue()).toBe(AUSTIN.state_code);
  });

  it('by keyboard: Escape closes the suggestions, ArrowDown opens them again, Enter chooses and says which', async () => {
    const { page } = await openSession(browser, { viewport: DESKTOP });
    await show(page, '/');
    const street = page.getByRole('combobox', { name: FIELD.street });
    await street.pressSequentially(`${AUSTIN.street} ${AUSTIN.zipcode}`);
    const first = page.getByRole('option').first();
    await first.waitFor();
    const firstLabel = await first.textContent();

    await page.keyboard.press('Escape');
    await expect.poll(() => street.getAttribute('aria-expanded')).toBe('false');
    expect(await street.inputValue(), 'Escape keeps what was typed').toBe(
      `${AUSTIN.street} ${AUSTIN.zipcode}`,
    );
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => street.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-selected'), 'the first suggestion is active').toBe('true');
    expect(await street.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));

    await page.keyboard.press('Enter');
    await expect.poll(() => street.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel(FIELD.zipcode, { exact: true }).inputValue()).toBe(AUSTIN.zipcode);
    const status = page.locator('.combobox [role="status"]');
    expect(await status.textContent()).toBe(`Address filled in: ${firstLabel}`);
    // typing again is a new search: the choice is no longer announced
    await street.press('End');
    await street.press('Backspace');
    expect(await status.textContent()).not.toContain('Address filled in');
  });
});

const FOURPLEX_STREET = '1200 Congress Ave';

/** A four-family deal analysed and saved through the API, as the analyzer's Save Property does. */
async function saveFourFamily(context: BrowserContext) {
  // another street than the README deal, which this member saves too
  const deal = {
    ...AUSTIN,
    street: FOURPLEX_STREET,
    num_bedrooms: 2,
    num_bathrooms: 1,
    purchase_price: 900_000,
    factor: 4 as const,
  };
  return saveThroughApi(context.request, deal);
}

const RATING_RGB: Record<string, string> = {
  Green: 'rgb(21, 128, 61)',
  'Light-Green': 'rgb(101, 163, 13)',
  Yellow: 'rgb(202, 138, 4)',
  'Red Orange': 'rgb(234, 88, 12)',
  Red: 'rgb(185, 28, 28)',
};

describe('saved properties', () => {
  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ])(
    'at %s px a card shows the rating in its colour, the monthly cash flow and the rooms per unit; Delete asks first',
    async (_, viewport) => {
      const { page, context } = await openSession(browser, { viewport });
      await member(context);
      const saved = await saveFourFamily(context);
      await show(page, '/savedproperties');

      const card = page.locator('main li', {
        has: page.getByRole('link', { name: new RegExp(`^${FOURPLEX_STREET}`) }),
      });
      const rating = card.locator('.rating-badge');
      expect(await rating.locator('.rating-badge-points').textContent()).toBe(
        `${saved.summary.overall_points}%`,
      );
      expect(await rating.locator('.rating-badge-color').textContent()).toBe(saved.summary.overall_color);
      expect(await rating.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        RATING_RGB[saved.summary.overall_color],
      );
      const cashFlow = card.locator('dl', { hasText: METRIC_LABELS.monthly_levered_cash_flow });
      expect(await cashFlow.locator('dd').textContent()).toBe(
        formatMoney(saved.year_1_metrics.monthly_levered_cash_flow),
      );
      await card.getByText('2 bedrooms · 1 bathroom per unit', { exact: true }).waitFor();
      await card.getByText(HOUSE_TYPES[4], { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `/savedproperties at ${viewport.width} px`);
      await shoot(page, 'savedproperties-card');

      // Delete asks; Cancel keeps the property
      const deleteButton = card.getByRole('button', { name: /^Delete / });
      await deleteButton.click();
      const dialog = page.getByRole('dialog', { name: 'Delete this saved property?' });
      await dialog.waitFor();
      await dialog.getByText(/cannot be undone/).waitFor();
      await expectNoSeriousA11yViolations(page, `the delete confirmation at ${viewport.width} px`);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await card.count()).toBe(1);
      const kept = savedPropertyListSchema.parse(
        await (await context.request.get('/api/saved_properties')).json(),
      );
      expect(kept.properties.map((property) => property.id)).toContain(saved.id);

      // confirmed, it is gone from the page and from the account
      await deleteButton.click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await card.waitFor({ state: 'detached' });
      await page
        .getByText(`Deleted ${saved.property.street}`, { exact: false })
        .waitFor({ state: 'attached' });
      const left = savedPropertyListSchema.parse(
        await (await context.request.get('/api/saved_properties')).json(),
      );
      expect(left.properties.map((property) => property.id)).not.toContain(saved.id);
    },
  );
});
