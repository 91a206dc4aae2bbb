/** `/`: the analyzer. `?saved=<id>` reopens a saved property with its results. */
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AnalyzerPage } from '../components/analyzer/AnalyzerPage';
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
  // start the saved property's request with the route; the page reads it from the cache
  loader: ({ context, deps }) => {
    if (deps.saved !== undefined) void context.queryClient.prefetchQuery(savedPropertyQuery(deps.saved));
  },
  component: AnalyzerPage,
});
