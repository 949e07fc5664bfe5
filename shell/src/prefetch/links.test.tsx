import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_FEATURES_ON, type Flags, type RemoteName } from '@dating/shared';
import { installLinkPrefetch, prefetcher, remoteResolver, type PrefetchKey } from './links';
import type { PrefetchQueue } from './queue';

const flags = { ...ALL_FEATURES_ON, templateName: 'amora' } as Flags;

function recordingQueue() {
  const added: [PrefetchKey, boolean][] = [];
  const queue: PrefetchQueue<PrefetchKey> = { add: (key, o) => void added.push([key, o?.urgent ?? false]), running: 0, waiting: [] };
  return { added, queue };
}

describe('route prefetch from links', () => {
  it('names the remote of a route from the one route table, nothing for other sites or unknown paths', () => {
    const remoteOf = remoteResolver(flags, 'http://localhost');
    expect(remoteOf('/chats/12')).toBe('mf_chat');
    expect(remoteOf('/credits/repeat-order')).toBe('mf_commerce');
    expect(remoteOf('http://localhost/landers/video/summer-love?x=1')).toBe('mf_landers');
    expect(remoteOf('https://elsewhere.example/chats')).toBeNull();
    expect(remoteOf('/no/such/page')).toBeNull();
    expect(remoteResolver({ ...flags, chat: false }, 'http://localhost')('/chats')).toBeNull();
  });

  it('pointing at or focusing an in-app link asks for its remote at once; other links ask nothing', async () => {
    const { added, queue } = recordingQueue();
    const stop = installLinkPrefetch(document, flags, queue);
    render(
      <nav>
        <a href="/chats">Chats</a>
        <a href="/premium">Premium</a>
        <a href="https://example.com/help">Help elsewhere</a>
      </nav>,
    );
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: 'Chats' }));
    await user.hover(screen.getByRole('link', { name: 'Help elsewhere' }));
    await user.tab();
    await user.tab();
    // Pointing or focusing: the click is near, so the remote is loaded (run), not only downloaded.
    expect(added).toEqual(expect.arrayContaining([['load:mf_chat', true], ['load:mf_commerce', true]]));
    expect(added.every(([key]) => key === 'load:mf_chat' || key === 'load:mf_commerce')).toBe(true);
    stop();
    await user.hover(screen.getByRole('link', { name: 'Premium' }));
    const count = added.length;
    await user.hover(screen.getByRole('link', { name: 'Chats' }));
    expect(added).toHaveLength(count);
  });
});

describe('what a prefetch does', () => {
  it('runs the remote for a link pointed at, and only downloads the files of one in view', async () => {
    const how = { load: jest.fn(async (_: RemoteName) => 'ran'), download: jest.fn(async (_: RemoteName) => 'downloaded') };
    const run = prefetcher(how);
    await expect(run('load:mf_chat')).resolves.toBe('ran');
    await expect(run('download:mf_search')).resolves.toBe('downloaded');
    expect(how.load).toHaveBeenCalledWith('mf_chat');
    expect(how.download).toHaveBeenCalledWith('mf_search');
    expect(how.load).toHaveBeenCalledTimes(1);
  });
});
