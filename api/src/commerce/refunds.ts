import crypto from 'node:crypto';
import type { MollieClient } from '@mollie/api-client';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import type { Site } from '../site/site';
import { toValue } from './catalog';
import { applyProviderPayment } from './payments';

export interface RefundInput {
  transactionId: string;
  /** Omitted: what is left to refund. */
  amountCents?: number;
  reason: string;
  operatorId: number | null;
  /** The same key again (a retried request) answers the refund made the first time. */
  idempotencyKey?: string;
}

export interface RefundMade {
  id: string;
  amount_cents: number;
  currency: string;
  status: string;
  memberId: number | null;
  siteId: number;
  balance: number | null;
}

interface Row {
  id: string;
  site_id: number;
  member_id: number | null;
  status: string;
  provider_id: string | null;
  amount_cents: number;
  refunded_cents: number;
  charged_back_cents: number;
  currency: string;
}

/** The payment a refund is asked for, with its site (the caller checks the operator may act on it). */
export async function refundablePayment(db: Db, transactionId: string): Promise<Row> {
  const { rows } = await db.query<Row>(
    'SELECT id, site_id, member_id, status, provider_id, amount_cents, refunded_cents, charged_back_cents, currency FROM payments WHERE id = $1',
    [transactionId],
  );
  if (!rows[0]) throw new HttpError(404, 'not_found', 'transaction_id: no such payment', 'transaction_id');
  return rows[0];
}

/**
 * A refund of a paid payment, in full or in part, through the payment provider (the official
 * Mollie client; in development its local sandbox, src/commerce/sandbox.ts): the same code path as
 * in production. The provider's answer is acted on at once like its webhook (the credits the
 * refund covers leave the member's balance, in proportion, through the ledger's `refund` rows);
 * the webhook that follows finds nothing left to do. 400 on the amount beyond what is left.
 */
export async function refundPayment(
  db: Db,
  client: MollieClient,
  sites: (id: number, db: Db) => Promise<Site>,
  input: RefundInput,
): Promise<RefundMade> {
  const p = await refundablePayment(db, input.transactionId);
  if (p.status !== 'paid' || !p.provider_id) throw new HttpError(400, 'not_refundable', 'transaction_id: only a paid payment can be refunded', 'transaction_id');
  // What the payer's bank took back (a chargeback) cannot be refunded again.
  const left = p.amount_cents - p.refunded_cents - p.charged_back_cents;
  if (left <= 0) throw new HttpError(400, 'not_refundable', 'transaction_id: this payment is refunded or charged back in full already', 'transaction_id');
  const amount = input.amountCents ?? left;
  if (amount > left) throw new HttpError(400, 'invalid_input', `amount_cents: at most ${left} is left to refund`, 'amount_cents');
  let refund;
  try {
    refund = await client.paymentRefunds.create({
      paymentId: p.provider_id,
      amount: { value: toValue(amount), currency: p.currency },
      description: `Refund ${p.id}`,
      metadata: { transaction_id: p.id },
      idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
    });
  } catch (err) {
    // The provider refused (e.g. its own view of what is left) or did not answer.
    const message = err instanceof Error ? err.message : 'no answer';
    throw new HttpError(502, 'provider_refused', `The payment provider did not make the refund: ${message}`);
  }
  await db.query(
    `INSERT INTO payment_refunds (id, payment_id, amount_cents, currency, status, operator_id, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status`,
    [refund.id, p.id, amount, p.currency, refund.status, input.operatorId, input.reason],
  );
  // As the webhook would: the provider's payment now counts the refund.
  await applyProviderPayment({ db, client, sites }, p.provider_id);
  let balance: number | null = null;
  if (p.member_id !== null) {
    const { rows } = await db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [p.member_id]);
    balance = rows[0]?.credits ?? null;
  }
  return { id: refund.id, amount_cents: amount, currency: p.currency, status: String(refund.status), memberId: p.member_id, siteId: p.site_id, balance };
}
