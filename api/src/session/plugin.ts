import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { HttpError } from '../http/errors';
import {
  SESSION_COOKIE,
  SESSION_TTL_S,
  createSession,
  deleteSession,
  findSession,
  newToken,
  safeEqual,
  type Session,
} from './session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function cookieOptions(request: FastifyRequest, httpOnly: boolean): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    httpOnly,
    secure: request.server.config.production && request.protocol === 'https',
    maxAge: SESSION_TTL_S,
  };
}

function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(request, false));
}

/** Logs the member in on this request: any session of the incoming cookie is ended first. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<Session> {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(request.server.db, old);
  const { token, session } = await createSession(request.server.db, memberId, request.site.id);
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, true));
  setCsrfCookie(request, reply, session.csrf);
  request.session = session;
  return session;
}

/** Logs out: the session row is deleted, the cookie cleared, the CSRF token renewed. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    await deleteSession(request.server.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
  request.session = null;
  setCsrfCookie(request, reply, newToken());
}

/**
 * Loads the session of the sid cookie (valid only on the site it was opened on) and enforces
 * double-submit CSRF: every answer makes sure a readable csrf cookie exists, and every
 * state-changing call must echo it in the x-csrf-token header. With a session, the token is the
 * one bound to that session, so a cookie planted from elsewhere does not pass.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      request.session = token ? await findSession(app.db, token, request.site.id) : null;
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
  { name: 'session', dependencies: ['site'] },
);
