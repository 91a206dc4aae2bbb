/** Whether a CSS media query matches now, following changes (a rotated phone, a resized window). */
import { useSyncExternalStore } from 'react';

/** One MediaQueryList per query: matchMedia parses the query on every call, and renders are many. */
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query).matches,
    // the build's pre-render (prerender.tsx) has no window: nothing matches there
    () => false,
  );
}
