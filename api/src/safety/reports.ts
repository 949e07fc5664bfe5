import type { ReportCategory } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { findVisibleMember } from '../search/profiles';
import type { Site } from '../site/site';

export interface NewReport {
  reporterId: number;
  profileId: number;
  messageId?: number;
  category: ReportCategory;
  text?: string;
}

/**
 * Stores a report for the operator and queues a mail to the site's support address, in one
 * transaction. A reported message must be one the reporter can see and that the reported member
 * sent; anything else is answered like a message that does not exist (404, no enumeration).
 */
export async function fileReport(db: Db, site: Site, r: NewReport): Promise<number> {
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
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO reports (site_id, reporter_id, reported_id, message_id, message_body, category, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [site.id, r.reporterId, r.profileId, r.messageId ?? null, messageBody, r.category, r.text ?? ''],
    );
    const id = rows[0]!.id;
    const { rows: to } = await tx.query<{ email: string; reporter: string }>(
      `SELECT coalesce(s.support_email, 'support@' || s.template_name || '.example') AS email,
              (SELECT name FROM members WHERE id = $2) AS reporter
         FROM sites s WHERE s.id = $1`,
      [site.id, r.reporterId],
    );
    // For the operator's staff: plain text, English, every value on a line of its own.
    const lines = [
      `Report #${id} on ${site.name}`,
      `Category: ${r.category}`,
      `Reported member: ${reported.name} (#${reported.id})`,
      `Reported by: ${to[0]!.reporter} (#${r.reporterId})`,
      ...(r.messageId !== undefined ? [`Message #${r.messageId}:`, messageBody!] : []),
      ...(r.text ? ['Text from the reporter:', r.text] : []),
    ];
    const text = `${lines.join('\n')}\n`;
    const esc = (s: string) =>
      s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
    await tx.query(
      `INSERT INTO outbox (site_id, member_id, kind, to_email, language, subject, text_body, html_body)
       VALUES ($1, NULL, 'report', $2, 'en', $3, $4, $5)`,
      [site.id, to[0]!.email, `Report #${id}: ${r.category} (${site.name})`, text, `<pre>${esc(text)}</pre>`],
    );
    return id;
  });
}
