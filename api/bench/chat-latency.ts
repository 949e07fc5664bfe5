/**
 * Chat latency: with 50 conversations active at once (each a message about every second, so some
 * 50 messages a second in all), how long from POST /api/messages.php until
 * the recipient's open event stream (GET /api/events.php, real HTTP on loopback) has the message:
 * p50 and p99. Then a conversation of 10,000 messages: how long the newest page takes to reach
 * the page (GET /api/messages.php, what the conversation view waits for before its first paint;
 * the virtualized list then renders only the rows in view, whatever the length).
 *
 *   npx tsx api/bench/chat-latency.ts                       # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx api/bench/chat-latency.ts   # also on PostgreSQL
 *   (TEST_DATABASE_URL works too; a scratch database is created there and dropped afterwards)
 *
 * A script that prints figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { seed } from '../src/seed';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { addMember, loginAs, openConversation } from '../test/social-helpers';
import { openStream } from '../test/stream-helpers';
import { fillConversation } from './chat-data';
import { scratchPostgres } from './setup';

const CONVERSATIONS = 50;
const MESSAGES_EACH = 20;
const LONG = 10_000;
const PAGE_RUNS = 20;
/** An active conversation: a message about every second (0.5–1.5 s after the last one arrived). */
const PAUSE_MS = () => 500 + Math.random() * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (x: number) => `${x.toFixed(1)} ms`;

/** Counts the database round trips the app makes (a query inside a transaction is one too). */
function counting(db: Db): { db: Db; count: () => number } {
  let n = 0;
  const wrap = (inner: Db): Db => ({
    ...inner,
    query: (sql, params) => {
      n++;
      return inner.query(sql, params);
    },
    notify: (channel, payload) => {
      n++;
      return inner.notify(channel, payload);
    },
    transaction: (fn) => {
      n += 2; // BEGIN and COMMIT (or SAVEPOINT and RELEASE)
      return inner.transaction((tx) => fn(wrap(tx)));
    },
  });
  return { db: wrap(db), count: () => n };
}

async function run(label: string, rawDb: Db, dir: string): Promise<void> {
  const { db, count } = counting(rawDb);
  await migrate(rawDb);
  const config: Config = { ...loadConfig({}), dataDir: dir, rateLimits: false, demoMembers: 0 };
  useImageStore(new FsImageStore(imagesDir(config)));
  await seed(rawDb, config);
  const app = buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    // 50 pairs of members, each recipient with an open page (event stream).
    const pairs = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const a = await addMember(db, { credits: 1_000_000, name: `Sender ${i}` });
      const b = await addMember(db, { name: `Recipient ${i}` });
      const { id } = await openConversation(db, a.id, b.id);
      const sender = await loginAs(app, a);
      const recipient = await loginAs(app, b);
      pairs.push({ id, sender, stream: await openStream(base, recipient.jar.header()) });
    }
    // Round trips: one send while nothing else runs, and what delivering it to the open page costs.
    {
      const { id, sender, stream } = pairs[0]!;
      const headers = { cookie: sender.jar.header()!, [CSRF_HEADER]: sender.jar.get(CSRF_COOKIE)!, 'content-type': 'application/json' };
      const before = count();
      const res = await fetch(`${base}/api/messages.php`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ conversation: id, msg: 'count', client_id: crypto.randomUUID() }),
      });
      if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      const sent = count();
      await stream.next((e) => e.type === 'message' && e.message.msg === 'count');
      await sleep(50);
      console.log(`${label}: database round trips per send ${sent - before} (session, transaction, NOTIFY), per delivery to the open page ${count() - sent}`);
    }
    const latencies: number[] = [];
    const answered: number[] = [];
    const started = performance.now();
    await Promise.all(
      pairs.map(async ({ id, sender, stream }, i) => {
        await sleep((i / CONVERSATIONS) * 1000); // the conversations start spread over a second
        const headers = {
          cookie: sender.jar.header()!,
          [CSRF_HEADER]: sender.jar.get(CSRF_COOKIE)!,
          'content-type': 'application/json',
        };
        for (let n = 0; n < MESSAGES_EACH; n++) {
          const msg = `bench ${id} ${n}`;
          const t0 = performance.now();
          const res = await fetch(`${base}/api/messages.php`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ conversation: id, msg, client_id: crypto.randomUUID() }),
          });
          if (!res.ok) throw new Error(`send: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
          answered.push(performance.now() - t0);
          const hit = await stream.next((e) => e.type === 'message' && e.message.msg === msg);
          latencies.push(hit.at - t0);
          await sleep(PAUSE_MS());
        }
      }),
    );
    const wall = performance.now() - started;
    for (const p of pairs) p.stream.close();
    latencies.sort((x, y) => x - y);
    answered.sort((x, y) => x - y);
    console.log(
      `${label}: ${latencies.length} messages in ${CONVERSATIONS} conversations at once (${(latencies.length / (wall / 1000)).toFixed(0)} msg/s): ` +
        `send → recipient's stream p50 ${fmt(pct(latencies, 50))}, p99 ${fmt(pct(latencies, 99))}, max ${fmt(latencies[latencies.length - 1]!)}` +
        ` (the send's own answer: p50 ${fmt(pct(answered, 50))}, p99 ${fmt(pct(answered, 99))})`,
    );

    // A conversation of 10,000 messages: the newest page, as the conversation view asks for it.
    const a = await addMember(db, { credits: 0 });
    const b = await addMember(db);
    const { id } = await openConversation(db, a.id, b.id);
    await fillConversation(db, id, a.id, b.id, LONG);
    const reader = await loginAs(app, a);
    const times: number[] = [];
    for (let i = 0; i < PAGE_RUNS + 1; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/messages.php?conversation=${id}&limit=50`, { headers: { cookie: reader.jar.header()! } });
      const body = (await res.json()) as { messages: unknown[] };
      if (body.messages.length !== 50) throw new Error('unexpected page');
      if (i > 0) times.push(performance.now() - t0); // the first run warms up
    }
    times.sort((x, y) => x - y);
    console.log(
      `${label}: conversation of ${LONG.toLocaleString('en')} messages, newest page of 50 to the page: p50 ${fmt(pct(times, 50))}, p99 ${fmt(pct(times, 99))}`,
    );
  } finally {
    await app.close();
  }
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (1, 5, 15 min) at the start`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  try {
    await run('PGlite', await openPglite(path.join(dir, 'pglite')), dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const server = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (server) {
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bench-pg-'));
    const { db, drop } = await scratchPostgres(server);
    try {
      await run('PostgreSQL', db, dir2);
    } finally {
      await drop().catch(() => undefined);
      fs.rmSync(dir2, { recursive: true, force: true });
    }
  } else {
    console.log('PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL to measure it too)');
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} at the end`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
