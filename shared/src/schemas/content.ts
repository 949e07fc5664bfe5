// Acquisition and content: lander campaigns and complaints.
import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LANDER_KINDS, type LanderKind } from '../routes';
import { COMPLAINT_CATEGORIES, COMPLAINT_DESCRIPTION_MAX, COMPLAINT_DESCRIPTION_MIN } from '../formRules';
import { RowIdSchema } from './ids';
import { GenderSchema, MainImageSchema } from './user';
import { LocaleSchema } from './site';

/** How many members a lander shows at most. */
export const LANDER_MEMBER_LIMIT = 24;
/** A member seen this recently counts as online now (alonetonight). */
export const ONLINE_WINDOW_MINUTES = 15;

export const LanderKindSchema = z.enum(LANDER_KINDS);
export const CampaignSlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'a lower-case slug of letters, digits and dashes');

/** GET /api/lander.php: the campaign of /landers/{kind}/{slug}, its members and (maplanding) map. */
export const LanderQuerySchema = z.object({
  kind: LanderKindSchema,
  slug: CampaignSlugSchema,
  /** The visitor's language: campaign texts in it when the campaign has them. */
  lang: LocaleSchema.optional(),
  /** The visitor's country (geoip or chosen); one of the site's countries, else the site's first. */
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
});
export type LanderQuery = z.input<typeof LanderQuerySchema>;

export const CampaignSchema = z.object({
  slug: z.string(),
  kind: LanderKindSchema,
  /** The kinds this campaign may be shown with. */
  kinds: z.array(LanderKindSchema),
  language: LocaleSchema,
  headline: z.string(),
  text: z.string(),
  target_gender: GenderSchema.nullable(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  /** A background video; null: the lander animates the members' photos instead. */
  video_url: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** A member on a lander: public facts only, city level, never coordinates. */
export const LanderMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  /** The main photo (approved, not Premium-only), with its large version and WebP where stored. */
  main_image: MainImageSchema.nullable(),
  personal: z.string(),
  online: z.boolean(),
  /** A profile the site runs: always marked (the site's `fictional_icon` chooses how the mark looks). */
  fictional: z.boolean(),
});
export type LanderMember = z.infer<typeof LanderMemberSchema>;

/**
 * A face on a visitor's home (GET /api/home_faces.php): a member of the site's target group chosen
 * as the landers choose theirs, with a photo; first name and age only (no place, no text).
 */
export const HomeFaceSchema = LanderMemberSchema.pick({ id: true, name: true, age: true, fictional: true }).extend({
  main_image: MainImageSchema,
});
export type HomeFace = z.infer<typeof HomeFaceSchema>;
export const HomeFacesResponseSchema = z.object({ members: z.array(HomeFaceSchema) });
export type HomeFacesResponse = z.infer<typeof HomeFacesResponseSchema>;

/**
 * A map of the visitor's country at city level: the country drawn as dots (one per grid cell that
 * has a town) and the cities with members, with counts, in the same 0..1000 coordinate space.
 */
export const LanderMapSchema = z.object({
  country: z.string(),
  width: z.number(),
  height: z.number(),
  dots: z.array(z.tuple([z.number(), z.number()])),
  cities: z.array(z.object({ city: z.string(), count: z.number().int().positive(), x: z.number(), y: z.number() })),
});
export type LanderMap = z.infer<typeof LanderMapSchema>;

export const LanderResponseSchema = z.object({
  campaign: CampaignSchema,
  members: z.array(LanderMemberSchema),
  /** Members of the campaign's target group online now. */
  online_count: z.number().int().nonnegative(),
  /** Members of the campaign's target group in all. */
  member_count: z.number().int().nonnegative(),
  map: LanderMapSchema.nullable(),
});
export type LanderResponse = z.infer<typeof LanderResponseSchema>;

// ---- Operators: campaigns as data (GET/POST/PUT/DELETE /api/admin/campaigns.php, bearer token) ----

/** The age range a campaign can target (members are adults; the oldest age a profile can have). */
export const CAMPAIGN_MIN_AGE = 18;
export const CAMPAIGN_MAX_AGE = 100;
/** How many members an operator may put first on a lander (at most what a lander shows). */
export const CAMPAIGN_FEATURED_MAX = LANDER_MEMBER_LIMIT;
export const CAMPAIGN_HEADLINE_MAX = 120;
export const CAMPAIGN_TEXT_MAX = 1000;

const KindsSchema = z
  .array(
    z.string().refine((k): k is LanderKind => (LANDER_KINDS as readonly string[]).includes(k), {
      message: `an unknown lander kind; the kinds are ${LANDER_KINDS.join(', ')}`,
    }),
  )
  .min(1, 'at least one lander kind')
  .refine((ks) => new Set(ks).size === ks.length, 'each kind once')
  .transform((ks) => ks as LanderKind[]);

const CampaignTextSchema = z.object({
  headline: z.string().trim().min(1, 'a headline is needed').max(CAMPAIGN_HEADLINE_MAX, `at most ${CAMPAIGN_HEADLINE_MAX} characters`),
  text: z.string().trim().min(1, 'a text is needed').max(CAMPAIGN_TEXT_MAX, `at most ${CAMPAIGN_TEXT_MAX} characters`),
});
/** Texts per language; at least one (a visitor in another language gets the site's, then English, then any). */
const CampaignTextsSchema = z
  .partialRecord(LocaleSchema, CampaignTextSchema)
  .refine((t) => Object.keys(t).length > 0, 'texts in at least one language');

const AgeSchema = z
  .number()
  .int('a whole number of years')
  .min(CAMPAIGN_MIN_AGE, `at least ${CAMPAIGN_MIN_AGE}`)
  .max(CAMPAIGN_MAX_AGE, `at most ${CAMPAIGN_MAX_AGE}`);

/** A background video: an https URL or a path on the site; null: the members' photos move instead. */
const VideoUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'an https:// URL or a path on the site starting with /')
  .nullable();

