import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComplaintRequestSchema,
  ComplaintResponseSchema,
  memberIdFromReference,
} from '@dating/shared';
import { HttpError } from '../http/errors';
import { applyAutomaticMeasure } from '../desk/standing';
import { queueRenderedMail } from '../mail/outbox';
import { findVisibleMember } from '../profiles/profiles';
import { renderComplaintConfirmation, renderComplaintNotice } from './mail';
import { complaintReference } from './reference';
import { registerMemberHooks } from '../account/lifecycle';
import { complaintsMemberHooks } from './lifecycle';

/**
 * POST /api/complaints.php: a complaint from the /complaints form, by a member (their account's
 * address) or a visitor (an address they give). Stored in `complaints` (source 'form'); the one
 * who complained gets a confirmation in their language, customer service a notice at the site's
 * support address in the site's language; all in one transaction with the outbox.
 */
export const complaintsPlugin: FastifyPluginAsyncZod = async (app) => {
  registerMemberHooks('complaints', complaintsMemberHooks);
  app.post(
    '/api/complaints.php',
    {
      config: { access: 'optional', limit: 'complaint' },
      schema: {
        tags: ['content'],
        summary:
          "A complaint (members: their account's address; visitors: `email` is required). Stored, confirmed by mail in `language`, and sent to the site's support address.",
        body: ComplaintRequestSchema,
        response: { 200: ComplaintResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const site = request.site;
      const memberId = request.session?.memberId ?? null;

      let from: { email: string; name: string | null };
      if (memberId !== null) {
        const { rows } = await app.db.query<{ email: string; name: string }>(
          `SELECT email, name FROM members WHERE id = $1 AND status <> 'deleted'`,
          [memberId],
        );
        if (!rows[0]) throw new HttpError(403, 'login_required', 'Log in again');
        from = rows[0];
      } else {
        const email = body.email?.trim();
        if (!email) throw new HttpError(400, 'invalid_input', 'email: an email address is needed to answer you', 'email');
        from = { email, name: null };
      }

      const ref = memberIdFromReference(body.member);
      let reported: { id: number; name: string } | null = null;
      if (typeof ref === 'number') {
        reported = await findVisibleMember(app.db, site, ref);
        if (!reported) throw new HttpError(400, 'invalid_input', 'member: there is no member with this number', 'member');
      }

      return app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO complaints (site_id, source, category, reporter_member_id, reporter_email, reported_member_id, description, language)
           VALUES ($1, 'form', $2, $3, $4, $5, $6, $7) RETURNING id`,
          [site.id, body.category, memberId, memberId === null ? from.email : null, reported?.id ?? null, body.description, body.language],
        );
        const reference = complaintReference(Number(rows[0]!.id));
        // A member's complaint about a member counts toward the automatic measure (src/desk/standing.ts).
        if (memberId !== null && reported) await applyAutomaticMeasure(tx, reported.id, site.id);
        const vars = { brand: site.name, name: from.name, reference, category: body.category, description: body.description };
        await queueRenderedMail(tx, {
          siteId: site.id,
          memberId,
          kind: 'complaint_confirmation',
          to: from.email,
          rendered: renderComplaintConfirmation(body.language, vars),
        });
        await queueRenderedMail(tx, {
          siteId: site.id,
          // A member's complaint: it goes with their account (src/account/plugin.ts).
          memberId,
          kind: 'complaint_notice',
          to: site.company.support_email,
          rendered: renderComplaintNotice(site.domainLanguage, { ...vars, from: from.email, memberId, reported, language: body.language, site: site.name }),
        });
        return { reference, confirmation_sent_to: from.email };
      });
    },
  );
};
