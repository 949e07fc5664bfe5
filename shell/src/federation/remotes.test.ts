import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { downloadMount, initRegistry, loadMount, registerRegistry, REMOTE_LOAD_BUDGET_MS } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  // The shell's own shared modules: a remote's copy of them is never downloaded.
  getInstance: () => ({ options: { shared: { react: [], 'react-dom': [] } } }),
}));
const remote = loadRemote as jest.Mock;
const register = registerRemotes as jest.Mock;
const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn(), update: jest.fn() };

beforeEach(() => {
  jest.useFakeTimers();
  remote.mockReset();
  register.mockReset();
  registerRegistry({ mf_search: 'http://localhost:8082/mf-manifest.json', mf_chat: 'http://localhost:8083/mf-manifest.json' });
  register.mockClear();
});
afterEach(() => jest.useRealTimers());

describe('loading a remote', () => {
  it('registers every remote of the registry by its manifest URL', () => {
    registerRegistry({ mf_search: 'http://localhost:8082/mf-manifest.json', mf_chat: 'http://localhost:8083/mf-manifest.json' });
    expect(register).toHaveBeenCalledWith([
      { name: 'mf_search', entry: 'http://localhost:8082/mf-manifest.json' },
      { name: 'mf_chat', entry: 'http://localhost:8083/mf-manifest.json' },
    ]);
  });

  it('loads ./mount once and reuses it', async () => {
    remote.mockResolvedValue(lifecycles);
    await expect(loadMount('mf_search')).resolves.toBe(lifecycles);
    await expect(loadMount('mf_search')).resolves.toBe(lifecycles);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(remote).toHaveBeenCalledWith('mf_search/mount');
  });

  it('loads again from a fresh registration after a failure (Retry), and forgets the failure', async () => {
    remote.mockRejectedValueOnce(new Error('net::ERR_FAILED')).mockResolvedValue(lifecycles);
    await expect(loadMount('mf_chat')).rejects.toThrow('net::ERR_FAILED');
    await expect(loadMount('mf_chat', { fresh: true })).resolves.toBe(lifecycles);
    expect(register).toHaveBeenLastCalledWith([{ name: 'mf_chat', entry: 'http://localhost:8083/mf-manifest.json' }], { force: true });
  });

  it('gives up on a remote that does not answer within the 10 s budget, and forgets the failure', async () => {
    registerRegistry({ mf_commerce: 'http://localhost:8085/mf-manifest.json' });
    remote.mockReturnValue(new Promise(() => {}));
    const pending = loadMount('mf_commerce');
    const outcome = expect(pending).rejects.toThrow(`mf_commerce did not load within ${REMOTE_LOAD_BUDGET_MS} ms`);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_BUDGET_MS - 1);
    expect(remote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await outcome;
    remote.mockResolvedValue(lifecycles);
    await expect(loadMount('mf_commerce')).resolves.toBe(lifecycles);
  });

  it('rejects a module that is not single-spa lifecycles', async () => {
    registerRegistry({ mf_auth_signup: 'http://localhost:8081/mf-manifest.json' });
    remote.mockResolvedValue({ default: () => null });
    await expect(loadMount('mf_auth_signup')).rejects.toThrow('does not export single-spa lifecycles');
  });

  it('fails for a remote missing from the registry', async () => {
    await expect(loadMount('mf_landers')).rejects.toThrow('No registry entry for mf_landers');
  });
});

