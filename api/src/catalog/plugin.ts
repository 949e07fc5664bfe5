import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyInfoSchema,
  DiscountCodeResponseSchema,
  InterestsResponseSchema,
  isLocale,
  LOCALE_COOKIE,
  ProfileFieldsResponseSchema,
  RegionsResponseSchema,
  type Locale,
} from '@dating/shared';
import { z } from 'zod';
import type { Db } from '../db';
import { liveCodeCondition } from '../commerce/discounts';
import { named } from '../openapi/names';
import type { Site } from '../site/site';

/** Allowed values of the configurable profile fields the site shows (visible_profile_fields). */
export async function allowedProfileValues(db: Db, site: Site): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ field: string; values: string[] }>(
    `SELECT field, array_agg(value ORDER BY position, value) AS values FROM profile_field_values
      WHERE field = ANY($1::text[]) GROUP BY field`,
    [site.settings.visible_profile_fields],
  );
  const byField = new Map(rows.map((r) => [r.field, r.values]));
  // In the site's order.
  return Object.fromEntries(
    site.settings.visible_profile_fields.flatMap((f) => (byField.has(f) ? [[f, byField.get(f)!]] : [])),
  );
}

/** The language to answer in: the locale cookie, else the member's, else the site's. */
async function requestLanguage(request: FastifyRequest): Promise<Locale> {
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie) && request.site.languages.includes(cookie)) return cookie;
  if (request.session) {
    const { rows } = await request.server.db.query<{ language: string | null }>(
      'SELECT language FROM members WHERE id = $1',
      [request.session.memberId],
    );
    const lang = rows[0]?.language;
    if (isLocale(lang)) return lang;
  }
  return request.site.domainLanguage;
}

const param = (name: string) =>
  z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, `${name}: letters, digits, - and _ only`)
    .optional();

/**
 * Query of discountcode.php: `welcome=true` asks for the member's welcome code; other parameters
 * are passed through (spec §7) and those we know look a code up: `code` (as typed, any case) and
 * `network` (the visitor's traffic source). Unknown parameters are ignored.
 */
export const DiscountQuerySchema = named(
  'DiscountQuery',
  z.object({
    welcome: z.enum(['true', 'false', '1', '0']).optional(),
    code: param('code'),
    network: param('network'),
  }),
);

interface DiscountRow {
  code: string;
  percentage: string | null;
  extra_credits: number | null;
  expires_at: Date | null;
  welcome: boolean;
}

const toDiscount = (r: DiscountRow | undefined) =>
  r
    ? {
        code: r.code,
        percentage: r.percentage === null ? null : Number(r.percentage),
        extra_credits: r.extra_credits,
        expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        welcome: r.welcome,
      }
    : null;

const CODE_COLUMNS = 'code, percentage, extra_credits, expires_at, welcome';


/** Profile fields, regions, interests, company info and discount codes of the request's site. */
export const catalogPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile_fields.php',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], summary: "Allowed values of the site's configurable profile fields.", response: { 200: ProfileFieldsResponseSchema } },
    },
    async (request) => ({ allowed_values: await allowedProfileValues(app.db, request.site) }),
  );

  app.get(
    '/api/regions.php',
    { config: { access: 'public' }, schema: { tags: ['catalog'], summary: 'Regions per country of the site.', response: { 200: RegionsResponseSchema } } },
    async (request) => ({ region_data: request.site.settings.region_data }),
  );

  app.get(
    '/api/interests.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Interests, named in the request language (locale cookie, else the member’s, else the site’s).',
        response: { 200: InterestsResponseSchema },
      },
    },
    async (request, reply) => {
      const lang = await requestLanguage(request);
      const { rows } = await app.db.query<{ id: number; name: string }>(
        `SELECT id, coalesce(names ->> $1, names ->> 'en') AS name FROM interests ORDER BY name, id`,
        [lang],
      );
      reply.header('content-language', lang);
      return { interests: rows };
    },
  );

  app.get(
    '/api/companyinfo.php',
    { config: { access: 'public' }, schema: { tags: ['catalog'], summary: 'The company behind the site.', response: { 200: CompanyInfoSchema } } },
    async (request) => request.site.company,
  );

  app.get(
    '/api/discountcode.php',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['catalog'],
        summary:
          'welcome=true: the member’s welcome code (null when none or logged out); else a code looked up by code or network; other parameters are ignored.',
        querystring: DiscountQuerySchema,
        response: { 200: DiscountCodeResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const siteId = request.site.id;
      if (q.welcome === 'true' || q.welcome === '1') {
        // A welcome code belongs to free members within its first days after signup. A code held
        // by an open checkout (reserved, not used) is still shown: paying answers why it waits.
        if (!request.session) return { discount: null };
        const { rows } = await app.db.query<DiscountRow>(
          `SELECT ${CODE_COLUMNS} FROM discount_codes d
            WHERE d.site_id = $1 AND d.welcome AND ${liveCodeCondition('d', '$2::int')}
              AND EXISTS (SELECT 1 FROM members m WHERE m.id = $2 AND NOT m.paid_user
                            AND m.signup_date > now() - make_interval(days => d.welcome_days))
              AND NOT EXISTS (SELECT 1 FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
                               WHERE r.discount_code_id = d.id AND r.member_id = $2 AND p.status = 'paid')`,
          [siteId, request.session.memberId],
        );
        return { discount: toDiscount(rows[0]) };
      }
      if (q.code) {
        const { rows } = await app.db.query<DiscountRow>(
          `SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE site_id = $1 AND code = upper($2) AND NOT welcome AND ${liveCodeCondition('d', '$3::int', '$4::text')}
              AND NOT EXISTS (SELECT 1 FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id
                               WHERE r.discount_code_id = d.id AND r.member_id = $3 AND p.status = 'paid')`,
          [siteId, q.code, request.session?.memberId ?? null, q.network ?? null],
        );
        return { discount: toDiscount(rows[0]) };
      }
      if (q.network) {
        const { rows } = await app.db.query<DiscountRow>(
          `SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE site_id = $1 AND network = $2 AND NOT welcome
              AND ${liveCodeCondition('d', '$3::int', '$2::text')}
            ORDER BY percentage DESC LIMIT 1`,
          [siteId, q.network, request.session?.memberId ?? null],
        );
        return { discount: toDiscount(rows[0]) };
      }
      return { discount: null };
    },
  );
};
