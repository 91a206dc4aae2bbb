/**
 * The results page leads to a decision (issue 13): the verdict is the first thing seen after
 * Analyze, at 1280 and 375 px; every figure follows an edited assumption at once, computed in the
 * browser with the server's engine (checked against the server's own answer); derived assumptions
 * follow their drivers until overridden, and reset in one click; Save stores what is on screen;
 * the charts draw with their numbers for screen readers; a phone reads every year of the table
 * without sideways scrolling; 2–4 unit deals say which figures are per unit; the analysis lives at
 * its own URL and in the Recent Analyses list, so reload and navigation never lose it.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analysisResponseSchema, MESSAGES, METRIC_LABELS, MONEY_INPUT_MAX } from '@sfr/contracts';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ELSEWHERE, UI_TEXT, UNKEPT_EDITS } from '../src/ui/text';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  AUSTIN,
  AUSTIN_HUD_RENT,
  analyzeButton,
  fillAnalyzer,
  metricRow,
  openSavedProperties,
  resultsHeading,
  savedCardLink,
  toastWithText,
  verdictFigure,
  verdictText,
} from './support/analyzer';
import { launchBrowser } from './support/browser';
import {
  analyseThroughApi,
  baseURL,
  DESKTOP,
  newUser,
  openSession,
  PHONE,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/session';

/** For a person to look at (gitignored), as pages.e2e.ts does. */
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

let browser: Browser;
/** The session cookie of one subscribed member (more analyses than five free searches), for every test. */
let memberCookies: Cookie[];
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context = await browser.newContext({ baseURL: baseURL() });
  await signUpThroughApi(context, newUser('Reese'));
  await subscribeThroughApi(context);
  memberCookies = await context.cookies();
  await context.close();
});
afterAll(async () => browser?.close());

/** Signs in, analyses `deal` on / and waits for the results. */
async function analyse(viewport = DESKTOP, deal = AUSTIN) {
  const session = await openSession(browser, { viewport });
  await session.context.addCookies(memberCookies);
  const { page } = session;
  await page.goto('/');
  await fillAnalyzer(page, deal);
  await analyzeButton(page).click();
  await resultsHeading(page).waitFor({ timeout: 30_000 });
  await toastWithText(page, MESSAGES.analysisSuccess).waitFor();
  return session;
}

/** An assumption's input in the results, by its key (the form has a 'Purchase Price' too). */
const assumption = (page: Page, key: string): Locator => page.locator(`#metric-input-${key}`);

