/**
 * The local Mollie sandbox keeps its state in the database (an API restart loses no open payment,
 * customer, mandate or subscription) and renews subscriptions as Mollie does, driven by the
 * scheduler in the API process; the sandbox page's control makes a renewal due now.
 */
import { newIdempotencyKey } from '@dating/shared';
import type { FastifyInstance } from 'fastify';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs } from './social-helpers';

jest.setTimeout(30_000);

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;

/** A member who signed up long ago (no time bonus), logged in on `app`. */
async function buyerOn(app: FastifyInstance) {
  const member = await addMember(t.db, { signupDate: new Date(Date.now() - 30 * DAY), credits: 0 });
  return { member, ...(await loginAs(app, member)) };
}

const balance = async (id: number) => (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [id])).rows[0]!.credits;

/** The payer's choice on the sandbox's hosted checkout page of `app`. */
async function choose(app: FastifyInstance, checkoutPath: string, status: 'paid' | 'failed') {
  const page = await app.inject({ method: 'GET', url: checkoutPath });
  expect(page.statusCode).toBe(200);
  return app.inject({ method: 'POST', url: checkoutPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `status=${status}` });
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const premiumOf = async (memberId: number) =>
  (
    await t.db.query<{ provider_id: string; current_period_end: Date; status: string }>(
      'SELECT provider_id, current_period_end, status FROM subscriptions WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [memberId],
    )
  ).rows[0]!;
const renewals = async (memberId: number) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM payments WHERE member_id = $1 AND kind = 'renewal'`, [memberId])).rows;

async function subscribe(app: FastifyInstance, b: Awaited<ReturnType<typeof buyerOn>>) {
  const plan = (await b.api.credits()).plans.find((p) => p.id === '1m')!;
  const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: '1m', method: 'creditcard', expected_amount_cents: plan.amount_cents, consent: true });
  await choose(app, new URL(res.checkout_url!).pathname, 'paid');
  return eventually(() => premiumOf(b.member.id), (s) => Boolean(s.provider_id));
}

describe('restart', () => {
  it('an open payment, the customer, its mandate and a subscription survive an API restart', async () => {
    const before = await t.appWith({ mollieSandboxRenewalMs: 0 });
    const b = await buyerOn(before);
    // A first payment (it leaves a mandate) paid before the restart, a subscription, and one payment left open.
    const pkg = (await b.api.credits()).packages.find((p) => p.id === 'starter')!;
    const first = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: 'starter', method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
    await choose(before, new URL(first.checkout_url!).pathname, 'paid');
    const sub = await subscribe(before, b);
    const open = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: 'starter', method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
    const openPath = new URL(open.checkout_url!).pathname;
    expect(await balance(b.member.id)).toBe(pkg.credits);

    // The API stops (its sandbox with it); a new process starts on the same database.
    await before.close();
    const after = await t.appWith({ mollieSandboxRenewalMs: 0 });
    const again = await loginAs(after, b.member);

    // The payer finishes the open payment on the new process: checkout page, webhook, credits.
    const page = await after.inject({ method: 'GET', url: openPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Select the payment status');
    expect((await choose(after, openPath, 'paid')).statusCode).toBe(303);
    expect((await again.api.transaction(open.transaction_id)).status).toBe('paid');
    expect(await balance(b.member.id)).toBe(2 * pkg.credits);

    // The mandate is still there: a repeat order is charged through it without a checkout.
    const repeat = await again.api.repeatOrder({ idempotency_key: newIdempotencyKey(), expected_amount_cents: pkg.amount_cents, consent: true });
    expect(repeat).toMatchObject({ status: 'paid', checkout_url: null });
    expect(await balance(b.member.id)).toBe(3 * pkg.credits);

    // The subscription too: the provider still knows it, and it is still active.
    const s = await after.mollieSandbox!.getSubscription(sub.provider_id);
    expect(s).toMatchObject({ status: 'active', interval: '1 months' });
    expect(await again.api.premium()).toMatchObject({ paid_user: true, status: 'active' });
  });
});

describe('renewals', () => {
  it('the scheduler charges a due subscription once per period and calls the webhook (controlled clock)', async () => {
    const app = await t.appWith({ mollieSandboxRenewalMs: 40 });
    const sandbox = app.mollieSandbox!;
    const b = await buyerOn(app);
    const sub = await subscribe(app, b);
    const period = new Date(sub.current_period_end).getTime();
    // Not due yet: the scheduler runs, nothing is charged.
    await new Promise((r) => setTimeout(r, 200));
    expect(await renewals(b.member.id)).toEqual([]);

    // 32 days later by the sandbox's clock: the next payment date (in a month) has come.
    sandbox.clock = () => new Date(Date.now() + 32 * DAY);
    const charged = await eventually(() => renewals(b.member.id), (r) => r.length > 0);
    expect(charged).toEqual([{ status: 'paid' }]);
    // The webhook did its work: premium one period longer, a receipt for the renewal.
    const renewed = await eventually(() => premiumOf(b.member.id), (s) => new Date(s.current_period_end).getTime() > period);
    expect(new Date(renewed.current_period_end).getTime()).toBeGreaterThan(period + 27 * DAY);
    expect((await b.api.premium()).paid_user).toBe(true);
    // Several more runs of the scheduler on the same day: still one renewal (the next is a month on).
    await new Promise((r) => setTimeout(r, 300));
    expect(await renewals(b.member.id)).toHaveLength(1);
    const s = await sandbox.getSubscription(sub.provider_id);
    const inTwoMonths = new Date();
    inTwoMonths.setUTCMonth(inTwoMonths.getUTCMonth() + 2);
    expect(s!.nextPaymentDate).toBe(inTwoMonths.toISOString().slice(0, 10));
    // A canceled subscription is never charged again, whatever the clock says.
    await b.api.cancelPremium();
    sandbox.clock = () => new Date(Date.now() + 400 * DAY);
    await new Promise((r) => setTimeout(r, 300));
    expect(await renewals(b.member.id)).toHaveLength(1);
    // This process's clock is far ahead: stop it before other tests subscribe on the same database.
    await app.close();
  });

  it('the sandbox page lists the subscription; its control makes the next renewal due now and it is charged; a paid payment offers a chargeback', async () => {
    const app = await t.appWith({ mollieSandboxRenewalMs: 0 });
    const b = await buyerOn(app);
    const sub = await subscribe(app, b);
    const page = await app.inject({ method: 'GET', url: '/api/dev/mollie/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(sub.provider_id);
    expect(page.body).toContain('Make the next renewal due now');
    // The paid first payment can be charged back from the page (the payments desk shows it apart).
    expect(page.body).toContain('Report a chargeback');
    expect((await app.inject({ method: 'POST', url: '/api/dev/mollie/payments/tr_nope1234/chargeback' })).statusCode).toBe(404);

    const res = await app.inject({ method: 'POST', url: `/api/dev/mollie/subscriptions/${sub.provider_id}/due` });
    expect(res.statusCode).toBe(303);
    const back = await app.inject({ method: 'GET', url: res.headers.location as string });
    expect(back.body).toMatch(/Renewal charged as payment tr_\w+; its webhook was called\./);
    expect(await eventually(() => renewals(b.member.id), (r) => r.length > 0)).toEqual([{ status: 'paid' }]);
    // Unknown subscription → 404; the sandbox and its page do not exist in production.
    expect((await app.inject({ method: 'POST', url: '/api/dev/mollie/subscriptions/sub_nope1234/due' })).statusCode).toBe(404);
    const production = await t.appWith({ production: true, mollieSandboxRenewalMs: 0 });
    expect(production.mollieSandbox).toBeUndefined();
    expect((await production.inject({ method: 'GET', url: '/api/dev/mollie/' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'POST', url: `/api/dev/mollie/subscriptions/${sub.provider_id}/due` })).statusCode).toBe(404);
    expect((await production.inject({ method: 'POST', url: '/api/dev/mollie/payments/tr_nope1234/chargeback' })).statusCode).toBe(404);
  });
});

describe('a member of one’s own for the 4-day rules (development only)', () => {
  it('PUT dev/signup_date.php backdates the caller’s own signup: webcam tiles until Premium, then none', async () => {
    const app = await t.appWith({ mollieSandboxRenewalMs: 0 });
    const member = await addMember(t.db, { credits: 0 });
    const b = await loginAs(app, member);
    // Signed up today: no tiles (spec §6: only after 4 days).
    expect(Object.keys((await b.api.xcams({})).cams)).toEqual([]);
    const { user } = await b.api.devSetSignupDate({ days_ago: 5 });
    expect(Date.now() - Date.parse(user!.signup_date)).toBeGreaterThan(4 * DAY);
    expect(Object.keys((await b.api.xcams({})).cams).length).toBeGreaterThan(0);
    // Premium: the tiles are gone.
    await subscribe(app, { member, ...b });
    expect((await b.api.getUser()).user!.paid_user).toBe(true);
    expect(Object.keys((await b.api.xcams({})).cams)).toEqual([]);
  });

  it('only for the logged-in member, with a sane number of days, and never in production', async () => {
    const b = await loginAs(t.app, await addMember(t.db, {}));
    const headers = { cookie: b.jar.header()!, 'x-csrf-token': b.jar.get('csrf')!, 'content-type': 'application/json' };
    const put = (target: FastifyInstance, body: unknown) =>
      target.inject({ method: 'PUT', url: '/api/dev/signup_date.php', headers, payload: JSON.stringify(body) });
    const bad = await put(t.app, { days_ago: -1 });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'days_ago']);
    const anonymous = browser(t.app);
    await anonymous.visit();
    await expect(anonymous.api.devSetSignupDate({ days_ago: 5 })).rejects.toMatchObject({ status: 403 });
    const production = await t.appWith({ production: true, mollieSandboxRenewalMs: 0 });
    expect((await put(production, { days_ago: 5 })).statusCode).toBe(404);
  });
});
