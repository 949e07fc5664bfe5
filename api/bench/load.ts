/**
 * Load: the API as it runs in production (its own process: `api/src/main.ts`, NODE_ENV=production),
 * on a database of 3,000 demo members, with 200 logged-in members polling as the shell does
 * (user.php every 60 s, chats.php and likes.php 1 s later at the same interval: spec §9, rules.ts)
 * and 20 members sending messages (one about every second each, to members of the 200), for 60 s.
 * Printed: polls/s, p50/p99/max of the polls, errors (anything but 200, or no answer), timeouts (no
 * answer within 10 s), the sends, and the API process's CPU per request, with the load average.
 *
 * Two phases, one after the other on the same server:
 *   poll    every member polls (no event stream: how the shell behaved before);
 *   stream  every member has the event stream open, so the shell does not poll (src/session in the
 *           shell); the messages arrive on the streams, counted.
 *
 *   npx tsx api/bench/load.ts                               # embedded PGlite, both phases, 60 s each
 *   npx tsx api/bench/load.ts --duration 15                 # shorter
 *   npx tsx api/bench/load.ts --interval 2000               # poll every 2 s instead of 60 s (a harder load)
 *   npx tsx api/bench/load.ts --phases poll                 # one phase only
 *   DATABASE_URL=postgres://… npx tsx api/bench/load.ts     # a scratch database on that server (dropped afterwards)
 *
 * A script that prints figures, not a test: nothing is asserted. Nothing but the API process is
 * measured as CPU; this process's own work (200 clients) competes with it for the machine.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { SOCIAL_POLL_DELAY_MS, USER_POLL_MS } from '@dating/shared';
import { REPO_ROOT } from '../src/config';
import type { Db } from '../src/db';
import { createMember } from '../src/members/member';
import { hashToken, newToken, SESSION_TTL_S } from '../src/session/session';
import { HOST, loadLine, seededDatabase } from './setup';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    members: { type: 'string', default: '200' },
    senders: { type: 'string', default: '20' },
    interval: { type: 'string', default: String(USER_POLL_MS) },
    phases: { type: 'string', default: 'poll,stream' },
    population: { type: 'string', default: '3000' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const MEMBERS = Number(args.members);
const SENDERS = Number(args.senders);
const INTERVAL_MS = Number(args.interval);
const PHASES = args.phases.split(',') as ('poll' | 'stream')[];
const TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Client {
  id: number;
  cookie: string;
  csrf: string;
  /** The conversation a sender writes in. */
  conversation?: number;
}

