/**
 * Demo data for `npm start` on an empty database: a few thousand members across the countries of
 * the seven languages (names from faker's locales, real cities with the regions of region_data,
 * ages, profile texts), likes and conversations with the demo member (demo@example.com), and
 * generated photos. Idempotent: nothing happens once the demo members exist.
 */
import type { Faker } from '@faker-js/faker';
import { faker as fakerDE } from '@faker-js/faker/locale/de';
import { faker as fakerDE_AT } from '@faker-js/faker/locale/de_AT';
import { faker as fakerDE_CH } from '@faker-js/faker/locale/de_CH';
import { faker as fakerEN } from '@faker-js/faker/locale/en';
import { faker as fakerEN_AU } from '@faker-js/faker/locale/en_AU';
import { faker as fakerEN_CA } from '@faker-js/faker/locale/en_CA';
import { faker as fakerEN_GB } from '@faker-js/faker/locale/en_GB';
import { faker as fakerEN_IE } from '@faker-js/faker/locale/en_IE';
import { faker as fakerEN_US } from '@faker-js/faker/locale/en_US';
import { faker as fakerES } from '@faker-js/faker/locale/es';
import { faker as fakerFR } from '@faker-js/faker/locale/fr';
import { faker as fakerFR_BE } from '@faker-js/faker/locale/fr_BE';
import { faker as fakerFR_CA } from '@faker-js/faker/locale/fr_CA';
import { faker as fakerFR_CH } from '@faker-js/faker/locale/fr_CH';
import { faker as fakerIT } from '@faker-js/faker/locale/it';
import { faker as fakerNL } from '@faker-js/faker/locale/nl';
import { faker as fakerNL_BE } from '@faker-js/faker/locale/nl_BE';
import { faker as fakerPL } from '@faker-js/faker/locale/pl';
import type { Locale } from '@dating/shared';
import type { Db } from '../db';
import { storeProfileImage } from '../images/store';
import { avatarJpeg } from './avatar';
import { CITIES, DEMO_DIALOGUES, LANGUAGE_MIX, TEXTS, type City } from './demo-data';
import { DEMO_EMAIL } from './members';

/** Demo members' addresses: example.com is reserved (RFC 2606); nobody can log in as them. */
export const DEMO_DOMAIN = 'members.demo.example.com';
export const DEFAULT_DEMO_MEMBERS = 3000;
/** The demo member's balance after seeding: €25.00 in credits (1 credit = 0.01, see README "Credits"). */
export const DEMO_CREDITS = 2500;
const BATCH = 1000;
const DAY_MS = 86_400_000;

/** A small deterministic random source: the same demo data on every machine. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
function weighted<T>(rnd: Rnd, xs: readonly T[], weight: (x: T) => number): T {
  const total = xs.reduce((s, x) => s + weight(x), 0);
  let r = rnd() * total;
  for (const x of xs) if ((r -= weight(x)) < 0) return x;
  return xs[xs.length - 1]!;
}

/** Names as people of that place have them (the codes of LANGUAGE_MIX). */
const FAKERS: Record<string, Faker> = {
  DE: fakerDE, DE_AT: fakerDE_AT, DE_CH: fakerDE_CH, EN: fakerEN, EN_AU: fakerEN_AU, EN_CA: fakerEN_CA, EN_GB: fakerEN_GB,
  EN_IE: fakerEN_IE, EN_US: fakerEN_US, ES: fakerES, FR: fakerFR, FR_BE: fakerFR_BE, FR_CA: fakerFR_CA, FR_CH: fakerFR_CH,
  IT: fakerIT, NL: fakerNL, NL_BE: fakerNL_BE, PL: fakerPL,
};

function fakerFor(code: string): Faker {
  return FAKERS[code] ?? fakerEN;
}

/** Ages 18–75, most between 25 and 50. */
function birthDate(rnd: Rnd, now: number): string {
  const age = Math.min(75, Math.max(18, Math.round(36 + (rnd() + rnd() + rnd() - 1.5) * 22)));
  const d = new Date(now - (age * 365.25 + rnd() * 364) * DAY_MS);
  return d.toISOString().slice(0, 10);
}

function profileText(rnd: Rnd, lang: Locale, city: string): string {
  const bank = TEXTS[lang];
  const a = pick(rnd, bank.pastimes);
  let b = pick(rnd, bank.pastimes);
  while (b === a) b = pick(rnd, bank.pastimes);
  const intro = pick(rnd, bank.intros).replace('{a}', a).replace('{b}', b).replace('{city}', city);
  return rnd() < 0.6 ? `${intro} ${pick(rnd, bank.closings)}` : intro;
}

