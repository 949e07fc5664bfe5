import crypto from 'node:crypto';
import type { MollieClient, SequenceType } from '@mollie/api-client';
import {
  FINAL_PAYMENT_STATUSES,
  type CreatePaymentRequest,
  type CreatePaymentResponse,
  type CreditPackage,
  type PaymentMethodInfo,
  type PaymentStatus,
  type PremiumState,
  type TransactionResponse,
} from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { findSiteById, type Site } from '../site/site';
import { checkoutPrices, findPackage, findPlan, livePrices, paymentCountry, currencyOf, priceChanged, timeBonus, toCents, toValue, VAT_RATES } from './catalog';

export { timeBonus } from './catalog';
import { idempotent } from './idempotency';
import { appendLedger } from './ledger';
import { queueReceipt } from './receipt';
import { liveCodeCondition } from './discounts';

/** Public transaction ids: 24 random bytes, unguessable. */
export const newTransactionId = () => `txn_${crypto.randomBytes(18).toString('base64url')}`;

const MOLLIE_LOCALES: Record<string, string> = { en: 'en_US', nl: 'nl_NL', de: 'de_DE', it: 'it_IT', fr: 'fr_FR', es: 'es_ES', pl: 'pl_PL' };

export interface CommerceContext {
  db: Db;
  client: MollieClient;
  site: Site;
  /** scheme://host of the site as the member sees it (redirects and webhooks). */
  origin: string;
}

interface MemberRow {
  id: number;
  email: string;
  name: string;
  /** The billing country (members.billing_country: fixed once, never the editable profile's). */
  country: string | null;
  language: string | null;
  signup_date: Date;
  paid_user: boolean;
  credits: number;
}

async function loadMember(db: Db, memberId: number): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    'SELECT id, email, name, billing_country AS country, language, signup_date, paid_user, credits FROM members WHERE id = $1',
    [memberId],
  );
  if (!rows[0]) throw new HttpError(403, 'login_required', 'Log in to use this');
  return rows[0];
}

/** The methods the provider offers for an amount in a country (and a sequence type). */
export async function listMethods(
  client: MollieClient,
  country: string,
  amountCents: number,
  currency: string,
  sequenceType: 'oneoff' | 'first' | 'recurring',
  language: string | null,
): Promise<PaymentMethodInfo[]> {
  const methods = await client.methods.list({
    sequenceType: sequenceType as SequenceType,
    amount: { value: toValue(amountCents), currency },
    billingCountry: country,
    locale: (MOLLIE_LOCALES[language ?? 'en'] ?? 'en_US') as never,
  } as Parameters<MollieClient['methods']['list']>[0]);
  return methods.flatMap((m) =>
    ['ideal', 'bancontact', 'przelewy24', 'eps', 'creditcard', 'paypal'].includes(m.id)
      ? [{ id: m.id as PaymentMethodInfo['id'], description: m.description }]
      : [],
  );
}

async function ensureCustomer(ctx: CommerceContext, member: MemberRow): Promise<string> {
  const { rows } = await ctx.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE member_id = $1', [member.id]);
  if (rows[0]) return rows[0].customer_id;
  const customer = await ctx.client.customers.create({
    name: member.name,
    email: member.email,
    metadata: { member_id: member.id },
  });
  const { rows: saved } = await ctx.db.query<{ customer_id: string }>(
    `INSERT INTO payment_customers (member_id, customer_id) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET member_id = EXCLUDED.member_id RETURNING customer_id`,
    [member.id, customer.id],
  );
  return saved[0]!.customer_id;
}

interface DiscountRow {
  id: number;
  percentage: string | null;
  extra_credits: number | null;
  welcome: boolean;
  welcome_days: number | null;
}

/** The sites by id, for receipts of payments that a refresh finds paid. */
const siteById = (id: number, db: Db) => findSiteById(db, id);

/**
 * Asks the provider about an open payment of ours and acts on its answer (as the webhook would):
 * a checkout abandoned long ago has expired there, and what it held (a discount code, a pending
 * subscription) is released.
 */
async function refreshOpenPayment(ctx: CommerceContext, where: string, params: unknown[]): Promise<void> {
  const { rows } = await ctx.db.query<{ provider_id: string }>(
    `SELECT provider_id FROM payments WHERE ${where} AND provider_id IS NOT NULL AND status IN ('open', 'pending', 'authorized')`,
    params,
  );
  for (const r of rows) await applyProviderPayment({ db: ctx.db, client: ctx.client, sites: siteById }, r.provider_id);
}

