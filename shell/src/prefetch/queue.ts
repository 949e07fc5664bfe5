import { PREFETCH_CONCURRENCY } from '@dating/shared';

export interface PrefetchQueue<K extends string = string> {
  /** Asks for `key` to be loaded once; `urgent` (hover, focus) goes before what waits (viewport). */
  add(key: K, options?: { urgent?: boolean }): void;
  /** Loads running now. */
  readonly running: number;
  /** Keys waiting for a free slot, in the order they will start. */
  readonly waiting: readonly K[];
}

/**
 * At most `concurrency` loads at a time (spec §9: about 5), each key once; the rest wait in order,
 * urgent ones first. A load that fails may be asked for again (the next hover retries it).
 */
export function createPrefetchQueue<K extends string = string>(
  load: (key: K) => Promise<unknown>,
  concurrency: number = PREFETCH_CONCURRENCY,
): PrefetchQueue<K> {
  const asked = new Set<K>();
  const waiting: K[] = [];
  let running = 0;

  const pump = () => {
    while (running < concurrency && waiting.length) {
      const key = waiting.shift()!;
      running++;
      let done: Promise<unknown>;
      try {
        done = Promise.resolve(load(key));
      } catch (e) {
        done = Promise.reject(e);
      }
      done
        .catch(() => asked.delete(key))
        .finally(() => {
          running--;
          pump();
        });
    }
  };

  return {
    add(key, { urgent = false } = {}) {
      if (asked.has(key)) {
        // Already waiting: a hover moves it to the front; running or loaded: nothing to do.
        const at = waiting.indexOf(key);
        if (urgent && at > 0) waiting.unshift(...waiting.splice(at, 1));
        return;
      }
      asked.add(key);
      if (urgent) waiting.unshift(key);
      else waiting.push(key);
      pump();
    },
    get running() {
      return running;
    },
    get waiting() {
      return [...waiting];
    },
  };
}