/** Allowed values of the configurable profile fields, as 0022_catalog.sql lists them. */
const ANSWERS: Record<string, readonly string[]> = {
  relationship: ['single', 'single', 'single', 'divorced', 'separated', 'widowed', 'open_relationship'],
  looking_for: ['chat', 'friendship', 'dating', 'relationship', 'relationship', 'marriage'],
  height: ['under_160', '160_169', '170_179', '180_189', '190_plus'],
  eye_color: ['blue', 'green', 'grey', 'hazel', 'brown'],
  hair_color: ['blonde', 'red', 'brown', 'black', 'grey', 'bald'],
  smoking: ['never', 'never', 'never', 'sometimes', 'regularly'],
};

/**
 * The "about you" answers of demo member `i` (a source of its own, so the other demo data stays as
 * it was): most answer every question, some skip a few, as in real life.
 */
function profileAnswers(i: number, gender: 'male' | 'female'): Record<string, string> {
  const rnd = prng(90_000 + i);
  const out: Record<string, string> = {};
  for (const [field, values] of Object.entries(ANSWERS)) {
    if (rnd() < 0.15) continue;
    let options = values;
    if (field === 'height') options = gender === 'female' ? values.slice(0, 4) : values.slice(1);
    if (field === 'hair_color' && gender === 'female') options = values.filter((v) => v !== 'bald');
    out[field] = pick(rnd, options);
  }
  return out;
}

function slug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

interface DemoRow {
  email: string;
  name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
  city: string;
  country: string;
  countryregion: string;
  latitude: number;
  longitude: number;
  language: Locale;
  personal: string;
  profile_fields: Record<string, string>;
  credits: number;
  fictional: boolean;
  status: 'active' | 'not_confirmed';
  signup_date: string;
}

/** The demo members, from a fixed seed: same names, places and texts every time. */
export function demoMembers(count: number, regionData: Record<string, { name: string }[]>, now = Date.now()): DemoRow[] {
  const rnd = prng(20_240_601);
  const rows: DemoRow[] = [];
  for (let i = 0; i < count; i++) {
    const mix = weighted(rnd, LANGUAGE_MIX, (m) => m.weight);
    const [country, , fakerCode] = weighted(rnd, mix.countries, (c) => c[1]);
    const regions = new Set((regionData[country] ?? []).map((r) => r.name));
    const cities = CITIES[country]!.filter((c: City) => (!c[4] || c[4] === mix.lang) && regions.has(c[1]));
    const [city, region, lat, lon] = pick(rnd, cities.length ? cities : CITIES[country]!);
    const gender = rnd() < 0.5 ? 'female' : 'male';
    const faker = fakerFor(fakerCode);
    faker.seed(i + 1);
    const first = faker.person.firstName(gender);
    const last = faker.person.lastName(gender);
    // Signed up over the last two years, more of them recently.
    const daysAgo = Math.floor(730 * rnd() ** 2);
    rows.push({
      email: `${slug(first) || 'member'}.${slug(last) || 'x'}.${i + 1}@${DEMO_DOMAIN}`,
      name: first.slice(0, 150),
      gender,
      date_of_birth: birthDate(rnd, now),
      city,
      country,
      countryregion: region,
      // Private, like every member's: a few kilometres around the city centre.
      latitude: Number((lat + (rnd() - 0.5) * 0.08).toFixed(5)),
      longitude: Number((lon + (rnd() - 0.5) * 0.08).toFixed(5)),
      language: mix.lang,
      personal: profileText(rnd, mix.lang, city),
      profile_fields: profileAnswers(i, gender),
      credits: rnd() < 0.3 ? Math.floor(rnd() * 50) * 100 : 0,
      fictional: rnd() < 0.05,
      status: rnd() < 0.02 ? 'not_confirmed' : 'active',
      signup_date: new Date(now - daysAgo * DAY_MS - Math.floor(rnd() * DAY_MS)).toISOString(),
    });
  }
  return rows;
}

export interface DemoSeedResult {
  /** False when the demo members were there already. */
  seeded: boolean;
  members: number;
  ms: number;
}

/**
 * Inserts the demo members (in batches of 1000, one statement each) into the default site's
 * member pool, then the demo member's likes and conversations. Does nothing when they exist.
 */
