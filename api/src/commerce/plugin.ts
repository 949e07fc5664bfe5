import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  CreatePaymentRequestSchema,
  CreatePaymentResponseSchema,
  CreditsResponseSchema,
  PaymentMethodsQuerySchema,
  PaymentMethodsResponseSchema,
  PremiumPhotoRequestSchema,
  PremiumPhotoResponseSchema,
  PremiumStateSchema,
  PricingResponseSchema,
  RepeatOrderRequestSchema,
  TransactionQuerySchema,
  TransactionResponseSchema,
} from '@dating/shared';
import { z } from 'zod';
import { siteOrigin } from '../account/origin';
import { HttpError, parseInput } from '../http/errors';
import { requireMember } from '../session/member';
import { findSiteById } from '../site/site';
import { currencyOf, findPackage, findPlan, paymentCountry, pricing } from './catalog';
import { ledgerHistory } from './ledger';
import {
  applyProviderPayment,
  cancelPremium,
  createPayment,
  listMethods,
  premiumState,
  repeatOffer,
  repeatOrder,
  timeBonus,
  transactionView,
  type CommerceContext,
} from './payments';
import { createPaymentProvider } from './provider';
import { checkoutPage } from './checkout-page';

export const PricingQuerySchema = z.object({ country: z.string().regex(/^[A-Z]{2}$/).optional() });
export const WebhookBodySchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{3,64}$/) });
export const CheckoutParamsSchema = z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{4,40}$/) });
export const CheckoutChoiceSchema = z.object({
  status: z.enum(['paid', 'failed', 'canceled', 'expired']),
  method: z.string().max(20).optional(),
});

/**
 * Credits and premium (api/README.md, "Credits and payments"): pricing, the member's credits,
 * payment methods, payments, repeat orders, transactions, premium, the provider's webhook, and —
 * without MOLLIE_API_KEY outside production — the local Mollie sandbox's hosted checkout page.
 */
