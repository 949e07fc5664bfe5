import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushPayloadSchema, type PushPayload } from '@dating/shared';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PUSH_HOSTS, parsePushHosts, pushEndpointProblem, savePushSubscription } from '../src/push';
import { sendPush } from '../src/push/send';
import { browser, startTestApi, type TestApi } from './helpers';
import { memberBrowser, openConversation } from './social-helpers';

// http_ece ships no types: the one call used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

/** What a push service received. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on localhost: answers each path with the status set for it (201 by default). */
class FakePushService {
  readonly received: Received[] = [];
  readonly status = new Map<string, number>();
  private waiters: (() => void)[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(this.status.get(req.url!) ?? 201).end();
      for (const w of this.waiters.splice(0)) w();
    });
  });
  origin = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  /** Waits for the next push to `path`. */
  async next(path: string, timeoutMs = 5000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.received.findIndex((r) => r.path === path);
      if (i >= 0) return this.received.splice(i, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no push to ${path}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
function fakeSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}

/** Checks the VAPID JWT of a push against the server's public key; answers its claims. */
function verifyVapid(authorization: string | undefined, publicKey: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString());
}

let t: TestApi;
let app: FastifyInstance;
const push = new FakePushService();
/** Push services allowed in these tests: the defaults and, by exact origin, the local one. */
let hosts: string[];
beforeAll(async () => {
  t = await startTestApi();
  await push.start();
  hosts = [...DEFAULT_PUSH_HOSTS, push.origin];
  app = await t.appWith({ pushHosts: hosts });
}, 60_000);
afterAll(async () => {
  await push.stop();
  await t.close();
});

const subscriptions = async (memberId: number) =>
  (await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE member_id = $1', [memberId])).rows.map(
    (r) => r.endpoint,
  );

