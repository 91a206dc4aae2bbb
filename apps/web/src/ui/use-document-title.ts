import { useEffect } from 'react';

const APP_NAME = 'SFR Analyst';

/** Names the page in the browser tab and for screen readers ('Profile | SFR Analyst'). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} | ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
