import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HOME_FACES_LIMIT,
  HomeFacesResponseSchema,
  LANDER_MEMBER_LIMIT,
  LanderQuerySchema,
  LanderResponseSchema,
  LOCALES,
  MAX_AGE,
  MIN_AGE,
  type Campaign,
  type Locale,
} from '@dating/shared';
import { HttpError } from '../http/errors';
import type { Site } from '../site/site';
import type { CampaignRow } from './campaign-row';
import { countryMap } from './map';
import { PUBLIC_ONLINE, publicMembers, targetGroupWhere } from './members';


/** The campaign's texts in the visitor's language, else the site's, else English, else any. */
function pickTexts(row: CampaignRow, site: Site, lang: Locale | undefined) {
  for (const l of [lang, site.domainLanguage, 'en' as const, ...LOCALES]) {
    const t = l && row.texts[l];
    if (t) return { language: l as Locale, ...t };
  }
  throw new Error(`campaign ${row.slug} has no texts`);
}

/** GET /api/lander.php: a campaign of the site with the members it shows (city level only). */
export const contentPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/lander.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "The campaign of /landers/{kind}/{slug} in the visitor's language, the active members of its target group (city level, never coordinates) and, for maplanding, member counts per city on a dot map of the visitor's country. 404 for an unknown slug or a kind the campaign does not use.",
        querystring: LanderQuerySchema,
        response: { 200: LanderResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const site = request.site;
      const { rows } = await app.db.query<CampaignRow>(
        `SELECT slug, kinds, texts, target_gender, min_age, max_age, video_url, featured_member_ids
           FROM campaigns WHERE site_id = $1 AND slug = $2 AND active`,
        [site.id, q.slug],
      );
      const row = rows[0];
      // An unknown slug and a kind the campaign does not use answer alike: nothing to tell apart.
      if (!row || !row.kinds.includes(q.kind)) throw new HttpError(404, 'not_found', 'There is no such page');
      // One visit of the campaign (its figures in the back office: src/content/operator.ts).
      await app.db.query(
        `INSERT INTO campaign_visits (site_id, slug, day, visits) VALUES ($1, $2, current_date, 1)
         ON CONFLICT (site_id, slug, day) DO UPDATE SET visits = campaign_visits.visits + 1`,
        [site.id, row.slug],
      );
      const texts = pickTexts(row, site, q.lang);
      const campaign: Campaign = {
        slug: row.slug,
        kind: q.kind,
        kinds: row.kinds,
        language: texts.language,
        headline: texts.headline,
        text: texts.text,
        target_gender: row.target_gender,
        min_age: row.min_age,
        max_age: row.max_age,
        video_url: row.video_url,
      };
      const countries = site.settings.countries;
      const country = q.country && countries.includes(q.country) ? q.country : (countries[0] ?? 'NL');

      // The campaign's target group: active members of the pool in the site's countries.
      const group = { gender: row.target_gender, minAge: row.min_age, maxAge: row.max_age };
      const { where, params } = targetGroupWhere(site, group);
      const n = params.length;
      const [members, counts, cities] = await Promise.all([
        publicMembers(app.db, site, group, { featured: row.featured_member_ids, country, limit: LANDER_MEMBER_LIMIT }),
        app.db.query<{ total: number; online: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${PUBLIC_ONLINE})::int AS online FROM members m WHERE ${where.join(' AND ')}`,
          params,
        ),
        q.kind === 'maplanding'
          ? app.db.query<{ city: string; count: number }>(
              `SELECT m.city, count(*)::int AS count FROM members m
                WHERE ${where.join(' AND ')} AND m.country = $${n + 1} AND m.city IS NOT NULL AND m.city <> ''
                GROUP BY m.city ORDER BY count DESC, m.city LIMIT 40`,
              [...params, country],
            )
          : Promise.resolve(null),
      ]);
      return {
        campaign,
        members,
        online_count: counts.rows[0]?.online ?? 0,
        member_count: counts.rows[0]?.total ?? 0,
        map: cities ? countryMap(country, cities.rows) : null,
      };
    },
  );

  app.get(
    '/api/home_faces.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "Faces for a visitor's home: members of the site's target group (active, of age, in the site's countries) with an approved photo that is not Premium-only, chosen as the landers choose theirs; first name and age only. The same for every visitor of the site, so the prerendered home that holds them stays cacheable.",
        response: { 200: HomeFacesResponseSchema },
      },
    },
    async (request) => {
      const site = request.site;
      const group = { gender: null, minAge: MIN_AGE, maxAge: MAX_AGE };
      const members = await publicMembers(app.db, site, group, {
        country: site.settings.countries[0] ?? 'NL',
        limit: HOME_FACES_LIMIT,
        withPhoto: true,
      });
      return {
        members: members.flatMap((m) => (m.main_image ? [{ id: m.id, name: m.name, age: m.age, fictional: m.fictional, main_image: m.main_image }] : [])),
      };
    },
  );
};
