/**
 * Several API processes: 1, 2 and 4 API processes (api/src/main.ts, NODE_ENV=production) on one
 * PostgreSQL server with live events on Redis pub/sub (REDIS_URL), against the same on PostgreSQL
 * LISTEN/NOTIFY, side by side in one run, on loopback. For each: 2,000 members hold an event
 * stream (spread over the processes, as a balancer does), 200 of them poll as the shell does
 * (user.php every 60 s, chats.php and likes.php 1 s later: spec §9, rules.ts) and 50 members send a
 * message about every 2 s each to a member whose stream is on another process when there is one.
 * Printed, one table: delivery latency (send call → event on the recipient's stream) p50/p99,
 * sends per second, polls per second, errors (anything but 200, a stream refused or dropped, a
 * message never delivered), the API processes' CPU per request and the load average.
 *
 *   TEST_DATABASE_URL=postgres://… TEST_REDIS_URL=redis://… npm run bench:cluster
 *   … npm run bench:cluster -- --duration 20 --processes 1,2,4 --modes notify,redis --runs 3
 *
 * A scratch database on the server (dropped afterwards) and a Redis prefix of its own. Bounded:
 * `duration` seconds of load per configuration (default 15) after its processes started. A script
 * that prints figures, not a test: nothing is asserted. The 2,250 clients run in this process and
 * compete with the API processes for the machine.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { SOCIAL_POLL_DELAY_MS, USER_POLL_MS } from '@dating/shared';
import type { Db } from '../src/db';
import { createMember } from '../src/members/member';
import { hashToken, newToken, SESSION_TTL_S } from '../src/session/session';
import { freshDatabase, startApiProcess, startS3Sandbox, type ApiProcess } from '../test/cluster-helpers';
import { HOST, loadLine } from './setup';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    streams: { type: 'string', default: '2000' },
    pollers: { type: 'string', default: '200' },
    senders: { type: 'string', default: '50' },
    processes: { type: 'string', default: '1,2,4' },
    modes: { type: 'string', default: 'notify,redis' },
    runs: { type: 'string', default: '1' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const STREAMS = Number(args.streams);
const POLLERS = Math.min(Number(args.pollers), STREAMS);
const SENDERS = Number(args.senders);
const PROCESSES = args.processes.split(',').map(Number);
const MODES = args.modes.split(',') as ('notify' | 'redis')[];
const RUNS = Math.max(1, Number(args.runs));
const TIMEOUT_MS = 10_000;
/** A message not on its stream this long after the send answered counts as lost. */
const DELIVERY_TIMEOUT_MS = 5_000;
/** Streams opened at once while connecting. */
const STREAM_BATCH = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error('bench:cluster needs a PostgreSQL and a Redis server: TEST_DATABASE_URL=postgres://… TEST_REDIS_URL=redis://…');
  process.exit(2);
}

interface Client {
  id: number;
  cookie: string;
  csrf: string;
  conversation?: number;
  /** Index of the member whose stream receives this sender's messages. */
  to?: number;
}

