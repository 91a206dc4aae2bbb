/**
 * Keyboard and screen-reader paths (the accessibility QA pass). Names and descriptions are read
 * from Chromium's own accessibility tree (what a screen reader is given), not recomputed here.
 * - A dialog is described by its body.
 * - Every explanation button says what it explains; the hold-period table's headers read as their
 *   labels alone.
 * - On a phone, a navbar link the leave question holds back keeps the menu open and gets the focus
 *   back, and Escape closes the menu onto ☰; a dialog whose opener was hidden meanwhile leaves the
 *   focus on the page's heading, not on nothing.
 * - Moving to another page focuses its heading, but not on the first load, and not over the focus
 *   a new analysis gives its results.
 * - Tab runs on through a toast instead of being sent back to the control before it, and at 375 px
 *   a control it moves to is not left under a toast at the bottom.
 */
import { type AnalysisResponse, MESSAGES } from '@sfr/contracts';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_TEXT, UNKEPT_EDITS } from '../src/ui/text';
import { AUSTIN, analyzeButton, fillAnalyzer, resultsHeading, toastWithText } from './support/analyzer';
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

let browser: Browser;
/** One subscribed member (Analyze on / spends no free search) and one analysis of theirs, never changed. */
let memberCookies: Cookie[];
let analysis: AnalysisResponse;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseURL() });
  await signUpThroughApi(context, newUser('Kira'));
  await subscribeThroughApi(context);
  analysis = await analyseThroughApi(context.request, AUSTIN);
  memberCookies = await context.cookies();
  await context.close();
});
afterAll(async () => browser?.close());

/** The member's session at `viewport`, on the analysis's results. */
async function openResults(viewport = DESKTOP) {
  const session = await openSession(browser, { viewport });
  await session.context.addCookies(memberCookies);
  await session.page.goto(`/?analysis=${analysis.analysis_id}`);
  await resultsHeading(session.page).waitFor({ timeout: 30_000 });
  return session;
}

/** Types a rent other than the one shown, so leaving the results asks first. */
async function editWithoutKeeping(page: Page): Promise<void> {
  const rent = page.locator('#metric-input-rent');
  const shown = Number((await rent.inputValue()).replace(/[^\d.]/g, ''));
  await rent.fill(String(Math.round(shown) + 100));
}

const leaveQuestion = (page: Page): Locator => page.getByRole('dialog', { name: UNKEPT_EDITS.title });
const menuButton = (page: Page): Locator => page.getByRole('button', { name: 'Menu', exact: true });
const navLink = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el === document.activeElement);

/** What has the focus, for a failure message: its tag, and its text if short. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 40)}`.trim()
      : 'nothing';
  });

/** Whether the focus is on the page's main heading (the h1 in <main>). */
const onPageHeading = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const heading = document.querySelector('main h1');
    return heading !== null && document.activeElement === heading;
  });

interface AxReading {
  /** out of the tree a screen reader reads (hidden: a collapsed group's rows) */
  ignored: boolean;
  role: string;
  name: string;
  description: string;
  /** the text shown by the element's closest `labelOf` (itself by default), without buttons and hidden text: its label */
  shown: string;
}

/** Chromium's accessible role, name and description of every element matching `selector`, with its label as shown. */
async function axReadings(page: Page, selector: string, labelOf = '*'): Promise<AxReading[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `[...document.querySelectorAll(${JSON.stringify(selector)})]`,
    });
    if (!result.objectId) throw new Error(`no list for ${selector}`);
    const { result: items } = await cdp.send('Runtime.getProperties', {
      objectId: result.objectId,
      ownProperties: true,
    });
    const readings: AxReading[] = [];
    for (const item of items) {
      const objectId = item.value?.objectId;
      if (!/^\d+$/.test(item.name) || !objectId) continue;
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false });
      const node = nodes[0];
      const { result: shown } = await cdp.send('Runtime.callFunctionOn', {
        objectId,
        functionDeclaration: `function (labelOf) {
          const copy = this.closest(labelOf)?.cloneNode(true);
          if (!copy) return '';
          for (const hidden of copy.querySelectorAll('button, .visually-hidden')) hidden.remove();
          return (copy.textContent ?? '').replace(/\\s+/g, ' ').trim();
        }`,
        arguments: [{ value: labelOf }],
        returnByValue: true,
      });
      readings.push({
        ignored: node?.ignored ?? true,
        role: String(node?.role?.value ?? ''),
        name: String(node?.name?.value ?? ''),
        description: String(node?.description?.value ?? ''),
        shown: String(shown.value ?? ''),
      });
    }
    return readings;
  } finally {
    await cdp.detach();
  }
}