const verdict = (page: Page): Locator => page.getByRole('region', { name: 'Verdict' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The verdict band and Save are whole in the viewport, and no toast covers them. */
async function expectVerdictInView(page: Page) {
  const viewport = page.viewportSize() ?? DESKTOP;
  const band = await verdict(page).boundingBox();
  const save = await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).boundingBox();
  expect(band, 'the verdict band is drawn').not.toBeNull();
  expect(save, 'Save Property is drawn').not.toBeNull();
  for (const box of [band, save] as Box[]) {
    expect(box.y, 'starts inside the viewport').toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, 'ends inside the viewport').toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
  const toasts = await page.locator('[data-sonner-toast]').all();
  expect(toasts.length, 'the success toast is up while this is checked').toBeGreaterThan(0);
  for (const toast of toasts) {
    const box = await toast.boundingBox();
    if (!box) continue;
    expect(overlaps(box, band as Box), 'a toast covers the verdict').toBe(false);
    expect(overlaps(box, save as Box), 'a toast covers Save Property').toBe(false);
  }
}

/** The 'Year 1' value of a row of the hold-period table, as the table shows it (either layout). */
async function yearOne(page: Page, group: 'Unlevered' | 'Levered', row: string): Promise<string> {
  return page.evaluate(
    ({ group, row }) => {
      const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
      for (const table of document.querySelectorAll('table.hold-period-table')) {
        let inGroup = false;
        for (const tr of table.querySelectorAll('tr')) {
          const header = tr.querySelector('th[scope="rowgroup"]');
          if (header) inGroup = squash(header.textContent).startsWith(group);
          const label = tr.querySelector('th[scope="row"]');
          if (inGroup && label && squash(label.textContent).startsWith(row)) {
            return squash(tr.querySelector('td')?.textContent ?? null);
          }
        }
      }
      throw new Error(`no ${group} ${row} row`);
    },
    { group, row },
  );
}

describe('the verdict first', () => {
  it.each([
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const)(
    'at %s px: rating and the six figures in view after Analyze, focus on the results, no toast over them',
    async (_, viewport) => {
      const { page } = await analyse(viewport);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results-title');
      await expectVerdictInView(page);
      await page.screenshot({ path: `${SCREENSHOTS}results-verdict-${viewport.width}.png` });

      const band = verdict(page);
      expect(await band.getByText(/^\d+%$/).textContent()).toMatch(/^\d+%$/);
      expect(
        await band.getByText(/investment: /).textContent(),
        "the rating's response text is beside the circle",
      ).toMatch(/investment: /);
      // the band's figures are the analysis's own: the same as the metrics below
      const monthly = await verdictFigure(page, 'Monthly cash flow');
      expect(await metricRow(page, METRIC_LABELS.monthly_levered_cash_flow)).toContain(monthly);
      expect(await metricRow(page, METRIC_LABELS.total_cost_to_close)).toContain(
        await verdictFigure(page, 'Cash to close'),
      );
      for (const label of ['Cash-on-cash', 'Cap rate', 'Levered XIRR']) {
        expect(await verdictFigure(page, label)).toMatch(/^-?\d+\.\d{2}%$/);
      }
      expect(await verdictFigure(page, 'DSCR')).toMatch(/^\d+\.\d{2}$/);
      await expectNoSeriousA11yViolations(page, `/ with the verdict at ${viewport.width} px`);
    },
  );
});

describe('the verdict first, with a data notice', () => {
  it('at 375 px: a notice (a county the ZIP does not touch) does not push the verdict under the toast', async () => {
    const { page } = await analyse(PHONE, { ...AUSTIN, street: '1300 Congress Ave', county_name: 'Cook' });
    await page.getByRole('note', { name: 'Check these figures' }).waitFor();
    await expectVerdictInView(page);
  });
});

describe('live recalculation', () => {
  it('a new price re-derives closing cost, insurance, taxes and fees, and every figure follows before Update Metrics; the server agrees', async () => {
    const { page } = await analyse();
    const taxesBefore = Number(await assumption(page, 'property_taxes').inputValue());
    const rateOfTax = taxesBefore / AUSTIN.purchase_price;
    // the insurance estimate's rate at the analysed price (state average, county risk, landlord policy)
    const rateOfInsurance = Number(await assumption(page, 'insurance').inputValue()) / AUSTIN.purchase_price;
    const cashFlowBefore = await verdictFigure(page, 'Monthly cash flow');
    const revenueBefore = await yearOne(page, 'Levered', 'Mortgage');

    // the premium's part that does not follow the price, and its rate per dollar, as the API keeps them
    await page.waitForURL(/\/\?analysis=[^&]+$/);
    const id = new URL(page.url()).searchParams.get('analysis');
    const stored = analysisResponseSchema.parse(await (await page.request.get(`/api/analyses/${id}`)).json());
    const insuranceFixed = stored.property.metrics.insurance_fixed ?? 0;
    const insurancePerDollar = stored.market_data.figures.insurance_rate?.per_dollar ?? 0;
    expect(insuranceFixed).toBeGreaterThan(0);

    await assumption(page, 'purchase_price').fill('400000');
    // 3 % of 400,000; the fixed part and per-dollar rate of the insurance and the tax rate of the
    // first analysis; 1 % of the 75 % loan
    expect(await assumption(page, 'closing_cost').inputValue()).toBe('12000');
    expect(rateOfInsurance).toBeGreaterThan(0.01); // Travis County: above the old flat 0.6 %
    const insurance = Number(await assumption(page, 'insurance').inputValue());
    expect(insurance).toBeCloseTo(insuranceFixed + insurancePerDollar * 400_000, 1);
    // more than the whole premium scaled to the price: its fixed part does not shrink
    expect(insurance).toBeGreaterThan(rateOfInsurance * 400_000);
    expect(await assumption(page, 'financing_fees').inputValue()).toBe('3000');
    expect(Number(await assumption(page, 'property_taxes').inputValue())).toBeCloseTo(rateOfTax * 400_000, 2);
    // price + closing cost; 25 % down + closing + financing + processing fees
    expect(await metricRow(page, METRIC_LABELS.total_acquisition)).toContain('$412,000.00');
    expect(await metricRow(page, METRIC_LABELS.loan_amount)).toContain('$300,000.00');
    expect(await verdictFigure(page, 'Cash to close')).toBe('$116,500.00');
    expect(await verdictFigure(page, 'Monthly cash flow')).not.toBe(cashFlowBefore);
    // the hold-period table follows in the frame after the figures
    await expect.poll(() => yearOne(page, 'Levered', 'Mortgage')).not.toBe(revenueBefore);
    // a block with a heading, as every other (QA: moving by headings passed the table by)
    expect(await page.getByRole('heading', { level: 3, name: '5 Year Returns Summary' }).count()).toBe(1);
    expect(await page.getByRole('table', { name: '5 Year Returns Summary' }).count()).toBe(1);
    expect(await assumption(page, 'closing_cost').locator('xpath=ancestor::dd').textContent()).toContain(
      'Derived: 3 % of the purchase price',
    );

    // what the browser computed is what the server answers for the same inputs
    const shown = {
      verdict: await verdictText(page),
      mortgage: await yearOne(page, 'Levered', 'Mortgage'),
      equity: await yearOne(page, 'Levered', 'Equity Accumulated'),
      xirr: await metricRow(page, METRIC_LABELS.levered_xirr),
    };
    // once, in CI, no answer came within 15 s of this click: the charts' chunk arriving moves Update
    // Metrics down the page (a click during the shift can land beside it), so it waits for the
    // charts, and the answer gets the 30 s the analysis gets on a loaded machine
    await page.locator('figure.results-chart').nth(2).waitFor();
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/update_metrics'), {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const answer = await (await answered).json();
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    expect(answer.year_1_metrics.closing_cost).toBe(12_000);
    expect(answer.year_1_metrics.total_cost_to_close).toBe(116_500);
    expect({
      verdict: await verdictText(page),
      mortgage: await yearOne(page, 'Levered', 'Mortgage'),
      equity: await yearOne(page, 'Levered', 'Equity Accumulated'),
      xirr: await metricRow(page, METRIC_LABELS.levered_xirr),
    }).toEqual(shown);
    expect(shown.verdict).toContain(`${answer.summary.overall_points}%`);

    // a new rent re-derives management (8 % of year-1 revenue) and maintenance (10 % of rent)
    await assumption(page, 'rent').fill('3000');
    await page.getByRole('button', { name: UI_TEXT.showAdditionalExpenses }).click();
    // 8 % × 12 × 3,000 × (1 − 5 %) = 2,736; 10 % × 12 × 3,000 = 3,600
    expect(await assumption(page, 'property_management').inputValue()).toBe('2736');
    expect(await assumption(page, 'maintenance').inputValue()).toBe('3600');
  });

  it('an overridden value stays when its driver moves, says so, and one click resets it to the derivation', async () => {
    const { page } = await analyse();
    await assumption(page, 'closing_cost').fill('9000');
    const closingRow = assumption(page, 'closing_cost').locator('xpath=ancestor::dd');
    expect(await closingRow.textContent()).toContain('Your value');
    await assumption(page, 'purchase_price').fill('400000');
    expect(await assumption(page, 'closing_cost').inputValue()).toBe('9000');
    expect(await metricRow(page, METRIC_LABELS.total_acquisition)).toContain('$409,000.00');

    await page.getByRole('button', { name: /^Reset Closing Cost to 3 % of the purchase price$/ }).click();
    expect(await assumption(page, 'closing_cost').inputValue()).toBe('12000');
    expect(await closingRow.textContent()).toContain('Derived: 3 % of the purchase price');
    expect(await metricRow(page, METRIC_LABELS.total_acquisition)).toContain('$412,000.00');

    // an input left empty keeps the last valid figures, and says so
    await assumption(page, 'purchase_price').fill('');
    await verdict(page)
      .getByText(/last valid assumptions/)
      .waitFor();
    expect(await verdictFigure(page, 'Cash to close')).toBe('$116,500.00');

    // each assumption is the only field of its own form (Chrome's autofill re-reads a field's whole
    // form on every key: MetricRow.tsx), and Enter there submits nothing: no reload, the edit stays
    const fieldsPerForm = await page.$$eval('input[id^="metric-input-"]', (inputs) =>
      inputs.map((input) => (input as HTMLInputElement).form?.elements.length ?? 0),
    );
    expect(fieldsPerForm.length).toBeGreaterThan(10);
    expect(new Set(fieldsPerForm)).toEqual(new Set([1]));
    await assumption(page, 'purchase_price').fill('400000');
    const url = page.url();
    await assumption(page, 'closing_cost').fill('9500');
    await assumption(page, 'closing_cost').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url);
    expect(await assumption(page, 'closing_cost').inputValue()).toBe('9500');
    expect(await metricRow(page, METRIC_LABELS.total_acquisition)).toContain('$409,500.00');

    await expectNoSeriousA11yViolations(page, '/ with an overridden assumption');
  });

  it('a dollar amount past $100,000,000 is refused with its rule; one at the limit wraps its returns, never widening the page', async () => {
    const { page } = await analyse();
    const cashFlowBefore = await verdictFigure(page, 'Monthly cash flow');
    await assumption(page, 'rent').fill('1000000000000');
    await page
      .locator('.field-error')
      .getByText(`${METRIC_LABELS.rent} must be at most ${MONEY_INPUT_MAX.toLocaleString('en-US')}`)
      .waitFor();
    // a refused edit leaves the figures as they were
    expect(await verdictFigure(page, 'Monthly cash flow')).toBe(cashFlowBefore);

    // a rent hundreds of times the price: returns of some forty digits, each wrapped inside its cell
    await assumption(page, 'rent').fill(String(MONEY_INPUT_MAX));
    await expect.poll(() => verdictFigure(page, 'Monthly cash flow')).not.toBe(cashFlowBefore);
    expect((await verdictFigure(page, 'Levered XIRR')).length).toBeGreaterThan(30);
    await page.screenshot({ path: `${SCREENSHOTS}results-huge-rent-1280.png` });
    // no figure runs past its cell's edge, nor the window's
    const spilling = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.verdict-value, .verdict-range, .check-first li')]
        .filter((el) => {
          const cell = el.parentElement?.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return (
            el.scrollWidth > el.clientWidth + 1 ||
            (cell && box.right > cell.right + 1) ||
            box.right > window.innerWidth
          );
        })
        .map((el) => el.textContent?.slice(0, 40)),
    );
    expect(spilling).toEqual([]);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow(), 'the page is wider than the window').toBeLessThanOrEqual(0);
    // on a phone too, where the returns' rows are as narrow as the screen
    await page.setViewportSize(PHONE);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    const wideRows = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.results .metric-row')]
        .filter((row) => row.scrollWidth > row.clientWidth + 1)
        .map((row) => row.textContent?.slice(0, 30)),
    );
    expect(wideRows, 'a row wider than its card').toEqual([]);
  });
});

