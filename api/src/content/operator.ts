import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPERATOR_AREAS,
  CampaignCreateSchema,
  CampaignSlugQuerySchema,
  CampaignUpdateSchema,
  OperatorCampaignResponseSchema,
  OperatorCampaignsResponseSchema,
  type OperatorCampaign,
} from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { audit } from '../operator/audit';
import type { Site } from '../site/site';
import type { CampaignRow } from './campaign-row';

interface Row extends CampaignRow {
  active: boolean;
  created_at: Date;
}

const COLUMNS = 'slug, kinds, texts, target_gender, min_age, max_age, video_url, featured_member_ids, active, created_at';

type Figures = OperatorCampaign['figures'];
const NO_FIGURES: Figures = { visitors: 0, signups: 0, activations: 0, first_purchases: 0 };

/**
 * Each campaign's own figures on a site (all of them, or one slug): page views of its landers
 * (campaign_visits), signups made on them (member_signups.form_path /landers/{kind}/{slug}) by
 * members of the site's pool, of those the activated ones and those with a paid payment.
 */
async function figuresOf(db: Db, site: Site, slug?: string): Promise<Map<string, Figures>> {
  const [visits, signups] = await Promise.all([
    db.query<{ slug: string; visitors: number }>(
      `SELECT slug, sum(visits)::int AS visitors FROM campaign_visits WHERE site_id = $1 AND ($2::text IS NULL OR slug = $2) GROUP BY slug`,
      [site.id, slug ?? null],
    ),
    db.query<{ slug: string; signups: number; activations: number; first_purchases: number }>(
      `SELECT x.slug, count(*)::int AS signups,
              count(*) FILTER (WHERE m.activated_at IS NOT NULL)::int AS activations,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM payments p WHERE p.member_id = m.id AND p.status = 'paid'))::int AS first_purchases
         FROM (SELECT member_id, substring(form_path FROM '^/landers/[a-z]+/([a-z0-9-]+)$') AS slug
                 FROM member_signups WHERE form_path LIKE '/landers/%') x
         JOIN members m ON m.id = x.member_id
        WHERE m.site_id = $1 AND x.slug IS NOT NULL AND ($2::text IS NULL OR x.slug = $2)
        GROUP BY x.slug`,
      [site.memberPoolId, slug ?? null],
    ),
  ]);
  const out = new Map<string, Figures>();
  for (const v of visits.rows) out.set(v.slug, { ...NO_FIGURES, visitors: v.visitors });
  for (const s of signups.rows) {
    out.set(s.slug, { ...(out.get(s.slug) ?? NO_FIGURES), signups: s.signups, activations: s.activations, first_purchases: s.first_purchases });
  }
  return out;
}

const toCampaign = (r: Row, figures: Figures = NO_FIGURES): OperatorCampaign => ({
  slug: r.slug,
  kinds: r.kinds,
  texts: r.texts,
  target_gender: r.target_gender,
  min_age: r.min_age,
  max_age: r.max_age,
  video_url: r.video_url,
  featured_member_ids: r.featured_member_ids,
  active: r.active,
  created_at: new Date(r.created_at).toISOString(),
  paths: r.active ? r.kinds.map((k) => `/landers/${k}/${r.slug}`) : [],
  figures,
});

/** A campaign as the audit log keeps it: its fields, not its figures. */
function audited(r: Row) {
  const { figures: _figures, ...fields } = toCampaign(r);
  return fields;
}

const NO_SUCH_CAMPAIGN = () => new HttpError(404, 'not_found', 'slug: the site has no campaign with this slug', 'slug');

