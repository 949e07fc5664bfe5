import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords: scrypt (memory-hard), 16-byte random salt per password, stored self-describing as
 *   scrypt$ln=15,r=8,p=1$<salt base64>$<key base64>
 * so that the cost can be raised later without breaking stored hashes.
 */
export interface KdfCost {
  logN: number;
  r: number;
  p: number;
}

/** The cost of every new hash outside tests: N=2^15 (≈130 ms on one core). */
export const PRODUCTION_COST: KdfCost = { logN: 15, r: 8, p: 1 };

/**
 * The cost of new hashes under `env`. Under jest (NODE_ENV=test) the lowest the verifier accepts,
 * N=2^10 (≈3 ms), so that the thousands of test logins do not each pay the production cost;
 * everywhere else, development included, the production cost (asserted by test/auth.test.ts).
 */
export function kdfCost(env: NodeJS.ProcessEnv = process.env): KdfCost {
  return env.NODE_ENV === 'test' ? { logN: 10, r: 8, p: 1 } : PRODUCTION_COST;
}

const COST = kdfCost();
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly too small for N=2^15, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, { logN, r, p }: KdfCost = COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, logN, r, p, KEY_LENGTH);
  return `scrypt$ln=${logN},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when the password matches the stored hash; false for a malformed hash. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(m[4]!, 'base64');
  const expected = Buffer.from(m[5]!, 'base64');
  if (expected.length < 16) return false;
  const key = await derive(password, salt, logN, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, to verify against when the email is unknown or cannot log in, so
 * that such an answer takes as long as a wrong password does (no account enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}
