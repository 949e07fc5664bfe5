import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeleteSchema,
  ActivateLinkQuerySchema,
  ActivateStatusSchema,
  LogoutResponseSchema,
  MailChangeDoResponseSchema,
  MailChangeDoSchema,
  MailChangeRequestResponseSchema,
  MailChangeRequestSchema,
  MailChangeUndoResponseSchema,
  MailChangeUndoSchema,
  PasswordChangeResponseSchema,
  PasswordChangeSchema,
  PasswordResetDoResponseSchema,
  PasswordResetDoSchema,
  PasswordResetRequestResponseSchema,
  PasswordResetRequestSchema,
  UserUpdateResponseSchema,
  UserUpdateSchema,
} from '@dating/shared';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import { chosenBy, HttpError } from '../http/errors';
import { deleteImageFiles } from '../images/store';
import { queueMail } from '../mail/outbox';
import { loadUser } from '../members/member';
import { endSession } from '../session/login';
import { endOtherSessions } from '../session/lifecycle';
import { backgroundRunner } from './background';
import { deleteAccountRows, erasureRunner } from './erase';
import { deletedEmailHash, emailStatus, normalizeEmail } from './emails';
import { siteOrigin } from './origin';
import { updateLocation, updateProfile } from './profile';
import {
  activateMember,
  activationDelivered,
  changeEmail,
  findMemberContact,
  findMemberSecrets,
  isDeletedEmail,
  setPassword,
  type MemberSecrets,
} from './repository';
import { queueResetRequest, resetQueueRunner } from './reset-queue';
import { consumeToken, createToken, retireTokens, usedTokenMember } from './tokens';

const WRONG_PASSWORD = () => new HttpError(400, 'wrong_password', 'password: the password is not correct', 'password');
const INVALID_TOKEN = () =>
  new HttpError(400, 'invalid_token', 'token: this link has expired or was used already; ask for a new one', 'token');
const EMAIL_UNAVAILABLE = () => new HttpError(400, 'email_unavailable', 'email: this address cannot be used', 'email');

async function memberSecrets(request: FastifyRequest, memberId: number): Promise<MemberSecrets> {
  const member = await findMemberSecrets(request.server.db, memberId);
  if (!member) throw new HttpError(403, 'login_required', 'Log in to use this');
  return member;
}

/** Confirms a call with the member's password (as long for a member without one). */
async function confirmPassword(member: MemberSecrets, password: string): Promise<void> {
  const ok = await verifyPassword(password, member.password_hash ?? (await dummyHash()));
  if (!ok || !member.password_hash) throw WRONG_PASSWORD();
}

/** PUT /api/user.php: a location, or `{ profile }`; a bad body is answered for the one it was meant to be. */
const UserUpdateBodySchema = chosenBy(UserUpdateSchema, (input) =>
  input && typeof input === 'object' && !Array.isArray(input) && 'profile' in input
    ? UserUpdateSchema.options[1]
    : UserUpdateSchema.options[0],
);

/**
 * The member's own account: PUT/DELETE /api/user.php, activation (activate.php), password reset
 * (password_reset.php) and mail change (mail_change.php).
 */
