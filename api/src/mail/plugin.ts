import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { named } from '../openapi/names';
import { OUTBOX_COLUMNS, type OutboxRow } from './outbox';
import { registerMemberHooks } from '../account/lifecycle';
import { mailMemberHooks } from './lifecycle';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes a mail's text and makes its http(s) links clickable. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

export const MailboxQuerySchema = named('MailboxQuery', z.object({ to: z.string().max(254).optional() }));

function status(mail: OutboxRow): string {
  if (mail.sent_at) return mail.delivered_via === 'smtp' ? 'sent by SMTP' : 'delivered';
  if (mail.failed_at) return `failed: ${mail.last_error ?? ''}`;
  return mail.attempts ? `retrying (${mail.attempts} attempts): ${mail.last_error ?? ''}` : 'queued';
}

function page(mails: OutboxRow[], to: string | undefined): string {
  const items = mails.map(
    (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(m.to_email)}</dd>
    <dt>Time</dt><dd><time datetime="${new Date(m.created_at).toISOString()}">${new Date(m.created_at).toISOString().replace('T', ' ').slice(0, 19)} UTC</time></dd>
    <dt>Language</dt><dd>${escapeHtml(m.language)}</dd>
    <dt>Status</dt><dd>${escapeHtml(status(m))}</dd>
  </dl>
  <pre>${linkify(m.text_body)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0 0 .5rem; }
  dt { font-weight: 600; } dd { margin: 0; }
  pre { white-space: pre-wrap; font: inherit; background: #f7f7f7; padding: .75rem; margin: 0; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Every mail the API sent while no <code>SMTP_URL</code> is set, newest first${to ? `, to ${escapeHtml(to)}` : ''}. Only outside production.</p>
<form method="get"><label>Recipient <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</main>
</body>
</html>`;
}

/** GET /api/dev/mailbox: the development mailbox (404 in production: access 'development'). */
export const mailPlugin: FastifyPluginAsyncZod = async (app) => {
  registerMemberHooks('mail', mailMemberHooks);
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'development' },
      schema: {
        tags: ['development'],
        summary: 'The development mailbox: every mail with clickable links (404 in production).',
        querystring: MailboxQuerySchema,
        answers: 'html',
      },
    },
    async (request, reply) => {
      const to = request.query.to?.trim() || undefined;
      const { rows } = await app.db.query<OutboxRow>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox
          WHERE ($1::text IS NULL OR lower(to_email) = lower($1)) ORDER BY id DESC LIMIT 200`,
        [to ?? null],
      );
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      return page(rows, to);
    },
  );
};
