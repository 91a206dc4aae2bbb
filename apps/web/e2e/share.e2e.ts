/**
 * Reports and share links in the browser (issue 14 §4–5): Download PDF and CSV on a saved card give
 * files of the right type (the CSV parses, its figures those of the analysis); Share makes a link
 * that a fresh signed-out browser opens read-only (no edit, save or account controls, noindex);
 * Stop sharing turns it off and the link then says so. At 1280 and 375 px, with axe.
 */
import { readFile } from 'node:fs/promises';
import type { SavedProperty } from '@sfr/contracts';
import { DERIVATIONS, NEW_ANALYSIS_EXPENSE_DEFAULTS } from '@sfr/underwriting';
import type { Browser, Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { AUSTIN } from './support/analyzer';
import { launchBrowser } from './support/browser';
import {
  baseURL,
  DESKTOP,
  newUser,
  openSession,
  PHONE,
  saveThroughApi,
  signUpThroughApi,
} from './support/session';

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

let browser: Browser;
let cookies: Cookie[];
let property: SavedProperty;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseURL() });
  await signUpThroughApi(context, newUser('Sasha'));
  property = await saveThroughApi(context.request, AUSTIN);
  cookies = await context.cookies();
  await context.close();
});
afterAll(async () => browser?.close());

async function savedPage(viewport = DESKTOP): Promise<Page> {
  const { context, page } = await openSession(browser, { viewport });
  await context.addCookies(cookies);
  await page.goto('/savedproperties');
  await page.getByRole('heading', { name: 'Saved Properties', level: 1 }).waitFor();
  return page;
}

describe('report downloads', () => {
  it('Download PDF and Download CSV save a PDF and a CSV of the saved property', async () => {
    const page = await savedPage();
    const card = page.locator('.saved-item').filter({ hasText: '1100 Congress Ave' });

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /^Download PDF/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = await readFile((await pdf.path()) as string);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /^Download CSV/ }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(await readFile((await csv.path()) as string, 'utf8'));
    expect(rows.length).toBeGreaterThan(10);
    const width = rows[0]?.length ?? 0;
    expect(
      rows.every((row) => row.length === width),
      "every CSV row has the header's columns",
    ).toBe(true);
    // the year-1 NOI is in it, unformatted, as the analysis has it
    const noi = property.year_1_metrics.net_operating_income;
    const numbers = rows.flat().map(Number).filter(Number.isFinite);
    expect(
      numbers.some((value) => Math.abs(value - noi) < 0.005),
      `NOI ${noi} in the CSV`,
    ).toBe(true);

    // the content types the links answer with (the download event does not expose them)
    for (const [format, type] of [
      ['pdf', 'application/pdf'],
      ['csv', 'text/csv'],
    ] as const) {
      const href = await card
        .getByRole('link', { name: new RegExp(`^Download ${format.toUpperCase()}`) })
        .getAttribute('href');
      const answer = await page.request.get(href as string);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain(type);
    }
  });
});

describe('share links', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`a shared link opens signed out at ${viewport.width} px, read-only, and stops when revoked`, async () => {
      const page = await savedPage(viewport);
      const card = page.locator('.saved-item').filter({ hasText: '1100 Congress Ave' });
      const stop = card.getByRole('button', { name: /^Stop sharing/ });
      // nothing to stop before a link is made
      await card.waitFor();
      expect(await stop.count()).toBe(0);
      await card.getByRole('button', { name: /^Share/ }).click();
      const field = card.getByLabel('Read-only link');
      await field.waitFor();
      const url = await field.inputValue();
      expect(url).toMatch(new RegExp(`^${baseURL()}/shared/[A-Za-z0-9_-]{22,}$`));
      // Share disabled itself while the link was made: the focus is on the new link, not the page's start
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoSeriousA11yViolations(page, `a saved card with its link at ${viewport.width} px`);

      // a fresh browser context: no cookie, nobody signed in
      const guest = await openSession(browser, { viewport });
      await guest.page.goto(url);
      await guest.page.getByRole('heading', { level: 1, name: /1100 Congress Ave/ }).waitFor();
      const shown = guest.page.locator('main');
      await expect.poll(() => shown.innerText()).toContain(`${property.summary.overall_points}%`);
      // each assumption says where it comes from and what the ranges vary it over, as the results do (QA)
      const text = await shown.innerText();
      expect(text).toContain(`Derived: ${DERIVATIONS.closing_cost.basis}.`);
      expect(text).toContain(`Default: ${NEW_ANALYSIS_EXPENSE_DEFAULTS.capex_reserve.basis}.`);
      expect(text).toMatch(/Derived: model default\. Ranges vary it \d+\.\d\d% to \d+\.\d\d%\./);
      expect(await guest.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      for (const control of [UI_TEXT.saveProperty, UI_TEXT.updateMetrics, 'Share', 'Stop sharing']) {
        expect(await guest.page.getByRole('button', { name: control }).count(), control).toBe(0);
      }
      expect(await guest.page.locator('main input, main select, main textarea').count()).toBe(0);
      expect(await guest.page.getByRole('link', { name: /Download/ }).count()).toBe(0);
      const sideways = await guest.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, 'the shared page scrolls sideways').toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(guest.page, `the shared page at ${viewport.width} px`);

      // the list says the link is on: back from another page, and after a reload, it offers to stop it
      if (viewport === DESKTOP) {
        await page.getByRole('link', { name: 'Compare', exact: true }).click();
        await page.getByRole('link', { name: 'Saved Properties', exact: true }).click();
        await stop.waitFor();
      }
      await page.reload();
      await stop.waitFor();
      await stop.click();
      await card.getByText('Sharing stopped').waitFor();
      expect(await stop.count()).toBe(0);
      // the button went with the link: the keyboard carries on from Share
      expect(
        await card.getByRole('button', { name: /^Share/ }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      const later = await openSession(browser, { viewport });
      later.expectConsoleError(/status of 404/);
      await later.page.goto(url);
      await later.page.getByRole('heading', { name: 'This link is no longer available.' }).waitFor();
      expect(await later.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await expectNoSeriousA11yViolations(later.page, `a revoked link at ${viewport.width} px`);
    });
  }

  it('an unknown token shows the not-available page', async () => {
    const { page, expectConsoleError } = await openSession(browser);
    expectConsoleError(/status of 404/);
    await page.goto('/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('heading', { name: 'This link is no longer available.' }).waitFor();
  });
});
