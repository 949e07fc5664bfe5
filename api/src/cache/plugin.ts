import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiCache } from './cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's caches of sites, sessions and polled answers (src/cache). */
    cache: ApiCache & {
      /** Resolves once every change committed before the call has reached this process's cache. */
      sync(): Promise<void>;
    };
  }
}

/** The channel the database's triggers announce changes on (migrations/0070_cache_changes.sql). */
export const CACHE_CHANNEL = 'cache_changes';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The caches of src/cache/cache.ts, kept right through LISTEN cache_changes (Redis pub/sub with
 * REDIS_URL: src/db/postgres.ts): every process on the database hears every change. A state-changing call answers only once this process has heard
 * its changes, so the next call to it never sees the state before.
 */
export const cachePlugin = fp(
  async (app: FastifyInstance) => {
    let closed = false;
    const cache = Object.assign(new ApiCache(), {
      sync: () => {
        if (closed) return Promise.resolve();
        const id = randomUUID();
        return cache.waitFor(id, () => app.db.notify(CACHE_CHANNEL, `y:${id}`));
      },
    });
    const unlisten = await app.db.listen(CACHE_CHANNEL, (payload) => cache.apply(payload));
    app.decorate('cache', cache);
    app.addHook('onClose', async () => {
      closed = true;
      app.log.info({ cache: cache.stats }, 'cache: answers from memory (hits) and loaded (misses), changes heard');
      await unlisten();
      cache.clear();
    });
    // A call that changed something answers once this process has heard every change it made (on
    // PostgreSQL the announcements arrive a moment after the commit): whoever asks this process
    // next — the same member, another member, an operator — gets the new state.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (READS.has(request.method)) return payload;
      if (request.session) cache.dropMember(request.session.memberId);
      await cache.sync();
      return payload;
    });
  },
  { name: 'cache' },
);
