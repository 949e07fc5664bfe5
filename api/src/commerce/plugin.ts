import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { MollieClient } from '@mollie/api-client';
import { z } from 'zod';
import { siteOrigin } from '../account/origin';
import { HttpError } from '../http/errors';
import { named } from '../openapi/names';
import { findSiteById } from '../site/site';
import { currencyOf, findPackage, findPlan, livePrices, paymentCountry, pricing } from './catalog';
import { ledgerHistory } from './ledger';
import {
  applyProviderPayment,
  cancelPremium,
  createPayment,
  leavePaymentProvider,
  listMethods,
  premiumState,
  repeatOffer,
  repeatOrder,
  timeBonus,
  transactionView,
  type CommerceContext,
} from './payments';
import { createPaymentProvider } from './provider';
import { setImagePremiumOnly } from '../images/store';
import { checkoutPage, sandboxPage } from './checkout-page';
import { registerMemberHooks } from '../account/lifecycle';
import { commerceMemberHooks } from './lifecycle';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Before the account is deleted: cancels at the payment provider every subscription of the
     * member that could still renew (nobody is charged after leaving), then deletes the member's
     * customer there (name, email, member id). Declared by src/commerce/plugin.ts, so that the
     * account plugin need not import commerce.
     */
    leavePaymentProvider(memberId: number): Promise<void>;
    /**
     * The payment provider's client (Mollie, or the local sandbox) for the operators' desks
     * (refunds, cancelling a subscription); 503 payments_unavailable when payments are not configured.
     */
    paymentClient(): MollieClient;
  }
}

export const PricingQuerySchema = named('PricingQuery', z.object({ country: z.string().regex(/^[A-Z]{2}$/).optional() }));
export const WebhookBodySchema = named('WebhookBody', z.object({ id: z.string().regex(/^[A-Za-z0-9_]{3,64}$/) }));
export const CheckoutParamsSchema = named('CheckoutParams', z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{4,40}$/) }));
export const SandboxPageQuerySchema = named(
  'SandboxPageQuery',
  z.object({
    renewed: z.string().regex(/^(tr_[A-Za-z0-9]{4,40}( |$))*$/).optional(),
    /** The payment just charged back from the page. */
    chargeback: z.string().regex(/^tr_[A-Za-z0-9]{4,40}$/).optional(),
  }),
);
export const SandboxPaymentParamsSchema = named('SandboxPaymentParams', z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{4,40}$/) }));
export const SandboxSubscriptionParamsSchema = named('SandboxSubscriptionParams', z.object({ id: z.string().regex(/^sub_[A-Za-z0-9]{4,40}$/) }));
export const CheckoutChoiceSchema = named('CheckoutChoice', z.object({
  status: z.enum(['paid', 'failed', 'canceled', 'expired']),
  method: z.string().max(20).optional(),
}));

/**
 * Credits and premium (api/README.md, "Credits and payments"): pricing, the member's credits,
 * payment methods, payments, repeat orders, transactions, premium, the provider's webhook, and —
 * without MOLLIE_API_KEY outside production — the local Mollie sandbox's hosted checkout page.
 */
/** preValidation: a form post without a body is validated as an empty form. */
const emptyBody = async (request: FastifyRequest) => {
  request.body ??= {};
};

