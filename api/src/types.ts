/**
 * The shared Fastify decorations, declared once: the database and config on the instance, the
 * site and the session on every request.
 */
import type { Config } from './config';
import type { Db } from './db';
import type { Site } from './site/site';
import type { Session } from './session/session';
import type { MollieSandbox } from './commerce/sandbox';

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
  }
  interface FastifyContextConfig {
    /** false: the route is exempt from the double-submit CSRF check (e.g. bearer-token calls). */
    csrf?: boolean;
  }
}

export {};
