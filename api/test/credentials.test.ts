import { backgroundSettled } from '../src/account/background';
import { linkIn, mailsTo, signedUp, uniqueEmail } from './account-helpers';
import { failure, browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

async function visitor(host?: string) {
  const b = browser(t.app, host);
  await b.visit();
  return b;
}

/** The token of the newest mail of a kind to an address. */
async function tokenOf(to: string, kind: string): Promise<string> {
  const mail = (await mailsTo(t.db, to)).filter((m) => m.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return linkIn(mail).searchParams.get('token')!;
}

describe('password reset: POST /api/password_reset.php', () => {
  it('mails a reset link in the member’s language to an existing account', async () => {
    const a = await signedUp(t, { language: 'it', country: 'IT' });
    const email = a.request.email as string;
    expect(await (await visitor()).api.requestPasswordReset(email.toUpperCase())).toEqual({ sent: true });
    await backgroundSettled(t.app);
    const mail = (await mailsTo(t.db, email)).find((m) => m.kind === 'password_reset')!;
    expect(mail.subject).toBe('Reimposta la password di Amora');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8080/reset-password/do');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const known = await signedUp(t);
    const unknown = uniqueEmail('nobody');
    const ask = async (email: string) => {
      const b = await visitor();
      return t.app.inject({
        method: 'POST',
        url: '/api/password_reset.php',
        headers: { ...b.headers(), 'x-original-host': 'localhost:8080' },
        payload: { email },
      });
    };
    const [a, b] = [await ask(known.request.email as string), await ask(unknown)];
    const comparable = (r: typeof a) => ({
      status: r.statusCode,
      body: r.body,
      headers: Object.keys(r.headers).filter((h) => !['date', 'set-cookie', 'content-length'].includes(h)).sort(),
    });
    expect(comparable(b)).toEqual(comparable(a));
    expect(a.json()).toEqual({ sent: true });
    await backgroundSettled(t.app);
    expect(await mailsTo(t.db, unknown)).toHaveLength(0);
  });

  it('does not mail a member without a password (profiles nobody logs in as)', async () => {
    await (await visitor()).api.requestPasswordReset('sanne.devries@example.com');
    await backgroundSettled(t.app);
    expect(await mailsTo(t.db, 'sanne.devries@example.com')).toHaveLength(0);
  });

  it('sends one mail a minute at most, however often it is asked', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const b = await visitor();
    for (let i = 0; i < 3; i++) await b.api.requestPasswordReset(email);
    await backgroundSettled(t.app);
    expect((await mailsTo(t.db, email)).filter((m) => m.kind === 'password_reset')).toHaveLength(1);
  });

  it('sets the new password with the token, once; the old password and the other sessions stop working', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const elsewhere = await visitor();
    await elsewhere.api.login({ email, password: a.password });
    await (await visitor()).api.requestPasswordReset(email);
    await backgroundSettled(t.app);
    const token = await tokenOf(email, 'password_reset');

    const resetter = await visitor();
    expect(await resetter.api.resetPassword(token, 'a brand new secret')).toEqual({ done: true });
    expect((await elsewhere.api.getUser()).user).toBeNull();
    expect((await a.api.getUser()).user).toBeNull();
    const old = await failure((await visitor()).api.login({ email, password: a.password }));
    expect(old.status).toBe(401);
    expect((await (await visitor()).api.login({ email, password: 'a brand new secret' })).user.email).toBe(email);

    const again = await failure(resetter.api.resetPassword(token, 'yet another one'));
    expect({ status: again.status, code: again.code, field: again.field }).toEqual({ status: 400, code: 'invalid_token', field: 'token' });
    // The mail reached its owner: the address counts as confirmed.
    expect((await resetter.api.validateEmail(email)).status).toBe('active');
  });

  it('keeps the session of the member who resets while logged in', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    await a.api.requestPasswordReset(email);
    await backgroundSettled(t.app);
    await a.api.resetPassword(await tokenOf(email, 'password_reset'), 'fresh password');
    expect((await a.api.getUser()).user?.email).toBe(email);
  });

  it('refuses a token older than an hour, and one made up', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    await a.api.requestPasswordReset(email);
    await backgroundSettled(t.app);
    const token = await tokenOf(email, 'password_reset');
    const { rows } = await t.db.query<{ s: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS s FROM account_tokens
        WHERE member_id = $1 AND purpose = 'password_reset'`,
      [a.user.profile.id],
    );
    expect(rows).toEqual([{ s: 3600 }]);
    await t.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 minute' WHERE member_id = $1 AND purpose = 'password_reset'`, [
      a.user.profile.id,
    ]);
    for (const tok of [token, 'B'.repeat(43)]) {
      const err = await failure(a.api.resetPassword(tok, 'whatever'));
      expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'token' });
    }
  });

  it('an activation token does not reset a password', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const err = await failure(a.api.resetPassword(await tokenOf(email, 'activation'), 'hijacked'));
    expect(err.code).toBe('invalid_token');
  });

  it.each([
    [{ email: 'not an address' }, '', 'email'],
    [{}, '', 'email'],
    [{ token: 'short', password: 'x' }, '?do=1', 'token'],
    [{ token: 'A'.repeat(43), password: '' }, '?do=1', 'password'],
    [{ token: 'A'.repeat(43) }, '?do=1', 'password'],
  ])('%j to password_reset.php%s is a 400 naming %s', async (body, query, field) => {
    const b = await visitor();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/password_reset.php${query}`,
      headers: b.headers(),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});

describe('mail change: PUT and POST /api/mail_change.php', () => {
  it('mails the confirmation link to the new address (not the old one); the token switches the address once', async () => {
    const a = await signedUp(t, { language: 'es', country: 'ES' });
    const old = a.request.email as string;
    const fresh = `changed.${Date.now()}@gmail.com`;
    expect(await a.api.requestMailChange(fresh, a.password)).toEqual({ sent: true });
    const mail = (await mailsTo(t.db, fresh))[0]!;
    expect(mail).toMatchObject({ kind: 'mail_change', language: 'es' });
    expect(mail.subject).toBe('Confirma tu nueva dirección de correo electrónico para Amora');
    expect(linkIn(mail).pathname).toBe('/mail-change/do');
    expect((await mailsTo(t.db, old)).filter((m) => m.kind === 'mail_change')).toHaveLength(0);
    expect((await a.api.getUser()).user?.email).toBe(old); // nothing changes before confirmation

    const token = linkIn(mail).searchParams.get('token')!;
    expect(await (await visitor()).api.confirmMailChange(token)).toEqual({ email: fresh });
    // Confirmed in another browser: the sessions elsewhere (this one too) ended.
    expect((await a.api.getUser()).user).toBeNull();
    const { user } = await (await visitor()).api.login({ email: fresh, password: a.password });
    expect(user).toMatchObject({ email: fresh, mailprovider: 2 });
    expect((await a.api.validateEmail(fresh)).status).toBe('active');
    expect((await a.api.validateEmail(old)).status).toBe('new');
    expect((await (await visitor()).api.login({ email: fresh, password: a.password })).user.email).toBe(fresh);

    const again = await failure((await visitor()).api.confirmMailChange(token));
    expect({ status: again.status, code: again.code, field: again.field }).toEqual({ status: 400, code: 'invalid_token', field: 'token' });
  });

  it('needs the password', async () => {
    const a = await signedUp(t);
    const err = await failure(a.api.requestMailChange(uniqueEmail(), 'wrong'));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'password' });
  });

  it('refuses the current address, a taken one and a deleted one, naming email', async () => {
    const a = await signedUp(t);
    const gone = await signedUp(t);
    await gone.api.deleteAccount(gone.password);
    for (const email of [a.request.email as string, 'demo@example.com', gone.request.email as string, 'nonsense']) {
      const err = await failure(a.api.requestMailChange(email, a.password));
      expect({ email, status: err.status, field: err.field }).toEqual({ email, status: 400, field: 'email' });
    }
  });

  it('refuses to confirm an address someone else signed up with in the meantime', async () => {
    const a = await signedUp(t);
    const wanted = uniqueEmail('wanted');
    await a.api.requestMailChange(wanted, a.password);
    const token = await tokenOf(wanted, 'mail_change');
    await signedUp(t, { email: wanted });
    const err = await failure((await visitor()).api.confirmMailChange(token));
    expect({ status: err.status, code: err.code, field: err.field }).toEqual({ status: 400, code: 'email_unavailable', field: 'email' });
  });

  it('refuses an expired token', async () => {
    const a = await signedUp(t);
    const wanted = uniqueEmail('late');
    await a.api.requestMailChange(wanted, a.password);
    await t.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [wanted]);
    const err = await failure((await visitor()).api.confirmMailChange(await tokenOf(wanted, 'mail_change')));
    expect(err.code).toBe('invalid_token');
  });

  it('needs a member to ask: 403 when logged out', async () => {
    const err = await failure((await visitor()).api.requestMailChange(uniqueEmail(), 'x'));
    expect({ status: err.status, code: err.code }).toEqual({ status: 403, code: 'login_required' });
  });
});

describe('after an email change: a notice to the old address with a one-click undo, other sessions ended', () => {
  it('the old address is told in the member’s language; its link puts the address back and logs out everywhere', async () => {
    const a = await signedUp(t, { language: 'nl', country: 'NL' });
    const old = a.request.email as string;
    // The member is also logged in on a second device.
    const phone = await visitor();
    await phone.api.login({ email: old, password: a.password });
    const fresh = uniqueEmail('fresh');
    await a.api.requestMailChange(fresh, a.password);
    // Confirmed from the browser that asked: it stays logged in, the phone is logged out.
    expect(await a.api.confirmMailChange(await tokenOf(fresh, 'mail_change'))).toEqual({ email: fresh });
    expect((await a.api.getUser()).user?.email).toBe(fresh);
    expect((await phone.api.getUser()).user).toBeNull();

    const notice = (await mailsTo(t.db, old)).find((m) => m.kind === 'mail_changed')!;
    expect(notice.subject).toBe('Het e-mailadres van je Amora-account is gewijzigd');
    expect(notice.text_body).toContain(fresh);
    const undo = linkIn(notice);
    expect(undo.pathname).toBe('/mail-change/undo');

    // One click: the old address is back, every session ends (also the one that changed it).
    const stranger = await visitor();
    expect(await stranger.api.undoMailChange(undo.searchParams.get('token')!)).toEqual({ email: old });
    expect((await a.api.getUser()).user).toBeNull();
    expect((await (await visitor()).api.login({ email: old, password: a.password })).user.email).toBe(old);
    // The link works once.
    expect((await failure(stranger.api.undoMailChange(undo.searchParams.get('token')!))).code).toBe('invalid_token');
  });

  it('a second change does not take away the first undo link', async () => {
    const a = await signedUp(t);
    const old = a.request.email as string;
    const first = uniqueEmail('first');
    await a.api.requestMailChange(first, a.password);
    await a.api.confirmMailChange(await tokenOf(first, 'mail_change'));
    const second = uniqueEmail('second');
    await a.api.requestMailChange(second, a.password);
    await a.api.confirmMailChange(await tokenOf(second, 'mail_change'));
    expect(await (await visitor()).api.undoMailChange(await tokenOf(old, 'mail_changed'))).toEqual({ email: old });
  });
});

describe('password change while logged in: PUT /api/password.php', () => {
  it('needs the current password, ends the other sessions and mails a notice in the member’s language', async () => {
    const a = await signedUp(t, { language: 'pl', country: 'PL' });
    const email = a.request.email as string;
    const laptop = await visitor();
    await laptop.api.login({ email, password: a.password });
    const wrong = await failure(a.api.changePassword('not-my-password', 'a new password 2'));
    expect({ status: wrong.status, field: wrong.field }).toEqual({ status: 400, field: 'current_password' });
    expect(await a.api.changePassword(a.password, 'a new password 2')).toEqual({ done: true, ended: 1 });
    // This device stays, the other one is logged out; the new password opens the account.
    expect((await a.api.getUser()).user?.email).toBe(email);
    expect((await laptop.api.getUser()).user).toBeNull();
    expect((await failure((await visitor()).api.login({ email, password: a.password }))).status).toBe(401);
    expect((await (await visitor()).api.login({ email, password: 'a new password 2' })).user.email).toBe(email);
    const notice = (await mailsTo(t.db, email)).find((m) => m.kind === 'password_changed')!;
    expect(notice.subject).toBe('Twoje hasło do serwisu Amora zostało zmienione');
    expect(linkIn(notice).pathname).toBe('/reset-password');
  });

  it('is for members only and names the field of bad input', async () => {
    const v = await visitor();
    expect((await failure(v.api.changePassword('x', 'y'))).status).toBe(403);
    const a = await signedUp(t);
    const err = await failure(a.api.changePassword(a.password, ''));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'password' });
  });
});