export const accountPlugin: FastifyPluginAsyncZod = async (app) => {
  const background = backgroundRunner(app);
  const eraseSoon = erasureRunner(app);
  // Ended sessions are forgotten by this process's cache at once (as in src/session/devices.ts).
  const forgetSessions = (hashes: string[]) => {
    for (const h of hashes) app.cache.apply(`x:${h}`);
  };
  // Password-reset requests wait in the database and are worked off out of band (./reset-queue.ts).
  const resetQueue = resetQueueRunner(app, app.config.passwordResetQueueMs);

  // ---- profile and location -------------------------------------------------------------------
  app.put(
    '/api/user.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Save the location (a country of the site, a region of it by name or id, a city), or profile fields and the signup step reached (`{ profile }`).',
        body: UserUpdateBodySchema,
        response: { 200: UserUpdateResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const body = request.body;
      // (Both check what the schema cannot: the site's countries, regions, languages and fields.)
      if ('profile' in body) await updateProfile(app.db, request.site, memberId, body);
      else await updateLocation(app.db, request.site, memberId, body);
      const user = await loadUser(app.db, memberId, request.site);
      if (!user) throw new HttpError(403, 'login_required', 'Log in to use this');
      return { user };
    },
  );

  // ---- account deletion -----------------------------------------------------------------------
  app.delete(
    '/api/user.php',
    {
      config: { access: 'member', limit: 'passwordConfirm' },
      schema: {
        tags: ['account'],
        summary: "Delete the account (password confirms); logs out; answers 'done'. The address's status becomes deleted.",
        body: AccountDeleteSchema,
        response: { 200: LogoutResponseSchema },
      },
    },
    async (request, reply) => {
      const memberId = request.memberId;
      const member = await memberSecrets(request, memberId);
      await confirmPassword(member, request.body.password);
      // A Premium subscription stops renewing at the payment provider first, and the member's
      // customer there is deleted: should the provider not answer, the account stays (the member
      // is told to try again), never charged after it nor left behind at the provider.
      await app.leavePaymentProvider(memberId);
      const files = await deleteAccountRows(app.db, member);
      await deleteImageFiles(files);
      // The deleted rows' bytes leave the database files and the WAL too (src/account/erase.ts).
      eraseSoon();
      await endSession(request, reply);
      request.log.info({ member: memberId }, 'account deleted');
      // The JSON string "done": Fastify sends a returned string as it is, so this reply serializes it.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send('done');
    },
  );

  // ---- activation -----------------------------------------------------------------------------
  app.get(
    '/api/activate.php',
    {
      constraints: { query: 'token' },
      // A page load from the mail: a malformed token is answered like an unknown one, by the error page.
      attachValidation: true,
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary:
          'The activation link of the mail: 302 to /activate/done, to /activate/done?already=1 when the account was already activated, or /activate/error for an unknown, expired or malformed token.',
        querystring: ActivateLinkQuerySchema,
        answers: 'redirect',
      },
    },
    async (request, reply) => {
      const token = request.validationError ? null : request.query.token;
      const activated =
        token !== null &&
        (await app.db.transaction(async (tx) => {
          const used = await consumeToken(tx, 'activate', token);
          if (!used) return false;
          await activateMember(tx, used.memberId);
          return true;
        }));
      if (activated) return reply.redirect('/activate/done', 302);
      // A second click on the link: the account is active, which is what the member wants to know.
      const earlier = token === null ? null : await usedTokenMember(app.db, 'activate', token);
      if (earlier !== null) {
        const { rows } = await app.db.query<{ status: string }>(`SELECT status FROM members WHERE id = $1`, [earlier]);
        if (rows[0]?.status === 'active') return reply.redirect('/activate/done?already=1', 302);
      }
      return reply.redirect('/activate/error', 302);
    },
  );

  app.get(
    '/api/activate.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Polled after signup: delivered once the activation mail has left the outbox.',
        response: { 200: ActivateStatusSchema },
      },
    },
    // Polled after signup (every 900 ms): is the activation mail out of the outbox?
    async (request) => ({ delivered: await activationDelivered(app.db, request.memberId) }),
  );

  // ---- password reset -------------------------------------------------------------------------
  app.post(
    '/api/password_reset.php',
    {
      constraints: { query: 'do' },
      config: { access: 'public', limit: 'passwordReset' },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token of the mail (single use, 1 hour); ends the other sessions.',
        body: PasswordResetDoSchema,
        response: { 200: PasswordResetDoResponseSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password);
      const keep = request.session?.tokenHash ?? '';
      const done = await app.db.transaction(async (tx) => {
        const used = await consumeToken(tx, 'password_reset', token);
        if (!used) return false;
        // The mail reached its owner: that also confirms the address.
        if (!(await setPassword(tx, used.memberId, passwordHash, { confirms: true }))) return false;
        // Whoever knew the old password is logged out everywhere (the browser that resets stays).
        await endOtherSessions(tx, used.memberId, keep);
        return true;
      });
      if (!done) throw INVALID_TOKEN();
      return { done: true as const };
    },
  );

  app.post(
    '/api/password_reset.php',
    {
      config: { access: 'public', limit: 'passwordReset' },
      schema: {
        tags: ['account'],
        summary: 'Ask for a reset mail. Always sent: true, at once; the mail goes only to an existing account.',
        body: PasswordResetRequestSchema,
        response: { 200: PasswordResetRequestResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      const site = request.site;
      const origin = await siteOrigin(request);
      // The same answer, at once, whether the address has an account or not, after the same work on
      // both paths: the request only joins the reset queue (a row, kept across restarts); the
      // lookup, the token and the mail happen out of band, when the queue is next worked off
      // (RESET_QUEUE_MS), together with everybody else's — so neither this answer nor the next
      // request's timing tells. (The background task only waits for that round: tests settle on it.)
      await queueResetRequest(app.db, { siteId: site.id, email, origin });
      background(() => resetQueue.nextRound());
      return { sent: true as const };
    },
  );

  // ---- mail change ----------------------------------------------------------------------------
  app.put(
    '/api/mail_change.php',
    {
      config: { access: 'member', limit: 'passwordConfirm' },
      schema: {
        tags: ['account'],
        summary: 'Ask to change the address (password confirms); a confirmation mail goes to the new address.',
        body: MailChangeRequestSchema,
        response: { 200: MailChangeRequestResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const body = request.body;
      const member = await memberSecrets(request, memberId);
      await confirmPassword(member, body.password);
      const email = normalizeEmail(body.email);
      if (email === normalizeEmail(member.email)) {
        throw new HttpError(400, 'invalid_input', 'email: this is already your address', 'email');
      }
      if ((await emailStatus(app.db, request.site.memberPoolId, email)) !== 'new') throw EMAIL_UNAVAILABLE();
      const origin = await siteOrigin(request);
      await app.db.transaction(async (tx) => {
        const token = await createToken(tx, 'mail_change', memberId, email);
        // To the new address: following the link proves it is the member's.
        await queueMail(tx, {
          siteId: request.site.id,
          memberId,
          kind: 'mail_change',
          to: email,
          language: member.language,
          vars: { brand: request.site.theme.brandName, name: member.name, link: `${origin}/mail-change/do?token=${token}` },
        });
      });
      return { sent: true as const };
    },
  );

  app.post(
    '/api/mail_change.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Confirm the new address with the token of the mail (single use, 24 hours).',
        body: MailChangeDoSchema,
        response: { 200: MailChangeDoResponseSchema },
      },
    },
    async (request) => {
      const { token } = request.body;
      const origin = await siteOrigin(request);
      let email: string | null;
      let ended: string[] = [];
      try {
        email = await app.db.transaction(async (tx) => {
          const used = await consumeToken(tx, 'mail_change', token);
          if (!used?.email) return null;
          const old = await findMemberContact(tx, used.memberId);
          if (!old) return null;
          if (await isDeletedEmail(tx, old.site_id, await deletedEmailHash(tx, used.email))) throw EMAIL_UNAVAILABLE();
          const changed = await changeEmail(tx, used.memberId, used.email, { confirms: true });
          if (!changed) return null;
          // Whoever else was logged in is logged out (the browser that confirms, if it is the
          // member's, stays), and the old address is told, with a link that undoes the change.
          ended = await endOtherSessions(tx, used.memberId, request.session?.memberId === used.memberId ? request.session.tokenHash : null);
          const undo = await createToken(tx, 'mail_change_undo', used.memberId, old.email);
          await queueMail(tx, {
            siteId: request.site.id,
            memberId: used.memberId,
            kind: 'mail_changed',
            to: old.email,
            language: old.language,
            vars: { brand: request.site.theme.brandName, name: old.name, email: changed, link: `${origin}/mail-change/undo?token=${undo}` },
          });
          return changed;
        });
      } catch (err) {
        // Taken meanwhile by another account (unique index).
        if ((err as { code?: string }).code === '23505') throw EMAIL_UNAVAILABLE();
        throw err;
      }
      if (!email) throw INVALID_TOKEN();
      forgetSessions(ended);
      return { email };
    },
  );

  app.post(
    '/api/mail_change.php',
    {
      constraints: { query: 'undo' },
      config: { access: 'public', limit: 'passwordReset' },
      schema: {
        tags: ['account'],
        summary: 'Undo an email change with the token mailed to the old address (single use, 7 days): the old address is back and every session ends.',
        body: MailChangeUndoSchema,
        response: { 200: MailChangeUndoResponseSchema },
      },
    },
    async (request) => {
      const { token } = request.body;
      let ended: string[] = [];
      let email: string | null;
      try {
        email = await app.db.transaction(async (tx) => {
          const used = await consumeToken(tx, 'mail_change_undo', token);
          if (!used?.email) return null;
          const restored = await changeEmail(tx, used.memberId, used.email);
          if (!restored) return null;
          // Whoever changed it is logged out everywhere, and a pending change to another address
          // (theirs) stops working. The member then chooses a new password (reset by mail).
          ended = await endOtherSessions(tx, used.memberId, null);
          await retireTokens(tx, used.memberId, 'mail_change');
          return restored;
        });
      } catch (err) {
        // The old address was taken meanwhile by another account (unique index).
        if ((err as { code?: string }).code === '23505') throw EMAIL_UNAVAILABLE();
        throw err;
      }
      if (!email) throw INVALID_TOKEN();
      forgetSessions(ended);
      return { email };
    },
  );

  // ---- password change (logged in) -----------------------------------------------------------
  app.put(
    '/api/password.php',
    {
      config: { access: 'member', limit: 'passwordConfirm' },
      schema: {
        tags: ['account'],
        summary: 'Change the password (the current one confirms); every other session ends and a notice is mailed to the account’s address.',
        body: PasswordChangeSchema,
        response: { 200: PasswordChangeResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { current_password, password } = request.body;
      const member = await memberSecrets(request, memberId);
      try {
        await confirmPassword(member, current_password);
      } catch (err) {
        throw err instanceof HttpError ? new HttpError(400, err.code, 'current_password: the password is not correct', 'current_password') : err;
      }
      const passwordHash = await hashPassword(password);
      const origin = await siteOrigin(request);
      const ended = await app.db.transaction(async (tx) => {
        await setPassword(tx, memberId, passwordHash);
        const gone = await endOtherSessions(tx, memberId, request.session!.tokenHash);
        await queueMail(tx, {
          siteId: request.site.id,
          memberId,
          kind: 'password_changed',
          to: member.email,
          language: member.language,
          vars: { brand: request.site.theme.brandName, name: member.name, link: `${origin}/reset-password` },
        });
        return gone;
      });
      forgetSessions(ended);
      return { done: true as const, ended: ended.length };
    },
  );
};
