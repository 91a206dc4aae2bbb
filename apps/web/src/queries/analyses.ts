/**
 * The signed-in user's analysis history (issue 14 §3 reads it to compare): the recent list and one
 * analysis as its owner last saw it.
 */
import { analysisListSchema, analysisResponseSchema } from '@sfr/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../lib/api';

export const analysisKeys = {
  all: ['analyses'] as const,
  recent: (limit: number) => [...analysisKeys.all, 'recent', limit] as const,
  detail: (id: string) => [...analysisKeys.all, 'detail', id] as const,
};

/** The newest `limit` analyses (GET /api/analyses), newest first. */
export const recentAnalysesQuery = (limit = 20) =>
  queryOptions({
    queryKey: analysisKeys.recent(limit),
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/analyses?limit=${limit}`, analysisListSchema, signal)).analyses,
  });

/** One analysis (GET /api/analyses/:id). */
export const analysisQuery = (id: string) =>
  queryOptions({
    queryKey: analysisKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/analyses/${encodeURIComponent(id)}`, analysisResponseSchema, signal),
  });
