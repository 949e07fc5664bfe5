import type { CompanyInfo, Flags, Locale, Settings, Theme } from '@dating/shared';
import { ALL_FEATURES_ON, LOCALES } from '@dating/shared';
import type { StoredSettings } from '../site/site';
import { ALL_COUNTRIES, messageCosts, regionData } from './regions';
import type { CommerceConfig } from '../commerce/catalog';
import { amoraCommerce, velvetCommerce } from './commerce';

export interface SiteSeed {
  templateName: string;
  isDefault: boolean;
  hosts: string[];
  name: string;
  domainLanguage: Locale;
  languages: Locale[];
  signups: Settings['signups'];
  flags: Omit<Flags, 'templateName'>;
  theme: Theme;
  company: CompanyInfo;
  settings: StoredSettings;
  /** Credit packages, premium plans and time bonus per country (src/seed/commerce.ts). */
  commerce: CommerceConfig;
  /** Template name of the site whose members this one shares. */
  sharesMembersWith?: string;
  /** The traffic sources (landing URLs' `network`) the site knows (0090_traffic_sources.sql). */
  trafficSources: string[];
}

/**
 * The demo's partner networks, and the site's own match finder (its visitors search as
 * `match-finder` traffic, mf-landers useMatches): a site whose search is closed to other visitors
 * still shows the match finder's results, and an operator who wants otherwise removes it.
 */
const DEMO_TRAFFIC_SOURCES = ['affiliate', 'newsletter', 'partner', 'match-finder'];

// The last six are configurable: their allowed values come from GET /api/profile_fields.php (0022_catalog.sql).
const PROFILE_FIELDS = ['gender', 'age', 'city', 'countryregion', 'country', 'language',
  'relationship', 'looking_for', 'height', 'eye_color', 'hair_color', 'smoking'];
const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];

/** Warm, bright, international: the default site, for every host nobody registered. */
export const AMORA: SiteSeed = {
  templateName: 'amora',
  isDefault: true,
  hosts: ['localhost', '127.0.0.1', '::1', 'amora.localhost'],
  name: 'Amora',
  domainLanguage: 'en',
  languages: [...LOCALES],
  signups: 'all',
  flags: { ...ALL_FEATURES_ON },
  theme: {
    brandName: 'Amora',
    tagline: 'Meet someone who makes your heart beat faster',
    taglines: { nl: "Ontmoet iemand door wie je hart sneller gaat kloppen", de: "Triff jemanden, der dein Herz schneller schlagen lässt", it: "Incontra qualcuno che ti fa battere il cuore più forte", fr: "Rencontrez quelqu’un qui fait battre votre cœur plus vite", es: "Conoce a alguien que haga latir tu corazón más rápido", pl: "Poznaj kogoś, przy kim serce bije szybciej" },
    logoText: 'amora♥',
    primaryColor: '#d6336c',
    accentColor: '#ff8a65',
    backgroundColor: '#fff5f7',
    textColor: '#2d1b22',
  },
  company: {
    name: 'Amora Online B.V.',
    address: 'Herengracht 420',
    kvk: '81234567',
    city: 'Amsterdam',
    country: 'NL',
    tradenames: ['Amora', 'Amora Dating'],
    vat_numbers: ['NL862145031B01'],
    support_phone: '+31 20 808 1234',
    support_email: 'support@amora.example',
    delete_discount: 50,
  },
  settings: {
    region_data: regionData(ALL_COUNTRIES),
    countries: ALL_COUNTRIES,
    visible_profile_fields: PROFILE_FIELDS,
    visible_profile_notes: true,
    search_fields: SEARCH_FIELDS,
    minimum_message_costs: messageCosts(ALL_COUNTRIES),
    // Premium members pay half per message: the messaging benefit that makes Premium worth it to a chatter.
    premium_message_percent: 50,
    push_pub: null,
    cdn_prefix: '/api/images/',
    member_resell: ['cams'],
    logged_out_search: true,
    logged_out_search_trafficsource: true,
    fictional_icon: true,
  },
  commerce: amoraCommerce(ALL_COUNTRIES, (c) => messageCosts([c])[c]!.currency),
  trafficSources: DEMO_TRAFFIC_SOURCES,
};

const VELVET_COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'GB'];

/** Dark, discreet, Dutch first: the same members, another brand. */
export const VELVET: SiteSeed = {
  templateName: 'velvet',
  isDefault: false,
  hosts: ['velvet.localhost'],
  name: 'Velvet',
  domainLanguage: 'nl',
  languages: ['nl', 'en', 'de', 'fr'],
  signups: 'all',
  flags: { ...ALL_FEATURES_ON, notifications: false },
  theme: {
    brandName: 'Velvet',
    tagline: 'Elegant encounters after dark',
    taglines: { nl: "Stijlvolle ontmoetingen na het donker", de: "Elegante Begegnungen nach Einbruch der Dunkelheit", it: "Incontri eleganti dopo il tramonto", fr: "Des rencontres élégantes à la nuit tombée", es: "Encuentros elegantes al caer la noche", pl: "Eleganckie spotkania po zmroku" },
    logoText: 'VELVET',
    primaryColor: '#1c2a4a',
    accentColor: '#c9a227',
    backgroundColor: '#0e1424',
    textColor: '#f2ead3',
  },
  company: {
    name: 'Velvet Media GmbH',
    address: 'Friedrichstraße 68',
    kvk: 'HRB 219876 B',
    city: 'Berlin',
    country: 'DE',
    tradenames: ['Velvet', 'Velvet Nights'],
    vat_numbers: ['DE318765432'],
    support_phone: '+49 30 2555 8100',
    support_email: 'service@velvet.example',
    delete_discount: null,
  },
  settings: {
    region_data: regionData(VELVET_COUNTRIES),
    countries: VELVET_COUNTRIES,
    visible_profile_fields: ['gender', 'age', 'city', 'country', 'relationship', 'looking_for', 'smoking'],
    visible_profile_notes: false,
    search_fields: ['gender', 'country', 'min_age', 'max_age'],
    minimum_message_costs: messageCosts(VELVET_COUNTRIES),
    premium_message_percent: 60,
    push_pub: null,
    cdn_prefix: '/api/images/',
    member_resell: ['cams', 'camads'],
    logged_out_search: false,
    logged_out_search_trafficsource: true,
    fictional_icon: false,
  },
  commerce: velvetCommerce(VELVET_COUNTRIES, (c) => messageCosts([c])[c]!.currency),
  sharesMembersWith: 'amora',
  trafficSources: DEMO_TRAFFIC_SOURCES,
};

/** The velvet brand's members-only club: signups by invitation only (spec §2, signups 'other'). */
export const VELVET_CLUB: SiteSeed = {
  ...VELVET,
  templateName: 'velvet-club',
  hosts: ['invite.localhost'],
  name: 'Velvet Club',
  signups: 'other',
  theme: { ...VELVET.theme, brandName: 'Velvet Club', tagline: 'By invitation only.', taglines: { nl: "Alleen op uitnodiging.", de: "Nur auf Einladung.", it: "Solo su invito.", fr: "Sur invitation uniquement.", es: "Solo con invitación.", pl: "Tylko na zaproszenie." } },
  sharesMembersWith: 'amora',
};

export const SITE_SEEDS = [AMORA, VELVET, VELVET_CLUB];
