import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildOpenApi } from './document';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route the app registers from now on (call it in buildApp before the plugins load):
 * test/openapi.test.ts compares them with the reference, so that neither can drift.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic twins of GET routes.
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(registered.get(app) ?? [])];
}

/** GET /api/openapi.json: the reference, built once. */
export async function openapiPlugin(app: FastifyInstance) {
  let document: string | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi());
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return document;
  });
}
