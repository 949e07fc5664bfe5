import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GeocodeQuerySchema, GeocodeResponseSchema } from '@dating/shared';
import { z } from 'zod';
import { parseInput } from '../http/errors';
import { reverseGeocode } from './index';

/** Raw query: numbers as text only (z.coerce would read an empty `lat=` as 0). */
const RawQuerySchema = z.object({
  lat: z.string().regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'Value is not a valid latitude'),
  lon: z.string().regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'Value is not a valid longitude'),
});

/**
 * GET /api/geocode.php?lat&lon → { country, countryregion, city } of the nearest city within the
 * site's countries (see src/geocode/index.ts). The coordinates are neither stored nor answered.
 */
export const geocodePlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geocode.php',
    {
      config: { access: 'public' },
      // The numbers as written first, then the contract's ranges (the route's schema).
      preValidation: async (request) => {
        parseInput(RawQuerySchema, request.query);
      },
      schema: {
        tags: ['catalog'],
        summary: 'Offline reverse geocoding: the nearest city (within 100 km) in the site’s countries, with its region; all null otherwise.',
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema },
      },
    },
    async (request, reply) => {
      const { lat, lon } = request.query;
      const { countries, region_data } = request.site.settings;
      reply.header('cache-control', 'private, max-age=3600');
      return reverseGeocode(lat, lon, countries, region_data);
    },
  );
};
