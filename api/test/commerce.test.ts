/**
 * Credits and premium against the local Mollie sandbox, through the real @mollie/api-client:
 * ledger, payments and every status, webhook idempotency and replay, tampering, refunds,
 * concurrency, repeat orders through the mandate, premium subscriptions, discounts, receipts.
 */
import { newIdempotencyKey } from '@dating/shared';
import type { MollieSandbox } from '../src/commerce/sandbox';
import { browser, failure, startTestApi, type TestApi } from './helpers';
import { addMember, memberBrowser, openConversation, PASSWORD } from './social-helpers';

// The machine running the suite may be busy: these journeys make many calls each.
jest.setTimeout(30_000);

let t: TestApi;
let sandbox: MollieSandbox;
beforeAll(async () => {
  t = await startTestApi();
  sandbox = t.app.mollieSandbox!;
}, 60_000);
afterAll(() => t.close());

type B = Awaited<ReturnType<typeof memberBrowser>>;

const balance = async (id: number) =>
  (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [id])).rows[0]!.credits;
const ledgerSum = async (id: number) =>
  Number((await t.db.query<{ s: string }>('SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE member_id = $1', [id])).rows[0]!.s);
const providerId = async (txn: string) =>
  (await t.db.query<{ provider_id: string }>('SELECT provider_id FROM payments WHERE id = $1', [txn])).rows[0]!.provider_id;
