import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BlockRequestSchema } from '@dating/shared';
import { browser, listening, startTestApi, type TestApi } from './helpers';
import { addMember, GARBAGE_BODIES, loginAs, memberBrowser } from './social-helpers';
import { openStream } from './stream-helpers';

let t: TestApi;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  t = await startTestApi();
  app = await t.appWith({});
  base = await listening(app);
}, 60_000);
afterAll(() => t.close());

type B = Awaited<ReturnType<typeof memberBrowser>>;

const credits = async (id: number) =>
  (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [id])).rows[0]!.credits;

async function raw(b: B | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(b ? b.headers() : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Two members who have written to each other once. */
async function talking(credit = 10_000) {
  const a = await memberBrowser(app, t.db, { name: 'Anna', credits: credit, country: 'NL' });
  const b = await memberBrowser(app, t.db, { name: 'Bram', credits: credit, country: 'NL' });
  const first = await a.api.sendMessage({ profile: b.member.id }, 'Hoi');
  return { a, b, id: first.message.conversation };
}

describe('an idempotent send (client-generated id)', () => {
  it('the same client_id twice is one message and one charge, answering the first message', async () => {
    const { a, b, id } = await talking(1000);
    const before = await credits(a.member.id);
    const clientId = randomUUID();
    const first = await a.api.sendMessage(id, 'Zin in koffie?', clientId);
    const again = await a.api.sendMessage(id, 'Zin in koffie?', clientId);
    expect(again.message).toEqual(first.message);
    expect(first.message.client_id).toBe(clientId);
    expect(again.credits).toBe(before - 99);
    expect(await credits(a.member.id)).toBe(before - 99);
    expect((await b.api.messages(id)).messages.filter((m) => m.msg === 'Zin in koffie?')).toHaveLength(1);
  });

  it('sent twice at once: still one message and one charge', async () => {
    const { a, id } = await talking(1000);
    const before = await credits(a.member.id);
    const clientId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => a.api.sendMessage(id, 'at once', clientId)));
    expect(new Set(answers.map((x) => x.message.id)).size).toBe(1);
    expect(await credits(a.member.id)).toBe(before - 99);
  });

  it('a first message retried with its client_id creates one conversation and charges once', async () => {
    const a = await memberBrowser(app, t.db, { credits: 1000, country: 'NL' });
    const b = await addMember(t.db);
    const clientId = randomUUID();
    const x = await a.api.sendMessage({ profile: b.id }, 'hello', clientId);
    const y = await a.api.sendMessage({ profile: b.id }, 'hello', clientId);
    expect(y.message.id).toBe(x.message.id);
    expect(await credits(a.member.id)).toBe(1000 - 99);
  });

  it('a client_id that is not a UUID, or both/neither of conversation and profile, is a 400 naming the field', async () => {
    const { a, b, id } = await talking();
    const bad = await raw(a, 'POST', '/api/messages.php', { conversation: id, msg: 'x', client_id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'client_id' });
    const both = await raw(a, 'POST', '/api/messages.php', { conversation: id, profile: b.member.id, msg: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ field: 'conversation' });
    const neither = await raw(a, 'POST', '/api/messages.php', { msg: 'x' });
    expect(neither.statusCode).toBe(400);
  });
});

