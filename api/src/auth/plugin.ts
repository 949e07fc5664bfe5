import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginRequestSchema, LoginResponseSchema, LogoutResponseSchema, UserResponseSchema } from '@dating/shared';
import { HttpError } from '../http/errors';
import { findLogin, loadUser } from '../members/member';
import { endSession, startSession } from '../session/plugin';
import { dummyHash, verifyPassword } from './password';

const INVALID_CREDENTIALS = () => new HttpError(401, 'invalid_credentials', 'Email or password is incorrect');

/** Login, logout and the current member (GET /api/user.php). */
export const authPlugin: FastifyPluginAsyncZod = async (app) => {
  await dummyHash(); // computed once now, so the first unknown email is not faster than the rest

  app.get(
    '/api/user.php',
    {
      config: { access: 'optional' },
      schema: { tags: ['auth'], summary: 'The logged-in member, or user null.', response: { 200: UserResponseSchema } },
    },
    async (request) => ({
      user: request.session ? await loadUser(app.db, request.session.memberId, request.site) : null,
    }),
  );

  app.post(
    '/api/login.php',
    {
      // 429 beyond RATE_LIMITS.login tries a minute from one address (src/http/ratelimit.ts).
      config: { access: 'public', limit: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Log in (opens a session; the same 401 for an unknown address and a wrong password).',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const member = await findLogin(app.db, request.site.memberPoolId, email);
      // The same work and the same answer whether the email is unknown, has no password, or the password is wrong.
      const ok = await verifyPassword(password, member?.password_hash ?? (await dummyHash()));
      if (!member || !member.password_hash || !ok) throw INVALID_CREDENTIALS();
      await startSession(request, reply, member.id);
      const user = await loadUser(app.db, member.id, request.site);
      if (!user) throw INVALID_CREDENTIALS();
      return { user };
    },
  );

  // A GET, as spec §7 has it; SameSite=Lax keeps cross-site sub-requests from carrying the cookie.
  app.get(
    '/api/logout.php',
    {
      config: { access: 'optional' },
      schema: { tags: ['auth'], summary: "Log out; answers 'done'.", response: { 200: LogoutResponseSchema } },
    },
    async (request, reply) => {
      await endSession(request, reply);
      // The JSON string "done": Fastify sends a returned string as it is, so this reply serializes it.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send('done');
    },
  );
};