const webhook = (id: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${id}` });

/** A member who signed up long ago (no time bonus) unless told otherwise. */
async function buyer(fields: Parameters<typeof memberBrowser>[2] = {}) {
  return memberBrowser(t.app, t.db, { signupDate: new Date(Date.now() - 30 * 86_400_000), ...fields });
}

/** Starts a package purchase and answers the transaction id and the sandbox checkout path. */
async function start(b: B, packageId = 'starter', method: 'ideal' | 'creditcard' | 'przelewy24' | 'bancontact' = 'ideal', extra: { discount_code?: string; expected?: number } = {}) {
  const pricing = await b.api.credits();
  const pkg = pricing.packages.find((p) => p.id === packageId)!;
  const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(),
    kind: 'credits',
    package_id: packageId,
    method,
    expected_amount_cents: extra.expected ?? pkg.amount_cents,
    consent: true,
    return_to: '/chats/1',
    ...(extra.discount_code ? { discount_code: extra.discount_code } : {}),
  });
  return { ...res, pkg, checkoutPath: new URL(res.checkout_url!).pathname };
}

/** The payer's choice on the sandbox's hosted checkout page. */
async function choose(checkoutPath: string, status: 'paid' | 'failed' | 'canceled' | 'expired') {
  const page = await t.app.inject({ method: 'GET', url: checkoutPath });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('TEST MODE');
  return t.app.inject({ method: 'POST', url: checkoutPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `status=${status}` });
}

describe('pricing', () => {
  it('is public, per country and currency from the sites data', async () => {
    const visitor = browser(t.app);
    const nl = await visitor.api.call((await import('@dating/shared')).PricingResponseSchema, 'GET', 'pricing.php', { query: { country: 'NL' } });
    expect(nl.currency).toBe('EUR');
    expect(nl.packages.map((p) => p.id)).toEqual(['starter', 'popular', 'value', 'max']);
    expect(nl.packages.find((p) => p.badge === 'most_chosen')?.id).toBe('popular');
    expect(nl.plans.map((p) => p.id)).toEqual(['1m', '3m', '12m']);
    expect(nl.message_cost).toBe(99);
    // What Premium members pay per message (amora: half, rounded up), shown on /premium.
    expect(nl.premium_message_cost).toBe(50);
    const pl = await buyer({ country: 'PL' });
    const plPricing = await pl.api.pricing();
    expect(plPricing.currency).toBe('PLN');
    expect(plPricing.packages[0]!.amount_cents).toBeGreaterThan(nl.packages[0]!.amount_cents);
    const velvet = browser(t.app, 'velvet.localhost:8080');
    expect((await velvet.api.pricing()).packages.map((p) => p.id)).toEqual(['taste', 'evening', 'season']);
  });

  it('offers the methods of the member’s country from the provider', async () => {
    const nl = await buyer({ country: 'NL' });
    expect((await nl.api.paymentMethods({ package: 'starter' })).methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'paypal']);
    const be = await buyer({ country: 'BE' });
    expect((await be.api.paymentMethods({ package: 'starter' })).methods.map((m) => m.id)).toEqual(['bancontact', 'creditcard', 'paypal']);
    const pl = await buyer({ country: 'PL' });
    expect((await pl.api.paymentMethods({ package: 'starter' })).methods.map((m) => m.id)).toEqual(['przelewy24', 'creditcard', 'paypal']);
    const at = await buyer({ country: 'AT' });
    expect((await at.api.paymentMethods({ package: 'starter' })).methods.map((m) => m.id)).toContain('eps');
  });
});

describe('authorization and bad input', () => {
  it('answers 403 to every member call without a session, 400 naming the field to bad input', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    for (const p of [visitor.api.credits(), visitor.api.paymentMethods({ package: 'starter' }), visitor.api.premium(), visitor.api.cancelPremium(),
      visitor.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: 'starter', method: 'ideal', expected_amount_cents: 999, consent: true }),
      visitor.api.repeatOrder({ idempotency_key: newIdempotencyKey(), expected_amount_cents: 999, consent: true })]) {
      expect((await failure(p)).status).toBe(403);
    }
    const b = await buyer();
    const bad = async (body: unknown) => {
      const res = await b.fetch('/api/payments.php', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! }, body: JSON.stringify({ idempotency_key: newIdempotencyKey(), ...(body as object) }) });
      return { status: res.status, json: (await res.json()) as { error: string; field?: string } };
    };
    expect(await bad({ kind: 'credits', package_id: 'starter', method: 'ideal', expected_amount_cents: 999 })).toMatchObject({ status: 400, json: { field: 'consent' } });
    expect(await bad({ kind: 'credits', package_id: 'nope', method: 'ideal', expected_amount_cents: 999, consent: true })).toMatchObject({ status: 400, json: { field: 'package_id' } });
    expect(await bad({ kind: 'credits', package_id: 'starter', method: 'bitcoin', expected_amount_cents: 999, consent: true })).toMatchObject({ status: 400, json: { field: 'method' } });
    expect(await bad({ kind: 'credits', package_id: 'starter', method: 'bancontact', expected_amount_cents: 999, consent: true })).toMatchObject({ status: 400, json: { field: 'method' } });
    expect(await bad({ kind: 'premium', plan_id: '7m', method: 'ideal', expected_amount_cents: 999, consent: true })).toMatchObject({ status: 400, json: { field: 'plan_id' } });
    expect(await bad({ kind: 'credits', package_id: 'starter', method: 'ideal', expected_amount_cents: 999, consent: true, return_to: 'https://evil.example/' })).toMatchObject({ status: 400, json: { field: 'return_to' } });
    expect((await failure(b.api.paymentMethods({ package: 'nope' }))).field).toBe('package');
    expect((await failure(b.api.transaction('txn_doesnotexistdoesnotexist00'))).status).toBe(404);
    const r = await t.app.inject({ method: 'GET', url: '/api/transactions.php?id=1' });
    expect(r.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/pricing.php?country=nl1' })).statusCode).toBe(400);
    expect((await failure(b.api.paymentMethods({}))).status).toBe(400);
    const repeat = await b.fetch('/api/repeat_order.php', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! }, body: JSON.stringify({ expected_amount_cents: 999, idempotency_key: newIdempotencyKey() }) });
    expect(repeat.status).toBe(400);
    expect(((await repeat.json()) as { field: string }).field).toBe('consent');
    const photo = await b.fetch('/api/premium_photo.php', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! }, body: JSON.stringify({ id: 'x', premium_only: true }) });
    expect(photo.status).toBe(400);
  });

  it('ids beyond the database integer answer 400; cancelling Premium without a subscription answers 400 also without a provider', async () => {
    const b = await buyer();
    const photo = await b.fetch('/api/premium_photo.php', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! }, body: JSON.stringify({ id: 2 ** 31, premium_only: true }) });
    expect([photo.status, ((await photo.json()) as { field: string }).field]).toEqual([400, 'id']);
    const production = await t.appWith({ production: true, mollieSandboxRenewalMs: 0 });
    const res = await production.inject({ method: 'DELETE', url: '/api/premium.php', headers: { cookie: b.jar.header()!, 'x-csrf-token': b.jar.get('csrf')!, 'x-original-host': 'localhost:8080' } });
    expect([res.statusCode, res.json().error]).toEqual([400, 'not_premium']);
  });

  it('a tampered amount answers 400 price_changed and nothing is created or charged', async () => {
    const b = await buyer();
    const before = await balance(b.member.id);
    const err = await failure(start(b, 'starter', 'ideal', { expected: 1 }));
    expect(err).toMatchObject({ status: 400, code: 'price_changed', field: 'expected_amount_cents' });
    const { rows } = await t.db.query('SELECT 1 FROM payments WHERE member_id = $1', [b.member.id]);
    expect(rows).toHaveLength(0);
    expect(await balance(b.member.id)).toBe(before);
  });
});

describe('buying credits', () => {
  it('iDEAL paid: checkout, webhook, transaction page, balance rose by the package, receipt sent', async () => {
    const b = await buyer({ credits: 0, language: 'nl' });
    const { transaction_id, pkg, checkoutPath, status } = await start(b, 'popular', 'ideal');
    expect(status).toBe('open');
    expect(transaction_id).toMatch(/^txn_[A-Za-z0-9_-]{24}$/);
    expect((await b.api.transaction(transaction_id)).status).toBe('open');
    const back = await choose(checkoutPath, 'paid');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(new RegExp(`/transactions/${transaction_id}$`));
    const tx = await b.api.transaction(transaction_id);
    expect(tx).toMatchObject({ status: 'paid', final: true, amount_cents: pkg.amount_cents, currency: 'EUR' });
    expect(tx.mine).toMatchObject({ credits: pkg.credits, balance: pkg.credits, return_to: '/chats/1' });
    expect(await balance(b.member.id)).toBe(pkg.credits);
    expect(await ledgerSum(b.member.id)).toBe(pkg.credits);
    const credits = await b.api.credits();
    expect(credits.history[0]).toMatchObject({ kind: 'purchase', amount: pkg.credits, transaction_id });
    const { rows: mail } = await t.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox WHERE member_id = $1 AND kind = 'receipt'`, [b.member.id]);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Je betaalbewijs van Amora');
    expect(mail[0]!.text_body).toContain('Amora Online B.V.');
    expect(mail[0]!.text_body).toContain('NL862145031B01');
    expect(mail[0]!.text_body).toContain('btw (21 %)');
  });

  it('a webhook delivered ten times credits once; an unknown id is ignored', async () => {
    const b = await buyer({ credits: 0 });
    const { transaction_id, pkg, checkoutPath } = await start(b);
    await choose(checkoutPath, 'paid');
    const id = await providerId(transaction_id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(id)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await balance(b.member.id)).toBe(pkg.credits);
    expect((await webhook('tr_unknown123')).statusCode).toBe(200);
    expect((await webhook('')).statusCode).toBe(400);
    expect(await balance(b.member.id)).toBe(pkg.credits);
  });

  it.each(['failed', 'expired', 'canceled'] as const)('%s adds nothing and is final', async (outcome) => {
    const b = await buyer({ credits: 100 });
    const { transaction_id, checkoutPath } = await start(b);
    await choose(checkoutPath, outcome);
    expect(await b.api.transaction(transaction_id)).toMatchObject({ status: outcome, final: true });
    expect(await balance(b.member.id)).toBe(100);
    // The payer cannot choose again.
    await t.app.inject({ method: 'POST', url: checkoutPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });
    expect(await balance(b.member.id)).toBe(100);
  });

  it('shows only status and amount without the payer’s session', async () => {
    const b = await buyer();
    const { transaction_id, checkoutPath } = await start(b);
    await choose(checkoutPath, 'paid');
    const stranger = browser(t.app);
    const seen = await stranger.api.transaction(transaction_id);
    expect(seen.status).toBe('paid');
    expect(seen.mine).toBeNull();
    const other = await buyer();
    expect((await other.api.transaction(transaction_id)).mine).toBeNull();
  });

  it('gives the time bonus within the window after signup', async () => {
    const b = await memberBrowser(t.app, t.db, { credits: 0 });
    const credits = await b.api.credits();
    expect(credits.time_bonus?.percent).toBe(20);
    const { pkg, checkoutPath } = await start(b);
    await choose(checkoutPath, 'paid');
    expect(await balance(b.member.id)).toBe(pkg.credits + Math.round(pkg.credits * 0.2));
  });
});

