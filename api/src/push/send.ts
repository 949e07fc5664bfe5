import webpush from 'web-push';
import { isLocale, type Locale, type PushPayload } from '@dating/shared';
import type { Db } from '../db';
import { pushEndpointProblem } from './endpoint';
import { deletePushSubscription } from './subscriptions';
import { SITE_RUN_PUSH_MARK } from '../siterun/texts';

export type { PushPayload } from '@dating/shared';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysOf = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID key pair: created on first start (first caller wins, also across processes)
 * and kept in vapid_keys, so browsers' subscriptions stay valid across restarts.
 */
export function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  let keys = keysOf.get(db);
  if (!keys) {
    keys = (async () => {
      const fresh = webpush.generateVAPIDKeys();
      await db.query(
        'INSERT INTO vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
        [fresh.publicKey, fresh.privateKey],
      );
      const { rows } = await db.query<{ public_key: string; private_key: string }>(
        'SELECT public_key, private_key FROM vapid_keys WHERE id = 1',
      );
      return { publicKey: rows[0]!.public_key, privateKey: rows[0]!.private_key };
    })();
    keys.catch(() => keysOf.delete(db));
    keysOf.set(db, keys);
  }
  return keys;
}

/** The applicationServerKey browsers subscribe with (settings.php `push_pub`). */
export async function getVapidPublicKey(db: Db): Promise<string> {
  return (await ensureVapidKeys(db)).publicKey;
}

/** Notice texts in the recipient's language; {name} is the sender. */
const TEXTS: Record<Locale, Record<PushPayload['type'], { title: string; body: string }>> = {
  en: { message: { title: 'New message', body: '{name} sent you a message' }, like: { title: 'New like', body: '{name} likes you' } },
  nl: { message: { title: 'Nieuw bericht', body: '{name} heeft je een bericht gestuurd' }, like: { title: 'Nieuwe like', body: '{name} vindt je leuk' } },
  de: { message: { title: 'Neue Nachricht', body: '{name} hat dir eine Nachricht geschickt' }, like: { title: 'Neues Like', body: '{name} mag dich' } },
  it: { message: { title: 'Nuovo messaggio', body: '{name} ti ha inviato un messaggio' }, like: { title: 'Nuovo mi piace', body: 'Piaci a {name}' } },
  fr: { message: { title: 'Nouveau message', body: '{name} vous a envoyé un message' }, like: { title: 'Nouveau like', body: '{name} a aimé votre profil' } },
  es: { message: { title: 'Nuevo mensaje', body: '{name} te ha enviado un mensaje' }, like: { title: 'Nuevo me gusta', body: 'Le gustas a {name}' } },
  pl: { message: { title: 'Nowa wiadomość', body: '{name} wysyła Ci wiadomość' }, like: { title: 'Nowe polubienie', body: '{name} lubi Twój profil' } },
};

export interface PushEvent {
  type: PushPayload['type'];
  sender: { id: number; name: string };
  conversation?: number | null;
  /** The sender is a profile the site runs: the notice says so (docs/site-run-profiles.md). */
  siteRun?: boolean;
}

export interface PushOptions {
  /** VAPID subject: a mailto: or https: URL where the push service can reach the operator. */
  subject: string;
  /** The push services that may be posted to (Config.pushHosts): stored rows are checked again. */
  hosts: readonly string[];
  /** Time to wait for a push service, ms. */
  timeoutMs?: number;
}

export interface PushResult {
  sent: number;
  dropped: number;
  failed: number;
}

/** The notice for a recipient, in their language. */
export function pushPayload(event: PushEvent, language: string | null): PushPayload {
  const locale = isLocale(language) ? language : 'en';
  const texts = TEXTS[locale][event.type];
  const conversation = event.conversation ?? null;
  const name = event.siteRun ? `${event.sender.name} (${SITE_RUN_PUSH_MARK[locale]})` : event.sender.name;
  return {
    type: event.type,
    title: texts.title,
    body: texts.body.replace('{name}', name),
    url: event.type === 'message' && conversation ? `/chats/${conversation}` : '/likes',
    tag: event.type === 'message' && conversation ? `conversation-${conversation}` : 'likes',
    sender: event.sender,
    conversation,
  };
}

/**
 * Sends a notice to every push subscription of a member: encrypted for each subscription
 * (aes128gcm) and signed with the server's VAPID key. Subscriptions the push service no longer
 * knows (404, 410) are deleted; other failures are counted and left for the next notice.
 */
export async function sendPush(db: Db, memberId: number, event: PushEvent, options: PushOptions): Promise<PushResult> {
  const { rows } = await db.query<{ endpoint: string; p256dh: string; auth: string; language: string | null }>(
    `SELECT s.endpoint, s.p256dh, s.auth, m.language
       FROM push_subscriptions s JOIN members m ON m.id = s.member_id
      WHERE s.member_id = $1 AND m.status <> 'deleted' AND (s.expires_at IS NULL OR s.expires_at > now())`,
    [memberId],
  );
  const result: PushResult = { sent: 0, dropped: 0, failed: 0 };
  if (!rows.length) return result;
  const vapid = await ensureVapidKeys(db);
  await Promise.all(
    rows.map(async (sub) => {
      if (pushEndpointProblem(sub.endpoint, options.hosts)) {
        result.failed++;
        return;
      }
      const payload = JSON.stringify(pushPayload(event, sub.language));
      try {
        const req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
          vapidDetails: { subject: options.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        });
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const res = await fetch(req.endpoint, {
          method: req.method,
          headers,
          body: req.body ? new Uint8Array(req.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === 404 || res.status === 410) {
          await deletePushSubscription(db, sub.endpoint);
          result.dropped++;
        } else if (res.ok) result.sent++;
        else result.failed++;
      } catch {
        // A bad key in a stored subscription, a push service that is down or slow.
        result.failed++;
      }
    }),
  );
  return result;
}
