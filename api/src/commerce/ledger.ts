import type { LedgerEntry } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';

/**
 * The credits ledger (0040_commerce.sql): every change of a balance is an appended row; the
 * trigger keeps members.credits equal to the ledger's sum in the same transaction.
 */
export type LedgerKind = 'purchase' | 'message' | 'refund' | 'bonus' | 'correction';

export interface LedgerRef {
  paymentId?: string;
  messageId?: number;
  note?: string;
}

/**
 * Spends credits — THE one function that takes credits for something a member does (a message
 * today). Call it inside the transaction that stores what is paid for. The member's row is locked
 * first, so concurrent spends and purchases are serialised and the balance is re-read after the
 * wait: a balance never goes below zero by spending, and a zero or negative balance (after a
 * refund) blocks. 402 insufficient_credits when the balance does not cover `amount`. Answers the
 * new balance.
 */
export async function spendCredits(
  tx: Db,
  memberId: number,
  amount: number,
  ref: LedgerRef & { kind?: 'message' } = {},
): Promise<number> {
  const { rows } = await tx.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1 FOR UPDATE', [memberId]);
  const balance = rows[0]?.credits ?? 0;
  if (amount <= 0) {
    if (balance < 0) throw new HttpError(402, 'insufficient_credits', 'Your credit balance is negative');
    return balance;
  }
  if (balance < amount) throw new HttpError(402, 'insufficient_credits', 'Not enough credits for this');
  await insertLedger(tx, memberId, ref.kind ?? 'message', -amount, ref);
  // The row is locked and the trigger adds the amount: the new balance needs no second read.
  return balance - amount;
}

function insertLedger(tx: Db, memberId: number, kind: LedgerKind, amount: number, ref: LedgerRef) {
  return tx.query(
    `INSERT INTO credit_ledger (member_id, kind, amount, payment_id, message_id, note) VALUES ($1, $2, $3, $4, $5, $6)`,
    [memberId, kind, amount, ref.paymentId ?? null, ref.messageId ?? null, ref.note ?? null],
  );
}

/** Appends one row (any kind; amount signed) and answers the new balance. */
export async function appendLedger(
  tx: Db,
  memberId: number,
  kind: LedgerKind,
  amount: number,
  ref: LedgerRef = {},
): Promise<number> {
  if (amount !== 0) await insertLedger(tx, memberId, kind, amount, ref);
  const { rows } = await tx.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [memberId]);
  return rows[0]?.credits ?? 0;
}

/** The member's latest ledger rows, newest first. */
export async function ledgerHistory(db: Db, memberId: number, limit = 50): Promise<LedgerEntry[]> {
  const { rows } = await db.query<{ id: string; kind: LedgerEntry['kind']; amount: number; created_at: Date; payment_id: string | null }>(
    `SELECT id, kind, amount, created_at, payment_id FROM credit_ledger WHERE member_id = $1 ORDER BY id DESC LIMIT $2`,
    [memberId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    amount: r.amount,
    created_at: new Date(r.created_at).toISOString(),
    transaction_id: r.payment_id,
  }));
}
