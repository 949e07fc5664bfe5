import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { CSRF_COOKIE } from '@dating/shared';
import {
  DEVICE_COOKIE,
  DEVICE_TTL_S,
  SESSION_COOKIE,
  SESSION_TTL_S,
  createSession,
  deleteSession,
  hashToken,
  isToken,
  newToken,
  type Session,
} from './session';

/*
 * Logging a member in and out on a request: the session, CSRF and device cookies. The session
 * plugin (./plugin.ts) loads the session of every request and checks CSRF with the same cookies.
 */

export function cookieOptions(request: FastifyRequest, httpOnly: boolean): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    httpOnly,
    secure: request.server.config.production && request.protocol === 'https',
    maxAge: SESSION_TTL_S,
  };
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(CSRF_COOKIE, token, cookieOptions(request, false));
}

/** Deletes a session, and forgets it in this process at once (other processes hear it from the database). */
async function endCachedSession(request: FastifyRequest, token: string): Promise<void> {
  await deleteSession(request.server.db, token);
  if (isToken(token)) request.server.cache.apply(`x:${hashToken(token)}`);
}

/**
 * Remembers this browser as one of the member's devices (the `device` cookie, renewed for a year).
 * Answers true when the member has logged in from other devices before but never from this one:
 * the login that should be mailed to them. A member's first device (signup) is not news.
 */
async function noteDevice(request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<boolean> {
  const incoming = request.cookies[DEVICE_COOKIE];
  const device = isToken(incoming) ? incoming : newToken();
  reply.setCookie(DEVICE_COOKIE, device, { ...cookieOptions(request, true), maxAge: DEVICE_TTL_S });
  const { rows } = await request.server.db.query<{ inserted: boolean; others: boolean }>(
    `WITH ins AS (
       INSERT INTO member_devices (member_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (member_id, device_hash) DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM ins) AS inserted,
            EXISTS (SELECT 1 FROM member_devices WHERE member_id = $1 AND device_hash <> $2) AS others`,
    [memberId, hashToken(device)],
  );
  return Boolean(rows[0]?.inserted && rows[0]?.others);
}

/**
 * Logs the member in on this request: any session of the incoming cookie is ended first. Answers
 * the session and whether this browser is a device the member never logged in from before.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
): Promise<{ session: Session; newDevice: boolean }> {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await endCachedSession(request, old);
  const { token, session } = await createSession(request.server.db, memberId, request.site.id, request.headers['user-agent'] ?? '');
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, true));
  setCsrfCookie(request, reply, session.csrf);
  request.session = session;
  const newDevice = await noteDevice(request, reply, memberId);
  return { session, newDevice };
}

/** Logs out: the session row is deleted, the cookie cleared, the CSRF token renewed. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    await endCachedSession(request, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
  request.session = null;
  setCsrfCookie(request, reply, newToken());
}