const CampaignFieldsSchema = z.object({
  kinds: KindsSchema,
  texts: CampaignTextsSchema,
  /** Whom the lander shows: members of this gender, null for both. */
  target_gender: GenderSchema.nullable(),
  min_age: AgeSchema,
  max_age: AgeSchema,
  video_url: VideoUrlSchema,
  /** Members whose photos lead the page (only active members of the target group are ever shown). */
  featured_member_ids: z.array(RowIdSchema).max(CAMPAIGN_FEATURED_MAX, `at most ${CAMPAIGN_FEATURED_MAX} members`),
  active: z.boolean(),
});

const ageRange = (v: { min_age?: number; max_age?: number }, ctx: z.RefinementCtx) => {
  if (v.min_age !== undefined && v.max_age !== undefined && v.min_age > v.max_age) {
    ctx.addIssue({ code: 'custom', path: ['max_age'], message: 'the age range ends before it starts: max_age must be at least min_age' });
  }
};

/** POST /api/admin/campaigns.php: a new campaign of the site. */
export const CampaignCreateSchema = CampaignFieldsSchema.extend({
  slug: CampaignSlugSchema,
  target_gender: GenderSchema.nullable().default(null),
  min_age: AgeSchema.default(CAMPAIGN_MIN_AGE),
  max_age: AgeSchema.default(99),
  video_url: VideoUrlSchema.default(null),
  featured_member_ids: CampaignFieldsSchema.shape.featured_member_ids.default([]),
  active: z.boolean().default(true),
}).superRefine(ageRange);
export type CampaignCreate = z.input<typeof CampaignCreateSchema>;

/** PUT /api/admin/campaigns.php: the campaign `slug`, with the fields to change (the others stay). */
export const CampaignUpdateSchema = CampaignFieldsSchema.partial()
  .extend({ slug: CampaignSlugSchema })
  .superRefine(ageRange);
export type CampaignUpdate = z.input<typeof CampaignUpdateSchema>;

/** DELETE /api/admin/campaigns.php?slug=: deactivates (the row stays, its lander answers 404). */
export const CampaignSlugQuerySchema = z.object({ slug: CampaignSlugSchema });

