import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { RowIdSchema } from './ids';
import { RULE_MESSAGES } from './messages';
import { PACKAGE_BADGES, PAYMENT_STATUSES } from '../operatorLists';

/** Credits, payments and premium (api/README.md, "Credits and payments"). Amounts are in cents. */

export { PACKAGE_BADGES, PAYMENT_STATUSES } from '../operatorLists';
export const PackageIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/);
export const PlanIdSchema = z.enum(['1m', '3m', '12m']);
export type PlanId = z.infer<typeof PlanIdSchema>;
/** Payment method ids as the provider (Mollie) names them. */
export const PAYMENT_METHODS = ['ideal', 'bancontact', 'przelewy24', 'eps', 'creditcard', 'paypal'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
/** Statuses after which a payment never changes again (refunds aside). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

export const CreditPackageSchema = z.object({
  id: PackageIdSchema,
  credits: z.number().int().positive(),
  amount_cents: z.number().int().positive(),
  currency: z.string().length(3),
  badge: z.enum(PACKAGE_BADGES).nullable(),
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

export const PremiumPlanSchema = z.object({
  id: PlanIdSchema,
  months: z.number().int().positive(),
  amount_cents: z.number().int().positive(),
  currency: z.string().length(3),
});
export type PremiumPlan = z.infer<typeof PremiumPlanSchema>;

/** Extra credits on purchases until `ends_at` (a window after signup). */
export const TimeBonusSchema = z.object({ percent: z.number().int().positive(), ends_at: z.string() });
export type TimeBonus = z.infer<typeof TimeBonusSchema>;

export const PremiumStateSchema = z.object({
  paid_user: z.boolean(),
  status: z.enum(['none', 'pending', 'active', 'canceled', 'past_due', 'ended']),
  plan_id: PlanIdSchema.nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type PremiumState = z.infer<typeof PremiumStateSchema>;

/** GET /api/pricing.php (public): what the site sells in the visitor's (or member's) country. */
export const PricingResponseSchema = z.object({
  country: z.string(),
  currency: z.string().length(3),
  /** Credits (hundredths of the currency) one message costs. */
  message_cost: z.number().int().nonnegative(),
  /** Credits one message costs a Premium member (the site's premium_message_percent of message_cost). */
  premium_message_cost: z.number().int().nonnegative(),
  packages: z.array(CreditPackageSchema),
  plans: z.array(PremiumPlanSchema),
  /** The site's price version these prices are; a checkout sends it back (CreatePaymentRequest). */
  price_version: z.number().int().nonnegative(),
});
export type PricingResponse = z.infer<typeof PricingResponseSchema>;

export const LEDGER_KINDS = ['opening', 'purchase', 'message', 'refund', 'bonus', 'correction'] as const;
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  created_at: z.string(),
  transaction_id: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** GET /api/credits.php: the member's balance, offer and history. */
export const CreditsResponseSchema = PricingResponseSchema.extend({
  balance: z.number().int(),
  time_bonus: TimeBonusSchema.nullable(),
  /** The package a repeat order would buy through the stored mandate, or null. */
  repeat: z.object({ package: CreditPackageSchema, method: z.string() }).nullable(),
  history: z.array(LedgerEntrySchema),
  premium: PremiumStateSchema,
});
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;

export const PaymentMethodsQuerySchema = z.object({
  package: PackageIdSchema.optional(),
  plan: PlanIdSchema.optional(),
});
export const PaymentMethodInfoSchema = z.object({ id: PaymentMethodSchema, description: z.string() });
export const PaymentMethodsResponseSchema = z.object({ methods: z.array(PaymentMethodInfoSchema) });
export type PaymentMethodInfo = z.infer<typeof PaymentMethodInfoSchema>;

/** Where to go back after paying: a path of this site (never another origin). */
export const ReturnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'return_to: a path of this site');

/** Message key of the checkout's withdrawal consent (mf-commerce's catalogs). */
export const CONSENT_REQUIRED = RULE_MESSAGES.consentRequired;
/** EU withdrawal rules for digital content: the member consents to immediate delivery. */
export const ConsentSchema = z.literal(true, { error: CONSENT_REQUIRED });
/** The checkout form (mf-commerce): a method and the consent. */
export const CheckoutFormSchema = z.object({ method: PaymentMethodSchema, consent: ConsentSchema });
/** The repeat-order confirmation form: the consent. */
export const ConsentFormSchema = z.object({ consent: ConsentSchema });

/**
 * One key per checkout form (made by the form when it is shown, never reused for another
 * payment): the server keeps the first answer for the key, and a repeat of the call with the same
 * key (a double click, a retry after a lost answer, a second tab of the same form) gets that
 * answer instead of a second payment (docs/payments.md, "Idempotency").
 */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotency_key: 16 to 64 letters, digits, - or _');

/** A new idempotency key for a checkout form: 128 random bits, base64url (any browser context). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const PaymentCommon = {
  method: PaymentMethodSchema,
  /** The amount the member was shown; another amount than the server's answers 400 price_changed. */
  expected_amount_cents: z.number().int().positive(),
  /**
   * The price version the checkout showed (PricingResponse.price_version): a checkout opened before
   * an operator changed the prices is paid at the price it showed, for CHECKOUT_PRICE_HOLD_MINUTES
   * after the change (docs/prices-campaigns.md). Absent: today's prices.
   */
  price_version: z.number().int().nonnegative().max(2_147_483_647).optional(),
  consent: ConsentSchema,
  return_to: ReturnToSchema.optional(),
  idempotency_key: IdempotencyKeySchema,
};
/** How long after a price change a checkout opened before it may still be paid at its price. */
export const CHECKOUT_PRICE_HOLD_MINUTES = 30;
export const CreatePaymentRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('credits'), package_id: PackageIdSchema, discount_code: z.string().max(40).optional(), ...PaymentCommon }),
  z.object({ kind: z.literal('premium'), plan_id: PlanIdSchema, ...PaymentCommon }),
]);
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;

