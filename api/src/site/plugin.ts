import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORIGINAL_HOST_HEADER, SiteSettingsResponseSchema, type SiteSettings } from '@dating/shared';
import { sendJson, serializeAnswer } from '../cache/cache';
import { findSiteByHost, normalizeHost, type Site } from './site';

export function siteSettings(site: Site): SiteSettings {
  return SiteSettingsResponseSchema.parse({
    settings: {
      ...site.settings,
      name: site.name,
      signups: site.signups,
      domain_language: site.domainLanguage,
      languages: site.languages,
      // No GeoIP database yet: the browser's geolocation (spec §4) chooses the country.
      geoip_selected_country: null,
      geoip_country: null,
    },
    flags: { ...site.flags, templateName: site.templateName },
    theme: site.theme,
    company: site.company,
  });
}

/** Chooses the site of every request from its original host; serves the site's settings. */
export const sitePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('site', null as unknown as Site);

    app.addHook('onRequest', async (request) => {
      const h = request.headers;
      const host =
        normalizeHost(h[ORIGINAL_HOST_HEADER]) ?? normalizeHost(h['x-forwarded-host']) ?? normalizeHost(h.host);
      request.site = await app.cache.site(host ?? '', () => findSiteByHost(app.db, host));
    });

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/settings.php',
      {
        config: { access: 'public' },
        schema: {
          tags: ['site'],
          summary: 'Settings, flags, theme and company of the site of the original host.',
          response: { 200: SiteSettingsResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        reply.header('vary', `${ORIGINAL_HOST_HEADER}, x-forwarded-host, host`);
        // Serialized once per site (src/cache); a string with its JSON type is sent as it is.
        const site = request.site;
        return sendJson(reply, app.cache.siteAnswer(site, 'settings', () => serializeAnswer(SiteSettingsResponseSchema, siteSettings(site))));
      },
    );
  },
  { name: 'site', dependencies: ['http', 'cache'] },
);
