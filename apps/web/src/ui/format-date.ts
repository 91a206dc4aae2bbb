/** Timestamps in words, in the browser's time zone unless one is given (tests pin it); null if unreadable. */
function formatTimestamp(iso: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
}

/** 'March 5, 2027' */
export const formatLongDate = (iso: string, timeZone?: string) =>
  formatTimestamp(iso, { dateStyle: 'long' }, timeZone);

/** 'Nov 24, 2026, 3:04 PM' (two analyses of one day tell apart) */
export const formatDateTime = (iso: string, timeZone?: string) =>
  formatTimestamp(iso, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