/**
 * A discount code the member may use now; 400 on the field otherwise, 409 while another open
 * checkout of the member holds it (its redemption is reserved when a checkout starts and released
 * when that payment fails, is canceled or expires: docs/payments.md).
 */
async function usableDiscount(ctx: CommerceContext, member: MemberRow, code: string): Promise<DiscountRow> {
  const { db, site } = ctx;
  const { rows } = await db.query<DiscountRow>(
    `SELECT id, percentage, extra_credits, welcome, welcome_days FROM discount_codes d
      WHERE site_id = $1 AND code = upper($2) AND ${liveCodeCondition('d', '$3::int')}`,
    [site.id, code, member.id],
  );
  const d = rows[0];
  const welcomeOk = (x: DiscountRow) =>
    !x.welcome || (!member.paid_user && new Date(member.signup_date).getTime() + (x.welcome_days ?? 0) * 86_400_000 > Date.now());
  if (!d || !welcomeOk(d)) throw new HttpError(400, 'discount_invalid', 'This discount code is not valid', 'discount_code');
  const held = `id IN (SELECT payment_id FROM discount_redemptions WHERE discount_code_id = $1 AND member_id = $2)`;
  await refreshOpenPayment(ctx, held, [d.id, member.id]);
  const { rows: used } = await db.query<{ status: PaymentStatus }>(
    `SELECT p.status FROM discount_redemptions r JOIN payments p ON p.id = r.payment_id WHERE r.discount_code_id = $1 AND r.member_id = $2`,
    [d.id, member.id],
  );
  if (used[0]?.status === 'paid') throw new HttpError(400, 'discount_used', 'You have used this discount code already', 'discount_code');
  if (used[0]) throw discountReserved();
  return d;
}

const discountReserved = () =>
  new HttpError(409, 'discount_reserved', 'This discount code is held by another checkout you started: finish or cancel that payment first', 'discount_code');

/** What a package costs this member now, on the server only. */
export function quote(pkg: CreditPackage, discount: DiscountRow | null) {
  const pct = discount?.percentage ? Number(discount.percentage) : 0;
  return {
    amount_cents: Math.max(1, Math.round((pkg.amount_cents * (100 - pct)) / 100)),
    extra_credits: discount?.extra_credits ?? 0,
  };
}

async function methodAllowed(ctx: CommerceContext, country: string, cents: number, currency: string, method: string, sequence: 'oneoff' | 'first', language: string | null) {
  const methods = await listMethods(ctx.client, country, cents, currency, sequence, language);
  return methods.some((m) => m.id === method);
}

/** POST payments.php: a credit package or a premium plan; answers where to pay (once per idempotency key). */
export function createPayment(ctx: CommerceContext, memberId: number, req: CreatePaymentRequest): Promise<CreatePaymentResponse> {
  return idempotent(ctx.db, memberId, req.idempotency_key, 'payments', req, () => createPaymentOnce(ctx, memberId, req));
}

const alreadyPremium = () => new HttpError(409, 'already_premium', 'You have Premium already', 'plan_id');
const premiumPending = () =>
  new HttpError(409, 'premium_pending', 'You started a Premium payment already: finish or cancel it first', 'plan_id');

