import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LANDER_MEMBER_LIMIT,
  LanderQuerySchema,
  LanderResponseSchema,
  LOCALES,
  ONLINE_WINDOW_MINUTES,
  type Campaign,
  type Locale,
} from '@dating/shared';
import { HttpError } from '../http/errors';
import type { Site } from '../site/site';
import type { CampaignRow } from './campaign-row';
import { countryMap } from './map';


interface MemberRow {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  country: string | null;
  personal: string;
  thumb: string | null;
  online: boolean;
  fictional: boolean;
}

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
      const params: unknown[] = [site.memberPoolId, countries, row.min_age, row.max_age + 1];
      const where = [
        'm.site_id = $1',
        `m.status = 'active'`,
        'm.country = ANY($2::text[])',
        `m.date_of_birth <= (current_date - make_interval(years => $3::int))::date`,
        `m.date_of_birth > (current_date - make_interval(years => $4::int))::date`,
      ];
      if (row.target_gender) {
        params.push(row.target_gender);
        where.push(`m.gender = $${params.length}`);
      }
      // A member who hides their presence is never online here: not in the list, not in its order,
      // not in the count (the lander is public).
      const online = `(NOT m.hide_presence AND m.last_seen_at > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}))`;
      const memberParams = [...params, row.featured_member_ids, country, LANDER_MEMBER_LIMIT];
      const n = params.length;
      const [members, counts, cities] = await Promise.all([
        app.db.query<MemberRow>(
          `SELECT m.id, m.name, extract(year FROM age(current_date, m.date_of_birth))::int AS age,
                  m.city, m.country, m.personal, i.thumb_filename AS thumb,
                  coalesce(${online}, false) AS online, m.fictional
             FROM members m LEFT JOIN images i ON i.member_id = m.id AND i.is_main AND i.visibility = 'visible'
            WHERE ${where.join(' AND ')}
            ORDER BY array_position($${n + 1}::int[], m.id) NULLS LAST, (i.thumb_filename IS NOT NULL) DESC,
                     coalesce(${online}, false) DESC, (m.country = $${n + 2}) DESC, m.signup_date DESC, m.id DESC
            LIMIT $${n + 3}`,
          memberParams,
        ),
        app.db.query<{ total: number; online: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${online})::int AS online FROM members m WHERE ${where.join(' AND ')}`,
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
        members: members.rows.map((m) => ({
          id: m.id,
          name: m.name,
          age: m.age,
          city: m.city,
          country: m.country,
          main_image: m.thumb ? { thumb_filename: m.thumb } : null,
          personal: m.personal,
          online: m.online,
          fictional: m.fictional,
        })),
        online_count: counts.rows[0]?.online ?? 0,
        member_count: counts.rows[0]?.total ?? 0,
        map: cities ? countryMap(country, cities.rows) : null,
      };
    },
  );
};
