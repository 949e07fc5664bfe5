import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/** A request slower than this is logged in production (every other request is not). */
export const SLOW_REQUEST_MS = 500;

/** The API's logger (main.ts; the benchmarks use the same): LOG_LEVEL, default info. */
export function productionLogger(stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level: process.env.LOG_LEVEL || 'info', ...(stream ? { stream } : {}) };
}

/**
 * Request logging. In development every request is logged (Fastify's own two lines). In
 * production (buildApp turns Fastify's request lines off there) a polled call costs no logging:
 * only failures (the error handler of src/http logs them) and requests slower than SLOW_REQUEST_MS.
 */
export const requestLoggingPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.production) return;
    app.addHook('onResponse', async (request, reply) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS) {
        request.log.warn(
          { method: request.method, url: request.routeOptions.url ?? request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'slow request',
        );
      }
    });
  },
  { name: 'request-logging' },
);
