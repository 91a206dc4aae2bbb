import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` when the user comes back to this tab or window (focus, the tab becoming visible,
 * or the page restored from the back-forward cache): e.g. after paying in the checkout's tab.
 */
export function useRefreshOnReturn(refresh: () => void) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    const onFocus = () => latest.current();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
}