describe('refunds and chargebacks', () => {
  it('a refund takes the credits back; a chargeback after spending leaves a negative balance that blocks sending', async () => {
    const b = await buyer({ credits: 0 });
    const { transaction_id, pkg, checkoutPath } = await start(b);
    await choose(checkoutPath, 'paid');
    const id = await providerId(transaction_id);
    // Half refunded: half the credits go.
    await sandbox.createRefund(id, Math.round(pkg.amount_cents / 2));
    await webhook(id);
    expect(await balance(b.member.id)).toBe(pkg.credits - Math.round((pkg.credits * Math.round(pkg.amount_cents / 2)) / pkg.amount_cents));
    await webhook(id);
    expect(await balance(b.member.id)).toBe(pkg.credits - Math.round((pkg.credits * Math.round(pkg.amount_cents / 2)) / pkg.amount_cents));

    const c = await buyer({ credits: 0 });
    const other = await addMember(t.db, {});
    const { id: conversation } = await openConversation(t.db, c.member.id, other.id);
    const bought = await start(c);
    await choose(bought.checkoutPath, 'paid');
    await c.api.sendMessage(conversation, 'Hallo');
    await sandbox.chargeback(await providerId(bought.transaction_id));
    expect(await balance(c.member.id)).toBe(-99);
    expect(await ledgerSum(c.member.id)).toBe(-99);
    expect((await failure(c.api.sendMessage(conversation, 'Nog eens'))).code).toBe('insufficient_credits');
  });
});