describe('saving what is on screen', () => {
  it('Save right after editing the rent stores the edited rent and what follows from it', async () => {
    const { page } = await analyse();
    await assumption(page, 'rent').fill('3100');
    await page.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    await toastWithText(page, MESSAGES.saveSuccess).waitFor();
    await expectVerdictInView(page);
    // reloaded at its own URL (/?analysis=…), the analysis still says it is saved
    await page.reload();
    await resultsHeading(page).waitFor();
    await page.locator('.saved-badge').getByText('Saved').waitFor();
    // kept by Update Metrics, then reopened from the page's copy (another page, the brand link):
    // still saved
    await assumption(page, 'insurance').fill('2500');
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    await page.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.getByRole('link', { name: 'SFR Analyst', exact: true }).click();
    await resultsHeading(page).waitFor();
    expect(await assumption(page, 'insurance').inputValue(), 'reopened from the copy').toBe('2500');
    await page.locator('.saved-badge').getByText('Saved').waitFor();

    const savedList = await openSavedProperties(page);
    await savedCardLink(savedList, AUSTIN.street).click();
    await page.waitForURL(/\/\?saved=[^&]+/);
    await resultsHeading(page).waitFor();
    expect(await assumption(page, 'rent').inputValue()).toBe('3100');
    await page.getByRole('button', { name: UI_TEXT.showAdditionalExpenses }).click();
    // 8 % × 12 × 3,100 × 95 %
    expect(await assumption(page, 'property_management').inputValue()).toBe('2827.20');
    // the edited rent reads as the user's, the management as derived from it
    expect(await assumption(page, 'rent').locator('xpath=ancestor::dd').textContent()).toContain(
      'Your value',
    );
    expect(
      await assumption(page, 'property_management').locator('xpath=ancestor::dd').textContent(),
    ).toContain('Derived');
  });
});

