import type { FastifyRequest } from 'fastify';

/**
 * preValidation hook of a DELETE whose input is a JSON body (what the browser client sends) or,
 * when there is none, the query string (what some clients and proxies manage for DELETE): the
 * route's body schema then validates whichever was sent.
 */
export async function bodyOrQuery(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === undefined || body === null || body === '') request.body = request.query;
}
