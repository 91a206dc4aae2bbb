import { type PublicConfig, publicConfigSchema } from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { pingDatabase } from '../db/client.js';

/** How long /api/health waits for the database before it answers 503. */
const HEALTH_DB_TIMEOUT_MS = 800;

export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; publicConfig: PublicConfig }> = async (
  app,
  { config, publicConfig },
) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the web app needs: map token, Google sign-in, billing mode, video URL',
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'Liveness (503 when the database does not answer within a second), the database in use and which market data is loaded',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['postgres', 'pglite']),
            market_data: z.object({
              available: z.boolean(),
              files: z.array(z.object({ name: z.string(), vintage: z.string() })),
              unavailable: z.array(z.string()),
            }),
            providers: z.object({ market_rent: z.string(), geocoding: z.string() }),
          }),
          503: z.object({
            status: z.literal('unavailable'),
            database: z.enum(['postgres', 'pglite']),
            error: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.database.db, HEALTH_DB_TIMEOUT_MS);
      } catch (err) {
        request.log.error({ err }, 'health: the database did not answer');
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: app.database.kind,
          error: 'The database did not answer.',
        });
      }
      const status = await app.marketStatus();
      return {
        status: 'ok' as const,
        database: app.database.kind,
        market_data: status.available
          ? {
              available: true,
              files: status.files.map((f) => ({ name: f.name, vintage: f.vintage })),
              unavailable: [],
            }
          : { available: false, files: [], unavailable: [...status.missing] },
        providers: {
          market_rent: config.RENTCAST_API_KEY
            ? 'rentcast'
            : config.RENTOMETER_API_KEY
              ? 'rentometer'
              : 'offline estimate',
          geocoding: config.MAPBOX_ACCESS_TOKEN ? 'mapbox' : 'offline (ZIP centres)',
        },
      };
    },
  );
};
