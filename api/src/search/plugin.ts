import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProfileQuerySchema,
  ProfileResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  SEARCH_PAGE_SIZE,
  VISITOR_SEARCH_MAX_PAGE,
} from '@dating/shared';
import { sendJson, serializeAnswer } from '../cache/cache';
import { HttpError } from '../http/errors';
import { loadPublicProfiles } from '../profiles/profiles';
import { visitorMay } from './visitors';
import { forViewer, forVisitor, isLive, loadSearchViewer, sharedSearch, sharedSearchKey, type KeepPart, type KeepRows, type Origin } from './search';

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
    async (request, reply) => {
      let q = request.query;
      if (q.min_age !== undefined && q.max_age !== undefined && q.min_age > q.max_age) {
        throw new HttpError(400, 'invalid_input', 'max_age: must not be below min_age', 'max_age');
      }
      const viewerId = request.session?.memberId ?? null;
      if (viewerId === null) {
        if (!visitorMay(request.site, q.trafficsource)) throw new HttpError(403, 'login_required', 'Log in to search');
        // A visitor reads a few pages of 12, a few pages a minute; then the search view asks them to sign up.
        if (q.page > VISITOR_SEARCH_MAX_PAGE) {
          throw new HttpError(403, 'signup_required', `Sign up to see more than ${VISITOR_SEARCH_MAX_PAGE} pages`, 'page');
        }
        q = { ...q, pp: Math.min(q.pp ?? SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE) };
        await app.limitKey('searchVisitor', request.ip, reply);
      } else {
        await app.limitKey('searchMember', String(viewerId), reply);
      }
      // What the search finds for everybody is kept per site and query until members change, and a
      // member's own part (likes, blocks, Premium) per member until theirs change (src/cache): a
      // member's answer is made from both without a query. A visitor's answer is every visitor's: kept as JSON.
      const site = request.site;
      const keep: KeepPart = (key, load) => app.cache.sharedSearch(site.id, key, load);
      // Profile rows are kept per member: a page nobody asked for lists members other searches listed.
      const keepRows: KeepRows = (ids, load) => app.cache.profileRowsOf(ids, load);
      // The personal order starts where the member lives (visitors: no place, the order of photos and activity alone).
      // Online now (only or first) changes from moment to moment: that page is read on every call.
      const shared = (query: typeof q, origin: Origin | null) =>
        isLive(query)
          ? sharedSearch(app.db, site, query, keep, keepRows, origin)
          : keep(sharedSearchKey(query, origin), () => sharedSearch(app.db, site, query, keep, keepRows, origin));
      if (viewerId !== null) {
        const viewer = await app.cache.searchViewer(site.id, viewerId, () => loadSearchViewer(app.db, site, viewerId));
        // A member's live search reads its page (and, online only, its counts) itself (forViewer): of
        // the shared part it takes the personal order's counts and ages, kept as they are.
        const base = isLive(q) ? { ...q, online: false, sort: 'personal' as const } : q;
        return forViewer(app.db, site, viewer, q, await shared(base, viewer.origin));
      }
      if (isLive(q)) return forVisitor(site, q, await shared(q, null));
      return sendJson(reply, await app.cache.visitorSearch(site.id, q, async () => serializeAnswer(SearchResponseSchema, forVisitor(site, q, await shared(q, null)))));
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
      if (viewerId === null && !visitorMay(request.site, q.trafficsource)) {
        throw new HttpError(403, 'login_required', 'Log in to see profiles');
      }
      const profile = (await loadPublicProfiles(app.db, request.site, viewerId, [id], { blockedByViewer: true, activeOrKnown: true })).get(id);
      if (!profile) throw new HttpError(404, 'not_found', 'This profile does not exist (any more)');
      return { profile };
    },
  );
};
