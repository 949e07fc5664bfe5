/**
 * A member's standing and the payment provider's refunds, below the desks: suspended and banned
 * members are out at once and cannot log in, a banned browser opens no new account, several
 * established members' reports hide a member from search and shrink their first messages, and a
 * refund through the official Mollie client (the local sandbox) takes the credits back.
 */
import { FIRST_MESSAGES_PER_DAY_RESTRICTED, newIdempotencyKey } from '@dating/shared';
import { refundPayment } from '../src/commerce/refunds';
import { endDueSuspensions, recordAction, restoreStanding, setStanding } from '../src/desk/standing';
import { findSiteById } from '../src/site/site';
import { browser, failure, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser, PASSWORD } from './social-helpers';

jest.setTimeout(30_000);

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

const longAgo = () => new Date(Date.now() - 60 * 86_400_000);
const statusOf = async (id: number) => (await t.db.query<{ status: string }>('SELECT status FROM members WHERE id = $1', [id])).rows[0]!.status;
const inSearch = async (viewer: Awaited<ReturnType<typeof memberBrowser>>, id: number, name: string) =>
  (await viewer.api.search({ page: 1, pp: 48, searchAllCountries: true, gender: 'female' } as never)).profiles.some((p) => p.id === id && p.name === name);

describe('suspended and banned members', () => {
  it('a suspended member is logged out at once, cannot log in until the date, and gets in again after it', async () => {
    const m = await memberBrowser(t.app, t.db);
    expect((await m.api.getUser()).user?.profile.id).toBe(m.member.id);
    await t.db.transaction((tx) => setStanding(tx, m.member.id, 'suspended', new Date(Date.now() + 86_400_000)));
    // The open page is logged out: its session ended.
    expect((await m.api.getUser()).user).toBeNull();
    const again = browser(t.app);
    await again.visit();
    const err = await failure(again.api.login({ email: m.member.email, password: PASSWORD }));
    expect(err.status).toBe(403);
    expect(err.code).toBe('account_suspended');
    // A wrong password still answers as for anyone: nothing about the account.
    expect((await failure(again.api.login({ email: m.member.email, password: 'wrong-password' }))).code).toBe('invalid_credentials');
    // The address check answers as for any account (login then says why): never a 5xx.
    expect((await again.api.validateEmail(m.member.email)).status).toBe('active');

    // The date passes: the sweep restores the member as they were.
    await t.db.query(`UPDATE members SET suspended_until = now() - interval '1 minute' WHERE id = $1`, [m.member.id]);
    expect(await endDueSuspensions(t.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(m.member.id)).toBe('active');
    await again.api.login({ email: m.member.email, password: PASSWORD });
    expect((await again.api.getUser()).user?.profile.id).toBe(m.member.id);
  });

  it('a banned member cannot log in, and their browser opens no new account in the pool until the ban is lifted', async () => {
    const m = await memberBrowser(t.app, t.db);
    await t.db.transaction((tx) => setStanding(tx, m.member.id, 'banned'));
    expect((await m.api.getUser()).user).toBeNull();
    expect((await failure(m.api.login({ email: m.member.email, password: PASSWORD }))).code).toBe('account_banned');
    // The same browser (its device cookie) tries a new address.
    const signup = () =>
      m.api.signup({
        email: `again.${Date.now()}@test.example`,
        name: 'Someone New',
        password: 'another-pass-1',
        adult: true,
        trafficsource: {},
        timezone: 'Europe/Amsterdam',
        country: 'NL',
        language: 'en',
        profile: null,
        form_path: '/signup',
        referrer: '',
        csrf: 'x',
        token: '',
        n: '',
      });
    expect((await failure(signup())).code).toBe('signup_failed');
    // Another browser signs up fine.
    const other = browser(t.app);
    await other.visit();
    await expect(
      other.api.signup({
        email: `fresh.${Date.now()}@test.example`, name: 'Fresh', password: 'another-pass-1', adult: true, trafficsource: {}, timezone: 'Europe/Amsterdam',
        country: 'NL', language: 'en', profile: null, form_path: '/signup', referrer: '', csrf: 'x', token: '', n: '',
      } as never),
    ).resolves.toBeTruthy();
    // The address check sends a banned member's address to the service page, as a deleted one.
    expect((await other.api.validateEmail(m.member.email)).status).toBe('deleted');
    await t.db.transaction((tx) => restoreStanding(tx, m.member.id));
    expect(await statusOf(m.member.id)).toBe('active');
    expect((await other.api.validateEmail(m.member.email)).status).toBe('active');
    await expect(signup()).resolves.toBeTruthy();
  });
});

describe('the automatic measure', () => {
  it('three established members reporting one member hide them from search and shrink their first messages; new members do not count', async () => {
    const reported = await addMember(t.db, { name: `Reported ${Date.now()}`, signupDate: longAgo(), credits: 5000 });
    const viewer = await memberBrowser(t.app, t.db, { gender: 'male', signupDate: longAgo() });
    expect(await inSearch(viewer, reported.id, reported.name)).toBe(true);

    // Two brand-new accounts do not count.
    for (let i = 0; i < 2; i++) {
      const fresh = await memberBrowser(t.app, t.db);
      await fresh.api.report({ profile: reported.id, category: 'spam' });
    }
    expect(await statusOf(reported.id)).toBe('active');
    // Two established members: not yet.
    for (let i = 0; i < 2; i++) {
      const old = await memberBrowser(t.app, t.db, { signupDate: longAgo() });
      await old.api.report({ profile: reported.id, category: 'scam' });
    }
    expect(await statusOf(reported.id)).toBe('active');
    // The third established member (reporting twice counts once).
    const third = await memberBrowser(t.app, t.db, { signupDate: longAgo() });
    await third.api.report({ profile: reported.id, category: 'harassment' });
    expect(await statusOf(reported.id)).toBe('restricted');
    expect(await inSearch(viewer, reported.id, reported.name)).toBe(false);
    const { rows } = await t.db.query<{ action: string; operator_id: number | null }>('SELECT action, operator_id FROM member_actions WHERE member_id = $1', [reported.id]);
    expect(rows).toEqual([{ action: 'restrict', operator_id: null }]);

    // The restricted member still logs in, but starts only a few new conversations a day.
    const r = await loginAs(t.app, reported);
    for (let i = 0; i < FIRST_MESSAGES_PER_DAY_RESTRICTED; i++) {
      const other = await addMember(t.db);
      await r.api.sendMessage({ profile: other.id }, 'Hello there');
    }
    const one = await addMember(t.db);
    expect((await failure(r.api.sendMessage({ profile: one.id }, 'Hello there'))).code).toBe('first_message_quota');
    // Reversible: restored, visible again, and the quota is the normal one.
    await t.db.transaction(async (tx) => {
      await restoreStanding(tx, reported.id);
      await recordAction(tx, { memberId: reported.id, siteId: 1, action: 'restore', reason: 'reviewed', operatorId: null });
    });
    expect(await inSearch(viewer, reported.id, reported.name)).toBe(true);
    await expect(r.api.sendMessage({ profile: one.id }, 'Hello there')).resolves.toBeTruthy();
  });
});

describe('refunds through the provider', () => {
  it('a partial then a full refund through the official client: the provider records them, the credits go in proportion, never beyond', async () => {
    const sandbox = t.app.mollieSandbox!;
    const b = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const pricing = await b.api.credits();
    const pkg = pricing.packages.find((p) => p.id === 'starter')!;
    const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: pkg.id, method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
    const checkout = new URL(res.checkout_url!).pathname;
    await t.app.inject({ method: 'POST', url: checkout, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });
    const balance = async () => (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [b.member.id])).rows[0]!.credits;
    expect(await balance()).toBe(pkg.credits);

    const sites = (id: number) => findSiteById(t.db, id);
    const half = Math.round(pkg.amount_cents / 2);
    const first = await refundPayment(t.db, t.app.paymentClient(), sites, { transactionId: res.transaction_id, amountCents: half, reason: 'goodwill', operatorId: null, idempotencyKey: 'a0000000-0000-4000-8000-000000000001' });
    expect(first.amount_cents).toBe(half);
    expect(await balance()).toBe(pkg.credits - Math.round((pkg.credits * half) / pkg.amount_cents));
    expect(first.balance).toBe(await balance());
    // The same request again (a retry): the provider refunds once.
    await refundPayment(t.db, t.app.paymentClient(), sites, { transactionId: res.transaction_id, amountCents: half, reason: 'goodwill', operatorId: null, idempotencyKey: 'a0000000-0000-4000-8000-000000000001' }).catch(() => undefined);
    const { rows: p } = await t.db.query<{ provider_id: string; refunded_cents: number }>('SELECT provider_id, refunded_cents FROM payments WHERE id = $1', [res.transaction_id]);
    expect(p[0]!.refunded_cents).toBe(half);
    const refunds = await t.app.paymentClient().paymentRefunds.page({ paymentId: p[0]!.provider_id });
    expect(refunds.map((r) => Math.round(Number(r.amount.value) * 100))).toEqual([half]);

    // More than is left: 400 on the amount; the rest: all credits gone.
    expect(await refundPayment(t.db, t.app.paymentClient(), sites, { transactionId: res.transaction_id, amountCents: pkg.amount_cents, reason: 'x', operatorId: null }).then(() => null, (e: { field?: string }) => e.field)).toBe('amount_cents');
    await refundPayment(t.db, t.app.paymentClient(), sites, { transactionId: res.transaction_id, reason: 'all of it', operatorId: null });
    expect(await balance()).toBe(0);
    // The provider's webhook afterwards changes nothing.
    await t.app.inject({ method: 'POST', url: '/api/payments/webhook.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${p[0]!.provider_id}` });
    expect(await balance()).toBe(0);
    const settled = await sandbox.getPayment(p[0]!.provider_id);
    expect(settled!.amountRefunded).toBe(pkg.amount_cents);
  });
});
