import type { CommerceConfig } from '../commerce/catalog';

/** Price level per currency against the euro (credits are hundredths of the local currency). */
const LEVEL: Record<string, number> = { EUR: 1, GBP: 0.9, USD: 1.1, CAD: 1.4, AUD: 1.6, NZD: 1.7, CHF: 1.1, PLN: 4 };

interface Tier {
  id: string;
  credits: number;
  euros: number;
  badge: 'most_chosen' | 'best_value' | null;
}

/** A price in a currency: the euro price at that level, ending in .99. */
const price = (euros: number, level: number) => Math.max(99, Math.round(Math.ceil(euros * level) * 100 - 1));
const credits = (n: number, level: number) => Math.round((n * level) / 50) * 50;

function build(
  countries: string[],
  currencyOf: (c: string) => string,
  tiers: Tier[],
  plans: { id: '1m' | '3m' | '12m'; months: number; euros: number }[],
  time_bonus: CommerceConfig['time_bonus'],
): CommerceConfig {
  const level = (c: string) => LEVEL[currencyOf(c)] ?? 1;
  return {
    packages: Object.fromEntries(
      countries.map((c) => [
        c,
        tiers.map((t) => ({ id: t.id, credits: credits(t.credits, level(c)), amount_cents: price(t.euros, level(c)), badge: t.badge })),
      ]),
    ),
    plans: Object.fromEntries(
      countries.map((c) => [c, plans.map((p) => ({ id: p.id, months: p.months, amount_cents: price(p.euros, level(c)) }))]),
    ),
    time_bonus,
  };
}

/** Amora: four packages, bigger ones give more credits per euro; 20 % extra in the first 72 hours. */
export function amoraCommerce(countries: string[], currencyOf: (c: string) => string): CommerceConfig {
  return build(
    countries,
    currencyOf,
    [
      { id: 'starter', credits: 1000, euros: 9.99, badge: null },
      { id: 'popular', credits: 2750, euros: 24.99, badge: 'most_chosen' },
      { id: 'value', credits: 6000, euros: 49.99, badge: 'best_value' },
      { id: 'max', credits: 13000, euros: 99.99, badge: null },
    ],
    [
      { id: '1m', months: 1, euros: 19.99 },
      { id: '3m', months: 3, euros: 44.99 },
      { id: '12m', months: 12, euros: 119.99 },
    ],
    { percent: 20, hours: 72 },
  );
}

/** Velvet: three packages at a higher level; 10 % extra in the first 48 hours. */
export function velvetCommerce(countries: string[], currencyOf: (c: string) => string): CommerceConfig {
  return build(
    countries,
    currencyOf,
    [
      { id: 'taste', credits: 1500, euros: 14.99, badge: null },
      { id: 'evening', credits: 4000, euros: 34.99, badge: 'most_chosen' },
      { id: 'season', credits: 9000, euros: 69.99, badge: 'best_value' },
    ],
    [
      { id: '1m', months: 1, euros: 24.99 },
      { id: '3m', months: 3, euros: 59.99 },
      { id: '12m', months: 12, euros: 149.99 },
    ],
    { percent: 10, hours: 48 },
  );
}
