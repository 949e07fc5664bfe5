import { CHECKOUT_PRICE_HOLD_MINUTES, premiumMessageCost, type CreditPackage, type PlanId, type PremiumPlan, type PricingResponse } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import type { CommerceConfig } from './config';
import { messageCost } from '../messages/messages';
import type { Site } from '../site/site';

export type { CommerceConfig } from './config';

/**
 * VAT included in the prices, per buyer country (EU OSS rates for digital services; GB, CH, AU, NZ
 * their own; US and CA none collected). Shown on receipts.
 */
export const VAT_RATES: Record<string, number> = {
  NL: 21, BE: 21, DE: 19, AT: 20, FR: 20, IT: 22, ES: 21, PL: 23, IE: 23,
  GB: 20, CH: 8.1, AU: 10, NZ: 15, US: 0, CA: 0,
};

/** Message price and currency per billing country (sites.settings.minimum_message_costs). */
export type MessageCosts = Record<string, { costs: number; currency: string }>;

/**
 * One version of what a site sells: the live one (sites.commerce, settings.minimum_message_costs,
 * sites.price_version) or an earlier one from price_versions (a checkout opened before a change).
 * Every price rule below reads one of these, never the seed code.
 */
export interface SitePrices {
  version: number;
  commerce: CommerceConfig;
  messageCosts: MessageCosts;
  /** Where a member is billed when the site does not sell in their country. */
  companyCountry: string;
  /** The share of the message price a Premium member pays (settings.premium_message_percent; the site's current one). */
  premiumMessagePercent: number | undefined;
}

/** The site's prices now. */
export function livePrices(site: Site): SitePrices {
  return {
    version: site.priceVersion,
    commerce: site.commerce,
    messageCosts: site.settings.minimum_message_costs,
    companyCountry: site.company.country,
    premiumMessagePercent: site.settings.premium_message_percent,
  };
}

/**
 * The country whose prices a member pays: their billing country (members.billing_country, fixed
 * once: docs/payments.md) when the site sells there, else the company's. Never the profile country.
 */
export function paymentCountry(prices: SitePrices, country: string | null | undefined): string {
  const c = prices.commerce;
  if (country && c.packages[country]?.length) return country;
  if (c.packages[prices.companyCountry]?.length) return prices.companyCountry;
  return Object.keys(c.packages)[0] ?? prices.companyCountry;
}

export function currencyOf(prices: SitePrices, country: string): string {
  return prices.messageCosts[country]?.currency ?? 'EUR';
}

export function pricing(prices: SitePrices, country: string): PricingResponse {
  const c = prices.commerce;
  const currency = currencyOf(prices, country);
  return {
    country,
    currency,
    message_cost: messageCost(prices.messageCosts, country),
    premium_message_cost: premiumMessageCost(messageCost(prices.messageCosts, country), prices.premiumMessagePercent),
    packages: (c.packages[country] ?? []).map((p) => ({ ...p, currency })),
    plans: (c.plans[country] ?? []).map((p) => ({ ...p, currency })),
    price_version: prices.version,
  };
}

export function findPackage(prices: SitePrices, country: string, id: string): CreditPackage | undefined {
  return pricing(prices, country).packages.find((p) => p.id === id);
}

export function findPlan(prices: SitePrices, country: string, id: PlanId): PremiumPlan | undefined {
  return pricing(prices, country).plans.find((p) => p.id === id);
}

/** Time bonus percentage and end for a member, or null outside the window. */
export function timeBonus(prices: SitePrices, signupDate: Date, now = Date.now()): { percent: number; ends_at: string } | null {
  const tb = prices.commerce.time_bonus;
  if (!tb) return null;
  const end = new Date(signupDate).getTime() + tb.hours * 3_600_000;
  return end > now ? { percent: tb.percent, ends_at: new Date(end).toISOString() } : null;
}

export const priceChanged = () =>
  new HttpError(400, 'price_changed', 'The price is not what you were shown: check it and try again', 'expected_amount_cents');

/**
 * The prices a checkout is paid at: today's, or — for a checkout opened before an operator changed
 * them (it sends the version it showed) — that version's, while the change is less than
 * CHECKOUT_PRICE_HOLD_MINUTES old. A version older than that, or unknown, answers price_changed.
 */
export async function checkoutPrices(db: Db, site: Site, version: number | undefined): Promise<SitePrices> {
  const live = livePrices(site);
  if (version === undefined || version === live.version) return live;
  const { rows } = await db.query<{ commerce: CommerceConfig; message_costs: MessageCosts }>(
    `SELECT v.commerce, v.message_costs FROM price_versions v
      WHERE v.site_id = $1 AND v.version = $2
        AND EXISTS (SELECT 1 FROM price_versions n WHERE n.site_id = v.site_id AND n.version = v.version + 1
                      AND n.created_at > now() - make_interval(mins => $3))`,
    [site.id, version, CHECKOUT_PRICE_HOLD_MINUTES],
  );
  if (!rows[0]) throw priceChanged();
  return { ...live, version, commerce: rows[0].commerce, messageCosts: rows[0].message_costs };
}

/** Cents to Mollie's amount value: "24.99". */
export const toValue = (cents: number) => (cents / 100).toFixed(2);
/** Mollie's amount value to cents. */
export const toCents = (value: string) => Math.round(Number(value) * 100);
