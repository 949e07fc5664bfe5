import type { FastifyRequest } from 'fastify';
import { UserResponseSchema } from '@dating/shared';
import { serializeAnswer } from '../cache/cache';
import { loadUser } from '../members/member';

const LOGGED_OUT = serializeAnswer(UserResponseSchema, { user: null });

/** user.php's answer for a request, as serialized JSON (kept per member, src/cache): GET /api/user.php and /api/start.php. */
export async function userAnswer(request: FastifyRequest): Promise<string> {
  const app = request.server;
  const session = request.session;
  return session
    ? app.cache.memberAnswer('user', request.site.id, session.memberId, async () =>
        serializeAnswer(UserResponseSchema, { user: await loadUser(app.db, session.memberId, request.site) }),
      )
    : LOGGED_OUT;
}
