import type { Db } from '../db';
import { renderMail, type DeskMailKind, type MailKind, type MailVars, type RenderedMail } from './templates';

/** Every kind of mail the outbox carries: the account mails and the complaint mails. */
export type OutboxKind = MailKind | DeskMailKind | 'receipt' | 'complaint_confirmation' | 'complaint_notice';

export interface QueuedMail {
  siteId: number;
  memberId: number | null;
  kind: MailKind;
  to: string;
  /** The member's language; English when not one of the seven. */
  language: string | null;
  vars: MailVars;
}

/**
 * Puts a mail in the outbox, in the caller's transaction: it leaves only if what caused it is
 * committed. The sender loop (src/mail/sender.ts) delivers it. Answers the outbox id.
 */
export async function queueMail(db: Db, mail: QueuedMail): Promise<number> {
  const rendered = renderMail(mail.kind, mail.language, mail.vars);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox (site_id, member_id, kind, to_email, language, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [mail.siteId, mail.memberId, mail.kind, mail.to, rendered.language, rendered.subject, rendered.text, rendered.html],
  );
  return Number(rows[0]!.id);
}

/** Puts a mail rendered elsewhere (src/complaints/mail.ts) in the outbox, like queueMail. */
export async function queueRenderedMail(
  db: Db,
  mail: { siteId: number; memberId: number | null; kind: OutboxKind; to: string; rendered: RenderedMail },
): Promise<number> {
  const r = mail.rendered;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox (site_id, member_id, kind, to_email, language, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [mail.siteId, mail.memberId, mail.kind, mail.to, r.language, r.subject, r.text, r.html],
  );
  return Number(rows[0]!.id);
}

export interface OutboxRow {
  id: number;
  site_id: number;
  member_id: number | null;
  kind: OutboxKind;
  to_email: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  delivered_via: string | null;
  failed_at: Date | null;
}

export const OUTBOX_COLUMNS = `id::int AS id, site_id, member_id, kind, to_email, language, subject, text_body, html_body,
  created_at, attempts, last_error, sent_at, delivered_via, failed_at`;
