/** A timestamp as 'March 5, 2027'; the browser's time zone unless one is given (tests pin it). Null if unreadable. */
export function formatLongDate(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(date);
}

/** A timestamp as 'Nov 24, 2026, 3:04 PM' (two analyses of one day tell apart). Null if unreadable. */
export function formatDateTime(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
