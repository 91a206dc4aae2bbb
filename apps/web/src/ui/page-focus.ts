/**
 * The start of the page for keyboard focus: the main heading (the <h1> in <main>), or <main> itself
 * (focusable by script: tabIndex -1 in the root layout). Focus goes there when the page changes, or
 * when the element it should return to can no longer take it; <body> tells a screen reader nothing.
 */

function pageStart(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  return main?.querySelector<HTMLElement>('h1') ?? main;
}

/** Focuses `element` if it can take the focus now (connected, shown, enabled); answers whether it did. */
export function focusIfAble(element: HTMLElement | null, options?: FocusOptions): boolean {
  if (!element?.isConnected) return false;
  element.focus(options);
  return document.activeElement === element;
}

/** Focuses the page's main heading (focusable by script only), or <main>; answers whether it did. */
export function focusPageStart(options?: FocusOptions): boolean {
  const start = pageStart();
  if (start && !start.hasAttribute('tabindex')) start.tabIndex = -1;
  return focusIfAble(start, options);
}

/** Whether the focus is on nothing in particular: <body>, or an element that was removed. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** Whether the page has its main heading yet (a page may draw it after its code or data arrive). */
export function hasPageHeading(): boolean {
  return document.querySelector('main h1') !== null;
}
