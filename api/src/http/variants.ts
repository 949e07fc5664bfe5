/**
 * Calls whose variant the query selects, as spec §7 names them: `POST /api/user.php?new=1` signs
 * up and `?push=1` subscribes to push; `POST /api/password_reset.php?do=1` sets the password;
 * `GET /api/activate.php?token=` is the mail's link. Each variant is a route of its own, declared
 * with `constraints: { query: 'new' }` (its own schemas, its own handler, its own line in the API
 * reference); the route without the constraint answers when no variant key is in the query.
 *
 * A request matches the variant whose key comes first (in the order the routes were registered)
 * among the keys of its query string; the key's value does not matter (`?new`, `?new=1`).
 */
import type { FastifyServerOptions } from 'fastify';

type Store = unknown;
type Strategies = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>;

const strategy = {
  name: 'query',
  mustMatchWhenDerived: false,
  storage() {
    const byKey = new Map<string, Store>();
    return {
      get(value: string | Set<string>): Store | null {
        if (typeof value === 'string') return byKey.get(value) ?? null;
        for (const [key, store] of byKey) if (value.has(key)) return store;
        return null;
      },
      set(key: string, store: Store) {
        byKey.set(key, store);
      },
    };
  },
  deriveConstraint(req: { url?: string }): Set<string> | undefined {
    const url = req.url ?? '';
    const at = url.indexOf('?');
    if (at < 0) return undefined;
    const keys = new Set(new URLSearchParams(url.slice(at + 1)).keys());
    return keys.size ? keys : undefined;
  },
  validate(value: unknown) {
    if (typeof value !== 'string' || !value) throw new Error('constraints.query names one query key');
  },
};

/**
 * For `routerOptions.constraints`. (find-my-way's types say a derived value is a string; ours is
 * the set of the query's keys, which the storage above resolves, so it is cast.)
 */
export const queryVariant = strategy as unknown as Strategies[string];
