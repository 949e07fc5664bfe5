import type { FastifyInstance } from 'fastify';
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
export async function geocodePlugin(app: FastifyInstance) {
  app.get('/api/geocode.php', async (request, reply) => {
    parseInput(RawQuerySchema, request.query);
    const { lat, lon } = parseInput(GeocodeQuerySchema, request.query);
    const { countries, region_data } = request.site.settings;
    reply.header('cache-control', 'private, max-age=3600');
    return GeocodeResponseSchema.parse(reverseGeocode(lat, lon, countries, region_data));
  });
}