describe('records after the account is deleted', () => {
  it('a payment record outlives the account without its member; its page shows nothing personal; a refund afterwards is recorded', async () => {
    const b = await buyer({ credits: 0 });
    const { transaction_id, pkg, checkoutPath } = await start(b);
    await choose(checkoutPath, 'paid');
    const id = await providerId(transaction_id);
    expect(await b.api.deleteAccount(PASSWORD)).toBe('done');

    // What the tax records need stays: amount, currency, VAT, country, when; not who, nor where to return.
    const { rows } = await t.db.query<{ member_id: number | null; amount_cents: number; currency: string; country: string; status: string; return_to: string | null; paid_at: Date | null }>(
      'SELECT member_id, amount_cents, currency, country, status, return_to, paid_at FROM payments WHERE id = $1',
      [transaction_id],
    );
    expect(rows[0]).toMatchObject({ member_id: null, amount_cents: pkg.amount_cents, status: 'paid', return_to: null });
    expect(rows[0]!.paid_at).not.toBeNull();
    // The public transaction page: status and amount only, to anyone.
    const visitor = browser(t.app);
    expect((await visitor.api.transaction(transaction_id)).mine).toBeNull();

    // The provider refunds it later: the record follows; nobody is credited or debited.
    await sandbox.createRefund(id, pkg.amount_cents);
    expect((await webhook(id)).statusCode).toBe(200);
    const { rows: after } = await t.db.query<{ refunded_cents: number; status: string }>('SELECT refunded_cents, status FROM payments WHERE id = $1', [transaction_id]);
    expect(after[0]).toEqual({ refunded_cents: pkg.amount_cents, status: 'paid' });
  });
});

describe('concurrency', () => {
  it('parallel spends racing a purchase: the balance is the ledger’s sum and never below zero', async () => {
    const b = await buyer({ credits: 300 });
    const other = await addMember(t.db, {});
    const { id: conversation } = await openConversation(t.db, b.member.id, other.id);
    const { pkg, checkoutPath } = await start(b);
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, (_, i) => b.api.sendMessage(conversation, `Bericht ${i}`)),
      choose(checkoutPath, 'paid'),
      ...Array.from({ length: 8 }, (_, i) => b.api.sendMessage(conversation, `Later ${i}`)),
    ]);
    const sent = results.slice(0, 8).concat(results.slice(9)).filter((r) => r.status === 'fulfilled').length;
    const final = await balance(b.member.id);
    expect(final).toBe(300 + pkg.credits - sent * 99);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(b.member.id)).toBe(final);
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM messages WHERE sender_id = $1', [b.member.id]);
    expect(Number(rows[0]!.n)).toBe(sent);
  });

  it('the ledger is append-only', async () => {
    await expect(t.db.query('UPDATE credit_ledger SET amount = 1000000')).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM credit_ledger')).rejects.toThrow(/append-only/);
  });
});

