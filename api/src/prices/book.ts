import {
  PREVIEW_COUNTRIES,
  type CountryPrices,
  type PriceBook,
  type PricePreview,
} from '@dating/shared';
import { currencyOf, paymentCountry, pricing, type CommerceConfig, type MessageCosts, type SitePrices } from '../commerce/catalog';
import { messageCost } from '../messages/messages';

/**
 * The price book as the back office edits it (per country: currency, message price, packages,
 * plans; the time bonus) from the stored shape the API sells from (sites.commerce and
 * settings.minimum_message_costs), and back. One country is one row of the editor.
 */
export function bookOf(prices: Pick<SitePrices, 'commerce' | 'messageCosts'>): PriceBook {
  const { commerce, messageCosts } = prices;
  const codes = [...new Set([...Object.keys(commerce.packages), ...Object.keys(commerce.plans), ...Object.keys(messageCosts)])].sort();
  const countries: Record<string, CountryPrices> = {};
  for (const c of codes) {
    countries[c] = {
      currency: messageCosts[c]?.currency ?? 'EUR',
      message_cost: messageCost(messageCosts, c),
      packages: (commerce.packages[c] ?? []).map((p) => ({ id: p.id, credits: p.credits, amount_cents: p.amount_cents, badge: p.badge })),
      plans: (commerce.plans[c] ?? []).map((p) => ({ id: p.id, months: p.months, amount_cents: p.amount_cents })),
    };
  }
  return { countries, time_bonus: commerce.time_bonus };
}

/** The stored shape of a book: what sites.commerce and minimum_message_costs hold. */
export function storedOf(book: PriceBook): { commerce: CommerceConfig; messageCosts: MessageCosts } {
  const entries = Object.entries(book.countries);
  return {
    commerce: {
      packages: Object.fromEntries(entries.filter(([, c]) => c.packages.length).map(([k, c]) => [k, c.packages])),
      plans: Object.fromEntries(entries.filter(([, c]) => c.plans.length).map(([k, c]) => [k, c.plans])),
      time_bonus: book.time_bonus,
    },
    // Credits are hundredths of the currency: 99 credits is a price of 0.99.
    messageCosts: Object.fromEntries(entries.map(([k, c]) => [k, { costs: c.message_cost / 100, currency: c.currency }])),
  };
}

/**
 * What a member billed in each of PREVIEW_COUNTRIES pays before and after a change: the same
 * rules as a checkout (paymentCountry, pricing), so the preview is what the member will pay.
 */
export function preview(before: SitePrices, after: SitePrices): PricePreview[] {
  return PREVIEW_COUNTRIES.map((memberCountry) => {
    const was = pricing(before, paymentCountry(before, memberCountry));
    const now = pricing(after, paymentCountry(after, memberCountry));
    const items = <T extends { id: string; amount_cents: number }>(a: T[], b: T[], pick: (x: T) => { credits: number | null; months: number | null }) => {
      const ids = [...new Set([...b.map((x) => x.id), ...a.map((x) => x.id)])];
      return ids.map((id) => {
        const old = a.find((x) => x.id === id);
        const cur = b.find((x) => x.id === id);
        return { id, ...pick((cur ?? old)!), before_cents: old?.amount_cents ?? null, after_cents: cur?.amount_cents ?? null };
      });
    };
    return {
      member_country: memberCountry,
      country: now.country,
      currency: now.currency,
      currency_before: currencyOf(before, was.country),
      message_cost_before: was.message_cost,
      message_cost_after: now.message_cost,
      packages: items(was.packages, now.packages, (p) => ({ credits: p.credits, months: null })),
      plans: items(was.plans, now.plans, (p) => ({ credits: null, months: p.months })),
    };
  });
}

/** JSON with its keys in order: the same prices compare equal whatever order their keys came in. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

/** The countries whose prices differ between two books, before and after (for the audit log). */
export function changes(before: PriceBook, after: PriceBook): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const c of new Set([...Object.keys(before.countries), ...Object.keys(after.countries)])) {
    const x = before.countries[c] ?? null;
    const y = after.countries[c] ?? null;
    if (canonical(x) !== canonical(y)) {
      b[c] = x;
      a[c] = y;
    }
  }
  if (canonical(before.time_bonus) !== canonical(after.time_bonus)) {
    b.time_bonus = before.time_bonus;
    a.time_bonus = after.time_bonus;
  }
  return { before: b, after: a };
}
