/**
 * The operators' desks through the real browser client and operator sessions: the reports and
 * complaints queue (context, the audited conversation, every action and its mails), the member
 * desk (search, the page, actions, refunds through the Mollie sandbox, export, erasure) and the
 * payments desk; each call per role and per site; bad input is a 400 naming the field.
 */
import { ErrorResponseSchema, newIdempotencyKey, type OperatorRole } from '@dating/shared';
import type { FastifyInstance } from 'fastify';
import { inviteOperator } from '../src/operator/accounts';
import { browser, failure, operatorBrowser, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser, PASSWORD } from './social-helpers';

jest.setTimeout(60_000);

let t: TestApi;
let admin: Awaited<ReturnType<typeof operatorBrowser>>;
let amora: number;
let velvet: number;
beforeAll(async () => {
  t = await startTestApi();
  admin = await operatorBrowser(t.app);
  const { rows } = await t.db.query<{ id: number; template_name: string }>('SELECT id, template_name FROM sites');
  amora = rows.find((r) => r.template_name === 'amora')!.id;
  velvet = rows.find((r) => r.template_name === 'velvet')!.id;
}, 180_000);
afterAll(() => t.close());

let serial = 0;
/** An operator of a role on some sites, logged in (their current site: the first of them). */
async function operatorOf(role: OperatorRole, sites: 'all' | number[] = 'all') {
  const { token } = await inviteOperator(t.db, { email: `${role}.${++serial}.${Date.now()}@ops.example`, name: `${role} ${serial}`, role, sites });
  const b = browser(t.app);
  await b.visit();
  await b.api.operatorEnrol({ token, password: `${role}-pass-12345` });
  return b;
}

const longAgo = () => new Date(Date.now() - 60 * 86_400_000);
const mails = async (to: string, kind: string) =>
  (await t.db.query<{ subject: string; text_body: string; language: string }>('SELECT subject, text_body, language FROM outbox WHERE to_email = $1 AND kind = $2 ORDER BY id', [to, kind])).rows;
const auditOf = async (action: string, targetId: string | number) =>
  (await t.db.query<{ reason: string | null; operator_id: number | null; site_id: number | null }>('SELECT reason, operator_id, site_id FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id', [action, String(targetId)])).rows;
const statusOf = async (id: number) => (await t.db.query<{ status: string }>('SELECT status FROM members WHERE id = $1', [id])).rows[0]!.status;
const balance = async (id: number) => (await t.db.query<{ credits: number }>('SELECT credits FROM members WHERE id = $1', [id])).rows[0]!.credits;

/** A member reports another in chat about a message; answers both and the report's id. */
async function chatReport(reporterLanguage = 'nl', reportedLanguage = 'de') {
  const reporter = await memberBrowser(t.app, t.db, { language: reporterLanguage, credits: 1000, signupDate: longAgo() });
  const reported = await memberBrowser(t.app, t.db, { language: reportedLanguage, credits: 1000, gender: 'male' });
  await reporter.api.sendMessage({ profile: reported.member.id }, 'Hallo daar');
  const sent = await reported.api.sendMessage({ profile: reporter.member.id }, 'Send me money now');
  await reporter.api.report({ profile: reported.member.id, message: sent.message.id, category: 'scam', text: 'Asks for money' });
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM complaints WHERE reported_member_id = $1 ORDER BY id DESC LIMIT 1', [reported.member.id]);
  return { reporter, reported, id: Number(rows[0]!.id), messageId: sent.message.id };
}

