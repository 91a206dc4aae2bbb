import { apiErrorSchema, feedbackBodySchema, feedbackResponseSchema } from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/plugin.js';
import type { Feedback } from './repository.js';

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: Feedback }> = async (app, { feedback }) => {
  app.post(
    '/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (comments and a rating from 1 to 5)',
        body: feedbackBodySchema,
        response: { 201: feedbackResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await feedback.submit(user.id, request.body));
    },
  );
};
