import { z } from 'zod';
import './zod-config';
import { REMOTE_NAMES } from '../remoteNames';
import { CompanyInfoSchema, FlagsSchema, LocaleSchema, SettingsSchema, ThemeSchema } from './site';

// Sites and remote versions in the back office (admins of the site): docs/sites-remotes.md.

const text = (max: number) => z.string().trim().max(max);

/** What an admin edits of a site: template, languages, signups, logged-out search, flags, company. */
export const SiteEditSchema = z
  .object({
    /** The look of the template (the tagline in other languages stays as it is). */
    theme: ThemeSchema.omit({ taglines: true }).extend({ brandName: text(60).min(1), tagline: text(160), logoText: text(40).min(1) }),
    domain_language: LocaleSchema,
    languages: z.array(LocaleSchema).min(1).max(7),
    signups: SettingsSchema.shape.signups,
    logged_out_search: z.boolean(),
    logged_out_search_trafficsource: z.boolean(),
    /** How a site-run profile's mark looks (an icon, or a label); the mark itself is always shown. */
    fictional_icon: z.boolean(),
    flags: FlagsSchema.omit({ templateName: true }),
    company: CompanyInfoSchema.extend({
      name: text(200).min(1),
      address: text(200),
      kvk: text(40),
      city: text(100),
      country: text(100),
      tradenames: z.array(text(100).min(1)).max(20),
      vat_numbers: z.array(text(40).min(1)).max(20),
      support_phone: text(40),
      support_email: z.email().max(254),
      delete_discount: z.number().int().min(0).max(100).nullable(),
    }),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.languages).size !== s.languages.length) ctx.addIssue({ code: 'custom', path: ['languages'], message: 'each language once' });
    if (!s.languages.includes(s.domain_language)) {
      ctx.addIssue({ code: 'custom', path: ['domain_language'], message: "the site's first language must be one of its languages" });
    }
  });
export type SiteEdit = z.infer<typeof SiteEditSchema>;

/** GET/PUT /api/operator/site_settings.php: the current site as its admin edits it. */
export const OperatorSiteSettingsSchema = z.object({
  template_name: z.string(),
  hosts: z.array(z.string()),
  site: SiteEditSchema,
  updated_at: z.string(),
});
export type OperatorSiteSettings = z.infer<typeof OperatorSiteSettingsSchema>;

/** PUT /api/operator/site_settings.php: the whole edit, and the `updated_at` it was made from (409 if saved since). */
export const SiteSaveSchema = z.object({ site: SiteEditSchema, updated_at: z.string() });
export type SiteSave = z.infer<typeof SiteSaveSchema>;

const RemoteNameSchema = z.enum(REMOTE_NAMES);
/** A manifest URL: http or https. */
const ManifestUrlSchema = z.url({ protocol: /^https?$/, error: 'a manifest URL must be http or https' });

/** What browsers reported of one version of a remote (the shell: loads, load failures, view errors). */
export const RemoteVersionStatsSchema = z.object({
  url: z.string(),
  loads: z.number().int(),
  load_failures: z.number().int(),
  view_errors: z.number().int(),
  /** (load failures + view errors) / (loads + load failures), null before anything was reported. */
  error_rate: z.number().nullable(),
});
export type RemoteVersionStats = z.infer<typeof RemoteVersionStatsSchema>;

export const RemoteVersionSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  role: z.enum(['live', 'canary', 'canary_stopped']),
  action: z.string(),
  percent: z.number().int().nullable(),
  operator: z.string().nullable(),
  created_at: z.string(),
});
export type RemoteVersion = z.infer<typeof RemoteVersionSchema>;

export const OperatorRemoteSchema = z.object({
  remote: RemoteNameSchema,
  /** The manifest every visitor loads (but the canary's share). */
  url: z.string(),
  canary: z.object({ url: z.string(), percent: z.number().int(), started_at: z.string() }).nullable(),
  /** The live manifest before this one: what one-click rollback returns to. */
  previous: z.string().nullable(),
  /** Since the canary started (else the last 24 hours): the live version, then the canary. */
  stats: z.array(RemoteVersionStatsSchema),
  since: z.string(),
  /** Newest first, at most 20. */
  history: z.array(RemoteVersionSchema),
});
export type OperatorRemote = z.infer<typeof OperatorRemoteSchema>;

/** GET /api/operator/registry.php */
export const OperatorRegistrySchema = z.object({ remotes: z.array(OperatorRemoteSchema) });
export type OperatorRegistry = z.infer<typeof OperatorRegistrySchema>;

/** POST /api/operator/registry.php: one change of one remote (each audited). */
export const RegistryActionSchema = z.discriminatedUnion('action', [
  /** Everyone loads `url` from now on (a running canary of the remote ends). */
  z.object({ action: z.literal('point'), remote: RemoteNameSchema, url: ManifestUrlSchema }),
  /** Back to the live manifest before the current one (or to `url`, one of the history's). */
  z.object({ action: z.literal('rollback'), remote: RemoteNameSchema, url: ManifestUrlSchema.optional() }),
  /** `url` for `percent` of visitors, sticky per visitor. */
  z.object({ action: z.literal('canary'), remote: RemoteNameSchema, url: ManifestUrlSchema, percent: z.number().int().min(1).max(99) }),
  /** The canary becomes the live version for everyone. */
  z.object({ action: z.literal('promote'), remote: RemoteNameSchema }),
  /** Everyone back on the live version; the canary ends. */
  z.object({ action: z.literal('canary_stop'), remote: RemoteNameSchema }),
]);
export type RegistryAction = z.infer<typeof RegistryActionSchema>;