describe('VAPID keys', () => {
  it('are created on first start, published as push_pub and kept across restarts', async () => {
    const { settings } = await browser(app).api.getSettings();
    expect(settings.push_pub).toMatch(/^[A-Za-z0-9_-]{87}$/); // an uncompressed P-256 point, base64url
    expect(Buffer.from(settings.push_pub!, 'base64url')[0]).toBe(4);
    const restarted = await t.appWith({});
    expect((await browser(restarted).api.getSettings()).settings.push_pub).toBe(settings.push_pub);
    expect((await browser(app, 'velvet.localhost').api.getSettings()).settings.push_pub).toBe(settings.push_pub);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM vapid_keys');
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('web push', () => {
  it('a new message is pushed, encrypted for the subscription, naming the sender; VAPID-signed', async () => {
    const sender = await memberBrowser(app, t.db, { name: 'Lena', credits: 1000 });
    const recipient = await memberBrowser(app, t.db, { name: 'Pieter', language: 'nl' });
    const sub = fakeSubscription(`${push.origin}/push/message-${recipient.member.id}`);
    await savePushSubscription(t.db, recipient.member.id, 1, sub.json);
    const { id } = await openConversation(t.db, sender.member.id, recipient.member.id);
    await sender.api.sendMessage(id, 'Hoi Pieter, zin in een wandeling?');

    const got = await push.next(`/push/message-${recipient.member.id}`);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    expect(got.body.toString()).not.toContain('Lena'); // the push service cannot read it
    const payload: PushPayload = PushPayloadSchema.parse(
      JSON.parse(ece.decrypt(got.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString()),
    );
    expect(payload).toEqual({
      type: 'message',
      title: 'Nieuw bericht', // in the recipient's language
      body: 'Lena heeft je een bericht gestuurd',
      url: `/chats/${id}`,
      tag: `conversation-${id}`,
      sender: { id: sender.member.id, name: 'Lena' },
      conversation: id,
    });
    expect(JSON.stringify(payload)).not.toContain('wandeling'); // the message text stays off lock screens
    const { settings } = await browser(app).api.getSettings();
    const claims = verifyVapid(got.headers.authorization, settings.push_pub!);
    expect(claims).toMatchObject({ aud: push.origin, sub: t.config.pushSubject });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
  });

  it('a new like is pushed to every subscription of the liked member', async () => {
    const fan = await memberBrowser(app, t.db, { name: 'Chiara' });
    const idol = await memberBrowser(app, t.db, { name: 'Marco', language: 'it' });
    const phone = fakeSubscription(`${push.origin}/push/like-phone`);
    const laptop = fakeSubscription(`${push.origin}/push/like-laptop`);
    await savePushSubscription(t.db, idol.member.id, 1, phone.json);
    await savePushSubscription(t.db, idol.member.id, 1, laptop.json);
    await fan.api.like(idol.member.id);
    for (const [path, sub] of [['/push/like-phone', phone], ['/push/like-laptop', laptop]] as const) {
      const got = await push.next(path);
      const payload = JSON.parse(ece.decrypt(got.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString());
      expect(payload).toMatchObject({ type: 'like', title: 'Nuovo mi piace', body: 'Piaci a Chiara', sender: { id: fan.member.id, name: 'Chiara' }, url: '/likes' });
    }
    await fan.api.like(idol.member.id); // not a new like: no second push
    await new Promise((r) => setTimeout(r, 300));
    expect(push.received.filter((r) => r.path.startsWith('/push/like-'))).toEqual([]);
  });

  it('drops subscriptions the push service no longer knows (404, 410) and keeps the others', async () => {
    const m = await memberBrowser(app, t.db);
    const paths = ['/push/gone-410', '/push/gone-404', '/push/busy-500', '/push/fine'];
    push.status.set('/push/gone-410', 410);
    push.status.set('/push/gone-404', 404);
    push.status.set('/push/busy-500', 500);
    for (const p of paths) await savePushSubscription(t.db, m.member.id, 1, fakeSubscription(push.origin + p).json);
    const result = await sendPush(t.db, m.member.id, { type: 'like', sender: { id: 1, name: 'X' } }, { subject: 'mailto:ops@example.com', hosts });
    expect(result).toEqual({ sent: 1, dropped: 2, failed: 1 });
    expect((await subscriptions(m.member.id)).sort()).toEqual([push.origin + '/push/busy-500', push.origin + '/push/fine'].sort());
    push.received.splice(0);
  });

  it('subscribing again with the same endpoint refreshes the one subscription', async () => {
    const a = await memberBrowser(app, t.db);
    const sub = fakeSubscription(`${push.origin}/push/same-device`);
    expect(await savePushSubscription(t.db, a.member.id, 1, sub.json)).toBe('saved');
    expect(await savePushSubscription(t.db, a.member.id, 1, fakeSubscription(`${push.origin}/push/same-device`).json)).toBe('saved');
    expect(await subscriptions(a.member.id)).toEqual([`${push.origin}/push/same-device`]);
  });

  it('never posts to an endpoint outside the configured push services, even one already stored', async () => {
    const m = await memberBrowser(app, t.db);
    await savePushSubscription(t.db, m.member.id, 1, fakeSubscription(`${push.origin}/push/insecure`).json);
    const result = await sendPush(t.db, m.member.id, { type: 'like', sender: { id: 1, name: 'X' } }, { subject: 'mailto:ops@example.com', hosts: DEFAULT_PUSH_HOSTS });
    expect(result).toEqual({ sent: 0, dropped: 0, failed: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(push.received.filter((r) => r.path === '/push/insecure')).toEqual([]);
  });
});

describe('push endpoints: no SSRF, no hijacking', () => {
  const subscribe = (api: Awaited<ReturnType<typeof memberBrowser>>['api'], endpoint: string) =>
    api.subscribePush(fakeSubscription(endpoint).json).then(
      () => ({ status: 200, field: undefined as string | undefined }),
      (err: { status: number; field?: string }) => ({ status: err.status, field: err.field }),
    );

  it('a push endpoint on a loopback, private or metadata address is refused with 400 and never posted to', async () => {
    const m = await memberBrowser(app, t.db);
    const internal = [
      'http://127.0.0.1:8079/internal/admin/reset?all=1',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://0x7f000001/push', // the URL parser makes it 127.0.0.1
      `${push.origin.replace('127.0.0.1', 'localhost')}/push/loopback-by-name`,
    ];
    for (const endpoint of internal) expect([endpoint, await subscribe(m.api, endpoint)]).toEqual([endpoint, { status: 400, field: 'endpoint' }]);
    expect(await subscriptions(m.member.id)).toEqual([]);
  });

  it('only https endpoints on the known push services are accepted', async () => {
    const m = await memberBrowser(app, t.db);
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/fcm/send/x', 'https://evil.example.com/push', 'https://fcm.googleapis.com.evil.example/x', 'https://user:pw@fcm.googleapis.com/x']) {
      expect([endpoint, await subscribe(m.api, endpoint)]).toEqual([endpoint, { status: 400, field: 'endpoint' }]);
    }
    const good = [
      'https://fcm.googleapis.com/fcm/send/dAbC',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQY',
      'https://web.push.apple.com/QGa',
    ];
    for (const endpoint of good) expect([endpoint, await subscribe(m.api, endpoint)]).toEqual([endpoint, { status: 200, field: undefined }]);
    expect((await subscriptions(m.member.id)).sort()).toEqual([...good].sort());
  });

  it("registering another member's push endpoint answers 409 and never moves their notices to you", async () => {
    const victim = await memberBrowser(app, t.db, { name: 'Roos' });
    const attacker = await memberBrowser(app, t.db);
    const fan = await memberBrowser(app, t.db, { name: 'Bram' });
    const sub = fakeSubscription(`${push.origin}/push/victim-${victim.member.id}`);
    await victim.api.subscribePush(sub.json);
    expect(await subscribe(attacker.api, sub.json.endpoint)).toEqual({ status: 409, field: 'endpoint' });
    expect(await subscriptions(victim.member.id)).toEqual([sub.json.endpoint]);
    expect(await subscriptions(attacker.member.id)).toEqual([]);
    // The victim still gets their notices; the attacker's own do not go to the victim's device.
    await fan.api.like(victim.member.id);
    const got = await push.next(`/push/victim-${victim.member.id}`);
    expect(JSON.parse(ece.decrypt(got.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString())).toMatchObject({ sender: { name: 'Bram' } });
    await fan.api.like(attacker.member.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(push.received.filter((r) => r.path === `/push/victim-${victim.member.id}`)).toEqual([]);
  });

  it('the push services are configurable: PUSH_HOSTS replaces the list, `default` keeps the defaults', () => {
    expect(parsePushHosts(undefined)).toEqual([...DEFAULT_PUSH_HOSTS]);
    expect(parsePushHosts('push.example.test')).toEqual(['push.example.test']);
    expect(parsePushHosts('default, push.example.test')).toEqual([...DEFAULT_PUSH_HOSTS, 'push.example.test']);
    expect(pushEndpointProblem('https://push.example.test/x', parsePushHosts('push.example.test'))).toBeNull();
    expect(pushEndpointProblem('https://fcm.googleapis.com/x', parsePushHosts('push.example.test'))).not.toBeNull();
    expect(pushEndpointProblem('https://notify.windows.com/x', DEFAULT_PUSH_HOSTS)).not.toBeNull(); // `*.` is subdomains only
  });
});
