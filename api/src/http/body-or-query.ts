import type { FastifyRequest } from 'fastify';

/**
 * The input of a DELETE: a JSON body (what the browser client sends) or, when there is none, the
 * query string (what some clients and proxies manage for DELETE).
 */
export function bodyOrQuery(request: FastifyRequest): unknown {
  const body = request.body;
  if (body !== undefined && body !== null && body !== '') return body;
  return request.query;
}
