import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorRole } from '@dating/shared';
import { HttpError } from '../http/errors';
import { hashToken, isToken } from '../session/session';
import { findSiteById, normalizeHost, type Site } from '../site/site';
import { OPERATOR_COOKIE, loadOperatorSession, type OperatorContext } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of the `osid` cookie on `access: 'operator'` routes (null elsewhere and when logged out). */
    operator: OperatorContext | null;
    /**
     * The site an operator call acts on: the session's current site, checked against the
     * operator's sites before the handler runs. Read outside an operator call it throws 403.
     */
    readonly operatorSite: Site;
  }
}

export const OPERATOR_LOGIN_REQUIRED = () => new HttpError(403, 'operator_login_required', 'Log in to the back office to use this');
export const ROLE_FORBIDDEN = () => new HttpError(403, 'role_forbidden', 'Your role may not do this');
export const SITE_FORBIDDEN = () => new HttpError(403, 'site_forbidden', 'You may not act on this site');

/** Whether the deployment lets the operator API answer on this request's host (OPERATOR_HOSTS). */
export function operatorHostAllowed(request: FastifyRequest): boolean {
  const allowed = request.server.config.operatorHosts;
  if (!allowed) return true;
  const host = normalizeHost(request.host);
  return host !== undefined && allowed.includes(host);
}

/**
 * 404 where the deployment does not serve the operator API (OPERATOR_HOSTS): the call does not
 * exist there, for public operator calls (login, enrol) as for the others.
 */
export function requireOperatorHost(request: FastifyRequest): void {
  if (!operatorHostAllowed(request)) throw new HttpError(404, 'not_found', 'Not found');
}

/** The paths of the operator API: the back office's calls and the older admin calls. */
export const OPERATOR_PATH = /^\/api\/(operator|admin)\//;

/**
 * OPERATOR_HOSTS, first of all hooks that could answer (before the CSRF check, before a body is
 * read): on a host the deployment does not serve the operator API on, its paths answer 404 as if
 * they did not exist, whatever the call.
 */
export const operatorHostPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.operatorHosts) return;
    app.addHook('onRequest', async (request) => {
      if (OPERATOR_PATH.test(request.url)) requireOperatorHost(request);
    });
  },
  { name: 'operator-host', dependencies: ['http'] },
);

/**
 * The one check of every operator call (`config: { access: 'operator', roles }`), run by the access
 * hook (src/session/access.ts) before the body is read:
 * - 404 on a host the deployment does not serve the operator API on (OPERATOR_HOSTS);
 * - 403 `operator_login_required` without a live operator session (the `osid` cookie; a member's
 *   session is never one); each such failure counts against the address (429 beyond
 *   RATE_LIMITS.operatorDenied: guessing cookies gets nowhere);
 * - 403 `role_forbidden` when the operator's role is not among the route's `roles`;
 * - 403 `site_forbidden` when the session's current site is no longer one of the operator's.
 * A suspended operator has no live session: out at once, on the next call.
 */
export async function requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<OperatorContext> {
  requireOperatorHost(request);
  const app = request.server;
  const token = request.cookies[OPERATOR_COOKIE];
  const operator = isToken(token) ? await loadOperatorSession(app.db, hashToken(token)) : null;
  if (!operator) {
    if (token !== undefined) reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
    await app.limitKey('operatorDenied', request.ip, reply);
    throw OPERATOR_LOGIN_REQUIRED();
  }
  request.operator = operator;
  const roles = request.routeOptions.config?.roles;
  if (!roles) throw new Error(`operator route ${request.routeOptions.url} declares no roles`);
  if (!roles.includes(operator.role)) throw ROLE_FORBIDDEN();
  if (request.routeOptions.config?.siteCheck === false) return operator;
  if (!operator.siteIds.includes(operator.currentSiteId)) throw SITE_FORBIDDEN();
  const site = await app.cache.site(`#site:${operator.currentSiteId}`, () => findSiteById(app.db, operator.currentSiteId));
  operatorSites.set(request, site);
  return operator;
}

const operatorSites = new WeakMap<FastifyRequest, Site>();

/** The site of an operator call (see FastifyRequest.operatorSite). */
export function operatorSiteOf(request: FastifyRequest): Site {
  const site = operatorSites.get(request);
  if (!site) throw OPERATOR_LOGIN_REQUIRED();
  return site;
}

/** 403 `role_forbidden` unless the operator's role is one of these (for one branch of a call). */
export function requireRole(request: FastifyRequest, roles: readonly OperatorRole[]): OperatorContext {
  const operator = request.operator;
  if (!operator) throw OPERATOR_LOGIN_REQUIRED();
  if (!roles.includes(operator.role)) throw ROLE_FORBIDDEN();
  return operator;
}

/**
 * 403 `site_forbidden` unless a row of site `siteId` (a moderation item, a report, a member's pool)
 * belongs to the site this call acts on. Checked on every target a call names by id. Strict: a
 * site that shares another's member pool (velvet shares amora's) is still another site.
 */
export function requireSite(request: FastifyRequest, siteId: number): void {
  if (siteId !== operatorSiteOf(request).id) throw SITE_FORBIDDEN();
}
