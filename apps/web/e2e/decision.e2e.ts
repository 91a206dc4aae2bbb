/**
 * The decision tools on the results (issue 14 §1–2), at 1280 and 375 px with axe: the sensitivity
 * grid marks the current deal in the middle and a corner cell equals an independent engine call
 * (the deal moved with `withDriver`, then `analyze`, here in Node); the offer line names the price
 * `maxOffer` finds on the same inputs, and follows an edited target; the break-even rent is the one
 * `breakEven` gives. On a deal with a rehab (issue 28 §7) the grid offers the rehab budget as an axis,
 * its centre the deal's own cash flow, and falls back to price × rent when the rehab is removed.
 */
import { type AnalysisResponse, formatMoney, formatWholeDollars } from '@sfr/contracts';
import { analyze, breakEven, type DealInput, maxOffer, withDriver } from '@sfr/underwriting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { analyzeButton, fillAnalyzer, resultsHeading } from './support/analyzer';
import { launchBrowser } from './support/browser';
import { DESKTOP, openSession, PHONE, sharedMember } from './support/session';

let browser: Browser;
const member = sharedMember();
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Signs in (the first time: signs up), analyses the README's deal and returns the API's answer. */
async function analyse(viewport: { width: number; height: number }) {
  const session = await openSession(browser, { viewport });
  const { context, page } = session;
  await member(context);
  await page.goto('/');
  await fillAnalyzer(page);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/create_property'));
  await analyzeButton(page).click();
  const analysis = (await (await answer).json()) as AnalysisResponse;
  await resultsHeading(page).waitFor({ timeout: 30_000 });
  return { page, analysis };
}

/** A new page load of the analysis (no search spent: the member's five are the file's analyses). */
async function reopen(page: Page, analysisId: string) {
  await page.goto(`/?analysis=${analysisId}`);
  await resultsHeading(page).waitFor({ timeout: 30_000 });
}

/** The engine's input for the analysis, built here from the API's answer. */
function dealOf(analysis: AnalysisResponse): DealInput {
  return {
    ...analysis.property.metrics,
    units: analysis.property.factor,
    violent_crime_grade: analysis.year_1_metrics.violent_crime_grade,
    property_crime_grade: analysis.year_1_metrics.property_crime_grade,
  };
}

async function offerLine(page: Page): Promise<string> {
  return ((await page.getByTestId('offer-line').textContent()) ?? '').trim();
}