/** Members who poll (or hold a stream) and members who send, each with a session made in the database. */
async function prepare(db: Db): Promise<{ pollers: Client[]; senders: Client[] }> {
  const { rows: sites } = await db.query<{ id: number; pool: number }>(
    'SELECT id, coalesce(shares_members_with, id) AS pool FROM sites WHERE is_default',
  );
  const site = sites[0]!;
  const make = async (i: number, role: string, credits: number): Promise<Client> => {
    const id = await createMember(db, {
      siteId: site.pool,
      email: `${role}${i}@load.example.com`,
      passwordHash: null,
      name: `${role === 'poller' ? 'Reader' : 'Writer'} ${i}`,
      gender: i % 2 ? 'female' : 'male',
      dateOfBirth: '1990-01-01',
      city: 'Utrecht',
      country: 'NL',
      countryregion: 'Utrecht',
      language: 'en',
      credits,
    });
    // A session as login makes it (src/session/session.ts), without 220 password hashes.
    const token = newToken();
    const csrf = newToken();
    await db.query(
      `INSERT INTO sessions (token_hash, member_id, site_id, csrf, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hashToken(token), id, site.id, csrf, SESSION_TTL_S],
    );
    return { id, cookie: `sid=${token}; csrf=${csrf}`, csrf };
  };
  const pollers: Client[] = [];
  for (let i = 0; i < MEMBERS; i++) pollers.push(await make(i, 'poller', 0));
  const senders: Client[] = [];
  for (let i = 0; i < SENDERS; i++) {
    const s = await make(i, 'sender', 1_000_000_000);
    // Each sender writes to one of the pollers (spread over them).
    const to = pollers[Math.floor((i * MEMBERS) / Math.max(1, SENDERS))]!;
    const [lo, hi] = s.id < to.id ? [s.id, to.id] : [to.id, s.id];
    const { rows } = await db.query<{ id: number }>('INSERT INTO conversations (member_lo, member_hi) VALUES ($1, $2) RETURNING id', [lo, hi]);
    s.conversation = rows[0]!.id;
    await db.query('INSERT INTO conversation_members (conversation_id, member_id) VALUES ($1, $2), ($1, $3)', [s.conversation, lo, hi]);
    senders.push(s);
  }
  return { pollers, senders };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The API's own process, as deployed (NODE_ENV=production: quiet logging). */
async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<{ child: ChildProcess; base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      RATE_LIMITS: 'off',
      DEMO: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
    try {
      const res = await fetch(`${base}/api/settings.php`, { headers: { 'x-original-host': HOST } });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the API did not start within 60 s');
    await sleep(100);
  }
  return {
    child,
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** CPU seconds (user + system) a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

class Tally {
  times: number[] = [];
  errors = 0;
  timeouts = 0;
  record(started: number, ok: boolean) {
    if (ok) this.times.push(performance.now() - started);
    else this.errors++;
  }
  summary(seconds: number) {
    const s = [...this.times].sort((a, b) => a - b);
    return { n: s.length, perSecond: s.length / seconds, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? NaN, errors: this.errors, timeouts: this.timeouts };
  }
}

async function runPhase(phase: 'poll' | 'stream', base: string, pid: number, pollers: Client[], senders: Client[]) {
  const agent = new Agent({ connections: 1024, headersTimeout: TIMEOUT_MS, bodyTimeout: phase === 'stream' ? 0 : TIMEOUT_MS });
  const polls = new Tally();
  const sends = new Tally();
  let delivered = 0;
  let running = true;
  const timers: NodeJS.Timeout[] = [];
  const streams: AbortController[] = [];

  const call = async (tally: Tally, c: Client, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const started = performance.now();
    try {
      const res = await request(`${base}${url}`, {
        dispatcher: agent,
        method,
        headers: {
          'x-original-host': HOST,
          cookie: c.cookie,
          ...(body ? { 'content-type': 'application/json', 'x-csrf-token': c.csrf } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body.dump();
      tally.record(started, res.statusCode === 200);
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT') tally.timeouts++;
      else tally.errors++;
    }
  };

  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  if (phase === 'poll') {
    for (const c of pollers) {
      // Logins are spread over the interval; then user.php every interval, chats and likes 1 s later.
      const start = Math.random() * Math.min(INTERVAL_MS, DURATION_MS);
      timers.push(
        setTimeout(() => {
          const user = () => void call(polls, c, 'GET', '/api/user.php');
          const social = () => {
            void call(polls, c, 'GET', '/api/chats.php');
            void call(polls, c, 'GET', '/api/likes.php');
          };
          user();
          timers.push(setInterval(user, INTERVAL_MS));
          timers.push(
            setTimeout(() => {
              social();
              timers.push(setInterval(social, INTERVAL_MS));
            }, SOCIAL_POLL_DELAY_MS),
          );
        }, start),
      );
    }
  } else {
    for (const c of pollers) {
      const abort = new AbortController();
      streams.push(abort);
      request(`${base}/api/events.php`, {
        dispatcher: agent,
        headers: { 'x-original-host': HOST, cookie: c.cookie, accept: 'text/event-stream' },
        signal: abort.signal,
      })
        .then(async (res) => {
          if (res.statusCode !== 200) polls.errors++;
          for await (const chunk of res.body) delivered += (String(chunk).match(/^event: message$/gm) ?? []).length;
        })
        .catch((err: { name?: string }) => {
          if (running && err.name !== 'AbortError') polls.errors++;
        });
    }
  }
  const sending = senders.map(async (s) => {
    await sleep(Math.random() * 1000);
    while (running) {
      await call(sends, s, 'POST', '/api/messages.php', { conversation: s.conversation, msg: `Hello at ${Date.now()}`, client_id: randomUUID() });
      await sleep(500 + Math.random() * 1000);
    }
  });

  await sleep(DURATION_MS);
  running = false;
  for (const t of timers) clearTimeout(t);
  await Promise.all(sending);
  await sleep(phase === 'poll' ? 1000 : 500); // answers still under way
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  for (const a of streams) a.abort();
  await agent.close().catch(() => {});
  const p = polls.summary(seconds);
  const m = sends.summary(seconds);
  const requests = p.n + p.errors + m.n + m.errors;
  return { phase, seconds, polls: p, sends: m, delivered, cpu, cpuPerRequest: requests ? (cpu * 1e6) / requests : NaN };
}

/**
 * A fresh process compiles its code and fills the database's buffers on its first requests: the
 * senders (not the 200 measured members, whose answers stay unkept) call every route a few times first.
 */
async function warmUp(base: string, senders: Client[]) {
  const agent = new Agent({ connections: 8 });
  const get = (c: Client, url: string, init: { method?: 'POST'; body?: string } = {}) =>
    request(`${base}${url}`, {
      dispatcher: agent,
      method: init.method ?? 'GET',
      body: init.body,
      headers: { 'x-original-host': HOST, cookie: c.cookie, ...(init.body ? { 'content-type': 'application/json', 'x-csrf-token': c.csrf } : {}) },
    }).then((r) => r.body.dump());
  for (let round = 0; round < 5; round++) {
    await Promise.all(
      senders.map(async (s) => {
        for (const url of ['/api/user.php', '/api/chats.php', '/api/likes.php', '/api/settings.php']) await get(s, url);
        await get(s, '/api/messages.php', { method: 'POST', body: JSON.stringify({ conversation: s.conversation, msg: 'warm-up', client_id: randomUUID() }) });
      }),
    );
  }
  await agent.close();
}

async function main() {
  const started = performance.now();
  const { db, dir, label, url, done } = await seededDatabase(Number(args.population));
  const { pollers, senders } = await prepare(db);
  // PGlite is one process's database: the seeding connection closes before the API opens the folder.
  if (!process.env.DATABASE_URL) await db.close();
  const server = await startServer(dir, url);
  const pid = server.child.pid!;
  console.log(
    `API load: ${label}, ${Number(args.population).toLocaleString('en')} members + ${MEMBERS} polling + ${SENDERS} sending, ` +
      `poll interval ${INTERVAL_MS / 1000} s, ${DURATION_MS / 1000} s a phase (ready in ${((performance.now() - started) / 1000).toFixed(0)} s), Node ${process.version}`,
  );
  const rows = [];
  try {
    await warmUp(server.base, senders);
    for (const phase of PHASES) {
      const before = loadLine();
      const r = await runPhase(phase, server.base, pid, pollers, senders);
      rows.push({ ...r, before, after: loadLine() });
    }
  } finally {
    await server.stop();
    if (process.env.DATABASE_URL) await done();
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  const f = (x: number) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
  console.log(`\nphase   | polls  polls/s  p50 ms  p99 ms  max ms  errors  timeouts | sends  p50 ms  p99 ms  errors  timeouts | on streams | API CPU s  µs/request`);
  for (const r of rows) {
    const p = r.polls;
    const m = r.sends;
    console.log(
      `${r.phase.padEnd(7)} | ${String(p.n).padStart(5)} ${f(p.perSecond).padStart(8)} ${f(p.p50).padStart(7)} ${f(p.p99).padStart(7)} ${f(p.max).padStart(7)} ${String(p.errors).padStart(7)} ${String(p.timeouts).padStart(9)} |` +
        ` ${String(m.n).padStart(5)} ${f(m.p50).padStart(7)} ${f(m.p99).padStart(7)} ${String(m.errors).padStart(7)} ${String(m.timeouts).padStart(9)} |` +
        ` ${r.phase === 'stream' ? String(r.delivered).padStart(10) : '–'.padStart(10)} | ${r.cpu.toFixed(1).padStart(9)} ${f(r.cpuPerRequest).padStart(11)}`,
    );
  }
  for (const r of rows) console.log(`${r.phase}: ${r.before} before, ${r.after} after`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
