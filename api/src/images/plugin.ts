import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  MainPhotoRequestSchema,
  OPERATOR_AREAS,
  PhotoOrderRequestSchema,
  PhotosResponseSchema,
  PROFILE_IMAGE_MAX_BYTES,
  ProfileImageResponseSchema,
  SiteRunPhotoQuerySchema,
} from '@dating/shared';
import { SITE_FORBIDDEN } from '../operator/access';
import { audit } from '../operator/audit';
import { siteRunOwner } from '../siterun/queries';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { ImageRejected } from './pipeline';
import { configuredImageStore } from './configured';
import { IMAGE_NAME, imageContentType, mayReadImage, storeProfileImage, useImageStore } from './store';
import { setMainPhoto, setPhotoOrder } from './order';
import { registerMemberHooks } from '../account/lifecycle';
import { imagesMemberHooks } from './lifecycle';

const MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * POST /api/profileimage.php (multipart field `file`) and the photo files under the sites'
 * cdn_prefix, GET /api/images/{name}. Multipart is registered here only: no other route takes it.
 */
export const imagesPlugin: FastifyPluginAsyncZod = async (app) => {
  registerMemberHooks('images', imagesMemberHooks);
  // Files on disk, or S3-compatible object storage with S3_URL (src/images/configured.ts).
  const store = await configuredImageStore(app.config);
  useImageStore(store);

  await app.register(multipart, {
    // One file and nothing else; the size limit is checked while the upload streams in.
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  app.post(
    '/api/profileimage.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['photos'],
        summary: `Upload a photo: multipart field file, PNG or JPEG by content, at most ${MAX_MB} MB (413 beyond). Re-encoded without metadata; a thumbnail and a large version; the first becomes the main image.`,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileImageResponseSchema },
      },
    },
    async (request) => storeUpload(request, request.memberId),
  );

  /** The photo of a multipart upload (field `file`), through the same pipeline and moderation as a member's. */
  async function storeUpload(request: FastifyRequest, memberId: number) {
    if (!request.isMultipart()) {
      throw new HttpError(400, 'invalid_input', 'file: send the photo as multipart/form-data, field "file"', 'file');
    }
    let data: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || data) {
          await part.toBuffer(); // drain it
          continue;
        }
        data = await part.toBuffer();
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'file_too_large', `file: the photo is larger than ${MAX_MB} MB`, 'file');
      }
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new HttpError(400, 'invalid_input', 'file: send one photo in the field "file" and nothing else', 'file');
      }
      if (err instanceof HttpError) throw err;
      // Broken multipart (bad boundary, cut off): the client's fault.
      throw new HttpError(400, 'invalid_input', 'file: the upload could not be read', 'file');
    }
    if (!data?.length) throw new HttpError(400, 'invalid_input', 'file: no photo in the field "file"', 'file');
    try {
      return await storeProfileImage(app.db, memberId, data, store);
    } catch (err) {
      if (err instanceof ImageRejected) throw new HttpError(400, 'invalid_image', err.message, 'file');
      throw err;
    }
  }

  // The member's own order of their photos; the first is the main photo (src/images/order.ts).
  app.put(
    '/api/photo_order.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['photos'],
        summary: 'Put your photos in the order others see them: order lists each of your photos once; the first becomes your main photo (not a Premium-only one, nor one waiting for approval). Answers your photos in their new order.',
        body: PhotoOrderRequestSchema,
        response: { 200: PhotosResponseSchema },
      },
    },
    async (request) => setPhotoOrder(app.db, request.memberId, request.body.order),
  );

  app.put(
    '/api/main_photo.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['photos'],
        summary: 'Make one of your photos (id) your main photo, shown on cards and in chats: it moves to the front, the others keep their order. 404 for a photo that is not yours.',
        body: MainPhotoRequestSchema,
        response: { 200: PhotosResponseSchema },
      },
    },
    async (request) => setMainPhoto(app.db, request.memberId, request.body.id),
  );

  // A photo of a site-run profile, uploaded by an operator of the site that runs it: the same
  // pipeline and the same moderation queue as a member's photo (docs/site-run-profiles.md).
  app.post(
    '/api/operator/site_run_photo.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.site_run_profiles },
      schema: {
        tags: ['operator'],
        summary: `A photo for a site-run profile of the operator's site (query id): multipart field file, as /api/profileimage.php; it enters the moderation queue.`,
        querystring: SiteRunPhotoQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileImageResponseSchema },
      },
    },
    async (request) => {
      const owner = await siteRunOwner(app.db, request.query.id);
      if (owner === null) throw new HttpError(404, 'not_found', 'id: no such site-run profile', 'id');
      if (owner !== request.operatorSite.id) throw SITE_FORBIDDEN();
      const stored = await storeUpload(request, request.query.id);
      await audit(app.db, request, { action: 'site_run.photo', targetType: 'member', targetId: request.query.id, after: { image: stored.image.id } });
      return stored;
    },
  );

  // Files are named by 128 random bits and never change: cacheable for ever. A premium-only photo
  // only for its owner and Premium members (403 for others), and kept by their browser alone.
  app.get(
    '/api/images/:name',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['photos'],
        summary: "A photo file (the site's cdn_prefix + thumb_filename, or its .webp variant where the photo lists the format); immutable. A premium-only photo: 403 unless the viewer is its owner or Premium.",
        params: z.object({ name: z.string() }),
        answers: 'photo',
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!IMAGE_NAME.test(name)) throw new HttpError(404, 'not_found', 'Not found');
      const access = await mayReadImage(app.db, name, request.session?.memberId ?? null);
      if (!access) throw new HttpError(404, 'not_found', 'Not found');
      if (!access.allowed) throw new HttpError(403, 'premium_required', 'This photo is for Premium members');
      const file = await store.get(name);
      if (!file) throw new HttpError(404, 'not_found', 'Not found');
      reply
        .type(imageContentType(name))
        .header('cache-control', access.premiumOnly ? 'private, max-age=86400' : 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin');
      return file;
    },
  );
};
