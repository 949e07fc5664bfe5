import type { FastifyInstance } from 'fastify';
import { MAX_STREAMS_PER_MEMBER } from '../src/events/hub';
import { listening, startTestApi, type TestApi } from './helpers';
import { memberBrowser, openConversation } from './social-helpers';
import { openStream as openStreamAt } from './stream-helpers';

let t: TestApi;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  t = await startTestApi();
  app = await t.appWith({});
  base = await listening(app);
}, 60_000);
afterAll(() => t.close());

/** An open event stream of this file's API over real HTTP (see stream-helpers.ts). */
const openStream = (cookie: string | undefined) => openStreamAt(base, cookie);

describe('GET /api/events.php', () => {
  it(`a member may hold ${MAX_STREAMS_PER_MEMBER} open streams, not more: the next is a 429 until one closes`, async () => {
    const { member, jar } = await memberBrowser(app, t.db, { name: 'Many Tabs' });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) streams.push(await openStream(jar.header()));
    expect(streams.map((s) => s.res.status)).toEqual(Array(MAX_STREAMS_PER_MEMBER).fill(200));
    const refused = await openStream(jar.header());
    expect(refused.res.status).toBe(429);
    expect(app.events.count(member.id)).toBe(MAX_STREAMS_PER_MEMBER);
    streams[0]!.close();
    for (let i = 0; i < 50 && app.events.count(member.id) >= MAX_STREAMS_PER_MEMBER; i++) await new Promise((r) => setTimeout(r, 20));
    const again = await openStream(jar.header());
    expect(again.res.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });

  it('is a 403 when logged out', async () => {
    const res = await fetch(`${base}/api/events.php`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'login_required' });
  });

  it('delivers a new message to the recipient’s open stream within moments (latency printed)', async () => {
    const sender = await memberBrowser(app, t.db, { name: 'Sender', credits: 10_000 });
    const recipient = await memberBrowser(app, t.db, { name: 'Recipient' });
    const { id } = await openConversation(t.db, sender.member.id, recipient.member.id);
    const stream = await openStream(recipient.jar.header());
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const { message } = await sender.api.sendMessage(id, `live ${i}`);
      const event = await stream.next((e) => e.type === 'message' && e.message.id === message.id);
      latencies.push(event.at - start);
      expect(event).toMatchObject({ type: 'message', data: { conversation: id, message: { msg: `live ${i}`, sender: sender.member.id, read: false } } });
    }
    console.log(`SSE message delivery (send call → event on the stream), ms: ${latencies.map((l) => l.toFixed(1)).join(', ')}`);
    stream.close();
  });

  it('delivers a new like, and only to the member who was liked', async () => {
    const fan = await memberBrowser(app, t.db, { name: 'Fan' });
    const idol = await memberBrowser(app, t.db, { name: 'Idol' });
    const bystander = await memberBrowser(app, t.db, { name: 'Bystander' });
    const idolStream = await openStream(idol.jar.header());
    const otherStream = await openStream(bystander.jar.header());
    const start = performance.now();
    await fan.api.like(idol.member.id);
    const event = await idolStream.next((e) => e.type === 'like');
    console.log(`SSE like delivery (like call → event on the stream): ${(event.at - start).toFixed(1)} ms`);
    expect(event.data).toEqual({ type: 'like', profile: fan.member.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(otherStream.events).toEqual([]);
    idolStream.close();
    otherStream.close();
  });

  it('ends when the member logs out, and only that session’s stream', async () => {
    const m = await memberBrowser(app, t.db);
    const other = await memberBrowser(app, t.db); // a second session of another member stays open
    const stream = await openStream(m.jar.header());
    const otherStream = await openStream(other.jar.header());
    expect(stream.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(app.events.count(m.member.id)).toBe(1);
    await m.api.logout();
    await stream.done;
    expect(stream.isEnded()).toBe(true);
    expect(app.events.count(m.member.id)).toBe(0);
    expect(otherStream.isEnded()).toBe(false);
    otherStream.close();
  });

  it('sends a heartbeat comment (every 25 s) and ends streams whose session has run out meanwhile', async () => {
    const { HEARTBEAT_MS } = await import('../src/events/hub');
    expect(HEARTBEAT_MS).toBe(25_000);
    const staying = await memberBrowser(app, t.db);
    const expiring = await memberBrowser(app, t.db);
    const a = await openStream(staying.jar.header());
    const b = await openStream(expiring.jar.header());
    await new Promise((r) => setTimeout(r, 50));
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [expiring.member.id]);
    await app.events.heartbeat(); // what the 25 s timer runs
    await b.done;
    expect(b.isEnded()).toBe(true);
    expect(b.comments).toContain('heartbeat');
    for (let i = 0; i < 50 && !a.comments.includes('heartbeat'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(a.comments).toEqual(['connected', 'heartbeat']);
    expect(a.isEnded()).toBe(false);
    a.close();
  });

  it('forgets a stream whose page went away', async () => {
    const m = await memberBrowser(app, t.db);
    const stream = await openStream(m.jar.header());
    await new Promise((r) => setTimeout(r, 50));
    expect(app.events.count(m.member.id)).toBe(1);
    stream.close();
    for (let i = 0; i < 50 && app.events.count(m.member.id); i++) await new Promise((r) => setTimeout(r, 20));
    expect(app.events.count(m.member.id)).toBe(0);
  });

  it('lets the server stop while streams are open, ending them', async () => {
    const other = await t.appWith({});
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const m = await memberBrowser(other, t.db);
    const res = await fetch(`http://127.0.0.1:${address.port}/api/events.php`, { headers: { cookie: m.jar.header()! } });
    expect(res.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    const reader = res.body!.getReader();
    let done = false;
    while (!done) done = (await reader.read().catch(() => ({ done: true }))).done;
    expect(done).toBe(true);
  });
});
