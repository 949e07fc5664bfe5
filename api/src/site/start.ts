import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteSettingsResponseSchema, StartStateResponseSchema } from '@dating/shared';
import { userAnswer } from '../auth/user-answer';
import { sendJson, serializeAnswer } from '../cache/cache';
import { registryAnswer } from '../registry/visitor';
import { siteSettings } from './plugin';

/**
 * GET /api/start.php: settings.php, remotes.php and user.php of the request's site and visitor in
 * one answer. The front server (scripts/serve.mjs) asks it once for each page it writes, with the
 * visitor's cookie: the page's start state (shared/src/startState.ts) and the registry its
 * Content-Security-Policy names. Each part is the same cached JSON its own call sends.
 */
export const startPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/start.php',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['site'],
        summary: "The site's settings, its remote registry and the visitor's member in one answer (the page's start state).",
        response: { 200: StartStateResponseSchema },
      },
    },
    async (request, reply) => {
      const site = request.site;
      const settings = app.cache.siteAnswer(site, 'settings', () => serializeAnswer(SiteSettingsResponseSchema, siteSettings(site)));
      // This visitor's registry (a canary's share gets the canary: src/registry).
      const registry = registryAnswer(request, reply);
      const user = await userAnswer(request);
      // The visitor's member: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return sendJson(reply, `{"settings":${settings.toString('utf8')},"registry":${registry.toString('utf8')},"user":${user}}`);
    },
  );
};
