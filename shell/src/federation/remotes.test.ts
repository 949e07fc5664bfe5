import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initRegistry, loadMount, registerRegistry, REMOTE_LOAD_BUDGET_MS } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
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
