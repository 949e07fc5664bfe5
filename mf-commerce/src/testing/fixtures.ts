import type { CreditsResponse, PricingResponse, TransactionResponse } from '@dating/shared';

/** A pricing answer as the API gives it for a Dutch member of amora. */
export function pricingFixture(overrides: Partial<PricingResponse> = {}): PricingResponse {
  return {
    country: 'NL',
    currency: 'EUR',
    message_cost: 99,
    premium_message_cost: 50,
    packages: [
      { id: 'starter', credits: 1000, amount_cents: 999, currency: 'EUR', badge: null },
      { id: 'popular', credits: 2750, amount_cents: 2499, currency: 'EUR', badge: 'most_chosen' },
      { id: 'value', credits: 6000, amount_cents: 4999, currency: 'EUR', badge: 'best_value' },
    ],
    plans: [
      { id: '1m', months: 1, amount_cents: 1999, currency: 'EUR' },
      { id: '3m', months: 3, amount_cents: 4499, currency: 'EUR' },
      { id: '12m', months: 12, amount_cents: 11999, currency: 'EUR' },
    ],
    price_version: 0,
    ...overrides,
  };
}

export function creditsFixture(overrides: Partial<CreditsResponse> = {}): CreditsResponse {
  return {
    ...pricingFixture(),
    balance: 1200,
    time_bonus: null,
    repeat: null,
    history: [
      { id: 2, kind: 'message', amount: -99, created_at: '2026-11-20T10:00:00.000Z', transaction_id: null },
      { id: 1, kind: 'purchase', amount: 1000, created_at: '2026-11-19T10:00:00.000Z', transaction_id: 'txn_aaaaaaaaaaaaaaaaaaaaaaaa' },
    ],
    premium: { paid_user: false, status: 'none', plan_id: null, current_period_end: null, cancel_at_period_end: false },
    ...overrides,
  };
}

export function transactionFixture(overrides: Partial<TransactionResponse> = {}): TransactionResponse {
  return {
    id: 'txn_aaaaaaaaaaaaaaaaaaaaaaaa',
    kind: 'credits',
    status: 'paid',
    final: true,
    amount_cents: 2499,
    currency: 'EUR',
    mine: { credits: 2750, bonus_credits: 0, balance: 3950, paid_user: false, return_to: '/chats/7' },
    ...overrides,
  };
}
