import type { FastifyInstance } from 'fastify';
import {
  ComplaintRequestSchema,
  ComplaintResponseSchema,
  memberIdFromReference,
  type ComplaintResponse,
} from '@dating/shared';
import { HttpError, parseInput } from '../http/errors';
import { rateLimited } from '../http/ratelimit';
import { queueRenderedMail } from '../mail/outbox';
import { findVisibleMember } from '../search/profiles';
import { renderComplaintConfirmation, renderComplaintNotice } from './mail';

/** The number a complaint is known by in mails and on screen. */
export const complaintReference = (id: number) => `C-${String(id).padStart(6, '0')}`;

/**
 * POST /api/complaints.php: a complaint from the /complaints form, by a member (their account's
 * address) or a visitor (an address they give). Stored in `complaints` (source 'form'); the one
 * who complained gets a confirmation in their language, customer service a notice at the site's
 * support address; all in one transaction with the outbox.
 */
export async function complaintsPlugin(app: FastifyInstance) {
  app.post('/api/complaints.php', { onRequest: rateLimited(app, 'complaint') }, async (request): Promise<ComplaintResponse> => {
    const body = parseInput(ComplaintRequestSchema, request.body);
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
    let reportedMemberId: number | null = null;
    if (typeof ref === 'number') {
      const member = await findVisibleMember(app.db, site, ref);
      if (!member) throw new HttpError(400, 'invalid_input', 'member: there is no member with this number', 'member');
      reportedMemberId = member.id;
    }

    return app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO complaints (site_id, source, category, reporter_member_id, reporter_email, reported_member_id, description, language)
         VALUES ($1, 'form', $2, $3, $4, $5, $6, $7) RETURNING id`,
        [site.id, body.category, memberId, memberId === null ? from.email : null, reportedMemberId, body.description, body.language],
      );
      const reference = complaintReference(Number(rows[0]!.id));
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
        memberId: null,
        kind: 'complaint_notice',
        to: site.company.support_email,
        rendered: renderComplaintNotice({ ...vars, from: from.email, memberId, reportedMemberId, language: body.language, site: site.name }),
      });
      return ComplaintResponseSchema.parse({ reference, confirmation_sent_to: from.email });
    });
  });
}
