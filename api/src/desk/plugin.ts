import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DESK_ROLES,
  MEMBER_ACTION_AREA,
  MemberActionResponseSchema,
  MemberActionSchema,
  MemberEraseResponseSchema,
  MemberPageSchema,
  MemberQuerySchema,
  MemberReasonRequestSchema,
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
  PaymentsQuerySchema,
  PaymentsResponseSchema,
  RefundRequestSchema,
  RefundResponseSchema,
  ReportActionResponseSchema,
  ReportActionSchema,
  ReportDetailSchema,
  ReportMessagesQuerySchema,
  ReportMessagesResponseSchema,
  ReportQuerySchema,
  ReportsQuerySchema,
  ReportsResponseSchema,
  SubscriptionsQuerySchema,
  SubscriptionsResponseSchema,
  type OperatorRole,
  type ReportOutcome,
} from '@dating/shared';
import { deleteAccountRows, erasureRunner } from '../account/erase';
import { memberZip } from '../account/export';
import { siteOrigin } from '../account/origin';
import { createToken } from '../account/tokens';
import { cancelPremium } from '../commerce/payments';
import { appendLedger } from '../commerce/ledger';
import { refundablePayment, refundPayment } from '../commerce/refunds';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { deleteImageFiles } from '../images/store';
import { queueMail, queueRenderedMail } from '../mail/outbox';
import { renderDeskMail } from '../mail/templates';
import { requireRole, SITE_FORBIDDEN } from '../operator/access';
import { audit } from '../operator/audit';
import { findSiteById, type Site } from '../site/site';
import { findReport, listPayments, listReports, listSubscriptions, loadDeskMember, memberHistory, memberPage, reportMessages, reportsOf, searchMembers, deskProfile } from './queries';
import { endDueSuspensions, endMemberSessions, recordAction, restoreStanding, setStanding } from './standing';

const NO_SUCH_MEMBER = () => new HttpError(404, 'not_found', 'id: no such member', 'id');
const NO_SUCH_REPORT = () => new HttpError(404, 'not_found', 'id: no such report or complaint', 'id');

/** The operator route config of a desk area. */
const desk = (area: keyof typeof DESK_ROLES) => ({ access: 'operator', roles: DESK_ROLES[area] as readonly OperatorRole[] }) as const;

const operatorIdOf = (request: FastifyRequest) => request.operator!.id;

/**
 * A member the call may act on: a member of the pool of the operator's current site (a site that
 * shares another's pool acts on that pool's members, as its members log in there); else 403.
 */
async function memberOfSite(request: FastifyRequest, memberId: number) {
  const site = request.operatorSite;
  const m = await loadDeskMember(request.server.db, site, memberId);
  if (!m || m.status === 'deleted') throw NO_SUCH_MEMBER();
  if (m.site_id !== site.memberPoolId) throw SITE_FORBIDDEN();
  return m;
}

/** The member's address, name and language, for the mails of the desk. */
async function recipient(db: Db, memberId: number) {
  const { rows } = await db.query<{ email: string; name: string; language: string | null }>('SELECT email, name, language FROM members WHERE id = $1', [memberId]);
  return rows[0] ?? null;
}

/**
 * The operators' desks (docs/operators.md, "The desks"): the reports and complaints queue, the member desk
 * and the payments desk. Every call is an operator call on the session's current site (roles:
 * DESK_ROLES of the contract); every action is audited with its reason, in its transaction.
 */
