import { isPushActive, pushStateAtom, queryKeys, type ApiClient } from '@dating/shared';
import { createTestState, member, mockApi } from '@dating/shared/testing';
import { createPush, pushStateFrom, urlBase64ToUint8Array, type PushEnv } from './push';

// A real P-256 public key in URL-safe base64, as settings.php carries it.
const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeSubscription(key: Uint8Array, onUnsubscribe: () => void = () => {}) {
  return {
    options: { applicationServerKey: key.buffer },
    toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'BP256', auth: 'AUTH' } }),
    unsubscribe: jest.fn(async () => {
      onUnsubscribe();
      return true;
    }),
  };
}

function env(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let current: ReturnType<typeof fakeSubscription> | null = null;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(
      async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => (current = fakeSubscription(applicationServerKey, () => (current = null))),
    ),
  };
  const notification = { permission, requestPermission: jest.fn(async () => answer) };
  const e: PushEnv = {
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    notification: notification as unknown as PushEnv['notification'],
    hasPushManager: true,
  };
  return { env: e, pushManager, notification, setCurrent: (s: typeof current) => (current = s) };
}

describe('push states', () => {
  it('are unsupported, denied, subscribed or not subscribed, in that order', () => {
    expect(pushStateFrom({ supported: false, permission: 'denied', subscribed: true })).toBe('unsupported');
    expect(pushStateFrom({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
    expect(pushStateFrom({ supported: true, permission: 'granted', subscribed: true })).toBe('subscribed');
    expect(pushStateFrom({ supported: true, permission: 'default', subscribed: false })).toBe('not_subscribed');
  });
  it('push is active only when subscribed and not denied', () => {
    expect(isPushActive(pushStateFrom({ supported: true, permission: 'granted', subscribed: true }))).toBe(true);
    expect(isPushActive(pushStateFrom({ supported: true, permission: 'denied', subscribed: true }))).toBe(false);
  });
  it('the VAPID key decodes to the 65 bytes of an uncompressed P-256 point', () => {
    const key = urlBase64ToUint8Array(VAPID);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe('subscribing', () => {
  it('asks permission, subscribes with the site key and adds the subscription to the account', async () => {
    const api = mockApi();
    api.subscribePush.mockResolvedValue({ subscribed: true });
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), member());
    const fake = env('default');
    const push = createPush(api as unknown as ApiClient, store, VAPID, fake.env);
    expect(await push.detect()).toBe('not_subscribed');
    expect(await push.subscribe()).toBe('subscribed');
    expect(fake.notification.requestPermission).toHaveBeenCalled();
    expect(fake.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(VAPID) });
    expect(api.subscribePush).toHaveBeenCalledWith({ endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'BP256', auth: 'AUTH' } });
    expect(store.get(pushStateAtom)).toBe('subscribed');
  });

  it('a member who declines in the browser ends up denied, and nothing is posted', async () => {
    const api = mockApi();
    const { store } = createTestState();
    const fake = env('default', 'denied');
    const push = createPush(api as unknown as ApiClient, store, VAPID, fake.env);
    expect(await push.subscribe()).toBe('denied');
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.subscribePush).not.toHaveBeenCalled();
  });

  it('is unsupported without a site key or a service worker', async () => {
    const { store } = createTestState();
    expect(await createPush(mockApi() as unknown as ApiClient, store, null, env('default').env).detect()).toBe('unsupported');
    const noWorker = { ...env('default').env, registration: async () => null };
    expect(await createPush(mockApi() as unknown as ApiClient, store, VAPID, noWorker).detect()).toBe('unsupported');
  });

  it('before the service worker is ready, the bell offers push (or says it is blocked), never "unsupported"', async () => {
    const { store } = createTestState();
    const push = createPush(mockApi() as unknown as ApiClient, store, VAPID, env('default').env);
    expect(push.assumeUntilReady()).toBe('not_subscribed');
    expect(store.get(pushStateAtom)).toBe('not_subscribed');
    expect(createPush(mockApi() as unknown as ApiClient, store, VAPID, env('denied').env).assumeUntilReady()).toBe('denied');
    const noPushManager = { ...env('default').env, hasPushManager: false };
    expect(createPush(mockApi() as unknown as ApiClient, store, VAPID, noPushManager).assumeUntilReady()).toBe('unsupported');
  });

  it("adds the browser's existing subscription to the account of whoever logs in", async () => {
    const api = mockApi();
    api.subscribePush.mockResolvedValue({ subscribed: true });
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), null);
    const fake = env('granted');
    fake.setCurrent(fakeSubscription(urlBase64ToUint8Array(VAPID)));
    const push = createPush(api as unknown as ApiClient, store, VAPID, fake.env);
    expect(await push.detect()).toBe('subscribed');
    expect(api.subscribePush).not.toHaveBeenCalled(); // nobody to add it to
    queryClient.setQueryData(queryKeys.user(), member());
    await new Promise((r) => setTimeout(r, 0));
    expect(api.subscribePush).toHaveBeenCalledTimes(1);
  });

  it('logging out ends the subscription, so the next member on this device can subscribe (no 409 endpoint_taken)', async () => {
    const api = mockApi();
    api.subscribePush.mockResolvedValue({ subscribed: true });
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), member());
    const fake = env('default');
    const push = createPush(api as unknown as ApiClient, store, VAPID, fake.env);
    expect(await push.subscribe()).toBe('subscribed');
    const first = await fake.pushManager.getSubscription();
    queryClient.setQueryData(queryKeys.user(), null);
    await new Promise((r) => setTimeout(r, 0));
    expect(first!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(store.get(pushStateAtom)).toBe('not_subscribed');
    // The next member switches push on with a subscription of their own.
    queryClient.setQueryData(queryKeys.user(), member({ email: 'ben@example.com' }));
    expect(await push.subscribe()).toBe('subscribed');
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(2);
  });

  it('renews a subscription made with another site key', async () => {
    const api = mockApi();
    api.subscribePush.mockResolvedValue({ subscribed: true });
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), member());
    const fake = env('granted');
    const old = fakeSubscription(new Uint8Array(65).fill(7));
    fake.setCurrent(old);
    const push = createPush(api as unknown as ApiClient, store, VAPID, fake.env);
    expect(await push.detect()).toBe('not_subscribed');
    expect(await push.subscribe()).toBe('subscribed');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });
});