describe('edits not kept', () => {
  it('the page says the reports show the kept figures, and leaving asks first (another page, closing the tab); Stay keeps the edits, Leave drops them, and kept edits ask nothing', async () => {
    const { page } = await analyse();
    await page.waitForURL(/\/\?analysis=[^&]+$/);
    const analysisUrl = page.url();
    const question = page.getByRole('dialog', { name: UNKEPT_EDITS.title });
    const aboutUs = page.getByRole('link', { name: 'About Us', exact: true });
    const analysedRent = await assumption(page, 'rent').inputValue();

    const reportsNote = page.locator('.results-unkept');
    expect(await reportsNote.textContent()).toBe('');
    await assumption(page, 'rent').fill('3100');
    // the reports and share links read the kept analysis: the page says so while an edit is not kept
    expect(await reportsNote.textContent()).toBe(UNKEPT_EDITS.reports);
    expect(await reportsNote.getAttribute('role')).toBe('status');
    await aboutUs.click();
    await question.waitFor();
    expect(await question.textContent()).toContain(UNKEPT_EDITS.body);
    await expectNoSeriousA11yViolations(page, 'the leave question');
    await question.getByRole('button', { name: UNKEPT_EDITS.stay, exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect(page.url()).toBe(analysisUrl);
    expect(await assumption(page, 'rent').inputValue()).toBe('3100');

    // closing the tab or reloading asks the browser's own question; accepted, the page reloads
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await resultsHeading(page).waitFor();
    expect(asked).toEqual(['beforeunload']);
    expect(await assumption(page, 'rent').inputValue(), 'the edit was not kept').toBe(analysedRent);

    await assumption(page, 'rent').fill('3100');
    await aboutUs.click();
    await question.getByRole('button', { name: UNKEPT_EDITS.leave, exact: true }).click();
    await page.waitForURL(`${baseURL()}/aboutus`);

    // back on the analysis, an edit kept with Update Metrics leaves without a question
    await page.goto(analysisUrl);
    await resultsHeading(page).waitFor();
    await assumption(page, 'rent').fill('3100');
    // by keyboard: the busy button keeps the focus (a disabled one dropped it to the page's start)
    const update = page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true });
    await update.focus();
    await page.keyboard.press('Enter');
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    await expect.poll(() => update.getAttribute('aria-busy')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(UI_TEXT.updateMetrics);
    expect(await reportsNote.textContent()).toBe('');
    await aboutUs.click();
    await page.waitForURL(`${baseURL()}/aboutus`);
    expect(await question.count()).toBe(0);
  });
});

describe('signing out over edits not kept', () => {
  it('asks first: Stay keeps the session and the edit, Leave signs out', async () => {
    // a member of its own: signing out ends the session the other tests share
    const { page, context } = await openSession(browser);
    await signUpThroughApi(context, newUser('Sasha'));
    const analysis = await analyseThroughApi(context.request, AUSTIN);
    await page.goto(`/?analysis=${analysis.analysis_id}`);
    await resultsHeading(page).waitFor();
    const signOut = page.getByRole('button', { name: UI_TEXT.signOut });
    const question = page.getByRole('dialog', { name: UNKEPT_EDITS.title });

    await assumption(page, 'rent').fill('3100');
    await signOut.click();
    await question.getByRole('button', { name: UNKEPT_EDITS.stay, exact: true }).click();
    await question.waitFor({ state: 'detached' });
    expect(await assumption(page, 'rent').inputValue()).toBe('3100');
    expect((await page.request.get('/api/auth/me')).status(), 'still signed in').toBe(200);

    await signOut.click();
    await question.getByRole('button', { name: UNKEPT_EDITS.leave, exact: true }).click();
    await toastWithText(page, MESSAGES.signOutSuccess).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});

describe('two tabs on one deal', () => {
  it('an edit refused because the other tab changed the deal stays on screen with what it held, and loads the latest figures in place', async () => {
    // an address of its own: the member's save of the README's address (above) would answer Save
    // with "already saved" before any revision is read
    const { page, context, expectConsoleError } = await analyse(DESKTOP, {
      ...AUSTIN,
      street: '1000 E 5th St',
    });
    // the refused edit's answer, as the browser logs it
    expectConsoleError(
      /status of 409 .* @ https?:\/\/[^/]+\/api\/(update_metrics|saved_properties|analyses\/[^/]+\/scenarios\/[^/]+)$/,
    );
    await page.waitForURL(/\/\?analysis=[^&]+$/);
    const other = await context.newPage();
    await other.goto(page.url());
    await resultsHeading(other).waitFor();
    const insuranceAsAnalysed = await assumption(other, 'insurance').inputValue();
    // waits for the answer: a success toast from the tab's last update may still be showing
    const update = async (tab: Page) => {
      const answered = tab.waitForResponse((res) => res.url().endsWith('/api/update_metrics'));
      await tab.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
      await answered;
    };

    await assumption(page, 'rent').fill('3100');
    await update(page);
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();

    await assumption(other, 'insurance').fill('5000');
    await update(other);
    const notice = other.getByRole('alert').filter({ hasText: CHANGED_ELSEWHERE.title });
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      `${METRIC_LABELS.insurance}: 5000`,
    ]);
    await expectNoSeriousA11yViolations(other, 'the changed-elsewhere notice');

    await notice.getByRole('button', { name: CHANGED_ELSEWHERE.loadLatest }).click();
    await notice.waitFor({ state: 'detached' });
    // its button gone, the keyboard's focus is on the results' heading
    expect(await other.evaluate(() => document.activeElement?.id)).toBe('results-title');
    expect(await assumption(other, 'rent').inputValue(), 'the other tab’s edit is on screen').toBe('3100');
    expect(await assumption(other, 'insurance').inputValue()).toBe(insuranceAsAnalysed);
    // Save Property from a replaced state is refused the same way (it would keep the screen's numbers)
    await assumption(page, 'rent').fill('3200');
    await update(page);
    await assumption(other, 'insurance').fill('5000');
    await other.getByRole('button', { name: UI_TEXT.saveProperty, exact: true }).click();
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      `${METRIC_LABELS.insurance}: 5000`,
    ]);
    await notice.getByRole('button', { name: CHANGED_ELSEWHERE.loadLatest }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await assumption(other, 'rent').inputValue()).toBe('3200');

    // from the latest figures the edit goes through, and the first tab's stays
    await assumption(other, 'insurance').fill('5000');
    await update(other);
    await toastWithText(other, MESSAGES.updateMetricsSuccess).waitFor();
    const id = new URL(page.url()).searchParams.get('analysis');
    const stored = (await (await page.request.get(`/api/analyses/${id}`)).json()) as {
      property: { metrics: { rent: number; insurance: number } };
    };
    expect(stored.property.metrics).toMatchObject({ rent: 3_200, insurance: 5_000 });

    // a scenario edited in both tabs: the edit from a replaced state is refused the same way (QA: the
    // later tab's whole metrics overwrote the other's edit unseen)
    const added = await page.request.post(`/api/analyses/${id}/scenarios`, {
      headers: { origin: new URL(page.url()).origin },
      data: { name: 'Low offer', metrics: stored.property.metrics },
    });
    expect(added.status(), await added.text()).toBe(201);
    // both tabs open the deal with its base case on screen (Show then names the scenario in the URL)
    const dealUrl = page.url();
    for (const tab of [page, other]) {
      await tab.goto(dealUrl);
      await resultsHeading(tab).waitFor();
      await tab.locator('section.scenarios').getByRole('button', { name: 'Show Low offer' }).click();
    }
    const updateScenario = async (tab: Page) => {
      const answered = tab.waitForResponse((res) => /\/scenarios\/[^/]+$/.test(res.url()));
      await tab.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
      return (await answered).status();
    };
    await assumption(page, 'rent').fill('3900');
    expect(await updateScenario(page)).toBe(200);
    await assumption(other, 'insurance').fill('5100');
    expect(await updateScenario(other)).toBe(409);
    await notice.waitFor();
    expect(await notice.getByRole('listitem').allTextContents()).toEqual([
      `${METRIC_LABELS.insurance}: 5100`,
    ]);
    const scenarios = (await (await page.request.get(`/api/analyses/${id}`)).json()).scenarios as {
      metrics: { rent: number; insurance: number };
    }[];
    expect(scenarios[0]?.metrics).toMatchObject({ rent: 3_900, insurance: 5_000 });
  });
});

