/** Members and logged-in browsers for the social tests (search, likes, chats, messages, events, push). */
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/auth/password';
import type { Db } from '../src/db';
import { createMember, type NewMember } from '../src/members/member';
import { browser } from './helpers';

export const PASSWORD = 'secret-pass-1';
let hash: Promise<string> | undefined;
let serial = 0;

/** The default site's member pool. */
export async function poolId(db: Db, template = 'amora'): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT coalesce(shares_members_with, id) AS id FROM sites WHERE template_name = $1',
    [template],
  );
  return rows[0]!.id;
}

export interface TestMember {
  id: number;
  email: string;
  name: string;
}

/** A member who can log in with PASSWORD; every field can be given. */
export async function addMember(db: Db, fields: Partial<NewMember> & { status?: string } = {}): Promise<TestMember> {
  hash ??= hashPassword(PASSWORD);
  const n = ++serial;
  const email = fields.email ?? `member${n}.${Date.now()}@test.example`;
  const name = fields.name ?? `Member ${n}`;
  const id = await createMember(db, {
    siteId: fields.siteId ?? (await poolId(db)),
    email,
    passwordHash: await hash,
    name,
    gender: 'female',
    dateOfBirth: '1990-05-05',
    city: 'Utrecht',
    country: 'NL',
    countryregion: 'Utrecht',
    latitude: 52.0907,
    longitude: 5.1214,
    language: 'en',
    ...fields,
  });
  if (fields.status) await db.query('UPDATE members SET status = $2 WHERE id = $1', [id, fields.status]);
  return { id, email, name };
}

/** A browser logged in as the member (on amora unless another host is given). */
export async function loginAs(app: FastifyInstance, member: { email: string }, host?: string) {
  const b = browser(app, host);
  await b.visit();
  await b.api.login({ email: member.email, password: PASSWORD });
  return b;
}

/** A member and their logged-in browser. */
export async function memberBrowser(app: FastifyInstance, db: Db, fields: Partial<NewMember> = {}) {
  const member = await addMember(db, fields);
  return { member, ...(await loginAs(app, member)) };
}

/** Values a careless or hostile client might send in place of a number, a string or an object. */
export const GARBAGE: unknown[] = [
  '', ' ', '-1', '0', '1.5', 'NaN', 'Infinity', '1e309', '99999999999999999999', 'abc', "' OR 1=1 --", '\u0000',
  '2147483648', '-2147483649', '%00', '../../etc/passwd', '<script>alert(1)</script>', 'ä'.repeat(300), '[]', '{}', 'true', 'null',
];

/** Garbage bodies for JSON calls. */
export const GARBAGE_BODIES: unknown[] = [
  null, 0, 1, -1, true, 'text', [], [1, 2], {}, { conversation: null }, { profile: 'x' }, { profile: -5 },
  { profile: Number.POSITIVE_INFINITY }, { profile: '1; DROP TABLE members' }, { profile: { $gt: 0 } }, { conversation: [1] },
  { conversation: 1, msg: '' }, { conversation: 1, msg: 5 }, { conversation: 1, msg: 'x'.repeat(5000) },
  { conversation: '1e3' }, { like_new: true, profile: 1 }, { __proto__: { admin: true } }, { read: 'yes' },
];

/**
 * The conversation of two members, made as the first message makes it (without the message):
 * a test setup for the calls on a conversation. Browsers only get one by sending.
 */
export async function openConversation(db: Db, a: number, b: number): Promise<{ id: number }> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  await db.query('INSERT INTO conversations (member_lo, member_hi) VALUES ($1, $2) ON CONFLICT DO NOTHING', [lo, hi]);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM conversations WHERE member_lo = $1 AND member_hi = $2', [lo, hi]);
  const id = rows[0]!.id;
  await db.query(
    'INSERT INTO conversation_members (conversation_id, member_id) VALUES ($1, $2), ($1, $3) ON CONFLICT DO NOTHING',
    [id, lo, hi],
  );
  return { id };
}
