import {
  analysisResponseSchema,
  apiErrorSchema,
  propertyInputSchema,
  updateMetricsRequestSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalysisService } from '../services/analysis.js';

const errors = { 400: apiErrorSchema, 500: apiErrorSchema };

export const analysisRoutes: FastifyPluginAsyncZod<{ analysis: AnalysisService }> = async (
  app,
  { analysis },
) => {
  app.post(
    '/create_property',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analyse a property: market figures, derived assumptions and the full pro forma',
        body: propertyInputSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) => analysis.create(request.body),
  );

  app.post(
    '/update_metrics',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Recompute an analysis with edited assumptions',
        body: updateMetricsRequestSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) => analysis.update(request.body.property),
  );
};
