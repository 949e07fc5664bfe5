import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db';
import { exportMemberData, type ExportBlob } from './lifecycle';
import { memberProfileData } from './repository';

/**
 * The member's data (GDPR art. 15 and 20), read in one transaction: the account's own profile, then
 * what each feature registered (src/account/lifecycle.ts): JSON documents, one file each, and files
 * (the photos).
 */
async function memberExport(db: Db, memberId: number): Promise<{ json: Record<string, unknown>; blobs: ExportBlob[] }> {
  return db.transaction(async (tx) => {
    // Everything of the member's row but the password's hash (notes are `personal`).
    const profile = await memberProfileData(tx, memberId);
    const parts = await exportMemberData(tx, memberId);
    return { json: { 'profile.json': profile, ...parts.json }, blobs: parts.blobs };
  });
}

/** The member's data as JSON documents, one file each in the export. */
export async function memberData(db: Db, memberId: number): Promise<Record<string, unknown>> {
  return (await memberExport(db, memberId)).json;
}

/**
 * The member's data as a ZIP stream: one JSON file per kind and the photos, written while it is
 * read (the member's own export, and the member desk's export for a request the operator answers).
 */
export async function memberZip(db: Db, memberId: number): Promise<PassThrough> {
  const { json, blobs } = await memberExport(db, memberId);
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
    for (const [name, value] of Object.entries(json)) add(new ZipDeflate(name, { level: 6 }), Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
    // Files as stored (photos: already compressed JPEGs), one at a time.
    for (const blob of blobs) {
      const bytes = await blob.read();
      if (bytes) add(new ZipPassThrough(blob.path), bytes);
    }
    zip.end();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/**
 * GET /api/export.php: the member's data as a ZIP (linked from /profile and the
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
