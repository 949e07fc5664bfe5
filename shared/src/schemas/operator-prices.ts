// Prices, packages and codes of a site as finance keeps them (/api/operator/prices.php,
// prices_preview.php, discount_codes.php; roles: OPERATOR_AREAS.prices). The price book is what
// the API sells from (docs/prices-campaigns.md): per country its currency, the credits one message
// costs, the credit packages and the Premium plans; and the site's time bonus.
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { RULE_MESSAGES, tooLong } from './messages';
import { PACKAGE_BADGES, PackageIdSchema, PlanIdSchema } from './commerce';
import { DB_INT_MAX } from './operator';

/** A billing country: two capital letters. */
export const PriceCountrySchema = z.string().regex(/^[A-Z]{2}$/, 'country: two capital letters, e.g. NL');
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'currency: three capital letters, e.g. EUR');
/** An amount in cents: at least 1, at most 10,000.00. */
const CentsSchema = z.number().int('whole cents').min(1, 'at least 1 cent').max(1_000_000, 'at most 1,000,000 cents');

export const PriceBookPackageSchema = z.object({
  id: PackageIdSchema,
  credits: z.number().int().min(1).max(1_000_000),
  amount_cents: CentsSchema,
  badge: z.enum(PACKAGE_BADGES).nullable(),
});
export const PriceBookPlanSchema = z.object({ id: PlanIdSchema, months: z.number().int().min(1).max(36), amount_cents: CentsSchema });

const uniqueIds = (items: { id: string }[]) => new Set(items.map((i) => i.id)).size === items.length;

/** What a site sells in one billing country. */
export const CountryPricesSchema = z.object({
  currency: CurrencySchema,
  /** Credits one message costs a member billed in this country (credits are hundredths of the currency). */
  message_cost: z.number().int().min(0).max(100_000),
  packages: z.array(PriceBookPackageSchema).max(8).refine(uniqueIds, 'packages: each id once'),
  plans: z.array(PriceBookPlanSchema).max(3).refine(uniqueIds, 'plans: each id once'),
});
export type CountryPrices = z.infer<typeof CountryPricesSchema>;

export const PriceTimeBonusSchema = z.object({
  /** Extra credits, percent of the package. */
  percent: z.number().int().min(1).max(200),
  /** Within this many hours after signup. */
  hours: z.number().int().min(1).max(24 * 90),
});

export const PriceBookSchema = z.object({
  countries: z
    .record(PriceCountrySchema, CountryPricesSchema)
    .refine((c) => Object.keys(c).length > 0, 'countries: at least one country')
    .refine((c) => Object.keys(c).length <= 60, 'countries: at most 60'),
  time_bonus: PriceTimeBonusSchema.nullable(),
});
export type PriceBook = z.infer<typeof PriceBookSchema>;

/** The countries whose members' prices every change shows before it is saved. */
export const PREVIEW_COUNTRIES = ['NL', 'BE', 'DE', 'PL'] as const;

const PreviewItemSchema = z.object({
  id: z.string(),
  credits: z.number().int().nullable(),
  months: z.number().int().nullable(),
  /** Before the change (null: not sold before) and after it (null: no longer sold). */
  before_cents: z.number().int().nullable(),
  after_cents: z.number().int().nullable(),
});
/** What a member billed in one country pays, before and after a change. */
export const PricePreviewSchema = z.object({
  /** The member's billing country … */
  member_country: z.string(),
  /** … and the country whose prices they pay (the company's when the site does not sell there). */
  country: z.string(),
  currency: z.string(),
  /** The currency of `before_cents` (another when the change moves the country to another currency). */
  currency_before: z.string(),
  message_cost_before: z.number().int(),
  message_cost_after: z.number().int(),
  packages: z.array(PreviewItemSchema),
  plans: z.array(PreviewItemSchema),
});
export type PricePreview = z.infer<typeof PricePreviewSchema>;

export const PriceVersionSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  /** Who saved it; null: the seeded defaults. */
  operator: z.string().nullable(),
  reason: z.string().nullable(),
});

/** GET /api/operator/prices.php and the answer to a save. */
export const PricesResponseSchema = z.object({
  version: z.number().int(),
  book: PriceBookSchema,
  /** Newest first, at most 20. */
  history: z.array(PriceVersionSchema),
});
export type PricesResponse = z.infer<typeof PricesResponseSchema>;

