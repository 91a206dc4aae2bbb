/** The analyzer page as a user sees it: its labelled fields, buttons and result rows. */
import { PROPERTY_FIELD_LABELS as FIELD, HOUSE_TYPES, type HouseType } from '@sfr/contracts';
import type { Locator, Page } from 'playwright-core';
import { UI_TEXT } from '../../src/ui/text';

/** The README's example deal, as a user types it. */
export const AUSTIN = {
  street: '1100 Congress Ave',
  city: 'Austin',
  zipcode: '78701',
  state_code: 'TX',
  county_name: 'Travis',
  num_bedrooms: 3,
  num_bathrooms: 2,
  purchase_price: 450_000,
  factor: 1 as HouseType,
};

/** HUD's FY2026 Small Area FMR for a 3-bedroom in 78701, from the shared market data. */
export const AUSTIN_HUD_RENT = '$2,347.00';

export async function fillAnalyzer(page: Page, deal = AUSTIN): Promise<void> {
  await page.getByLabel(FIELD.street, { exact: true }).fill(deal.street);
  await page.getByLabel(FIELD.city, { exact: true }).fill(deal.city);
  await page.getByLabel(FIELD.zipcode, { exact: true }).fill(deal.zipcode);
  await page.getByLabel(FIELD.state_code, { exact: true }).fill(deal.state_code);
  await page.getByLabel(FIELD.county_name, { exact: true }).fill(deal.county_name);
  await page.getByLabel(FIELD.num_bedrooms, { exact: true }).fill(String(deal.num_bedrooms));
  await page.getByLabel(FIELD.num_bathrooms, { exact: true }).fill(String(deal.num_bathrooms));
  await page.getByLabel(FIELD.purchase_price, { exact: true }).fill(String(deal.purchase_price));
  await page.getByRole('radio', { name: HOUSE_TYPES[deal.factor], exact: true }).check();
}

export const analyzeButton = (page: Page): Locator =>
  page.getByRole('button', { name: UI_TEXT.analyzeProperty, exact: true });

/**
 * Opens Saved Properties from the navbar and answers its list. The URL changes before the list's
 * data has loaded, and until then the analyzer stays on screen with its Recent Analyses card, whose
 * links carry the same addresses: a card is looked for only once the list's own heading is shown.
 */
export async function openSavedProperties(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Saved Properties', exact: true }).click();
  const list = page.locator('section.saved-page');
  await list.getByRole('heading', { level: 1, name: 'Saved Properties', exact: true }).waitFor();
  return list;
}

/** A saved property's card link (its address) in the list `openSavedProperties` answered. */
export const savedCardLink = (list: Locator, street: string): Locator =>
  list.getByRole('link', { name: new RegExp(street) }).first();

export const resultsHeading = (page: Page): Locator =>
  page.getByRole('heading', { name: UI_TEXT.analyzerResults, exact: true });

/**
 * The text of the row that shows the metric labelled `label` (the label, its value, an input's
 * value when the metric is editable): the nearest ancestor of the label that holds more than the
 * label and its buttons (an explanation's trigger is not a value). Headings with the same words (a
 * group named like its only metric) are skipped.
 */
export async function metricRow(page: Page, label: string): Promise<string> {
  return page.evaluate((label) => {
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    const own = (el: Element) =>
      squash(
        [...el.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join(''),
      );
    /**
     * What the row shows besides its label and buttons: its text and input values. textContent,
     * not innerText: a block off screen skips rendering (content-visibility) and has no innerText.
     * Tooltips are drawn in <body>, so a row's text holds none.
     */
    const shown = (el: HTMLElement) => {
      let text = el.textContent ?? '';
      for (const button of el.querySelectorAll('button')) text = text.replace(button.textContent ?? '', ' ');
      // a verdict figure's range is not its value (verdictRange reads it)
      for (const range of el.querySelectorAll('.verdict-range'))
        text = text.replace(range.textContent ?? '', ' ');
      const inputs = [...el.querySelectorAll('input')].map((input) => input.value);
      return squash(`${text} ${inputs.join(' ')}`);
    };
    const candidates = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) => own(el) === label && !/^H[1-6]$/.test(el.tagName) && el.checkVisibility(),
    );
    for (const el of candidates) {
      let node: HTMLElement | null = el;
      for (let depth = 0; node && depth < 5; depth++, node = node.parentElement) {
        const text = shown(node);
        if (squash(text.replace(label, '')).length > 0) return text;
      }
    }
    throw new Error(`no visible metric labelled '${label}'`);
  }, label);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An editable metric's input, found by its label (which may add its unit: 'Vacancy Rate (percent)'). */
export const metricInput = (page: Page, label: string): Locator =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\(.*\\))?$`));

/** A toast showing exactly `text`. */
export const toastWithText = (page: Page, text: string): Locator => page.getByText(text, { exact: true });

const verdictValue = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'Verdict' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A figure of the verdict band ('Monthly cash flow', 'Cash to close', …) as shown, without its range. */
export async function verdictFigure(page: Page, label: string): Promise<string> {
  return ((await verdictValue(page, label).locator('.verdict-value').textContent()) ?? '').trim();
}

/** The verdict band's text without the figures' ranges: what the numbers say, whatever the simulation. */
export async function verdictText(page: Page): Promise<string> {
  return page.getByRole('region', { name: 'Verdict' }).evaluate((band) => {
    const copy = band.cloneNode(true) as HTMLElement;
    for (const range of copy.querySelectorAll('.verdict-range')) range.remove();
    return copy.textContent ?? '';
  });
}

/** The 10th–90th percentile range shown under a verdict figure ('-$120.00 to $640.00'), '' for none. */
export async function verdictRange(page: Page, label: string): Promise<string> {
  const range = verdictValue(page, label).locator('.verdict-range');
  if ((await range.count()) === 0) return '';
  return ((await range.textContent()) ?? '').replace(', likely', '').trim();
}