export const deskPlugin: FastifyPluginAsyncZod = async (app) => {
  const eraseSoon = erasureRunner(app);
  const sites = (id: number, db: Db = app.db) => findSiteById(db, id);
  // Suspensions end on their date (login lifts a due one at once too: src/desk/standing.ts).
  const sweep = setInterval(() => void endDueSuspensions(app.db).catch((err: unknown) => app.log.error({ err }, 'ending suspensions failed')), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // ─── Reports and complaints ─────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/reports.php',
    {
      config: desk('reports'),
      schema: {
        tags: ['operator'],
        summary: "The site's reports and complaints: open ones oldest first (with waiting time), handled ones newest first; `restricted` lists the members under the automatic measure.",
        querystring: ReportsQuerySchema,
        response: { 200: ReportsResponseSchema },
      },
    },
    async (request) => ({ reports: await listReports(app.db, request.operatorSite.id, request.query) }),
  );

  app.get(
    '/api/operator/report.php',
    {
      config: desk('reports'),
      schema: {
        tags: ['operator'],
        summary: "A report with its context: the reported member's profile and photos, earlier reports about them and their outcomes, what was done to them before. Never the conversation (report_messages.php).",
        querystring: ReportQuerySchema,
        response: { 200: ReportDetailSchema },
      },
    },
    async (request) => {
      const report = await findReport(app.db, request.query.id);
      if (!report) throw NO_SUCH_REPORT();
      if (report.site_id !== request.operatorSite.id) throw SITE_FORBIDDEN();
      const reportedId = report.reported?.id;
      const m = reportedId !== undefined ? await loadDeskMember(app.db, request.operatorSite, reportedId) : null;
      const { site_id: _s, message_id: _m, ...item } = report;
      return {
        report: item,
        profile: m ? deskProfile(m) : null,
        earlier: reportedId !== undefined ? await reportsOf(app.db, reportedId, 'about', report.id) : [],
        history: reportedId !== undefined ? await memberHistory(app.db, reportedId) : [],
      };
    },
  );

  app.get(
    '/api/operator/report_messages.php',
    {
      config: desk('reports'),
      schema: {
        tags: ['operator'],
        summary: 'The last messages of the conversation a report concerns (only such reports: else 400), the reported one marked. Each opening is audited with its reason.',
        querystring: ReportMessagesQuerySchema,
        response: { 200: ReportMessagesResponseSchema },
      },
    },
    async (request) => {
      const report = await findReport(app.db, request.query.id);
      if (!report) throw NO_SUCH_REPORT();
      if (report.site_id !== request.operatorSite.id) throw SITE_FORBIDDEN();
      if (!report.concerns_conversation) {
        throw new HttpError(400, 'no_conversation', 'id: this report does not concern a conversation', 'id');
      }
      const messages = await reportMessages(app.db, report);
      await audit(app.db, request, {
        action: 'report.read_messages',
        targetType: 'complaint',
        targetId: report.id,
        reason: request.query.reason,
        after: { messages: messages.length, members: [report.reporter.id, report.reported?.id] },
      });
      return { messages };
    },
  );

  app.post(
    '/api/operator/report.php',
    {
      config: desk('reports'),
      schema: {
        tags: ['operator'],
        summary:
          'Handle a report: dismiss, warn (a mail in the member’s language), remove a photo or text, suspend until a date, ban (address and devices), restore, or answer a complaint by mail. Closes it; the reporter is told it was handled (not what was done).',
        body: ReportActionSchema,
        response: { 200: ReportActionResponseSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const site = request.operatorSite;
      const report = await findReport(app.db, b.id);
      if (!report) throw NO_SUCH_REPORT();
      if (report.site_id !== site.id) throw SITE_FORBIDDEN();
      const reportedId = report.reported?.id;
      const needsMember = !['dismiss', 'answer'].includes(b.action);
      if (needsMember && reportedId === undefined) throw new HttpError(400, 'invalid_input', 'action: this report names no member', 'action');
      if (b.action === 'answer' && report.source !== 'form') throw new HttpError(400, 'invalid_input', 'action: only a complaint from the form is answered by mail', 'action');
      const operatorId = operatorIdOf(request);
      const files: string[] = [];
      await app.db.transaction(async (tx) => {
        const outcome = await applyReportAction(tx, site, { ...b, reportedId, complaintId: report.id, operatorId, files });
        await tx.query(`UPDATE complaints SET status = 'closed', outcome = $2, handled_at = now(), handled_by = $3, answer = $4 WHERE id = $1`, [
          report.id,
          outcome,
          operatorId,
          b.answer ?? null,
        ]);
        // Each report is handled on its own (other open reports about the member stay open); the
        // automatic measure ends with any review (applyReportAction).
        await tellReporter(tx, site, report, b.action === 'answer' ? b.answer! : null);
        await audit(tx, request, {
          action: `report.${b.action}`,
          targetType: 'complaint',
          targetId: report.id,
          reason: b.reason,
          before: { status: report.status, member_status: report.reported?.status ?? null },
          after: { outcome, member: reportedId ?? null, ...(b.until ? { until: b.until } : {}), ...(b.photo ? { photo: b.photo } : {}), ...(b.field ? { field: b.field } : {}) },
        });
      });
      await deleteImageFiles(files);
      const after = await findReport(app.db, report.id);
      const { site_id: _s, message_id: _m, ...item } = after!;
      return { report: item };
    },
  );

  // ─── Member desk ────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/members.php',
    {
      config: desk('members'),
      schema: {
        tags: ['operator'],
        summary: "Find members of the site's pool by address, name (or part), member id, or a payment's transaction or provider id (at most 20).",
        querystring: MemberSearchQuerySchema,
        response: { 200: MemberSearchResponseSchema },
      },
    },
    async (request) => ({ members: await searchMembers(app.db, request.operatorSite.memberPoolId, request.query.q) }),
  );

  const page = async (request: FastifyRequest, memberId: number) => {
    const details = (DESK_ROLES.paymentDetails as readonly string[]).includes(request.operator!.role);
    const p = await memberPage(app.db, request.operatorSite, memberId, details);
    if (!p) throw NO_SUCH_MEMBER();
    return p;
  };

  app.get(
    '/api/operator/member.php',
    {
      config: desk('members'),
      schema: {
        tags: ['operator'],
        summary: "A member's page: profile and photos, status and history, sessions and devices, ledger and balance, payments (details for admin and finance) and subscriptions, reports by and about them, staff notes.",
        querystring: MemberQuerySchema,
        response: { 200: MemberPageSchema },
      },
    },
    async (request) => {
      await memberOfSite(request, request.query.id);
      return page(request, request.query.id);
    },
  );

  app.post(
    '/api/operator/member.php',
    {
      config: desk('members'),
      schema: {
        tags: ['operator'],
        summary:
          'An action on a member, audited with its reason: credit correction, suspend until a date, ban, restore (lift a suspension, ban or the automatic measure), end all sessions, resend the activation mail, change the address, cancel the subscription at the provider, a staff note.',
        body: MemberActionSchema,
        response: { 200: MemberActionResponseSchema },
      },
    },
    async (request) => {
      const b = request.body;
      requireRole(request, DESK_ROLES[MEMBER_ACTION_AREA[b.action]]);
      const m = await memberOfSite(request, b.id);
      const site = request.operatorSite;
      const operatorId = operatorIdOf(request);
      if (b.action === 'cancel_subscription') {
        // At the provider first (outside the transaction: a network call); then recorded.
        const before = await cancelPremium({ db: app.db, client: () => app.paymentClient() }, m.id).catch((err: unknown) => {
          if (err instanceof HttpError && err.code === 'not_premium') throw new HttpError(400, 'not_premium', 'action: the member has no subscription to cancel', 'action');
          throw err;
        });
        await app.db.transaction(async (tx) => {
          await recordAction(tx, { memberId: m.id, siteId: site.id, action: 'cancel_subscription', reason: b.reason, operatorId });
          await audit(tx, request, { action: 'member.cancel_subscription', targetType: 'member', targetId: m.id, reason: b.reason, after: before });
        });
        return { page: await page(request, m.id) };
      }
      // Before the transaction (PGlite is one connection: no query outside it while it runs).
      const origin = b.action === 'resend_activation' ? await siteOrigin(request, site) : '';
      await app.db.transaction(async (tx) => {
        const entry = { memberId: m.id, siteId: site.id, reason: b.reason, operatorId };
        const log = (action: string, before: unknown, after: unknown) =>
          audit(tx, request, { action: `member.${action}`, targetType: 'member', targetId: m.id, reason: b.reason, before, after });
        switch (b.action) {
          case 'correction': {
            const balance = await appendLedger(tx, m.id, 'correction', b.credits!, { note: b.reason.slice(0, 500) });
            await recordAction(tx, { ...entry, action: 'correction', details: { credits: b.credits } });
            await log('correction', { credits: m.credits }, { credits: balance });
            return;
          }
          case 'suspend':
          case 'ban': {
            const until = b.action === 'suspend' ? new Date(b.until!) : null;
            const before = await setStanding(tx, m.id, b.action === 'suspend' ? 'suspended' : 'banned', until);
            await recordAction(tx, { ...entry, action: b.action, until });
            await mailStanding(tx, site, m.id, b.action, until);
            await log(b.action, before, { status: b.action === 'suspend' ? 'suspended' : 'banned', until });
            return;
          }
          case 'restore': {
            const before = await restoreStanding(tx, m.id);
            if (!before) throw new HttpError(400, 'invalid_input', 'action: the member is not suspended, banned or restricted', 'action');
            await recordAction(tx, { ...entry, action: 'restore', details: { from: before.status } });
            await log('restore', before, { status: 'restored' });
            return;
          }
          case 'end_sessions': {
            const ended = await endMemberSessions(tx, m.id);
            await recordAction(tx, { ...entry, action: 'end_sessions', details: { ended } });
            await log('end_sessions', null, { ended });
            return;
          }
          case 'resend_activation': {
            if (m.activated) throw new HttpError(400, 'invalid_input', 'action: the address is confirmed already', 'action');
            const who = (await recipient(tx, m.id))!;
            const token = await createToken(tx, 'activate', m.id);
            await queueMail(tx, {
              siteId: site.id,
              memberId: m.id,
              kind: 'activation',
              to: who.email,
              language: who.language,
              vars: { brand: site.theme.brandName, name: who.name, link: `${origin}/api/activate.php?token=${token}` },
            });
            await recordAction(tx, { ...entry, action: 'resend_activation' });
            await log('resend_activation', null, { to: who.email });
            return;
          }
          case 'change_email': {
            const email = b.email!;
            const { rows: taken } = await tx.query('SELECT 1 FROM members WHERE site_id = $1 AND lower(email) = lower($2) AND id <> $3', [m.site_id, email, m.id]);
            if (taken.length) throw new HttpError(400, 'invalid_input', 'email: another member has this address', 'email');
            await tx.query('UPDATE members SET email = $2, updated_at = now() WHERE id = $1', [m.id, email]);
            await recordAction(tx, { ...entry, action: 'change_email', details: { from: m.email, to: email } });
            await log('change_email', { email: m.email }, { email });
            return;
          }
          case 'note': {
            await tx.query('INSERT INTO member_notes (member_id, operator_id, body) VALUES ($1, $2, $3)', [m.id, operatorId, b.note!]);
            await log('note', null, { note: b.note });
            return;
          }
        }
      });
      return { page: await page(request, m.id) };
    },
  );

  app.post(
    '/api/operator/refund.php',
    {
      config: desk('money'),
      schema: {
        tags: ['operator'],
        summary:
          'Refund a paid payment in full or in part through the payment provider (Mollie; the local sandbox in development): the refunded share of its credits leaves the member’s balance. Audited with its reason.',
        body: RefundRequestSchema,
        response: { 200: RefundResponseSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const payment = await refundablePayment(app.db, b.transaction_id);
      if (payment.site_id !== request.operatorSite.id) throw SITE_FORBIDDEN();
      const refund = await refundPayment(app.db, app.paymentClient(), sites, {
        transactionId: b.transaction_id,
        amountCents: b.amount_cents,
        reason: b.reason,
        operatorId: operatorIdOf(request),
        idempotencyKey: b.request_id,
      });
      await app.db.transaction(async (tx) => {
        if (refund.memberId !== null) {
          await recordAction(tx, {
            memberId: refund.memberId,
            siteId: refund.siteId,
            action: 'refund',
            reason: b.reason,
            operatorId: operatorIdOf(request),
            details: { transaction_id: b.transaction_id, amount_cents: refund.amount_cents, currency: refund.currency },
          });
        }
        await audit(tx, request, {
          action: 'payment.refund',
          targetType: 'payment',
          targetId: b.transaction_id,
          reason: b.reason,
          before: { refunded_cents: payment.refunded_cents },
          after: { refund: refund.id, amount_cents: refund.amount_cents, currency: refund.currency, balance: refund.balance },
        });
      });
      return { refund: { id: refund.id, amount_cents: refund.amount_cents, currency: refund.currency, status: refund.status }, balance: refund.balance };
    },
  );

  app.post(
    '/api/operator/member_export.php',
    {
      config: desk('privacy'),
      schema: {
        tags: ['operator'],
        summary: "The member's data as the member's own export makes it (a ZIP), for a request the operator answers; audited with its reason.",
        body: MemberReasonRequestSchema,
        answers: 'zip',
      },
    },
    async (request, reply) => {
      const m = await memberOfSite(request, request.body.id);
      await app.db.transaction(async (tx) => {
        await recordAction(tx, { memberId: m.id, siteId: request.operatorSite.id, action: 'export', reason: request.body.reason, operatorId: operatorIdOf(request) });
        await audit(tx, request, { action: 'member.export', targetType: 'member', targetId: m.id, reason: request.body.reason });
      });
      const out = await memberZip(app.db, m.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="member-${m.id}-${day}.zip"`)
        .send(out);
    },
  );

  app.post(
    '/api/operator/member_erase.php',
    {
      config: desk('privacy'),
      schema: {
        tags: ['operator'],
        summary: "Erase a member's account as the member's own deletion does (subscription ended at the provider first; payment records stay); audited with its reason.",
        body: MemberReasonRequestSchema,
        response: { 200: MemberEraseResponseSchema },
      },
    },
    async (request) => {
      const m = await memberOfSite(request, request.body.id);
      await app.leavePaymentProvider(m.id);
      await audit(app.db, request, {
        action: 'member.erase',
        targetType: 'member',
        targetId: m.id,
        reason: request.body.reason,
        before: { name: m.name, status: m.status },
      });
      const files = await deleteAccountRows(app.db, { id: m.id, site_id: m.site_id, email: m.email });
      await deleteImageFiles(files);
      eraseSoon();
      return { erased: true as const };
    },
  );

  // ─── Payments desk ──────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/payments.php',
    {
      config: desk('payments'),
      schema: {
        tags: ['operator'],
        summary: "The site's payments by status, method, country, kind, refunds and chargebacks, and dates; with the totals per day in each currency.",
        querystring: PaymentsQuerySchema,
        response: { 200: PaymentsResponseSchema },
      },
    },
    async (request) => listPayments(app.db, request.operatorSite.id, request.query),
  );

  app.get(
    '/api/operator/subscriptions.php',
    {
      config: desk('payments'),
      schema: {
        tags: ['operator'],
        summary: "The site's running subscriptions: active, past due, or canceled at the period's end.",
        querystring: SubscriptionsQuerySchema,
        response: { 200: SubscriptionsResponseSchema },
      },
    },
    async (request) => listSubscriptions(app.db, request.operatorSite.id, request.query),
  );
};

interface ReportActionInput {
  action: 'dismiss' | 'warn' | 'remove_photo' | 'remove_text' | 'suspend' | 'ban' | 'restore' | 'answer';
  reason: string;
  rule?: 'spam' | 'scam' | 'harassment' | 'inappropriate' | 'underage' | 'other';
  photo?: number;
  field?: 'personal' | 'name';
  until?: string;
  reportedId: number | undefined;
  complaintId: number;
  operatorId: number;
  /** Photo files to delete once committed. */
  files: string[];
}

/** Does what the operator decided about the reported member; answers the report's outcome. */
async function applyReportAction(tx: Db, site: Site, a: ReportActionInput): Promise<ReportOutcome> {
  const entry = { memberId: a.reportedId!, siteId: site.id, reason: a.reason, operatorId: a.operatorId, complaintId: a.complaintId };
  if (a.reportedId !== undefined && a.action !== 'restore') {
    // Any review ends the automatic measure: the operator decided instead (a sanction replaces it).
    const { rows } = await tx.query<{ status: string }>('SELECT status FROM members WHERE id = $1', [a.reportedId]);
    if (rows[0]?.status === 'restricted' && !['suspend', 'ban'].includes(a.action)) {
      await restoreStanding(tx, a.reportedId);
      await recordAction(tx, { ...entry, action: 'restore', details: { from: 'restricted', reviewed: true } });
    }
  }
  switch (a.action) {
    case 'dismiss':
      return 'dismissed';
    case 'answer':
      return 'answered';
    case 'warn': {
      const who = await recipient(tx, a.reportedId!);
      if (who) {
        await queueRenderedMail(tx, {
          siteId: site.id,
          memberId: a.reportedId!,
          kind: 'member_warning',
          to: who.email,
          rendered: renderDeskMail('member_warning', who.language, { brand: site.theme.brandName, name: who.name, rule: a.rule }),
        });
      }
      await recordAction(tx, { ...entry, action: 'warn', details: { rule: a.rule } });
      return 'warned';
    }
    case 'remove_photo': {
      const { rows } = await tx.query<{ filename: string; thumb_filename: string; is_main: boolean }>(
        'DELETE FROM images WHERE id = $1 AND member_id = $2 RETURNING filename, thumb_filename, is_main',
        [a.photo, a.reportedId],
      );
      const photo = rows[0];
      if (!photo) throw new HttpError(400, 'invalid_input', 'photo: not a photo of the reported member', 'photo');
      if (photo.is_main) {
        // The next photo (the first left in the member's order) becomes the main one.
        await tx.query(
          "UPDATE images SET is_main = true WHERE id = (SELECT id FROM images WHERE member_id = $1 ORDER BY visibility <> 'visible', position, id LIMIT 1)",
          [a.reportedId],
        );
      }
      a.files.push(photo.filename, photo.thumb_filename);
      await recordAction(tx, { ...entry, action: 'remove_photo', details: { photo: a.photo } });
      return 'removed';
    }
    case 'remove_text': {
      if (a.field === 'personal') {
        await tx.query(`UPDATE members SET personal = '', updated_at = now() WHERE id = $1`, [a.reportedId]);
      } else {
        // A name is required: it becomes the part of the address before the @ (as at signup).
        await tx.query(`UPDATE members SET name = left(split_part(email, '@', 1), 150), updated_at = now() WHERE id = $1`, [a.reportedId]);
      }
      await recordAction(tx, { ...entry, action: 'remove_text', details: { field: a.field } });
      return 'removed';
    }
    case 'suspend':
    case 'ban': {
      const until = a.action === 'suspend' ? new Date(a.until!) : null;
      await setStanding(tx, a.reportedId!, a.action === 'suspend' ? 'suspended' : 'banned', until);
      await recordAction(tx, { ...entry, action: a.action, until });
      await mailStanding(tx, site, a.reportedId!, a.action, until);
      return a.action === 'suspend' ? 'suspended' : 'banned';
    }
    case 'restore': {
      const before = await restoreStanding(tx, a.reportedId!);
      if (!before) throw new HttpError(400, 'invalid_input', 'action: the member is not suspended, banned or restricted', 'action');
      await recordAction(tx, { ...entry, action: 'restore', details: { from: before.status } });
      return 'restored';
    }
  }
}

/** The member is told of a suspension (until when) or a ban, in their language. */
async function mailStanding(tx: Db, site: Site, memberId: number, action: 'suspend' | 'ban', until: Date | null) {
  const who = await recipient(tx, memberId);
  if (!who) return;
  const kind = action === 'suspend' ? 'member_suspended' : 'member_banned';
  await queueRenderedMail(tx, {
    siteId: site.id,
    memberId,
    kind,
    to: who.email,
    rendered: renderDeskMail(kind, who.language, { brand: site.theme.brandName, name: who.name, until: until ?? undefined }),
  });
}

/**
 * The one who reported or complained is told it was handled, never what was done, in their
 * language (the report's language), at their account's address or the one they gave; a complaint
 * from the form gets the operator's answer under its reference.
 */
async function tellReporter(
  tx: Db,
  site: Site,
  report: { id: number; reference: string; language: string; reporter: { id: number | null; name: string | null; email: string | null } },
  answer: string | null,
) {
  const to = report.reporter.email;
  if (!to) return;
  const kind = answer !== null ? 'complaint_answer' : 'report_handled';
  await queueRenderedMail(tx, {
    siteId: site.id,
    memberId: report.reporter.id,
    kind,
    to,
    rendered: renderDeskMail(kind, report.language, { brand: site.theme.brandName, name: report.reporter.name, reference: report.reference, text: answer ?? undefined }),
  });
}