/** Featured members must be members of the site's pool that can be shown (active); 400 naming the first that is not. */
async function checkFeatured(db: Db, site: Site, ids: number[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM members WHERE id = ANY($1::int[]) AND site_id = $2 AND status = 'active'`,
    [ids, site.memberPoolId],
  );
  const known = new Set(rows.map((r) => r.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new HttpError(400, 'invalid_input', `featured_member_ids: ${unknown} is not an active member of this site`, 'featured_member_ids');
  }
}

/**
 * Operators add, change and deactivate the site's lander campaigns as data: the site is the
 * operator session's current site, the caller an operator whose role may run campaigns (`access:
 * 'operator'`, checked before the body is read); every change is in the audit log. A campaign is live at
 * /landers/{kind}/{slug} for each of its kinds as soon as it is stored active; deactivated, its
 * landers answer 404 (GET /api/lander.php reads active campaigns only).
 */
export const campaignOperatorPlugin: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'operator', roles: OPERATOR_AREAS.campaigns } as const;

  app.get(
    '/api/admin/campaigns.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: "The site's lander campaigns, active and inactive, with every language's texts.",
        response: { 200: OperatorCampaignsResponseSchema },
      },
    },
    async (request) => {
      const site = request.operatorSite;
      const [{ rows }, figures, hosts] = await Promise.all([
        app.db.query<Row>(`SELECT ${COLUMNS} FROM campaigns WHERE site_id = $1 ORDER BY active DESC, slug`, [site.id]),
        figuresOf(app.db, site),
        app.db.query<{ host: string }>('SELECT host FROM site_hosts WHERE site_id = $1 ORDER BY host', [site.id]),
      ]);
      return {
        campaigns: rows.map((r) => toCampaign(r, figures.get(r.slug))),
        hosts: hosts.rows.map((h) => h.host),
        traffic_sources: site.trafficSources,
      };
    },
  );

  app.post(
    '/api/admin/campaigns.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary:
          'Add a lander campaign to the site: live at /landers/{kind}/{slug} for each of its kinds. 400 for an unknown kind, a slug the site already uses, or an age range that ends before it starts.',
        body: CampaignCreateSchema,
        response: { 200: OperatorCampaignResponseSchema },
      },
    },
    async (request) => {
      const c = request.body;
      const site = request.operatorSite;
      await checkFeatured(app.db, site, c.featured_member_ids);
      const { rows } = await app.db.query<Row>(
        `INSERT INTO campaigns (site_id, slug, kinds, texts, target_gender, min_age, max_age, video_url, featured_member_ids, active)
         VALUES ($1, $2, $3::text[], $4::jsonb, $5, $6, $7, $8, $9::int[], $10)
         ON CONFLICT (site_id, slug) DO NOTHING RETURNING ${COLUMNS}`,
        [site.id, c.slug, c.kinds, JSON.stringify(c.texts), c.target_gender, c.min_age, c.max_age, c.video_url, c.featured_member_ids, c.active],
      );
      if (!rows[0]) throw new HttpError(400, 'invalid_input', `slug: the site already has a campaign "${c.slug}"; change it with PUT`, 'slug');
      await audit(app.db, request, { action: 'campaign.create', targetType: 'campaign', targetId: c.slug, after: audited(rows[0]) });
      request.log.info({ site: site.templateName, slug: c.slug }, 'campaign created');
      return { campaign: toCampaign(rows[0]) };
    },
  );

  app.put(
    '/api/admin/campaigns.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary:
          'Change a campaign of the site: `slug` names it, the fields given replace theirs (texts replace all languages), the others stay. `active: false` takes its landers offline (404), `true` brings them back.',
        body: CampaignUpdateSchema,
        response: { 200: OperatorCampaignResponseSchema },
      },
    },
    async (request) => {
      const { slug, ...change } = request.body;
      const site = request.operatorSite;
      await checkFeatured(app.db, site, change.featured_member_ids);
      return app.db.transaction(async (tx) => {
        const { rows: current } = await tx.query<Row>(`SELECT ${COLUMNS} FROM campaigns WHERE site_id = $1 AND slug = $2 FOR UPDATE`, [
          site.id,
          slug,
        ]);
        const before = current[0];
        if (!before) throw NO_SUCH_CAMPAIGN();
        const next = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) } as Row;
        if (next.min_age > next.max_age) {
          const field = change.max_age !== undefined ? 'max_age' : 'min_age';
          throw new HttpError(
            400,
            'invalid_input',
            `${field}: the age range ends before it starts (${next.min_age} to ${next.max_age})`,
            field,
          );
        }
        const { rows } = await tx.query<Row>(
          `UPDATE campaigns SET kinds = $3::text[], texts = $4::jsonb, target_gender = $5, min_age = $6, max_age = $7,
                  video_url = $8, featured_member_ids = $9::int[], active = $10
            WHERE site_id = $1 AND slug = $2 RETURNING ${COLUMNS}`,
          [site.id, slug, next.kinds, JSON.stringify(next.texts), next.target_gender, next.min_age, next.max_age, next.video_url, next.featured_member_ids, next.active],
        );
        await audit(tx, request, { action: 'campaign.update', targetType: 'campaign', targetId: slug, before: audited(before), after: audited(rows[0]!) });
        request.log.info({ site: site.templateName, slug, fields: Object.keys(change) }, 'campaign updated');
        return { campaign: toCampaign(rows[0]!, (await figuresOf(tx, site, slug)).get(slug)) };
      });
    },
  );

  app.delete(
    '/api/admin/campaigns.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: 'Deactivate a campaign of the site (`?slug=`): its landers answer 404 from now on; the row and its texts stay (PUT `active: true` brings it back).',
        querystring: CampaignSlugQuerySchema,
        response: { 200: OperatorCampaignResponseSchema },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<Row>(
        `UPDATE campaigns SET active = false WHERE site_id = $1 AND slug = $2 RETURNING ${COLUMNS}`,
        [request.operatorSite.id, request.query.slug],
      );
      if (!rows[0]) throw NO_SUCH_CAMPAIGN();
      await audit(app.db, request, { action: 'campaign.deactivate', targetType: 'campaign', targetId: request.query.slug, after: { active: false } });
      request.log.info({ site: request.operatorSite.templateName, slug: request.query.slug }, 'campaign deactivated');
      return { campaign: toCampaign(rows[0], (await figuresOf(app.db, request.operatorSite, request.query.slug)).get(request.query.slug)) };
    },
  );
};
