import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardResponseSchema, OPERATOR_AREAS, VisitRequestSchema, VisitResponseSchema } from '@dating/shared';
import { OPERATOR_LOGIN_REQUIRED } from '../operator/access';
import { dashboard, rangeOf, type DashboardSites } from './queries';
import { recordVisit } from './visits';

/**
 * The back office's dashboards (docs/dashboards.md): GET /api/operator/dashboard.php for the
 * current site or all of the operator's sites; POST /api/visit.php, the visits of the funnel.
 */
export const dashboardsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operator/dashboard.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.dashboards },
      schema: {
        tags: ['operator'],
        summary:
          'Dashboards by day or week (UTC): the funnel visit → signup → activation → first message → first purchase per period and per traffic source and campaign; revenue, refunds, chargebacks, paying members and revenue per member per currency; credits sold and spent; messages per period and per hour; members online; moderation waiting time against target. scope=site: the current site; scope=all: every site of the operator.',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => {
      const operator = request.operator;
      if (!operator) throw OPERATOR_LOGIN_REQUIRED();
      const q = request.query;
      const ids = q.scope === 'all' ? operator.siteIds : [request.operatorSite.id];
      const { rows } = await app.db.query<{ id: number; pool: number; brand: string }>(
        `SELECT id, coalesce(shares_members_with, id) AS pool, theme ->> 'brandName' AS brand FROM sites WHERE id = ANY($1::int[]) ORDER BY id`,
        [ids],
      );
      const sites: DashboardSites = {
        ids: rows.map((r) => r.id),
        pools: [...new Set(rows.map((r) => r.pool))],
        brands: rows.map((r) => ({ id: r.id, brand: r.brand })),
      };
      return dashboard(app.db, sites, rangeOf(q), q.scope);
    },
  );

  // No CSRF check: the call is anonymous (a member's visit is not counted), so a forged one can do
  // nothing a script calling it directly could not, and the rate limit bounds both. A visitor's
  // cacheable first page has no CSRF cookie yet, and counting the visit would otherwise cost a
  // second API call (the token) on every first page.
  app.post(
    '/api/visit.php',
    {
      config: { access: 'optional', limit: 'visit', csrf: false },
      schema: {
        tags: ['content'],
        summary: "Counts a visitor's first page of a browser session, with its traffic source and lander campaign (the dashboards' funnel). Members' own visits are not counted.",
        body: VisitRequestSchema,
        response: { 200: VisitResponseSchema },
      },
    },
    async (request) => ({ recorded: await recordVisit(app.db, request.site, request.body, request.session !== null) }),
  );
};
