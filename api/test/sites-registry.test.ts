import { CANARY_COOKIE, ErrorResponseSchema, RemoteRegistrySchema, SiteSettingsResponseSchema, StartStateResponseSchema, type OperatorRole } from '@dating/shared';
import { OperatorRegistrySchema, OperatorSiteSettingsSchema } from '@dating/shared';
import { inviteOperator } from '../src/operator/accounts';
import { browser, failure, operatorBrowser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let admin: Awaited<ReturnType<typeof operatorBrowser>>;
let amora: number;
let velvet: number;
beforeAll(async () => {
  t = await startTestApi();
  admin = await operatorBrowser(t.app);
  amora = admin.operator.sites.find((s) => s.name === 'amora')!.id;
  velvet = admin.operator.sites.find((s) => s.name === 'velvet')!.id;
}, 60_000);
afterAll(() => t.close());

let n = 0;
/** A signed-in operator of `role` holding `sites`. */
async function operatorOf(role: OperatorRole, sites: number[] | 'all') {
  const email = `op-${role}-${++n}@example.com`;
  const { token } = await inviteOperator(t.db, { email, name: `Op ${n}`, role, sites });
  const b = browser(t.app);
  await b.visit();
  await b.api.operatorEnrol({ token, password: `${role}-password-1` });
  return b;
}

const call = (b: { headers: () => Record<string, string> }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-original-host': 'localhost', ...b.headers() }, ...(payload ? { payload } : {}) });

const settingsOf = async (host = 'localhost') =>
  SiteSettingsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { 'x-original-host': host } })).json());

describe('the site in the back office (/api/operator/site_settings.php)', () => {
  it('a support or finance operator, or a moderator, can neither read nor change the site', async () => {
    for (const role of ['support', 'finance', 'moderator'] as const) {
      const b = await operatorOf(role, 'all');
      for (const res of [await call(b, 'GET', '/api/operator/site_settings.php'), await call(b, 'PUT', '/api/operator/site_settings.php', { site: {}, updated_at: 'x' })]) {
        expect(res.statusCode).toBe(403);
        expect(ErrorResponseSchema.parse(res.json()).error).toBe('role_forbidden');
      }
    }
  });

  it("an admin changes the signups mode, a flag, the company name and the languages: the next page's settings show them, the audit log names the fields", async () => {
    const before = OperatorSiteSettingsSchema.parse((await call(admin, 'GET', '/api/operator/site_settings.php')).json());
    expect(before.template_name).toBe('amora');
    expect(before.hosts).toContain('localhost');
    // Read once so that the answer is cached: the save must drop it.
    expect((await settingsOf()).settings.signups).not.toBe('other');
    const site = {
      ...before.site,
      signups: 'other' as const,
      flags: { ...before.site.flags, footer: false },
      company: { ...before.site.company, name: 'Amora Media B.V.' },
      languages: [...before.site.languages.filter((l) => l !== 'pl')],
    };
    const res = await call(admin, 'PUT', '/api/operator/site_settings.php', { site, updated_at: before.updated_at });
    expect(res.statusCode).toBe(200);
    const now = await settingsOf();
    expect(now.settings.signups).toBe('other');
    expect(now.flags.footer).toBe(false);
    expect(now.company.name).toBe('Amora Media B.V.');
    expect(now.settings.languages).not.toContain('pl');
    // The start state (the front server's one call per page) shows it too.
    const start = StartStateResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/start.php', headers: { 'x-original-host': 'localhost' } })).json());
    expect(start.settings.settings.signups).toBe('other');
    // velvet is untouched.
    expect((await settingsOf('velvet.localhost')).company.name).not.toBe('Amora Media B.V.');
    const { entries } = await admin.api.auditLog({ action: 'site.update' });
    expect(entries[0]).toMatchObject({ site: 'amora', before: { signups: before.site.signups, 'flags.footer': true }, after: { signups: 'other', 'flags.footer': false, 'company.name': 'Amora Media B.V.' } });
    // Put it back (later tests read amora's settings).
    const saved = OperatorSiteSettingsSchema.parse(res.json());
    expect((await call(admin, 'PUT', '/api/operator/site_settings.php', { site: before.site, updated_at: saved.updated_at })).statusCode).toBe(200);
  });

  it('a save made from an older reading is refused with 409', async () => {
    const before = OperatorSiteSettingsSchema.parse((await call(admin, 'GET', '/api/operator/site_settings.php')).json());
    const first = await call(admin, 'PUT', '/api/operator/site_settings.php', { site: { ...before.site, logged_out_search: !before.site.logged_out_search }, updated_at: before.updated_at });
    expect(first.statusCode).toBe(200);
    const second = await call(admin, 'PUT', '/api/operator/site_settings.php', { site: before.site, updated_at: before.updated_at });
    expect(second.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(second.json()).field).toBe('updated_at');
    const saved = OperatorSiteSettingsSchema.parse(first.json());
    expect((await call(admin, 'PUT', '/api/operator/site_settings.php', { site: before.site, updated_at: saved.updated_at })).statusCode).toBe(200);
  });

  it.each([
    [(s: Record<string, unknown>) => ({ ...s, signups: 'sometimes' }), 'signups'],
    [(s: Record<string, unknown>) => ({ ...s, languages: [] }), 'languages'],
    [(s: Record<string, unknown>) => ({ ...s, languages: ['nl', 'xx'] }), 'languages.1'],
    [(s: Record<string, unknown>) => ({ ...s, domain_language: 'pl', languages: ['en'] }), 'domain_language'],
    [(s: Record<string, unknown>) => ({ ...s, company: { ...(s.company as object), name: ' ' } }), 'company.name'],
    [(s: Record<string, unknown>) => ({ ...s, company: { ...(s.company as object), support_email: 'nobody' } }), 'company.support_email'],
    [(s: Record<string, unknown>) => ({ ...s, theme: { ...(s.theme as object), primaryColor: 'red' } }), 'theme.primaryColor'],
    [(s: Record<string, unknown>) => ({ ...s, flags: { ...(s.flags as object), chat: 'yes' } }), 'flags.chat'],
  ])('a bad site is a 400 naming the field (%#: %s)', async (bad, field) => {
    const before = OperatorSiteSettingsSchema.parse((await call(admin, 'GET', '/api/operator/site_settings.php')).json());
    const res = await call(admin, 'PUT', '/api/operator/site_settings.php', { site: bad(before.site as unknown as Record<string, unknown>), updated_at: before.updated_at });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(`site.${field}`);
  });

  it("an admin of velvet only cannot touch amora's site or registry, and acts on velvet", async () => {
    const b = await operatorOf('admin', [velvet]);
    const me = await b.api.operatorMe();
    expect(me.operator?.current_site.id).toBe(velvet);
    expect((await failure(b.api.operatorSwitchSite(amora))).status).toBe(403);
    const site = OperatorSiteSettingsSchema.parse((await call(b, 'GET', '/api/operator/site_settings.php')).json());
    expect(site.template_name).toBe('velvet');
    const registry = OperatorRegistrySchema.parse((await call(b, 'GET', '/api/operator/registry.php')).json());
    expect(registry.remotes.find((r) => r.remote === 'mf_chat')?.url).toBe('http://localhost:8083/mf-manifest.json');
  });
});