describe('dialogs', () => {
  it('the leave question is described by its body, so focusing Stay reads why it asks', async () => {
    const { page } = await openResults();
    await editWithoutKeeping(page);
    await navLink(page, 'About Us').click();
    await leaveQuestion(page).waitFor();
    const [dialog] = await axReadings(page, '[role="dialog"]');
    const body = await leaveQuestion(page).locator('.dialog-body').textContent();
    expect(dialog?.role).toBe('dialog');
    expect(dialog?.name).toBe(UNKEPT_EDITS.title);
    expect(dialog?.description, 'the description is the body as shown').toBe(body?.trim());
    expect(dialog?.description).toContain(UNKEPT_EDITS.body);
  });

  it('when the link that opened it is hidden meanwhile, Stay leaves the focus on the page heading, not on nothing', async () => {
    const { page } = await openResults(DESKTOP);
    await editWithoutKeeping(page);
    await navLink(page, 'About Us').click();
    await leaveQuestion(page).waitFor();
    // narrower than md, the navbar's links fold into the closed menu: the opener is hidden
    await page.setViewportSize(PHONE);
    await leaveQuestion(page).getByRole('button', { name: UNKEPT_EDITS.stay, exact: true }).click();
    await leaveQuestion(page).waitFor({ state: 'detached' });
    expect(await navLink(page, 'About Us').isVisible(), 'the opener is hidden').toBe(false);
    await expect.poll(() => onPageHeading(page), { message: 'focus on the heading' }).toBe(true);
  });
});

describe('leaving through the question', () => {
  it('at 1280 px, Leave puts the focus on the new page heading, not back on the navbar link that asked', async () => {
    const { page } = await openResults(DESKTOP);
    await editWithoutKeeping(page);
    await navLink(page, 'About Us').click();
    await leaveQuestion(page).getByRole('button', { name: UNKEPT_EDITS.leave, exact: true }).click();
    await page.waitForURL(`${baseURL()}/aboutus`);
    await expect.poll(() => onPageHeading(page), { message: 'focus on the heading' }).toBe(true);
  });
});

describe('the navbar menu at 375 px', () => {
  it('a link the leave question holds back keeps the menu open and gets the focus back (Escape or Stay); Escape closes the menu onto ☰; Leave closes it', async () => {
    const { page } = await openResults(PHONE);
    await editWithoutKeeping(page);
    const aboutUs = navLink(page, 'About Us');
    const stay = leaveQuestion(page).getByRole('button', { name: UNKEPT_EDITS.stay, exact: true });

    await menuButton(page).click();
    await aboutUs.click();
    await leaveQuestion(page).waitFor();
    await page.keyboard.press('Escape');
    await leaveQuestion(page).waitFor({ state: 'detached' });
    expect(await menuButton(page).getAttribute('aria-expanded'), 'the menu is still open').toBe('true');
    expect(await isFocused(aboutUs), `focus on About Us, not ${await focused(page)}`).toBe(true);

    await aboutUs.press('Enter');
    await stay.click();
    await leaveQuestion(page).waitFor({ state: 'detached' });
    expect(await isFocused(aboutUs), `focus on About Us after Stay, not ${await focused(page)}`).toBe(true);

    // Escape in the open menu closes it and returns to the button that opened it
    await page.keyboard.press('Escape');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await aboutUs.isVisible()).toBe(false);
    expect(await isFocused(menuButton(page)), `focus on ☰, not ${await focused(page)}`).toBe(true);

    // once the page does change, the menu closes
    await menuButton(page).press('Enter');
    await aboutUs.click();
    await leaveQuestion(page).getByRole('button', { name: UNKEPT_EDITS.leave, exact: true }).click();
    await page.waitForURL(`${baseURL()}/aboutus`);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => onPageHeading(page), { message: 'focus on the new page heading' }).toBe(true);
  });
});

describe('explanation buttons', () => {
  /** Every info button's name is 'Explain <its label>'; every hold-period header's name is its label alone. */
  async function expectNamedByTheirLabels(page: Page, layout: string) {
    // off-screen blocks skip rendering (content-visibility): render them as a reader scrolling would
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const buttons = (await axReadings(page, 'button.infotip-trigger', 'dt, th')).filter((b) => !b.ignored);
    expect(buttons.length, 'info buttons shown').toBeGreaterThan(10);
    const unnamed = buttons.filter(({ name, shown }) => {
      const subject = name.replace(/^Explain /, '');
      return !name.startsWith('Explain ') || subject === '' || !shown.endsWith(subject);
    });
    expect(unnamed, `${layout}: info buttons not named 'Explain <label>'`).toEqual([]);

    const headers = await axReadings(
      page,
      'table.hold-period-table th[scope="row"], table.hold-period-table th[scope="rowgroup"]',
    );
    expect(headers.filter((h) => !h.ignored).length, 'hold-period headers shown').toBeGreaterThan(5);
    const polluted = headers.filter(({ ignored, name, shown }) => !ignored && name !== shown);
    expect(polluted, `${layout}: hold-period headers not named as their label`).toEqual([]);
  }

  it('each says what it explains (the results at 1280 px, and the table by year at 375 px), and the table headers read as their labels', async () => {
    const { page } = await openResults(DESKTOP);
    await page.locator('table.hold-period-table').first().waitFor();
    await expectNamedByTheirLabels(page, '1280 px');

    await page.setViewportSize(PHONE);
    await page.locator('table.hold-period-year').first().waitFor();
    await expectNamedByTheirLabels(page, '375 px');
  });
});