describe('repeat order', () => {
  it('the first payment leaves a mandate; the repeat is a recurring payment charged without checkout', async () => {
    const b = await buyer({ credits: 0 });
    expect((await b.api.credits()).repeat).toBeNull();
    expect((await failure(b.api.repeatOrder({ idempotency_key: newIdempotencyKey(), expected_amount_cents: 999, consent: true }))).code).toBe('no_repeat_order');
    const { pkg, checkoutPath } = await start(b, 'popular', 'ideal');
    await choose(checkoutPath, 'paid');
    const offer = (await b.api.credits()).repeat!;
    expect(offer.package.id).toBe('popular');
    expect(offer.method).toBe('directdebit');
    expect((await failure(b.api.repeatOrder({ idempotency_key: newIdempotencyKey(), expected_amount_cents: 1, consent: true }))).code).toBe('price_changed');
    const res = await b.api.repeatOrder({ idempotency_key: newIdempotencyKey(), expected_amount_cents: pkg.amount_cents, consent: true, return_to: '/credits' });
    expect(res).toMatchObject({ status: 'paid', checkout_url: null });
    expect(await balance(b.member.id)).toBe(2 * pkg.credits);
    const { rows } = await t.db.query<{ sequence_type: string }>('SELECT sequence_type FROM payments WHERE id = $1', [res.transaction_id]);
    expect(rows[0]!.sequence_type).toBe('recurring');
    // The sandbox's own webhook for the recurring payment arrives later: still credited once.
    await new Promise((r) => setTimeout(r, 50));
    expect(await balance(b.member.id)).toBe(2 * pkg.credits);
  });

  it('a Przelewy24 payment leaves no mandate, so there is nothing to repeat', async () => {
    const b = await buyer({ country: 'PL', credits: 0 });
    const { checkoutPath } = await start(b, 'starter', 'przelewy24');
    await choose(checkoutPath, 'paid');
    expect((await b.api.credits()).repeat).toBeNull();
  });
});

