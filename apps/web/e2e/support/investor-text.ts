/**
 * Nothing an investor sees names an environment variable: no 'Set MAPBOX_PUBLIC_TOKEN…', no
 * 'HOW_TO_VIDEO_URL'. Checks the page's text (hidden text too: tooltips, announcements) and the
 * attributes people read or hear (alt, title, aria-label, placeholder), and the document title.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A setting's name: capitals and underscores ending in what settings are (…_TOKEN, …_URL, …_KEY). */
export const SETTING_NAME =
  /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:TOKEN|URL|KEY|SECRET|ID|DIR|PATH|ORIGINS?|MODE|PORT|HOST|PROXY)\b/g;

export async function expectNoSettingNames(page: Page, what: string): Promise<void> {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll('script, style, noscript, template')) code.remove();
    const attributes = [...document.querySelectorAll('[alt], [title], [aria-label], [placeholder]')].flatMap(
      (el) => ['alt', 'title', 'aria-label', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.title, body.textContent ?? '', ...attributes].join('\n');
  });
  expect(text.match(SETTING_NAME) ?? [], `setting names shown to an investor on ${what}`).toEqual([]);
}
