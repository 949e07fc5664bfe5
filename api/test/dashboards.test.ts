/**
 * The back office's dashboards (docs/dashboards.md): per role and per site; the figures move as a
 * person expects — a visit, a signup from a traffic source and lander, its activation, first
 * message and first purchase, a refund, members online, the moderation queue; by day and by week,
 * for one site or all of the operator's; bad input is a 400 naming the field. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { newIdempotencyKey, type DashboardResponse } from '@dating/shared';
import { browser, failure, newOperator, operatorBrowser, startTestApi, type TestApi } from './helpers';
import { linkIn, mailsTo, signupRequest } from './account-helpers';
import { memberBrowser } from './social-helpers';

jest.setTimeout(60_000);

let t: TestApi;
let admin: Awaited<ReturnType<typeof operatorBrowser>>;
beforeAll(async () => {
  t = await startTestApi();
  admin = await operatorBrowser(t.app);
}, 180_000);
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const todayOf = (d: DashboardResponse) => d.periods.find((p) => p.start === today())!;
const sourceOf = (d: DashboardResponse, network: string) => d.sources.find((s) => s.network === network);
const euro = (d: DashboardResponse) => d.revenue_totals.find((r) => r.currency === 'EUR');

/** A visitor's browser on a host that opens a lander of a partner's link and signs up there. */
async function visitAndSignUp(host: string, network: string, slug = 'summer') {
  const b = browser(t.app, host);
  await b.visit();
  const trafficsource = { network, ref: 'r7', sub1: 'banner' };
  expect(await b.api.recordVisit({ trafficsource, path: `/landers/gallery/${slug}` })).toEqual({ recorded: true });
  const req = signupRequest({ trafficsource, form_path: `/landers/gallery/${slug}` });
  const { user } = await b.api.signup(req);
  return { ...b, user, email: req.email };
}