export const commercePlugin = fp(async function commerce(root: FastifyInstance) {
  registerMemberHooks('commerce', commerceMemberHooks);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = await createPaymentProvider(app.config, app.db, async (webhookUrl, id) => {
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
  if (provider?.sandbox) {
    app.decorate('mollieSandbox', provider.sandbox);
    // Development: subscriptions renew on their own, as at Mollie (the sandbox's scheduler).
    provider.sandbox.startRenewals(app.config.mollieSandboxRenewalMs, (err) => app.log.error({ err }, 'sandbox renewal failed'));
  }

  const client = () => {
    if (!provider) throw new HttpError(503, 'payments_unavailable', 'Payments are not configured (MOLLIE_API_KEY)');
    return provider.client;
  };
  app.decorate('leavePaymentProvider', (memberId: number) => leavePaymentProvider(app.db, client, memberId));
  app.decorate('paymentClient', client);
  const ctx = async (request: FastifyRequest): Promise<CommerceContext> => ({
    db: app.db,
    client: client(),
    site: request.site,
    origin: await siteOrigin(request),
  });
  const sites = (id: number, db = app.db) => findSiteById(db, id);

  app.get(
    '/api/pricing.php',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['commerce'],
        summary: 'Credit packages, premium plans and the message price in the member’s billing country (a visitor: ?country=, else the company’s).',
        querystring: PricingQuerySchema,
        response: { 200: PricingResponseSchema },
      },
    },
    async (request) => {
      // A member sees the prices of their billing country (the ones they pay), whatever ?country= says.
      let country = request.query.country;
      if (request.session) {
        const { rows } = await app.db.query<{ country: string | null }>('SELECT billing_country AS country FROM members WHERE id = $1', [request.session.memberId]);
        country = rows[0]?.country ?? country;
      }
      const prices = livePrices(request.site);
      return pricing(prices, paymentCountry(prices, country));
    },
  );

  app.get(
    '/api/credits.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Balance (the ledger’s sum), packages, plans, time bonus, repeat-order offer, ledger history and premium state.',
        response: { 200: CreditsResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { rows } = await app.db.query<{ country: string | null; signup_date: Date; credits: number }>(
        'SELECT billing_country AS country, signup_date, credits FROM members WHERE id = $1',
        [memberId],
      );
      const m = rows[0]!;
      const prices = livePrices(request.site);
      const country = paymentCountry(prices, m.country);
      const offer = provider ? await repeatOffer(await ctx(request), memberId) : null;
      return {
        ...pricing(prices, country),
        balance: m.credits,
        time_bonus: timeBonus(prices, m.signup_date),
        repeat: offer ? { package: offer.package, method: offer.method } : null,
        history: await ledgerHistory(app.db, memberId),
        premium: await premiumState(app.db, memberId),
      };
    },
  );

  app.get(
    '/api/payment_methods.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Payment methods the provider offers for a package (?package=) or plan (?plan=) in the member’s billing country.',
        querystring: PaymentMethodsQuerySchema,
        response: { 200: PaymentMethodsResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const q = request.query;
      const { rows } = await app.db.query<{ country: string | null; language: string | null }>(
        'SELECT billing_country AS country, language FROM members WHERE id = $1',
        [memberId],
      );
      const prices = livePrices(request.site);
      const country = paymentCountry(prices, rows[0]?.country);
      const item = q.plan ? findPlan(prices, country, q.plan) : q.package ? findPackage(prices, country, q.package) : undefined;
      if (!item) throw new HttpError(400, 'invalid_input', q.plan ? 'plan: no such plan here' : 'package: no such package here', q.plan ? 'plan' : 'package');
      const methods = await listMethods(client(), country, item.amount_cents, currencyOf(prices, country), q.plan ? 'first' : 'oneoff', rows[0]?.language ?? null);
      return { methods };
    },
  );

  app.post(
    '/api/payments.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Start a payment for a package (with an optional discount code) or a premium plan; the price is computed on the server: another expected_amount_cents answers 400 price_changed. Answers the provider’s checkout URL.',
        body: CreatePaymentRequestSchema,
        response: { 200: CreatePaymentResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const body = request.body;
      return createPayment(await ctx(request), memberId, body);
    },
  );

  app.post(
    '/api/repeat_order.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Buy the last package again through the stored mandate (a recurring payment, no checkout).',
        body: RepeatOrderRequestSchema,
        response: { 200: CreatePaymentResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const body = request.body;
      return repeatOrder({ ...(await ctx(request)) }, memberId, body);
    },
  );

  app.get(
    '/api/transactions.php',
    {
      config: { access: 'public' },
      schema: {
        tags: ['commerce'],
        summary: 'A transaction’s status and amount (anyone with the unguessable id); `mine` (credits, balance, way back) only for the payer.',
        querystring: TransactionQuerySchema,
        response: { 200: TransactionResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.query;
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
      return view;
    },
  );

  app.get(
    '/api/premium.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'The member’s premium state (subscription status, period end).',
        response: { 200: PremiumStateSchema },
      },
    },
    async (request) => premiumState(app.db, request.memberId),
  );

  app.delete(
    '/api/premium.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Cancel premium: the subscription stops renewing; premium lasts until the period ends.',
        response: { 200: PremiumStateSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      return cancelPremium({ db: app.db, client }, memberId);
    },
  );

  app.put(
    '/api/premium_photo.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['commerce'],
        summary: 'Share one of your photos (not the main one) with Premium members only (it gets new file names), or with everyone again; others who are not Premium get it without its file name, and its file answers them 403.',
        body: PremiumPhotoRequestSchema,
        response: { 200: PremiumPhotoResponseSchema },
      },
    },
    async (request) => {
      const memberId = request.memberId;
      const { id, premium_only } = request.body;
      const { rows } = await app.db.query<{ is_main: boolean }>('SELECT is_main FROM images WHERE id = $1 AND member_id = $2', [id, memberId]);
      // Another member's photo answers as one that does not exist.
      if (!rows[0]) throw new HttpError(404, 'not_found', 'No such photo of yours', 'id');
      if (rows[0].is_main && premium_only) throw new HttpError(400, 'main_photo', 'Your main photo is seen by everyone', 'id');
      // Made premium-only, the photo gets new file names (src/images/store.ts).
      const thumb = await setImagePremiumOnly(app.db, memberId, id, premium_only);
      if (thumb === null) throw new HttpError(404, 'not_found', 'No such photo of yours', 'id');
      return { id, premium_only, thumb_filename: thumb };
    },
  );

  // The provider's webhook: a form body with the payment id only; no session, no CSRF token.
  app.register(async (hook) => {
    hook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const routes = hook.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/payments/webhook.php',
      {
        config: { access: 'public', csrf: false },
        // A webhook without a body is answered like one without an id.
        preValidation: emptyBody,
        schema: {
          tags: ['commerce'],
          summary: 'The payment provider’s webhook (form body id=tr_…): the API fetches the payment and acts on its status; 200 for any id.',
          consumes: ['application/x-www-form-urlencoded'],
          body: WebhookBodySchema,
        },
      },
      async (request, reply) => {
        await applyProviderPayment({ db: app.db, client: client(), sites }, request.body.id);
        // 200 for every id, known or not: the provider stops retrying, nobody learns which ids exist.
        reply.type('text/plain');
        return '';
      },
    );

    // The sandbox's hosted checkout page: the payer chooses the outcome (development only).
    const sandboxOnly = async () => {
      if (!provider?.sandbox) throw new HttpError(404, 'not_found', 'Not found');
    };
    routes.get(
      '/api/dev/mollie/checkout/:id',
      {
        config: { access: 'development' },
        onRequest: sandboxOnly,
        schema: {
          tags: ['development'],
          summary: 'The local Mollie sandbox’s hosted checkout page (no MOLLIE_API_KEY; 404 in production).',
          params: CheckoutParamsSchema,
          answers: 'html',
        },
      },
      async (request, reply) => {
        const p = await provider!.sandbox!.getPayment(request.params.id);
        if (!p) throw new HttpError(404, 'not_found', 'No such payment');
        reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
        return checkoutPage(p);
      },
    );
    routes.post(
      '/api/dev/mollie/checkout/:id',
      {
        config: { access: 'development', csrf: false },
        onRequest: sandboxOnly,
        preValidation: emptyBody,
        schema: {
          tags: ['development'],
          summary: 'The payer’s choice on the sandbox checkout page: paid, failed, canceled or expired; calls the webhook, redirects back.',
          consumes: ['application/x-www-form-urlencoded'],
          params: CheckoutParamsSchema,
          body: CheckoutChoiceSchema,
          answers: 'redirect',
        },
      },
      async (request, reply) => {
        const sandbox = provider!.sandbox!;
        const { id } = request.params;
        const { status, method } = request.body;
        if (!(await sandbox.getPayment(id))) throw new HttpError(404, 'not_found', 'No such payment');
        const back = await sandbox.choose(id, status, method);
        return reply.redirect(back ?? '/', 303);
      },
    );
    routes.get(
      '/api/dev/mollie/',
      {
        config: { access: 'development' },
        onRequest: sandboxOnly,
        schema: {
          tags: ['development'],
          summary: 'The local Mollie sandbox’s page: subscriptions with their next payment date (and a control to make the next renewal due now) and the latest payments.',
          querystring: SandboxPageQuerySchema,
          answers: 'html',
        },
      },
      async (request, reply) => {
        const sandbox = provider!.sandbox!;
        const { renewed, chargeback } = request.query;
        const notice = chargeback
          ? `Payment ${chargeback} was charged back by the payer's bank; its webhook was called.`
          : renewed === undefined
            ? null
            : renewed
              ? `Renewal charged as payment ${renewed}; its webhook was called.`
              : 'No renewal was due.';
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
        return sandboxPage(await sandbox.overview(), sandbox.clock().toISOString().slice(0, 10), notice);
      },
    );
    routes.post(
      '/api/dev/mollie/payments/:id/chargeback',
      {
        config: { access: 'development', csrf: false },
        onRequest: sandboxOnly,
        preValidation: emptyBody,
        schema: {
          tags: ['development'],
          summary:
            "Development control of the sandbox page: the payer's bank charges a paid payment back (what is not refunded yet), and the payment's webhook is called, as Mollie reports a chargeback.",
          params: SandboxPaymentParamsSchema,
          answers: 'redirect',
        },
      },
      async (request, reply) => {
        const sandbox = provider!.sandbox!;
        const p = await sandbox.getPayment(request.params.id);
        if (!p || p.status !== 'paid') throw new HttpError(404, 'not_found', 'No paid payment with this id');
        await sandbox.chargeback(p.id);
        return reply.redirect(`/api/dev/mollie/?chargeback=${encodeURIComponent(p.id)}`, 303);
      },
    );
    routes.post(
      '/api/dev/mollie/subscriptions/:id/due',
      {
        config: { access: 'development', csrf: false },
        onRequest: sandboxOnly,
        preValidation: emptyBody,
        schema: {
          tags: ['development'],
          summary: 'Development control of the sandbox page: the subscription’s next renewal becomes due today, and the renewal scheduler runs at once (a paid recurring payment, the webhook).',
          params: SandboxSubscriptionParamsSchema,
          answers: 'redirect',
        },
      },
      async (request, reply) => {
        const sandbox = provider!.sandbox!;
        if (!(await sandbox.makeRenewalDueNow(request.params.id))) throw new HttpError(404, 'not_found', 'No active subscription with this id');
        const created = await sandbox.runDueRenewals();
        return reply.redirect(`/api/dev/mollie/?renewed=${encodeURIComponent(created.join(' '))}`, 303);
      },
    );
  });
});
