/**
 * `/`: the analyzer. `?analysis=<id>` reopens one of the user's analyses as last seen,
 * `?saved=<id>` a saved property, each pre-filled in the form, and `&scenario=<id>` puts one of its
 * scenarios on screen; a bare `/` returns to what this tab showed last (workspace-memory.ts), so
 * leaving the page never loses an analysis.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { currentUserQuery } from '../features/account/session';
import { analysisQuery } from '../features/analyses/queries';
import { AnalyzerPage } from '../features/analyzer/AnalyzerPage';
import { forgetWorkspace, rememberedWorkspace } from '../features/analyzer/workspace-memory';
import { savedPropertyQuery } from '../features/saved/queries';
import { LoadingBlock } from '../ui/LoadingBlock';

/** Search values that look like numbers arrive as numbers; an id is text either way. */
const urlIdSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((id) => String(id).trim()),
  ),
  z.string().check(z.minLength(1), z.maxLength(64)),
);

const analyzerSearchSchema = z.object({
  // a malformed id is ignored rather than failing the page
  saved: z.catch(z.optional(urlIdSchema), undefined),
  analysis: z.catch(z.optional(urlIdSchema), undefined),
  // the scenario on screen: a reload or a copied link shows it again (QA: the base case came back)
  scenario: z.catch(z.optional(urlIdSchema), undefined),
});

/** An analysis just made or edited in this tab is in the cache; a minute is fresh enough to reuse. */
const REOPEN_STALE_MS = 60_000;

export const Route = createFileRoute('/')({
  validateSearch: analyzerSearchSchema,
  beforeLoad: async ({ context, search }) => {
    if (search.saved !== undefined || search.analysis !== undefined) return;
    const user = await context.queryClient.ensureQueryData(currentUserQuery()).catch(() => null);
    const last = user ? rememberedWorkspace(user.id) : null;
    if (last) throw redirect({ to: '/', search: last, replace: true });
  },
  loaderDeps: ({ search }) => ({ saved: search.saved, analysis: search.analysis }),
  // no copy of the loader's answer kept by the router: coming back, the page would open on the
  // copy from its last visit (shown at once, then refreshed unseen) and miss an Update Metrics
  // made since; the loader reads the query cache, which each edit's answer updates
  gcTime: 0,
  /**
   * The saved property the URL names, read fresh (a cached copy may predate an Update Metrics that
   * overwrote it) once per visit of the URL: the page opens it and later refetches leave it alone.
   * The analysis the URL names, from the cache when this tab made or edited it a moment ago.
   */
  loader: async ({ context, deps, preload }) => {
    try {
      if (deps.saved !== undefined) {
        return { saved: await context.queryClient.fetchQuery(savedPropertyQuery(deps.saved)), opened: null };
      }
      if (deps.analysis !== undefined) {
        const opened = await context.queryClient.fetchQuery({
          ...analysisQuery(deps.analysis),
          staleTime: REOPEN_STALE_MS,
        });
        return { saved: null, opened };
      }
    } catch (error) {
      // spec §8: a saved property (or analysis) that fails to load is only logged
      console.warn('Could not load', deps, error);
      // only when opened: a hover that preloads a dead link leaves what the tab shows alone
      if (!preload) forgetWorkspace();
    }
    return { saved: null, opened: null };
  },
  pendingComponent: () => <LoadingBlock />,
  component: AnalyzerPage,
});
