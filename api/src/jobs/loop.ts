// The background loops of an API process (the mail sender, the WebP backfill): a round now, then
// the next `intervalMs` after each round ends, never two rounds at once; stop() ends the loop and
// waits for a round in progress. Every process runs them; the rounds claim their rows with
// FOR UPDATE SKIP LOCKED, so two processes never do the same work.

export interface Loop {
  /** Stops the loop and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `round` in a loop. `round` gets `stopped()` to end a drain early; an error it throws goes to
 * `onError` and the loop goes on.
 */
export function startLoop(round: (stopped: () => boolean) => Promise<void>, intervalMs: number, onError: (err: unknown) => void): Loop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        await round(() => stopped);
      } catch (err) {
        onError(err);
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    })();
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