describe('results that last', () => {
  it('the analysis is in the URL: reload, another page, the brand link and Recent Analyses bring it back as last updated, spending nothing', async () => {
    const { page } = await analyse();
    await page.waitForURL(/\/\?analysis=[^&]+$/);
    const analysisUrl = page.url();
    const id = new URL(analysisUrl).searchParams.get('analysis');
    const history = async () =>
      ((await (await page.request.get('/api/analyses?limit=100')).json()) as { analyses: { id: string }[] })
        .analyses;
    const before = await history();
    expect(before[0]?.id, 'the newest analysis is this one').toBe(id);

    // an edit sent with Update Metrics is the analysis's state from then on
    await assumption(page, 'purchase_price').fill('400000');
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    await toastWithText(page, MESSAGES.updateMetricsSuccess).waitFor();
    const rating = await verdict(page)
      .getByText(/^\d+%$/)
      .textContent();

    await page.reload();
    await resultsHeading(page).waitFor();
    expect(await assumption(page, 'purchase_price').inputValue()).toBe('400000');
    expect(await assumption(page, 'closing_cost').inputValue()).toBe('12000');
    expect(
      await verdict(page)
        .getByText(/^\d+%$/)
        .textContent(),
    ).toBe(rating);

    // another page, then the analyzer's own link: a bare / returns to what this tab showed
    await page.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.waitForURL(`${baseURL()}/aboutus`);
    await page.getByRole('link', { name: 'SFR Analyst', exact: true }).click();
    await page.waitForURL(analysisUrl);
    await resultsHeading(page).waitFor();
    expect(await assumption(page, 'purchase_price').inputValue()).toBe('400000');

    // the navbar's Recent Analyses lists it first, with its rating, and reopens it
    await page.getByRole('link', { name: 'Recent Analyses', exact: true }).click();
    await page.waitForURL(`${baseURL()}/analyses`);
    // the page's own list, not the analyzer's card that stays on screen while it loads
    const first = page.locator('section.recent-page .recent-item').first();
    await first.waitFor();
    expect(await first.textContent()).toContain(AUSTIN.street);
    expect(await first.locator('.rating-badge-points').textContent()).toBe(rating);
    expect(await first.textContent()).toContain('$400,000.00');
    // its link's name tells it from another analysis of the same address: the price and the time
    await first
      .getByRole('link', { name: new RegExp(`^${AUSTIN.street}.*, \\$400,000\\.00, analysed `) })
      .waitFor();
    await expectNoSeriousA11yViolations(page, '/analyses');
    await first.getByRole('link').click();
    await page.waitForURL(analysisUrl);
    await resultsHeading(page).waitFor();

    // under the analyzer, the same list marks the one on screen
    const card = page.getByRole('region', { name: 'Recent analyses' });
    await expect
      .poll(() =>
        card
          .getByRole('link', { name: new RegExp(AUSTIN.street) })
          .first()
          .getAttribute('aria-current'),
      )
      .toBe('page');

    // reopening spent nothing and made no new analysis
    expect((await history()).length).toBe(before.length);
  });
});

