import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { RATE_LIMITS } from '../src/http/ratelimit';
import type { Db } from '../src/db';
import { addMember, openConversation } from './social-helpers';
import { freshDatabase, httpBrowser, startApiProcess, startS3Sandbox, type ApiProcess } from './cluster-helpers';
import { openStream } from './stream-helpers';

/**
 * Two API processes on one PostgreSQL server and one Redis server (REDIS_URL, S3_URL): what one
 * process does, the other sees. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set (CI starts
 * both servers: .ci/run); each run has its own database, Redis prefix and S3 folder.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
if (missing.length) console.log(`cluster tests skipped: ${missing.join(' and ')} not set (a PostgreSQL and a Redis server)`);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

(missing.length ? describe.skip : describe)('two API processes on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Sandbox>>;
  let a: ApiProcess;
  let b: ApiProcess;
  let db: Db;
  const prefix = `test-${process.pid}-${Date.now().toString(36)}:`;

  beforeAll(async () => {
    database = await freshDatabase(databaseUrl!, 'cluster');
    db = database.db;
    s3 = await startS3Sandbox();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      S3_URL: s3.sandbox.url,
    };
    // One after the other: each runs the migrations and the seed at start-up.
    a = await startApiProcess('a', env);
    b = await startApiProcess('b', env);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    await database?.drop();
  }, 60_000);

  let clients = 0;
  /** A member with credits for 100 messages, logged in through one process from an address of its own. */
  async function member(through: ApiProcess, credits = 10_000) {
    const m = await addMember(db, { credits });
    const browser = httpBrowser(through.base, `192.0.2.${++clients}`);
    await browser.visit();
    await browser.api.login({ email: m.email, password: 'secret-pass-1' });
    return { member: m, browser };
  }

  it('a member connected to A receives live a message sent through B (latency printed)', async () => {
    const recipient = await member(a);
    const sender = await member(b);
    const { id } = await openConversation(db, sender.member.id, recipient.member.id);
    const stream = await openStream(a.base, recipient.browser.cookie());
    expect(stream.res.status).toBe(200);
    // What travels: the recipient's own Redis channel (no NOTIFY).
    const listener = new Redis(redisUrl!);
    const heard: string[] = [];
    listener.on('message', (_channel: string, payload: string) => heard.push(payload));
    await listener.subscribe(`${prefix}member_events:${recipient.member.id}`);
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      const { message } = await sender.browser.api.sendMessage(id, `across processes ${i}`);
      const event = await stream.next((e) => e.type === 'message' && e.message.id === message.id);
      latencies.push(event.at - start);
      expect(event.data).toMatchObject({ type: 'message', message: { id: message.id, msg: `across processes ${i}` } });
    }
    stream.close();
    await listener.quit();
    expect(heard.filter((p) => (JSON.parse(p) as { type: string }).type === 'message')).toHaveLength(20);
    latencies.sort((x, y) => x - y);
    console.log(
      `live message B → Redis → A (send call → event, 20 messages): p50 ${quantile(latencies, 0.5).toFixed(1)} ms, ` +
        `p99 ${quantile(latencies, 0.99).toFixed(1)} ms, load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
  }, 60_000);

  it('a like made through B reaches the stream on A; logging out through B ends the stream on A', async () => {
    const liked = await member(a);
    const liker = await member(b);
    const stream = await openStream(a.base, liked.browser.cookie());
    await liker.browser.api.like(liked.member.id);
    await stream.next((e) => e.type === 'like');
    // The session ends through the other process: its stream closes (sessions trigger → Redis).
    const other = httpBrowser(b.base, `198.51.100.${++clients}`);
    await other.visit();
    await other.api.login({ email: liked.member.email, password: 'secret-pass-1' });
    const streamB = await openStream(a.base, other.cookie());
    await other.api.logout();
    await streamB.done;
    expect(streamB.isEnded()).toBe(true);
    expect(stream.isEnded()).toBe(false);
    stream.close();
  }, 60_000);

  it('a photo uploaded through A is served by B, with the same caching headers', async () => {
    const { browser } = await member(a);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c04080' } }).png().toBuffer();
    const stored = await browser.api.uploadProfileImage(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const name = stored.image.thumb_filename;
    const fromB = await fetch(`${b.base}/api/images/${name}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    // In the bucket, not on A's disk.
    expect(fs.existsSync(path.join(s3.sandbox.dir, 'photos', name))).toBe(true);
    const fromA = Buffer.from(await (await fetch(`${a.base}/api/images/${name}`)).arrayBuffer());
    expect(fromA.equals(bytes)).toBe(true);
    expect((await fetch(`${b.base}/api/images/${'0'.repeat(32)}.jpg`)).status).toBe(404);
  }, 60_000);

  it('a rate limit holds across both processes', async () => {
    // Logins per address: 10 a minute, whichever process answers (each try another account, so
    // that the per-account limits do not answer first).
    const { max } = RATE_LIMITS.login;
    const statuses: number[] = [];
    const address = '203.0.113.7';
    const browsers = [httpBrowser(a.base, address), httpBrowser(b.base, address)];
    for (const x of browsers) await x.visit();
    for (let i = 0; i <= max; i++) {
      const x = browsers[i % 2]!;
      const status = await x.api.login({ email: `nobody${i}.${Date.now()}@test.example`, password: 'wrong-pass-1' }).then(
        () => 200,
        (err: { status: number }) => err.status,
      );
      statuses.push(status);
    }
    expect(statuses.slice(0, max).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Counted in Redis, not in the database's table.
    const redis = new Redis(redisUrl!);
    const key = `${prefix}rl:login:${createHash('sha256').update(address).digest('base64url')}`;
    expect(await redis.get(key)).toBe(String(max + 1));
    await redis.quit();
    expect((await db.query('SELECT 1 FROM rate_limit_hits')).rows).toHaveLength(0);
  }, 60_000);

  it('killing a process loses no acknowledged write, and its clients reconnect to the other', async () => {
    const recipient = await member(a);
    const sender = await member(a);
    const { id } = await openConversation(db, sender.member.id, recipient.member.id);
    const stream = await openStream(a.base, recipient.browser.cookie());
    const acknowledged: number[] = [];
    let failed = 0;
    // Messages one after another through A; A dies in the middle.
    const sending = (async () => {
      for (let i = 0; i < 20; i++) {
        try {
          const { message } = await sender.browser.api.sendMessage(id, `before the crash ${i}`);
          acknowledged.push(message.id);
        } catch {
          failed++;
        }
      }
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 10));
    await a.kill();
    await sending;
    expect(acknowledged.length).toBeGreaterThanOrEqual(5);
    await stream.done;
    expect(stream.isEnded()).toBe(true);
    // The load balancer sends both members' next requests to B: the same sessions (in the database).
    recipient.browser.moveTo(b.base);
    sender.browser.moveTo(b.base);
    const again = await openStream(b.base, recipient.browser.cookie());
    expect(again.res.status).toBe(200);
    const { messages } = await recipient.browser.api.messages(id, undefined, 50);
    const stored = new Set(messages.map((m) => m.id));
    for (const mid of acknowledged) expect(stored.has(mid)).toBe(true);
    const { message } = await sender.browser.api.sendMessage(id, 'after the crash');
    await again.next((e) => e.type === 'message' && e.message.id === message.id);
    again.close();
    console.log(`crash of A: ${acknowledged.length} sends acknowledged (all stored), ${failed} failed with the process`);
  }, 90_000);
});
