/**
 * After a client-side move to another page, the focus goes to the new page's main heading, so a
 * screen reader announces where the user now is (only the tab's title changed before, silently).
 * Not on the first load, and not when only the search changes: the analyzer's `?analysis=` results
 * take the focus themselves (AnalysisResults). Nor when the focus has moved on since the move
 * began (the new page, or the user, put it somewhere).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { focusIsLost, focusPageStart, hasPageHeading } from '../../ui/page-focus';

/** How long a page may take to draw its heading (its code or data arriving) before <main> takes the focus. */
const HEADING_WAIT_MS = 3_000;

/** Where a move leads, as the router tells it. */
interface Move {
  fromLocation?: unknown;
  pathChanged: boolean;
}

/** Another page than the one shown: not the first load (nothing shown yet), nor a search or hash of the same page. */
export function isPageChange(move: Move): boolean {
  return move.fromLocation !== undefined && move.pathChanged;
}

/** Whether the focus is where the move left it: on nothing, or on what started the move (a navbar link). */
function focusUnclaimed(startedOn: Element | null): boolean {
  return focusIsLost() || document.activeElement === startedOn;
}

export function usePageChangeFocus() {
  const router = useRouter();
  useEffect(() => {
    let startedOn: Element | null = null;
    let cancelWait = () => {};
    const offBefore = router.subscribe('onBeforeNavigate', (move) => {
      // a move started while the last page's heading was awaited: that page is left behind
      cancelWait();
      if (isPageChange(move)) startedOn = document.activeElement;
    });
    const offRendered = router.subscribe('onRendered', (move) => {
      if (!isPageChange(move)) return;
      cancelWait();
      cancelWait = whenPageHeading(() => {
        // scroll restoration places the page (Back returns to where it was): the focus leaves it there
        if (focusUnclaimed(startedOn)) focusPageStart({ preventScroll: true });
      });
    });
    return () => {
      offBefore();
      offRendered();
      cancelWait();
    };
  }, [router]);
}

/** Runs `then` once <main> holds an <h1>, or after HEADING_WAIT_MS without one. Returns a cancel. */
function whenPageHeading(then: () => void): () => void {
  if (hasPageHeading()) {
    then();
    return () => {};
  }
  const main = document.querySelector('main');
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new MutationObserver(() => hasPageHeading() && done());
  const timer = setTimeout(done, HEADING_WAIT_MS);
  if (main) observer.observe(main, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}
