import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DiscountCodeCreateSchema,
  DiscountCodesResponseSchema,
  DiscountCodeUpdateSchema,
  OPERATOR_AREAS,
  OperatorDiscountCodeResponseSchema,
  PricePreviewRequestSchema,
  PricePreviewResponseSchema,
  PricesResponseSchema,
  PricesSaveSchema,
  type OperatorDiscountCode,
  type PricesResponse,
} from '@dating/shared';
import type { CommerceConfig, MessageCosts, SitePrices } from '../commerce/catalog';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { requireSite } from '../operator/access';
import { audit } from '../operator/audit';
import { bookOf, changes, preview, storedOf } from './book';

const access = { access: 'operator', roles: OPERATOR_AREAS.prices } as const;

interface LiveRow {
  price_version: number;
  commerce: Partial<CommerceConfig>;
  message_costs: MessageCosts | null;
  company_country: string;
  premium_message_percent: number | null;
}

/** The site's live prices read from its row (not the request cache: an editor must see the last save). */
async function loadLive(db: Db, siteId: number, lock = false): Promise<SitePrices> {
  const { rows } = await db.query<LiveRow>(
    `SELECT price_version, commerce, settings -> 'minimum_message_costs' AS message_costs, company ->> 'country' AS company_country,
            (settings ->> 'premium_message_percent')::int AS premium_message_percent
       FROM sites WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [siteId],
  );
  const r = rows[0]!;
  return {
    version: r.price_version,
    commerce: { packages: r.commerce.packages ?? {}, plans: r.commerce.plans ?? {}, time_bonus: r.commerce.time_bonus ?? null },
    messageCosts: r.message_costs ?? {},
    companyCountry: r.company_country,
    premiumMessagePercent: r.premium_message_percent ?? undefined,
  };
}

async function pricesAnswer(db: Db, siteId: number): Promise<PricesResponse> {
  const live = await loadLive(db, siteId);
  const { rows } = await db.query<{ version: number; created_at: Date; operator: string | null; reason: string | null }>(
    `SELECT v.version, v.created_at, o.email AS operator, v.reason FROM price_versions v LEFT JOIN operators o ON o.id = v.operator_id
      WHERE v.site_id = $1 ORDER BY v.version DESC LIMIT 20`,
    [siteId],
  );
  return {
    version: live.version,
    book: bookOf(live),
    history: rows.map((r) => ({ version: r.version, created_at: new Date(r.created_at).toISOString(), operator: r.operator, reason: r.reason })),
  };
}

interface CodeRow {
  id: number;
  code: string;
  percentage: string | null;
  extra_credits: number | null;
  welcome: boolean;
  welcome_days: number | null;
  starts_at: Date | null;
  expires_at: Date | null;
  max_uses: number | null;
  networks: string[];
  countries: string[];
  active: boolean;
  created_at: Date;
  site_id: number;
  uses: string;
  reserved: string;
}

const CODE_COLUMNS = `d.id, d.code, d.percentage, d.extra_credits, d.welcome, d.welcome_days, d.starts_at, d.expires_at, d.max_uses,
  d.networks, d.countries, d.active, d.created_at, d.site_id,
  (SELECT count(*) FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id WHERE r.discount_code_id = d.id AND p.status = 'paid') AS uses,
  (SELECT count(*) FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id WHERE r.discount_code_id = d.id AND p.status <> 'paid') AS reserved`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toCode = (r: CodeRow): OperatorDiscountCode => ({
  id: r.id,
  code: r.code,
  percentage: r.percentage === null ? null : Number(r.percentage),
  extra_credits: r.extra_credits,
  welcome: r.welcome,
  welcome_days: r.welcome_days,
  starts_at: iso(r.starts_at),
  expires_at: iso(r.expires_at),
  max_uses: r.max_uses,
  networks: r.networks,
  countries: r.countries,
  active: r.active,
  uses: Number(r.uses),
  reserved: Number(r.reserved),
  created_at: new Date(r.created_at).toISOString(),
});

const codeById = async (db: Db, id: number, lock = false) =>
  (await db.query<CodeRow>(`SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE d.id = $1 ${lock ? 'FOR UPDATE OF d' : ''}`, [id])).rows[0];

/**
 * A welcome code is offered by itself, so a site has one at a time: switching one on switches the
 * site's other active welcome code off (audited); answers the code it replaced.
 */
async function replaceWelcome(db: Db, request: FastifyRequest, siteId: number, keepId: number | null): Promise<string | null> {
  const { rows } = await db.query<{ id: number; code: string }>(
    `UPDATE discount_codes SET active = false WHERE site_id = $1 AND welcome AND active AND id IS DISTINCT FROM $2 RETURNING id, code`,
    [siteId, keepId],
  );
  for (const r of rows) {
    await audit(db, request, { action: 'discount_code.update', targetType: 'discount_code', targetId: r.id, before: { active: true }, after: { active: false }, reason: 'replaced by a new welcome code' });
  }
  return rows[0]?.code ?? null;
}

/**
 * Prices, packages and codes of the operator's current site (docs/prices-campaigns.md): finance
 * and admins read and change the price book (versioned in price_versions, audited, live for new
 * checkouts at once) and the discount and welcome codes.
 */
export const pricesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operator/prices.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: "The current site's price book (per country: currency, message price, credit packages, Premium plans; the time bonus), its version and the last 20 versions.",
        response: { 200: PricesResponseSchema },
      },
    },
    async (request) => pricesAnswer(app.db, request.operatorSite.id),
  );

  app.post(
    '/api/operator/prices_preview.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: 'What a member billed in NL, BE, DE and PL pays before and after a draft price book (nothing is saved).',
        body: PricePreviewRequestSchema,
        response: { 200: PricePreviewResponseSchema },
      },
    },
    async (request) => {
      const live = await loadLive(app.db, request.operatorSite.id);
      const draft = storedOf(request.body.book);
      return { preview: preview(live, { ...live, ...draft }) };
    },
  );

  app.put(
    '/api/operator/prices.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary:
          'Save the price book as a new version: new checkouts pay it at once; a checkout opened before keeps its prices (CHECKOUT_PRICE_HOLD_MINUTES). 409 prices_changed when another version was saved since `version`.',
        body: PricesSaveSchema,
        response: { 200: PricesResponseSchema },
      },
    },
    async (request) => {
      const siteId = request.operatorSite.id;
      const { book, reason, version } = request.body;
      await app.db.transaction(async (tx) => {
        const live = await loadLive(tx, siteId, true);
        if (live.version !== version) {
          throw new HttpError(409, 'prices_changed', `version: the prices were saved again meanwhile (now version ${live.version}); reload them`, 'version');
        }
        // The version being replaced is kept first (the seeded defaults have no row yet).
        await tx.query(
          `INSERT INTO price_versions (site_id, version, commerce, message_costs) VALUES ($1, $2, $3::jsonb, $4::jsonb) ON CONFLICT DO NOTHING`,
          [siteId, live.version, JSON.stringify(live.commerce), JSON.stringify(live.messageCosts)],
        );
        const next = storedOf(book);
        const nextVersion = live.version + 1;
        await tx.query(
          `INSERT INTO price_versions (site_id, version, commerce, message_costs, operator_id, reason) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6)`,
          [siteId, nextVersion, JSON.stringify(next.commerce), JSON.stringify(next.messageCosts), request.operator!.id, reason],
        );
        await tx.query(
          `UPDATE sites SET commerce = $2::jsonb, settings = jsonb_set(settings, '{minimum_message_costs}', $3::jsonb), price_version = $4 WHERE id = $1`,
          [siteId, JSON.stringify(next.commerce), JSON.stringify(next.messageCosts), nextVersion],
        );
        const diff = changes(bookOf(live), book);
        await audit(tx, request, { action: 'prices.update', targetType: 'prices', targetId: nextVersion, before: diff.before, after: diff.after, reason });
      });
      return pricesAnswer(app.db, siteId);
    },
  );

  app.get(
    '/api/operator/discount_codes.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary: "The current site's discount and welcome codes with their uses (paid) and the checkouts holding them now.",
        response: { 200: DiscountCodesResponseSchema },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<CodeRow>(
        `SELECT ${CODE_COLUMNS} FROM discount_codes d WHERE d.site_id = $1 ORDER BY d.active DESC, d.welcome DESC, d.code`,
        [request.operatorSite.id],
      );
      return { codes: rows.map(toCode) };
    },
  );

  app.post(
    '/api/operator/discount_codes.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary:
          'Add a discount or welcome code to the current site (percent off and/or extra credits; period, maximum uses, traffic sources, countries; once per member). An active welcome code replaces the previous one. 409 for a code the site has.',
        body: DiscountCodeCreateSchema,
        response: { 200: OperatorDiscountCodeResponseSchema },
      },
    },
    async (request) => {
      const siteId = request.operatorSite.id;
      const { reason, ...c } = request.body;
      return app.db.transaction(async (tx) => {
        const replaced = c.welcome ? await replaceWelcome(tx, request, siteId, null) : null;
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO discount_codes (site_id, code, percentage, extra_credits, welcome, welcome_days, starts_at, expires_at, max_uses, networks, countries)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11::text[])
           ON CONFLICT (site_id, code) DO NOTHING RETURNING id`,
          [siteId, c.code, c.percentage, c.extra_credits, c.welcome, c.welcome_days, c.starts_at, c.expires_at, c.max_uses, c.networks, c.countries],
        );
        if (!rows[0]) throw new HttpError(409, 'code_taken', `code: the site has a code ${c.code} already`, 'code');
        const code = toCode((await codeById(tx, rows[0].id))!);
        await audit(tx, request, { action: 'discount_code.create', targetType: 'discount_code', targetId: code.id, after: code, reason });
        return { code, replaced };
      });
    },
  );

  app.put(
    '/api/operator/discount_codes.php',
    {
      config: access,
      schema: {
        tags: ['operator'],
        summary:
          'Change a code of the current site (every field; the code itself stays). `active: false` switches it off for new checkouts (an open checkout holding it keeps it). 403 site_forbidden for a code of another site.',
        body: DiscountCodeUpdateSchema,
        response: { 200: OperatorDiscountCodeResponseSchema },
      },
    },
    async (request) => {
      const siteId = request.operatorSite.id;
      const { id, reason, ...c } = request.body;
      return app.db.transaction(async (tx) => {
        const current = await codeById(tx, id, true);
        if (!current) throw new HttpError(404, 'not_found', 'id: no such code', 'id');
        requireSite(request, current.site_id);
        const replaced = c.welcome && c.active ? await replaceWelcome(tx, request, siteId, id) : null;
        await tx.query(
          `UPDATE discount_codes SET percentage = $2, extra_credits = $3, welcome = $4, welcome_days = $5, starts_at = $6, expires_at = $7,
                  max_uses = $8, networks = $9::text[], countries = $10::text[], active = $11
            WHERE id = $1`,
          [id, c.percentage, c.extra_credits, c.welcome, c.welcome_days, c.starts_at, c.expires_at, c.max_uses, c.networks, c.countries, c.active],
        );
        const code = toCode((await codeById(tx, id))!);
        await audit(tx, request, { action: 'discount_code.update', targetType: 'discount_code', targetId: id, before: toCode(current), after: code, reason });
        return { code, replaced };
      });
    },
  );
};
