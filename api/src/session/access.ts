import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { operatorSiteOf, requireOperator } from '../operator/access';
import { HttpError } from '../http/errors';

const LOGIN_REQUIRED = () => new HttpError(403, 'login_required', 'Log in to use this');

/**
 * Authorization, declared by each route as `config: { access }` (see Access in src/types.ts) and
 * enforced here by one onRequest hook, after the session is loaded and before the body is read:
 * `member` → 403 login_required without a session (spec §8), `operator` → an operator session of
 * one of the route's roles on one of the operator's sites (src/operator/access.ts),
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

    app.decorateRequest('operator', null);
    app.decorateRequest('operatorSite', {
      getter(this: FastifyRequest) {
        return operatorSiteOf(this);
      },
    });
    // Every operator route names the roles that may call it (checked here at start-up, not at the first call).
    app.addHook('onRoute', (route) => {
      if (route.config?.access === 'operator' && !route.config.roles?.length) {
        throw new Error(`${route.method} ${route.url}: an operator route must declare config.roles`);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      switch (request.routeOptions.config?.access) {
        case 'member':
          if (!request.session) throw LOGIN_REQUIRED();
          return;
        case 'operator':
          await requireOperator(request, reply);
          return;
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
