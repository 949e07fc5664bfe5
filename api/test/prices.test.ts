/**
 * Prices, packages and codes kept by operators (docs/prices-campaigns.md): the price book per site,
 * its preview, versions and audit; new checkouts pay a change at once, a checkout opened before it
 * keeps its price; discount and welcome codes with their period, uses, traffic sources and
 * countries. Per role and per site; bad input is a 400 naming the field. PGlite, and PostgreSQL
 * with TEST_DATABASE_URL.
 */
import { newIdempotencyKey, type PriceBook } from '@dating/shared';
import { failure, newOperator, startTestApi, type TestApi } from './helpers';
import { memberBrowser } from './social-helpers';

jest.setTimeout(60_000);

let t: TestApi;
let finance: Awaited<ReturnType<typeof newOperator>>;
beforeAll(async () => {
  t = await startTestApi();
  finance = await newOperator(t, 'finance', ['amora']);
}, 180_000);
afterAll(() => t.close());

/** The book with one package's price in one country changed. */
function withPrice(book: PriceBook, country: string, pkg: string, cents: number): PriceBook {
  const copy = structuredClone(book);
  copy.countries[country]!.packages.find((p) => p.id === pkg)!.amount_cents = cents;
  return copy;
}

const pay = (b: Awaited<ReturnType<typeof memberBrowser>>, req: { package_id?: string; expected: number; version?: number; code?: string }) =>
  b.api.createPayment({
    idempotency_key: newIdempotencyKey(),
    kind: 'credits',
    package_id: req.package_id ?? 'starter',
    method: 'ideal',
    expected_amount_cents: req.expected,
    consent: true,
    ...(req.version === undefined ? {} : { price_version: req.version }),
    ...(req.code ? { discount_code: req.code } : {}),
  });

const amountOf = async (txn: string) =>
  (await t.db.query<{ amount_cents: number }>('SELECT amount_cents FROM payments WHERE id = $1', [txn])).rows[0]!.amount_cents;

