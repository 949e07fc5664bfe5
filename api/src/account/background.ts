import type { FastifyInstance } from 'fastify';

/** Keyed by the app's http.Server, which every encapsulated context of one app shares. */
const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Work that runs after the answer has gone out, so that its duration cannot be read from the
 * answer (password reset: whether the address has an account). Call at plugin registration; errors
 * are logged, and the app waits for running work when it closes.
 */
export function backgroundRunner(app: FastifyInstance): (task: () => Promise<void>) => void {
  let tasks = pending.get(app.server);
  if (!tasks) pending.set(app.server, (tasks = new Set()));
  const set = tasks;
  app.addHook('onClose', async () => {
    while (set.size) await Promise.allSettled([...set]);
  });
  return (task) => {
    const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => app.log.error({ err }, 'background task failed'))
      .finally(() => set.delete(promise));
    set.add(promise);
  };
}

/** Resolves once every background task started so far has finished (tests). */
export async function backgroundSettled(app: FastifyInstance): Promise<void> {
  const tasks = pending.get(app.server);
  while (tasks?.size) await Promise.allSettled([...tasks]);
}
