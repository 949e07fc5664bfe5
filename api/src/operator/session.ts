import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@dating/shared';
import type { Db } from '../db';
import { hashToken, isToken, newToken } from '../session/session';

/**
 * The operator's session cookie: its own name, never the member's `sid`, so that a member session
 * can never be taken for an operator's (and the other way round). HttpOnly, SameSite=Strict.
 */
export const OPERATOR_COOKIE = 'osid';
/** Operator sessions last 12 hours from login (a working day), then the operator logs in again. */
export const OPERATOR_SESSION_TTL_S = 12 * 60 * 60;

/** The operator of a request's `osid` cookie, as the access hook loaded it (src/operator/access.ts). */
export interface OperatorContext {
  sessionId: number;
  tokenHash: string;
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  allSites: boolean;
  /** The sites the operator may act on now (every site when allSites). */
  siteIds: number[];
  /** The site this session acts on. */
  currentSiteId: number;
  totp: boolean;
}

interface Row {
  session_id: number;
  operator_id: number;
  email: string;
  name: string;
  role: OperatorRole;
  all_sites: boolean;
  site_ids: number[];
  current_site_id: number;
  totp: boolean;
}

/**
 * A live session of an active operator by its token hash, or null. Read from the database on every
 * operator call (no cache): a suspended operator, a revoked site or an ended session is out at once.
 */
export async function loadOperatorSession(db: Db, tokenHash: string): Promise<OperatorContext | null> {
  const { rows } = await db.query<Row>(
    `UPDATE operator_sessions s SET last_seen_at = now()
       FROM operators o
      WHERE s.token_hash = $1 AND s.expires_at > now() AND o.id = s.operator_id AND o.status = 'active'
      RETURNING s.id AS session_id, o.id AS operator_id, o.email, o.name, o.role, o.all_sites, s.current_site_id,
                o.totp_secret IS NOT NULL AS totp,
                CASE WHEN o.all_sites THEN ARRAY(SELECT id FROM sites ORDER BY id)
                     ELSE ARRAY(SELECT site_id FROM operator_sites WHERE operator_id = o.id ORDER BY site_id) END AS site_ids`,
    [tokenHash],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    sessionId: r.session_id,
    tokenHash,
    id: r.operator_id,
    email: r.email,
    name: r.name,
    role: r.role,
    allSites: r.all_sites,
    siteIds: r.site_ids.map(Number),
    currentSiteId: r.current_site_id,
    totp: r.totp,
  };
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'strict' as const,
    httpOnly: true,
    secure: request.server.config.production && request.protocol === 'https',
    maxAge: OPERATOR_SESSION_TTL_S,
  };
}

/** The operator's first site (their current site at login). */
export async function firstSiteOf(db: Db, operatorId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT s.id FROM sites s, operators o
      WHERE o.id = $1 AND (o.all_sites OR EXISTS (SELECT 1 FROM operator_sites os WHERE os.operator_id = o.id AND os.site_id = s.id))
      ORDER BY s.is_default DESC, s.id LIMIT 1`,
    [operatorId],
  );
  return rows[0]?.id ?? null;
}

/** Opens an operator session (any session of the incoming cookie is ended first) and sets the cookie. */
export async function startOperatorSession(request: FastifyRequest, reply: FastifyReply, operatorId: number): Promise<OperatorContext> {
  const db = request.server.db;
  const old = request.cookies[OPERATOR_COOKIE];
  if (isToken(old)) await db.query('DELETE FROM operator_sessions WHERE token_hash = $1', [hashToken(old)]);
  const siteId = await firstSiteOf(db, operatorId);
  if (siteId === null) throw new Error(`operator ${operatorId} holds no site`);
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM operator_sessions WHERE operator_id = $1 AND expires_at <= now()', [operatorId]);
    await tx.query(
      `INSERT INTO operator_sessions (token_hash, operator_id, current_site_id, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hashToken(token), operatorId, siteId, (request.headers['user-agent'] ?? '').replaceAll('\u0000', '').slice(0, 300), OPERATOR_SESSION_TTL_S],
    );
    await tx.query('UPDATE operators SET last_login_at = now() WHERE id = $1', [operatorId]);
  });
  reply.setCookie(OPERATOR_COOKIE, token, cookieOptions(request));
  const context = await loadOperatorSession(db, hashToken(token));
  if (!context) throw new Error('the new operator session did not load');
  request.operator = context;
  return context;
}

/** Ends the session of the request's cookie and clears the cookie. */
export async function endOperatorSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[OPERATOR_COOKIE];
  if (isToken(token)) await request.server.db.query('DELETE FROM operator_sessions WHERE token_hash = $1', [hashToken(token)]);
  if (token !== undefined) reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
  request.operator = null;
}
