import { ApiError, createApiClient, loadContract, type ApiClient } from '../src/api/client';
import { UserResponseSchema } from '../src/schemas/user';

function fakeFetch(status: number, body: unknown) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const user = {
  email: 'demo@example.com',
  profile: {
    id: 1, name: 'Demo', age: 30, gender: 'female', city: 'Amsterdam', country: 'NL', countryregion: 'Noord-Holland',
    language: 'en', date_of_birth: '1995-04-01', main_image: null, images: [], personal: '',
  },
  mailprovider: 0, paid_user: false, signup_date: '2026-01-01T00:00:00.000Z', fictional_icon: false, credits: 0,
};

describe('the API client', () => {
  it('names the original host and the calling package on every call', async () => {
    const fetch = fakeFetch(200, { user: null });
    const api = createApiClient({ packageName: 'mf-search', originalHost: 'velvet.localhost:8080', fetch });
    await api.getUser();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user.php');
    expect((init!.headers as Record<string, string>)['x-original-host']).toBe('velvet.localhost:8080');
    expect((init!.headers as Record<string, string>)['x-package']).toBe('mf-search');
  });

  it('echoes the CSRF cookie on state-changing calls only', async () => {
    const fetch = fakeFetch(200, { user });
    const api = createApiClient({ packageName: 'shell', fetch, readCookie: (n) => (n === 'csrf' ? 'tok123' : undefined) });
    await api.login({ email: 'demo@example.com', password: 'x' });
    expect((fetch.mock.calls[0][1]!.headers as Record<string, string>)['x-csrf-token']).toBe('tok123');
    await api.getUser();
    expect((fetch.mock.calls[1][1]!.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('a visit without the CSRF cookie yet (a page from a shared cache) gets it with one GET before its first state-changing call', async () => {
    let cookie: string | undefined;
    const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      // The API sets the cookie on any answer.
      cookie = 'fresh456';
      return new Response(JSON.stringify(init?.method === 'GET' ? {} : { user }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const api = createApiClient({ packageName: 'shell', fetch, readCookie: (n) => (n === 'csrf' ? cookie : undefined) });
    await Promise.all([api.login({ email: 'demo@example.com', password: 'x' }), api.call(UserResponseSchema, 'POST', 'other.php')]);
    const sent = fetch.mock.calls.map(([url, init]) => `${init!.method} ${String(url)}`);
    expect(sent[0]).toBe('GET /api/settings.php');
    expect(sent.slice(1).sort()).toEqual(['POST /api/login.php', 'POST /api/other.php']);
    expect(fetch.mock.calls.slice(1).map(([, init]) => (init!.headers as Record<string, string>)['x-csrf-token'])).toEqual(['fresh456', 'fresh456']);
    // Once it is there, no more GETs.
    await api.call(UserResponseSchema, 'POST', 'other.php');
    expect(fetch.mock.calls).toHaveLength(4);
  });

  it('counts a visit without asking for a CSRF token first (the API exempts it): one call on a cached first page', async () => {
    const fetch = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ recorded: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const api = createApiClient({ packageName: 'shell', fetch, readCookie: () => undefined });
    expect(await api.recordVisit({ path: '/' })).toEqual({ recorded: true });
    expect(fetch.mock.calls.map(([url, init]) => `${init!.method} ${String(url)}`)).toEqual(['POST /api/visit.php']);
  });

  it("sends the visit as a beacon without loading the contract's schemas: a first page that makes no other call never loads them", async () => {
    let schemasLoaded = false;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../src/schemas', () => {
        schemasLoaded = true;
        return jest.requireActual('../src/schemas');
      });
      const { createApiClient: create } = await import('../src/api/client');
      const fetch = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ recorded: true }), { status: 200 }));
      const api = create({ packageName: 'shell', originalHost: 'velvet.localhost', fetch, readCookie: () => undefined });
      expect(await api.sendVisit({ path: '/landers/gallery/summer', trafficsource: { network: 'adnet' } })).toBe(true);
      const [url, init] = fetch.mock.calls[0];
      expect(`${init!.method} ${String(url)}`).toBe('POST /api/visit.php');
      expect(JSON.parse(String(init!.body))).toEqual({ path: '/landers/gallery/summer', trafficsource: { network: 'adnet' } });
      expect((init!.headers as Record<string, string>)['x-original-host']).toBe('velvet.localhost');
      expect(init!.keepalive).toBe(true);
      expect(schemasLoaded).toBe(false);
      // A checked call does load them.
      await api.recordVisit({ path: '/' });
      expect(schemasLoaded).toBe(true);
    });
    // A refused or failed beacon answers false and never throws.
    const refused = createApiClient({ packageName: 'shell', fetch: fakeFetch(429, { error: 'rate_limited', message: 'Too many' }) });
    expect(await refused.sendVisit({ path: '/' })).toBe(false);
    const offline = createApiClient({ packageName: 'shell', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await offline.sendVisit({ path: '/' })).toBe(false);
  });

  it('turns an error answer into an ApiError with status, message and field', async () => {
    const api = createApiClient({
      packageName: 'shell',
      fetch: fakeFetch(400, { error: 'invalid', message: 'Value is required', field: 'email' }),
    });
    await expect(api.login({ email: 'a', password: 'b' })).rejects.toMatchObject({ status: 400, message: 'Value is required', field: 'email' });
  });

  it('rejects an answer that breaks the contract instead of passing it on', async () => {
    const api = createApiClient({ packageName: 'shell', fetch: fakeFetch(200, { user: { email: 3 } }) });
    const err = await api.getUser().catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('contract');
  });

  it('reports a network failure as status 0', async () => {
    const api = createApiClient({ packageName: 'shell', fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    await expect(api.getUser()).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('validates a login request before sending it', async () => {
    const fetch = fakeFetch(200, { user });
    const api = createApiClient({ packageName: 'shell', fetch });
    await expect(api.login({ email: '', password: '' })).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
  });

  // The helpers name their answer's schema in the contract, which is loaded with the first call
  // (loadContract) instead of at start-up: the answer is still checked, whichever helper asks.
  it.each([
    ['the site-run queue', (api: ApiClient) => api.siteRunQueue(), { items: [], protected_left_out: -1 }],
    ['the dashboards', (api: ApiClient) => api.operatorDashboard(), { sites: 'all' }],
    ['a member page of the desk', (api: ApiClient) => api.deskMember(4), { id: '4' }],
    ['the settings', (api: ApiClient) => api.getSettings(), { settings: {} }],
    ['a low-level call naming its schema in the contract', (api: ApiClient) => api.call((c) => c.UserResponseSchema, 'GET', 'user.php'), { user: { email: 3 } }],
  ])('refuses a bad answer to %s (schemas loaded with the call)', async (_name, request, answer) => {
    const api = createApiClient({ packageName: 'shell', fetch: fakeFetch(200, answer) });
    await expect(request(api)).rejects.toMatchObject({ code: 'contract' });
  });

  it('passes on a good answer checked against the contract it loads', async () => {
    const api = createApiClient({ packageName: 'shell', fetch: fakeFetch(200, { items: [], protected_left_out: 0 }) });
    await expect(api.siteRunQueue()).resolves.toEqual({ items: [], protected_left_out: 0 });
    expect(await loadContract()).toHaveProperty('SiteRunQueueResponseSchema');
  });

  it('checks a request against the contract before sending it (a lander query, a campaign)', async () => {
    const fetch = fakeFetch(200, {});
    const api = createApiClient({ packageName: 'shell', fetch, readCookie: () => 'tok' });
    await expect(api.lander({ kind: 'nosuchkind' as never, slug: 'summer-love' })).rejects.toThrow();
    await expect(api.createCampaign({ slug: 'Not A Slug' } as never)).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an error answer is read with the contract it loads', async () => {
    const api = createApiClient({ packageName: 'shell', fetch: fakeFetch(403, { error: 'forbidden', message: 'Not your desk' }) });
    await expect(api.deskMember(4)).rejects.toMatchObject({ status: 403, message: 'Not your desk', code: 'forbidden' });
  });
});
