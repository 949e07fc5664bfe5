import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureVapidKeys, sendPush, type PushEvent, type PushResult } from './send';

/** Creates the VAPID key pair on first start (settings.php then carries its public key as push_pub). */
export const pushPlugin = fp(
  async (app: FastifyInstance) => {
    await ensureVapidKeys(app.db);
  },
  { name: 'push' },
);

/**
 * Pushes a notice to the member's subscriptions after the answer has gone: failures are logged,
 * never the caller's problem. Resolves when done (tests may wait for it).
 */
export function pushInBackground(app: FastifyInstance, memberId: number, event: PushEvent): Promise<PushResult | null> {
  return sendPush(app.db, memberId, event, { subject: app.config.pushSubject, allowHttp: !app.config.production }).catch(
    (err: unknown) => {
      app.log.error({ err }, 'push failed');
      return null;
    },
  );
}
