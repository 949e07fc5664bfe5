import { ErrorResponseSchema, RemoteRegistrySchema, REMOTE_NAMES } from '@dating/shared';
import { ADMIN_TOKEN, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const read = async (host = 'localhost') => {
  const res = await t.app.inject({ method: 'GET', url: '/api/remotes.php', headers: { 'x-original-host': host } });
  expect(res.statusCode).toBe(200);
  return { res, registry: RemoteRegistrySchema.parse(res.json()) };
};

const update = (body: unknown, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/remotes.php',
    headers: { 'x-original-host': 'localhost', ...headers },
    payload: body as object,
  });

describe('GET /api/remotes.php', () => {
  it('lists every remote with its manifest, 8081 to 8086 by default, never cached stale', async () => {
    const { res, registry } = await read();
    expect(Object.keys(registry.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(registry.remotes.mf_auth_signup).toBe('http://localhost:8081/mf-manifest.json');
    expect(registry.remotes.mf_landers).toBe('http://localhost:8086/mf-manifest.json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('PUT /api/admin/remotes.php', () => {
  const change = { remote: 'mf_search', url: 'http://localhost:9082/mf-manifest.json' };

  it('is refused without the operator token', async () => {
    const res = await update(change);
    expect(res.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('forbidden');
  });

  it('is refused with a wrong token, even one that only differs at the end', async () => {
    for (const token of ['wrong', `${ADMIN_TOKEN}x`, ADMIN_TOKEN.slice(0, -1)]) {
      const res = await update(change, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
    }
    expect((await read()).registry.remotes.mf_search).toBe('http://localhost:8082/mf-manifest.json');
  });

  it('is refused for everybody when no ADMIN_TOKEN is configured', async () => {
    const app = await t.appWith({ adminToken: undefined });
    for (const authorization of ['Bearer ', 'Bearer undefined', `Bearer ${ADMIN_TOKEN}`]) {
      expect((await update(change, { authorization }, app)).statusCode).toBe(403);
    }
  });

  it('needs no CSRF token: the bearer token is the proof', async () => {
    const res = await update(change, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(res.statusCode).toBe(200);
  });

  it('points one remote of the request site at a new manifest and answers the new registry', async () => {
    const url = 'https://cdn.example.com/mf-chat/2.1.0/mf-manifest.json';
    const res = await update({ remote: 'mf_chat', url }, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(res.statusCode).toBe(200);
    const answered = RemoteRegistrySchema.parse(res.json());
    expect(answered.remotes.mf_chat).toBe(url);
    expect((await read()).registry).toEqual(answered);
    // The other site keeps its own registry.
    expect((await read('velvet.localhost')).registry.remotes.mf_chat).toBe('http://localhost:8083/mf-manifest.json');
  });

  it.each([
    [{ remote: 'mf_unknown', url: 'http://localhost:1/mf-manifest.json' }, 'remote'],
    [{ remote: 'mf_chat', url: 'not a url' }, 'url'],
    [{ remote: 'mf_chat', url: 'javascript:alert(1)' }, 'url'],
    [{ remote: 'mf_chat' }, 'url'],
    [{ url: 'http://localhost:1/mf-manifest.json' }, 'remote'],
  ])('a bad body %j is a 400 naming %s', async (body, field) => {
    const res = await update(body, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it('checks the token before reading the body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/remotes.php',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(403);
  });
});
