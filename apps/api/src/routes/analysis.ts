import {
  analysisResponseSchema,
  apiErrorSchema,
  propertyInputSchema,
  updateMetricsRequestSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/plugin.js';
import type { AnalysisService } from '../services/analysis.js';
import type { Entitlements } from '../services/entitlements.js';
import { onePassSerializerCompiler } from '../services/json-serializer.js';
import type { SavedProperties } from '../services/saved-properties.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 500: apiErrorSchema };

export interface AnalysisRouteDeps {
  analysis: AnalysisService;
  entitlements: Entitlements;
  saved: SavedProperties;
}

export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRouteDeps> = async (
  app,
  { analysis, entitlements, saved },
) => {
  // The 200 answer is a ~10 KB analysis: checked and written in one pass (json-serializer.ts).
  app.setSerializerCompiler(onePassSerializerCompiler);

  app.post(
    '/create_property',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analyse a property (signed in; spends a free search unless subscribed)',
        description:
          '401 without a session; 402 OUT_OF_FREE_SEARCHES when a non-subscriber has none left. The search is spent only when the analysis succeeds; `x-free-searches-remaining` tells how many are left.',
        body: propertyInputSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Analyse first: a mistyped ZIP is the user's error, and must not cost a search.
      const result = await analysis.create(request.body);
      const pass = await entitlements.spendSearch(user.id, request.subscriptionAtLookup);
      if (pass.kind === 'free') reply.header('x-free-searches-remaining', String(pass.remaining));
      return result;
    },
  );

  app.post(
    '/update_metrics',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Recompute an analysis with edited assumptions (free); a saved copy of the address is updated',
        body: updateMetricsRequestSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await analysis.update(request.body.property);
      if (request.user) await saved.overwriteIfSaved(request.user.id, result);
      return result;
    },
  );
};