export const commercePlugin = fp(async function commerce(app: FastifyInstance) {
  const provider = await createPaymentProvider(app.config, async (webhookUrl, id) => {
    // The sandbox delivers its webhooks to this API (only this API's webhook path is accepted).
    const url = new URL(webhookUrl);
    if (url.pathname !== '/api/payments/webhook.php') return;
    await app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${encodeURIComponent(id)}`,
    });
  });
  app.addHook('onClose', async () => provider?.close());
  if (provider?.sandbox) app.decorate('mollieSandbox', provider.sandbox);

  const client = () => {
    if (!provider) throw new HttpError(503, 'payments_unavailable', 'Payments are not configured (MOLLIE_API_KEY)');
    return provider.client;
  };
  const ctx = async (request: FastifyRequest): Promise<CommerceContext> => ({
    db: app.db,
    client: client(),
    site: request.site,
    origin: await siteOrigin(request),
  });
  const sites = (id: number, db = app.db) => findSiteById(db, id);

  app.get('/api/pricing.php', async (request) => {
    const q = parseInput(PricingQuerySchema, request.query);
    let country = q.country;
    if (!country && request.session) {
      const { rows } = await app.db.query<{ country: string | null }>('SELECT country FROM members WHERE id = $1', [request.session.memberId]);
      country = rows[0]?.country ?? undefined;
    }
    return PricingResponseSchema.parse(pricing(request.site, paymentCountry(request.site, country)));
  });

  app.get('/api/credits.php', async (request) => {
    const memberId = requireMember(request);
    const { rows } = await app.db.query<{ country: string | null; signup_date: Date; credits: number }>(
      'SELECT country, signup_date, credits FROM members WHERE id = $1',
      [memberId],
    );
    const m = rows[0]!;
    const country = paymentCountry(request.site, m.country);
    const offer = provider ? await repeatOffer(await ctx(request), memberId) : null;
    return CreditsResponseSchema.parse({
      ...pricing(request.site, country),
      balance: m.credits,
      time_bonus: timeBonus(request.site, m.signup_date),
      repeat: offer ? { package: offer.package, method: offer.method } : null,
      history: await ledgerHistory(app.db, memberId),
      premium: await premiumState(app.db, memberId),
    });
  });

  app.get('/api/payment_methods.php', async (request) => {
    const memberId = requireMember(request);
    const q = parseInput(PaymentMethodsQuerySchema, request.query);
    const { rows } = await app.db.query<{ country: string | null; language: string | null }>(
      'SELECT country, language FROM members WHERE id = $1',
      [memberId],
    );
    const country = paymentCountry(request.site, rows[0]?.country);
    const item = q.plan ? findPlan(request.site, country, q.plan) : q.package ? findPackage(request.site, country, q.package) : undefined;
    if (!item) throw new HttpError(400, 'invalid_input', q.plan ? 'plan: no such plan here' : 'package: no such package here', q.plan ? 'plan' : 'package');
    const methods = await listMethods(client(), country, item.amount_cents, currencyOf(request.site, country), q.plan ? 'first' : 'oneoff', rows[0]?.language ?? null);
    return PaymentMethodsResponseSchema.parse({ methods });
  });

  app.post('/api/payments.php', async (request) => {
    const memberId = requireMember(request);
    const body = parseInput(CreatePaymentRequestSchema, request.body);
    return CreatePaymentResponseSchema.parse(await createPayment(await ctx(request), memberId, body));
  });

  app.post('/api/repeat_order.php', async (request) => {
    const memberId = requireMember(request);
    const body = parseInput(RepeatOrderRequestSchema, request.body);
    return CreatePaymentResponseSchema.parse(await repeatOrder({ ...(await ctx(request)) }, memberId, body));
  });

  app.get('/api/transactions.php', async (request) => {
    const { id } = parseInput(TransactionQuerySchema, request.query);
    let view = await transactionView(app.db, id, request.session?.memberId ?? null);
    if (!view) throw new HttpError(404, 'not_found', 'No such transaction');
    if (!view.final && provider) {
      // A webhook may be late or lost: ask the provider, act on what it says.
      const { rows } = await app.db.query<{ provider_id: string | null }>('SELECT provider_id FROM payments WHERE id = $1', [id]);
      if (rows[0]?.provider_id) {
        await applyProviderPayment({ db: app.db, client: provider.client, sites }, rows[0].provider_id);
        view = (await transactionView(app.db, id, request.session?.memberId ?? null))!;
      }
    }
    return TransactionResponseSchema.parse(view);
  });

  app.get('/api/premium.php', async (request) => PremiumStateSchema.parse(await premiumState(app.db, requireMember(request))));

  app.delete('/api/premium.php', async (request) => {
    const memberId = requireMember(request);
    return PremiumStateSchema.parse(await cancelPremium({ db: app.db, client: client(), site: request.site }, memberId));
  });

  app.put('/api/premium_photo.php', async (request) => {
    const memberId = requireMember(request);
    const { id, premium_only } = parseInput(PremiumPhotoRequestSchema, request.body);
    const { rows } = await app.db.query<{ is_main: boolean }>('SELECT is_main FROM images WHERE id = $1 AND member_id = $2', [id, memberId]);
    // Another member's photo answers as one that does not exist.
    if (!rows[0]) throw new HttpError(404, 'not_found', 'No such photo of yours', 'id');
    if (rows[0].is_main && premium_only) throw new HttpError(400, 'main_photo', 'Your main photo is seen by everyone', 'id');
    await app.db.query('UPDATE images SET premium_only = $3 WHERE id = $1 AND member_id = $2', [id, memberId, premium_only]);
    return PremiumPhotoResponseSchema.parse({ id, premium_only });
  });

  // The provider's webhook: a form body with the payment id only; no session, no CSRF token.
  app.register(async (hook) => {
    hook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    hook.post('/api/payments/webhook.php', { config: { csrf: false } }, async (request, reply) => {
      const { id } = parseInput(WebhookBodySchema, request.body ?? {});
      await applyProviderPayment({ db: app.db, client: client(), sites }, id);
      // 200 for every id, known or not: the provider stops retrying, nobody learns which ids exist.
      reply.type('text/plain');
      return '';
    });

    // The sandbox's hosted checkout page: the payer chooses the outcome (development only).
    hook.get('/api/dev/mollie/checkout/:id', async (request, reply) => {
      const sandbox = provider?.sandbox;
      if (!sandbox || app.config.production) throw new HttpError(404, 'not_found', 'Not found');
      const { id } = parseInput(CheckoutParamsSchema, request.params);
      const p = sandbox.payments.get(id);
      if (!p) throw new HttpError(404, 'not_found', 'No such payment');
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      return checkoutPage(p);
    });
    hook.post('/api/dev/mollie/checkout/:id', { config: { csrf: false } }, async (request, reply) => {
      const sandbox = provider?.sandbox;
      if (!sandbox || app.config.production) throw new HttpError(404, 'not_found', 'Not found');
      const { id } = parseInput(CheckoutParamsSchema, request.params);
      const { status, method } = parseInput(CheckoutChoiceSchema, request.body ?? {});
      if (!sandbox.payments.has(id)) throw new HttpError(404, 'not_found', 'No such payment');
      const back = await sandbox.choose(id, status, method);
      return reply.redirect(back ?? '/', 303);
    });
  });
});
