/**
 * GET /api/property_record: the live provider's public record of an address (RentCast), which the
 * analyzer offers to fill the rooms, size and age from. Signed in and under the analyses' rate
 * limit: each lookup is paid for.
 */
import { apiErrorSchema, propertyRecordQuerySchema, propertyRecordSchema } from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnalysisBudgets, analysisLimit } from '../analysis/rate-limit.js';
import { requireUser } from '../auth/plugin.js';
import { AppError } from '../errors.js';
import { ProviderError } from '../outbound/client.js';
import type { PropertyRecordProvider } from './providers/property-record.js';
import type { MarketService } from './service.js';

export const PROPERTY_RECORD_MESSAGES = {
  unavailable: 'Property records are not available on this server; enter the details yourself.',
  notFound: (label: string) =>
    `${label} has no property record for this address; enter the details yourself.`,
  failed: (label: string) =>
    `The property record (${label}) is unavailable right now; enter the details yourself or try again later.`,
} as const;

export interface PropertyRecordRouteDeps {
  market: Pick<MarketService, 'propertyRecord'>;
  /** the configured provider, or none: the route then answers 404 PROPERTY_RECORDS_UNAVAILABLE */
  provider: Pick<PropertyRecordProvider, 'label'> | undefined;
  budgets: AnalysisBudgets;
}

export const propertyRecordRoutes: FastifyPluginAsyncZod<PropertyRecordRouteDeps> = async (
  app,
  { market, provider, budgets },
) => {
  app.get(
    '/property_record',
    {
      preHandler: analysisLimit(app, budgets),
      schema: {
        tags: ['analysis'],
        summary: "The property's public record from the live provider (rooms, size, age, tax bill)",
        description:
          '404 PROPERTY_RECORDS_UNAVAILABLE when no provider is configured, PROPERTY_RECORD_NOT_FOUND when it has no record; 502 PROVIDER_UNAVAILABLE when it fails (time-out, error status, unreadable answer).',
        querystring: propertyRecordQuerySchema,
        response: {
          200: propertyRecordSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => {
      requireUser(request);
      if (!provider) {
        throw new AppError(404, 'PROPERTY_RECORDS_UNAVAILABLE', PROPERTY_RECORD_MESSAGES.unavailable);
      }
      try {
        const record = await market.propertyRecord(request.query.address);
        if (record === null) {
          throw new AppError(
            404,
            'PROPERTY_RECORD_NOT_FOUND',
            PROPERTY_RECORD_MESSAGES.notFound(provider.label),
          );
        }
        return record;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        request.log.warn({ err: error.message }, 'property record failed');
        throw new AppError(502, 'PROVIDER_UNAVAILABLE', PROPERTY_RECORD_MESSAGES.failed(provider.label));
      }
    },
  );
};
