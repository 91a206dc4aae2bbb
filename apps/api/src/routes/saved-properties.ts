import {
  apiErrorSchema,
  savedPropertyListSchema,
  savedPropertySchema,
  updateMetricsRequestSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/plugin.js';
import type { AnalysisService } from '../services/analysis.js';
import type { SavedProperties } from '../services/saved-properties.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const savedPropertyRoutes: FastifyPluginAsyncZod<{
  saved: SavedProperties;
  analysis: AnalysisService;
}> = async (app, { saved, analysis }) => {
  app.get(
    '/saved_properties',
    {
      schema: {
        tags: ['saved properties'],
        summary: "The signed-in user's saved properties, newest first",
        response: { 200: savedPropertyListSchema, ...errors },
      },
    },
    async (request) => ({ properties: await saved.list(requireUser(request).id) }),
  );

  app.post(
    '/saved_properties',
    {
      schema: {
        tags: ['saved properties'],
        summary: 'Save a property: the server recomputes the analysis from its metrics and stores it',
        body: updateMetricsRequestSchema,
        response: { 201: savedPropertySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await saved.save(user.id, await analysis.update(request.body.property));
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/saved_properties/:id',
    {
      schema: {
        tags: ['saved properties'],
        summary: 'Reopen one saved property',
        params: idParams,
        response: { 200: savedPropertySchema, ...errors },
      },
    },
    async (request) => saved.get(requireUser(request).id, request.params.id),
  );

  app.delete(
    '/saved_properties/:id',
    {
      schema: {
        tags: ['saved properties'],
        summary: 'Delete one saved property',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saved.remove(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
