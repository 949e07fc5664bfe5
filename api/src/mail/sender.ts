import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db';
import type { OutboxRow } from './outbox';
import { startLoop, type Loop } from '../jobs/loop';

/** Where mail goes: an SMTP server, or (no SMTP_URL) the development mailbox, GET /api/dev/mailbox. */
export interface MailTransport {
  readonly via: 'smtp' | 'dev_mailbox';
  send(mail: { from: string; to: string; subject: string; text: string; html: string }): Promise<void>;
  close(): void;
}

export function createTransport(config: Pick<Config, 'smtpUrl'>): MailTransport {
  if (!config.smtpUrl) {
    // The outbox row itself is the mailbox: marking it delivered is all there is to do.
    return { via: 'dev_mailbox', send: async () => {}, close: () => {} };
  }
  const smtp = nodemailer.createTransport(config.smtpUrl);
  return {
    via: 'smtp',
    send: async (mail) => {
      await smtp.sendMail(mail);
    },
    close: () => smtp.close(),
  };
}

/** A mail that failed this often is given up (failed_at set); in between, waits grow 30 s … 6 h. */
export const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 6 * 60 * 60);
/** A claimed row that was not finished by then (a process died mid-send) is taken again. */
const CLAIM_SECONDS = 120;

interface ClaimedRow extends OutboxRow {
  brand: string;
  host: string | null;
}

/**
 * Delivers due mails from the outbox, oldest first, up to `limit`. Several API processes may run
 * this at once: a row is claimed (FOR UPDATE SKIP LOCKED) before it is sent. Answers the counts.
 */
export async function deliverPending(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  { transport, limit = 20, log }: { transport?: MailTransport; limit?: number; log?: { warn: (o: object, m: string) => void } } = {},
): Promise<{ sent: number; failed: number }> {
  const { rows } = await db.query<ClaimedRow>(
    `WITH due AS (
       SELECT id FROM outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE outbox o SET claimed_until = now() + make_interval(secs => $2)
       FROM due WHERE o.id = due.id
     RETURNING o.id::int AS id, o.site_id, o.member_id, o.kind, o.to_email, o.language, o.subject, o.text_body,
       o.html_body, o.created_at, o.attempts, o.last_error, o.sent_at, o.delivered_via, o.failed_at,
       (SELECT theme ->> 'brandName' FROM sites WHERE id = o.site_id) AS brand,
       (SELECT host FROM site_hosts WHERE site_id = o.site_id AND host ~ '^[a-z]' ORDER BY length(host), host LIMIT 1) AS host`,
    [limit, CLAIM_SECONDS],
  );
  if (!rows.length) return { sent: 0, failed: 0 };
  const own = transport ?? createTransport(config);
  let sent = 0;
  let failed = 0;
  try {
    for (const row of rows.sort((a, b) => a.id - b.id)) {
      const address = config.mailFrom ?? `no-reply@${row.host ?? 'localhost'}`;
      const from = `"${row.brand.replace(/["\\\r\n]/g, '')}" <${address}>`;
      try {
        await own.send({ from, to: row.to_email, subject: row.subject, text: row.text_body, html: row.html_body });
        await db.query(
          `UPDATE outbox SET sent_at = now(), delivered_via = $2, attempts = attempts + 1, claimed_until = NULL, last_error = NULL
            WHERE id = $1`,
          [row.id, own.via],
        );
        sent++;
      } catch (err) {
        failed++;
        const attempts = row.attempts + 1;
        const message = err instanceof Error ? err.message : String(err);
        log?.warn({ outbox: row.id, attempts, err: message }, 'mail delivery failed');
        await db.query(
          `UPDATE outbox SET attempts = $2::int, last_error = $3, claimed_until = NULL,
                  next_attempt_at = now() + make_interval(secs => $4::int),
                  failed_at = CASE WHEN $2::int >= $5::int THEN now() END
            WHERE id = $1`,
          [row.id, attempts, message.slice(0, 500), backoffSeconds(attempts), MAX_ATTEMPTS],
        );
      }
    }
  } finally {
    if (!transport) own.close();
  }
  return { sent, failed };
}

const BATCH = 20;

export type MailSender = Loop;

/**
 * The sender loop of an API process: a round every `intervalMs` (1 s: the signup screen polls for
 * the activation mail every 900 ms). main.ts starts it; tests call deliverPending directly.
 */
export function startMailSender(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void },
  intervalMs = 1000,
): MailSender {
  const transport = createTransport(config);
  const loop = startLoop(
    async (stopped) => {
      // Drain a backlog without waiting between full batches.
      for (;;) {
        const { sent, failed } = await deliverPending(db, config, { transport, log, limit: BATCH });
        if (stopped() || sent + failed < BATCH) break;
      }
    },
    intervalMs,
    (err) => log.error({ err }, 'mail sender round failed'),
  );
  return {
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
