import type { FastifyInstance } from 'fastify';
import { RemoteRegistrySchema, RemoteRegistryUpdateSchema, type RemoteRegistry } from '@dating/shared';
import { requireAdmin } from '../auth/admin';
import { HttpError, parseInput } from '../http/errors';

/**
 * The remote registry of the request's site: remote name → URL of its mf-manifest.json. The shell
 * reads it at start-up; pointing a remote at a new manifest switches its version without a rebuild.
 */
export async function registryPlugin(app: FastifyInstance) {
  app.get('/api/remotes.php', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return RemoteRegistrySchema.parse({ remotes: request.site.remotes });
  });

  app.put(
    '/api/admin/remotes.php',
    { onRequest: requireAdmin, config: { csrf: false } },
    async (request, reply): Promise<RemoteRegistry> => {
      const { remote, url } = parseInput(RemoteRegistryUpdateSchema, request.body);
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
      return RemoteRegistrySchema.parse({ remotes: rows[0]!.remotes });
    },
  );
}
