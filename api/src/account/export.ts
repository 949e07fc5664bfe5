import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db';
import { imageStore } from '../images/store';

/** The member's data as JSON documents, one file each in the export (GDPR art. 15 and 20). */
export async function memberData(db: Db, memberId: number): Promise<Record<string, unknown>> {
  const one = async (sql: string) => (await db.query<{ data: unknown }>(sql, [memberId])).rows[0]?.data ?? null;
  const many = async (sql: string) => (await db.query<{ data: unknown }>(sql, [memberId])).rows.map((r) => r.data);
  return {
    // Everything of the member's row but the password's hash (notes are `personal`).
    'profile.json': await one("SELECT to_jsonb(m) - 'password_hash' AS data FROM members m WHERE m.id = $1"),
    'photos.json': await many(
      'SELECT jsonb_build_object(\'file\', \'photos/\' || filename, \'main\', is_main, \'uploaded_at\', created_at) AS data FROM images WHERE member_id = $1 ORDER BY id',
    ),
    'likes.json': {
      given: await many(
        `SELECT jsonb_build_object('member', o.name, 'member_id', l.liked_id, 'at', l.created_at) AS data
           FROM likes l JOIN members o ON o.id = l.liked_id WHERE l.member_id = $1 ORDER BY l.created_at`,
      ),
      received: await many(
        `SELECT jsonb_build_object('member', o.name, 'member_id', l.member_id, 'at', l.created_at) AS data
           FROM likes l JOIN members o ON o.id = l.member_id WHERE l.liked_id = $1 ORDER BY l.created_at`,
      ),
    },
    'messages.json': await many(
      `SELECT jsonb_build_object(
                'with', o.name, 'with_member_id', o.id, 'started_at', c.created_at,
                'messages', COALESCE((SELECT jsonb_agg(jsonb_build_object('from', CASE WHEN x.sender_id = $1 THEN 'me' ELSE o.name END,
                                                                        'text', x.body, 'credits', x.cost, 'at', x.created_at) ORDER BY x.id)
                                        FROM messages x WHERE x.conversation_id = c.id), '[]'::jsonb)) AS data
         FROM conversations c JOIN members o ON o.id = CASE WHEN c.member_lo = $1 THEN c.member_hi ELSE c.member_lo END
        WHERE $1 IN (c.member_lo, c.member_hi) ORDER BY c.id`,
    ),
    'payments.json': {
      payments: await many(
        `SELECT jsonb_build_object('id', id, 'kind', kind, 'status', status, 'amount', amount_cents / 100.0, 'currency', currency,
                                   'method', method, 'country', country, 'credits', credits, 'bonus_credits', bonus_credits,
                                   'refunded', refunded_cents / 100.0, 'at', created_at) AS data
           FROM payments WHERE member_id = $1 ORDER BY created_at`,
      ),
      credits: await many(
        "SELECT jsonb_build_object('kind', kind, 'amount', amount, 'note', note, 'at', created_at) AS data FROM credit_ledger WHERE member_id = $1 ORDER BY id",
      ),
    },
    'complaints.json': await many(
      `SELECT jsonb_build_object('category', category, 'about_member_id', reported_member_id, 'text', description,
                                 'status', status, 'at', created_at) AS data
         FROM complaints WHERE reporter_member_id = $1 ORDER BY id`,
    ),
  };
}

/**
 * The member's data as a ZIP stream: one JSON file per kind and the photos, written while it is
 * read (the member's own export, and the member desk's export for a request the operator answers).
 */
export async function memberZip(db: Db, memberId: number): Promise<PassThrough> {
  const data = await memberData(db, memberId);
  const { rows: photos } = await db.query<{ filename: string }>('SELECT filename FROM images WHERE member_id = $1 ORDER BY id', [memberId]);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const add = (file: ZipDeflate | ZipPassThrough, bytes: Uint8Array) => {
    zip.add(file);
    file.push(bytes, true);
  };
  const write = async () => {
    for (const [name, value] of Object.entries(data)) add(new ZipDeflate(name, { level: 6 }), Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
    // Photos as stored (already compressed JPEGs), one at a time.
    for (const { filename } of photos) {
      const bytes = await imageStore().get(filename);
      if (bytes) add(new ZipPassThrough(`photos/${filename}`), bytes);
    }
    zip.end();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * GET /api/export.php: the member's data as a ZIP (issue 14, beyond; linked from /profile and the
 * privacy page): one JSON file per kind and the photos, streamed while it is written (fflate: zip
 * writing and reading in one small, maintained library; a hand-written zip writer is what it
 * replaces). Only the logged-in member's own data; a few exports an hour (RATE_LIMITS.dataExport).
 */
export const exportPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/export.php',
    {
      config: { access: 'member', limit: 'dataExport' },
      schema: {
        tags: ['account'],
        summary: "Download the member's data: profile, notes, photos, likes, messages, payments, complaints (a ZIP).",
        answers: 'zip',
      },
    },
    async (request, reply) => {
      const memberId = request.memberId;
      const out = await memberZip(app.db, memberId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-data-${request.site.templateName}-${day}.zip"`)
        .send(out);
    },
  );
};
