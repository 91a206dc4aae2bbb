import {
  apiErrorSchema,
  recordIdSchema,
  saveAnalysisRequestSchema,
  savedPropertyListQuerySchema,
  savedPropertyListSchema,
  savedPropertySchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserAnalyses } from '../analysis/user-analyses.js';
import { requireUser } from '../auth/plugin.js';
import type { SavedProperties } from './repository.js';

export const savedIdParams = z.object({ id: recordIdSchema });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const savedPropertyRoutes: FastifyPluginAsyncZod<{
  saved: SavedProperties;
  userAnalyses: UserAnalyses;
}> = async (app, { saved, userAnalyses }) => {
  app.get(
    '/saved_properties',
    {
      schema: {
        tags: ['saved properties'],
        summary: "The signed-in user's saved properties, newest first, a page at a time (summary rows)",
        description:
          'Each row is what the list shows (address, rooms, price, rating, monthly cash flow); open one with GET /api/saved_properties/:id. Pass `next_cursor` back as `cursor` for the next page; null on the last.',
        querystring: savedPropertyListQuerySchema,
        response: { 200: savedPropertyListSchema, ...errors },
      },
    },
    async (request) => saved.list(requireUser(request).id, request.query),
  );

  app.post(
    '/saved_properties',
    {
      schema: {
        tags: ['saved properties'],
        summary: "Save one of the user's analyses (with the metrics on screen, recomputed server-side)",
        description:
          '`analysis_id` names the analysis; without `metrics` it is saved as it stands, with them it is recomputed from its stored market facts first. 404 for an analysis that is not the user’s; 409 when the address is already saved.',
        body: saveAnalysisRequestSchema,
        response: { 201: savedPropertySchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { analysis_id: analysisId, metrics, range_widths: rangeWidths, revision } = request.body;
      // an address saved already is a 409 before the metrics are made the analysis's own
      const result = await userAnalyses.settle(
        user.id,
        analysisId,
        { metrics, rangeWidths, revision },
        (property) => saved.refuseIfSaved(user.id, property),
      );
      return reply.status(201).send(await saved.save(user.id, result));
    },
  );

  app.get(
    '/saved_properties/:id',
    {
      schema: {
        tags: ['saved properties'],
        summary: 'Reopen one saved property',
        params: savedIdParams,
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
        summary: 'Delete one saved property (its share links stop working)',
        params: savedIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await saved.remove(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
