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

/**
 * A queue worked off by a timer every `everyMs`, out of band of the requests that fill it: `add`
 * resolves once the item has been handled (or failed, logged). The timer stops when the app closes,
 * after the queue is empty.
 */
export function workQueue<T>(
  app: FastifyInstance,
  everyMs: number,
  handle: (item: T) => Promise<void>,
): { add(item: T): Promise<void> } {
  const queue: { item: T; done: () => void }[] = [];
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (queue.length) {
      const { item, done } = queue.shift()!;
      await handle(item).catch((err: unknown) => app.log.error({ err }, 'queued task failed'));
      done();
    }
  };
  const tick = () => {
    if (!running && queue.length) running = drain().finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await drain();
  });
  return { add: (item) => new Promise<void>((resolve) => queue.push({ item, done: resolve })) };
}
