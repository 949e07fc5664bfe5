import type { FastifyInstance } from 'fastify';
import {
  ResellPartnerQuerySchema,
  ResellPartnerResponseSchema,
  XcamsQuerySchema,
  XcamsRedirectQuerySchema,
  XcamsResponseSchema,
} from '@dating/shared';
import { HttpError, parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { camThumbSvg, findCams, maySeeCams } from './partners';

/**
 * Partner calls: webcam tiles (xcams/search.php, their thumbnails and redirect.php) and resell
 * partner links (resellpartner.php). The catalogue is the cam_models and resell_partners tables.
 */
export async function partnersPlugin(app: FastifyInstance) {
  app.get('/api/xcams/search.php', async (request) => {
    const memberId = requireMember(request);
    const q = parseInput(XcamsQuerySchema, request.query);
    if (q.min_age !== undefined && q.max_age !== undefined && q.min_age > q.max_age) {
      throw new HttpError(400, 'invalid_input', 'max_age: must not be below min_age', 'max_age');
    }
    const cams = (await maySeeCams(app.db, request.site, memberId)) ? await findCams(app.db, q) : {};
    return XcamsResponseSchema.parse({ cams });
  });

  app.get('/api/xcams/thumb.php', async (request, reply) => {
    const { account } = parseInput(XcamsRedirectQuerySchema, request.query);
    const { rows } = await app.db.query<{ name: string; colour: string }>(
      'SELECT name, colour FROM cam_models WHERE account = $1',
      [account],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'No such webcam', 'account');
    reply.header('content-type', 'image/svg+xml; charset=utf-8');
    reply.header('cache-control', 'public, max-age=86400');
    // An SVG opened on its own must not run anything.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return camThumbSvg(rows[0].name, rows[0].colour);
  });

  app.get('/api/xcams/redirect.php', async (request, reply) => {
    const { account } = parseInput(XcamsRedirectQuerySchema, request.query);
    const { rows } = await app.db.query<{ partner_url: string }>('SELECT partner_url FROM cam_models WHERE account = $1', [
      account,
    ]);
    if (!rows[0]) throw new HttpError(404, 'not_found', 'No such webcam', 'account');
    return reply.redirect(rows[0].partner_url, 302);
  });

  app.get('/api/resellpartner.php', async (request, reply) => {
    const q = parseInput(ResellPartnerQuerySchema, request.query);
    const { rows } = await app.db.query<{ partner_url: string }>(
      'SELECT partner_url FROM resell_partners WHERE flow = $1 AND flow = ANY($2::text[])',
      [q.flow, request.site.settings.member_resell],
    );
    if (!rows[0]) throw new HttpError(400, 'invalid_input', 'flow: no partner for this flow on this site', 'flow');
    if (q.redirect === false) return ResellPartnerResponseSchema.parse({ url: rows[0].partner_url });
    return reply.redirect(rows[0].partner_url, 302);
  });
}