describe('premium', () => {
  async function subscribe(b: B, plan: '1m' | '3m' | '12m' = '1m') {
    const pricing = await b.api.credits();
    const p = pricing.plans.find((x) => x.id === plan)!;
    const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: plan, method: 'creditcard', expected_amount_cents: p.amount_cents, consent: true });
    await choose(new URL(res.checkout_url!).pathname, 'paid');
    return res.transaction_id;
  }
  const subscription = async (memberId: number) =>
    (await t.db.query<{ provider_id: string; current_period_end: Date; status: string }>(
      'SELECT provider_id, current_period_end, status FROM subscriptions WHERE member_id = $1 ORDER BY id DESC LIMIT 1', [memberId])).rows[0]!;
  const customer = async (memberId: number) =>
    (await t.db.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE member_id = $1', [memberId])).rows[0]!.customer_id;

  it('subscribing: customer, first payment, subscription; paid_user follows; renewal, failed renewal, cancel', async () => {
    const b = await buyer();
    expect((await b.api.premium()).status).toBe('none');
    await subscribe(b);
    let state = await b.api.premium();
    expect(state).toMatchObject({ paid_user: true, status: 'active', plan_id: '1m', cancel_at_period_end: false });
    expect((await b.api.getUser()).user!.paid_user).toBe(true);
    const sub = await subscription(b.member.id);
    expect(sub.provider_id).toMatch(/^sub_/);
    expect((await sandbox.getSubscription(sub.provider_id))!.interval).toBe('1 months');
    // What the bank statement says: the site and the period, never a plan or subscription id.
    expect((await sandbox.getSubscription(sub.provider_id))!.description).toBe('Amora: Premium, 1 month');
    expect((await failure(subscribe(b))).code).toBe('already_premium');

    // A renewal paid: the period grows by a month.
    await sandbox.chargeSubscription(await customer(b.member.id), sub.provider_id, 'paid');
    const renewed = await subscription(b.member.id);
    expect(new Date(renewed.current_period_end).getTime()).toBeGreaterThan(new Date(sub.current_period_end).getTime() + 27 * 86_400_000);
    // A renewal failed: past due, no longer premium.
    await sandbox.chargeSubscription(await customer(b.member.id), sub.provider_id, 'failed');
    state = await b.api.premium();
    expect(state).toMatchObject({ status: 'past_due', paid_user: false });
    // Cancel a past-due subscription: it ends.
    expect((await b.api.cancelPremium()).status).toBe('ended');
  });

  it('cancel: stops renewing at the provider, premium lasts until the period ends', async () => {
    const b = await buyer();
    await subscribe(b, '3m');
    const state = await b.api.cancelPremium();
    expect(state).toMatchObject({ status: 'canceled', cancel_at_period_end: true, paid_user: true, plan_id: '3m' });
    expect(new Date(state.current_period_end!).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect((await sandbox.getSubscription((await subscription(b.member.id)).provider_id))!.status).toBe('canceled');
    expect((await failure(b.api.cancelPremium())).code).toBe('not_premium');
    // The period ends: premium goes.
    await t.db.query(`UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE member_id = $1`, [b.member.id]);
    expect(await b.api.premium()).toMatchObject({ paid_user: false, status: 'ended' });
  });

  it('deleting the account ends the Premium subscription at the provider: a member who left is never charged again', async () => {
    const b = await buyer();
    await subscribe(b, '1m');
    const { provider_id } = await subscription(b.member.id);
    expect((await sandbox.getSubscription(provider_id))!.status).toBe('active');
    const customerId = await customer(b.member.id);
    expect(await b.api.deleteAccount(PASSWORD)).toBe('done');
    // The customer (name, email, member id) is deleted at the provider, and with it its
    // subscriptions and mandates: nothing is left there to renew or to read.
    const { rows } = await t.db.query('SELECT data FROM mollie_sandbox_customers WHERE id = $1', [customerId]);
    expect(rows).toEqual([]);
    expect(await sandbox.getSubscription(provider_id)).toBeNull();
    expect((await t.db.query('SELECT 1 FROM payment_customers WHERE customer_id = $1', [customerId])).rows).toEqual([]);
  });

  it('deleting the account of a member who only bought credits deletes their customer at the provider too', async () => {
    const b = await buyer({ credits: 0 });
    const { checkoutPath } = await start(b, 'starter', 'ideal');
    await choose(checkoutPath, 'paid');
    const customerId = await customer(b.member.id);
    expect(await b.api.deleteAccount(PASSWORD)).toBe('done');
    expect((await t.db.query('SELECT 1 FROM mollie_sandbox_customers WHERE id = $1', [customerId])).rows).toEqual([]);
  });

  it('parallel Premium checkouts open one subscription; the others answer 409 premium_pending', async () => {
    const b = await buyer();
    const p = (await b.api.credits()).plans.find((x) => x.id === '1m')!;
    const one = () => b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: '1m', method: 'creditcard', expected_amount_cents: p.amount_cents, consent: true });
    const results = await Promise.allSettled([one(), one(), one(), one()]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'premium_pending' });
    // A second tab later: still 409 while the first checkout is open.
    expect(await failure(one())).toMatchObject({ status: 409, code: 'premium_pending' });
    const { rows } = await t.db.query(`SELECT 1 FROM subscriptions WHERE member_id = $1`, [b.member.id]);
    expect(rows).toHaveLength(1);
    // Paid: Premium, and a checkout now answers 409 already_premium.
    await choose(new URL((ok[0] as PromiseFulfilledResult<{ checkout_url: string | null }>).value.checkout_url!).pathname, 'paid');
    expect(await failure(one())).toMatchObject({ status: 409, code: 'already_premium' });
  });

  it('an abandoned Premium checkout expires at the provider and no longer blocks a new one', async () => {
    const b = await buyer();
    const p = (await b.api.credits()).plans.find((x) => x.id === '1m')!;
    const one = () => b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: '1m', method: 'creditcard', expected_amount_cents: p.amount_cents, consent: true });
    await one();
    const clock = sandbox.clock;
    sandbox.clock = () => new Date(Date.now() + 16 * 60_000);
    try {
      expect((await one()).checkout_url).toMatch(/checkout/);
    } finally {
      sandbox.clock = clock;
    }
  });

  it('cancel cancels every subscription of the member at the provider, also duplicates from before the rule', async () => {
    const b = await buyer();
    await subscribe(b, '1m');
    // A duplicate as older versions could create (migration 0080 turned those into 'canceled'
    // rows that still renew at the provider).
    const first = await subscription(b.member.id);
    const { rows: created } = await t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (member_id, site_id, plan_id, status, current_period_end, cancel_at_period_end)
       SELECT member_id, site_id, plan_id, 'canceled', current_period_end, true FROM subscriptions WHERE provider_id = $1 RETURNING id`,
      [first.provider_id],
    );
    const customerId = await customer(b.member.id);
    // A second subscription at the provider, through the sandbox's REST API as the client calls it.
    const other = await fetch(`${sandbox.endpoint}customers/${customerId}/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: { value: '19.99', currency: 'EUR' }, interval: '1 months', description: 'Amora: Premium, 1 month' }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    await t.db.query('UPDATE subscriptions SET provider_id = $2 WHERE id = $1', [created[0]!.id, other.id]);

    expect((await b.api.cancelPremium()).status).toBe('canceled');
    expect((await sandbox.getSubscription(first.provider_id))!.status).toBe('canceled');
    expect((await sandbox.getSubscription(other.id))!.status).toBe('canceled');
  });

  it('a failed first payment gives no premium', async () => {
    const b = await buyer();
    const p = (await b.api.credits()).plans[0]!;
    const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: p.id, method: 'creditcard', expected_amount_cents: p.amount_cents, consent: true });
    await choose(new URL(res.checkout_url!).pathname, 'failed');
    expect(await b.api.premium()).toMatchObject({ paid_user: false });
  });
});

