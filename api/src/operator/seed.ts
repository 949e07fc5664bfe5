import type { Db } from '../db';
import { hashPassword, verifyPassword } from '../auth/password';
import { setOperatorSites } from './accounts';

/** The development operator of the docs (docs/operators.md): admin of every site, no second factor. */
export const DEV_OPERATOR = { email: 'operator@example.com', password: 'operator1234', name: 'Operator' } as const;

/**
 * Development: the operator of the docs exists (created once; an operator who changed it keeps it).
 * Production: no operator with the known password ever exists: the first admin is created with
 * `npm run operator -- create` and enrols with a second factor. A development operator found in a
 * production database with the known password loses it and is suspended.
 */
export async function seedOperators(db: Db, production: boolean): Promise<void> {
  const { rows } = await db.query<{ id: number; password_hash: string | null }>(
    'SELECT id, password_hash FROM operators WHERE lower(email) = $1',
    [DEV_OPERATOR.email],
  );
  const existing = rows[0];
  if (production) {
    if (existing?.password_hash && (await verifyPassword(DEV_OPERATOR.password, existing.password_hash))) {
      await db.query(`UPDATE operators SET password_hash = NULL, status = 'suspended', updated_at = now() WHERE id = $1`, [existing.id]);
      await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [existing.id]);
    }
    return;
  }
  if (existing) return;
  const hash = await hashPassword(DEV_OPERATOR.password);
  await db.transaction(async (tx) => {
    const { rows: created } = await tx.query<{ id: number }>(
      `INSERT INTO operators (email, name, password_hash, role, status) VALUES ($1, $2, $3, 'admin', 'active')
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [DEV_OPERATOR.email, DEV_OPERATOR.name, hash],
    );
    if (created[0]) await setOperatorSites(tx, created[0].id, 'all');
  });
}
