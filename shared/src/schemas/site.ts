import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { LOCALES, type Locale } from '../locales';
import { REMOTE_NAMES } from '../remoteNames';

export const LocaleSchema = z.enum(LOCALES as unknown as [Locale, ...Locale[]]);

/** Feature flags (spec §2, §3), chosen per template. A flag turned off removes its feature. */
export const FlagsSchema = z.object({
  templateName: z.string().min(1),
  navigation: z.boolean(),
  ui: z.boolean(),
  signup: z.boolean(),
  profileSearch: z.boolean(),
  profileSearchProfile: z.boolean(),
  memberDetails: z.boolean(),
  chat: z.boolean(),
  myProfile: z.boolean(),
  notifications: z.boolean(),
  footer: z.boolean(),
  devPanelOpen: z.boolean(),
});
export type Flags = z.infer<typeof FlagsSchema>;

/**
 * A site with every feature of spec §2 on and the developer panel closed: the starting point of
 * a template's flags (seeded sites turn features off from here) and of test fixtures.
 */
export const ALL_FEATURES_ON = {
  navigation: true,
  ui: true,
  signup: true,
  profileSearch: true,
  profileSearchProfile: true,
  memberDetails: true,
  chat: true,
  myProfile: true,
  notifications: true,
  footer: true,
  devPanelOpen: false,
} as const satisfies Omit<Flags, 'templateName'>;

export const RegionSchema = z.object({ id: z.number().int(), name: z.string() });
export type Region = z.infer<typeof RegionSchema>;

export const MessageCostSchema = z.object({ costs: z.number().nonnegative(), currency: z.string().length(3) });

/** Site settings of spec §3, as the original back end names them. */
export const SettingsSchema = z.object({
  name: z.string(),
  signups: z.enum(['all', 'with_trafficsource', 'other']),
  domain_language: LocaleSchema,
  languages: z.array(LocaleSchema).min(1),
  region_data: z.record(z.string(), z.array(RegionSchema)),
  countries: z.array(z.string().length(2)),
  geoip_selected_country: z.string().nullable(),
  geoip_country: z.string().nullable(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  minimum_message_costs: z.record(z.string(), MessageCostSchema),
  /** What Premium members pay per message, in percent of minimum_message_costs (rules.ts premiumMessageCost). */
  premium_message_percent: z.number().int().min(0).max(100).optional(),
  push_pub: z.string().nullable(),
  cdn_prefix: z.string(),
  member_resell: z.array(z.string()),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  fictional_icon: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const CompanyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** Where customer service reads mail (complaints are sent here). */
  support_email: z.string(),
  delete_discount: z.number().nullable(),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

/** Look of a white-label template: what makes two sites from one build look and read differently. */
export const ThemeSchema = z.object({
  brandName: z.string(),
  tagline: z.string(),
  /** The tagline in the site's other languages (tagline is the fallback). */
  taglines: z.partialRecord(LocaleSchema, z.string()).optional(),
  logoText: z.string(),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  textColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Theme = z.infer<typeof ThemeSchema>;

export { taglineOf } from '../siteText';

/** GET /api/settings.php: everything the shell needs to render a site, chosen by original host. */
export const SiteSettingsResponseSchema = z.object({
  settings: SettingsSchema,
  flags: FlagsSchema,
  theme: ThemeSchema,
  company: CompanyInfoSchema,
});
export type SiteSettings = z.infer<typeof SiteSettingsResponseSchema>;

/**
 * GET /api/remotes.php: remote name → URL of that remote's mf-manifest.json, for this visitor.
 * `versions`, only while the site runs a canary: each remote in one and the side this visitor is
 * on (sticky: the CANARY_COOKIE bucket); the shell reports how those versions load.
 */
export const RemoteRegistrySchema = z.object({
  remotes: z.partialRecord(z.enum(REMOTE_NAMES), z.url()),
  versions: z.partialRecord(z.enum(REMOTE_NAMES), z.enum(['live', 'canary'])).optional(),
});
export type RemoteRegistry = z.infer<typeof RemoteRegistrySchema>;

/** PUT /api/admin/remotes.php: point one remote at a new manifest (an admin's call; the registry screen's `point`). */
export const RemoteRegistryUpdateSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  url: z.url(),
});
export type RemoteRegistryUpdate = z.infer<typeof RemoteRegistryUpdateSchema>;

export const REMOTE_OUTCOMES = ['loaded', 'load_failed', 'view_error'] as const;

/**
 * POST /api/remote_report.php: what the shell saw of the remotes of this page (batched,
 * rate-limited): a remote loaded, failed to load, or its view failed, with the manifest it loaded.
 */
export const RemoteReportSchema = z.object({
  events: z
    .array(z.object({ remote: z.enum(REMOTE_NAMES), url: z.url(), outcome: z.enum(REMOTE_OUTCOMES), count: z.number().int().min(1).max(100).default(1) }))
    .min(1)
    .max(20),
});
export type RemoteReport = z.input<typeof RemoteReportSchema>;

/** The answer of POST /api/remote_report.php: how many events were counted. */
export const RemoteReportAnswerSchema = z.object({ counted: z.number().int() });
