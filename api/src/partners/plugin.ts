import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ResellPartnerQuerySchema,
  ResellPartnerResponseSchema,
  XcamsQuerySchema,
  XcamsRedirectQuerySchema,
  XcamsResponseSchema,
} from '@dating/shared';
import { HttpError } from '../http/errors';
import { camThumbSvg, findCams, maySeeCams } from './partners';

/**
 * Partner calls: webcam tiles (xcams/search.php, their thumbnails and redirect.php) and resell
 * partner links (resellpartner.php). The catalogue is the cam_models and resell_partners tables.
 */
export const partnersPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/xcams/search.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['partners'],
        summary: 'Webcam tiles for free members after 4 days (spec §6).',
        querystring: XcamsQuerySchema,
        response: { 200: XcamsResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.min_age !== undefined && q.max_age !== undefined && q.min_age > q.max_age) {
        throw new HttpError(400, 'invalid_input', 'max_age: must not be below min_age', 'max_age');
      }
      const cams = (await maySeeCams(app.db, request.site, request.memberId)) ? await findCams(app.db, q) : {};
      return { cams };
    },
  );

  app.get(
    '/api/xcams/thumb.php',
    {
      config: { access: 'public' },
      schema: { tags: ['partners'], summary: 'Thumbnail of a webcam tile.', querystring: XcamsRedirectQuerySchema, answers: 'svg' },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<{ name: string; colour: string }>(
        'SELECT name, colour FROM cam_models WHERE account = $1',
        [request.query.account],
      );
      if (!rows[0]) throw new HttpError(404, 'not_found', 'No such webcam', 'account');
      reply.header('content-type', 'image/svg+xml; charset=utf-8');
      reply.header('cache-control', 'public, max-age=86400');
      // An SVG opened on its own must not run anything.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return camThumbSvg(rows[0].name, rows[0].colour);
    },
  );

  app.get(
    '/api/xcams/redirect.php',
    {
      config: { access: 'public' },
      schema: { tags: ['partners'], summary: "302 to the partner's page of a webcam.", querystring: XcamsRedirectQuerySchema, answers: 'redirect' },
    },
    async (request, reply) => {
      const { rows } = await app.db.query<{ partner_url: string }>('SELECT partner_url FROM cam_models WHERE account = $1', [
        request.query.account,
      ]);
      if (!rows[0]) throw new HttpError(404, 'not_found', 'No such webcam', 'account');
      return reply.redirect(rows[0].partner_url, 302);
    },
  );

  app.get(
    '/api/resellpartner.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['partners'],
        summary: "302 to the partner of a resell flow of the site; with redirect=0 the partner's URL as JSON.",
        querystring: ResellPartnerQuerySchema,
        response: { 200: ResellPartnerResponseSchema },
        answers: 'redirect',
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows } = await app.db.query<{ partner_url: string }>(
        'SELECT partner_url FROM resell_partners WHERE flow = $1 AND flow = ANY($2::text[])',
        [q.flow, request.site.settings.member_resell],
      );
      if (!rows[0]) throw new HttpError(400, 'invalid_input', 'flow: no partner for this flow on this site', 'flow');
      if (q.redirect === false) return { url: rows[0].partner_url };
      return reply.redirect(rows[0].partner_url, 302);
    },
  );
};