async function createPaymentOnce(ctx: CommerceContext, memberId: number, req: CreatePaymentRequest): Promise<CreatePaymentResponse> {
  const member = await loadMember(ctx.db, memberId);
  // The prices the checkout showed: today's, or those of a version changed since it was opened.
  const prices = await checkoutPrices(ctx.db, ctx.site, req.price_version);
  const country = paymentCountry(prices, member.country);
  const currency = currencyOf(prices, country);
  const id = newTransactionId();
  let amount: number;
  let description: string;
  let sequenceType: 'oneoff' | 'first' = 'oneoff';
  let insert: { kind: 'credits' | 'premium'; packageId: string | null; planId: string | null; list: number; credits: number; bonus: number; discountId: number | null };

  if (req.kind === 'credits') {
    const pkg = findPackage(prices, country, req.package_id);
    if (!pkg) throw new HttpError(400, 'invalid_input', 'package_id: no such package here', 'package_id');
    const discount = req.discount_code ? await usableDiscount(ctx, member, req.discount_code) : null;
    const q = quote(pkg, discount);
    amount = q.amount_cents;
    const tb = timeBonus(prices, member.signup_date);
    const bonus = q.extra_credits + (tb ? Math.round((pkg.credits * tb.percent) / 100) : 0);
    insert = { kind: 'credits', packageId: pkg.id, planId: null, list: pkg.amount_cents, credits: pkg.credits, bonus, discountId: discount?.id ?? null };
    description = `${ctx.site.name}: ${pkg.credits} credits`;
  } else {
    const plan = findPlan(prices, country, req.plan_id);
    if (!plan) throw new HttpError(400, 'invalid_input', 'plan_id: no such plan here', 'plan_id');
    // A Premium checkout abandoned long ago has expired at the provider: its pending subscription ends.
    await refreshOpenPayment(ctx, `member_id = $1 AND kind = 'premium' AND subscription_id IN (SELECT id FROM subscriptions WHERE member_id = $1 AND status = 'pending')`, [memberId]);
    const { rows: open } = await ctx.db.query<{ status: string }>(
      `SELECT status FROM subscriptions WHERE member_id = $1 AND (status IN ('pending', 'active') OR (status = 'canceled' AND current_period_end > now()))
        ORDER BY status = 'pending'`,
      [memberId],
    );
    if (open[0]) throw open[0].status === 'pending' ? premiumPending() : alreadyPremium();
    amount = plan.amount_cents;
    sequenceType = 'first';
    insert = { kind: 'premium', packageId: null, planId: plan.id, list: plan.amount_cents, credits: 0, bonus: 0, discountId: null };
    description = premiumDescription(ctx.site.name, plan.months);
  }
  if (req.expected_amount_cents !== amount) throw priceChanged();
  if (!(await methodAllowed(ctx, country, amount, currency, req.method, sequenceType, member.language))) {
    throw new HttpError(400, 'invalid_input', 'method: not offered for this payment', 'method');
  }
  // Credits: a first payment when the method can leave a mandate (for repeat orders).
  if (req.kind === 'credits' && (await methodAllowed(ctx, country, amount, currency, req.method, 'first', member.language))) {
    sequenceType = 'first';
  }
  const customerId = sequenceType === 'first' ? await ensureCustomer(ctx, member) : null;
  // One transaction claims what this checkout holds: the member's one pending subscription (the
  // unique index subscriptions_one_open decides between parallel checkouts) and the discount
  // code's redemption (its primary key does); either taken answers 409 and nothing is created.
  const subscriptionId = await ctx.db.transaction(async (tx) => {
    if (insert.discountId) {
      // Uses left, counted under the code's row lock: parallel checkouts of several members never
      // take more than max_uses between them.
      const { rows: left } = await tx.query(
        `SELECT 1 FROM discount_codes d WHERE d.id = $1 FOR NO KEY UPDATE`,
        [insert.discountId],
      );
      const { rows: full } = await tx.query(
        `SELECT 1 FROM discount_codes d WHERE d.id = $1 AND d.max_uses IS NOT NULL
            AND (SELECT count(*) FROM discount_redemptions r WHERE r.discount_code_id = d.id) >= d.max_uses`,
        [insert.discountId],
      );
      if (!left.length || full.length) throw new HttpError(400, 'discount_invalid', 'This discount code is not valid', 'discount_code');
    }
    let subId: number | null = null;
    if (req.kind === 'premium') {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO subscriptions (member_id, site_id, plan_id) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) WHERE status IN ('pending', 'active') DO NOTHING RETURNING id`,
        [memberId, ctx.site.id, req.plan_id],
      );
      if (!rows[0]) throw premiumPending();
      subId = rows[0].id;
    }
    await tx.query(
      `INSERT INTO payments (id, site_id, member_id, kind, sequence_type, package_id, plan_id, country, method, amount_cents,
                             currency, list_cents, vat_rate, credits, bonus_credits, discount_code_id, return_to, subscription_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [id, ctx.site.id, memberId, insert.kind, sequenceType, insert.packageId, insert.planId, country, req.method, amount,
       currency, insert.list, VAT_RATES[country] ?? 0, insert.credits, insert.bonus, insert.discountId, req.return_to ?? null, subId],
    );
    if (insert.discountId) {
      const { rows } = await tx.query(
        `INSERT INTO discount_redemptions (discount_code_id, member_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
        [insert.discountId, memberId, id],
      );
      if (!rows.length) throw discountReserved();
    }
    return subId;
  });
  let payment;
  try {
    payment = await ctx.client.payments.create({
      amount: { value: toValue(amount), currency },
      description,
      redirectUrl: `${ctx.origin}/transactions/${id}`,
      webhookUrl: `${ctx.origin}/api/payments/webhook.php`,
      method: req.method as never,
      locale: (MOLLIE_LOCALES[member.language ?? 'en'] ?? 'en_US') as never,
      metadata: { transaction_id: id },
      sequenceType: sequenceType as SequenceType,
      ...(customerId ? { customerId } : {}),
    });
  } catch (err) {
    // Never created at the provider: what this checkout held is released.
    await releaseHeld(ctx.db, id, subscriptionId);
    throw err;
  }
  await ctx.db.query('UPDATE payments SET provider_id = $2 WHERE id = $1', [id, payment.id]);
  return { transaction_id: id, checkout_url: payment.getCheckoutUrl() ?? null, status: payment.status as PaymentStatus };
}

/** A payment that will never be paid: its discount reservation goes, its pending subscription ends. */
async function releaseHeld(db: Db, paymentId: string, subscriptionId: number | null, status: PaymentStatus = 'failed'): Promise<void> {
  await db.query(`UPDATE payments SET status = $2 WHERE id = $1 AND status <> 'paid'`, [paymentId, status]);
  await db.query('DELETE FROM discount_redemptions WHERE payment_id = $1', [paymentId]);
  if (subscriptionId) await db.query(`UPDATE subscriptions SET status = 'ended' WHERE id = $1 AND status = 'pending'`, [subscriptionId]);
}

/** The member's customer and a valid mandate, if any (repeat orders). */
async function validMandate(ctx: CommerceContext, memberId: number): Promise<{ customerId: string; mandateId: string; method: string } | null> {
  const { rows } = await ctx.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE member_id = $1', [memberId]);
  if (!rows[0]) return null;
  const mandates = await ctx.client.customerMandates.page({ customerId: rows[0].customer_id });
  const valid = mandates.find((m) => m.status === 'valid');
  return valid ? { customerId: rows[0].customer_id, mandateId: valid.id, method: valid.method } : null;
}

/** The package a repeat order buys (the last paid one, at today's price) and the mandate's method. */
export async function repeatOffer(ctx: CommerceContext, memberId: number): Promise<{ package: CreditPackage; method: string; customerId: string; mandateId: string } | null> {
  const { rows } = await ctx.db.query<{ package_id: string; country: string }>(
    `SELECT package_id, country FROM payments WHERE member_id = $1 AND kind = 'credits' AND status = 'paid' AND site_id = $2
      ORDER BY paid_at DESC LIMIT 1`,
    [memberId, ctx.site.id],
  );
  if (!rows[0]) return null;
  const pkg = findPackage(livePrices(ctx.site), rows[0].country, rows[0].package_id);
  if (!pkg) return null;
  const mandate = await validMandate(ctx, memberId);
  return mandate ? { package: pkg, ...mandate } : null;
}

/** POST repeat_order.php: the last package again through the mandate ("recurring"). */
export function repeatOrder(
  ctx: CommerceContext,
  memberId: number,
  req: { idempotency_key: string; expected_amount_cents: number; return_to?: string },
): Promise<CreatePaymentResponse> {
  return idempotent(ctx.db, memberId, req.idempotency_key, 'repeat_order', req, () => repeatOrderOnce(ctx, memberId, req));
}

async function repeatOrderOnce(ctx: CommerceContext, memberId: number, req: { expected_amount_cents: number; return_to?: string }): Promise<CreatePaymentResponse> {
  const offer = await repeatOffer(ctx, memberId);
  if (!offer) throw new HttpError(400, 'no_repeat_order', 'There is no earlier purchase to repeat', 'expected_amount_cents');
  if (req.expected_amount_cents !== offer.package.amount_cents) throw priceChanged();
  const member = await loadMember(ctx.db, memberId);
  const prices = livePrices(ctx.site);
  const country = paymentCountry(prices, member.country);
  const tb = timeBonus(prices, member.signup_date);
  const id = newTransactionId();
  await ctx.db.query(
    `INSERT INTO payments (id, site_id, member_id, kind, sequence_type, package_id, country, method, amount_cents, currency,
                           list_cents, vat_rate, credits, bonus_credits, return_to)
     VALUES ($1, $2, $3, 'credits', 'recurring', $4, $5, $6, $7, $8, $7, $9, $10, $11, $12)`,
    [id, ctx.site.id, memberId, offer.package.id, country, offer.method, offer.package.amount_cents, offer.package.currency,
     VAT_RATES[country] ?? 0, offer.package.credits, tb ? Math.round((offer.package.credits * tb.percent) / 100) : 0, req.return_to ?? null],
  );
  const payment = await ctx.client.payments.create({
    amount: { value: toValue(offer.package.amount_cents), currency: offer.package.currency },
    description: `${ctx.site.name}: ${offer.package.credits} credits`,
    webhookUrl: `${ctx.origin}/api/payments/webhook.php`,
    metadata: { transaction_id: id },
    sequenceType: 'recurring' as SequenceType,
    customerId: offer.customerId,
    mandateId: offer.mandateId,
  });
  await ctx.db.query('UPDATE payments SET provider_id = $2 WHERE id = $1', [id, payment.id]);
  // Recurring payments need no payer: act on the status the provider answers at once.
  await applyProviderPayment(ctx, payment.id);
  const { rows } = await ctx.db.query<{ status: PaymentStatus }>('SELECT status FROM payments WHERE id = $1', [id]);
  return { transaction_id: id, checkout_url: null, status: rows[0]!.status };
}

interface PaymentRow {
  id: string;
  site_id: number;
  /** null once the member deleted the account (the record stays: migration 0076). */
  member_id: number | null;
  kind: 'credits' | 'premium' | 'renewal';
  status: PaymentStatus;
  amount_cents: number;
  currency: string;
  credits: number;
  bonus_credits: number;
  refunded_cents: number;
  charged_back_cents: number;
  discount_code_id: number | null;
  subscription_id: number | null;
  plan_id: string | null;
  country: string;
  vat_rate: string;
}

const PAYMENT_COLUMNS = `id, site_id, member_id, kind, status, amount_cents, currency, credits, bonus_credits, refunded_cents, charged_back_cents,
  discount_code_id, subscription_id, plan_id, country, vat_rate`;

/** paid_user follows the latest subscriptions: active, or canceled but paid until the period's end. */
export async function syncPaidUser(db: Db, memberId: number): Promise<void> {
  await db.query(
    `UPDATE members SET paid_user = EXISTS (
       SELECT 1 FROM subscriptions s WHERE s.member_id = $1
          AND (s.status = 'active' OR (s.status = 'canceled' AND s.current_period_end > now())))
     WHERE id = $1`,
    [memberId],
  );
}

/** What the payment page and the bank statement say for Premium: the site and the period, never an id. */
const premiumDescription = (site: string, months: number) => `${site}: Premium, ${months} ${months === 1 ? 'month' : 'months'}`;
const monthsOf = (planId: string | null) => (planId === '12m' ? 12 : planId === '3m' ? 3 : 1);

/**
 * The webhook's work: fetch the payment from the provider and act on its status only. Unknown ids
 * are ignored; a payment already processed is not processed again (the row is locked and its
 * recorded status compared), so ten deliveries credit once. Answers nothing; never trusts a body.
 */
export async function applyProviderPayment(ctx: Omit<CommerceContext, 'site' | 'origin'> & { sites?: (id: number, db: Db) => Promise<Site> }, providerId: string): Promise<void> {
  let payment;
  try {
    payment = await ctx.client.payments.get(providerId);
  } catch {
    return; // unknown at the provider: ignored
  }
  const status = payment.status as PaymentStatus;
  // Refunds (the site's) and chargebacks (the payer's bank) are kept apart; together they are what
  // came back to the payer, and that share of the payment's credits leaves the balance.
  const refunded = toCents(payment.amountRefunded?.value ?? '0');
  const chargedBack = toCents(payment.amountChargedBack?.value ?? '0');
  const returned = refunded + chargedBack;
  const afterCommit: (() => Promise<void>)[] = [];
  await ctx.db.transaction(async (tx) => {
    let { rows } = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider_id = $1 FOR UPDATE`, [providerId]);
    if (!rows[0] && payment.subscriptionId) {
      // A renewal charged by a subscription: recorded on first sight.
      const { rows: subs } = await tx.query<{ id: number; member_id: number; site_id: number; plan_id: string }>(
        'SELECT id, member_id, site_id, plan_id FROM subscriptions WHERE provider_id = $1',
        [payment.subscriptionId],
      );
      const sub = subs[0];
      if (!sub) return;
      const { rows: m } = await tx.query<{ country: string | null }>('SELECT billing_country AS country FROM members WHERE id = $1', [sub.member_id]);
      await tx.query(
        `INSERT INTO payments (id, site_id, member_id, kind, provider_id, sequence_type, plan_id, country, method, amount_cents, currency, list_cents, vat_rate, subscription_id)
         VALUES ($1, $2, $3, 'renewal', $4, 'recurring', $5, $6, $7, $8, $9, $8, $10, $11) ON CONFLICT (provider_id) DO NOTHING`,
        [newTransactionId(), sub.site_id, sub.member_id, providerId, sub.plan_id, m[0]?.country ?? 'NL', payment.method ?? null,
         toCents(payment.amount.value), payment.amount.currency, VAT_RATES[m[0]?.country ?? ''] ?? 0, sub.id],
      );
      ({ rows } = await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider_id = $1 FOR UPDATE`, [providerId]));
    }
    const row = rows[0];
    if (!row) return; // not ours: ignored
    // The provider's amount must be the one we asked for; anything else is not acted on.
    if (toCents(payment.amount.value) !== row.amount_cents || payment.amount.currency !== row.currency) return;
    if (row.member_id === null) {
      // The member deleted the account (the record stays, migration 0076): it follows the
      // provider's status and refunds; there is nobody left to credit or to give Premium.
      await tx.query(
        `UPDATE payments SET status = CASE WHEN status = 'paid' THEN status ELSE $2 END, refunded_cents = $3, charged_back_cents = $4 WHERE id = $1`,
        [row.id, status, Math.min(refunded, row.amount_cents), Math.min(chargedBack, row.amount_cents - Math.min(refunded, row.amount_cents))],
      );
      return;
    }
    const memberId = row.member_id;

    if (row.status !== status && row.status !== 'paid') {
      await tx.query(`UPDATE payments SET status = $2, paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END WHERE id = $1`, [row.id, status]);
      if (status === 'paid') {
        if (row.kind === 'credits') {
          await appendLedger(tx, memberId, 'purchase', row.credits, { paymentId: row.id });
          if (row.bonus_credits) await appendLedger(tx, memberId, 'bonus', row.bonus_credits, { paymentId: row.id, note: 'purchase bonus' });
          if (row.discount_code_id) {
            await tx.query(
              `INSERT INTO discount_redemptions (discount_code_id, member_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
              [row.discount_code_id, memberId, row.id],
            );
          }
        } else if (row.kind === 'premium' && row.subscription_id) {
          await tx.query(
            `UPDATE subscriptions SET status = 'active', current_period_end = now() + make_interval(months => $2) WHERE id = $1`,
            [row.subscription_id, monthsOf(row.plan_id)],
          );
          const subId = row.subscription_id;
          const customerId = payment.customerId!;
          afterCommit.push(async () => {
            // The subscription charges the next periods through the mandate the first payment left.
            const start = new Date();
            start.setUTCMonth(start.getUTCMonth() + monthsOf(row.plan_id));
            const { rows: origin } = await ctx.db.query<{ provider_id: string | null }>('SELECT provider_id FROM subscriptions WHERE id = $1', [subId]);
            if (origin[0]?.provider_id) return;
            const sub = await ctx.client.customerSubscriptions.create({
              customerId,
              amount: { value: toValue(row.amount_cents), currency: row.currency },
              interval: `${monthsOf(row.plan_id)} months`,
              // The first payment's words (site and period), never an id.
              description: payment.description,
              startDate: start.toISOString().slice(0, 10),
              webhookUrl: payment.webhookUrl ?? undefined,
              metadata: { subscription: subId },
            });
            await ctx.db.query('UPDATE subscriptions SET provider_id = $2 WHERE id = $1 AND provider_id IS NULL', [subId, sub.id]);
          });
        } else if (row.kind === 'renewal' && row.subscription_id) {
          await tx.query(
            `UPDATE subscriptions SET status = CASE WHEN status = 'canceled' THEN status ELSE 'active' END,
                    current_period_end = greatest(coalesce(current_period_end, now()), now()) + make_interval(months => $2)
              WHERE id = $1`,
            [row.subscription_id, monthsOf(row.plan_id)],
          );
        }
        {
          // A receipt for every paid payment, renewals included.
          const { rows: m } = await tx.query<{ email: string; name: string; language: string | null }>(
            'SELECT email, name, language FROM members WHERE id = $1',
            [memberId],
          );
          if (m[0] && ctx.sites) {
            await queueReceipt(tx, {
              site: await ctx.sites(row.site_id, tx),
              memberId,
              to: m[0].email,
              name: m[0].name,
              language: m[0].language,
              transactionId: row.id,
              amountCents: row.amount_cents,
              currency: row.currency,
              vatRate: Number(row.vat_rate),
              credits: row.credits,
              bonusCredits: row.bonus_credits,
              months: row.kind === 'credits' ? null : monthsOf(row.plan_id),
            });
          }
        }
      } else if (status === 'failed' || status === 'expired' || status === 'canceled') {
        // The discount code this checkout held is free again.
        if (row.discount_code_id) await tx.query('DELETE FROM discount_redemptions WHERE payment_id = $1', [row.id]);
      }
      if ((status === 'failed' || status === 'expired' || status === 'canceled') && row.subscription_id) {
        await tx.query(
          `UPDATE subscriptions SET status = CASE WHEN $2 = 'renewal' THEN 'past_due' ELSE 'ended' END WHERE id = $1 AND status IN ('pending', 'active')`,
          [row.subscription_id, row.kind],
        );
      }
    }
    // Refunds and chargebacks reported by the provider take the credits back (in proportion).
    const returnedBefore = row.refunded_cents + row.charged_back_cents;
    if ((row.status === 'paid' || status === 'paid') && returned > returnedBefore) {
      if (row.kind === 'credits') {
        const total = row.credits + row.bonus_credits;
        const before = Math.round((total * Math.min(returnedBefore, row.amount_cents)) / row.amount_cents);
        const after = Math.round((total * Math.min(returned, row.amount_cents)) / row.amount_cents);
        if (after > before) await appendLedger(tx, memberId, 'refund', -(after - before), { paymentId: row.id });
      } else if (row.subscription_id && returned >= row.amount_cents) {
        await tx.query(`UPDATE subscriptions SET status = 'ended', current_period_end = now() WHERE id = $1`, [row.subscription_id]);
      }
      // A payment recorded before chargebacks were kept apart may hold one in refunded_cents already.
      await tx.query('UPDATE payments SET refunded_cents = greatest(refunded_cents, $2), charged_back_cents = $3 WHERE id = $1', [row.id, refunded, chargedBack]);
    }
    await syncPaidUser(tx, memberId);
  });
  for (const f of afterCommit) await f();
}

