import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperatorRegistrySchema, RegistryActionSchema } from '@dating/shared';
import {
  OPERATOR_AREAS,
  RemoteRegistrySchema,
  RemoteRegistryUpdateSchema,
  RemoteReportAnswerSchema,
  RemoteReportSchema,
  type RemoteName,
  type RemoteRegistry,
} from '@dating/shared';
import { sendJson } from '../cache/cache';
import { applyAction, registryOf } from './versions';
import { registryAnswer } from './visitor';

/**
 * The remote registry of the request's site: remote name → URL of its mf-manifest.json, for this
 * visitor (a canary's share loads the canary). The shell reads it at start-up; pointing a remote at
 * a new manifest switches its version without a rebuild. Operators keep it per site in the back
 * office (./versions.ts: history, rollback, canaries); the shell reports how versions load.
 */
export const registryPlugin: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'operator', roles: OPERATOR_AREAS.registry } as const;

  app.get(
    '/api/remotes.php',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: "The site's remote registry for this visitor: remote name → mf-manifest.json URL.", response: { 200: RemoteRegistrySchema } },
    },
    async (request, reply) => {
      const json = registryAnswer(request, reply);
      // Per visitor while a canary runs (its bucket cookie): never kept by a shared cache then.
      reply.header('cache-control', Object.keys(request.site.canaries).length ? 'private, no-cache' : 'no-cache');
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/operator/registry.php',
    {
      config: admin,
      schema: {
        tags: ['operator'],
        summary: "The current site's remotes: live manifest, canary, the manifest a rollback returns to, history, and what browsers reported of each version.",
        response: { 200: OperatorRegistrySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return registryOf(app.db, request.operatorSite.id);
    },
  );

  app.post(
    '/api/operator/registry.php',
    {
      config: admin,
      schema: {
        tags: ['operator'],
        summary:
          'One change of one remote of the current site: point (everyone), rollback (to the live manifest before, or one of the history), canary (a manifest for a percent of visitors, sticky), promote, canary_stop. Audited.',
        body: RegistryActionSchema,
        response: { 200: OperatorRegistrySchema },
      },
    },
    async (request, reply) => {
      const siteId = request.operatorSite.id;
      await app.db.transaction((tx) => applyAction(tx, request, siteId, request.body));
      reply.header('cache-control', 'no-store');
      return registryOf(app.db, siteId);
    },
  );

  app.put(
    '/api/admin/remotes.php',
    {
      // The deploy scripts' call (docs/operations.md): the registry screen's `point`, one rule.
      config: admin,
      schema: {
        tags: ['operator'],
        summary: "Point one remote of the operator's current site at a new manifest (POST /api/operator/registry.php `point`).",
        body: RemoteRegistryUpdateSchema,
        response: { 200: RemoteRegistrySchema },
      },
    },
    async (request, reply) => {
      const { remote, url } = request.body;
      const siteId = request.operatorSite.id;
      await app.db.transaction((tx) => applyAction(tx, request, siteId, { action: 'point', remote, url }));
      request.log.info({ site: request.operatorSite.templateName, remote, url }, 'remote registry updated');
      reply.header('cache-control', 'no-store');
      const { rows } = await app.db.query<{ remotes: RemoteRegistry['remotes'] }>('SELECT remotes FROM sites WHERE id = $1', [siteId]);
      return { remotes: rows[0]!.remotes };
    },
  );

  app.post(
    '/api/remote_report.php',
    {
      // The shell's own call, from any page (logged in or not); CSRF-protected like every other.
      config: { access: 'optional', limit: 'remoteReport' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['site'],
        summary: "What the page saw of its remotes: loaded, failed to load, or the view failed; counted per version of the site's registry (others are ignored).",
        body: RemoteReportSchema,
        response: { 200: RemoteReportAnswerSchema },
      },
    },
    async (request) => {
      const site = request.site;
      const known = (remote: RemoteName, url: string) => site.remotes[remote] === url || site.canaries[remote]?.url === url;
      const counts = new Map<string, { remote: string; url: string; loads: number; load_failures: number; view_errors: number }>();
      for (const e of request.body.events) {
        if (!known(e.remote, e.url)) continue;
        const key = `${e.remote} ${e.url}`;
        const c = counts.get(key) ?? { remote: e.remote, url: e.url, loads: 0, load_failures: 0, view_errors: 0 };
        if (e.outcome === 'loaded') c.loads += e.count;
        else if (e.outcome === 'load_failed') c.load_failures += e.count;
        else c.view_errors += e.count;
        counts.set(key, c);
      }
      const rows = [...counts.values()];
      if (rows.length) {
        await app.db.query(
          `INSERT INTO remote_version_stats (site_id, remote, url, hour, loads, load_failures, view_errors)
           SELECT $1, r.remote, r.url, date_trunc('hour', now()), r.loads, r.load_failures, r.view_errors
             FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[]) AS r(remote, url, loads, load_failures, view_errors)
           ON CONFLICT (site_id, remote, url, hour) DO UPDATE SET loads = remote_version_stats.loads + excluded.loads,
             load_failures = remote_version_stats.load_failures + excluded.load_failures, view_errors = remote_version_stats.view_errors + excluded.view_errors`,
          [site.id, rows.map((r) => r.remote), rows.map((r) => r.url), rows.map((r) => r.loads), rows.map((r) => r.load_failures), rows.map((r) => r.view_errors)],
        );
      }
      return { counted: rows.reduce((n, r) => n + r.loads + r.load_failures + r.view_errors, 0) };
    },
  );
};
