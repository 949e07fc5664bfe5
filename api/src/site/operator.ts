import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPERATOR_AREAS, type OperatorSiteSettings, type SiteEdit } from '@dating/shared';
import { OperatorSiteSettingsSchema, SiteSaveSchema } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { audit } from '../operator/audit';
import type { Site } from './site';

interface EditRow {
  template_name: string;
  hosts: string[] | null;
  theme: Site['theme'];
  domain_language: SiteEdit['domain_language'];
  languages: SiteEdit['languages'];
  signups: SiteEdit['signups'];
  settings: Site['settings'];
  flags: SiteEdit['flags'];
  company: SiteEdit['company'];
  updated_at: string;
}

/** The site as its admin edits it, read from the row (an editor sees the last save, not a cached one). */
async function loadEdit(db: Db, siteId: number, lock = false): Promise<OperatorSiteSettings> {
  const { rows } = await db.query<EditRow>(
    `SELECT s.template_name, (SELECT array_agg(h.host ORDER BY h.host) FROM site_hosts h WHERE h.site_id = s.id) AS hosts,
            s.theme, s.domain_language, s.languages, s.signups, s.settings, s.flags, s.company, s.updated_at::text AS updated_at
       FROM sites s WHERE s.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [siteId],
  );
  const r = rows[0]!;
  const { taglines: _taglines, ...theme } = r.theme;
  return {
    template_name: r.template_name,
    hosts: r.hosts ?? [],
    updated_at: r.updated_at,
    site: {
      theme,
      domain_language: r.domain_language,
      languages: r.languages,
      signups: r.signups,
      logged_out_search: r.settings.logged_out_search,
      logged_out_search_trafficsource: r.settings.logged_out_search_trafficsource,
      fictional_icon: r.settings.fictional_icon,
      flags: r.flags,
      company: r.company,
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that changed, before and after (objects one level down: `flags.chat`, `company.name`). */
function changes(before: SiteEdit, after: SiteEdit): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after) as Array<keyof SiteEdit>) {
    const [b, a] = [before[key], after[key]];
    if (same(b, a)) continue;
    if (b && a && typeof a === 'object' && !Array.isArray(a)) {
      for (const k of Object.keys(a)) {
        const [bv, av] = [(b as Record<string, unknown>)[k], (a as Record<string, unknown>)[k]];
        if (!same(bv, av)) {
          out.before[`${key}.${k}`] = bv ?? null;
          out.after[`${key}.${k}`] = av;
        }
      }
    } else {
      out.before[key] = b;
      out.after[key] = a;
    }
  }
  return out;
}

/**
 * The operator's current site as its admins keep it (docs/sites-remotes.md): template, languages,
 * signups mode, logged-out search, feature flags, company details. A save is checked by the
 * contract's schema, audited (`site.update`, the fields that changed) and reaches every visitor on
 * their next page load: the sites trigger drops every API process's cached site (migration 0070),
 * and the front server's prerendered pages are kept per start state (scripts/serve/prerender.mjs).
 */
export const siteOperatorPlugin: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'operator', roles: OPERATOR_AREAS.sites } as const;

  app.get(
    '/api/operator/site_settings.php',
    {
      config: access,
      schema: { tags: ['operator'], summary: "The current site's template, languages, signups, logged-out search, flags and company details.", response: { 200: OperatorSiteSettingsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadEdit(app.db, request.operatorSite.id);
    },
  );

  app.put(
    '/api/operator/site_settings.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: 'Save the current site (effective on the next page load; audited). 409 site_changed when it was saved since `updated_at`.',
        body: SiteSaveSchema,
        response: { 200: OperatorSiteSettingsSchema },
      },
    },
    async (request, reply) => {
      const siteId = request.operatorSite.id;
      const { site: next, updated_at } = request.body;
      await app.db.transaction(async (tx) => {
        const current = await loadEdit(tx, siteId, true);
        if (current.updated_at !== updated_at) {
          throw new HttpError(409, 'site_changed', 'updated_at: the site was saved again meanwhile; reload it', 'updated_at');
        }
        const diff = changes(current.site, next);
        if (!Object.keys(diff.after).length) return;
        await tx.query(
          `UPDATE sites SET theme = theme || $2::jsonb, domain_language = $3, languages = $4, signups = $5,
                  settings = settings || $6::jsonb, flags = $7::jsonb, company = $8::jsonb, updated_at = now()
            WHERE id = $1`,
          [
            siteId,
            JSON.stringify(next.theme),
            next.domain_language,
            next.languages,
            next.signups,
            JSON.stringify({ logged_out_search: next.logged_out_search, logged_out_search_trafficsource: next.logged_out_search_trafficsource, fictional_icon: next.fictional_icon }),
            JSON.stringify(next.flags),
            JSON.stringify(next.company),
          ],
        );
        await audit(tx, request, { action: 'site.update', targetType: 'site', targetId: siteId, before: diff.before, after: diff.after });
      });
      reply.header('cache-control', 'no-store');
      return loadEdit(app.db, siteId);
    },
  );
};
