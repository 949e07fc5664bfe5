import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProfileQuerySchema,
  ProfileResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@dating/shared';
import { HttpError } from '../http/errors';
import type { Site } from '../site/site';
import { loadPublicProfiles } from './profiles';
import { search, type ParsedSearchQuery } from './search';

/**
 * Spec §6: visitors may search when the site allows it, or allows it for traffic with a source.
 * The same rule decides whether visitors may read profiles (issue 14.4: no scraping around it).
 */
function visitorMaySearch(site: Site, q: Pick<ParsedSearchQuery, 'trafficsource'>): boolean {
  if (site.settings.logged_out_search) return true;
  return site.settings.logged_out_search_trafficsource && !!q.trafficsource?.trim();
}

/** GET /api/search.php and GET /api/profile.php. */
export const searchPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search.php',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['search'],
        summary: 'Search profiles (12 a page) with paging and filter options.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.min_age !== undefined && q.max_age !== undefined && q.min_age > q.max_age) {
        throw new HttpError(400, 'invalid_input', 'max_age: must not be below min_age', 'max_age');
      }
      const viewerId = request.session?.memberId ?? null;
      if (viewerId === null && !visitorMaySearch(request.site, q)) {
        throw new HttpError(403, 'login_required', 'Log in to search');
      }
      return search(app.db, request.site, viewerId, q);
    },
  );

  // Profiles follow the visibility of search: visitors only where they may search; members who
  // never activated only for those who already know them; blocks both ways (loadPublicProfiles);
  // and a per-address limit on reads.
  app.get(
    '/api/profile.php',
    {
      config: { access: 'optional', limit: 'profileRead' },
      schema: { tags: ['search'], summary: "One member's public profile.", querystring: ProfileQuerySchema, response: { 200: ProfileResponseSchema } },
    },
    async (request) => {
      const q = request.query;
      const { id } = q;
      const viewerId = request.session?.memberId ?? null;
      if (viewerId === null && !visitorMaySearch(request.site, q)) {
        throw new HttpError(403, 'login_required', 'Log in to see profiles');
      }
      const profile = (await loadPublicProfiles(app.db, request.site, viewerId, [id], { blockedByViewer: true, activeOrKnown: true })).get(id);
      if (!profile) throw new HttpError(404, 'not_found', 'This profile does not exist (any more)');
      return { profile };
    },
  );
};
