import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { HttpError } from '../http/errors';
import { setCsrfCookie } from './login';
import { SESSION_COOKIE, hashToken, isToken, loadSession, newToken, safeEqual } from './session';
import { registerMemberHooks } from '../account/lifecycle';
import { sessionMemberHooks } from './lifecycle';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Loads the session of the sid cookie (valid only on the site it was opened on) and enforces
 * double-submit CSRF: every answer makes sure a readable csrf cookie exists, and every
 * state-changing call must echo it in the x-csrf-token header. With a session, the token is the
 * one bound to that session, so a cookie planted from elsewhere does not pass.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    registerMemberHooks('session', sessionMemberHooks);
    app.decorateRequest('session', null);

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      // The session of the cookie, valid only on the site it was opened on (kept by src/cache).
      const hash = isToken(token) ? hashToken(token) : null;
      request.session = hash ? await app.cache.session(hash, request.site.id, () => loadSession(app.db, hash)) : null;
      if (token && !request.session) reply.clearCookie(SESSION_COOKIE, { path: '/' });

      const cookie = request.cookies[CSRF_COOKIE];
      const expected = request.session?.csrf ?? cookie;
      if (!expected || cookie !== expected) setCsrfCookie(request, reply, expected ?? newToken());

      // Calls that change nothing, unknown paths (404) and routes that opt out are not checked.
      if (!STATE_CHANGING.has(request.method) || !request.routeOptions.url) return;
      if (request.routeOptions.config?.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      if (!expected || cookie !== expected || typeof header !== 'string' || !safeEqual(header, expected)) {
        throw new HttpError(403, 'csrf', 'Missing or wrong CSRF token: reload the page and try again');
      }
    });
  },
  { name: 'session', dependencies: ['site', 'cache'] },
);