describe('moving to another page', () => {
  it('focuses the new page heading, in the navbar and with Back; not on the first load, and not over the focus a new analysis gives its results', async () => {
    const session = await openSession(browser, { viewport: DESKTOP });
    await session.context.addCookies(memberCookies);
    const { page } = session;

    await page.goto('/aboutus');
    await page.locator('main h1').waitFor();
    expect(
      await page.evaluate(() => document.activeElement === document.body),
      'the first load leaves the focus',
    ).toBe(true);

    await navLink(page, 'Profile').click();
    await page.waitForURL(`${baseURL()}/profile`);
    await expect.poll(() => onPageHeading(page), { message: 'focus on the Profile heading' }).toBe(true);

    await page.goBack();
    await page.waitForURL(`${baseURL()}/aboutus`);
    await expect
      .poll(() => onPageHeading(page), { message: 'focus on the About Us heading after Back' })
      .toBe(true);

    // to the analyzer (a bare / reopens nothing yet in this tab): its heading; then a new analysis
    // opens at /?analysis=<id> and its results take the focus, which stays there
    await navLink(page, 'SFR Analyst').click();
    await page.waitForURL(`${baseURL()}/`);
    await expect.poll(() => onPageHeading(page), { message: 'focus on the analyzer heading' }).toBe(true);
    await fillAnalyzer(page);
    await analyzeButton(page).click();
    await toastWithText(page, MESSAGES.analysisSuccess).waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/\?analysis=[^&]+$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results-title');
  });
});

describe('toasts', () => {
  it("Tab runs on through a toast's close button, not back to the control before it", async () => {
    const { page, expectConsoleError } = await openSession(browser, { viewport: DESKTOP });
    expectConsoleError(/status of 401 .* @ https?:\/\/[^/]+\/api\/auth\/login$/);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(`nobody-${newUser().email}`);
    await page.getByLabel('Password', { exact: true }).fill('whatever it is');
    await page.keyboard.press('Enter');
    const toastClose = page.locator('[data-sonner-toast] button');
    await toastClose.first().waitFor();

    // the page's last control, then Tab into the toast, then Tab on
    const lastId = await page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input')].filter(
        (element) => !element.closest('[data-sonner-toaster]') && element.offsetParent !== null,
      );
      const last = controls.at(-1);
      if (!last) return null;
      last.id ||= 'last-control';
      last.focus();
      return last.id;
    });
    expect(lastId).not.toBeNull();
    const inToast = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[data-sonner-toast]')));
    await page.keyboard.press('Tab');
    expect(await inToast()).toBe(true);
    // through the toast (it and its close button are stops), then out of it
    for (let presses = 0; presses < 4 && (await inToast()); presses++) await page.keyboard.press('Tab');
    expect(await inToast()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id ?? null)).not.toBe(lastId);
  });
});

describe('toasts at 375 px', () => {
  it('a control Tab moves to is scrolled clear of a toast at the bottom, not left under it', async () => {
    const { page } = await openResults(PHONE);
    // a toast without a write: an emptied assumption refused by Update Metrics
    await page.locator('#metric-input-insurance').fill('');
    await page.getByRole('button', { name: UI_TEXT.updateMetrics, exact: true }).click();
    const shown = page.locator('[data-sonner-toast]').first();
    await shown.waitFor();
    // the pointer rests on it, which holds it on screen (sonner pauses while hovered)
    await shown.hover();
    await page.locator('#metric-input-insurance').focus();

    const covered: string[] = [];
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      const overlap = await page.evaluate(() => {
        const focused = document.activeElement;
        const toast = document.querySelector('[data-sonner-toast]');
        if (!focused || !toast) return null;
        const a = focused.getBoundingClientRect();
        const b = toast.getBoundingClientRect();
        const covers = a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
        return covers ? focused.id || focused.textContent || focused.tagName : '';
      });
      expect(overlap, 'the toast is still showing').not.toBeNull();
      if (overlap) covered.push(overlap);
    }
    expect(covered).toEqual([]);
  });
});
