import { CSRF_COOKIE, CSRF_HEADER, ErrorResponseSchema } from '@dating/shared';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, GARBAGE, GARBAGE_BODIES, memberBrowser, openConversation } from './social-helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

type B = Awaited<ReturnType<typeof memberBrowser>>;

/** Two members with credits and a conversation between them. */
async function pair(credits = 10_000) {
  const a = await memberBrowser(t.app, t.db, { name: 'Anna', credits });
  const b = await memberBrowser(t.app, t.db, { name: 'Bram', credits });
  const { id } = await openConversation(t.db, a.member.id, b.member.id);
  return { a, b, id };
}

const credits = async (id: number) =>
  (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [id])).rows[0]!.credits;

async function raw(b: B, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, app = t.app) {
  return app.inject({
    method,
    url,
    headers: {
      cookie: b.jar.header()!,
      [CSRF_HEADER]: b.jar.get(CSRF_COOKIE)!,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

describe('starting a chat', () => {
  it('viewing a member\'s chat (GET chat.php) creates nothing the other member can see; the first message does', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Anna', credits: 10_000 });
    const b = await memberBrowser(t.app, t.db, { name: 'Bram', credits: 10_000 });
    expect(await a.api.startChat(b.member.id)).toEqual({ id: null });
    expect(await a.api.startChat(b.member.id)).toEqual({ id: null });
    const { rows } = await t.db.query('SELECT id FROM conversations WHERE $1 IN (member_lo, member_hi)', [a.member.id]);
    expect(rows).toEqual([]);
    expect((await b.api.chats()).chats).toEqual([]);
    expect((await b.api.notifications()).notifications).toEqual([]);

    const first = await a.api.sendMessage({ profile: b.member.id }, 'Hoi Bram');
    const id = first.message.conversation;
    expect(await a.api.startChat(b.member.id)).toEqual({ id });
    expect(await b.api.startChat(a.member.id)).toEqual({ id });
    expect((await b.api.chats()).chats).toEqual([
      expect.objectContaining({ conversation: expect.objectContaining({ id, last_message: 'Hoi Bram' }), num_unread_messages: 1 }),
    ]);
  });

  it('two first messages at once, from both sides, end in one conversation', async () => {
    const a = await memberBrowser(t.app, t.db, { credits: 10_000 });
    const b = await memberBrowser(t.app, t.db, { credits: 10_000 });
    const [x, y] = await Promise.all([
      a.api.sendMessage({ profile: b.member.id }, 'hi'),
      b.api.sendMessage({ profile: a.member.id }, 'hey'),
    ]);
    expect(x.message.conversation).toBe(y.message.conversation);
    const { rows } = await t.db.query('SELECT id FROM conversations WHERE $1 IN (member_lo, member_hi)', [a.member.id]);
    expect(rows).toHaveLength(1);
  });

  it('an empty conversation shows in nobody\'s list', async () => {
    const { a, b } = await pair();
    expect((await a.api.chats()).chats).toEqual([]);
    expect((await b.api.chats()).chats).toEqual([]);
  });

  it('with yourself is a 400 naming profile; with an unknown or deleted member a 404', async () => {
    const a = await memberBrowser(t.app, t.db, { credits: 1000 });
    await expect(a.api.startChat(a.member.id)).rejects.toMatchObject({ status: 400, field: 'profile' });
    await expect(a.api.sendMessage({ profile: a.member.id }, 'me')).rejects.toMatchObject({ status: 400, field: 'profile' });
    const gone = await addMember(t.db, { status: 'deleted' });
    await expect(a.api.startChat(gone.id)).rejects.toMatchObject({ status: 404 });
    await expect(a.api.sendMessage({ profile: gone.id }, 'hi')).rejects.toMatchObject({ status: 404 });
    await expect(a.api.startChat(2_000_000_000)).rejects.toMatchObject({ status: 404 });
    expect(await credits(a.member.id)).toBe(1000);
  });
});

describe('messages', () => {
  it('reach the other member as unread; reading sets the unread count to 0', async () => {
    const { a, b, id } = await pair();
    const sent = await a.api.sendMessage(id, 'Hallo Bram!');
    expect(sent.message).toMatchObject({ conversation: id, sender: a.member.id, msg: 'Hallo Bram!', read: false });
    await a.api.sendMessage(id, 'Zin in koffie?');
    const [chat] = (await b.api.chats()).chats;
    expect(chat).toMatchObject({ conversation: { id, last_message: 'Zin in koffie?' }, num_unread_messages: 2 });
    expect((await a.api.chats()).chats[0]!.num_unread_messages).toBe(0); // my own messages are not unread for me
    expect(await b.api.markRead(id)).toEqual({ num_unread_messages: 0 });
    expect((await b.api.chats()).chats[0]!.num_unread_messages).toBe(0);
    expect((await a.api.messages(id)).messages.every((m) => m.read)).toBe(true);
  });

  it('page backwards: the newest first page, then older ones with before, until has_more is false', async () => {
    const { a, b, id } = await pair();
    for (let i = 1; i <= 25; i++) await (i % 2 ? a : b).api.sendMessage(id, `message ${i}`);
    const first = await b.api.messages(id, undefined, 10);
    expect(first.messages.map((m) => m.msg)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${16 + i}`));
    expect(first.has_more).toBe(true);
    const second = await b.api.messages(id, first.messages[0]!.id, 10);
    expect(second.messages.map((m) => m.msg)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${6 + i}`));
    const third = await b.api.messages(id, second.messages[0]!.id, 10);
    expect(third.messages.map((m) => m.msg)).toEqual(Array.from({ length: 5 }, (_, i) => `message ${1 + i}`));
    expect(third.has_more).toBe(false);
    expect((await b.api.messages(id)).messages).toHaveLength(25); // default limit 30
  });

  it('cost credits by the sender’s country (minimum_message_costs, in cents) and answer the balance', async () => {
    const nl = await memberBrowser(t.app, t.db, { country: 'NL', credits: 500 });
    const pl = await memberBrowser(t.app, t.db, { country: 'PL', credits: 500 });
    const { id } = await openConversation(t.db, nl.member.id, pl.member.id);
    expect((await nl.api.sendMessage(id, 'Hoi')).credits).toBe(500 - 99); // NL: 0.99 EUR
    expect((await pl.api.sendMessage(id, 'Cześć')).credits).toBe(500 - 399); // PL: 3.99 PLN
    expect(await credits(nl.member.id)).toBe(401);
    const nowhere = await memberBrowser(t.app, t.db, { country: null, credits: 500 });
    const { id: other } = await openConversation(t.db, nowhere.member.id, nl.member.id);
    expect((await nowhere.api.sendMessage(other, 'Hi')).credits).toBe(500 - 399); // no country: the highest price
  });

  it('cost a Premium member the site’s premium share of the price, read from the site setting, not from the member', async () => {
    const premium = await memberBrowser(t.app, t.db, { country: 'NL', credits: 500 });
    const plain = await memberBrowser(t.app, t.db, { country: 'NL', credits: 500 });
    await t.db.query(`UPDATE members SET paid_user = true WHERE id = $1`, [premium.member.id]);
    const { id } = await openConversation(t.db, premium.member.id, plain.member.id);
    // amora's seeded premium_message_percent is 50: 0.99 EUR becomes 50 credits (rounded up).
    expect(await premium.api.messageCost()).toMatchObject({ credits_per_message: 50, balance: 500 });
    expect((await premium.api.sendMessage(id, 'Hoi')).credits).toBe(500 - 50);
    expect((await plain.api.sendMessage(id, 'Hoi terug')).credits).toBe(500 - 99);
    // The operator's setting decides: at 80 % the Premium price is 80.
    await t.db.query(`UPDATE sites SET settings = settings || '{"premium_message_percent": 80}'::jsonb`);
    expect((await premium.api.sendMessage(id, 'Nog eens')).credits).toBe(450 - 80);
    expect(await credits(premium.member.id)).toBe(370);
    await t.db.query(`UPDATE sites SET settings = settings || '{"premium_message_percent": 50}'::jsonb`);
  });

  it('from a member without gender or date of birth: 409 profile_incomplete, nothing sent, nothing charged', async () => {
    for (const missing of ['gender', 'date_of_birth']) {
      const { a, b, id } = await pair(1000);
      await t.db.query(`UPDATE members SET ${missing} = NULL WHERE id = $1`, [a.member.id]);
      const res = await raw(a, 'POST', '/api/messages.php', { conversation: id, msg: 'Hello' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'profile_incomplete' });
      expect(await credits(a.member.id)).toBe(1000);
      expect((await b.api.messages(id)).messages).toEqual([]);
    }
  });

  it('without enough credits: 402 insufficient_credits, nothing sent, nothing charged', async () => {
    const { a, id } = await pair(98);
    const res = await raw(a, 'POST', '/api/messages.php', { conversation: id, msg: 'Hello' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'insufficient_credits' });
    expect(await credits(a.member.id)).toBe(98);
    expect((await a.api.messages(id)).messages).toEqual([]);
  });

  it('parallel sends with credit for exactly one charge exactly one; the others get 402', async () => {
    const { a, b, id } = await pair(99 + 50);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => raw(a, 'POST', '/api/messages.php', { conversation: id, msg: `race ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 402, 402, 402, 402, 402]);
    for (const r of results.filter((r) => r.statusCode === 402)) expect(r.json()).toEqual(expect.objectContaining({ error: 'insufficient_credits' }));
    expect(await credits(a.member.id)).toBe(50);
    expect((await b.api.messages(id)).messages).toHaveLength(1);
  });

  it('to a member who has left is refused with 410 and costs nothing', async () => {
    const { a, b, id } = await pair(1000);
    await t.db.query(`UPDATE members SET status = 'deleted' WHERE id = $1`, [b.member.id]);
    await expect(a.api.sendMessage(id, 'Still there?')).rejects.toMatchObject({ status: 410, code: 'recipient_gone' });
    expect(await credits(a.member.id)).toBe(1000);
  });

  it('notify the recipient once per conversation while unread; reading marks it read', async () => {
    const { a, b, id } = await pair();
    await a.api.sendMessage(id, 'one');
    await a.api.sendMessage(id, 'two');
    const list = (await b.api.notifications()).notifications.filter((n) => n.type === 'message');
    expect(list).toEqual([expect.objectContaining({ conversation: id, read: false, profile: expect.objectContaining({ id: a.member.id }) })]);
    await b.api.markRead(id);
    expect((await b.api.notifications()).notifications.filter((n) => n.type === 'message' && !n.read)).toEqual([]);
  });

  it('a message of 4000 characters goes; 4001 or only spaces is a 400 naming msg', async () => {
    const { a, id } = await pair();
    expect((await a.api.sendMessage(id, 'x'.repeat(4000))).message.msg).toHaveLength(4000);
    for (const msg of ['x'.repeat(4001), '   ', '']) {
      const res = await raw(a, 'POST', '/api/messages.php', { conversation: id, msg });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'msg' });
    }
  });

  it('sending is rate limited per member: 429 after 30 a minute', async () => {
    const app = await t.appWith({ rateLimits: true });
    const a = await memberBrowser(app, t.db, { credits: 100_000 });
    const b = await addMember(t.db);
    const { id } = await openConversation(t.db, a.member.id, b.id);
    for (let i = 0; i < 30; i++) await a.api.sendMessage(id, `burst ${i}`);
    await expect(a.api.sendMessage(id, 'one too many')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    const res = await raw(a, 'POST', '/api/messages.php', { conversation: id, msg: 'still too many' }, app);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another member from the same address is not held back.
    const c = await memberBrowser(app, t.db, { credits: 1000 });
    const { id: other } = await openConversation(t.db, c.member.id, b.id);
    expect((await c.api.sendMessage(other, 'hi')).message.msg).toBe('hi');
  }, 30_000); // 31 sends and two logins: more than jest's default 5 s on a busy machine
});

describe('a third member', () => {
  it('cannot delete a conversation of two others', async () => {
    const { a, b, id } = await pair();
    await a.api.sendMessage(id, 'just between us');
    const eve = await memberBrowser(t.app, t.db);
    await expect(eve.api.deleteChat(id)).rejects.toMatchObject({ status: 404 });
    const viaQuery = await raw(eve, 'DELETE', `/api/chat.php?conversation=${id}`);
    expect(viaQuery.statusCode).toBe(404);
    // The conversation survives, for both of its members.
    expect((await a.api.messages(id)).messages.map((m) => m.msg)).toEqual(['just between us']);
    expect((await a.api.chats()).chats.map((c) => c.conversation.id)).toEqual([id]);
    expect((await b.api.chats()).chats[0]).toMatchObject({ conversation: { id }, num_unread_messages: 1 });
  }, 30_000); // three logins (scrypt)

  it('cannot read, send to or mark read a conversation of two others', async () => {
    const { a, b, id } = await pair();
    await a.api.sendMessage(id, 'just between us');
    const eve = await memberBrowser(t.app, t.db, { credits: 10_000 });
    await expect(eve.api.messages(id)).rejects.toMatchObject({ status: 404 });
    await expect(eve.api.sendMessage(id, 'hi both')).rejects.toMatchObject({ status: 404 });
    await expect(eve.api.markRead(id)).rejects.toMatchObject({ status: 404 });
    expect(await credits(eve.member.id)).toBe(10_000);
    expect((await a.api.messages(id)).messages.map((m) => m.msg)).toEqual(['just between us']);
    expect((await b.api.chats()).chats[0]).toMatchObject({ num_unread_messages: 1 });
    expect((await eve.api.chats()).chats).toEqual([]);
  });
});

describe('privacy', () => {
  it('no answer about another member carries their email, date of birth or coordinates (raw JSON)', async () => {
    const secret = await memberBrowser(t.app, t.db, {
      name: 'Secretive',
      email: 'secretive.person@hidden.example',
      dateOfBirth: '1984-02-29',
      latitude: 48.137154,
      longitude: 11.576124,
      credits: 5000,
    });
    const me = await memberBrowser(t.app, t.db, { credits: 5000 });
    await secret.api.like(me.member.id);
    await me.api.like(secret.member.id);
    const { id } = await openConversation(t.db, secret.member.id, me.member.id);
    await secret.api.sendMessage(id, 'hello');
    const cookie = me.jar.header()!;
    const bodies: string[] = [];
    for (const url of [
      `/api/profile.php?id=${secret.member.id}`,
      '/api/search.php?searchAllCountries=1&pp=48',
      '/api/likes.php',
      '/api/chats.php',
      `/api/messages.php?conversation=${id}`,
      '/api/notifications.php',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(url.includes('messages') ? 'hello' : 'Secretive');
      bodies.push(res.body);
    }
    for (const body of bodies) {
      for (const leak of ['secretive.person', 'hidden.example', '"email"', '1984-02-29', '"date_of_birth"', '48.13', '11.57',
        'latitude', 'longitude', 'password', 'credits', 'last_seen']) {
        expect(body).not.toContain(leak);
      }
    }
  });
});

describe('deleting a conversation', () => {
  it('removes it for me only; a new message brings it back without the old messages', async () => {
    const { a, b, id } = await pair();
    await a.api.sendMessage(id, 'old news');
    expect(await b.api.deleteChat(id)).toEqual({ deleted: true });
    expect((await b.api.chats()).chats).toEqual([]);
    expect((await b.api.messages(id)).messages).toEqual([]);
    expect((await a.api.messages(id)).messages.map((m) => m.msg)).toEqual(['old news']);
    await a.api.sendMessage(id, 'fresh start');
    expect((await b.api.chats()).chats).toEqual([
      expect.objectContaining({ conversation: expect.objectContaining({ id, last_message: 'fresh start' }), num_unread_messages: 1 }),
    ]);
    expect((await b.api.messages(id)).messages.map((m) => m.msg)).toEqual(['fresh start']);
  });

  it('takes the conversation from the query as well; writing again brings it back', async () => {
    const { a, b, id } = await pair();
    await b.api.sendMessage(id, 'hi');
    const res = await raw(a, 'DELETE', `/api/chat.php?conversation=${id}`);
    expect(res.json()).toEqual({ deleted: true });
    expect((await a.api.chats()).chats).toEqual([]);
    // Looking it up finds the same conversation; the next message brings it back into the list.
    expect(await a.api.startChat(b.member.id)).toEqual({ id });
    await a.api.sendMessage({ profile: b.member.id }, 'again');
    expect((await a.api.chats()).chats.map((c) => c.conversation.id)).toEqual([id]);
  });
});

describe('logged out and bad input', () => {
  it('every chat and message call answers 403 when logged out', async () => {
    const v = browser(t.app);
    await v.visit();
    await expect(v.api.chats()).rejects.toMatchObject({ status: 403 });
    await expect(v.api.startChat(1)).rejects.toMatchObject({ status: 403 });
    await expect(v.api.deleteChat(1)).rejects.toMatchObject({ status: 403 });
    await expect(v.api.messages(1)).rejects.toMatchObject({ status: 403 });
    await expect(v.api.sendMessage(1, 'x')).rejects.toMatchObject({ status: 403 });
    await expect(v.api.markRead(1)).rejects.toMatchObject({ status: 403 });
    await expect(v.api.notifications()).rejects.toMatchObject({ status: 403 });
  });

  it.each([
    ['GET', '/api/chat.php', 'profile'],
    ['GET', '/api/chat.php?profile=x', 'profile'],
    ['GET', '/api/messages.php', 'conversation'],
    ['GET', '/api/messages.php?conversation=1&before=-1', 'before'],
    ['GET', '/api/messages.php?conversation=1&limit=101', 'limit'],
    ['DELETE', '/api/chat.php', 'conversation'],
    ['POST', '/api/messages.php', 'conversation'],
    ['POST', '/api/read.php', 'conversation'],
  ] as const)('%s %s is a 400 naming %s', async (method, url, field) => {
    const a = await memberBrowser(t.app, t.db);
    const res = await raw(a, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it('never answers 5xx to garbage', async () => {
    const { a, id } = await pair();
    for (const value of GARBAGE) {
      const v = encodeURIComponent(String(value));
      for (const url of [`/api/chat.php?profile=${v}`, `/api/messages.php?conversation=${v}`,
        `/api/messages.php?conversation=${id}&before=${v}`, `/api/messages.php?conversation=${id}&limit=${v}`]) {
        const res = await raw(a, 'GET', url);
        expect([200, 400, 404]).toContain(res.statusCode);
      }
      expect((await raw(a, 'DELETE', `/api/chat.php?conversation=${v}`)).statusCode).toBeLessThan(500);
    }
    for (const body of [...GARBAGE_BODIES, { conversation: 2147483648, msg: 'x' }, { conversation: id, msg: 'a\u0000b' }]) {
      for (const [method, url] of [['POST', '/api/messages.php'], ['POST', '/api/read.php'], ['DELETE', '/api/chat.php'], ['PUT', '/api/notifications.php']] as const) {
        const res = await raw(a, method, url, body);
        expect([200, 400, 404]).toContain(res.statusCode);
      }
    }
    expect((await raw(a, 'POST', '/api/messages.php', '{"conversation": 1,')).statusCode).toBe(400);
  }, 60_000); // some 300 calls: more than jest's default 5 s on a busy machine
});

describe('notifications', () => {
  it('list new likes, new messages and account notices, newest first; PUT marks them all read', async () => {
    const { a, b, id } = await pair();
    const { addAccountNotice } = await import('../src/notifications/notifications');
    await b.api.like(a.member.id);
    await b.api.sendMessage(id, 'hello');
    await addAccountNotice(t.db, a.member.id, 'email-change-incorrect');
    const { notifications } = await a.api.notifications();
    expect(notifications.map((n) => [n.type, n.profile?.id ?? null, n.notice, n.conversation, n.read])).toEqual([
      ['account', null, 'email-change-incorrect', null, false],
      ['message', b.member.id, null, id, false],
      ['like', b.member.id, null, null, false],
    ]);
    const after = await a.api.markNotificationsRead();
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect(JSON.stringify(after)).not.toMatch(/email"|date_of_birth|latitude|longitude/);
  });
});
