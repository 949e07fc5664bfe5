/** Reading /api/events.php over real HTTP, the way EventSource does (tests and benchmarks). */
import { LiveEventSchema, type LiveEvent } from '@dating/shared';

/** An open event stream over real HTTP, read the way EventSource reads it. */
export async function openStream(base: string, cookie: string | undefined) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events.php`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const events: { type: string; data: LiveEvent; at: number }[] = [];
  const comments: string[] = [];
  let waiting = null as (() => void) | null;
  let ended = false;
  const done = (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (data) events.push({ type, data: LiveEventSchema.parse(JSON.parse(data)), at: performance.now() });
        waiting?.();
      }
    }
    ended = true;
    waiting?.();
  })();
  /** Resolves with the first event matching, waiting up to 5 s for it. */
  const next = async (match: (e: LiveEvent) => boolean) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const hit = events.find((e) => match(e.data));
      if (hit) return hit;
      if (ended || Date.now() > deadline) throw new Error(`no such event (ended: ${ended})`);
      await new Promise<void>((resolve) => {
        waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
  };
  /** The page goes away. */
  const close = () => controller.abort();
  return { res, events, comments, next, done, close, isEnded: () => ended };
}