describe('the price book', () => {
  it('finance changes the NL starter package: new checkouts pay it at once, a checkout opened before keeps its price; versioned and audited', async () => {
    const start = await finance.api.operatorPrices();
    const nl = start.book.countries.NL!;
    const old = nl.packages.find((p) => p.id === 'starter')!.amount_cents;
    const member = await memberBrowser(t.app, t.db, { country: 'NL' });
    // The member opens the checkout: it shows today's price and version.
    const shown = await member.api.credits();
    expect(shown.packages.find((p) => p.id === 'starter')!.amount_cents).toBe(old);

    const draft = withPrice(start.book, 'NL', 'starter', 1299);
    // The effect before saving: what a member in NL, BE, DE, PL pays.
    const { preview } = await finance.api.operatorPricesPreview(draft);
    expect(preview.map((p) => p.member_country)).toEqual(['NL', 'BE', 'DE', 'PL']);
    const nlPreview = preview.find((p) => p.member_country === 'NL')!;
    expect(nlPreview.packages.find((p) => p.id === 'starter')).toMatchObject({ before_cents: old, after_cents: 1299 });
    expect(preview.find((p) => p.member_country === 'BE')!.packages.find((p) => p.id === 'starter')!.after_cents).toBe(old);
    // Nothing is saved by a preview.
    expect((await member.api.credits()).packages.find((p) => p.id === 'starter')!.amount_cents).toBe(old);

    const saved = await finance.api.operatorSavePrices({ version: start.version, book: draft, reason: 'NL starter up' });
    expect(saved.version).toBe(start.version + 1);
    expect(saved.book.countries.NL!.packages.find((p) => p.id === 'starter')!.amount_cents).toBe(1299);
    expect(saved.history[0]).toMatchObject({ version: saved.version, operator: finance.email, reason: 'NL starter up' });

    // New checkouts: the new price at once.
    const fresh = await member.api.credits();
    expect(fresh.packages.find((p) => p.id === 'starter')!.amount_cents).toBe(1299);
    expect(fresh.price_version).toBe(saved.version);
    expect((await member.api.pricing()).packages.find((p) => p.id === 'starter')!.amount_cents).toBe(1299);
    // The old price without the version it was shown in: the price changed.
    expect((await failure(pay(member, { expected: old }))).code).toBe('price_changed');
    // The checkout opened before the change pays what it showed.
    const open = await pay(member, { expected: old, version: shown.price_version });
    expect(await amountOf(open.transaction_id)).toBe(old);
    // Another member, a new checkout: the new price.
    const other = await memberBrowser(t.app, t.db, { country: 'NL' });
    const now = await pay(other, { expected: 1299, version: saved.version });
    expect(await amountOf(now.transaction_id)).toBe(1299);
    // A version nobody was shown recently (or never existed) is refused.
    expect((await failure(pay(other, { expected: old, version: 999 }))).code).toBe('price_changed');

    const { rows } = await t.db.query<{ before: Record<string, unknown>; after: Record<string, unknown>; reason: string; operator_id: number }>(
      `SELECT before, after, reason, operator_id FROM audit_log WHERE action = 'prices.update' AND target_id = $1`,
      [String(saved.version)],
    );
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!.after)).toEqual(['NL']);
    expect(rows[0]).toMatchObject({ reason: 'NL starter up', operator_id: finance.id });
    // Both versions are kept.
    const versions = await t.db.query('SELECT version FROM price_versions WHERE site_id = (SELECT id FROM sites WHERE template_name = $1) ORDER BY version', ['amora']);
    expect(versions.rows.map((r) => r.version)).toEqual(expect.arrayContaining([start.version, saved.version]));
    // History cannot be rewritten.
    await expect(t.db.query('UPDATE price_versions SET reason = $1', ['x'])).rejects.toThrow(/append-only/);
  });

  it('the message price and the time bonus are the book’s: a change reaches the member’s next message price', async () => {
    const start = await finance.api.operatorPrices();
    const draft = structuredClone(start.book);
    draft.countries.BE!.message_cost = 149;
    draft.time_bonus = { percent: 50, hours: 24 };
    await finance.api.operatorSavePrices({ version: start.version, book: draft, reason: 'BE messages' });
    const member = await memberBrowser(t.app, t.db, { country: 'BE' });
    const credits = await member.api.credits();
    expect(credits.message_cost).toBe(149);
    expect(credits.time_bonus?.percent).toBe(50);
  });

  it('a save from an older version answers 409 naming version; bad input is a 400 naming the field', async () => {
    const start = await finance.api.operatorPrices();
    const stale = await failure(finance.api.operatorSavePrices({ version: start.version - 1, book: start.book, reason: 'late' }));
    expect([stale.status, stale.code, stale.field]).toEqual([409, 'prices_changed', 'version']);
    const bad = withPrice(start.book, 'NL', 'starter', 0);
    const zero = await failure(finance.api.operatorSavePrices({ version: start.version, book: bad, reason: 'free?' }));
    expect(zero.status).toBe(400);
    expect(zero.field).toBe('book.countries.NL.packages.0.amount_cents');
    const noReason = await failure(finance.api.operatorSavePrices({ version: start.version, book: start.book, reason: ' ' }));
    expect([noReason.status, noReason.field]).toEqual([400, 'reason']);
    const res = await t.app.inject({ method: 'PUT', url: '/api/operator/prices.php', headers: finance.headers(), payload: { version: start.version, book: { countries: { nl: {} }, time_bonus: null }, reason: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('support and moderators may not read or change prices; finance of velvet changes velvet only', async () => {
    for (const role of ['support', 'moderator'] as const) {
      const op = await newOperator(t, role);
      expect((await failure(op.api.operatorPrices())).code).toBe('role_forbidden');
      expect((await failure(op.api.operatorDiscountCodes())).code).toBe('role_forbidden');
    }
    const velvetFinance = await newOperator(t, 'finance', ['velvet']);
    const velvetBook = await velvetFinance.api.operatorPrices();
    expect(velvetBook.book.countries.NL!.packages.map((p) => p.id)).toEqual(['taste', 'evening', 'season']);
    // The switch to a site the operator does not hold is refused.
    const amora = (await t.db.query<{ id: number }>(`SELECT id FROM sites WHERE template_name = 'amora'`)).rows[0]!.id;
    expect((await failure(velvetFinance.api.operatorSwitchSite(amora))).status).toBe(403);
    // A code of amora, named by id from velvet: 403.
    const { codes } = await finance.api.operatorDiscountCodes();
    const amoraCode = codes[0]!;
    const { id: _id, uses: _u, reserved: _r, created_at: _c, code: _code, ...fields } = amoraCode;
    const other = await failure(velvetFinance.api.operatorUpdateDiscountCode({ ...fields, id: amoraCode.id, reason: 'not mine' }));
    expect([other.status, other.code]).toEqual([403, 'site_forbidden']);
  });
});

describe('discount and welcome codes', () => {
  const base = { percentage: null, extra_credits: null, welcome: false, welcome_days: null, starts_at: null, expires_at: null, max_uses: null, networks: [], countries: [] };

  it('a welcome code made in the desk replaces the old one and lowers a new member’s checkout', async () => {
    const made = await finance.api.operatorCreateDiscountCode({ ...base, code: 'hello40', percentage: 40, welcome: true, welcome_days: 7, reason: 'Autumn welcome' });
    expect(made.code).toMatchObject({ code: 'HELLO40', active: true, welcome: true, uses: 0 });
    expect(made.replaced).toBe('WELCOME25');
    const { codes } = await finance.api.operatorDiscountCodes();
    expect(codes.find((c) => c.code === 'WELCOME25')!.active).toBe(false);

    const member = await memberBrowser(t.app, t.db, { country: 'NL' });
    expect((await member.api.discountCode({ welcome: 'true' })).discount).toMatchObject({ code: 'HELLO40', percentage: 40 });
    const credits = await member.api.credits();
    const pkg = credits.packages.find((p) => p.id === 'popular')!;
    const lowered = Math.round((pkg.amount_cents * 60) / 100);
    const res = await pay(member, { package_id: 'popular', expected: lowered, code: 'HELLO40', version: credits.price_version });
    expect(await amountOf(res.transaction_id)).toBe(lowered);
    // The switched-off code no longer works.
    const other = await memberBrowser(t.app, t.db, { country: 'NL' });
    expect((await failure(pay(other, { package_id: 'popular', expected: Math.round(pkg.amount_cents * 0.75), code: 'WELCOME25' }))).code).toBe('discount_invalid');
    const audits = await t.db.query(`SELECT action FROM audit_log WHERE target_type = 'discount_code' AND target_id = $1`, [String(made.code.id)]);
    expect(audits.rows.map((r) => r.action)).toEqual(['discount_code.create']);
  });

  it('limits: maximum uses over all members, countries, traffic sources, start and switch-off', async () => {
    const once = await finance.api.operatorCreateDiscountCode({ ...base, code: 'ONLYONE', extra_credits: 300, max_uses: 1, reason: 'one winner' });
    const a = await memberBrowser(t.app, t.db, { country: 'NL' });
    const b = await memberBrowser(t.app, t.db, { country: 'NL' });
    const price = (await a.api.credits()).packages.find((p) => p.id === 'starter')!.amount_cents;
    await pay(a, { expected: price, code: 'ONLYONE' });
    expect((await b.api.discountCode({ code: 'onlyone' })).discount).toBeNull();
    expect((await failure(pay(b, { expected: price, code: 'ONLYONE' }))).code).toBe('discount_invalid');
    expect((await finance.api.operatorDiscountCodes()).codes.find((c) => c.id === once.code.id)).toMatchObject({ uses: 0, reserved: 1 });

    await finance.api.operatorCreateDiscountCode({ ...base, code: 'POLSKA10', percentage: 10, countries: ['PL'], reason: 'PL only' });
    expect((await a.api.discountCode({ code: 'POLSKA10' })).discount).toBeNull();
    const pl = await memberBrowser(t.app, t.db, { country: 'PL' });
    expect((await pl.api.discountCode({ code: 'POLSKA10' })).discount).toMatchObject({ percentage: 10 });

    await finance.api.operatorCreateDiscountCode({ ...base, code: 'AFFONLY', percentage: 15, networks: ['affiliate'], reason: 'partners' });
    expect((await a.api.discountCode({ code: 'AFFONLY' })).discount).toBeNull();
    await t.db.query(`INSERT INTO member_signups (member_id, trafficsource) VALUES ($1, '{"network":"Affiliate"}')
      ON CONFLICT (member_id) DO UPDATE SET trafficsource = EXCLUDED.trafficsource`, [b.member.id]);
    expect((await b.api.discountCode({ code: 'AFFONLY' })).discount).toMatchObject({ percentage: 15 });

    const later = await finance.api.operatorCreateDiscountCode({
      ...base,
      code: 'LATER5',
      percentage: 5,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      reason: 'tomorrow',
    });
    expect((await a.api.discountCode({ code: 'LATER5' })).discount).toBeNull();
    const { id, uses: _u, reserved: _r, created_at: _c, code: _code, ...fields } = later.code;
    await finance.api.operatorUpdateDiscountCode({ ...fields, id, starts_at: null, reason: 'start now' });
    expect((await a.api.discountCode({ code: 'LATER5' })).discount).toMatchObject({ percentage: 5 });
    await finance.api.operatorUpdateDiscountCode({ ...fields, id, starts_at: null, active: false, reason: 'stop' });
    expect((await a.api.discountCode({ code: 'LATER5' })).discount).toBeNull();
  });

  it('parallel checkouts of several members never take more than the maximum uses', async () => {
    await finance.api.operatorCreateDiscountCode({ ...base, code: 'TWOONLY', percentage: 10, max_uses: 2, reason: 'two winners' });
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => memberBrowser(t.app, t.db, { country: 'NL' })));
    const price = (await members[0]!.api.credits()).packages.find((p) => p.id === 'starter')!.amount_cents;
    const results = await Promise.allSettled(members.map((m) => pay(m, { expected: Math.round(price * 0.9), code: 'TWOONLY' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 400, code: 'discount_invalid', field: 'discount_code' });
  });

  it('bad input names the field; a code the site has is 409', async () => {
    const neither = await failure(finance.api.operatorCreateDiscountCode({ ...base, code: 'NOTHING', reason: 'x' }));
    expect([neither.status, neither.field]).toEqual([400, 'percentage']);
    const welcome = await failure(finance.api.operatorCreateDiscountCode({ ...base, code: 'WELC', percentage: 5, welcome: true, reason: 'x' }));
    expect([welcome.status, welcome.field]).toEqual([400, 'welcome_days']);
    const period = await failure(
      finance.api.operatorCreateDiscountCode({ ...base, code: 'BACKWARDS', percentage: 5, starts_at: '2027-02-01', expires_at: '2027-01-01', reason: 'x' }),
    );
    expect([period.status, period.field]).toEqual([400, 'expires_at']);
    const country = await failure(finance.api.operatorCreateDiscountCode({ ...base, code: 'LOWER', percentage: 5, countries: ['nl'], reason: 'x' }));
    expect([country.status, country.field]).toEqual([400, 'countries.0']);
    const taken = await failure(finance.api.operatorCreateDiscountCode({ ...base, code: 'spring20', percentage: 5, reason: 'x' }));
    expect([taken.status, taken.field]).toEqual([409, 'code']);
  });
});
