import { ErrorResponseSchema, RemoteRegistrySchema, REMOTE_NAMES } from '@dating/shared';
import { inviteOperator } from '../src/operator/accounts';
import { browser, loginFrom, FIREFOX_WINDOWS, operatorBrowser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let admin: Awaited<ReturnType<typeof operatorBrowser>>;
beforeAll(async () => {
  t = await startTestApi();
  admin = await operatorBrowser(t.app);
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

  it('is refused without an operator session, also with a member session or a bearer token', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    const res = await update(change, visitor.headers());
    expect(res.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('operator_login_required');
    const { b: member } = await loginFrom(t.app, 'demo@example.com', 'demo1234', FIREFOX_WINDOWS);
    expect((await update(change, member.headers())).statusCode).toBe(403);
    expect((await update(change, { authorization: 'Bearer test-admin-token-0123456789' })).statusCode).toBe(403);
    expect((await read()).registry.remotes.mf_search).toBe('http://localhost:8082/mf-manifest.json');
  });

  it('is refused to a role other than admin', async () => {
    const { token } = await inviteOperator(t.db, {
      email: 'mod-registry@example.com',
      name: 'Mod',
      role: 'moderator',
      sites: 'all',
    });
    const b = browser(t.app);
    await b.visit();
    await b.api.operatorEnrol({ token, password: 'moderator-pass-1' });
    const res = await update(change, b.headers());
    expect(res.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('role_forbidden');
  });

  it('needs the CSRF header of the page', async () => {
    const res = await update(change, { cookie: admin.jar.header()! });
    expect(res.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('csrf');
  });

  it("points one remote of the operator's current site at a new manifest, answers the new registry and audits it as the registry screen's point", async () => {
    const url = 'https://cdn.example.com/mf-chat/2.1.0/mf-manifest.json';
    const res = await update({ remote: 'mf_chat', url }, admin.headers());
    expect(res.statusCode).toBe(200);
    const answered = RemoteRegistrySchema.parse(res.json());
    expect(answered.remotes.mf_chat).toBe(url);
    expect((await read()).registry).toEqual(answered);
    // The other site keeps its own registry.
    expect((await read('velvet.localhost')).registry.remotes.mf_chat).toBe('http://localhost:8083/mf-manifest.json');
    const { entries } = await admin.api.auditLog({ action: 'registry.point' });
    expect(entries[0]).toMatchObject({ site: 'amora', target_id: 'mf_chat', before: { url: 'http://localhost:8083/mf-manifest.json' }, after: { url } });
  });

  it('acts on the site the operator switched to, not on the host of the request', async () => {
    const velvet = admin.operator.sites.find((s) => s.name === 'velvet')!;
    await admin.api.operatorSwitchSite(velvet.id);
    const url = 'https://cdn.example.com/mf-search/9.0.0/mf-manifest.json';
    expect((await update({ remote: 'mf_search', url }, admin.headers())).statusCode).toBe(200);
    expect((await read('velvet.localhost')).registry.remotes.mf_search).toBe(url);
    expect((await read()).registry.remotes.mf_search).toBe('http://localhost:8082/mf-manifest.json');
    await admin.api.operatorSwitchSite(admin.operator.current_site.id);
  });

  it.each([
    [{ remote: 'mf_unknown', url: 'http://localhost:1/mf-manifest.json' }, 'remote'],
    [{ remote: 'mf_chat', url: 'not a url' }, 'url'],
    [{ remote: 'mf_chat', url: 'javascript:alert(1)' }, 'url'],
    [{ remote: 'mf_chat' }, 'url'],
    [{ url: 'http://localhost:1/mf-manifest.json' }, 'remote'],
  ])('a bad body %j is a 400 naming %s', async (body, field) => {
    const res = await update(body, admin.headers());
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it('checks the operator before reading the body', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/remotes.php',
      headers: { ...visitor.headers(), 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(403);
  });
});