describe('charts', () => {
  it('draw cash flow, equity and the sources of the return, with their numbers for screen readers, following edits', async () => {
    const { page } = await analyse();
    const figures = page.locator('figure.results-chart');
    // the range of cash flow comes first, once the simulation has answered (ranges.e2e.ts reads it)
    await page.getByRole('heading', { name: 'Range of yearly cash flow' }).waitFor();
    expect(await figures.count()).toBe(4);
    for (const title of ['Cash flow by year', 'Equity build-up', 'Where the return comes from']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    // each canvas has been painted
    const painted = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLCanvasElement>('figure.results-chart canvas')].map((canvas) => {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return 0;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) inked++;
        return inked;
      }),
    );
    expect(
      painted.every((inked) => inked > 500),
      `painted pixels per chart: ${painted}`,
    ).toBe(true);
    await page.locator('.results-charts').screenshot({ path: `${SCREENSHOTS}results-charts-1280.png` });

    // the text alternative holds the same numbers as the hold-period table
    const cashFlowTable = page.getByRole('table', { name: 'Cash flow by year' });
    const firstYear = async () =>
      (await cashFlowTable
        .getByRole('row', { name: /^Levered cash flow/ })
        .getByRole('cell')
        .first()
        .textContent()) ?? '';
    const cashflowBefore = await yearOne(page, 'Levered', 'Rental Cashflow');
    expect(await firstYear()).toBe(cashflowBefore);
    await assumption(page, 'rent').fill('3500');
    // the table and the charts follow in the frame after the figures
    await expect.poll(() => yearOne(page, 'Levered', 'Rental Cashflow')).not.toBe(cashflowBefore);
    const rentalCashflow = await yearOne(page, 'Levered', 'Rental Cashflow');
    await expect.poll(firstYear).toBe(rentalCashflow);
    expect(await page.getByRole('table', { name: 'Where the return comes from' }).textContent()).toContain(
      'Levered profit',
    );
  });
});

