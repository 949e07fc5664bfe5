import type { CompanyInfo, Flags, Locale, RemoteName, Settings, Theme } from '@dating/shared';
import type { Db } from '../db';
import type { CommerceConfig } from '../commerce/config';

/** The stored part of Settings; name, signups and languages are columns of their own. */
export type StoredSettings = Omit<
  Settings,
  'name' | 'signups' | 'domain_language' | 'languages' | 'geoip_selected_country' | 'geoip_country'
>;

/** A canary of one remote: `url` for `percent` of visitors (their CANARY_COOKIE bucket below it). */
export interface Canary {
  url: string;
  percent: number;
  started_at: string;
}

/** A white-label site (template) as the API uses it. */
export interface Site {
  id: number;
  templateName: string;
  /** The site whose members log in and are found here (itself unless it shares another's). */
  memberPoolId: number;
  name: string;
  domainLanguage: Locale;
  languages: Locale[];
  signups: Settings['signups'];
  flags: Omit<Flags, 'templateName'>;
  theme: Theme;
  company: CompanyInfo;
  settings: StoredSettings;
  remotes: Partial<Record<RemoteName, string>>;
  /** Remotes running a canary: a second manifest for a share of visitors (src/registry). */
  canaries: Partial<Record<RemoteName, Canary>>;
  /** What the site sells (src/commerce/catalog.ts). */
  commerce: CommerceConfig;
  /** The version of the prices in `commerce` and settings.minimum_message_costs (0: the seeded defaults). */
  priceVersion: number;
  /** The traffic sources (landing URLs' `network`) the site knows, lower case; never sent to browsers. */
  trafficSources: string[];
}

interface SiteRow {
  id: number;
  template_name: string;
  member_pool_id: number;
  name: string;
  domain_language: Locale;
  languages: Locale[];
  signups: Settings['signups'];
  flags: Site['flags'];
  theme: Theme;
  company: CompanyInfo;
  settings: StoredSettings;
  remotes: Site['remotes'];
  canaries: Site['canaries'];
  commerce: Partial<CommerceConfig>;
  price_version: number;
  traffic_sources: string[];
  /** The server's VAPID public key (src/push), null until the push plugin has created it. */
  push_pub: string | null;
}

const SITE_COLUMNS = `s.id, s.template_name, coalesce(s.shares_members_with, s.id) AS member_pool_id, s.name,
  s.domain_language, s.languages, s.signups, s.flags, s.theme, s.company, s.settings, s.remotes, s.canaries, s.commerce, s.price_version, s.traffic_sources,
  (SELECT public_key FROM vapid_keys WHERE id = 1) AS push_pub`;

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    templateName: row.template_name,
    memberPoolId: row.member_pool_id,
    name: row.name,
    domainLanguage: row.domain_language,
    languages: row.languages,
    signups: row.signups,
    flags: row.flags,
    theme: row.theme,
    company: row.company,
    settings: { ...row.settings, push_pub: row.push_pub },
    remotes: row.remotes,
    canaries: row.canaries,
    commerce: { packages: row.commerce.packages ?? {}, plans: row.commerce.plans ?? {}, time_bonus: row.commerce.time_bonus ?? null },
    priceVersion: row.price_version,
    trafficSources: row.traffic_sources,
  };
}

/** The site registered for a host, else the default site. */
export async function findSiteByHost(db: Db, host: string | undefined): Promise<Site> {
  const { rows } = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS}
       FROM sites s LEFT JOIN site_hosts h ON h.site_id = s.id AND h.host = $1
      WHERE h.host IS NOT NULL OR s.is_default
      ORDER BY (h.host IS NOT NULL) DESC
      LIMIT 1`,
    [host ?? ''],
  );
  if (!rows[0]) throw new Error('No default site: the database has not been seeded');
  return toSite(rows[0]);
}

/** A site by id (e.g. for work outside a request, such as webhooks). */
export async function findSiteById(db: Db, id: number): Promise<Site> {
  const { rows } = await db.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM sites s WHERE s.id = $1`, [id]);
  if (!rows[0]) throw new Error(`No site ${id}`);
  return toSite(rows[0]);
}

/**
 * The host name a request is for: the original host the browser saw (x-original-host), else the
 * proxy's x-forwarded-host, else Host. Lower case, without port; undefined when unusable.
 */
export function normalizeHost(raw: string | string[] | undefined): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  let host = value.split(',')[0]!.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end > 0 ? host.slice(1, end) : '';
  } else {
    host = host.replace(/:\d*$/, '');
  }
  host = host.replace(/\.$/, '');
  if (!host || host.length > 253 || !/^[a-z0-9.:_-]+$/.test(host)) return undefined;
  return host;
}
