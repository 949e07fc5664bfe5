import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { safeEqual } from '../session/session';

/**
 * onRequest hook for operator calls: `Authorization: Bearer <ADMIN_TOKEN>`. 403 when the token is
 * missing or wrong, and always when no ADMIN_TOKEN is configured. Runs before the body is read.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const configured = request.server.config.adminToken;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!configured || !match || !safeEqual(match[1]!, configured)) {
    throw new HttpError(403, 'forbidden', 'This call needs the operator token');
  }
}
