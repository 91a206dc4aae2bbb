/** axe-core on the page as it is now: WCAG 2.1 A/AA rules; serious and critical violations fail. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  await renderEverything(page);
  await untilStill(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect(serious, `serious or critical accessibility violations on ${what}`).toEqual([]);
}

/**
 * The results' blocks skip rendering while off screen (`content-visibility: auto`); axe then finds
 * whatever is painted at a skipped text's place and reads its colours against that (a badge's grey
 * on the hold-period table's dark green, 1.2:1). A reader scrolls there and sees it rendered: so
 * does axe.
 */
async function renderEverything(page: Page): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
}

/**
 * axe reads colours as painted: a toast still fading in blends its text into the page (the error
 * toast's #b91c1c was read as #c74646, 4.4:1). Waits two frames, so that a toast mounted by the
 * last action has started its transition, then until no finite animation or transition runs.
 */
async function untilStill(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}
