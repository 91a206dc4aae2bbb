/**
 * The main journey: sign up, analyse the example deal, edit an assumption and recompute, save it,
 * find it in Saved Properties, reopen it, delete it.
 */
import { MESSAGES, METRIC_LABELS, PROPERTY_FIELD_LABELS } from '@sfr/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import {
  AUSTIN,
  AUSTIN_HUD_RENT,
  analyzeButton,
  fillAnalyzer,
  metricInput,
  metricRow,
  openSavedProperties,
  resultsHeading,
  savedCardLink,
} from './support/analyzer';
import { launchBrowser } from './support/browser';
import { baseURL, newUser, openSession } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The rating circle: the 'N%' inside the SFR Analyst Ratings block, and its painted colour. */
async function ratingCircle(page: Page) {
  const block = page
    .locator('section, article, div, aside')
    .filter({ has: page.getByRole('heading', { name: UI_TEXT.sfrAnalystRatings }) })
    .last();
  const percent = block.getByText(/^\d+(\.\d+)?%$/).first();
  const colour = await percent.evaluate((el) => {
    for (let node: Element | null = el, depth = 0; node && depth < 3; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      for (const value of [style.backgroundColor, style.borderTopColor]) {
        if (value && value !== 'rgba(0, 0, 0, 0)' && value !== 'transparent' && value !== style.color)
          return value;
      }
    }
    return null;
  });
  return { text: await percent.textContent(), colour };
}

describe('a new member on the analyzer', () => {
  it('signs up, analyses 1100 Congress Ave, recomputes, saves, reopens and deletes it', async () => {
    const { page } = await openSession(browser);
    const user = newUser('Avery');

    // sign up through the form: the toast, then / after the spec's 3 seconds
    await page.goto('/signup');
    await page.getByLabel('First Name', { exact: true }).fill(user.firstname);
    await page.getByLabel('Last Name', { exact: true }).fill(user.lastname);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    // a first try with a short password: its error toast goes once the sign-up succeeds
    const weakPasswordToast = page.locator('[data-sonner-toast]').getByText(MESSAGES.weakPassword);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: UI_TEXT.signUp, exact: true }).click();
    await weakPasswordToast.waitFor();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: UI_TEXT.signUp, exact: true }).click();
    await toast(page, MESSAGES.signUpSuccess).waitFor();
    // well within the error toast's own 5 s
    await expect.poll(() => weakPasswordToast.count(), { timeout: 1_500 }).toBe(0);
    await page.waitForURL(`${baseURL()}/`, { timeout: 10_000 });
    await page.getByRole('button', { name: UI_TEXT.signOut }).waitFor();

    // analyse, the state's name filled as a browser's autofill does: it becomes its code
    await fillAnalyzer(page, { ...AUSTIN, state_code: 'Texas' });
    expect(await page.getByLabel(PROPERTY_FIELD_LABELS.state_code, { exact: true }).inputValue()).toBe('TX');
    await analyzeButton(page).click();
    await resultsHeading(page).waitFor({ timeout: 30_000 });
    await toast(page, MESSAGES.analysisSuccess).waitFor();

    expect(await metricRow(page, METRIC_LABELS.hud_rent)).toContain(AUSTIN_HUD_RENT);
    expect(await metricRow(page, METRIC_LABELS.violent_crime_grade)).toMatch(/\b[A-F][+-]?(\s|$)/);
    expect(await metricRow(page, METRIC_LABELS.property_crime_grade)).toMatch(/\b[A-F][+-]?(\s|$)/);
    const rating = await ratingCircle(page);
    expect(rating.text).toMatch(/^\d+(\.\d+)?%$/);
    expect(rating.colour, 'the rating circle is painted in its colour').not.toBeNull();
    await page.getByText(UI_TEXT.adjustHighlighted).waitFor();

    // edit the vacancy rate (an additional income metric) and recompute
    const vacancy = metricInput(page, METRIC_LABELS.vacancy_rate);
    if (!(await vacancy.isVisible())) {
      await page.getByRole('button', { name: UI_TEXT.showAdditionalMetrics }).click();
    }
    const revenueBefore = await metricRow(page, METRIC_LABELS.effective_gross_revenue);
    await vacancy.fill('10');
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    await toast(page, MESSAGES.updateMetricsSuccess).waitFor();
    await expect
      .poll(() => metricRow(page, METRIC_LABELS.effective_gross_revenue), { timeout: 10_000 })
      .not.toBe(revenueBefore);
    expect(await vacancy.inputValue()).toMatch(/^10(\.0+)?%?$/);

    // save (a double click, as an impatient user gives: one request, no "already saved" after the
    // success), then find it in Saved Properties
    const saves: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/saved_properties')
        saves.push(req.url());
    });
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).dblclick();
    await toast(page, MESSAGES.saveSuccess).waitFor();
    expect(saves).toHaveLength(1);
    expect(await toast(page, MESSAGES.alreadySaved).count()).toBe(0);
    // a click anywhere on a toast closes it (spec §9), long before its 5 seconds are up
    await toast(page, MESSAGES.saveSuccess).click();
    await toast(page, MESSAGES.saveSuccess).waitFor({ state: 'detached', timeout: 2_000 });
    const savedList = await openSavedProperties(page);
    expect(new URL(page.url()).pathname).toBe('/savedproperties');
    const item = savedCardLink(savedList, AUSTIN.street);
    await item.waitFor();
    expect(
      await savedList
        .getByText(/Travis/)
        .first()
        .isVisible(),
    ).toBe(true);

    // reopen: back on / with the saved results, the edited vacancy included
    await item.click();
    await page.waitForURL(/\/\?saved=[^&]+/);
    await resultsHeading(page).waitFor();
    expect(await metricRow(page, METRIC_LABELS.hud_rent)).toContain(AUSTIN_HUD_RENT);
    if (!(await vacancy.isVisible())) {
      await page.getByRole('button', { name: UI_TEXT.showAdditionalMetrics }).click();
    }
    expect(await vacancy.inputValue()).toMatch(/^10(\.0+)?%?$/);

    // delete it
    const listAgain = await openSavedProperties(page);
    page.once('dialog', (dialog) => void dialog.accept()); // a native confirm(), if the page asks
    await listAgain
      .getByRole('button', { name: /delete/i })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: /delete|confirm|yes/i }).click();
    await page.getByText(UI_TEXT.noSavedProperties, { exact: true }).waitFor();
  });
});