export const CreatePaymentResponseSchema = z.object({
  transaction_id: z.string(),
  /** The provider's page to pay on; null when nothing is left to do there (recurring payments). */
  checkout_url: z.string().nullable(),
  status: PaymentStatusSchema,
});
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponseSchema>;

/** POST /api/repeat_order.php: the last package again, through the stored mandate. */
export const RepeatOrderRequestSchema = z.object({
  expected_amount_cents: z.number().int().positive(),
  consent: ConsentSchema,
  return_to: ReturnToSchema.optional(),
  idempotency_key: IdempotencyKeySchema,
});

export const TransactionQuerySchema = z.object({ id: z.string().regex(/^txn_[A-Za-z0-9_-]{20,40}$/, 'id: not a transaction id') });
/** GET /api/transactions.php?id=…: public status and amount; `mine` only for the payer. */
export const TransactionResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(['credits', 'premium', 'renewal']),
  status: PaymentStatusSchema,
  final: z.boolean(),
  amount_cents: z.number().int(),
  currency: z.string().length(3),
  mine: z
    .object({
      credits: z.number().int(),
      bonus_credits: z.number().int(),
      balance: z.number().int(),
      paid_user: z.boolean(),
      return_to: z.string().nullable(),
    })
    .nullable(),
});
export type TransactionResponse = z.infer<typeof TransactionResponseSchema>;

/** PUT /api/premium_photo.php: share one of your photos (not the main one) with Premium members only, or with everyone. */
export const PremiumPhotoRequestSchema = z.object({ id: RowIdSchema, premium_only: z.boolean() });
/** The photo's setting and its thumbnail's file name now (a photo made premium-only is renamed). */
export const PremiumPhotoResponseSchema = z.object({ id: z.number().int(), premium_only: z.boolean(), thumb_filename: z.string() });