describe('decision tools on the results', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`grid, offer and break-even agree with the engine at ${viewport.width} px`, async () => {
      const { page, analysis } = await analyse(viewport);
      const deal = dealOf(analysis);
      const grid = page.getByTestId('sensitivity-grid');
      await grid.waitFor();

      // the current deal: the middle of 7 × 7, marked, its value the deal's own cash flow
      const current = grid.locator('td[aria-current="true"]');
      expect(await current.count()).toBe(1);
      const position = await current.evaluate((td) => ({
        row: (td.parentElement as HTMLTableRowElement).sectionRowIndex,
        col: (td as HTMLTableCellElement).cellIndex - 1,
      }));
      expect(position).toEqual({ row: 3, col: 3 });
      expect(Number(await current.getAttribute('data-value'))).toBe(
        analysis.year_1_metrics.monthly_levered_cash_flow,
      );
      expect(await current.textContent()).toContain('current deal');
      // the key to the ● and the colours names the table and reads whole beside it, on a phone too (QA:
      // as the table's caption it was cut by the sideways scroll)
      const note = page.locator('.decision-grid-note');
      expect(await grid.getAttribute('aria-labelledby')).toBe(await note.getAttribute('id'));
      const [noteBox, scrollBox] = await Promise.all([
        note.boundingBox(),
        page.locator('.decision-grid-scroll').boundingBox(),
      ]);
      expect((noteBox?.x ?? 0) + (noteBox?.width ?? Infinity)).toBeLessThanOrEqual(
        (scrollBox?.x ?? 0) + (scrollBox?.width ?? 0) + 1,
      );

      // a corner: 15 % off the price and 15 % more rent, computed independently
      const corner = grid.locator('tbody tr').nth(0).locator('td').nth(6);
      const moved = withDriver(
        withDriver(deal, 'purchase_price', deal.purchase_price * 0.85),
        'rent',
        deal.rent * 1.15,
      );
      const expected = analyze(moved).year_1_metrics.monthly_levered_cash_flow;
      expect(Number(await corner.getAttribute('data-value'))).toBeCloseTo(expected, 6);
      expect(await corner.textContent()).toContain(formatWholeDollars(expected));

      // the offer line: the default targets, cash-on-cash ≥ 8 % and DSCR ≥ 1.25
      const offer = maxOffer(deal, { cash_on_cash: 0.08, dscr: 1.25 });
      expect(offer.purchase_price).not.toBeNull();
      expect(await offerLine(page)).toContain(
        `Offer up to ${formatWholeDollars(offer.purchase_price as number)}`,
      );

      // the break-even rent
      const even = breakEven(deal);
      expect(await page.getByTestId('break-even').textContent()).toContain(formatMoney(even.rent as number));

      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(
        page,
        `the results with the decision tools at ${viewport.width} px`,
      );
    });
  }

  it('the offer follows an edited target, and the grid another outcome', async () => {
    const { page, analysis } = await analyse(DESKTOP);
    const deal = dealOf(analysis);
    await page.getByText('Your targets').click();
    await page.getByLabel('DSCR at least').fill('');
    await page.getByLabel('Cash-on-cash at least (%)').fill('5');
    const offer = maxOffer(deal, { cash_on_cash: 0.05 });
    await expect
      .poll(() => offerLine(page))
      .toBe(
        `Offer up to ${formatWholeDollars(offer.purchase_price as number)}: cash-on-cash ≥ 5.00% is the limit.`,
      );
    // a target's edit is announced; an assumption's edit moves the offer without a word each keystroke
    const line = page.getByTestId('offer-line');
    const rent = page.locator('#metric-input-rent');
    const analysedRent = await rent.inputValue();
    expect(await line.getAttribute('aria-live')).toBe('polite');
    await rent.fill('2500');
    await expect.poll(() => line.getAttribute('aria-live')).toBe('off');
    await rent.fill(analysedRent);
    await page.getByLabel('Cash-on-cash at least (%)').fill('6');
    await page.getByLabel('Cash-on-cash at least (%)').fill('5');
    await expect.poll(() => line.getAttribute('aria-live')).toBe('polite');

    await page.getByLabel('Each cell shows').selectOption('overall_points');
    const current = page.getByTestId('sensitivity-grid').locator('td[aria-current="true"]');
    await expect
      .poll(async () => Number(await current.getAttribute('data-value')))
      .toBe(analysis.summary.overall_points);

    // a target that does not read gives no offer (QA: the last good one stayed)
    await page.getByLabel('Cash-on-cash at least (%)').fill('abc');
    await expect
      .poll(() => offerLine(page))
      .toBe('Correct the target marked under Your targets to see the offer.');
    await page.getByLabel('Cash-on-cash at least (%)').fill('5');
    // the targets are the investor's: a new page load (and the next deal) starts from them
    await reopen(page, analysis.analysis_id);
    await page.getByText('Your targets').click();
    expect(await page.getByLabel('Cash-on-cash at least (%)').inputValue()).toBe('5');
    expect(await page.getByLabel('DSCR at least').inputValue()).toBe('');
    await expect
      .poll(() => offerLine(page))
      .toMatch(/^Offer up to \$[\d,]+: cash-on-cash ≥ 5\.00% is the limit\.$/);
    // kept with a target that does not read: the targets open where it is marked
    await page.getByLabel('DSCR at least').fill('x');
    await reopen(page, analysis.analysis_id);
    await expect
      .poll(() => offerLine(page))
      .toBe('Correct the target marked under Your targets to see the offer.');
    const targetsOpen = page
      .locator('details.decision-targets')
      .evaluate((d) => (d as HTMLDetailsElement).open);
    expect(await targetsOpen).toBe(true);
    expect(await page.getByLabel('DSCR at least').getAttribute('aria-invalid')).toBe('true');
  });

  it('a deal with a rehab offers its budget as an axis; removing the rehab falls back to price × rent', async () => {
    const { page, analysis } = await analyse(DESKTOP);
    const deal = dealOf(analysis);
    const assumption = (key: string) => page.locator(`#metric-input-${key}`);
    const tools = page.locator('section.decision-grid');
    const rowDriver = tools.getByRole('group', { name: 'Rows' }).getByLabel('Driver');
    const colDriver = tools.getByRole('group', { name: 'Columns' }).getByLabel('Driver');
    const grid = page.getByTestId('sensitivity-grid');
    const current = grid.locator('td[aria-current="true"]');
    await grid.waitFor();
    expect(await rowDriver.locator('option').allTextContents()).not.toContain('Rehab budget');

    // a $40,000 rehab over 3 empty months: year 1's cash flow drops, and the budget is a driver
    await assumption('rehab_budget').fill('40000');
    await assumption('rehab_months').fill('3');
    const rehabbed = { ...deal, rehab_budget: 40_000, rehab_months: 3 };
    const cashFlow = analyze(rehabbed).year_1_metrics.monthly_levered_cash_flow;
    expect(cashFlow).not.toBeCloseTo(analysis.year_1_metrics.monthly_levered_cash_flow, 2);
    await expect.poll(() => rowDriver.locator('option').allTextContents()).toContain('Rehab budget');
    expect(await colDriver.locator('option').allTextContents()).toContain('Rehab budget');
    // the offer says its year-1 targets read the rehab's empty months
    await page.getByText(/^Year 1 includes the 3 months of rehab with no rent/).waitFor();
    await rowDriver.selectOption({ label: 'Rehab budget' });

    // rows are the budget ±10/20/30 %, in dollars; the centre is the deal on screen
    await expect
      .poll(() => grid.locator('tbody th[scope="row"]').allTextContents())
      .toEqual(['$28,000', '$32,000', '$36,000', '$40,000', '$44,000', '$48,000', '$52,000']);
    expect(await page.locator('.decision-grid-note').textContent()).toContain(
      'by rehab budget (rows) and rent (columns)',
    );
    const position = await current.evaluate((td) => ({
      row: (td.parentElement as HTMLTableRowElement).sectionRowIndex,
      col: (td as HTMLTableCellElement).cellIndex - 1,
    }));
    expect(position).toEqual({ row: 3, col: 3 });
    expect(Number(await current.getAttribute('data-value'))).toBeCloseTo(cashFlow, 6);
    expect(await current.textContent()).toContain(formatWholeDollars(cashFlow));

    // the rehab removed: no budget to move, the grid goes back to price × rent (and the page stands)
    await assumption('rehab_months').fill('');
    await assumption('rehab_budget').fill('');
    await expect.poll(() => rowDriver.inputValue()).toBe('purchase_price');
    expect(await colDriver.inputValue()).toBe('rent');
    expect(await rowDriver.locator('option').allTextContents()).not.toContain('Rehab budget');
    expect(await page.locator('.decision-grid-note').textContent()).toContain(
      'by purchase price (rows) and rent (columns)',
    );
    await expect
      .poll(async () => Number(await current.getAttribute('data-value')))
      .toBeCloseTo(analysis.year_1_metrics.monthly_levered_cash_flow, 6);
  });
});