describe('the dashboard', () => {
  it('a visit and a signup from a partner’s lander count in the funnel of the day and of the source; activation, first message and first purchase follow the member', async () => {
    const finance = await newOperator(t, 'finance', ['amora']);
    const before = await finance.api.operatorDashboard();
    expect(before.sites.map((s) => s.brand)).toHaveLength(1);
    expect(sourceOf(before, 'partnerx')).toBeUndefined();

    const member = await visitAndSignUp('localhost:8080', 'PartnerX');
    const after = await finance.api.operatorDashboard();
    expect(todayOf(after).visits).toBe(todayOf(before).visits + 1);
    expect(todayOf(after).signups).toBe(todayOf(before).signups + 1);
    expect(after.totals.signups).toBe(before.totals.signups + 1);
    expect(sourceOf(after, 'partnerx')).toEqual({
      network: 'partnerx', ref: 'r7', sub1: 'banner', sub2: '', sub3: '', campaign: 'summer',
      visits: 1, signups: 1, activations: 0, first_messages: 0, first_purchases: 0,
    });
    // The new member's name waits for a moderator.
    expect(after.moderation.waiting).toBeGreaterThan(0);
    expect(after.moderation.target_minutes).toBeGreaterThan(0);

    // Activation (the mail's link), a first message, a first purchase through the sandbox.
    const mail = (await mailsTo(t.db, member.email)).find((m) => m.kind === 'activation')!;
    await t.app.inject({ method: 'GET', url: `${linkIn(mail).pathname}${linkIn(mail).search}`, headers: { host: 'localhost:8080' } });
    const other = await memberBrowser(t.app, t.db, { gender: 'male' });
    // The profile a member completes before writing (signup steps 3–4).
    await t.db.query(`UPDATE members SET gender = 'female', date_of_birth = '1990-01-01', city = 'Utrecht' WHERE id = $1`, [member.user.profile.id]);
    await t.db.query(`INSERT INTO credit_ledger (member_id, kind, amount, note) VALUES ($1, 'bonus', 1000, 'test')`, [member.user.profile.id]);
    await member.api.sendMessage({ profile: other.member.id }, 'Hello there');
    const pricing = await member.api.credits();
    const pkg = pricing.packages.find((p) => p.id === 'starter')!;
    const pay = await member.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: pkg.id, method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
    await t.app.inject({ method: 'POST', url: new URL(pay.checkout_url!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });

    const paid = await finance.api.operatorDashboard();
    expect(sourceOf(paid, 'partnerx')).toMatchObject({ signups: 1, activations: 1, first_messages: 1, first_purchases: 1 });
    expect(todayOf(paid).first_purchases).toBe(todayOf(after).first_purchases + 1);
    expect(todayOf(paid).messages).toBe(todayOf(after).messages + 1);
    expect(todayOf(paid).credits_spent).toBeGreaterThan(todayOf(after).credits_spent);
    expect(paid.messages_per_hour.at(-1)!.messages).toBeGreaterThanOrEqual(1);
    const bought = (await t.db.query<{ n: number }>('SELECT credits + bonus_credits AS n FROM payments WHERE id = $1', [pay.transaction_id])).rows[0]!.n;
    expect(bought).toBeGreaterThanOrEqual(pkg.credits);
    expect(todayOf(paid).credits_sold).toBe(todayOf(after).credits_sold + bought);
    expect(euro(paid)!.revenue_cents).toBe((euro(after)?.revenue_cents ?? 0) + pkg.amount_cents);
    expect(euro(paid)!.paying_members).toBe((euro(after)?.paying_members ?? 0) + 1);
    expect(euro(paid)!.per_member_cents).toBe(Math.round(euro(paid)!.net_cents / euro(paid)!.paying_members));

    // finance refunds half: refunds rise, net revenue falls by as much, revenue stays.
    const half = Math.floor(pkg.amount_cents / 2);
    await finance.api.deskRefund({ transaction_id: pay.transaction_id, amount_cents: half, reason: 'Goodwill' });
    const refunded = await finance.api.operatorDashboard();
    expect(euro(refunded)!.revenue_cents).toBe(euro(paid)!.revenue_cents);
    expect(euro(refunded)!.refunded_cents).toBe(euro(paid)!.refunded_cents + half);
    expect(euro(refunded)!.net_cents).toBe(euro(paid)!.net_cents - half);
    // By week: the same figures in this week's period.
    const week = await finance.api.operatorDashboard({ grain: 'week' });
    expect(week.periods).toHaveLength(12);
    expect(week.periods.at(-1)!.signups).toBeGreaterThanOrEqual(1);
    expect(week.totals.first_purchases).toBeGreaterThanOrEqual(1);
  });

  it('members online now: a member whose event stream is open counts', async () => {
    const before = await admin.api.operatorDashboard();
    const m = await memberBrowser(t.app, t.db);
    await t.db.query(`UPDATE members SET online_until = now() + interval '1 minute' WHERE id = $1`, [m.member.id]);
    expect((await admin.api.operatorDashboard()).online_now).toBe(before.online_now + 1);
  });

  it('per site: a signup on velvet counts for velvet and for all of an operator’s sites, never for amora', async () => {
    const amoraOnly = await newOperator(t, 'finance', ['amora']);
    const velvetOnly = await newOperator(t, 'finance', ['velvet']);
    const both = await newOperator(t, 'admin', ['amora', 'velvet']);
    const [a0, v0, all0] = await Promise.all([amoraOnly.api.operatorDashboard(), velvetOnly.api.operatorDashboard(), both.api.operatorDashboard({ scope: 'all' })]);
    await visitAndSignUp('velvet.localhost', 'velvetads');
    const [a1, v1, all1, velvetAll] = await Promise.all([
      amoraOnly.api.operatorDashboard(),
      velvetOnly.api.operatorDashboard(),
      both.api.operatorDashboard({ scope: 'all' }),
      velvetOnly.api.operatorDashboard({ scope: 'all' }),
    ]);
    expect(a1.totals.signups).toBe(a0.totals.signups);
    expect(a1.totals.visits).toBe(a0.totals.visits);
    expect(sourceOf(a1, 'velvetads')).toBeUndefined();
    expect(v1.totals.signups).toBe(v0.totals.signups + 1);
    expect(sourceOf(v1, 'velvetads')).toMatchObject({ visits: 1, signups: 1 });
    expect(all1.totals.signups).toBe(all0.totals.signups + 1);
    expect(all1.sites.map((s) => s.brand).sort()).toEqual([...a1.sites, ...v1.sites].map((s) => s.brand).sort());
    // "All sites" of an operator of velvet alone is velvet alone.
    expect(velvetAll.sites).toEqual(v1.sites);
  });

  it('admin and finance see dashboards; a moderator and support do not; nor anyone logged out', async () => {
    for (const role of ['moderator', 'support'] as const) {
      const op = await newOperator(t, role, ['amora']);
      expect((await failure(op.api.operatorDashboard())).code).toBe('role_forbidden');
    }
    const visitor = browser(t.app);
    await visitor.visit();
    expect((await failure(visitor.api.operatorDashboard())).code).toBe('operator_login_required');
  });

  it('bad input is a 400 naming the field; a member’s own page is not a visit', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ grain: 'month' }, 'grain'],
      [{ scope: 'everything' }, 'scope'],
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '2026-05-02', to: '2026-05-01' }, 'to'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'to'],
      // At most 92 days: a quarter.
      [{ from: '2026-01-01', to: '2026-04-03' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const err = await failure(admin.api.operatorDashboard(query as never));
      expect([err.status, err.field]).toEqual([400, field]);
    }
    const m = await memberBrowser(t.app, t.db);
    expect(await m.api.recordVisit({ path: '/members' })).toEqual({ recorded: false });
    const visitor = browser(t.app);
    await visitor.visit();
    expect((await failure(visitor.api.recordVisit({ path: 'http://evil.example/' }))).field).toBe('path');
  });

  it('counts a first page of a visit that has no CSRF cookie yet (a cached public page): no token is asked for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visit.php',
      headers: { host: 'localhost:8080', 'content-type': 'application/json' },
      payload: JSON.stringify({ path: '/', trafficsource: { network: 'csrf-free' } }),
    });
    expect([res.statusCode, res.json()]).toEqual([200, { recorded: true }]);
  });
});
