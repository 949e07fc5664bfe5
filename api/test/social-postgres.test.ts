import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { openPostgres } from '../src/db/postgres';
import { listening, startTestApi, type TestApi } from './helpers';
import { addMember, memberBrowser, openConversation } from './social-helpers';

/**
 * The social calls on a PostgreSQL server, where requests really run side by side on a pool:
 * the credit charge under contention, LISTEN on a dedicated connection, the search summaries.
 * Runs when TEST_DATABASE_URL is set; uses its own database (`<name>_social`, created when
 * missing and wiped) so it can run beside postgres.test.ts.
 */
const url = process.env.TEST_DATABASE_URL;

async function socialDatabase(base: string): Promise<string> {
  const target = new URL(base);
  const name = `${target.pathname.slice(1) || 'postgres'}_social`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rows.length) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  target.pathname = `/${name}`;
  return target.toString();
}

(url ? describe : describe.skip)('social calls on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  let t: TestApi;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    const socialUrl = await socialDatabase(url!);
    t = await startTestApi(async () => {
      const db = await openPostgres(socialUrl);
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      return db;
    });
    app = await t.appWith({});
    base = await listening(app);
  }, 60_000);
  afterAll(() => t?.close());

  it('parallel sends with credit for exactly one charge exactly one, the others get 402', async () => {
    const a = await memberBrowser(app, t.db, { country: 'NL', credits: 99 * 3 + 10 });
    const b = await addMember(t.db);
    const { id } = await openConversation(t.db, a.member.id, b.id);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => a.api.sendMessage(id, `race ${i}`)));
    const sent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(sent).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 402, code: 'insufficient_credits' });
    const { rows } = await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [a.member.id]);
    expect(rows[0]!.credits).toBe(10);
    expect((await a.api.messages(id)).messages).toHaveLength(3);
  });

  it('LISTEN/NOTIFY: a message reaches the recipient’s open stream (latency printed)', async () => {
    const sender = await memberBrowser(app, t.db, { credits: 1000 });
    const recipient = await memberBrowser(app, t.db);
    const { id } = await openConversation(t.db, sender.member.id, recipient.member.id);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events.php`, { headers: { cookie: recipient.jar.header()! }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // "connected"
    const start = performance.now();
    const { message } = await sender.api.sendMessage(id, 'over a real server');
    let text = '';
    while (!text.includes(`"id":${message.id}`)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    console.log(`SSE delivery on PostgreSQL (send call → event): ${(performance.now() - start).toFixed(1)} ms`);
    expect(text).toContain('event: message');
    expect(text).toContain('over a real server');
    controller.abort();
  });

  it('search counts agree with the members table after inserts, updates and deletes', async () => {
    const viewer = await memberBrowser(app, t.db);
    for (let i = 0; i < 30; i++) {
      await addMember(t.db, { country: i % 2 ? 'DE' : 'NL', countryregion: i % 2 ? 'Berlin' : 'Utrecht', dateOfBirth: `${1950 + i}-06-15`, gender: i % 3 ? 'male' : 'female' });
    }
    await t.db.query(`UPDATE members SET status = 'deleted' WHERE id IN (SELECT id FROM members WHERE country = 'DE' LIMIT 3)`);
    const res = await viewer.api.search({ min_age: 30, max_age: 60, pp: 48 });
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members WHERE status = 'active' AND id <> $1
          AND extract(year FROM age(current_date, date_of_birth)) BETWEEN 30 AND 60`,
      [viewer.member.id],
    );
    expect(res.paging.num_results).toBe(rows[0]!.n);
  });
});
