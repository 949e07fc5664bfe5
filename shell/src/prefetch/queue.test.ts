import { PREFETCH_CONCURRENCY } from '@dating/shared';
import { createPrefetchQueue } from './queue';

/** A load per key that finishes when the test says so. */
function loads() {
  const started: string[] = [];
  const finish = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const load = (key: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(key);
      finish.set(key, { resolve, reject });
    });
  return { started, finish, load };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('route prefetch queue', () => {
  it(`runs at most ${PREFETCH_CONCURRENCY} loads at once (spec §9), the next one starting when one ends`, async () => {
    const { started, finish, load } = loads();
    const queue = createPrefetchQueue(load);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) queue.add(key);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(queue.running).toBe(5);
    expect(queue.waiting).toEqual(['f', 'g']);
    finish.get('c')!.resolve();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(queue.running).toBe(5);
  });

  it('keeps the order asked, but a hover or focus (urgent) goes before links that only came into view', async () => {
    const { started, finish, load } = loads();
    const queue = createPrefetchQueue(load, 1);
    queue.add('in-view-1');
    queue.add('in-view-2');
    queue.add('in-view-3');
    queue.add('hovered', { urgent: true });
    queue.add('in-view-3', { urgent: true }); // hovered while waiting: moves up
    expect(queue.waiting).toEqual(['in-view-3', 'hovered', 'in-view-2']);
    for (const key of ['in-view-1', 'in-view-3', 'hovered']) {
      finish.get(key)!.resolve();
      await settle();
    }
    expect(started).toEqual(['in-view-1', 'in-view-3', 'hovered', 'in-view-2']);
  });

  it('loads each key once, however often it is asked for, and again after a load failed', async () => {
    const { started, finish, load } = loads();
    const queue = createPrefetchQueue(load);
    queue.add('mf_chat');
    queue.add('mf_chat', { urgent: true });
    queue.add('mf_chat');
    expect(started).toEqual(['mf_chat']);
    finish.get('mf_chat')!.resolve();
    await settle();
    queue.add('mf_chat');
    expect(started).toEqual(['mf_chat']);

    queue.add('mf_search');
    finish.get('mf_search')!.reject(new Error('offline'));
    await settle();
    expect(queue.running).toBe(0);
    queue.add('mf_search', { urgent: true });
    expect(started).toEqual(['mf_chat', 'mf_search', 'mf_search']);
  });

  it('a load that throws at once frees its slot', async () => {
    const queue = createPrefetchQueue(() => {
      throw new Error('no registry');
    }, 1);
    queue.add('a');
    await settle();
    expect(queue.running).toBe(0);
  });
});
