import { apiErrorSchema } from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/plugin.js';
import type { Feedback } from '../services/feedback.js';

export const feedbackBodySchema = z.object({
  comments: z
    .string({ error: 'Comments are required' })
    .trim()
    .min(1, 'Comments are required')
    .max(5_000, 'Comments must be at most 5,000 characters'),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
});

export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: Feedback }> = async (app, { feedback }) => {
  app.post(
    '/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (comments and a rating from 1 to 5)',
        body: feedbackBodySchema,
        response: { 201: z.object({ id: z.number() }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await feedback.submit(user.id, request.body));
    },
  );
};