describe('the price of a message is not the member\'s choice', () => {
  it('changing the profile country does not change the price (PL stays PL)', async () => {
    const pl = await memberBrowser(app, t.db, { country: 'PL', credits: 5000 });
    const other = await addMember(t.db);
    expect((await pl.api.messageCost()).credits_per_message).toBe(399);
    // The member moves their profile to GB, where a message costs 89.
    await t.db.query(`UPDATE members SET country = 'GB' WHERE id = $1`, [pl.member.id]);
    const cost = await pl.api.messageCost();
    expect(cost).toMatchObject({ credits_per_message: 399, price: { amount: 3.99, currency: 'PLN' }, balance: 5000 });
    expect((await pl.api.sendMessage({ profile: other.id }, 'Cześć')).credits).toBe(5000 - 399);
  });

  it('the host a request comes in on does not change the price', async () => {
    const de = await addMember(t.db, { country: 'DE', credits: 5000 });
    const other = await addMember(t.db);
    const onAmora = await loginAs(app, de);
    const onVelvet = await loginAs(app, de, 'velvet.localhost:8080');
    const a = await onAmora.api.messageCost();
    const v = await onVelvet.api.messageCost();
    expect(v.credits_per_message).toBe(a.credits_per_message);
    const sent = await onVelvet.api.sendMessage({ profile: other.id }, 'Hallo');
    expect(sent.credits).toBe(5000 - a.credits_per_message);
  });

  it('a member without a country gives one once: that one is kept', async () => {
    const m = await memberBrowser(app, t.db, { country: null, credits: 5000 });
    await t.db.query(`UPDATE members SET country = 'PL' WHERE id = $1`, [m.member.id]);
    await t.db.query(`UPDATE members SET country = 'GB' WHERE id = $1`, [m.member.id]);
    expect((await m.api.messageCost()).credits_per_message).toBe(399);
  });
});

describe('live events: read receipts, typing, the sender\'s other pages, presence', () => {
  it('the sender\'s other open page gets the message; the sender gets the read receipt', async () => {
    const { a, b, id } = await talking();
    const aOther = await openStream(base, a.jar.header());
    const bPage = await openStream(base, b.jar.header());
    try {
      const sent = await a.api.sendMessage(id, 'from my phone', randomUUID());
      const mine = await aOther.next((e) => e.type === 'message' && e.message.id === sent.message.id);
      expect(mine.data).toMatchObject({ type: 'message', message: { client_id: sent.message.client_id, msg: 'from my phone' } });
      await bPage.next((e) => e.type === 'message' && e.message.id === sent.message.id);
      await b.api.markRead(id);
      const receipt = await aOther.next((e) => e.type === 'read');
      expect(receipt.data).toEqual({ type: 'read', conversation: id, reader: b.member.id, up_to: sent.message.id });
      // The reader's own pages hear it too (their unread count goes to 0 everywhere).
      await bPage.next((e) => e.type === 'read' && e.reader === b.member.id);
    } finally {
      aOther.close();
      bPage.close();
    }
  });

  it('typing reaches the other member only; a stranger\'s conversation is a 404; bad input a 400', async () => {
    const { a, b, id } = await talking();
    const bPage = await openStream(base, b.jar.header());
    try {
      expect(await a.api.typing(id)).toEqual({ sent: true });
      const typing = await bPage.next((e) => e.type === 'typing');
      expect(typing.data).toEqual({ type: 'typing', conversation: id, profile: a.member.id });
    } finally {
      bPage.close();
    }
    const stranger = await memberBrowser(app, t.db);
    await expect(stranger.api.typing(id)).rejects.toMatchObject({ status: 404 });
    expect((await raw(a, 'POST', '/api/typing.php', { conversation: 'x' })).statusCode).toBe(400);
    expect((await raw(null, 'POST', '/api/typing.php', { conversation: id })).statusCode).toBe(403);
  });

  it('presence: online while a page is open, last seen after; city only; hidden when the member hides it', async () => {
    const { a, b } = await talking();
    expect(await a.api.presence(b.member.id)).toMatchObject({ hidden: false, online: false });
    const aPage = await openStream(base, a.jar.header());
    const bPage = await openStream(base, b.jar.header());
    try {
      const online = await aPage.next((e) => e.type === 'presence' && e.presence.profile === b.member.id && e.presence.online);
      expect(online.data).toEqual({
        type: 'presence',
        presence: { profile: b.member.id, hidden: false, online: true, last_seen: null, city: 'Utrecht' },
      });
      expect(await a.api.presence(b.member.id)).toMatchObject({ online: true, city: 'Utrecht' });
      const raw1 = JSON.stringify(await a.api.presence(b.member.id));
      expect(raw1).not.toMatch(/latitude|longitude|52\.09/);
      bPage.close();
      const away = await aPage.next((e) => e.type === 'presence' && e.presence.profile === b.member.id && !e.presence.online);
      expect(away.data).toMatchObject({ presence: { online: false, last_seen: expect.any(String) } });

      expect(await b.api.updatePrivacy({ hide_presence: true })).toEqual({ hide_presence: true });
      expect(await b.api.privacy()).toEqual({ hide_presence: true });
      expect(await a.api.presence(b.member.id)).toEqual({ profile: b.member.id, hidden: true, online: false, last_seen: null, city: null });
    } finally {
      aPage.close();
      bPage.close();
    }
  });

  it('presence of a member one has no conversation with is hidden; bad input 400; logged out 403', async () => {
    const a = await memberBrowser(app, t.db);
    const c = await addMember(t.db);
    expect(await a.api.presence(c.id)).toMatchObject({ hidden: true, online: false, city: null });
    expect((await raw(a, 'GET', '/api/presence.php?profile=abc')).statusCode).toBe(400);
    expect((await raw(a, 'PUT', '/api/privacy.php', { hide_presence: 'yes' })).statusCode).toBe(400);
    expect((await raw(null, 'GET', `/api/presence.php?profile=${c.id}`)).statusCode).toBe(403);
    expect((await raw(null, 'GET', '/api/privacy.php')).statusCode).toBe(403);
    expect((await raw(null, 'GET', '/api/message_cost.php')).statusCode).toBe(403);
  });
});

