import { useCallback, useRef } from 'react';

/**
 * A runner that starts `work` only when no run it started is still under way, and otherwise does
 * nothing (undefined). A button's `disabled` follows a mutation's state a render later, so a double
 * click would otherwise send the request twice (and show a success and a conflict together).
 */
export function useOneAtATime(): <T>(work: () => Promise<T>) => Promise<T | undefined> {
  const running = useRef(false);
  return useCallback(async <T>(work: () => Promise<T>) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await work();
    } finally {
      running.current = false;
    }
  }, []);
}
