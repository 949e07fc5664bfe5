import type { FastifyInstance } from 'fastify';
import { LoginRequestSchema, LoginResponseSchema, UserResponseSchema, type User } from '@dating/shared';
import { HttpError, parseInput } from '../http/errors';
import { rateLimited } from '../http/ratelimit';
import { findLogin, loadUser } from '../members/member';
import { endSession, startSession } from '../session/plugin';
import { dummyHash, verifyPassword } from './password';

const INVALID_CREDENTIALS = () => new HttpError(401, 'invalid_credentials', 'Email or password is incorrect');

/** Login, logout and the current member (GET /api/user.php). */
export async function authPlugin(app: FastifyInstance) {
  await dummyHash(); // computed once now, so the first unknown email is not faster than the rest

  app.get('/api/user.php', async (request) => {
    const user = request.session ? await loadUser(app.db, request.session.memberId, request.site) : null;
    return UserResponseSchema.parse({ user });
  });

  // 429 beyond RATE_LIMITS.login tries a minute from one address (src/http/ratelimit.ts).
  app.post('/api/login.php', { onRequest: rateLimited(app, 'login') }, async (request, reply) => {
    const { email, password } = parseInput(LoginRequestSchema, request.body);
    const member = await findLogin(app.db, request.site.memberPoolId, email);
    // The same work and the same answer whether the email is unknown, has no password, or the password is wrong.
    const ok = await verifyPassword(password, member?.password_hash ?? (await dummyHash()));
    if (!member || !member.password_hash || !ok) throw INVALID_CREDENTIALS();
    await startSession(request, reply, member.id);
    const user: User | null = await loadUser(app.db, member.id, request.site);
    if (!user) throw INVALID_CREDENTIALS();
    return LoginResponseSchema.parse({ user });
  });

  // A GET, as spec §7 has it; SameSite=Lax keeps cross-site sub-requests from carrying the cookie.
  app.get('/api/logout.php', async (request, reply) => {
    await endSession(request, reply);
    reply.type('application/json; charset=utf-8');
    return JSON.stringify('done');
  });
}
