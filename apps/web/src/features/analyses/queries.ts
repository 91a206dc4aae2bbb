/**
 * The signed-in user's analysis history: the recent list (the analyzer, /analyses, /compare), the
 * full history a page at a time, and one analysis as its owner last saw it (`/?analysis=<id>`).
 */
import { type AnalysisResponse, analysisListSchema, analysisResponseSchema } from '@sfr/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export const analysisKeys = {
  all: ['analyses'] as const,
  /** every list (a new analysis or an edit changes them all) */
  lists: ['analyses', 'list'] as const,
  recent: (limit: number) => [...analysisKeys.lists, 'recent', limit] as const,
  pages: (pageSize: number) => [...analysisKeys.lists, 'pages', pageSize] as const,
  detail: (id: string) => [...analysisKeys.all, 'detail', id] as const,
};

function listPath(limit: number, cursor?: string | null): string {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return `/api/analyses?${query}`;
}

/** The newest `limit` analyses (GET /api/analyses), newest first. */
export const recentAnalysesQuery = (limit = 20) =>
  queryOptions({
    queryKey: analysisKeys.recent(limit),
    queryFn: async ({ signal }) => (await apiGet(listPath(limit), analysisListSchema, signal)).analyses,
  });

/** Every analysis, newest first, `pageSize` at a time (the API's cursor). */
export const analysisPagesQuery = (pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: analysisKeys.pages(pageSize),
    queryFn: ({ pageParam, signal }) => apiGet(listPath(pageSize, pageParam), analysisListSchema, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** One analysis (GET /api/analyses/:id). */
export const analysisQuery = (id: string) =>
  queryOptions({
    queryKey: analysisKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/analyses/${encodeURIComponent(id)}`, analysisResponseSchema, signal),
  });

/**
 * An edit's answer (Update Metrics, a scenario) as the analysis's cached copy, which the page
 * reopens from for a minute. The answer does not name the save that shows the analysis (only a
 * read does); an edit leaves it saved, so the save the copy named is kept.
 */
export function cacheEditedAnalysis(queryClient: QueryClient, analysis: AnalysisResponse) {
  queryClient.setQueryData<AnalysisResponse>(analysisKeys.detail(analysis.analysis_id), (previous) =>
    previous?.saved_property_id !== undefined && analysis.saved_property_id === undefined
      ? { ...analysis, saved_property_id: previous.saved_property_id }
      : analysis,
  );
}
