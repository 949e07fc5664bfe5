import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A 32-byte server secret by name, made on first use and kept in app_secrets, so every API process
 * on the database shares it and it survives restarts. Cached per database.
 */
export function serverSecret(db: Db, name: string): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = (async () => {
      await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        randomBytes(32).toString('base64'),
      ]);
      const { rows } = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      return Buffer.from(rows[0]!.value, 'base64');
    })();
    secret.catch(() => secrets!.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}

export async function hmac(db: Db, secretName: string, message: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, secretName)).update(message).digest('base64url');
}

/** Compares two strings without leaking where they differ (lengths may differ). */
export function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
