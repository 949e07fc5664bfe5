import { retryPlugin, REMOTE_RETRIES } from './retry';

const manifest = 'http://localhost:8086/mf-manifest.json';
type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
const fetchHook = () => (retryPlugin() as unknown as { fetch: FetchHook }).fetch;

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the runtime retry plugin', () => {
  it('fetches a manifest that failed once again, and hands the runtime the good answer', async () => {
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('gone', { status: 404 }))
      .mockResolvedValue(new Response('{"name":"mf_landers"}', { status: 200 }));
    const pending = fetchHook()(manifest, {});
    await jest.advanceTimersByTimeAsync(1000);
    const res = await pending;
    expect(await res.json()).toEqual({ name: 'mf_landers' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${REMOTE_RETRIES} retry, so that the shell's fallback comes in time`, async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('gone', { status: 404 }));
    const pending = fetchHook()(manifest, {});
    const outcome = expect(pending).rejects.toThrow();
    await jest.advanceTimersByTimeAsync(5000);
    await outcome;
    expect(fetch).toHaveBeenCalledTimes(1 + REMOTE_RETRIES);
  });
});
