import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function whose identity never changes and that calls the latest `callback` given: a handler a
 * memoised child takes without re-rendering each time its parent does. For event handlers only
 * (it reads the callback of the last commit, so calling it during render would see a stale one).
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  // before any layout effect or event can call it, so a handler never runs a superseded render's callback
  useInsertionEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
