import {
  loadContract,
  pushStateAtom,
  userAtom,
  type ApiClient,
  type AppStore,
  type PushService,
  type PushState,
} from '@dating/shared';

/** Spec §4: unsupported, denied, subscribed, not subscribed — in that order of precedence. */
export function pushStateFrom(input: {
  supported: boolean;
  permission: NotificationPermission | undefined;
  subscribed: boolean;
}): PushState {
  if (!input.supported) return 'unsupported';
  if (input.permission === 'denied') return 'denied';
  return input.subscribed ? 'subscribed' : 'not_subscribed';
}

/** The VAPID public key (URL-safe base64) as the bytes pushManager.subscribe() wants. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

export interface PushEnv {
  /** The service worker registration (null: none, e.g. development builds). */
  registration(): Promise<ServiceWorkerRegistration | null>;
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  hasPushManager: boolean;
}

function browserEnv(): PushEnv {
  return {
    registration: async () => {
      if (!('serviceWorker' in navigator)) return null;
      const registration = await navigator.serviceWorker.getRegistration('/');
      if (!registration) return null;
      // A worker still installing cannot subscribe yet: wait until it is active.
      return registration.active ? registration : navigator.serviceWorker.ready;
    },
    notification: typeof Notification === 'undefined' ? undefined : Notification,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  };
}

/**
 * Web Push for the site (spec §4, §7): the state in `pushStateAtom`, subscribing with the site's
 * VAPID key (settings.push_pub) and adding the subscription to the account (user.php?push=1). A
 * subscription the browser already has is added again whenever a member is logged in, so that it
 * follows the member who uses this browser.
 */
export function createPush(api: ApiClient, store: AppStore, vapidKey: string | null, env: PushEnv = browserEnv()) {
  const key = vapidKey ? urlBase64ToUint8Array(vapidKey) : null;
  const set = (state: PushState) => {
    store.set(pushStateAtom, state);
    return state;
  };

  async function current(): Promise<{ registration: ServiceWorkerRegistration | null; subscription: PushSubscription | null }> {
    if (!key || !env.notification || !env.hasPushManager) return { registration: null, subscription: null };
    const registration = await env.registration();
    const subscription = registration ? await registration.pushManager.getSubscription() : null;
    return { registration, subscription };
  }

  /**
   * What is known before the service worker is ready: whether the browser can push at all and the
   * permission, not yet the subscription. Until detect() knows better, the bell offers to turn push
   * on rather than claiming this browser cannot show notifications.
   */
  function assumeUntilReady(): PushState {
    return set(
      pushStateFrom({
        supported: Boolean(key && env.notification && env.hasPushManager),
        permission: env.notification?.permission,
        subscribed: false,
      }),
    );
  }

  /** Reads the browser's state; adds an existing subscription to the logged-in member's account. */
  async function detect(): Promise<PushState> {
    const { registration, subscription } = await current().catch(() => ({ registration: null, subscription: null }));
    const state = set(
      pushStateFrom({
        supported: Boolean(registration && key),
        permission: env.notification?.permission,
        subscribed: Boolean(subscription && key && sameKey(subscription, key)),
      }),
    );
    if (state === 'subscribed' && subscription && store.get(userAtom)) await addToAccount(subscription);
    return state;
  }

  async function addToAccount(subscription: PushSubscription) {
    try {
      await api.subscribePush((await loadContract()).PushSubscriptionSchema.parse(subscription.toJSON()));
    } catch (error) {
      console.error('push subscription not added to the account', error);
      throw error;
    }
  }

  /** Asks permission, subscribes and adds the subscription to the account. */
  async function subscribe(): Promise<PushState> {
    const { registration } = await current();
    if (!registration || !key || !env.notification) return set('unsupported');
    const permission = await env.notification.requestPermission();
    if (permission !== 'granted') return set(permission === 'denied' ? 'denied' : 'not_subscribed');
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    set('subscribed');
    if (store.get(userAtom)) await addToAccount(subscription);
    return 'subscribed';
  }

  /** Ends this browser's subscription (the API forgets it when the push service reports it gone). */
  async function unsubscribe(): Promise<PushState> {
    const { subscription } = await current();
    await subscription?.unsubscribe();
    return detect();
  }

  // A member logging in gets this browser's subscription added to their account. Logging out ends
  // it: the push service's endpoint belongs to one member (the API answers 409 endpoint_taken to
  // another), and the next person on this device must not get the last one's notifications.
  let loggedIn = Boolean(store.get(userAtom));
  store.sub(userAtom, () => {
    const wasLoggedIn = loggedIn;
    loggedIn = Boolean(store.get(userAtom));
    if (store.get(pushStateAtom) !== 'subscribed') return;
    if (loggedIn) void detect().catch(() => {});
    else if (wasLoggedIn) void unsubscribe().catch((error: unknown) => console.error('push subscription not ended on logout', error));
  });

  const service: PushService = { state: () => store.get(pushStateAtom), subscribe };
  return { assumeUntilReady, detect, subscribe, unsubscribe, service };
}

export type Push = ReturnType<typeof createPush>;
