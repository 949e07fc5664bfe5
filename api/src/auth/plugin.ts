import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLocale, LoginRequestSchema, LoginResponseSchema, LogoutResponseSchema, UserResponseSchema } from '@dating/shared';
import { sendJson } from '../cache/cache';
import { HttpError } from '../http/errors';
import { siteOrigin } from '../account/origin';
import { queueMail } from '../mail/outbox';
import { findLogin, loadUser } from '../members/member';
import { standingRefusal } from '../desk/standing';
import { describeUserAgent } from '../session/devices';
import { endSession, startSession } from '../session/login';
import { DEVICE_COOKIE, hashToken, isToken } from '../session/session';
import { dummyHash, verifyPassword } from './password';
import { userAnswer } from './user-answer';

const INVALID_CREDENTIALS = () => new HttpError(401, 'invalid_credentials', 'Email or password is incorrect');

/** Mails the member that their account was opened on a new device: which browser, when, and where to end it. */
async function queueLoginNotice(request: FastifyRequest, memberId: number): Promise<void> {
  const db = request.server.db;
  const site = request.site;
  const { rows } = await db.query<{ email: string; name: string; language: string | null }>(
    'SELECT email, name, language FROM members WHERE id = $1',
    [memberId],
  );
  const member = rows[0];
  if (!member) return;
  const language = isLocale(member.language) ? member.language : 'en';
  const userAgent = request.headers['user-agent'] ?? '';
  const { browser, os } = describeUserAgent(userAgent);
  const device = browser || os ? [browser, os && `(${os})`].filter(Boolean).join(' ') : userAgent.slice(0, 80) || '?';
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(new Date());
  await queueMail(db, {
    siteId: site.id,
    memberId,
    kind: 'login_notice',
    to: member.email,
    language: member.language,
    vars: { brand: site.theme.brandName, name: member.name, link: `${await siteOrigin(request)}/profile`, device, time },
  });
}

/** Whether this browser's `device` cookie is one of the member's devices (an earlier login from it). */
async function knownDevice(request: FastifyRequest, memberId: number): Promise<boolean> {
  const device = request.cookies[DEVICE_COOKIE];
  if (!isToken(device)) return false;
  const { rows } = await request.server.db.query('SELECT 1 FROM member_devices WHERE member_id = $1 AND device_hash = $2', [memberId, hashToken(device)]);
  return rows.length > 0;
}

/** Login, logout and the current member (GET /api/user.php). */
export const authPlugin: FastifyPluginAsyncZod = async (app) => {
  await dummyHash(); // computed once now, so the first unknown email is not faster than the rest

  app.get(
    '/api/user.php',
    {
      config: { access: 'optional' },
      schema: { tags: ['auth'], summary: 'The logged-in member, or user null.', response: { 200: UserResponseSchema } },
    },
    // Polled (spec §9): the member's answer is serialized once and kept until it changes (src/cache).
    async (request, reply) => sendJson(reply, await userAnswer(request)),
  );

  app.post(
    '/api/login.php',
    {
      // 429 beyond RATE_LIMITS.login tries a minute from one address, and beyond the per-account
      // limits below (src/http/ratelimit.ts).
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
      // Guesses at one account: per account and address (a hard stop for that address only), and
      // from every address together, which only moves the account to a slower path (below).
      // Counted before the password is checked, for unknown addresses alike (no enumeration).
      const account = `${request.site.memberPoolId}:${email.trim().toLowerCase()}`;
      const accountAddress = `${account}|${request.ip}`;
      await app.limitKey('loginAccountAddress', accountAddress, reply);
      const underAttack = await app.limitKey('loginAccount', account, reply).then(
        () => false,
        (err: unknown) => {
          if (!(err instanceof HttpError && err.statusCode === 429)) throw err;
          reply.removeHeader('retry-after');
          return true;
        },
      );
      const member = await findLogin(app.db, request.site.memberPoolId, email);
      // Under attack, a device the member logged in from before goes on as ever; any other address
      // gets a few tries per window (the owner's first one is enough), never a lockout for all.
      if (underAttack && !(member && (await knownDevice(request, member.id)))) {
        await app.limitKey('loginAccountAttacked', accountAddress, reply);
      }
      // The same work and the same answer whether the email is unknown, has no password, or the password is wrong.
      const ok = await verifyPassword(password, member?.password_hash ?? (await dummyHash()));
      if (!member || !member.password_hash || !ok) throw INVALID_CREDENTIALS();
      // A suspended or banned member is told so (with the password right), and gets no session.
      const refusal = await standingRefusal(app.db, member.id);
      if (refusal) throw refusal;
      // The owner's own mistypes from this address are forgiven once they got in.
      await app.forgetLimitKey('loginAccountAddress', accountAddress);
      await app.forgetLimitKey('loginAccountAttacked', accountAddress);
      const { newDevice } = await startSession(request, reply, member.id);
      const user = await loadUser(app.db, member.id, request.site);
      if (!user) throw INVALID_CREDENTIALS();
      // A device the member never logged in from: they are told by mail, with the way to the
      // sessions list on /profile ("log out everywhere").
      if (newDevice) await queueLoginNotice(request, member.id);
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
