import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RemoteRegistrySchema, RemoteRegistryUpdateSchema, type RemoteRegistry } from '@dating/shared';
import { HttpError } from '../http/errors';

/**
 * The remote registry of the request's site: remote name → URL of its mf-manifest.json. The shell
 * reads it at start-up; pointing a remote at a new manifest switches its version without a rebuild.
 */
export const registryPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/remotes.php',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: "The site's remote registry: remote name → mf-manifest.json URL.", response: { 200: RemoteRegistrySchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { remotes: request.site.remotes };
    },
  );

  app.put(
    '/api/admin/remotes.php',
    {
      // The operator's bearer token (src/auth/admin.ts), checked before the body is read; no CSRF header.
      config: { access: 'operator', csrf: false },
      schema: {
        tags: ['operator'],
        summary: 'Point one remote of the site at a new manifest (Authorization: Bearer ADMIN_TOKEN).',
        body: RemoteRegistryUpdateSchema,
        response: { 200: RemoteRegistrySchema },
      },
    },
    async (request, reply) => {
      const { remote, url } = request.body;
      if (!/^https?:$/.test(new URL(url).protocol)) {
        throw new HttpError(400, 'invalid_input', 'url: a manifest URL must be http or https', 'url');
      }
      const { rows } = await app.db.query<{ remotes: RemoteRegistry['remotes'] }>(
        `UPDATE sites SET remotes = jsonb_set(remotes, ARRAY[$2::text], to_jsonb($3::text)), updated_at = now()
          WHERE id = $1 RETURNING remotes`,
        [request.site.id, remote, url],
      );
      request.log.info({ site: request.site.templateName, remote, url }, 'remote registry updated');
      reply.header('cache-control', 'no-store');
      return { remotes: rows[0]!.remotes };
    },
  );
};
