import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/** The logged-in member's id; 403 `login_required` when nobody is logged in (spec §8). */
export function requireMember(request: FastifyRequest): number {
  if (!request.session) throw new HttpError(403, 'login_required', 'Log in to use this');
  return request.session.memberId;
}
