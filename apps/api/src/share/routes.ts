import { apiErrorSchema, sharedAnalysisSchema, shareLinkSchema } from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/plugin.js';
import { onePassSerializerCompiler } from '../http/json-serializer.js';
import { savedIdParams } from '../saved/routes.js';
import type { ShareLinks } from './repository.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export const shareRoutes: FastifyPluginAsyncZod<{ shareLinks: ShareLinks; appUrl: string }> = async (
  app,
  { shareLinks, appUrl },
) => {
  app.setSerializerCompiler(onePassSerializerCompiler);

  app.post(
    '/saved_properties/:id/share',
    {
      schema: {
        tags: ['share'],
        summary: 'Create a read-only link to a saved property (owner only)',
        description:
          'The `url` opens the saved analysis for anyone who has it, signed in or not, with no account data. It is shown once (only a hash is stored); DELETE turns off every link to the property.',
        params: savedIdParams,
        response: { 201: shareLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = await shareLinks.create(requireUser(request).id, request.params.id);
      return reply.status(201).send({ url: `${appUrl}/shared/${token}` });
    },
  );

  app.delete(
    '/saved_properties/:id/share',
    {
      schema: {
        tags: ['share'],
        summary: 'Turn off every read-only link to a saved property (owner only)',
        params: savedIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await shareLinks.revoke(requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shared/:token',
    {
      schema: {
        tags: ['share'],
        summary: 'A shared analysis, read-only (no sign-in; costs no search)',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: sharedAnalysisSchema, 404: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // a private deal: search engines must not index it, whoever posts the link
      reply.header('x-robots-tag', 'noindex, nofollow');
      reply.header('cache-control', 'private, no-store');
      return shareLinks.open(request.params.token);
    },
  );
};
