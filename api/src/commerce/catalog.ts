import { premiumMessageCost, type CreditPackage, type PlanId, type PremiumPlan, type PricingResponse } from '@dating/shared';
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

export function commerceOf(site: Site): CommerceConfig {
  return site.commerce;
}

/**
 * The country whose prices a member pays: their billing country (members.billing_country, fixed
 * once: docs/payments.md) when the site sells there, else the company's. Never the profile country.
 */
export function paymentCountry(site: Site, country: string | null | undefined): string {
  const c = commerceOf(site);
  if (country && c.packages[country]?.length) return country;
  if (c.packages[site.company.country]?.length) return site.company.country;
  return Object.keys(c.packages)[0] ?? site.company.country;
}

export function currencyOf(site: Site, country: string): string {
  return site.settings.minimum_message_costs[country]?.currency ?? 'EUR';
}

export function pricing(site: Site, country: string): PricingResponse {
  const c = commerceOf(site);
  const currency = currencyOf(site, country);
  return {
    country,
    currency,
    message_cost: messageCost(site.settings.minimum_message_costs, country),
    premium_message_cost: premiumMessageCost(messageCost(site.settings.minimum_message_costs, country), site.settings.premium_message_percent),
    packages: (c.packages[country] ?? []).map((p) => ({ ...p, currency })),
    plans: (c.plans[country] ?? []).map((p) => ({ ...p, currency })),
  };
}

export function findPackage(site: Site, country: string, id: string): CreditPackage | undefined {
  return pricing(site, country).packages.find((p) => p.id === id);
}

export function findPlan(site: Site, country: string, id: PlanId): PremiumPlan | undefined {
  return pricing(site, country).plans.find((p) => p.id === id);
}

/** Cents to Mollie's amount value: "24.99". */
export const toValue = (cents: number) => (cents / 100).toFixed(2);
/** Mollie's amount value to cents. */
export const toCents = (value: string) => Math.round(Number(value) * 100);
