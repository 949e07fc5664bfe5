import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import { buildOpenApi, type RegisteredRoute } from './document';

export type { RegisteredRoute } from './document';

/** By the app's HTTP server: the same for the root instance and every plugin's encapsulated one. */
const registered = new WeakMap<object, RegisteredRoute[]>();

/**
 * Records every route the app registers from now on (call it in buildApp before the plugins load):
 * the API reference is generated from them, so every route is documented by construction.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app.server, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic twins of GET routes.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        config: route.config as FastifyContextConfig | undefined,
        constraints: route.constraints as RegisteredRoute['constraints'],
      });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(registered.get(app.server) ?? [])];
}

/** GET /api/openapi.json: the reference of the routes this app registered, built once. */
export async function openapiPlugin(app: FastifyInstance) {
  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: 'This reference (OpenAPI 3.1), generated from the routes and their zod schemas.' },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(buildOpenApi(registeredRoutes(app)));
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
      return document;
    },
  );
}