export async function seedDemo(db: Db, options: { members?: number; now?: number } = {}): Promise<DemoSeedResult> {
  const started = performance.now();
  const count = options.members ?? DEFAULT_DEMO_MEMBERS;
  const now = options.now ?? Date.now();
  const result = await db.transaction(async (tx) => {
    const { rows: existing } = await tx.query(`SELECT 1 FROM members WHERE email LIKE $1 LIMIT 1`, [`%@${DEMO_DOMAIN}`]);
    if (existing.length || count <= 0) return null;
    const { rows: sites } = await tx.query<{ pool: number; region_data: Record<string, { name: string }[]> }>(
      `SELECT coalesce(shares_members_with, id) AS pool, settings->'region_data' AS region_data FROM sites WHERE is_default`,
    );
    const site = sites[0];
    if (!site) throw new Error('seedDemo: no default site; run seed() first');
    const rows = demoMembers(count, site.region_data, now);
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const { rows: inserted } = await tx.query<{ id: number }>(
        `INSERT INTO members (site_id, email, password_hash, name, gender, date_of_birth, city, country, countryregion,
                              latitude, longitude, language, personal, profile_fields, credits, fictional, status, signup_date)
         SELECT $2, email, NULL, name, gender, date_of_birth, city, country, countryregion, latitude, longitude,
                language, personal, profile_fields, credits, fictional, status, signup_date
           FROM json_to_recordset($1::json) AS x(email text, name text, gender text, date_of_birth date, city text,
                country text, countryregion text, latitude double precision, longitude double precision, language text,
                personal text, profile_fields jsonb, credits int, fictional boolean, status text, signup_date timestamptz)
         RETURNING id`,
        [JSON.stringify(rows.slice(i, i + BATCH)), site.pool],
      );
      ids.push(...inserted.map((r) => r.id));
    }
    await seedDemoRelations(tx, site.pool, ids, rows, now);
    return rows.length;
  });
  // Statistics for the planner after the bulk load (PGlite has no autovacuum to gather them): without
  // them search plans scan every member of the site.
  if (result !== null) {
    await db.exec(
      'ANALYZE members, search_counts, search_counts_place, search_counts_span, search_counts_month, search_counts_country_span, ' +
        'search_counts_country_year, search_counts_country_month, images, likes, blocks',
    );
  }
  return { seeded: result !== null, members: result ?? 0, ms: Math.round(performance.now() - started) };
}

/**
 * The demo member gets 8 likes (5 new), likes 6 members back or not, and has 5 conversations, 3 of
 * them with unread messages; the other demo members like each other a little.
 */
async function seedDemoRelations(tx: Db, pool: number, ids: number[], rows: DemoRow[], now: number): Promise<void> {
  const { rows: demo } = await tx.query<{ id: number }>(
    `SELECT id FROM members WHERE site_id = $1 AND lower(email) = $2`,
    [pool, DEMO_EMAIL],
  );
  const rnd = prng(7);
  const active = ids.filter((_, i) => rows[i]!.status === 'active');
  if (demo[0]) {
    const demoId = demo[0].id;
    // Through the credits ledger (src/commerce/ledger.ts): the balance is the ledger's sum.
    await tx.query(
      `INSERT INTO credit_ledger (member_id, kind, amount, note)
       SELECT id, 'bonus', $2 - credits, 'demo balance' FROM members WHERE id = $1 AND credits < $2`,
      [demoId, DEMO_CREDITS],
    );
    const men = ids.filter((_, i) => rows[i]!.status === 'active' && rows[i]!.gender === 'male');
    const chosen = men.slice(0, 19);
    const likers = chosen.slice(0, 8);
    const liked = chosen.slice(6, 12); // two of them like each other
    const partners = chosen.slice(12, 17);
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const likes = [
      ...likers.map((id, i) => ({ member_id: id, liked_id: demoId, is_new: i < 5, created_at: at(30 + i * 170) })),
      ...liked.map((id, i) => ({ member_id: demoId, liked_id: id, is_new: i % 2 === 0, created_at: at(60 + i * 300) })),
    ];
    await insertLikes(tx, likes);
    await tx.query(
      `INSERT INTO notifications (member_id, type, actor_id, created_at, read_at)
       SELECT $1, 'like', x.member_id, x.created_at, CASE WHEN x.is_new THEN NULL ELSE x.created_at END
         FROM json_to_recordset($2::json) AS x(member_id int, is_new boolean, created_at timestamptz)`,
      [demoId, JSON.stringify(likes.filter((l) => l.liked_id === demoId))],
    );
    for (const [i, partner] of partners.entries()) {
      const dialogue = DEMO_DIALOGUES[i % DEMO_DIALOGUES.length]!;
      const unread = i === 0 || i === 2 || i === 4; // ends with messages the demo member has not read
      await seedConversation(tx, demoId, partner, dialogue, unread, now - (i * 7 + 2) * 3_600_000);
    }
  }
  // Some likes among the other members, so their lists are not empty either.
  const pairs = new Map<string, { member_id: number; liked_id: number; is_new: boolean; created_at: string }>();
  for (let n = 0; n < active.length; n++) {
    const a = pick(rnd, active);
    const b = pick(rnd, active);
    if (a !== b) {
      pairs.set(`${a}:${b}`, { member_id: a, liked_id: b, is_new: rnd() < 0.5, created_at: new Date(now - rnd() * 60 * DAY_MS).toISOString() });
    }
  }
  await insertLikes(tx, [...pairs.values()]);
}

