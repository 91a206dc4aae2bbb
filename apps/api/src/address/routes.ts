import {
  addressSuggestionsResponseSchema,
  apiErrorSchema,
  cleanString,
  mapPointSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { AddressService } from './service.js';

export const addressRoutes: FastifyPluginAsyncZod<{ address: AddressService }> = async (app, { address }) => {
  app.get(
    '/address/suggest',
    {
      schema: {
        tags: ['address'],
        summary: 'Address suggestions for the analyzer form (Mapbox when configured, else ZIPs and cities)',
        querystring: z.object({
          q: cleanString('q').check(z.trim(), z.maxLength(256, 'q must be at most 256 characters')),
        }),
        response: {
          200: addressSuggestionsResponseSchema,
          400: apiErrorSchema,
        },
      },
    },
    async (request) => address.suggest(request.query.q),
  );

  app.get(
    '/address/geocode',
    {
      schema: {
        tags: ['address'],
        summary: 'Coordinates of an address, for the map',
        querystring: z.object({
          address: cleanString('address').check(
            z.trim(),
            z.minLength(1, 'address is required'),
            z.maxLength(512),
          ),
        }),
        response: {
          200: mapPointSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const point = await address.geocode(request.query.address);
      if (point === null) throw new AppError(404, 'ADDRESS_NOT_FOUND', 'Map data not available');
      return point;
    },
  );
};
