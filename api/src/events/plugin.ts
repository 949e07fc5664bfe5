import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveEvent } from '@dating/shared';
import { HttpError } from '../http/errors';
import { EventHub, MAX_STREAMS_PER_MEMBER, type EventStream } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open live-event streams of this process (src/events). */
    events: EventHub;
  }
}

/**
 * GET /api/events.php: server-sent events to the logged-in member (new message, new like), fed by
 * PostgreSQL LISTEN/NOTIFY (Redis pub/sub with REDIS_URL: docs/scaling.md), with a heartbeat comment every 25 s (src/events/hub.ts). The stream
 * ends when the session does (logout, expiry, account deletion) and when the server stops; the
 * spec's polling stays the fallback.
 */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new EventHub(app.db, (err) => app.log.error({ err }, 'live event failed'));
    await hub.start();
    app.decorate('events', hub);
    // Before the server waits for open connections to end: end the streams.
    app.addHook('preClose', async () => hub.stop());

    app.get(
      '/api/events.php',
      {
        config: { access: 'member' },
        schema: { tags: ['events'], summary: 'Server-sent events: new message, new like (LiveEvent as data).', answers: 'event-stream' },
      },
      async (request, reply) => {
        const memberId = request.memberId;
        const session = request.session!;
        if (hub.count(memberId) >= MAX_STREAMS_PER_MEMBER) {
          throw new HttpError(429, 'rate_limited', `At most ${MAX_STREAMS_PER_MEMBER} open event streams per member: close a tab`);
        }

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          // no-transform: compressing proxies (e.g. a dev server's) must not buffer the stream.
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies: do not buffer the stream.
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        let open = true;
        const stream: EventStream = {
          memberId,
          sessionHash: session.tokenHash,
          send: (event: LiveEvent) => {
            if (open) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          },
          ping: () => {
            if (open) res.write(': heartbeat\n\n');
          },
          close: () => {
            if (!open) return;
            open = false;
            hub.remove(stream);
            res.end();
          },
        };
        request.raw.on('close', () => stream.close());
        // Connected once the member's events reach this process (on Redis: subscribed).
        await hub.add(stream).catch((err: unknown) => app.log.error({ err }, 'live events: could not follow the member'));
        // Reconnect after 5 s when the connection drops (EventSource does this by itself).
        if (open) res.write('retry: 5000\n: connected\n\n');
      },
    );
  },
  { name: 'events', dependencies: ['session'] },
);
