import { ErrorResponseSchema, OPERATOR_ROLES, type OperatorRole } from '@dating/shared';
import { registeredRoutes } from '../src/openapi/plugin';
import { inviteOperator, totpCode } from '../src/operator/accounts';
import { loadConfig } from '../src/config';
import { DEV_OPERATOR } from '../src/operator/seed';
import { browser, failure, FIREFOX_WINDOWS, loginFrom, newOperator, operatorBrowser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) => ErrorResponseSchema.parse(res.json());

describe('operator login', () => {
  test('the development operator logs in with a password only; me.php names role, sites and the current site', async () => {
    const op = await operatorBrowser(t.app);
    expect(op.operator).toMatchObject({ email: DEV_OPERATOR.email, role: 'admin', all_sites: true, totp: false, totp_required: false });
    expect(op.operator.sites.map((s) => s.name)).toEqual(expect.arrayContaining(['amora', 'velvet']));
    expect(op.operator.current_site.name).toBe('amora');
    expect((await op.api.operatorMe()).operator?.email).toBe(DEV_OPERATOR.email);
    // The operator cookie is its own, HttpOnly and SameSite=Strict; the member's sid is not set.
    expect(op.jar.get('osid')).toBeTruthy();
    expect(op.jar.get('sid')).toBeUndefined();
  });

  test('a wrong password and an unknown address get the same 401', async () => {
    const b = browser(t.app);
    await b.visit();
    for (const req of [{ email: DEV_OPERATOR.email, password: 'wrong' }, { email: 'nobody@example.com', password: 'operator1234' }]) {
      expect(await failure(b.api.operatorLogin(req))).toMatchObject({ status: 401, code: 'invalid_credentials' });
    }
  });

  test('a member session reaches no operator call, and a member login is not an operator login', async () => {
    const { b } = await loginFrom(t.app, 'demo@example.com', 'demo1234', FIREFOX_WINDOWS);
    expect((await b.api.operatorMe()).operator).toBeNull();
    for (const call of [b.api.auditLog(), b.api.operators(), b.api.operatorSessions(), b.api.listCampaigns()]) {
      expect(await failure(call)).toMatchObject({ status: 403, code: 'operator_login_required' });
    }
    // The member's password is not an operator's.
    expect(await failure(b.api.operatorLogin({ email: 'demo@example.com', password: 'demo1234' }))).toMatchObject({ status: 401 });
    // A member session token in the operator cookie is no operator session either.
    const sid = b.jar.get('sid')!;
    const res = await t.app.inject({ method: 'GET', url: '/api/operator/operators.php', headers: { cookie: `osid=${sid}` } });
    expect(res.statusCode).toBe(403);
  });

  test('with a second factor: password, then the app code; a code works once; a recovery code works once', async () => {
    const op = await newOperator(t, 'moderator', 'all', { totp: true });
    expect(op.recoveryCodes).toHaveLength(10);
    const b = browser(t.app);
    await b.visit();
    const first = await b.api.operatorLogin({ email: op.email, password: op.password });
    expect(first).toEqual({ step: 'totp', challenge: expect.any(String) });
    if (first.step !== 'totp') throw new Error('no totp step');
    // No session before the code.
    expect((await b.api.operatorMe()).operator).toBeNull();
    expect(await failure(b.api.operatorLoginTotp({ challenge: first.challenge, code: '000000' }))).toMatchObject({ status: 401, field: 'code' });
    // The code of enrolment was used already in this time step: wait for the next one by asking for a code 30 s on.
    const later = Date.now() + 30_000;
    const code = totpCode(op.totpSecret!, later);
    // Only the clock moves: timers and ticks stay real (the app and the database use them).
    jest.useFakeTimers({
      now: later,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    try {
      const done = await b.api.operatorLoginTotp({ challenge: first.challenge, code });
      expect(done).toMatchObject({ step: 'done', operator: { email: op.email, totp: true } });
      // The same code again (another login) is refused: a code works once.
      const again = await b.api.operatorLogin({ email: op.email, password: op.password });
      if (again.step !== 'totp') throw new Error('no totp step');
      expect(await failure(b.api.operatorLoginTotp({ challenge: again.challenge, code }))).toMatchObject({ status: 401, code: 'invalid_code' });
      // A recovery code instead, once.
      const recovery = op.recoveryCodes[0]!;
      expect(await b.api.operatorLoginTotp({ challenge: again.challenge, code: recovery })).toMatchObject({ step: 'done' });
      expect((await b.api.operatorMe()).operator?.recovery_codes_left).toBe(9);
      const third = await b.api.operatorLogin({ email: op.email, password: op.password });
      if (third.step !== 'totp') throw new Error('no totp step');
      expect(await failure(b.api.operatorLoginTotp({ challenge: third.challenge, code: recovery }))).toMatchObject({ status: 401 });
    } finally {
      jest.useRealTimers();
    }
  });

  test('a challenge dies after 5 wrong codes', async () => {
    const op = await newOperator(t, 'support', 'all', { totp: true });
    const b = browser(t.app);
    await b.visit();
    const first = await b.api.operatorLogin({ email: op.email, password: op.password });
    if (first.step !== 'totp') throw new Error('no totp step');
    for (let i = 0; i < 5; i++) await failure(b.api.operatorLoginTotp({ challenge: first.challenge, code: '123456' }));
    expect(await failure(b.api.operatorLoginTotp({ challenge: first.challenge, code: op.recoveryCodes[0]! }))).toMatchObject({
      status: 401,
      code: 'challenge_expired',
    });
  });

  test('in production an operator without a second factor cannot log in, and enrolment requires one', async () => {
    const production = await t.appWith({ production: true, operatorHosts: undefined });
    const b = browser(production);
    await b.visit();
    expect(await failure(b.api.operatorLogin(DEV_OPERATOR))).toMatchObject({ status: 403, code: 'totp_required' });
    const { token } = await inviteOperator(t.db, { email: 'prod-admin@example.com', name: 'Prod', role: 'admin', sites: 'all' });
    const info = await b.api.operatorEnrolInfo(token);
    expect(info).toMatchObject({ email: 'prod-admin@example.com', role: 'admin', totp_required: true, totp: { uri: expect.stringMatching(/^otpauth:\/\/totp\//) } });
    expect(await failure(b.api.operatorEnrol({ token, password: 'a-long-password' }))).toMatchObject({ status: 400, field: 'code' });
    const enrolled = await b.api.operatorEnrol({ token, password: 'a-long-password', code: totpCode(info.totp.secret) });
    expect(enrolled.operator).toMatchObject({ totp: true, totp_required: false });
    expect(enrolled.recovery_codes).toHaveLength(10);
    // The link works once.
    expect(await failure(b.api.operatorEnrolInfo(token))).toMatchObject({ status: 404, field: 'token' });
  });
});

describe('sessions, sign-out everywhere, suspension', () => {
  test('the sessions list shows this one first; ending one ends it; sign out everywhere ends all', async () => {
    const op = await newOperator(t, 'finance');
    const second = await operatorBrowser(t.app, { email: op.email, password: op.password });
    const { sessions } = await second.api.operatorSessions();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    const other = sessions.find((s) => !s.current)!;
    expect(await second.api.operatorEndSession(other.id)).toEqual({ ended: 1 });
    expect((await op.api.operatorMe()).operator).toBeNull();
    // Another operator's session is not theirs to end.
    const admin = await operatorBrowser(t.app);
    const adminSession = (await admin.api.operatorSessions()).sessions[0]!;
    expect(await failure(second.api.operatorEndSession(adminSession.id))).toMatchObject({ status: 404 });
    const third = await operatorBrowser(t.app, { email: op.email, password: op.password });
    expect(await second.api.operatorSignOutEverywhere()).toEqual({ ended: 2 });
    expect((await second.api.operatorMe()).operator).toBeNull();
    expect((await third.api.operatorMe()).operator).toBeNull();
  });

  test('a suspended operator is out at once, on the next call; reactivated they log in again', async () => {
    const op = await newOperator(t, 'moderator');
    const admin = await operatorBrowser(t.app);
    expect((await op.api.moderationReasons()).reasons.length).toBeGreaterThan(0);
    const { operator } = await admin.api.updateOperator({ id: op.id, status: 'suspended', reason: 'left the team' });
    expect(operator.status).toBe('suspended');
    expect(await failure(op.api.moderationReasons())).toMatchObject({ status: 403, code: 'operator_login_required' });
    expect(await failure(op.api.operatorLogin({ email: op.email, password: op.password }))).toMatchObject({ status: 401 });
    await admin.api.updateOperator({ id: op.id, status: 'active' });
    await operatorBrowser(t.app, { email: op.email, password: op.password });
    const { entries } = await admin.api.auditLog({ target_type: 'operator', target_id: String(op.id) });
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['operator.suspend', 'operator.reactivate', 'operator.enrol']));
    expect(entries.find((e) => e.action === 'operator.suspend')).toMatchObject({ reason: 'left the team', before: { status: 'active' }, after: { status: 'suspended' } });
  });

  test('an admin cannot suspend themselves or change their own role', async () => {
    const admin = await operatorBrowser(t.app);
    expect(await failure(admin.api.updateOperator({ id: admin.operator.id, status: 'suspended' }))).toMatchObject({ status: 400, field: 'status' });
    expect(await failure(admin.api.updateOperator({ id: admin.operator.id, role: 'support' }))).toMatchObject({ status: 400, field: 'role' });
  });
});

describe('sites', () => {
  test('an operator of velvet acts on velvet only: switching to amora is 403, amora is never their current site', async () => {
    const op = await newOperator(t, 'admin', ['velvet']);
    expect(op.operator.current_site.name).toBe('velvet');
    expect(op.operator.sites.map((s) => s.name)).toEqual(['velvet']);
    const amora = (await t.db.query<{ id: number }>(`SELECT id FROM sites WHERE template_name = 'amora'`)).rows[0]!.id;
    expect(await failure(op.api.operatorSwitchSite(amora))).toMatchObject({ status: 403, code: 'site_forbidden' });
    // Campaigns listed are velvet's.
    const slugs = (await op.api.listCampaigns()).campaigns.map((c) => c.slug);
    expect(slugs).toContain('after-dark');
    expect(slugs).not.toContain('women-nearby');
  });

  test('an operator whose current site is taken away is refused (403) until they switch', async () => {
    const op = await newOperator(t, 'admin', ['amora', 'velvet']);
    const admin = await operatorBrowser(t.app);
    const velvet = op.operator.sites.find((s) => s.name === 'velvet')!;
    await admin.api.updateOperator({ id: op.id, sites: [velvet.id] });
    expect(await failure(op.api.listCampaigns())).toMatchObject({ status: 403, code: 'site_forbidden' });
    await op.api.operatorSwitchSite(velvet.id);
    expect((await op.api.listCampaigns()).campaigns.length).toBeGreaterThan(0);
  });
});

describe('invites', () => {
  test('an admin invites; the link enrols once; 400 naming the field for a taken address or an unknown site', async () => {
    const admin = await operatorBrowser(t.app);
    const { operator, enrolment_link } = await admin.api.inviteOperator({ email: 'new.mod@example.com', name: 'New Mod', role: 'moderator', sites: 'all' });
    expect(operator).toMatchObject({ status: 'invited', role: 'moderator', totp: false, last_login_at: null });
    expect(enrolment_link).toMatch(/^http:\/\/localhost:8080\/backoffice\/enrol\?token=[A-Za-z0-9_-]{43}$/);
    expect(await failure(admin.api.inviteOperator({ email: 'NEW.MOD@example.com', name: 'Again', role: 'support', sites: 'all' }))).toMatchObject({
      status: 400,
      field: 'email',
    });
    expect(await failure(admin.api.inviteOperator({ email: 'x@example.com', name: 'X', role: 'support', sites: [99999] }))).toMatchObject({
      status: 400,
      field: 'sites',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/operators.php', headers: admin.headers(), payload: { email: 'y@example.com', name: 'Y', role: 'owner', sites: 'all' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('role');
    const token = new URL(enrolment_link).searchParams.get('token')!;
    const b = browser(t.app);
    await b.visit();
    expect(await failure(b.api.operatorEnrol({ token, password: 'short' }))).toMatchObject({ status: 400, field: 'password' });
    const { operator: me } = await b.api.operatorEnrol({ token, password: 'new-mod-password' });
    expect(me).toMatchObject({ email: 'new.mod@example.com', role: 'moderator' });
    expect(await failure(b.api.operatorEnrol({ token, password: 'new-mod-password' }))).toMatchObject({ status: 404 });
    expect((await admin.api.operators()).operators.find((o) => o.email === 'new.mod@example.com')).toMatchObject({ status: 'active' });
  });

  test('TOTP set-up by a logged-in operator: a wrong code changes nothing; the right one turns it on', async () => {
    const op = await newOperator(t, 'support');
    const { secret, uri } = await op.api.operatorTotpSetup();
    expect(uri).toContain(encodeURIComponent(op.email));
    expect(await failure(op.api.operatorTotpConfirm('000000'))).toMatchObject({ status: 401, field: 'code' });
    expect((await op.api.operatorMe()).operator?.totp).toBe(false);
    const { recovery_codes } = await op.api.operatorTotpConfirm(totpCode(secret));
    expect(recovery_codes).toHaveLength(10);
    expect((await op.api.operatorMe()).operator).toMatchObject({ totp: true, recovery_codes_left: 10 });
  });
});

describe('audit log', () => {
  test('append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await operatorBrowser(t.app);
    await expect(t.db.query(`UPDATE audit_log SET reason = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  test('filters, pages and the CSV export (admins only); bad filters are 400 naming the field', async () => {
    const admin = await operatorBrowser(t.app);
    const logins = await admin.api.auditLog({ action: 'operator.login', operator: admin.operator.id, limit: 1 });
    expect(logins.entries).toHaveLength(1);
    expect(logins.entries[0]).toMatchObject({ action: 'operator.login', operator: { email: DEV_OPERATOR.email } });
    expect(logins.next_before).toBe(logins.entries[0]!.id);
    const next = await admin.api.auditLog({ action: 'operator.', before: logins.next_before!, limit: 5 });
    expect(next.entries.every((e) => e.id < logins.next_before! && e.action.startsWith('operator.'))).toBe(true);
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['limit=1000', 'limit'],
      ['action=DROP%20TABLE', 'action'],
      ['operator=99999999999', 'operator'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/operator/audit.php?${query}`, headers: admin.headers() });
      expect({ query, status: res.statusCode, field: errorOf(res).field }).toEqual({ query, status: 400, field });
    }
    const csv = await t.app.inject({ method: 'GET', url: '/api/operator/audit_export.php?action=operator.login', headers: admin.headers() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,operator_id,operator_email,site,action,target_type,target_id,before,after,reason');
    expect(lines.slice(1).every((l) => l.includes(',operator.login,'))).toBe(true);
    // The export itself is audited.
    expect((await admin.api.auditLog({ action: 'audit.export' })).entries.length).toBeGreaterThan(0);
  });
});

describe('roles × calls', () => {
  /** Every operator call the app registers, with the roles it declares. */
  const operatorRoutes = () =>
    registeredRoutes(t.app).filter((r) => r.config?.access === 'operator') as { method: string; url: string; config: { roles: readonly OperatorRole[] } }[];

  test('every operator call declares its roles, and answers 403 role_forbidden to every other role, before reading input', async () => {
    const routes = operatorRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const byRole = Object.fromEntries(await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await newOperator(t, role)] as const)));
    const matrix: string[] = [];
    for (const route of routes) {
      for (const role of OPERATOR_ROLES) {
        const op = byRole[role]!;
        // An empty body: a call the role may make answers anything but role_forbidden (400, 404, 200 …).
        const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: op.headers(), ...(route.method === 'GET' ? {} : { payload: {} }) });
        const allowed = route.config.roles.includes(role);
        const refused = res.statusCode === 403 && errorOf(res).error === 'role_forbidden';
        expect({ call: `${route.method} ${route.url}`, role, refused, fault: res.statusCode >= 500 }).toEqual({
          call: `${route.method} ${route.url}`,
          role,
          refused: !allowed,
          fault: false,
        });
        matrix.push(`${route.method} ${route.url} ${role}: ${res.statusCode}`);
      }
    }
    expect(matrix.length).toBe(routes.length * OPERATOR_ROLES.length);
  });

  test('without an operator session every operator call is 403 operator_login_required; repeated refusals are rate-limited', async () => {
    for (const route of operatorRoutes()) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect({ call: `${route.method} ${route.url}`, status: res.statusCode, error: errorOf(res).error }).toMatchObject({
        call: `${route.method} ${route.url}`,
        status: 403,
      });
    }
    const limited = await t.appWith({ rateLimits: true });
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await limited.inject({ method: 'GET', url: '/api/operator/audit.php', remoteAddress: '203.0.113.9', headers: { cookie: `osid=${'A'.repeat(43)}` } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  test('wrong operator passwords are limited per account: the 6th try in 15 minutes is 429, also from other addresses', async () => {
    const limited = await t.appWith({ rateLimits: true });
    const op = await newOperator(t, 'support');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const b = browser(limited);
      await b.visit();
      const res = await limited.inject({
        method: 'POST',
        url: '/api/operator/login.php',
        remoteAddress: `198.51.100.${i + 1}`,
        headers: b.headers(),
        payload: { email: op.email, password: 'guess' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('where the operator API answers', () => {
  test('OPERATOR_HOSTS: 404 on other hosts (the public site), answers on the back-office host', async () => {
    const app = await t.appWith({ operatorHosts: ['backoffice.example.com'] });
    const publicHost = await app.inject({ method: 'GET', url: '/api/operator/me.php', headers: { host: 'localhost:8080' } });
    expect(publicHost.statusCode).toBe(404);
    const login = await app.inject({ method: 'POST', url: '/api/operator/login.php', headers: { host: 'amora.example.com' }, payload: DEV_OPERATOR });
    expect(login.statusCode).toBe(404);
    const backOffice = await app.inject({ method: 'GET', url: '/api/operator/me.php', headers: { host: 'backoffice.example.com' } });
    expect(backOffice.statusCode).toBe(200);
    expect(backOffice.json()).toEqual({ operator: null });
  });

  test('in production without OPERATOR_HOSTS the operator API answers nowhere', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).operatorHosts).toEqual([]);
    expect(loadConfig({}).operatorHosts).toBeUndefined();
    expect(loadConfig({ OPERATOR_HOSTS: 'Backoffice.example.com, ops.example.com' }).operatorHosts).toEqual(['backoffice.example.com', 'ops.example.com']);
    expect(() => loadConfig({ OPERATOR_HOSTS: 'https://x.example.com' })).toThrow(/OPERATOR_HOSTS/);
  });
});
