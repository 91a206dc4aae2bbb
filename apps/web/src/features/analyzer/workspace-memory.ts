/**
 * What the analyzer showed last in this tab, so a spent search is never lost to navigation: the
 * route sends a bare `/` back to the user's last analysis (or reopened saved property), and an
 * analysis that has just arrived (rather than one reopened) takes the focus once. In memory only:
 * a reload keeps the URL, and a new tab starts clean.
 */

/** The analyzer's URL search: one saved property or one analysis. */
export type WorkspaceSearch = { saved: string } | { analysis: string };

/** One text per workspace (the page's React key): a new URL starts a new form and results. */
export function workspaceKey(search: WorkspaceSearch | undefined): string {
  if (!search) return 'new';
  return 'saved' in search ? `saved-${search.saved}` : `analysis-${search.analysis}`;
}

/** Where a URL leads, as the router's blocker reads it. */
interface UrlPlace {
  pathname: string;
  search: object;
}

/**
 * Whether a move from one URL to another leaves the workspace on screen: another page, or `/` naming
 * another analysis or saved property. A bare `/` returns to the one this tab showed last, which is
 * the one on screen.
 */
export function leavesWorkspace({ current, next }: { current: UrlPlace; next: UrlPlace }): boolean {
  if (next.pathname !== current.pathname) return true;
  const target = workspaceOf(next.search);
  return target !== undefined && workspaceKey(target) !== workspaceKey(workspaceOf(current.search));
}

/** The workspace a URL's search names (a number-like id may arrive as a number), if any. */
function workspaceOf(search: { saved?: unknown; analysis?: unknown }): WorkspaceSearch | undefined {
  if (search.saved !== undefined) return { saved: String(search.saved) };
  if (search.analysis !== undefined) return { analysis: String(search.analysis) };
  return undefined;
}

let remembered: { userId: string; search: WorkspaceSearch } | null = null;
const fresh = new Set<string>();

export function rememberWorkspace(userId: string, search: WorkspaceSearch) {
  remembered = { userId, search };
}

/** The last workspace of this user in this tab; another user's is never returned. */
export function rememberedWorkspace(userId: string): WorkspaceSearch | null {
  return remembered?.userId === userId ? remembered.search : null;
}

export function forgetWorkspace() {
  remembered = null;
}

/** A new analysis is about to open at its URL: its results come into view and take the focus. */
export function markFreshAnalysis(id: string) {
  fresh.add(id);
}

export function isFreshAnalysis(id: string): boolean {
  return fresh.has(id);
}

/** After the results have taken the focus: reopening the URL later leaves the scroll alone. */
export function settleFreshAnalysis(id: string) {
  fresh.delete(id);
}
