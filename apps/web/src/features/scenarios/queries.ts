/**
 * A deal's scenarios on the server (issue 28 §6): add, change and delete named metrics. Each answer
 * is the analysis with its scenarios as they now stand; the cached analysis and the saved list
 * (whose copies show the scenarios) are brought up to date.
 */
import { analysisResponseSchema, type ScenarioRequest } from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../lib/api';
import { cacheEditedAnalysis } from '../analyses/queries';
import { savedPropertyKeys } from '../saved/queries';

const scenariosPath = (analysisId: string) => `/api/analyses/${encodeURIComponent(analysisId)}/scenarios`;
const scenarioPath = (analysisId: string, scenarioId: string) =>
  `${scenariosPath(analysisId)}/${encodeURIComponent(scenarioId)}`;

export type ScenarioChange =
  | { kind: 'add'; analysisId: string; request: ScenarioRequest }
  | { kind: 'update'; analysisId: string; scenarioId: string; request: ScenarioRequest }
  | { kind: 'delete'; analysisId: string; scenarioId: string };

function changeScenario(change: ScenarioChange) {
  switch (change.kind) {
    case 'add':
      return apiPost(scenariosPath(change.analysisId), analysisResponseSchema, change.request);
    case 'update':
      return apiRequest(
        'PUT',
        scenarioPath(change.analysisId, change.scenarioId),
        analysisResponseSchema,
        change.request,
      );
    case 'delete':
      return apiRequest('DELETE', scenarioPath(change.analysisId, change.scenarioId), analysisResponseSchema);
  }
}

/** One hook for the three changes: the results page runs one at a time. */
export function useChangeScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeScenario,
    onSuccess: (analysis) => {
      cacheEditedAnalysis(queryClient, analysis);
      return queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all });
    },
  });
}