describe('discount codes', () => {
  it('the welcome code lowers the price once; extra-credit codes add credits', async () => {
    const b = await memberBrowser(t.app, t.db, { credits: 0 });
    const welcome = (await b.api.discountCode({ welcome: 'true' })).discount!;
    expect(welcome).toMatchObject({ code: 'WELCOME25', percentage: 25, extra_credits: null });
    const pkg = (await b.api.credits()).packages.find((p) => p.id === 'starter')!;
    const discounted = Math.round(pkg.amount_cents * 0.75);
    expect((await failure(start(b, 'starter', 'ideal', { discount_code: 'WELCOME25' }))).code).toBe('price_changed');
    const { checkoutPath, transaction_id } = await start(b, 'starter', 'ideal', { discount_code: 'welcome25', expected: discounted });
    expect((await b.api.transaction(transaction_id)).amount_cents).toBe(discounted);
    await choose(checkoutPath, 'paid');
    expect((await b.api.discountCode({ welcome: 'true' })).discount).toBeNull();
    expect((await failure(start(b, 'starter', 'ideal', { discount_code: 'WELCOME25', expected: discounted }))).code).toBe('discount_used');
    expect((await failure(start(b, 'starter', 'ideal', { discount_code: 'OLDNEWS10' }))).field).toBe('discount_code');

    const c = await buyer({ credits: 0 });
    const bonus = await start(c, 'starter', 'ideal', { discount_code: 'BONUS500' });
    await choose(bonus.checkoutPath, 'paid');
    expect(await balance(c.member.id)).toBe(bonus.pkg.credits + 500);
  });
});

describe('single-use discount codes are reserved at checkout', () => {
  it('a second open checkout with the same code answers 409; a failed, canceled or expired first frees it; paid uses it', async () => {
    const b = await buyer({ credits: 0 });
    const first = await start(b, 'starter', 'ideal', { discount_code: 'BONUS500' });
    expect(await failure(start(b, 'starter', 'ideal', { discount_code: 'BONUS500' }))).toMatchObject({ status: 409, code: 'discount_reserved', field: 'discount_code' });
    // Without the code the member can still buy.
    await start(b, 'starter', 'ideal');
    await choose(first.checkoutPath, 'failed');
    const second = await start(b, 'starter', 'ideal', { discount_code: 'BONUS500' });
    await choose(second.checkoutPath, 'canceled');
    const third = await start(b, 'starter', 'ideal', { discount_code: 'BONUS500' });
    // Abandoned: the provider expires it after a while, and the code is free again.
    const clock = sandbox.clock;
    sandbox.clock = () => new Date(Date.now() + 16 * 60_000);
    let fourth;
    try {
      fourth = await start(b, 'starter', 'ideal', { discount_code: 'BONUS500' });
    } finally {
      sandbox.clock = clock;
    }
    expect((await b.api.transaction(third.transaction_id)).status).toBe('expired');
    await choose(fourth.checkoutPath, 'paid');
    expect(await balance(b.member.id)).toBe(fourth.pkg.credits + 500);
    expect((await failure(start(b, 'starter', 'ideal', { discount_code: 'BONUS500' }))).code).toBe('discount_used');
  });

  it('eight parallel checkouts with one code, then all paid: the bonus is given once', async () => {
    const b = await buyer({ credits: 0 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => start(b, 'starter', 'ideal', { discount_code: 'BONUS500' })));
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'discount_reserved' });
    await choose(ok[0]!.checkoutPath, 'paid');
    expect(await balance(b.member.id)).toBe(ok[0]!.pkg.credits + 500);
  });
});

