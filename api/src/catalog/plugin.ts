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
import { named } from '../openapi/names';
import { allowedProfileValues } from './profile-fields';
import { discountByCode, discountByNetwork, interestsIn, memberLanguage, welcomeDiscount } from './repository';

/** The language to answer in: the locale cookie, else the member's, else the site's. */
async function requestLanguage(request: FastifyRequest): Promise<Locale> {
  const cookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(cookie) && request.site.languages.includes(cookie)) return cookie;
  if (request.session) {
    const lang = await memberLanguage(request.server.db, request.session.memberId);
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
      reply.header('content-language', lang);
      return { interests: await interestsIn(app.db, lang) };
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
        if (!request.session) return { discount: null };
        return { discount: await welcomeDiscount(app.db, siteId, request.session.memberId) };
      }
      if (q.code) return { discount: await discountByCode(app.db, siteId, q.code, request.session?.memberId ?? null, q.network ?? null) };
      if (q.network) return { discount: await discountByNetwork(app.db, siteId, q.network, request.session?.memberId ?? null) };
      return { discount: null };
    },
  );
};
