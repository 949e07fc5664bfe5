import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '@dating/shared';
import { HttpError } from './errors';

/** Fastify's own 4xx errors, named for the ErrorResponse `error` field. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_INVALID_TYPE: 'bad_request',
};

/**
 * What every answer has in common: errors in the ErrorResponse shape (4xx for anything a client
 * got wrong, a bare 500 for our own faults), JSON 404s, security and cache headers.
 */
export const httpPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
      if (err instanceof HttpError) return reply.code(err.statusCode).send(err.toJSON());
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const body: ErrorResponse = {
          error: FASTIFY_CODES[err.code] ?? (err instanceof SyntaxError ? 'invalid_json' : 'bad_request'),
          message: err.message,
        };
        return reply.code(status).send(body);
      }
      request.log.error({ err }, 'request failed');
      const body: ErrorResponse = { error: 'internal', message: 'Something went wrong on our side' };
      return reply.code(500).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ErrorResponse = { error: 'not_found', message: 'Not found' };
      return reply.code(404).send(body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'no-referrer');
      // Member data must not sit in shared caches; calls that may be revalidated say so themselves.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'http' },
);
