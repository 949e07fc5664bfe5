import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPERATOR_AREAS,
  OPERATOR_ROLES,
  OperatorEnrolInfoResponseSchema,
  OperatorEnrolQuerySchema,
  OperatorEnrolRequestSchema,
  OperatorEnrolResponseSchema,
  OperatorInviteResponseSchema,
  OperatorInviteSchema,
  OperatorListResponseSchema,
  OperatorLoginRequestSchema,
  OperatorLoginResponseSchema,
  OperatorLoginTotpRequestSchema,
  OperatorLogoutResponseSchema,
  OperatorMeResponseSchema,
  OperatorRecoveryCodesRequestSchema,
  OperatorRecoveryCodesResponseSchema,
  OperatorSessionEndResponseSchema,
  OperatorSessionEndSchema,
  OperatorSessionsResponseSchema,
  OperatorSiteSwitchSchema,
  OperatorTotpConfirmSchema,
  OperatorTotpSetupResponseSchema,
  OperatorUpdateResponseSchema,
  OperatorUpdateSchema,
  type OperatorRole,
} from '@dating/shared';
import { siteOrigin } from '../account/origin';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password';
import { HttpError } from '../http/errors';
import { describeUserAgent } from '../session/devices';
import { hashToken, isToken, newToken } from '../session/session';
import { requireOperatorHost, SITE_FORBIDDEN } from './access';
import {
  LOGIN_CHALLENGE_TRIES,
  LOGIN_CHALLENGE_TTL_S,
  backOfficeOrigin,
  checkSites,
  enrolmentLink,
  inviteOperator,
  listOperators,
  newRecoveryCodes,
  newTotpSecret,
  operatorView,
  setOperatorSites,
  totpUri,
  useRecoveryCode,
  useTotpCode,
} from './accounts';
import { audit } from './audit';
import { OPERATOR_COOKIE, endOperatorSession, loadOperatorSession, startOperatorSession } from './session';

const INVALID_CREDENTIALS = () => new HttpError(401, 'invalid_credentials', 'Email or password is incorrect');
const INVALID_CODE = () => new HttpError(401, 'invalid_code', 'code: this code is not valid (or was used already)', 'code');
const EXPIRED_CHALLENGE = () =>
  new HttpError(401, 'challenge_expired', 'challenge: the login took too long or had too many tries: start again with the password', 'challenge');
const INVALID_ENROL = () => new HttpError(404, 'invalid_token', 'token: this enrolment link is unknown, used or expired', 'token');

const ANY_ROLE: readonly OperatorRole[] = OPERATOR_ROLES;
/** Calls of any operator (their own account and session). */
const OWN = { access: 'operator', roles: ANY_ROLE } as const;

/** The issuer shown in authenticator apps. */
const ISSUER = 'Back office';

/**
 * Operator accounts (src/operator): login with password and TOTP code, logout, the operator's own
 * account (me, site switch, sessions, second factor, recovery codes), operators (admins invite,
 * change, suspend) and accepting an invite (the enrolment link). Every action is in the audit log.
 */
