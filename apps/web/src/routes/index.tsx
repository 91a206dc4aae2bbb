/** `/`: the analyzer. `?saved=<id>` reopens a saved property with its results. */
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AnalyzerPage } from '../components/analyzer/AnalyzerPage';
import { LoadingBlock } from '../components/analyzer/LoadingBlock';
import { savedPropertyQuery } from '../queries/saved-properties';

/** Search values that look like numbers arrive as numbers; an id is text either way. */
const savedIdSchema = z
  .union([z.string(), z.number()])
  .transform((id) => String(id).trim())
  .pipe(z.string().min(1).max(64));

const analyzerSearchSchema = z.object({
  // a malformed id is ignored rather than failing the page
  saved: savedIdSchema.optional().catch(undefined),
});

export const Route = createFileRoute('/')({
  validateSearch: analyzerSearchSchema,
  loaderDeps: ({ search }) => ({ saved: search.saved }),
  /**
   * The saved property the URL names, read fresh (a cached copy may predate an Update Metrics that
   * overwrote it) once per visit of the URL: the page opens it and later refetches leave it alone.
   */
  loader: async ({ context, deps }) => {
    if (deps.saved === undefined) return { saved: null };
    try {
      return { saved: await context.queryClient.fetchQuery(savedPropertyQuery(deps.saved)) };
    } catch (error) {
      // spec §8: a saved property that fails to load is only logged
      console.warn('Could not load the saved property', deps.saved, error);
      return { saved: null };
    }
  },
  pendingComponent: () => <LoadingBlock />,
  component: AnalyzerPage,
});