describe('blocking', () => {
  it('a blocked pair cannot message (403) either way, and disappears from chats, search, likes, notifications', async () => {
    const { a, b, id } = await talking();
    await a.api.like(b.member.id);
    await b.api.like(a.member.id);
    expect((await b.api.notifications()).notifications.length).toBeGreaterThan(0);
    const bPage = await openStream(base, b.jar.header());
    try {
      expect(await b.api.block(a.member.id)).toEqual({ blocked: true });
      expect(await bPage.next((e) => e.type === 'chat_removed')).toMatchObject({ data: { conversation: id } });
    } finally {
      bPage.close();
    }
    const before = await credits(a.member.id);
    await expect(a.api.sendMessage(id, 'still there?')).rejects.toMatchObject({ status: 403, code: 'blocked' });
    await expect(b.api.sendMessage(id, 'no')).rejects.toMatchObject({ status: 403 });
    await expect(a.api.sendMessage({ profile: b.member.id }, 'hi')).rejects.toMatchObject({ status: 403 });
    await expect(a.api.startChat(b.member.id)).rejects.toMatchObject({ status: 403 });
    await expect(a.api.like(b.member.id)).rejects.toMatchObject({ status: 403 });
    expect(await credits(a.member.id)).toBe(before);
    for (const [me, other] of [[a, b], [b, a]] as const) {
      expect((await me.api.chats()).chats).toEqual([]);
      const likes = await me.api.likes();
      expect([...likes.profiles, ...likes.liked_by].map((p) => p.id)).not.toContain(other.member.id);
      expect((await me.api.notifications()).notifications.map((n) => n.profile?.id)).not.toContain(other.member.id);
      const found = await me.api.search({ country: 'NL', gender: 'female', pp: 48 });
      expect(found.profiles.map((p) => p.id)).not.toContain(other.member.id);
    }
    // The blocker can still open the profile (to unblock); the blocked member cannot.
    expect((await b.api.profile(a.member.id)).profile.id).toBe(a.member.id);
    await expect(a.api.profile(b.member.id)).rejects.toMatchObject({ status: 404 });
    expect(await b.api.blocks()).toEqual({ blocked: [a.member.id] });

    expect(await b.api.unblock(a.member.id)).toEqual({ blocked: false });
    expect(await b.api.blocks()).toEqual({ blocked: [] });
    expect((await a.api.sendMessage(id, 'welcome back')).message.msg).toBe('welcome back');
    expect((await b.api.chats()).chats.map((c) => c.conversation.id)).toEqual([id]);
  });

  it('only one\'s own block can be lifted', async () => {
    const { a, b, id } = await talking();
    await b.api.block(a.member.id);
    await a.api.unblock(b.member.id); // a has no block to lift: nothing changes
    await expect(a.api.sendMessage(id, 'x')).rejects.toMatchObject({ status: 403 });
  });

  it('blocking yourself is a 400; an unknown member a 404; garbage a 400; logged out a 403', async () => {
    const a = await memberBrowser(app, t.db);
    await expect(a.api.block(a.member.id)).rejects.toMatchObject({ status: 400, field: 'profile' });
    await expect(a.api.block(2_000_000_000)).rejects.toMatchObject({ status: 404 });
    for (const body of GARBAGE_BODIES.filter((b) => !BlockRequestSchema.safeParse(b).success)) {
      const res = await raw(a, 'POST', '/api/block.php', body);
      expect(res.statusCode).toBe(400);
    }
    expect((await raw(null, 'POST', '/api/block.php', { profile: a.member.id })).statusCode).toBe(403);
    expect((await raw(null, 'DELETE', '/api/block.php', { profile: a.member.id })).statusCode).toBe(403);
    expect((await raw(null, 'GET', '/api/blocks.php')).statusCode).toBe(403);
  });
});

