import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requireAdmin } from '../auth/admin';
import { HttpError } from '../http/errors';

const LOGIN_REQUIRED = () => new HttpError(403, 'login_required', 'Log in to use this');

/**
 * Authorization, declared by each route as `config: { access }` (see Access in src/types.ts) and
 * enforced here by one onRequest hook, after the session is loaded and before the body is read:
 * `member` → 403 login_required without a session (spec §8), `operator` → the bearer token,
 * `development` → 404 in production. `request.memberId` is the member of the session, typed.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('memberId', {
      getter(this: FastifyRequest): number {
        if (!this.session) throw LOGIN_REQUIRED();
        return this.session.memberId;
      },
    });

    app.addHook('onRequest', async (request) => {
      switch (request.routeOptions.config?.access) {
        case 'member':
          if (!request.session) throw LOGIN_REQUIRED();
          return;
        case 'operator':
          return requireAdmin(request);
        case 'development':
          if (app.config.production) throw new HttpError(404, 'not_found', 'Not found');
          return;
        default:
          return;
      }
    });
  },
  { name: 'access', dependencies: ['session'] },
);