/** A paid credits purchase of a member through the sandbox's checkout; answers the transaction id and the package. */
async function purchase(b: Awaited<ReturnType<typeof memberBrowser>>) {
  const pricing = await b.api.credits();
  const pkg = pricing.packages.find((p) => p.id === 'starter')!;
  const res = await b.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: pkg.id, method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
  await t.app.inject({ method: 'POST', url: new URL(res.checkout_url!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });
  return { txn: res.transaction_id, pkg };
}

describe('the reports and complaints queue', () => {
  it('shows a chat report with the reported member, their photos, earlier reports; the conversation only with a reason, audited', async () => {
    const r = await chatReport();
    const { reports } = await admin.api.deskReports({ state: 'open' });
    const item = reports.find((x) => x.id === r.id)!;
    expect(item).toMatchObject({ source: 'chat', category: 'message', concerns_conversation: true, outcome: null, status: 'open' });
    expect(item.reported).toMatchObject({ id: r.reported.member.id, status: 'active', reports: 1 });
    expect(item.reporter.id).toBe(r.reporter.member.id);

    const detail = await admin.api.deskReport(r.id);
    expect(detail.profile).toMatchObject({ id: r.reported.member.id, name: r.reported.member.name });
    expect(detail.earlier).toEqual([]);
    // No conversation in the context (only the reported message, copied into the report); it takes a reason.
    expect(JSON.stringify(detail)).not.toContain('Hallo daar');
    const noReason = await failure(admin.api.deskReportMessages(r.id, ''));
    expect(noReason.status).toBe(400);
    expect(noReason.field).toBe('reason');
    const { messages } = await admin.api.deskReportMessages(r.id, 'Checking the scam report');
    expect(messages.map((m) => m.body)).toEqual(['Hallo daar', 'Send me money now']);
    expect(messages.find((m) => m.reported)?.id).toBe(r.messageId);
    expect(messages.find((m) => m.reported)?.from_reported).toBe(true);
    expect(await auditOf('report.read_messages', r.id)).toEqual([expect.objectContaining({ reason: 'Checking the scam report', operator_id: admin.operator.id, site_id: amora })]);
  });

  it('a report leads to a suspension: the member is out at once and cannot log in; both are told in their own language', async () => {
    const r = await chatReport('nl', 'de');
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { report } = await admin.api.deskHandleReport({ id: r.id, action: 'suspend', reason: 'Scam attempt', until });
    expect(report).toMatchObject({ status: 'closed', outcome: 'suspended' });
    expect(await statusOf(r.reported.member.id)).toBe('suspended');
    expect((await r.reported.api.getUser()).user).toBeNull();
    const again = browser(t.app);
    await again.visit();
    expect((await failure(again.api.login({ email: r.reported.member.email, password: PASSWORD }))).code).toBe('account_suspended');

    const told = await mails(r.reporter.member.email, 'report_handled');
    expect(told).toHaveLength(1);
    expect(told[0]!.language).toBe('nl');
    expect(told[0]!.subject).toContain('Je melding is afgehandeld');
    // The reporter is not told what was done.
    expect(told[0]!.text_body).not.toMatch(/geschorst|suspend/i);
    const suspended = await mails(r.reported.member.email, 'member_suspended');
    expect(suspended[0]!.language).toBe('de');
    expect(suspended[0]!.subject).toMatch(/^Dein .+-Konto ist gesperrt$/);
    expect(await auditOf('report.suspend', r.id)).toEqual([expect.objectContaining({ reason: 'Scam attempt', operator_id: admin.operator.id })]);

    // Restored from the queue: the member logs in again.
    const second = await chatReport();
    await t.db.query('UPDATE complaints SET reported_member_id = $2 WHERE id = $1', [second.id, r.reported.member.id]);
    await admin.api.deskHandleReport({ id: second.id, action: 'restore', reason: 'Appeal accepted' });
    expect(await statusOf(r.reported.member.id)).toBe('active');
    await expect(again.api.login({ email: r.reported.member.email, password: PASSWORD })).resolves.toBeTruthy();
  });

  it('warn mails the member the rule in their language; remove a photo and a text; ban; dismiss', async () => {
    const w = await chatReport('en', 'fr');
    await admin.api.deskHandleReport({ id: w.id, action: 'warn', reason: 'First time', rule: 'scam' });
    const warning = await mails(w.reported.member.email, 'member_warning');
    expect(warning[0]!.language).toBe('fr');
    expect(warning[0]!.text_body).toContain('arnaque ou demande d’argent');

    const p = await chatReport();
    await t.db.query(`UPDATE members SET personal = 'Buy my stuff at spam.example' WHERE id = $1`, [p.reported.member.id]);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main) VALUES ($1, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_t.jpg', true),
              ($1, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb_t.jpg', false) RETURNING id`,
      [p.reported.member.id],
    );
    const detail = await admin.api.deskReport(p.id);
    expect(detail.profile!.photos.map((x) => x.id)).toEqual(rows.map((x) => x.id));
    // A photo of someone else is refused, naming the field.
    const other = await addMember(t.db);
    const { rows: foreign } = await t.db.query<{ id: number }>(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main) VALUES ($1, 'cccccccccccccccccccccccccccccccc.jpg', 'cccccccccccccccccccccccccccccccc_t.jpg', true) RETURNING id`,
      [other.id],
    );
    expect((await failure(admin.api.deskHandleReport({ id: p.id, action: 'remove_photo', reason: 'nude', photo: foreign[0]!.id }))).field).toBe('photo');
    await admin.api.deskHandleReport({ id: p.id, action: 'remove_photo', reason: 'Not a photo of a person', photo: rows[0]!.id });
    const { rows: left } = await t.db.query<{ id: number; is_main: boolean }>('SELECT id, is_main FROM images WHERE member_id = $1', [p.reported.member.id]);
    expect(left).toEqual([{ id: rows[1]!.id, is_main: true }]);
    const p2 = await chatReport();
    await t.db.query('UPDATE complaints SET reported_member_id = $2 WHERE id = $1', [p2.id, p.reported.member.id]);
    await admin.api.deskHandleReport({ id: p2.id, action: 'remove_text', reason: 'Advertising', field: 'personal' });
    expect((await t.db.query<{ personal: string }>('SELECT personal FROM members WHERE id = $1', [p.reported.member.id])).rows[0]!.personal).toBe('');

    const b = await chatReport();
    await admin.api.deskHandleReport({ id: b.id, action: 'ban', reason: 'Repeat scammer' });
    expect(await statusOf(b.reported.member.id)).toBe('banned');
    expect((await failure(b.reported.api.login({ email: b.reported.member.email, password: PASSWORD }))).code).toBe('account_banned');

    const d = await chatReport();
    const { report } = await admin.api.deskHandleReport({ id: d.id, action: 'dismiss', reason: 'Nothing wrong' });
    expect(report.outcome).toBe('dismissed');
    expect(await statusOf(d.reported.member.id)).toBe('active');
    expect((await admin.api.deskReports({ state: 'open' })).reports.some((x) => x.id === d.id)).toBe(false);
    expect((await admin.api.deskReports({ state: 'handled' })).reports.some((x) => x.id === d.id)).toBe(true);
  });

  it('a complaint from the form is answered by mail under its reference', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    const { reference } = await visitor.api.complain({ category: 'payment', description: 'I was charged twice for one package of credits', email: 'visitor@complaints.example', language: 'it' });
    const id = Number(reference.slice(2));
    expect((await failure(admin.api.deskHandleReport({ id, action: 'answer', reason: 'Refunded' }))).field).toBe('answer');
    await admin.api.deskHandleReport({ id, action: 'answer', reason: 'Refunded', answer: 'Abbiamo rimborsato il secondo addebito.' });
    const answer = await mails('visitor@complaints.example', 'complaint_answer');
    expect(answer[0]!.subject).toBe(`La nostra risposta al tuo reclamo ${reference}`);
    expect(answer[0]!.text_body).toContain('Abbiamo rimborsato il secondo addebito.');
  });

  it('the automatic measure is visible in the queue and reversible', async () => {
    const reported = await addMember(t.db, { signupDate: longAgo() });
    for (let i = 0; i < 3; i++) {
      const r = await memberBrowser(t.app, t.db, { signupDate: longAgo() });
      await r.api.report({ profile: reported.id, category: 'spam' });
    }
    const { reports } = await admin.api.deskReports({ state: 'open', restricted: '1' });
    const mine = reports.filter((x) => x.reported?.id === reported.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]!.reported).toMatchObject({ status: 'restricted', distinct_reporters: 3 });
    const detail = await admin.api.deskReport(mine[0]!.id);
    expect(detail.history[0]).toMatchObject({ action: 'restrict', operator_id: null });
    await admin.api.deskHandleReport({ id: mine[0]!.id, action: 'restore', reason: 'Reviewed: fine' });
    expect(await statusOf(reported.id)).toBe('active');
  });
});

describe('the member desk', () => {
  it('finds members by address, part of a name, id and transaction id', async () => {
    const name = `Zebediah${Date.now() % 100000}`;
    const m = await memberBrowser(t.app, t.db, { name, signupDate: longAgo() });
    const { txn } = await purchase(m);
    expect((await admin.api.deskMembers(m.member.email.toUpperCase())).members.map((x) => [x.id, x.matched])).toEqual([[m.member.id, 'email']]);
    expect((await admin.api.deskMembers(name.slice(2, 9).toLowerCase())).members.map((x) => x.id)).toContain(m.member.id);
    expect((await admin.api.deskMembers(String(m.member.id))).members.map((x) => x.id)).toEqual([m.member.id]);
    expect((await admin.api.deskMembers(txn)).members.map((x) => [x.id, x.matched])).toEqual([[m.member.id, 'payment']]);
    expect((await failure(admin.api.deskMembers(''))).field).toBe('q');
  });

  it("the page: support sees payments without their details, finance with them; staff notes; corrections in the ledger", async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn, pkg } = await purchase(m);
    const support = await operatorOf('support');
    const finance = await operatorOf('finance');
    const forSupport = await support.api.deskMember(m.member.id);
    expect(forSupport.payment_details).toBe(false);
    expect(forSupport.payments[0]).toMatchObject({ id: txn, amount_cents: pkg.amount_cents, method: null, provider_id: null, country: null });
    const forFinance = await finance.api.deskMember(m.member.id);
    expect(forFinance.payments[0]).toMatchObject({ id: txn, method: 'ideal', country: 'NL' });
    expect(forFinance.payments[0]!.provider_id).toMatch(/^tr_/);

    await support.api.deskMemberAction({ id: m.member.id, action: 'note', reason: 'Called in', note: 'Asked about credits' });
    const { page } = await finance.api.deskMemberAction({ id: m.member.id, action: 'correction', reason: 'Goodwill', credits: 150 });
    expect(page.member.credits).toBe(pkg.credits + 150);
    expect(page.ledger[0]).toMatchObject({ kind: 'correction', amount: 150 });
    expect(page.notes[0]).toMatchObject({ body: 'Asked about credits' });
    expect(await auditOf('member.correction', m.member.id)).toEqual([expect.objectContaining({ reason: 'Goodwill' })]);
    const moderator = await operatorOf('moderator');
    expect((await failure(moderator.api.deskMemberAction({ id: m.member.id, action: 'correction', reason: 'x', credits: 5 }))).code).toBe('role_forbidden');
    expect((await failure(finance.api.deskMemberAction({ id: m.member.id, action: 'correction', reason: 'x' }))).field).toBe('credits');
  });

  it('support refunds part of a purchase through the sandbox: the balance drops; a moderator cannot; nor an operator of another site', async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn, pkg } = await purchase(m);
    const moderator = await operatorOf('moderator');
    expect((await failure(moderator.api.deskRefund({ transaction_id: txn, reason: 'x' }))).code).toBe('role_forbidden');
    const velvetSupport = await operatorOf('support', [velvet]);
    expect((await failure(velvetSupport.api.deskRefund({ transaction_id: txn, reason: 'x' }))).code).toBe('site_forbidden');

    const support = await operatorOf('support');
    const half = Math.round(pkg.amount_cents / 2);
    const res = await support.api.deskRefund({ transaction_id: txn, amount_cents: half, reason: 'Double charge' });
    expect(res.refund.amount_cents).toBe(half);
    const expected = pkg.credits - Math.round((pkg.credits * half) / pkg.amount_cents);
    expect(res.balance).toBe(expected);
    expect(await balance(m.member.id)).toBe(expected);
    expect((await failure(support.api.deskRefund({ transaction_id: txn, amount_cents: pkg.amount_cents, reason: 'again' }))).field).toBe('amount_cents');
    const page = await support.api.deskMember(m.member.id);
    expect(page.payments[0]!.refunds).toEqual([expect.objectContaining({ amount_cents: half, reason: 'Double charge' })]);
    expect(page.history[0]).toMatchObject({ action: 'refund' });
    expect(await auditOf('payment.refund', txn)).toHaveLength(1);
  });

  it('suspend, restore, end sessions, change the address, resend activation; export and erasure', async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo() });
    const support = await operatorOf('support');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await failure(support.api.deskMemberAction({ id: m.member.id, action: 'suspend', reason: 'x' }))).field).toBe('until');
    expect((await failure(support.api.deskMemberAction({ id: m.member.id, action: 'suspend', reason: 'x', until: '2001-01-01' }))).field).toBe('until');
    await support.api.deskMemberAction({ id: m.member.id, action: 'suspend', reason: 'Abuse', until });
    expect((await m.api.getUser()).user).toBeNull();
    await support.api.deskMemberAction({ id: m.member.id, action: 'restore', reason: 'Mistake' });
    const again = await loginAs(t.app, m.member);
    await support.api.deskMemberAction({ id: m.member.id, action: 'end_sessions', reason: 'Account shared' });
    expect((await again.api.getUser()).user).toBeNull();

    const email = `new.${Date.now()}@test.example`;
    const { page } = await support.api.deskMemberAction({ id: m.member.id, action: 'change_email', reason: 'Lost access to old mailbox', email });
    expect(page.member.email).toBe(email);
    const taken = await addMember(t.db);
    expect((await failure(support.api.deskMemberAction({ id: m.member.id, action: 'change_email', reason: 'x', email: taken.email }))).field).toBe('email');

    const fresh = await addMember(t.db, { status: 'not_confirmed' });
    await support.api.deskMemberAction({ id: fresh.id, action: 'resend_activation', reason: 'Mail lost' });
    expect(await mails(fresh.email, 'activation')).toHaveLength(1);

    const zip = await t.app.inject({ method: 'POST', url: '/api/operator/member_export.php', headers: { ...support.headers(), 'content-type': 'application/json', 'x-original-host': 'localhost:8080' }, payload: JSON.stringify({ id: m.member.id, reason: 'GDPR request by mail' }) });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(await auditOf('member.export', m.member.id)).toHaveLength(1);

    expect(await support.api.deskEraseMember({ id: m.member.id, reason: 'Erasure request' })).toEqual({ erased: true });
    expect((await t.db.query('SELECT 1 FROM members WHERE id = $1', [m.member.id])).rows).toHaveLength(0);
    expect((await failure(support.api.deskMember(m.member.id))).status).toBe(404);
  });
});

describe('the payments desk', () => {
  it('finance filters the site’s payments and sees totals per day in the currency; refunds and subscriptions', async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn, pkg } = await purchase(m);
    const finance = await operatorOf('finance');
    const today = new Date().toISOString().slice(0, 10);
    const paid = await finance.api.deskPayments({ status: 'paid', country: 'NL', from: today, to: today });
    expect(paid.payments.some((p) => p.id === txn && p.member_id === m.member.id)).toBe(true);
    const day = paid.days.find((d) => d.day === today && d.currency === 'EUR')!;
    expect(day.paid_cents).toBeGreaterThanOrEqual(pkg.amount_cents);
    expect(paid.days.every((d) => d.currency === 'EUR')).toBe(true);
    await finance.api.deskRefund({ transaction_id: txn, reason: 'Chargeback threat' });
    const refunded = await finance.api.deskPayments({ refunded: '1' });
    expect(refunded.payments.find((p) => p.id === txn)).toMatchObject({ refunded_cents: pkg.amount_cents });
    expect((await finance.api.deskPayments({ status: 'failed', method: 'przelewy24' })).payments.some((p) => p.id === txn)).toBe(false);
    expect((await failure(finance.api.deskPayments({ from: '27-11-2026' }))).field).toBe('from');
    expect((await finance.api.deskSubscriptions({ status: 'active' })).subscriptions).toEqual(expect.any(Array));
  });
});

describe('chargebacks', () => {
  it("a chargeback reported by the provider's webhook is shown apart from refunds, counted per day, and cannot be refunded again", async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn, pkg } = await purchase(m);
    const credits = await balance(m.member.id);
    expect(credits).toBeGreaterThan(0);
    const finance = await operatorOf('finance');
    // A part refunded by the site first, then the payer's bank takes the rest back.
    const part = Math.round(pkg.amount_cents / 4);
    await finance.api.deskRefund({ transaction_id: txn, amount_cents: part, reason: 'Goodwill' });
    const { rows } = await t.db.query<{ provider_id: string }>('SELECT provider_id FROM payments WHERE id = $1', [txn]);
    // The sandbox page's control: the bank charges it back and the payment's webhook is called.
    const res = await t.app.inject({ method: 'POST', url: `/api/dev/mollie/payments/${rows[0]!.provider_id}/chargeback` });
    expect(res.statusCode).toBe(303);
    expect(await balance(m.member.id)).toBe(credits - pkg.credits);

    const today = new Date().toISOString().slice(0, 10);
    const charged = await finance.api.deskPayments({ chargeback: '1', from: today, to: today });
    expect(charged.payments.find((p) => p.id === txn)).toMatchObject({ refunded_cents: part, charged_back_cents: pkg.amount_cents - part });
    const day = charged.days.find((d) => d.day === today && d.currency === 'EUR')!;
    expect(day.charged_back_cents).toBeGreaterThanOrEqual(pkg.amount_cents - part);
    expect(day.chargebacks).toBeGreaterThanOrEqual(1);
    // A payment that was only paid is not among the chargebacks.
    const other = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const plain = await purchase(other);
    expect((await finance.api.deskPayments({ chargeback: '1' })).payments.some((p) => p.id === plain.txn)).toBe(false);
    expect((await finance.api.deskPayments({ refunded: '1' })).payments.some((p) => p.id === txn)).toBe(true);
    // Nothing is left to refund; the member page shows the chargeback too.
    expect((await failure(finance.api.deskRefund({ transaction_id: txn, reason: 'Again' }))).field).toBe('transaction_id');
    const page = await finance.api.deskMember(m.member.id);
    expect(page.payments.find((p) => p.id === txn)).toMatchObject({ charged_back_cents: pkg.amount_cents - part });
    expect((await failure(finance.api.deskPayments({ chargeback: 'yes' as '1' }))).field).toBe('chargeback');
  });
});

describe('subscriptions', () => {
  it('support cancels a Premium subscription at the provider; finance sees it active, then canceled at the period end', async () => {
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo() });
    const plan = (await m.api.credits()).plans.find((p) => p.id === '1m')!;
    const res = await m.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'premium', plan_id: plan.id, method: 'creditcard', expected_amount_cents: plan.amount_cents, consent: true });
    await t.app.inject({ method: 'POST', url: new URL(res.checkout_url!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });
    const finance = await operatorOf('finance');
    const active = await finance.api.deskSubscriptions({ status: 'active' });
    expect(active.subscriptions.some((s) => s.member_id === m.member.id)).toBe(true);

    const support = await operatorOf('support');
    const { page } = await support.api.deskMemberAction({ id: m.member.id, action: 'cancel_subscription', reason: 'Member asked by phone' });
    expect(page.subscriptions[0]).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    const { rows } = await t.db.query<{ provider_id: string }>('SELECT provider_id FROM subscriptions WHERE member_id = $1', [m.member.id]);
    expect((await t.app.mollieSandbox!.getSubscription(rows[0]!.provider_id))!.status).toBe('canceled');
    expect((await finance.api.deskSubscriptions({ status: 'canceled' })).subscriptions.some((s) => s.member_id === m.member.id)).toBe(true);
    expect(await auditOf('member.cancel_subscription', m.member.id)).toHaveLength(1);
    // Nothing left to cancel: a 400, not a 5xx.
    expect((await failure(support.api.deskMemberAction({ id: m.member.id, action: 'cancel_subscription', reason: 'again' }))).status).toBe(400);
  });
});

describe('roles and sites', () => {
  /** Each call with a valid input; `allowed`: the roles that may make it. */
  const calls: { name: string; allowed: OperatorRole[]; call: (b: Awaited<ReturnType<typeof operatorOf>>, ids: { report: number; member: number; txn: string }) => Promise<unknown> }[] = [
    { name: 'reports.php', allowed: ['admin', 'moderator'], call: (b) => b.api.deskReports({}) },
    { name: 'report.php', allowed: ['admin', 'moderator'], call: (b, i) => b.api.deskReport(i.report) },
    { name: 'report_messages.php', allowed: ['admin', 'moderator'], call: (b, i) => b.api.deskReportMessages(i.report, 'role check') },
    { name: 'members.php', allowed: ['admin', 'moderator', 'support', 'finance'], call: (b, i) => b.api.deskMembers(String(i.member)) },
    { name: 'member.php', allowed: ['admin', 'moderator', 'support', 'finance'], call: (b, i) => b.api.deskMember(i.member) },
    { name: 'member.php note', allowed: ['admin', 'moderator', 'support', 'finance'], call: (b, i) => b.api.deskMemberAction({ id: i.member, action: 'note', reason: 'r', note: 'n' }) },
    { name: 'member.php correction', allowed: ['admin', 'finance', 'support'], call: (b, i) => b.api.deskMemberAction({ id: i.member, action: 'correction', reason: 'r', credits: 1 }) },
    { name: 'member.php end_sessions', allowed: ['admin', 'moderator', 'support'], call: (b, i) => b.api.deskMemberAction({ id: i.member, action: 'end_sessions', reason: 'r' }) },
    { name: 'refund.php', allowed: ['admin', 'finance', 'support'], call: (b, i) => b.api.deskRefund({ transaction_id: i.txn, amount_cents: 1, reason: 'r' }) },
    { name: 'payments.php', allowed: ['admin', 'finance'], call: (b) => b.api.deskPayments({}) },
    { name: 'subscriptions.php', allowed: ['admin', 'finance'], call: (b) => b.api.deskSubscriptions({}) },
  ];
  const roles: OperatorRole[] = ['admin', 'moderator', 'support', 'finance'];

  it.each(roles)('%s may make exactly the calls of its role', async (role) => {
    const b = await operatorOf(role);
    const r = await chatReport();
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn } = await purchase(m);
    for (const c of calls) {
      const outcome = await c.call(b, { report: r.id, member: m.member.id, txn }).then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
      expect([c.name, outcome]).toEqual([c.name, c.allowed.includes(role) ? 'ok' : 'role_forbidden']);
    }
  });

  it("an operator of velvet cannot act on amora's reports, payments or queue", async () => {
    const r = await chatReport();
    const b = await operatorOf('admin', [velvet]);
    expect((await failure(b.api.deskReport(r.id))).code).toBe('site_forbidden');
    expect((await failure(b.api.deskHandleReport({ id: r.id, action: 'dismiss', reason: 'x' }))).code).toBe('site_forbidden');
    expect((await b.api.deskReports({})).reports.some((x) => x.id === r.id)).toBe(false);
    const m = await memberBrowser(t.app, t.db, { signupDate: longAgo(), credits: 0 });
    const { txn } = await purchase(m);
    expect((await b.api.deskPayments({})).payments.some((p) => p.id === txn)).toBe(false);
    expect(amora).not.toBe(velvet);
  });

  it('a member session reaches no desk call; bad input is a 400 naming the field', async () => {
    const m = await memberBrowser(t.app, t.db);
    for (const url of ['/api/operator/reports.php', '/api/operator/members.php?q=a', '/api/operator/payments.php']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: m.jar.header()! } });
      expect([url, res.statusCode, ErrorResponseSchema.parse(res.json()).error]).toEqual([url, 403, 'operator_login_required']);
    }
    const bad = async (app: FastifyInstance, url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: admin.jar.header()! } });
      return [res.statusCode, ErrorResponseSchema.parse(res.json()).field];
    };
    expect(await bad(t.app, '/api/operator/member.php?id=abc')).toEqual([400, 'id']);
    expect(await bad(t.app, '/api/operator/member.php?id=99999999999')).toEqual([400, 'id']);
    expect(await bad(t.app, '/api/operator/report.php?id=-1')).toEqual([400, 'id']);
    expect(await bad(t.app, '/api/operator/reports.php?state=maybe')).toEqual([400, 'state']);
    expect(await bad(t.app, '/api/operator/payments.php?country=nl')).toEqual([400, 'country']);
    expect(await bad(t.app, '/api/operator/member.php?id=2147483000')).toEqual([404, 'id']);
  });
});
