/**
 * The results' calls to the server: recompute an analysis with the edits on screen (Update
 * Metrics), and save it. Hooks that keep the cache right (the analysis, the history, the saved
 * list); the results add the toasts through `mutate`'s callbacks. Apart from analysis.ts so the
 * analyzer's first page does not download them.
 */
import {
  analysisResponseSchema,
  type Metrics,
  type RangeWidths,
  type SaveAnalysisRequest,
  type SavedProperty,
  savedPropertySchema,
  type UpdateMetricsRequest,
} from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { analysisKeys, cacheEditedAnalysis } from '../analyses/queries';
import { savedPropertyKeys } from '../saved/queries';

/**
 * POST /api/update_metrics: the server recomputes the named analysis with the edited metrics and
 * its stored market facts, and overwrites a matching saved copy.
 */
export function updateMetrics(request: UpdateMetricsRequest) {
  return apiPost('/api/update_metrics', analysisResponseSchema, request);
}

/**
 * POST /api/saved_properties: saves the analysis with the metrics on screen (recomputed by the
 * server); 201 with the saved copy, 409 when the address is already saved.
 */
function saveAnalysis(request: SaveAnalysisRequest) {
  return apiPost('/api/saved_properties', savedPropertySchema, request);
}

/**
 * Recomputes on the server, which keeps the result as the analysis's current state and overwrites
 * the user's saved copy of that address, if any.
 */
export function useUpdateMetrics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMetrics,
    onSuccess: (analysis) => {
      cacheEditedAnalysis(queryClient, analysis);
      void queryClient.invalidateQueries({ queryKey: analysisKeys.lists });
      return queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all });
    },
  });
}

/**
 * Saves a property, with the metrics on screen or as it stands. An address saved already is the API's 409 (spec §4), refused
 * before anything changes; the caller says so. The saved metrics become the analysis's own, so the
 * cached analysis and the recent list are read again.
 */
export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      analysisId,
      metrics,
      rangeWidths,
      revision,
    }: {
      analysisId: string;
      /** the revision the screen's analysis came with: another tab's edit since is a 409, not overwritten */
      revision?: string | undefined;
      /** the metrics on screen; without them the analysis is saved as it stands */
      metrics?: Metrics;
      /** the "±" on screen, kept with the analysis */
      rangeWidths?: RangeWidths;
    }): Promise<SavedProperty> =>
      saveAnalysis({
        analysis_id: analysisId,
        ...(metrics && { metrics }),
        ...(rangeWidths && { range_widths: rangeWidths }),
        ...(revision && { revision }),
      }),
    onSuccess: () => {
      // saving with the metrics on screen made them the analysis's current state on the server
      void queryClient.invalidateQueries({ queryKey: analysisKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all }),
  });
}