describe('charts out of view', () => {
  it('wait while typing elsewhere, and show the latest numbers once scrolled to or printed', async () => {
    const { page } = await analyse();
    const figure = page.locator('figure.results-chart').filter({ hasText: 'Cash flow by year' });
    const pixels = () => figure.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());
    // the ranges first: a full local run once saw a redraw out of view, most likely the ranges
    // arriving after the drawing had looked settled on a loaded machine
    await page.locator('.verdict-range').first().waitFor();
    await figure.scrollIntoViewIfNeeded();
    // the drawing as it settles (a late layout change, the ranges arriving after the paint, redraws it
    // once more in view): two reads a quarter second apart agree
    const settled = async () => {
      for (let last = await pixels(); ; ) {
        await page.waitForTimeout(250);
        const now = await pixels();
        if (now === last) return now;
        last = now;
      }
    };
    const before = await settled();
    const cashflowBefore = await yearOne(page, 'Levered', 'Rental Cashflow');

    // typing in the metrics, far above the charts (beyond the half-screen margin they are drawn within)
    await page.evaluate(() => window.scrollTo(0, 0));
    await assumption(page, 'rent').fill('3500');
    await expect.poll(() => yearOne(page, 'Levered', 'Rental Cashflow')).not.toBe(cashflowBefore);
    const rentalCashflow = await yearOne(page, 'Levered', 'Rental Cashflow');
    const firstYear = page
      .getByRole('table', { name: 'Cash flow by year' })
      .getByRole('row', { name: /^Levered cash flow/ })
      .getByRole('cell')
      .first();
    // the chart's numbers for screen readers follow at once; its drawing would follow a frame later
    await expect.poll(() => firstYear.textContent()).toBe(rentalCashflow);
    await page.evaluate(
      () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
    );
    const distance = await figure.evaluate(
      (element) => element.getBoundingClientRect().top / window.innerHeight,
    );
    expect(distance, 'the chart is out of view and beyond the margin').toBeGreaterThan(1.5);
    expect(await pixels(), 'not redrawn while out of view').toBe(before);

    // a printed page shows it with the latest numbers, in view or not
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    // a redraw waits for the observer's callback and a frame: room beyond poll's 1 s on a loaded machine
    const redrawn = { timeout: 10_000 };
    await expect.poll(pixels, redrawn).not.toBe(before);
    const printed = await pixels();

    // another edit far above; scrolled to, the chart catches up
    await assumption(page, 'rent').fill('3900');
    await expect.poll(() => firstYear.textContent()).not.toBe(rentalCashflow);
    await page.evaluate(
      () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
    );
    expect(await pixels(), 'not redrawn while out of view').toBe(printed);
    await figure.scrollIntoViewIfNeeded();
    await expect.poll(pixels, redrawn).not.toBe(printed);
  });
});