/** GET transactions.php: public status and amount; the payer also gets balance and way back. */
export async function transactionView(db: Db, id: string, viewerId: number | null): Promise<TransactionResponse | null> {
  const { rows } = await db.query<PaymentRow & { return_to: string | null }>(`SELECT ${PAYMENT_COLUMNS}, return_to FROM payments WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  let mine: TransactionResponse['mine'] = null;
  if (viewerId !== null && viewerId === row.member_id) {
    const { rows: m } = await db.query<{ credits: number; paid_user: boolean }>('SELECT credits, paid_user FROM members WHERE id = $1', [viewerId]);
    mine = {
      credits: row.credits,
      bonus_credits: row.bonus_credits,
      balance: m[0]?.credits ?? 0,
      paid_user: m[0]?.paid_user ?? false,
      return_to: row.return_to,
    };
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    final: FINAL_PAYMENT_STATUSES.includes(row.status),
    amount_cents: row.amount_cents,
    currency: row.currency,
    mine,
  };
}

/** The member's premium state (the latest subscription). */
export async function premiumState(db: Db, memberId: number): Promise<PremiumState> {
  await db.query(`UPDATE subscriptions SET status = 'ended' WHERE member_id = $1 AND status = 'canceled' AND current_period_end <= now()`, [memberId]);
  await syncPaidUser(db, memberId);
  const { rows } = await db.query<{ status: PremiumState['status']; plan_id: PremiumState['plan_id']; current_period_end: Date | null; cancel_at_period_end: boolean }>(
    `SELECT status, plan_id, current_period_end, cancel_at_period_end FROM subscriptions
      WHERE member_id = $1 AND status <> 'pending' ORDER BY id DESC LIMIT 1`,
    [memberId],
  );
  const { rows: m } = await db.query<{ paid_user: boolean }>('SELECT paid_user FROM members WHERE id = $1', [memberId]);
  const s = rows[0];
  return {
    paid_user: m[0]?.paid_user ?? false,
    status: s?.status ?? 'none',
    plan_id: s?.plan_id ?? null,
    current_period_end: s?.current_period_end ? new Date(s.current_period_end).toISOString() : null,
    cancel_at_period_end: s?.cancel_at_period_end ?? false,
  };
}

/**
 * Stops a subscription renewing at the provider; one the provider has canceled already counts as
 * done. Recorded in provider_canceled_at, so that it is never asked again.
 */
async function cancelAtProvider(ctx: Pick<CommerceContext, 'db' | 'client'>, memberId: number, sub: { id: number; provider_id: string }): Promise<void> {
  const { rows: c } = await ctx.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE member_id = $1', [memberId]);
  if (!c[0]) return;
  try {
    await ctx.client.customerSubscriptions.cancel(sub.provider_id, { customerId: c[0].customer_id });
  } catch (err) {
    // Already canceled at the provider: our record follows.
    if (!(err instanceof Error && /canceled/i.test(err.message))) throw err;
  }
  await ctx.db.query('UPDATE subscriptions SET provider_canceled_at = now() WHERE id = $1', [sub.id]);
}

/** Every subscription of the member that may still renew at the provider (any status: see migration 0080). */
async function renewingAtProvider(db: Db, memberId: number): Promise<{ id: number; provider_id: string }[]> {
  const { rows } = await db.query<{ id: number; provider_id: string }>(
    `SELECT id, provider_id FROM subscriptions WHERE member_id = $1 AND provider_id IS NOT NULL AND provider_canceled_at IS NULL ORDER BY id`,
    [memberId],
  );
  return rows;
}

/**
 * DELETE premium.php: cancels at the provider every subscription of the member that could still
 * renew (not only the newest: nobody is told "canceled" and charged by another one); Premium
 * lasts until the paid period ends.
 */
export async function cancelPremium(ctx: { db: Db; client: () => MollieClient }, memberId: number): Promise<PremiumState> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `SELECT id FROM subscriptions WHERE member_id = $1 AND status IN ('active', 'past_due')`,
    [memberId],
  );
  if (!rows.length) throw new HttpError(400, 'not_premium', 'You have no subscription to cancel');
  // The provider is asked only when there is something to cancel there (without one configured, a
  // member with nothing to cancel still gets the 400, not a 503).
  const renewing = await renewingAtProvider(ctx.db, memberId);
  if (renewing.length) {
    const client = ctx.client();
    for (const sub of renewing) await cancelAtProvider({ db: ctx.db, client }, memberId, sub);
  }
  await ctx.db.query(
    `UPDATE subscriptions SET status = CASE WHEN status = 'past_due' THEN 'ended' ELSE 'canceled' END, cancel_at_period_end = true
      WHERE member_id = $1 AND status IN ('active', 'past_due')`,
    [memberId],
  );
  return premiumState(ctx.db, memberId);
}

/**
 * Before an account is deleted: every subscription that could still renew is canceled at the
 * provider (nobody is charged after leaving), then the provider's customer (name, email, member
 * id) is deleted there. The provider is asked only when there is something to do; `client` gives
 * it (it throws when payments are not configured). Should the provider not answer, 503 and the
 * account stays.
 */
export async function leavePaymentProvider(db: Db, client: () => MollieClient, memberId: number): Promise<void> {
  const renewing = await renewingAtProvider(db, memberId);
  const { rows: customers } = await db.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE member_id = $1', [memberId]);
  if (!renewing.length && !customers.length) return;
  try {
    const c = client();
    for (const sub of renewing) await cancelAtProvider({ db, client: c }, memberId, sub);
    for (const { customer_id } of customers) {
      try {
        await c.customers.delete(customer_id);
      } catch (err) {
        // Deleted at the provider already (an earlier attempt): nothing left there.
        if (!(err instanceof Error && /no customer exists|not found|410|gone/i.test(err.message))) throw err;
      }
      await db.query('DELETE FROM payment_customers WHERE customer_id = $1', [customer_id]);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(503, 'payments_unavailable', 'The payment provider did not answer, so the subscription could not be ended: try again in a moment');
  }
}
