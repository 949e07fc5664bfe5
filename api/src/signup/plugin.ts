import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PushSubscribeResponseSchema,
  PushSubscriptionSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  ValidateEmailQuerySchema,
  ValidateEmailResponseSchema,
  type User,
} from '@dating/shared';
import { hashPassword } from '../auth/password';
import { checkEmailToken, deletedEmailHash, emailStatus, emailToken, mailProvider, normalizeEmail } from '../account/emails';
import { siteOrigin } from '../account/origin';
import { CONTROL_CHARACTERS, isTimeZone } from '../account/rules';
import { createToken } from '../account/tokens';
import { HttpError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { enqueueNewMember } from '../moderation/queue';
import { loadUser } from '../members/member';
import { pushEndpointProblem, savePushSubscription } from '../push';
import { startSession } from '../session/login';
import { DEVICE_COOKIE, hashToken, isToken } from '../session/session';

const invalid = (field: string, message: string) => new HttpError(400, 'invalid_input', `${field}: ${message}`, field);

/**
 * One answer for every address that cannot sign up (taken, not confirmed, deleted), whatever the
 * reason: the answer names no status. (validate_email.php does, as spec §4 wants; it is rate limited.)
 */
const SIGNUP_FAILED = () =>
  new HttpError(400, 'signup_failed', 'email: this address cannot be used to sign up; log in or reset your password', 'email');

/**
 * POST /api/user.php?new=1 (signup) and ?push=1 (push subscription), GET /api/validate_email.php.
 */
export const signupPlugin: FastifyPluginAsyncZod = async (app) => {
  // Two calls behind one path, selected by the query key (src/http/variants.ts).
  app.post(
    '/api/user.php',
    {
      constraints: { query: 'new' },
      config: { access: 'optional', limit: 'signup' },
      schema: {
        tags: ['account'],
        summary: 'Sign up: creates the member (not confirmed), logs in, queues the activation mail. 400 signup_failed for an address that cannot sign up.',
        body: SignupRequestSchema,
        response: { 200: SignupResponseSchema },
      },
    },
    async (request, reply) => {
      const site = request.site;
      const body = request.body;
      // Spec §2: signups for everybody, only for visitors of a traffic source (network), or invitation only.
      if (!site.flags.signup || site.signups === 'other') {
        throw new HttpError(403, 'signups_closed', 'Signups are by invitation only on this site');
      }
      if (site.signups === 'with_trafficsource' && !body.trafficsource.network) {
        throw new HttpError(403, 'signups_closed', 'Signups are open to visitors of our partners only', 'trafficsource.network');
      }
      const email = normalizeEmail(body.email);
      if (CONTROL_CHARACTERS.test(body.name)) throw invalid('name', 'must not contain control characters');
      if (!site.languages.includes(body.language)) throw invalid('language', `not a language of this site (${site.languages.join(', ')})`);
      if (body.country !== null && !site.settings.countries.includes(body.country)) {
        throw invalid('country', 'not a country of this site');
      }
      if (!isTimeZone(body.timezone)) throw invalid('timezone', 'not a time zone (e.g. Europe/Amsterdam)');
      if (body.token && !(await checkEmailToken(app.db, site.memberPoolId, email, body.token))) {
        throw invalid('token', 'expired or not for this address: check the address again');
      }

      // Hashed before we know whether the address is free, so both answers take as long.
      const passwordHash = await hashPassword(body.password);
      const origin = await siteOrigin(request);
      const deletedHash = await deletedEmailHash(app.db, email);

      const memberId = await app.db.transaction(async (tx) => {
        const { rows: deleted } = await tx.query('SELECT 1 FROM deleted_emails WHERE site_id = $1 AND email_hash = $2', [
          site.memberPoolId,
          deletedHash,
        ]);
        if (deleted.length) return null;
        // A browser a banned member used opens no new account in the pool (src/desk/standing.ts).
        const device = request.cookies[DEVICE_COOKIE];
        if (isToken(device)) {
          const { rows: banned } = await tx.query('SELECT 1 FROM banned_devices WHERE site_id = $1 AND device_hash = $2', [
            site.memberPoolId,
            hashToken(device),
          ]);
          if (banned.length) return null;
        }
        // The unique index (site_id, lower(email)) decides: two signups at once make one account. The
        // schema refuses a request without the 18-or-older confirmation (adult); when it was given is kept.
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO members (site_id, email, password_hash, status, name, country, language, timezone, mailprovider,
                                last_signup_step, adult_confirmed_at)
           VALUES ($1, $2, $3, 'not_confirmed', $4, $5, $6, $7, $8, 1, now())
           ON CONFLICT (site_id, lower(email)) DO NOTHING RETURNING id`,
          [site.memberPoolId, email, passwordHash, body.name, body.country, body.language, body.timezone, mailProvider(email)],
        );
        const id = rows[0]?.id;
        if (!id) return null;
        // The referring profile only if it is a member of this pool; an unknown id is dropped, not an error.
        await tx.query(
          `INSERT INTO member_signups (member_id, trafficsource, referrer, form_path, user_agent, browser_hash, referring_profile_id, site_id)
           VALUES ($1, $2::jsonb, $3, $4, $5, $6,
                   (SELECT id FROM members WHERE id = $7 AND site_id = $8 AND status <> 'deleted' AND id <> $1), $9)`,
          [
            id,
            JSON.stringify(body.trafficsource),
            body.referrer,
            body.form_path,
            body.n || String(request.headers['user-agent'] ?? '').slice(0, 1000),
            body.csrf,
            body.profile,
            site.memberPoolId,
            site.id,
          ],
        );
        // The new member's name waits for a moderator like any changed text (src/moderation).
        await enqueueNewMember(tx, id);
        const token = await createToken(tx, 'activate', id);
        await queueMail(tx, {
          siteId: site.id,
          memberId: id,
          kind: 'activation',
          to: email,
          language: body.language,
          vars: {
            brand: site.theme.brandName,
            name: body.name,
            link: `${origin}/api/activate.php?token=${token}`,
          },
        });
        return id;
      });
      if (!memberId) throw SIGNUP_FAILED();

      await startSession(request, reply, memberId);
      const user: User | null = await loadUser(app.db, memberId, site);
      if (!user) throw new Error('signup: the new member cannot be loaded');
      request.log.info({ member: memberId, site: site.templateName }, 'signup');
      return { user };
    },
  );

  app.post(
    '/api/user.php',
    {
      constraints: { query: 'push' },
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Add a Web Push subscription of the logged-in member.',
        body: PushSubscriptionSchema,
        response: { 200: PushSubscribeResponseSchema },
      },
    },
    async (request) => {
      const subscription = request.body;
      // Only https endpoints of known push services: any other URL would have the API post wherever
      // it is told (SSRF: loopback, the private network, cloud metadata).
      const problem = pushEndpointProblem(subscription.endpoint, app.config.pushHosts);
      if (problem) throw invalid('endpoint', problem);
      if ((await savePushSubscription(app.db, request.memberId, request.site.id, subscription)) === 'taken') {
        throw new HttpError(409, 'endpoint_taken', 'endpoint: this push endpoint belongs to another member', 'endpoint');
      }
      return { subscribed: true as const };
    },
  );

  app.post(
    '/api/user.php',
    {
      config: { access: 'public' },
      schema: { tags: ['account'], summary: 'Neither ?new nor ?push: 400 naming `new`.' },
    },
    async () => {
      throw invalid('new', 'POST /api/user.php needs ?new=1 (signup) or ?push=1 (push subscription)');
    },
  );

  app.get(
    '/api/validate_email.php',
    {
      config: { access: 'public', limit: 'validateEmail' },
      schema: {
        tags: ['account'],
        summary: 'Status of an address (new, active, not_confirmed, deleted, invalid), normalized, with a token for signup.',
        querystring: ValidateEmailQuerySchema,
        response: { 200: ValidateEmailResponseSchema },
      },
    },
    async (request) => {
      const { email: requestEmail } = request.query;
      const poolId = request.site.memberPoolId;
      const status = await emailStatus(app.db, poolId, requestEmail);
      const email = normalizeEmail(requestEmail);
      return {
        token: status === 'invalid' ? '' : await emailToken(app.db, poolId, email),
        status,
        email,
        request_email: requestEmail,
      };
    },
  );
};
