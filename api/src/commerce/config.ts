import type { CreditPackage, PremiumPlan } from '@dating/shared';

/**
 * What a site sells (sites.commerce, seeded from src/seed/commerce.ts): credit packages and premium
 * plans per country in that country's currency (minimum_message_costs), and the time bonus.
 */
export interface CommerceConfig {
  packages: Record<string, Omit<CreditPackage, 'currency'>[]>;
  plans: Record<string, Omit<PremiumPlan, 'currency'>[]>;
  /** Extra credits (percent) on purchases within `hours` after signup; null: none. */
  time_bonus: { percent: number; hours: number } | null;
}