describe('idempotency keys', () => {
  it('a repeat of a checkout with the same key answers the first answer; parallel repeats create one payment', async () => {
    const b = await buyer({ credits: 0 });
    const pkg = (await b.api.credits()).packages.find((p) => p.id === 'starter')!;
    const key = newIdempotencyKey();
    const body = { idempotency_key: key, kind: 'credits' as const, package_id: 'starter', method: 'ideal' as const, expected_amount_cents: pkg.amount_cents, consent: true as const };
    const answers = await Promise.all(Array.from({ length: 6 }, () => b.api.createPayment(body)));
    expect(new Set(answers.map((a) => a.transaction_id)).size).toBe(1);
    expect(await b.api.createPayment(body)).toEqual(answers[0]);
    const { rows } = await t.db.query('SELECT 1 FROM payments WHERE member_id = $1', [b.member.id]);
    expect(rows).toHaveLength(1);
    // The same key for another package: refused, naming the field.
    expect(await failure(b.api.createPayment({ ...body, package_id: 'popular' }))).toMatchObject({ status: 422, field: 'idempotency_key' });
    // Without a key: 400 naming it.
    const res = await b.fetch('/api/payments.php', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! }, body: JSON.stringify({ ...body, idempotency_key: undefined }) });
    expect([res.status, ((await res.json()) as { field: string }).field]).toEqual([400, 'idempotency_key']);
  });

  it('one repeat order and five parallel repeats with its key charge once', async () => {
    const b = await buyer({ credits: 0 });
    const { pkg, checkoutPath } = await start(b, 'popular', 'ideal');
    await choose(checkoutPath, 'paid');
    const req = { idempotency_key: newIdempotencyKey(), expected_amount_cents: pkg.amount_cents, consent: true as const };
    const answers = await Promise.all(Array.from({ length: 6 }, () => b.api.repeatOrder(req)));
    expect(new Set(answers.map((a) => a.transaction_id)).size).toBe(1);
    expect(await balance(b.member.id)).toBe(2 * pkg.credits);
    const { rows } = await t.db.query(`SELECT 1 FROM payments WHERE member_id = $1 AND sequence_type = 'recurring'`, [b.member.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('billing country', () => {
  it('prices follow the billing country, not the profile country a member can edit', async () => {
    const b = await buyer({ country: 'NL', credits: 0 });
    const nl = await b.api.credits();
    await b.api.updateUser({ country: 'PL', countryregion: '', city: '' });
    expect((await b.api.getUser()).user!.profile.country).toBe('PL');
    const after = await b.api.credits();
    expect([after.country, after.currency, after.packages[0]!.amount_cents, after.message_cost]).toEqual([nl.country, 'EUR', nl.packages[0]!.amount_cents, nl.message_cost]);
    expect((await b.api.pricing()).currency).toBe('EUR');
    expect((await b.api.paymentMethods({ package: 'starter' })).methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'paypal']);
    // The PLN price is refused; the payment is in euros for NL.
    const plPrice = (await browser(t.app).api.call((await import('@dating/shared')).PricingResponseSchema, 'GET', 'pricing.php', { query: { country: 'PL' } })).packages[0]!.amount_cents;
    expect((await failure(start(b, 'starter', 'ideal', { expected: plPrice }))).code).toBe('price_changed');
    const { transaction_id } = await start(b, 'starter', 'ideal');
    expect((await b.api.transaction(transaction_id)).currency).toBe('EUR');
  });
});

describe('premium photos', () => {
  it('a photo shared with Premium members only reaches others without its file name unless they are Premium', async () => {
    const owner = await buyer();
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main) VALUES ($1, 'a.jpg', 'a_t.jpg', true), ($1, 'b.jpg', 'b_t.jpg', false) RETURNING id`,
      [owner.member.id],
    );
    const [main, second] = rows.map((r) => r.id) as [number, number];
    const flagged = await owner.api.setPhotoPremiumOnly(second, true);
    // Made premium-only, it has a new name (api/test/images.test.ts: who may fetch the file).
    expect(flagged).toEqual({ id: second, premium_only: true, thumb_filename: expect.stringMatching(/^[0-9a-f]{32}_t\.jpg$/) });
    const b = flagged.thumb_filename;
    expect((await failure(owner.api.setPhotoPremiumOnly(main, true))).code).toBe('main_photo');
    const free = await buyer();
    expect((await failure(free.api.setPhotoPremiumOnly(second, false))).status).toBe(404);
    const visitor = browser(t.app);
    expect((await failure(visitor.api.setPhotoPremiumOnly(second, false))).status).toBe(403);

    const seenByFree = (await free.api.profile(owner.member.id)).profile.images;
    expect(seenByFree).toEqual([{ id: main, thumb_filename: 'a_t.jpg' }, { id: second, thumb_filename: '', premium_only: true }]);
    expect((await visitor.api.profile(owner.member.id)).profile.images[1]).toEqual({ id: second, thumb_filename: '', premium_only: true });
    expect((await owner.api.getUser()).user!.profile.images[1]).toEqual({ id: second, thumb_filename: b, premium_only: true });

    const paid = await buyer();
    await t.db.query('UPDATE members SET paid_user = true WHERE id = $1', [paid.member.id]);
    expect((await paid.api.profile(owner.member.id)).profile.images[1]).toEqual({ id: second, thumb_filename: b, premium_only: true });

    await owner.api.setPhotoPremiumOnly(second, false);
    expect((await free.api.profile(owner.member.id)).profile.images[1]).toEqual({ id: second, thumb_filename: b });
  });
});
