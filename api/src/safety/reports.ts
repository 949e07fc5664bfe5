import { isLocale, type Locale, type ReportCategory } from '@dating/shared';
import { complaintReference } from '../complaints/reference';
import { renderComplaintNotice } from '../complaints/mail';
import { COMPLAINT_NOTICE_TEXTS, formatMailMessage } from '../mail/templates';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { applyAutomaticMeasure } from '../desk/standing';
import { queueRenderedMail } from '../mail/outbox';
import { findVisibleMember } from '../profiles/profiles';
import type { Site } from '../site/site';

export interface NewReport {
  reporterId: number;
  profileId: number;
  messageId?: number;
  category: ReportCategory;
  text?: string;
}

/**
 * A report from chat or a profile joins customer service's one queue, the complaints table
 * (0050_campaigns_complaints.sql, source 'chat'), with a copy of the reported message in the
 * description (the evidence stays when the message is deleted), and a notice goes to the site's
 * support address, in one transaction. A reported message must be one the reporter can see and
 * that the reported member sent; anything else is answered like a message that does not exist.
 */
export async function fileReport(db: Db, site: Site, r: NewReport): Promise<string> {
  if (r.profileId === r.reporterId) throw new HttpError(400, 'invalid_input', 'profile: you cannot report yourself', 'profile');
  const reported = await findVisibleMember(db, site, r.profileId);
  if (!reported) throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  return db.transaction(async (tx) => {
    let messageBody: string | null = null;
    if (r.messageId !== undefined) {
      const { rows } = await tx.query<{ body: string }>(
        `SELECT msg.body FROM messages msg
           JOIN conversation_members cm ON cm.conversation_id = msg.conversation_id AND cm.member_id = $2
          WHERE msg.id = $1 AND msg.sender_id = $3 AND msg.id > cm.cleared_id`,
        [r.messageId, r.reporterId, r.profileId],
      );
      if (!rows[0]) throw new HttpError(404, 'not_found', 'This message does not exist', 'message');
      messageBody = rows[0].body;
    }
    const { rows: who } = await tx.query<{ name: string; email: string; language: string | null }>(
      'SELECT name, email, language FROM members WHERE id = $1',
      [r.reporterId],
    );
    const reporter = who[0]!;
    const language = isLocale(reporter.language) ? reporter.language : 'en';
    const description = reportDescription(site.domainLanguage, r.category, messageBody, r.text);
    const category = r.messageId !== undefined ? 'message' : 'member';
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO complaints (site_id, source, category, reporter_member_id, reported_member_id, message_id, description, language)
       VALUES ($1, 'chat', $2, $3, $4, $5, $6, $7) RETURNING id`,
      [site.id, category, r.reporterId, r.profileId, r.messageId ?? null, description, language],
    );
    const reference = complaintReference(Number(rows[0]!.id));
    // Several established members reporting one member: hidden from search until reviewed (src/desk/standing.ts).
    await applyAutomaticMeasure(tx, r.profileId, site.id);
    await queueRenderedMail(tx, {
      siteId: site.id,
      // The member it is about: it goes with their account (src/account/plugin.ts).
      memberId: r.reporterId,
      kind: 'complaint_notice',
      to: site.company.support_email,
      rendered: renderComplaintNotice(site.domainLanguage, {
        brand: site.name,
        name: reporter.name,
        reference,
        category,
        description,
        from: reporter.email,
        memberId: r.reporterId,
        reported,
        language,
        site: site.name,
      }),
    });
    return reference;
  });
}

/**
 * The stored description of a report, for customer service in the site's language (the support
 * notice is in it too): the reason in words, the copy of the reported message, the reporter's text.
 */
export function reportDescription(lang: Locale, category: ReportCategory, messageBody: string | null, text: string | undefined): string {
  const t = COMPLAINT_NOTICE_TEXTS[lang];
  return [
    formatMailMessage(lang, t.reported, { reason: t.reasons[category] }),
    ...(messageBody !== null ? [t.reportedMessage, messageBody] : []),
    ...(text ? [t.reporterText, text] : []),
  ]
    .join('\n')
    .slice(0, 5000);
}