describe('remote versions and canaries (/api/operator/registry.php)', () => {
  const V1 = 'http://localhost:8086/mf-manifest.json';
  const V2 = 'http://localhost:8087/mf-manifest.json';
  const act = (body: object, b: { headers: () => Record<string, string> } = admin) => call(b, 'POST', '/api/operator/registry.php', body);
  const registryFor = async (cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/remotes.php', headers: { 'x-original-host': 'localhost', ...(cookie ? { cookie } : {}) } });
    const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${CANARY_COOKIE}=`));
    return { registry: RemoteRegistrySchema.parse(res.json()), cookie: set?.split(';')[0], cacheControl: res.headers['cache-control'] };
  };

  it('a support or finance operator cannot read or change the registry, nor report-free change it with the old call', async () => {
    for (const role of ['support', 'finance'] as const) {
      const b = await operatorOf(role, 'all');
      expect((await call(b, 'GET', '/api/operator/registry.php')).statusCode).toBe(403);
      expect((await act({ action: 'canary', remote: 'mf_landers', url: V2, percent: 50 }, b)).statusCode).toBe(403);
      expect((await call(b, 'PUT', '/api/admin/remotes.php', { remote: 'mf_landers', url: V2 })).statusCode).toBe(403);
    }
    expect((await registryFor()).registry.remotes.mf_landers).toBe(V1);
  });

  it('a canary at 50 % serves both versions to different visitors, each always the same; promote makes it everyone\'s; rollback returns everyone to the old one', async () => {
    const started = await act({ action: 'canary', remote: 'mf_landers', url: V2, percent: 50 });
    expect(started.statusCode).toBe(200);
    const landers = OperatorRegistrySchema.parse(started.json()).remotes.find((r) => r.remote === 'mf_landers')!;
    expect(landers).toMatchObject({ url: V1, canary: { url: V2, percent: 50 } });
    expect(landers.history.map((h) => [h.role, h.url])).toEqual([['canary', V2], ['live', V1]]);

    // Forty new visitors: both versions are served, and each visitor keeps theirs on the next page.
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const first = await registryFor();
      expect(first.cookie).toBeDefined();
      expect(first.cacheControl).toContain('private');
      const again = await registryFor(first.cookie);
      expect(again.registry.remotes.mf_landers).toBe(first.registry.remotes.mf_landers);
      expect(again.registry.versions?.mf_landers).toBe(first.registry.remotes.mf_landers === V2 ? 'canary' : 'live');
      // The other remotes are the live ones for everybody.
      expect(first.registry.remotes.mf_chat).toBe('http://localhost:8083/mf-manifest.json');
      seen.add(first.registry.remotes.mf_landers!);
    }
    expect([...seen].sort()).toEqual([V1, V2]);
    // The bucket decides: below the percent the canary, else the live version.
    expect((await registryFor(`${CANARY_COOKIE}=10`)).registry.remotes.mf_landers).toBe(V2);
    expect((await registryFor(`${CANARY_COOKIE}=75`)).registry.remotes.mf_landers).toBe(V1);

    const stopped = await act({ action: 'canary_stop', remote: 'mf_landers' });
    expect(stopped.statusCode).toBe(200);
    expect((await registryFor(`${CANARY_COOKIE}=10`)).registry).toEqual(expect.objectContaining({ remotes: expect.objectContaining({ mf_landers: V1 }) }));
    expect((await registryFor(`${CANARY_COOKIE}=10`)).registry.versions).toBeUndefined();

    await act({ action: 'canary', remote: 'mf_landers', url: V2, percent: 20 });
    const promoted = OperatorRegistrySchema.parse((await act({ action: 'promote', remote: 'mf_landers' })).json()).remotes.find((r) => r.remote === 'mf_landers')!;
    expect(promoted).toMatchObject({ url: V2, canary: null, previous: V1 });
    expect((await registryFor(`${CANARY_COOKIE}=90`)).registry.remotes.mf_landers).toBe(V2);

    const rolled = OperatorRegistrySchema.parse((await act({ action: 'rollback', remote: 'mf_landers' })).json()).remotes.find((r) => r.remote === 'mf_landers')!;
    expect(rolled).toMatchObject({ url: V1, canary: null, previous: V2 });
    expect((await registryFor(`${CANARY_COOKIE}=10`)).registry.remotes.mf_landers).toBe(V1);

    const { entries } = await admin.api.auditLog({ action: 'registry.' });
    expect(entries.slice(0, 5).map((e) => e.action)).toEqual(['registry.rollback', 'registry.promote', 'registry.canary', 'registry.canary_stop', 'registry.canary']);
    expect(entries[0]).toMatchObject({ site: 'amora', target_id: 'mf_landers', before: { url: V2 }, after: { url: V1 } });
  });

  it("counts what browsers report of each version side by side; reports of manifests not in the registry are ignored", async () => {
    await act({ action: 'canary', remote: 'mf_search', url: 'http://localhost:9082/mf-manifest.json', percent: 30 });
    const visitor = browser(t.app);
    await visitor.visit();
    const report = (events: object[]) => visitor.api.reportRemotes({ events: events as never });
    const live = 'http://localhost:8082/mf-manifest.json';
    const canary = 'http://localhost:9082/mf-manifest.json';
    await report([{ remote: 'mf_search', url: live, outcome: 'loaded', count: 9 }, { remote: 'mf_search', url: live, outcome: 'load_failed' }]);
    await report([
      { remote: 'mf_search', url: canary, outcome: 'loaded', count: 3 },
      { remote: 'mf_search', url: canary, outcome: 'view_error' },
      { remote: 'mf_search', url: 'https://evil.example/mf-manifest.json', outcome: 'load_failed', count: 50 },
    ]);
    const search = OperatorRegistrySchema.parse((await call(admin, 'GET', '/api/operator/registry.php')).json()).remotes.find((r) => r.remote === 'mf_search')!;
    expect(search.stats).toEqual([
      { url: live, loads: 9, load_failures: 1, view_errors: 0, error_rate: 0.1 },
      { url: canary, loads: 3, load_failures: 0, view_errors: 1, error_rate: 1 / 3 },
    ]);
    await act({ action: 'canary_stop', remote: 'mf_search' });
  });

  it.each([
    [{ action: 'canary', remote: 'mf_landers', url: 'http://localhost:8087/mf-manifest.json', percent: 0 }, 'percent'],
    [{ action: 'canary', remote: 'mf_landers', url: 'http://localhost:8087/mf-manifest.json', percent: 100 }, 'percent'],
    [{ action: 'canary', remote: 'mf_landers', url: 'javascript:alert(1)', percent: 10 }, 'url'],
    [{ action: 'canary', remote: 'mf_landers', url: 'http://localhost:8086/mf-manifest.json', percent: 10 }, 'url'],
    [{ action: 'point', remote: 'mf_nothing', url: 'http://localhost:1/mf-manifest.json' }, 'remote'],
    [{ action: 'rollback', remote: 'mf_landers', url: 'http://never.example/mf-manifest.json' }, 'url'],
    [{ action: 'launch', remote: 'mf_landers' }, 'action'],
  ])('a bad change %j is a 400 naming %s', async (body, field) => {
    const res = await act(body);
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it('promoting or stopping without a canary is a 409', async () => {
    const res = await act({ action: 'promote', remote: 'mf_chat' });
    expect(res.statusCode).toBe(409);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('no_canary');
  });

  it('a bad report is a 400 naming the field', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    const res = await t.app.inject({ method: 'POST', url: '/api/remote_report.php', headers: { 'x-original-host': 'localhost', ...visitor.headers() }, payload: { events: [{ remote: 'mf_chat', url: 'x', outcome: 'loaded' }] } });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe('events.0.url');
  });
});
