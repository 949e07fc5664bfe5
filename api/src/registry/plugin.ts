import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATOR_AREAS, RemoteRegistrySchema, RemoteRegistryUpdateSchema, type RemoteRegistry } from '@dating/shared';
import { HttpError } from '../http/errors';
import { audit } from '../operator/audit';

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
      // An operator session of a role that may change the registry (src/operator/access.ts), checked before the body is read.
      config: { access: 'operator', roles: OPERATOR_AREAS.registry },
      schema: {
        tags: ['operator'],
        summary: "Point one remote of the operator's current site at a new manifest.",
        body: RemoteRegistryUpdateSchema,
        response: { 200: RemoteRegistrySchema },
      },
    },
    async (request, reply) => {
      const { remote, url } = request.body;
      if (!/^https?:$/.test(new URL(url).protocol)) {
        throw new HttpError(400, 'invalid_input', 'url: a manifest URL must be http or https', 'url');
      }
      const site = request.operatorSite;
      const rows = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ remotes: RemoteRegistry['remotes'] }>(
          `UPDATE sites SET remotes = jsonb_set(remotes, ARRAY[$2::text], to_jsonb($3::text)), updated_at = now()
            WHERE id = $1 RETURNING remotes`,
          [site.id, remote, url],
        );
        await audit(tx, request, { action: 'registry.update', targetType: 'remote', targetId: remote, before: { url: site.remotes[remote] ?? null }, after: { url } });
        return rows;
      });
      request.log.info({ site: site.templateName, remote, url }, 'remote registry updated');
      reply.header('cache-control', 'no-store');
      return { remotes: rows[0]!.remotes };
    },
  );
};