async function insertLikes(tx: Db, likes: { member_id: number; liked_id: number; is_new: boolean; created_at: string }[]) {
  await tx.query(
    `INSERT INTO likes (member_id, liked_id, is_new, created_at)
     SELECT member_id, liked_id, is_new, created_at
       FROM json_to_recordset($1::json) AS x(member_id int, liked_id int, is_new boolean, created_at timestamptz)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(likes)],
  );
}

/** A conversation between the demo member and another, its messages a few minutes apart. */
async function seedConversation(
  tx: Db,
  demoId: number,
  otherId: number,
  dialogue: { from: 'them' | 'demo'; msg: string }[],
  unread: boolean,
  startedAt: number,
): Promise<void> {
  const [lo, hi] = demoId < otherId ? [demoId, otherId] : [otherId, demoId];
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO conversations (member_lo, member_hi, created_at) VALUES ($1, $2, $3) RETURNING id',
    [lo, hi, new Date(startedAt).toISOString()],
  );
  const conversation = rows[0]!.id;
  const { rows: messages } = await tx.query<{ id: number; sender_id: number }>(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at)
     SELECT $1, x.sender, x.body, x.at
       FROM json_to_recordset($2::json) AS x(n int, sender int, body text, at timestamptz)
      ORDER BY x.n
     RETURNING id, sender_id`,
    [
      conversation,
      JSON.stringify(
        dialogue.map((line, i) => ({
          n: i,
          sender: line.from === 'demo' ? demoId : otherId,
          body: line.msg,
          at: new Date(startedAt + i * 4 * 60_000).toISOString(),
        })),
      ),
    ],
  );
  const last = Math.max(...messages.map((m) => m.id));
  // Unread: the demo member has read up to their own last message (or nothing); else everything.
  const demoRead = unread ? Math.max(0, ...messages.filter((m) => m.sender_id === demoId).map((m) => m.id)) : last;
  await tx.query('UPDATE conversations SET last_message_id = $2 WHERE id = $1', [conversation, last]);
  await tx.query(
    `INSERT INTO conversation_members (conversation_id, member_id, last_read_id) VALUES ($1, $2, $3), ($1, $4, $5)`,
    [conversation, demoId, demoRead, otherId, last],
  );
  if (unread && demoRead < last) {
    await tx.query(
      `INSERT INTO notifications (member_id, type, actor_id, conversation_id, created_at) VALUES ($1, 'message', $2, $3, $4)`,
      [demoId, otherId, conversation, new Date(startedAt + (dialogue.length - 1) * 4 * 60_000).toISOString()],
    );
  }
}

export interface DemoPhotosResult {
  photos: number;
  ms: number;
}

/**
 * Gives demo members without a photo a generated portrait (src/seed/avatar.ts), stored through the
 * photo pipeline (storeProfileImage: re-encoded, thumbnail, files, rows). About one in eight keeps
 * no photo, as in real life. Newest members first, `limit` at most; resumes where it stopped.
 */
export async function seedDemoPhotos(
  db: Db,
  options: { limit?: number; concurrency?: number; signal?: AbortSignal } = {},
): Promise<DemoPhotosResult> {
  const started = performance.now();
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT m.id, m.name FROM members m
      WHERE m.email LIKE $1 AND m.status <> 'deleted' AND m.id % 8 <> 0
        AND NOT EXISTS (SELECT 1 FROM images i WHERE i.member_id = m.id)
      ORDER BY m.signup_date DESC, m.id DESC
      LIMIT $2`,
    [`%@${DEMO_DOMAIN}`, options.limit ?? 1_000_000],
  );
  let next = 0;
  let photos = 0;
  const worker = async () => {
    while (next < rows.length && !options.signal?.aborted) {
      const m = rows[next++]!;
      // Generated pictures of demo members are not members' uploads: no moderation.
      await storeProfileImage(db, m.id, await avatarJpeg(m.name, m.id), undefined, { moderate: false });
      photos++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
  return { photos, ms: Math.round(performance.now() - started) };
}