describe('on a phone (375 px)', () => {
  it('nothing scrolls sideways; every year of the table reads whole, with its group', async () => {
    const { page } = await analyse(PHONE, { ...AUSTIN, factor: 4 });
    await page.locator('figure.results-chart').nth(2).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}results-375.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // the elements past the screen's right edge whose children are not, to name the culprit
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.checkVisibility())
        .filter(
          (el) =>
            ![...el.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
        )
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`,
        ),
    );
    expect(overflow, `the page is wider than the screen: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
    // every editable assumption's input lines up at the right edge, whether its label wrapped or not
    const inputEdges = await page.evaluate(() =>
      [...document.querySelectorAll('.metric-group .metric-row.editable .metric-input')]
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.right)),
    );
    expect(inputEdges.length).toBeGreaterThan(10);
    expect(Math.max(...inputEdges) - Math.min(...inputEdges), 'inputs out of line').toBeLessThanOrEqual(2);

    const years = await page.evaluate(() =>
      [...document.querySelectorAll('table.hold-period-year')].map((table) => ({
        caption: table.querySelector('caption')?.textContent?.trim(),
        groups: [...table.querySelectorAll('th[scope="rowgroup"]')].map((th) =>
          th.firstChild?.textContent?.trim(),
        ),
        cut: [...table.querySelectorAll('td')]
          .filter((td) => {
            const box = td.getBoundingClientRect();
            return td.scrollWidth > td.clientWidth || box.right > window.innerWidth || box.left < 0;
          })
          .map((td) => td.textContent),
        values: table.querySelectorAll('td').length,
      })),
    );
    expect(years.map((year) => year.caption)).toEqual(['Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5']);
    for (const year of years) {
      expect(year.groups).toEqual(['Unlevered', 'Levered']);
      expect(year.cut, `values cut in ${year.caption}`).toEqual([]);
      // 6 unlevered and 9 levered rows, and a new analysis's four expense lines (CapEx reserve, HOA,
      // owner utilities, leasing) under Expense in both groups
      expect(year.values).toBe(15 + 2 * 4);
    }
    expect(await yearOne(page, 'Levered', 'Revenue')).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);

    // a four-family deal says which figures are per unit
    expect(await metricRow(page, `${METRIC_LABELS.hud_rent} (per unit)`)).toContain(AUSTIN_HUD_RENT);
    expect(await metricRow(page, 'Bedrooms per unit')).toContain('3');
    await expectNoSeriousA11yViolations(page, '/ with results at 375 px');
  });

  it('a market figure beside a long label stays whole (Omaha’s crime grades name Douglas County)', async () => {
    const omaha = { ...AUSTIN, street: '1819 Farnam St', city: 'Omaha', zipcode: '68102', state_code: 'NE' };
    const { page } = await analyse(PHONE, { ...omaha, county_name: 'Douglas' });
    const sources = page.locator('.source-list');
    await sources.scrollIntoViewIfNeeded();
    await expect.poll(() => sources.getByText('Violent Crime Grade for Douglas County').count()).toBe(1);
    // a figure on one line is one box of text; "C" over "+" was two
    const broken = await sources.evaluate((list) =>
      [...list.querySelectorAll<HTMLElement>('.source-figure .metric-value')]
        .filter((value) => {
          const text = document.createRange();
          text.selectNodeContents(value);
          return text.getClientRects().length > 1;
        })
        .map((value) => value.textContent),
    );
    expect(broken, 'figures broken over lines').toEqual([]);
  });
});
