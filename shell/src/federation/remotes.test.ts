import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadMount, registerRegistry } from './remotes';

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

  it('retries a failed load once, re-registering the remote to drop the failed entry', async () => {
    remote.mockRejectedValueOnce(new Error('net::ERR_FAILED')).mockResolvedValue(lifecycles);
    const pending = loadMount('mf_chat', { retryDelayMs: 100 });
    await jest.advanceTimersByTimeAsync(100);
    await expect(pending).resolves.toBe(lifecycles);
    expect(register).toHaveBeenLastCalledWith([{ name: 'mf_chat', entry: 'http://localhost:8083/mf-manifest.json' }], { force: true });
  });

  it('gives up on a remote that does not answer in time, and forgets the failure', async () => {
    registerRegistry({ mf_commerce: 'http://localhost:8085/mf-manifest.json' });
    remote.mockReturnValue(new Promise(() => {}));
    const pending = loadMount('mf_commerce', { timeoutMs: 1000, retries: 0 });
    const outcome = expect(pending).rejects.toThrow('mf_commerce did not load within 1000 ms');
    await jest.advanceTimersByTimeAsync(1000);
    await outcome;
    remote.mockResolvedValue(lifecycles);
    await expect(loadMount('mf_commerce')).resolves.toBe(lifecycles);
  });

  it('rejects a module that is not single-spa lifecycles', async () => {
    registerRegistry({ mf_auth_signup: 'http://localhost:8081/mf-manifest.json' });
    remote.mockResolvedValue({ default: () => null });
    await expect(loadMount('mf_auth_signup', { retries: 0 })).rejects.toThrow('does not export single-spa lifecycles');
  });

  it('fails for a remote missing from the registry', async () => {
    await expect(loadMount('mf_landers', { retries: 0 })).rejects.toThrow('No registry entry for mf_landers');
  });
});