export const operatorPlugin: FastifyPluginAsyncZod = async (app) => {
  const production = app.config.production;

  async function view(request: FastifyRequest) {
    return operatorView(app.db, request.operator!, production);
  }

  /** Counts a wrong password or code against the account (429 beyond RATE_LIMITS.operatorAccount). */
  const countAccount = (email: string, reply: FastifyReply) => app.limitKey('operatorAccount', email.trim().toLowerCase(), reply);

  app.post(
    '/api/operator/login.php',
    {
      config: { access: 'public', limit: 'operatorLogin' },
      schema: {
        tags: ['operator'],
        summary:
          'Operator login, step one: email and password. Answers `done` (the `osid` cookie is set) or `totp` with a challenge for step two. The same 401 for an unknown address and a wrong password.',
        body: OperatorLoginRequestSchema,
        response: { 200: OperatorLoginResponseSchema },
      },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      const { email, password } = request.body;
      await countAccount(email, reply);
      const { rows } = await app.db.query<{ id: number; password_hash: string | null; totp_secret: string | null; status: string }>(
        `SELECT id, password_hash, totp_secret, status FROM operators WHERE lower(email) = lower($1)`,
        [email.trim()],
      );
      const op = rows[0];
      const ok = await verifyPassword(password, op?.password_hash ?? (await dummyHash()));
      if (!op || !op.password_hash || !ok || op.status !== 'active') throw INVALID_CREDENTIALS();
      if (op.totp_secret) {
        const challenge = newToken();
        await app.db.query(
          `INSERT INTO operator_tokens (token_hash, operator_id, kind, expires_at) VALUES ($1, $2, 'login', now() + make_interval(secs => $3))`,
          [hashToken(challenge), op.id, LOGIN_CHALLENGE_TTL_S],
        );
        return { step: 'totp' as const, challenge };
      }
      if (production) {
        throw new HttpError(403, 'totp_required', 'A second factor is required: ask an admin for a new enrolment link');
      }
      await app.forgetLimitKey('operatorAccount', email.trim().toLowerCase());
      await startOperatorSession(request, reply, op.id);
      await audit(app.db, request, { action: 'operator.login', targetType: 'operator', targetId: op.id, siteId: null, after: { second_factor: null } });
      return { step: 'done' as const, operator: await view(request) };
    },
  );

  app.post(
    '/api/operator/login_totp.php',
    {
      config: { access: 'public', limit: 'operatorLogin' },
      schema: {
        tags: ['operator'],
        summary:
          'Operator login, step two: the challenge of step one and a code of the authenticator app (or a recovery code, once). 401 `invalid_code`; after 5 wrong codes or 5 minutes the challenge is void.',
        body: OperatorLoginTotpRequestSchema,
        response: { 200: OperatorLoginResponseSchema },
      },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      const { challenge, code } = request.body;
      if (!isToken(challenge)) throw EXPIRED_CHALLENGE();
      const { rows } = await app.db.query<{ operator_id: number; email: string; totp_secret: string | null }>(
        `UPDATE operator_tokens t SET attempts = attempts + 1
           FROM operators o
          WHERE t.token_hash = $1 AND t.kind = 'login' AND t.used_at IS NULL AND t.expires_at > now() AND t.attempts < $2
            AND o.id = t.operator_id AND o.status = 'active'
          RETURNING t.operator_id, o.email, o.totp_secret`,
        [hashToken(challenge), LOGIN_CHALLENGE_TRIES],
      );
      const row = rows[0];
      if (!row || !row.totp_secret) throw EXPIRED_CHALLENGE();
      await countAccount(row.email, reply);
      const byTotp = /^\d{6}$/.test(code);
      const ok = byTotp ? await useTotpCode(app.db, row.operator_id, row.totp_secret, code) : await useRecoveryCode(app.db, row.operator_id, code);
      if (!ok) throw INVALID_CODE();
      await app.db.query('UPDATE operator_tokens SET used_at = now() WHERE token_hash = $1', [hashToken(challenge)]);
      await app.forgetLimitKey('operatorAccount', row.email.trim().toLowerCase());
      await startOperatorSession(request, reply, row.operator_id);
      await audit(app.db, request, {
        action: 'operator.login',
        targetType: 'operator',
        targetId: row.operator_id,
        siteId: null,
        after: { second_factor: byTotp ? 'totp' : 'recovery_code' },
      });
      return { step: 'done' as const, operator: await view(request) };
    },
  );

  app.post(
    '/api/operator/logout.php',
    {
      config: { access: 'public' },
      schema: { tags: ['operator'], summary: "Ends this operator session (also when there is none); the member's session, if any, stays.", response: { 200: OperatorLogoutResponseSchema } },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      await endOperatorSession(request, reply);
      return { done: true as const };
    },
  );

  app.get(
    '/api/operator/me.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: 'The logged-in operator (role, sites, current site, second factor), or operator null. A member session is no operator session.',
        response: { 200: OperatorMeResponseSchema },
      },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      reply.header('cache-control', 'no-store');
      const token = request.cookies[OPERATOR_COOKIE];
      const op = isToken(token) ? await loadOperatorSession(app.db, hashToken(token)) : null;
      if (!op) {
        if (token !== undefined) reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
        return { operator: null };
      }
      request.operator = op;
      return { operator: await view(request) };
    },
  );

  app.put(
    '/api/operator/site.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: {
        tags: ['operator'],
        summary: 'Switch the site this session acts on; 403 `site_forbidden` for a site the operator does not hold.',
        body: OperatorSiteSwitchSchema,
        response: { 200: OperatorMeResponseSchema },
      },
    },
    async (request) => {
      const op = request.operator!;
      const site = request.body.site;
      if (!op.siteIds.includes(site)) throw SITE_FORBIDDEN();
      await app.db.query('UPDATE operator_sessions SET current_site_id = $2 WHERE id = $1', [op.sessionId, site]);
      op.currentSiteId = site;
      return { operator: await view(request) };
    },
  );

  // ─── Sessions ─────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/sessions.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: { tags: ['operator'], summary: "The operator's open sessions (browser, system, since, last seen), this one first.", response: { 200: OperatorSessionsResponseSchema } },
    },
    async (request) => {
      const op = request.operator!;
      const { rows } = await app.db.query<{ id: number; user_agent: string; created_at: Date; last_seen_at: Date }>(
        `SELECT id, user_agent, created_at, last_seen_at FROM operator_sessions
          WHERE operator_id = $1 AND expires_at > now() ORDER BY (id = $2) DESC, created_at DESC, id DESC`,
        [op.id, op.sessionId],
      );
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          ...describeUserAgent(r.user_agent),
          created_at: new Date(r.created_at).toISOString(),
          last_seen_at: new Date(r.last_seen_at).toISOString(),
          current: r.id === op.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/operator/sessions.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: {
        tags: ['operator'],
        summary: 'End one of the operator\'s sessions (`id`; another operator\'s answers 404), or all of them, this one too (`all: true`: sign out everywhere).',
        body: OperatorSessionEndSchema,
        response: { 200: OperatorSessionEndResponseSchema },
      },
    },
    async (request, reply) => {
      const op = request.operator!;
      const { id, all } = request.body;
      const { rows } = await app.db.query<{ id: number }>(
        'DELETE FROM operator_sessions WHERE operator_id = $1 AND ($2::boolean OR id = $3) RETURNING id',
        [op.id, all === true, id ?? null],
      );
      if (!all && rows.length === 0) throw new HttpError(404, 'not_found', 'id: you have no such session', 'id');
      if (rows.some((r) => r.id === op.sessionId)) reply.clearCookie(OPERATOR_COOKIE, { path: '/' });
      await audit(app.db, request, { action: all ? 'operator.sign_out_everywhere' : 'operator.session_end', targetType: 'operator', targetId: op.id, siteId: null, after: { ended: rows.length } });
      return { ended: rows.length };
    },
  );

  // ─── Second factor ────────────────────────────────────────────────────────────────────────────

  app.post(
    '/api/operator/totp.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: {
        tags: ['operator'],
        summary: 'Start setting up a TOTP second factor: a new secret to scan; it replaces the current one only once confirmed with PUT.',
        response: { 200: OperatorTotpSetupResponseSchema },
      },
    },
    async (request) => {
      const op = request.operator!;
      const secret = newTotpSecret();
      await app.db.query('UPDATE operators SET totp_pending = $2, updated_at = now() WHERE id = $1', [op.id, secret]);
      return { secret, uri: totpUri(secret, op.email, ISSUER) };
    },
  );

  app.put(
    '/api/operator/totp.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: {
        tags: ['operator'],
        summary: 'Confirm the new secret with a code of the app: it becomes the second factor, and new recovery codes are answered (shown once).',
        body: OperatorTotpConfirmSchema,
        response: { 200: OperatorRecoveryCodesResponseSchema },
      },
    },
    async (request) => {
      const op = request.operator!;
      const { rows } = await app.db.query<{ totp_pending: string | null }>('SELECT totp_pending FROM operators WHERE id = $1', [op.id]);
      const pending = rows[0]?.totp_pending;
      if (!pending) throw new HttpError(400, 'invalid_input', 'code: start the set-up first (POST totp.php)', 'code');
      await app.db.query('UPDATE operators SET totp_last_step = NULL WHERE id = $1', [op.id]);
      if (!(await useTotpCode(app.db, op.id, pending, request.body.code))) throw INVALID_CODE();
      await app.db.query('UPDATE operators SET totp_secret = totp_pending, totp_pending = NULL, updated_at = now() WHERE id = $1', [op.id]);
      const codes = await newRecoveryCodes(app.db, op.id);
      await audit(app.db, request, { action: 'operator.totp_enable', targetType: 'operator', targetId: op.id, siteId: null, before: { totp: op.totp }, after: { totp: true } });
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/api/operator/recovery_codes.php',
    {
      config: { ...OWN, siteCheck: false },
      schema: {
        tags: ['operator'],
        summary: 'New recovery codes (the earlier ones stop working), confirmed with a current code of the app.',
        body: OperatorRecoveryCodesRequestSchema,
        response: { 200: OperatorRecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const op = request.operator!;
      const { rows } = await app.db.query<{ totp_secret: string | null }>('SELECT totp_secret FROM operators WHERE id = $1', [op.id]);
      const secret = rows[0]?.totp_secret;
      if (!secret) throw new HttpError(400, 'invalid_input', 'code: set up a second factor first', 'code');
      await countAccount(op.email, reply);
      if (!(await useTotpCode(app.db, op.id, secret, request.body.code))) throw INVALID_CODE();
      const codes = await newRecoveryCodes(app.db, op.id);
      await audit(app.db, request, { action: 'operator.recovery_codes', targetType: 'operator', targetId: op.id, siteId: null });
      return { recovery_codes: codes };
    },
  );

  // ─── Operators (admins) ───────────────────────────────────────────────────────────────────────

  const admins = { access: 'operator', roles: OPERATOR_AREAS.operators, siteCheck: false } as const;

  app.get(
    '/api/operator/operators.php',
    {
      config: admins,
      schema: { tags: ['operator'], summary: 'Every operator: role, sites, status, second factor, last login (admins).', response: { 200: OperatorListResponseSchema } },
    },
    async () => ({ operators: await listOperators(app.db) }),
  );

  app.post(
    '/api/operator/operators.php',
    {
      config: admins,
      schema: {
        tags: ['operator'],
        summary: 'Invite an operator (admins): answers the one-time enrolment link (7 days) where they set a password and the second factor. 400 naming `email` when the address is taken, `sites` for an unknown site.',
        body: OperatorInviteSchema,
        response: { 200: OperatorInviteResponseSchema },
      },
    },
    async (request) => {
      const invite = request.body;
      const { id, token } = await inviteOperator(app.db, invite);
      const [operator] = await listOperators(app.db, id);
      await audit(app.db, request, { action: 'operator.invite', targetType: 'operator', targetId: id, siteId: null, after: operator });
      const origin = backOfficeOrigin(app.config, await siteOrigin(request));
      return { operator: operator!, enrolment_link: enrolmentLink(origin, token) };
    },
  );

  app.put(
    '/api/operator/operators.php',
    {
      config: admins,
      schema: {
        tags: ['operator'],
        summary: "Change an operator's role or sites, suspend (out at once: every session ends) or reactivate (admins). An admin cannot change their own role or status.",
        body: OperatorUpdateSchema,
        response: { 200: OperatorUpdateResponseSchema },
      },
    },
    async (request) => {
      const me = request.operator!;
      const { id, role, sites, status, reason } = request.body;
      if (id === me.id && (role !== undefined || status !== undefined)) {
        throw new HttpError(400, 'invalid_input', `${role !== undefined ? 'role' : 'status'}: you cannot change your own role or status`, role !== undefined ? 'role' : 'status');
      }
      if (sites !== undefined) await checkSites(app.db, sites);
      const [before] = await listOperators(app.db, id);
      if (!before) throw new HttpError(404, 'not_found', 'id: there is no such operator', 'id');
      if (status !== undefined && before.status === 'invited') {
        throw new HttpError(400, 'invalid_input', 'status: the operator has not accepted the invite yet', 'status');
      }
      await app.db.transaction(async (tx) => {
        if (role !== undefined) await tx.query('UPDATE operators SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
        if (status !== undefined) await tx.query('UPDATE operators SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
        if (status === 'suspended') await tx.query('DELETE FROM operator_sessions WHERE operator_id = $1', [id]);
        if (sites !== undefined) await setOperatorSites(tx, id, sites);
        const [after] = await listOperators(tx, id);
        await audit(tx, request, {
          action: status === 'suspended' ? 'operator.suspend' : status === 'active' ? 'operator.reactivate' : 'operator.update',
          targetType: 'operator',
          targetId: id,
          siteId: null,
          before: { role: before.role, status: before.status, all_sites: before.all_sites, sites: before.sites.map((s) => s.id) },
          after: after && { role: after.role, status: after.status, all_sites: after.all_sites, sites: after.sites.map((s) => s.id) },
          reason: reason ?? null,
        });
      });
      const [operator] = await listOperators(app.db, id);
      return { operator: operator! };
    },
  );

  // ─── Accepting an invite ──────────────────────────────────────────────────────────────────────

  interface EnrolRow {
    operator_id: number;
    email: string;
    name: string;
    role: OperatorRole;
    totp_secret: string | null;
  }
  async function enrolToken(token: string): Promise<EnrolRow> {
    if (!isToken(token)) throw INVALID_ENROL();
    const { rows } = await app.db.query<EnrolRow>(
      `SELECT t.operator_id, o.email, o.name, o.role, t.totp_secret FROM operator_tokens t JOIN operators o ON o.id = t.operator_id
        WHERE t.token_hash = $1 AND t.kind = 'enrol' AND t.used_at IS NULL AND t.expires_at > now() AND o.status = 'invited'`,
      [hashToken(token)],
    );
    if (!rows[0]) throw INVALID_ENROL();
    return rows[0];
  }

  app.get(
    '/api/operator/enrol.php',
    {
      config: { access: 'public', limit: 'operatorLogin' },
      schema: {
        tags: ['operator'],
        summary: 'What an enrolment link is for (address, name, role) and the TOTP secret to scan; 404 `invalid_token` for an unknown, used or expired link.',
        querystring: OperatorEnrolQuerySchema,
        response: { 200: OperatorEnrolInfoResponseSchema },
      },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      reply.header('cache-control', 'no-store');
      const row = await enrolToken(request.query.token);
      let secret = row.totp_secret;
      if (!secret) {
        secret = newTotpSecret();
        await app.db.query('UPDATE operator_tokens SET totp_secret = $2 WHERE token_hash = $1', [hashToken(request.query.token), secret]);
      }
      return { email: row.email, name: row.name, role: row.role, totp_required: production, totp: { secret, uri: totpUri(secret, row.email, ISSUER) } };
    },
  );

  app.post(
    '/api/operator/enrol.php',
    {
      config: { access: 'public', limit: 'operatorLogin' },
      schema: {
        tags: ['operator'],
        summary:
          'Accept an invite: the password, and the code of the scanned secret (required in production; in development without a code there is no second factor). Logs the operator in; answers the recovery codes once.',
        body: OperatorEnrolRequestSchema,
        response: { 200: OperatorEnrolResponseSchema },
      },
    },
    async (request, reply) => {
      requireOperatorHost(request);
      const { token, password, code } = request.body;
      const row = await enrolToken(token);
      if (production && !code) throw new HttpError(400, 'invalid_input', 'code: a second factor is required: scan the secret and type its code', 'code');
      if (code && !row.totp_secret) throw new HttpError(400, 'invalid_input', 'code: open the enrolment link first to get the secret', 'code');
      if (code && !(await useTotpCode(app.db, row.operator_id, row.totp_secret!, code))) throw INVALID_CODE();
      const hash = await hashPassword(password);
      const { rows } = await app.db.query(
        `UPDATE operator_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1`,
        [hashToken(token)],
      );
      if (!rows.length) throw INVALID_ENROL();
      await app.db.query(
        `UPDATE operators SET password_hash = $2, status = 'active', totp_secret = $3, updated_at = now() WHERE id = $1`,
        [row.operator_id, hash, code ? row.totp_secret : null],
      );
      const codes = code ? await newRecoveryCodes(app.db, row.operator_id) : [];
      await startOperatorSession(request, reply, row.operator_id);
      await audit(app.db, request, { action: 'operator.enrol', targetType: 'operator', targetId: row.operator_id, siteId: null, after: { totp: Boolean(code) } });
      return { operator: await view(request), recovery_codes: codes };
    },
  );
};
