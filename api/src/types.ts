/**
 * The shared Fastify decorations, declared once: the database and config on the instance, the
 * site, the session and the member on every request, and what a route declares besides its zod
 * schemas (access, rate limit, documentation).
 */
import type { Config } from './config';
import type { Db } from './db';
import type { RateLimitName } from './http/ratelimit';
import type { Site } from './site/site';
import type { Session } from './session/session';
import type { MollieSandbox } from './commerce/sandbox';
import type { OperatorRole } from '@dating/shared';

/**
 * Who may call a route (src/session/access.ts enforces it before the input is read; the API
 * reference documents it):
 * - `public`: anybody; `optional`: anybody, a member's session is used when there is one;
 * - `member`: a logged-in member, else 403 `login_required`;
 * - `operator`: an operator's session (the `osid` cookie, never a member's) whose role is among the
 *   route's `roles` and who holds the session's current site, else 403 (src/operator/access.ts);
 * - `development`: outside production only (404 in production).
 */
export type Access = 'public' | 'optional' | 'member' | 'operator' | 'development';

/** Non-JSON answers, for the API reference (a route's `schema.answers`). */
export type Answer = 'redirect' | 'html' | 'jpeg' | 'photo' | 'png' | 'svg' | 'event-stream' | 'no-content' | 'web-manifest' | 'zip' | 'csv';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** The local Mollie sandbox (src/commerce), present only without MOLLIE_API_KEY outside production. */
    mollieSandbox?: MollieSandbox;
  }
  interface FastifyRequest {
    /** The white-label site chosen from the original host (see src/site). */
    site: Site;
    /** The member's session, or null when logged out (see src/session). */
    session: Session | null;
    /**
     * The logged-in member's id. On `access: 'member'` routes it is always there (the access hook
     * answered 403 before); read elsewhere without a session it throws 403 `login_required`.
     */
    readonly memberId: number;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (test/openapi.test.ts checks). */
    access?: Access;
    /** A per-address limit of src/http/ratelimit.ts (429 beyond it); routes naming one limit share its counter. */
    limit?: RateLimitName;
    /** false: the route is exempt from the double-submit CSRF check (e.g. the sendBeacon call). */
    csrf?: boolean;
    /**
     * `access: 'operator'` routes: the roles that may call it (OPERATOR_AREAS of the contract names
     * them per part of the back office); any other role answers 403 role_forbidden.
     */
    roles?: readonly OperatorRole[];
    /** Operator routes: false skips the check that the session's current site is still the operator's (switching site). */
    siteCheck?: boolean;
  }
  // (summary, description, tags, consumes: as @fastify/swagger's types declare them, which the zod type provider loads.)
  interface FastifySchema {
    /** API reference: one line. */
    summary?: string;
    /** API reference: more words, e.g. how this variant is selected. */
    description?: string;
    /** API reference: the group of the call. */
    tags?: readonly string[];
    /** API reference: what the call answers when it is not JSON. */
    answers?: Answer;
    /** API reference: request content types other than JSON (e.g. multipart/form-data). */
    consumes?: readonly string[];
  }
}

export {};
