import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureVapidKeys, sendPush, type PushEvent, type PushResult } from './send';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Pushes a notice to the member's subscriptions after the answer has gone: failures are
     * logged, never the caller's problem. Resolves when done (tests may wait for it). Declared by
     * src/push/plugin.ts, so that the plugins that push (likes, messages) need not import it.
     */
    pushInBackground(memberId: number, event: PushEvent): Promise<PushResult | null>;
  }
}

/**
 * Creates the VAPID key pair on first start (settings.php then carries its public key as
 * push_pub) and decorates the app with pushInBackground.
 */
export const pushPlugin = fp(
  async (app: FastifyInstance) => {
    await ensureVapidKeys(app.db);
    app.decorate('pushInBackground', (memberId: number, event: PushEvent) =>
      sendPush(app.db, memberId, event, { subject: app.config.pushSubject, hosts: app.config.pushHosts }).catch(
        (err: unknown) => {
          app.log.error({ err }, 'push failed');
          return null;
        },
      ),
    );
  },
  { name: 'push' },
);