describe('reporting', () => {
  it('a report of a message joins the complaints queue with a copy of it and is mailed to the site\'s support address', async () => {
    const { a, b } = await talking();
    const rude = await b.api.sendMessage({ profile: a.member.id }, 'send me money <b>now</b>');
    expect(await a.api.report({ profile: b.member.id, message: rude.message.id, category: 'scam', text: 'Asks for money' })).toEqual({
      reported: true,
    });
    const { rows } = await t.db.query<{ source: string; category: string; description: string; reporter_member_id: number; message_id: string }>(
      'SELECT source, category, description, reporter_member_id, message_id FROM complaints WHERE reported_member_id = $1',
      [b.member.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'chat', category: 'message', reporter_member_id: a.member.id });
    expect(Number(rows[0]!.message_id)).toBe(rude.message.id);
    // Described for amora's support in the site's language (English), not as a code.
    expect(rows[0]!.description).toContain('Reason: scam or asking for money');
    expect(rows[0]!.description).toContain('send me money <b>now</b>');
    expect(rows[0]!.description).toContain('Asks for money');
    // The evidence stays when the sender deletes the conversation.
    await b.api.deleteChat(rude.message.conversation);
    const { rows: mail } = await t.db.query<{ to_email: string; text_body: string; html_body: string }>(
      `SELECT to_email, text_body, html_body FROM outbox WHERE kind = 'complaint_notice' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail[0]!.to_email).toBe('support@amora.example');
    expect(mail[0]!.text_body).toContain('send me money <b>now</b>');
    expect(mail[0]!.html_body).not.toContain('<b>now</b>');
  });

  it('a member can be reported without a message or text', async () => {
    const a = await memberBrowser(app, t.db);
    const c = await addMember(t.db);
    expect(await a.api.report({ profile: c.id, category: 'inappropriate' })).toEqual({ reported: true });
  });

  it('a message of someone else\'s conversation, or not sent by the reported member, is a 404', async () => {
    const { a, b } = await talking();
    const stranger = await memberBrowser(app, t.db);
    const m = await b.api.sendMessage({ profile: a.member.id }, 'private');
    await expect(stranger.api.report({ profile: b.member.id, message: m.message.id, category: 'spam' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(b.api.report({ profile: a.member.id, message: m.message.id, category: 'spam' })).rejects.toMatchObject({ status: 404 });
  });

  it('bad input is a 400 naming the field; logged out a 403', async () => {
    const a = await memberBrowser(app, t.db);
    const c = await addMember(t.db);
    const wrongCategory = await raw(a, 'POST', '/api/report.php', { profile: c.id, category: 'meh' });
    expect(wrongCategory.statusCode).toBe(400);
    expect(wrongCategory.json()).toMatchObject({ field: 'category' });
    const long = await raw(a, 'POST', '/api/report.php', { profile: c.id, category: 'spam', text: 'x'.repeat(2001) });
    expect(long.json()).toMatchObject({ field: 'text' });
    await expect(a.api.report({ profile: a.member.id, category: 'spam' })).rejects.toMatchObject({ status: 400, field: 'profile' });
    expect((await raw(null, 'POST', '/api/report.php', { profile: c.id, category: 'spam' })).statusCode).toBe(403);
    const visitor = browser(app);
    await visitor.visit();
    await expect(visitor.api.report({ profile: c.id, category: 'spam' })).rejects.toMatchObject({ status: 403 });
  });
});