/** POST /api/operator/prices_preview.php: a draft, not saved. */
export const PricePreviewRequestSchema = z.object({ book: PriceBookSchema });
export const PricePreviewResponseSchema = z.object({ preview: z.array(PricePreviewSchema) });

const ReasonSchema = z.string().trim().min(1, RULE_MESSAGES.required).max(500, tooLong(500));

/** PUT /api/operator/prices.php: the version the editor started from (409 when another was saved since). */
export const PricesSaveSchema = z.object({
  version: z.number().int().min(0).max(DB_INT_MAX),
  book: PriceBookSchema,
  reason: ReasonSchema,
});
export type PricesSave = z.infer<typeof PricesSaveSchema>;

// ─── Discount and welcome codes ──────────────────────────────────────────────────────────────

const Moment = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'a date, e.g. 2026-12-31')
  .transform((v) => new Date(v).toISOString());
const NetworkSchema = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'networks: lower-case letters, digits, - and _');

const CodeFields = {
  /** Percent off the package … */
  percentage: z.number().min(1).max(100).nullable(),
  /** … or extra credits with it (either, or both). */
  extra_credits: z.number().int().min(1).max(1_000_000).nullable(),
  /** Offered by itself to free members within `welcome_days` after signup (one active per site). */
  welcome: z.boolean(),
  welcome_days: z.number().int().min(1).max(365).nullable(),
  starts_at: Moment.nullable(),
  expires_at: Moment.nullable(),
  /** Uses over all members together (each member uses a code once); null: no limit. */
  max_uses: z.number().int().min(1).max(DB_INT_MAX).nullable(),
  /** Only members who came from these traffic sources (`network`); empty: everybody. */
  networks: z.array(NetworkSchema).max(20),
  /** Only members billed in these countries; empty: every country. */
  countries: z.array(PriceCountrySchema).max(60),
};

interface CodeRuleInput {
  percentage: number | null;
  extra_credits: number | null;
  welcome: boolean;
  welcome_days: number | null;
  starts_at: string | null;
  expires_at: string | null;
}
/** Rules across fields of a code, each naming its field. */
function codeRules(c: CodeRuleInput, ctx: z.RefinementCtx) {
  if (c.percentage === null && c.extra_credits === null) ctx.addIssue({ code: 'custom', message: 'percentage: a percentage or extra credits', path: ['percentage'] });
  if (c.welcome && c.welcome_days === null) ctx.addIssue({ code: 'custom', message: 'welcome_days: a welcome code needs its days', path: ['welcome_days'] });
  if (c.starts_at && c.expires_at && Date.parse(c.starts_at) >= Date.parse(c.expires_at)) {
    ctx.addIssue({ code: 'custom', message: 'expires_at: after the start', path: ['expires_at'] });
  }
}

export const DiscountCodeCreateSchema = z
  .object({ code: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{3,40}$/, 'code: 3 to 40 letters, digits, - or _'), ...CodeFields, reason: ReasonSchema })
  .superRefine(codeRules);
export type DiscountCodeCreate = z.input<typeof DiscountCodeCreateSchema>;

export const DiscountCodeUpdateSchema = z
  .object({ id: z.number().int().positive().max(DB_INT_MAX), ...CodeFields, active: z.boolean(), reason: ReasonSchema })
  .superRefine(codeRules);
export type DiscountCodeUpdate = z.input<typeof DiscountCodeUpdateSchema>;

export const OperatorDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  ...CodeFields,
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  active: z.boolean(),
  /** Paid uses, and checkouts holding the code now. */
  uses: z.number().int(),
  reserved: z.number().int(),
  created_at: z.string(),
});
export type OperatorDiscountCode = z.infer<typeof OperatorDiscountCodeSchema>;

export const DiscountCodesResponseSchema = z.object({ codes: z.array(OperatorDiscountCodeSchema) });
export const OperatorDiscountCodeResponseSchema = z.object({
  code: OperatorDiscountCodeSchema,
  /** The welcome code this one replaced (switched off), if any. */
  replaced: z.string().nullable(),
});