/** A campaign as operators see it: every field, every language. */
export const OperatorCampaignSchema = z.object({
  slug: z.string(),
  kinds: z.array(LanderKindSchema),
  texts: z.partialRecord(LocaleSchema, z.object({ headline: z.string(), text: z.string() })),
  target_gender: GenderSchema.nullable(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  video_url: z.string().nullable(),
  featured_member_ids: z.array(z.number().int()),
  active: z.boolean(),
  created_at: z.string(),
  /** Where it is live, one path per kind (while active). */
  paths: z.array(z.string()),
  /**
   * Its own figures from the stored data: page views of its landers, signups made on them
   * (member_signups.form_path), of those the activated, and those who paid at least once.
   */
  figures: z.object({
    visitors: z.number().int(),
    signups: z.number().int(),
    activations: z.number().int(),
    first_purchases: z.number().int(),
  }),
});
export type OperatorCampaign = z.infer<typeof OperatorCampaignSchema>;
export const OperatorCampaignResponseSchema = z.object({ campaign: OperatorCampaignSchema });
export const OperatorCampaignsResponseSchema = z.object({
  campaigns: z.array(OperatorCampaignSchema),
  /** For the tracking link: the site's host names and the traffic sources (`network`) it knows. */
  hosts: z.array(z.string()),
  traffic_sources: z.array(z.string()),
});

// The complaint form's categories and lengths live in ../formRules (its view ships without zod).
export { COMPLAINT_CATEGORIES, COMPLAINT_DESCRIPTION_MAX, COMPLAINT_DESCRIPTION_MIN, type ComplaintCategory } from '../formRules';

/**
 * The member a complaint is about: a member id, or a profile link that contains one
 * (…/members/123, …/profile/123, ?id=123). Empty: none.
 */
export function memberIdFromReference(raw: string | undefined | null): number | null | 'invalid' {
  const text = (raw ?? '').trim();
  if (!text) return null;
  const m = /^#?(\d{1,10})$/.exec(text) ?? /\/(?:members|profile|member)\/(\d{1,10})(?:[/?#]|$)/.exec(text) ?? /[?&]id=(\d{1,10})(?:&|$)/.exec(text);
  if (!m) return 'invalid';
  const id = Number(m[1]);
  return id > 0 && id <= 2_147_483_647 ? id : 'invalid';
}

/** POST /api/complaints.php. A visitor gives an email address; a member's comes from the account. */
export const ComplaintRequestSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES),
  /** Member id or profile link; optional. */
  member: z
    .string()
    .max(500)
    .optional()
    .refine((v) => memberIdFromReference(v) !== 'invalid', 'a member number or a link to a profile'),
  description: z
    .string()
    .trim()
    .min(COMPLAINT_DESCRIPTION_MIN, `at least ${COMPLAINT_DESCRIPTION_MIN} characters`)
    .max(COMPLAINT_DESCRIPTION_MAX, `at most ${COMPLAINT_DESCRIPTION_MAX} characters`),
  email: z.union([z.literal(''), z.string().trim().max(254).email('Value is not a valid email address')]).optional(),
  language: LocaleSchema,
});
export type ComplaintRequest = z.input<typeof ComplaintRequestSchema>;

/** The /complaints form of a member: the request without its language (a member's address is the account's). */
export const ComplaintFormSchema = ComplaintRequestSchema.omit({ language: true });
/** The /complaints form of a visitor, who must give an address to be answered at. */
export const ComplaintVisitorFormSchema = ComplaintFormSchema.extend({ email: z.string().trim().max(254).email() });

export const ComplaintResponseSchema = z.object({
  /** The complaint's reference number, quoted in the confirmation. */
  reference: z.string(),
  /** Where the confirmation went. */
  confirmation_sent_to: z.string(),
});
export type ComplaintResponse = z.infer<typeof ComplaintResponseSchema>;

export { COMPANY_REGISTERS, companyRegisterName } from '../siteText';