describe('a registry that failed at start-up', () => {
  it('is read again by the next load (Retry), once for all loads waiting, and then used', async () => {
    const read = jest
      .fn()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ remotes: { mf_landers: 'http://localhost:8086/mf-manifest.json', mf_search: 'http://localhost:8082/mf-manifest.json' } });
    initRegistry(read, { status: 'rejected', reason: new Error('503') });
    remote.mockResolvedValue(lifecycles);
    await expect(loadMount('mf_landers')).rejects.toThrow('503');
    expect(remote).not.toHaveBeenCalled();
    await expect(Promise.all([loadMount('mf_landers', { fresh: true }), loadMount('mf_search')])).resolves.toEqual([lifecycles, lifecycles]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(register).toHaveBeenCalledWith([
      { name: 'mf_landers', entry: 'http://localhost:8086/mf-manifest.json' },
      { name: 'mf_search', entry: 'http://localhost:8082/mf-manifest.json' },
    ]);
  });

  it('that answered at start-up is not read again', async () => {
    const read = jest.fn();
    initRegistry(read, { status: 'fulfilled', value: { remotes: { mf_chat: 'http://localhost:8083/mf-manifest.json' } } });
    remote.mockResolvedValue(lifecycles);
    await expect(loadMount('mf_chat')).resolves.toBe(lifecycles);
    expect(read).not.toHaveBeenCalled();
  });
});

describe('downloading a remote for a link in view (route prefetch)', () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { path: './mount', assets: { js: { sync: ['__federation_expose_mount.1234abcd.js'], async: ['src_i18n_de_json.aa11bb22.js', 'src_i18n_en_json.cc33dd44.js'] }, css: { sync: ['mount.5678ef90.css'] } } },
      { path: './members-grid', assets: { js: { sync: ['grid.9999aaaa.js'], async: [] }, css: { sync: [] } } },
    ],
    shared: [
      { name: 'react', assets: { js: { sync: ['react.11112222.js'] } } },
      { name: 'react-hook-form', assets: { js: { sync: ['rhf.33334444.js'] } } },
    ],
  };
  const fetchMock = jest.fn();
  beforeEach(() => {
    jest.useRealTimers();
    document.head.innerHTML = '';
    fetchMock.mockReset().mockResolvedValue({ ok: true, status: 200, json: async () => manifest });
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('fetches the files of ./mount in the visitor’s language into the cache without running any', async () => {
    registerRegistry({ mf_likes_notifications: 'http://localhost:8082/mf-manifest.json' });
    const done = downloadMount('mf_likes_notifications', 'de');
    await new Promise((r) => setTimeout(r, 0));
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('as'), l.href])).toEqual([
      ['prefetch', 'script', 'http://localhost:8082/remoteEntry.js'],
      ['prefetch', 'style', 'http://localhost:8082/mount.5678ef90.css'],
      ['prefetch', 'script', 'http://localhost:8082/__federation_expose_mount.1234abcd.js'],
      ['prefetch', 'script', 'http://localhost:8082/src_i18n_de_json.aa11bb22.js'],
      ['prefetch', 'script', 'http://localhost:8082/rhf.33334444.js'],
    ]);
    // Nothing runs: no script element, and the federation runtime was not asked to load the remote.
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(remote).not.toHaveBeenCalled();
    // The queue's slot is free once every file arrived (or failed).
    for (const link of links) link.dispatchEvent(new Event(link === links[0] ? 'error' : 'load'));
    await expect(done).resolves.toBeUndefined();
    // Asked again (another link to the same route): nothing more is fetched.
    await downloadMount('mf_likes_notifications', 'de');
    expect(document.head.querySelectorAll('link')).toHaveLength(links.length);
  });

  it('downloads nothing for a remote that already runs, and fails for one the registry does not name', async () => {
    registerRegistry({ mf_chat: 'http://localhost:8083/mf-manifest.json' });
    remote.mockResolvedValue(lifecycles);
    await loadMount('mf_chat');
    await downloadMount('mf_chat', 'en');
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(downloadMount('mf_auth_signup', 'en')).rejects.toThrow('No registry entry for mf_auth_signup');
  });

  it('fails when the manifest cannot be read (the next hover or view asks again)', async () => {
    registerRegistry({ mf_auth_signup: 'http://localhost:8081/mf-manifest.json' });
    fetchMock.mockResolvedValue({ ok: false, status: 503, json: async () => ({}) });
    await expect(downloadMount('mf_auth_signup', 'en')).rejects.toThrow('answered 503');
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