async function prepare(db: Db): Promise<{ members: Client[]; senders: Client[] }> {
  const { rows: sites } = await db.query<{ id: number; pool: number }>('SELECT id, coalesce(shares_members_with, id) AS pool FROM sites WHERE is_default');
  const site = sites[0]!;
  const make = async (i: number, role: string, credits: number): Promise<Client> => {
    const id = await createMember(db, {
      siteId: site.pool,
      email: `${role}${i}@cluster.example.com`,
      passwordHash: null,
      name: `${role === 'member' ? 'Reader' : 'Writer'} ${i}`,
      gender: i % 2 ? 'female' : 'male',
      dateOfBirth: '1990-01-01',
      city: 'Utrecht',
      country: 'NL',
      countryregion: 'Utrecht',
      language: 'en',
      credits,
    });
    const token = newToken();
    const csrf = newToken();
    await db.query(
      `INSERT INTO sessions (token_hash, member_id, site_id, csrf, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hashToken(token), id, site.id, csrf, SESSION_TTL_S],
    );
    return { id, cookie: `sid=${token}; csrf=${csrf}`, csrf };
  };
  const members: Client[] = [];
  for (let i = 0; i < STREAMS; i++) members.push(await make(i, 'member', 0));
  const senders: Client[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const s = await make(i, 'sender', 1_000_000_000);
    // Recipients spread over the members, an odd index: with members' streams dealt round robin
    // and senders on even processes, a message crosses processes whenever there are several.
    s.to = (i * 2 * Math.floor(STREAMS / (2 * Math.max(1, SENDERS))) + 1) % STREAMS;
    const to = members[s.to]!;
    const [lo, hi] = s.id < to.id ? [s.id, to.id] : [to.id, s.id];
    const { rows } = await db.query<{ id: number }>('INSERT INTO conversations (member_lo, member_hi) VALUES ($1, $2) RETURNING id', [lo, hi]);
    s.conversation = rows[0]!.id;
    await db.query('INSERT INTO conversation_members (conversation_id, member_id) VALUES ($1, $2), ($1, $3)', [s.conversation, lo, hi]);
    senders.push(s);
  }
  return { members, senders };
}

function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  p50: number;
  p99: number;
  sendsPerS: number;
  pollsPerS: number;
  errors: number;
  lost: number;
  cpuMsPerReq: number;
  load: string;
}

async function measure(apis: ApiProcess[], members: Client[], senders: Client[]): Promise<Row> {
  const agent = new Agent({ connections: 4096, headersTimeout: TIMEOUT_MS, bodyTimeout: 0 });
  const baseOf = (i: number) => apis[i % apis.length]!.base;
  let errors = 0;
  let running = true;
  const timers: NodeJS.Timeout[] = [];
  const streams: AbortController[] = [];
  /** Message id → when its send call started (answered, not yet on the stream) … */
  const sentAt = new Map<number, number>();
  /** … or when it arrived on the stream (before its send call answered). */
  const arrivedAt = new Map<number, number>();
  const latencies: number[] = [];
  let sends = 0;
  let polls = 0;

  const call = async (c: Client, base: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    try {
      const res = await request(`${base}${url}`, {
        dispatcher: agent,
        method,
        headers: { 'x-original-host': HOST, cookie: c.cookie, ...(body ? { 'content-type': 'application/json', 'x-csrf-token': c.csrf } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.statusCode !== 200) {
        errors++;
        await res.body.dump();
        return null;
      }
      return await res.body.json();
    } catch {
      if (running) errors++;
      return null;
    }
  };

  // Every member's stream, dealt round robin over the processes; connected before the load starts,
  // STREAM_BATCH at a time (members arrive over time; 2,000 at once would only measure a queue).
  let connected = 0;
  const open = (c: Client, i: number) =>
    new Promise<void>((ready) => {
      const abort = new AbortController();
      streams.push(abort);
      request(`${baseOf(i)}/api/events.php`, {
        dispatcher: agent,
        headers: { 'x-original-host': HOST, cookie: c.cookie, accept: 'text/event-stream' },
        signal: abort.signal,
      })
        .then(async (res) => {
          if (res.statusCode !== 200) {
            errors++;
            return ready();
          }
          let buffer = '';
          let first = true;
          for await (const chunk of res.body) {
            buffer += String(chunk);
            if (first && buffer.includes(': connected')) {
              first = false;
              connected++;
              ready();
            }
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.startsWith('event: message')) continue;
              const data = block.slice(block.indexOf('data: ') + 6);
              const id = (JSON.parse(data) as { message: { id: number } }).message.id;
              const start = sentAt.get(id);
              if (start === undefined) arrivedAt.set(id, performance.now());
              else {
                latencies.push(performance.now() - start);
                sentAt.delete(id);
              }
            }
          }
          if (running) errors++; // a stream the server ended
          ready();
        })
        .catch((err: { name?: string }) => {
          if (running && err.name !== 'AbortError') errors++;
          ready();
        });
    });
  for (let i = 0; i < members.length; i += STREAM_BATCH) {
    await Promise.all(members.slice(i, i + STREAM_BATCH).map((c, j) => open(c, i + j)));
  }

  const cpu0 = apis.map((a) => cpuSeconds(a.child.pid!));
  const t0 = performance.now();
  // Pollers: the first 200 members, each polling the process that holds its stream.
  for (let i = 0; i < POLLERS; i++) {
    const c = members[i]!;
    const base = baseOf(i);
    const start = Math.random() * Math.min(USER_POLL_MS, DURATION_MS);
    timers.push(
      setTimeout(() => {
        const user = () => void call(c, base, 'GET', '/api/user.php').then((r) => r && polls++);
        const social = () => {
          void call(c, base, 'GET', '/api/chats.php').then((r) => r && polls++);
          void call(c, base, 'GET', '/api/likes.php').then((r) => r && polls++);
        };
        user();
        timers.push(setInterval(user, USER_POLL_MS));
        timers.push(setTimeout(() => (social(), timers.push(setInterval(social, USER_POLL_MS))), SOCIAL_POLL_DELAY_MS));
      }, start),
    );
  }
  // Senders: through an even process (the recipients' streams are on the odd ones when there are several).
  const sending = senders.map(async (s, i) => {
    const base = baseOf(i * 2);
    await sleep(Math.random() * 2000);
    while (running) {
      const started = performance.now();
      const res = (await call(s, base, 'POST', '/api/messages.php', { conversation: s.conversation, msg: `Hello at ${Date.now()}`, client_id: randomUUID() })) as {
        message?: { id: number };
      } | null;
      if (res?.message) {
        sends++;
        // The event may have arrived before the answer did.
        const arrived = arrivedAt.get(res.message.id);
        if (arrived === undefined) sentAt.set(res.message.id, started);
        else {
          latencies.push(arrived - started);
          arrivedAt.delete(res.message.id);
        }
      }
      await sleep(1500 + Math.random() * 1000);
    }
  });
  await sleep(DURATION_MS);
  running = false;
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(sending);
  const cpu = apis.reduce((sum, a, i) => sum + cpuSeconds(a.child.pid!) - cpu0[i]!, 0);
  // Messages answered at the end still have time to arrive.
  for (let waited = 0; sentAt.size && waited < DELIVERY_TIMEOUT_MS; waited += 100) await sleep(100);
  for (const t of timers) clearTimeout(t);
  for (const s of streams) s.abort();
  await agent.close().catch(() => {});
  if (connected < members.length) console.log(`  ${members.length - connected} streams did not connect (counted in errors)`);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    sendsPerS: sends / seconds,
    pollsPerS: polls / seconds,
    errors,
    lost: sentAt.size,
    cpuMsPerReq: (cpu * 1000) / Math.max(1, sends + polls),
    load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

async function main() {
  console.log(`bench:cluster — ${STREAMS} streams, ${POLLERS} polling, ${SENDERS} sending, ${args.duration} s per configuration, ${RUNS} run(s); ${loadLine()}`);
  const database = await freshDatabase(databaseUrl!, 'bench');
  const s3 = await startS3Sandbox();
  const rows: Array<{ label: string; row: Row }> = [];
  try {
    const t = performance.now();
    const { members, senders } = await prepare(database.db);
    console.log(`prepared ${members.length + senders.length} members with sessions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    for (const mode of MODES) {
      for (const n of PROCESSES) {
        const runs: Row[] = [];
        for (let r = 0; r < RUNS; r++) {
          const env: Record<string, string> = {
            DATABASE_URL: database.url,
            S3_URL: s3.sandbox.url,
            LOG_LEVEL: 'error',
            ...(mode === 'redis' ? { REDIS_URL: redisUrl!, REDIS_PREFIX: `bench-${process.pid}-${randomUUID().slice(0, 8)}:` } : {}),
          };
          const apis: ApiProcess[] = [];
          try {
            for (let i = 0; i < n; i++) apis.push(await startApiProcess(`${mode}${i}`, env));
            // Rate limits of the previous configuration (same members) forgotten.
            await database.db.query('DELETE FROM rate_limit_hits');
            runs.push(await measure(apis, members, senders));
          } finally {
            await Promise.all(apis.map((a) => a.stop()));
          }
        }
        const row: Row = {
          p50: median(runs.map((x) => x.p50)),
          p99: median(runs.map((x) => x.p99)),
          sendsPerS: median(runs.map((x) => x.sendsPerS)),
          pollsPerS: median(runs.map((x) => x.pollsPerS)),
          errors: median(runs.map((x) => x.errors)),
          lost: median(runs.map((x) => x.lost)),
          cpuMsPerReq: median(runs.map((x) => x.cpuMsPerReq)),
          load: runs.at(-1)!.load,
        };
        const label = `${mode === 'redis' ? 'PostgreSQL + Redis' : 'PostgreSQL NOTIFY'} × ${n}`;
        rows.push({ label, row });
        console.log(`  done: ${label}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.sendsPerS.toFixed(1)} sends/s, ${row.errors} errors, ${row.lost} lost`);
      }
    }
  } finally {
    await s3.stop();
    await database.drop();
  }
  const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '—');
  const header = ['configuration', 'p50 ms', 'p99 ms', 'sends/s', 'polls/s', 'errors', 'lost', 'API CPU ms/req', 'load (1, 5, 15 min)'];
  const lines = rows.map(({ label, row }) => [label, f(row.p50), f(row.p99), f(row.sendsPerS), f(row.pollsPerS), String(row.errors), String(row.lost), f(row.cpuMsPerReq, 2), row.load]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const out = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(out(header));
  for (const l of lines) console.log(out(l));
  console.log(`\n${loadLine()}; medians of ${RUNS} run(s) per configuration.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
