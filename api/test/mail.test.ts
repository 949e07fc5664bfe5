import net from 'node:net';
import { LOCALES, REPORT_CATEGORIES } from '@dating/shared';
import { deliverPending, MAX_ATTEMPTS, startMailSender } from '../src/mail/sender';
import { COMPLAINT_NOTICE_TEXTS, MAIL_TEXTS, renderMail, type MailKind } from '../src/mail/templates';
import { renderComplaintNotice } from '../src/complaints/mail';
import { reportDescription } from '../src/safety/reports';
import { eventually, linkIn, mailsTo, signedUp } from './account-helpers';
import { browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const devMailbox = { smtpUrl: undefined, mailFrom: undefined };

/** A minimal SMTP server that accepts everything and keeps the messages. */
async function smtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        }
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Quoted-printable soft breaks and escapes undone, enough to find a link in a raw message. */
const unQuote = (s: string) => s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('outbox and delivery', () => {
  it('without SMTP_URL, delivers queued mail to the development mailbox', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    expect((await mailsTo(t.db, email))[0]).toMatchObject({ sent_at: null, delivered_via: null });
    const { sent } = await deliverPending(t.db, devMailbox);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(t.db, email))[0]).toMatchObject({ delivered_via: 'dev_mailbox', attempts: 1 });
    expect((await mailsTo(t.db, email))[0]!.sent_at).not.toBeNull();
    expect(await deliverPending(t.db, devMailbox)).toEqual({ sent: 0, failed: 0 });
  });

  it('with SMTP_URL, sends by SMTP to the address, from the site, with the link', async () => {
    await deliverPending(t.db, devMailbox); // earlier mail out of the way
    const smtp = await smtpServer();
    try {
      const a = await signedUp(t, { language: 'fr', country: 'FR' });
      const email = a.request.email as string;
      const { sent } = await deliverPending(t.db, { smtpUrl: smtp.url, mailFrom: undefined });
      expect(sent).toBe(1);
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message!.to.join()).toContain(email);
      expect(message!.from).toContain('no-reply@localhost');
      const raw = unQuote(message!.data);
      expect(raw).toMatch(/^From: "?Amora"? <no-reply@localhost>/m);
      expect(raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}`, 'm'));
      const [mail] = await mailsTo(t.db, email);
      expect(raw).toContain(linkIn(mail!).searchParams.get('token'));
      expect(mail).toMatchObject({ delivered_via: 'smtp' });
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail the SMTP server does not take, retries it later, and gives up after the last attempt', async () => {
    await deliverPending(t.db, devMailbox);
    const a = await signedUp(t);
    const email = a.request.email as string;
    const closed = await smtpServer();
    await closed.close(); // nothing listens on its port any more
    const { failed } = await deliverPending(t.db, { smtpUrl: closed.url, mailFrom: undefined });
    expect(failed).toBe(1);
    const [mail] = await mailsTo(t.db, email);
    expect(mail).toMatchObject({ sent_at: null, attempts: 1, failed_at: null });
    expect(mail!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Not due again right away…
    expect((await deliverPending(t.db, { smtpUrl: closed.url, mailFrom: undefined })).failed).toBe(0);
    // …and given up once the last attempt fails.
    await t.db.query('UPDATE outbox SET attempts = $2, next_attempt_at = now() WHERE id = $1', [mail!.id, MAX_ATTEMPTS - 1]);
    await deliverPending(t.db, { smtpUrl: closed.url, mailFrom: undefined });
    const [given] = await mailsTo(t.db, email);
    expect(given!.failed_at).not.toBeNull();
    expect(given!.sent_at).toBeNull();
  });

  it('the sender loop of the API process delivers new mail by itself and stops cleanly', async () => {
    const sender = startMailSender(t.db, devMailbox, { warn: () => {}, error: () => {} }, 50);
    try {
      const a = await signedUp(t);
      await eventually(async () => (await mailsTo(t.db, a.request.email as string))[0]?.sent_at);
    } finally {
      await sender.stop();
    }
  });
});

describe('account mails in seven languages', () => {
  const kinds: MailKind[] = ['activation', 'password_reset', 'mail_change'];
  it.each(LOCALES)('%s: every mail has its own subject, the name, the link and no placeholder left', (lang) => {
    for (const kind of kinds) {
      const mail = renderMail(kind, lang, { brand: 'Amora', name: 'Robin', link: 'http://localhost:8080/x?token=abc' });
      expect(mail.language).toBe(lang);
      expect(mail.text).toContain('Robin');
      expect(mail.text).toContain('http://localhost:8080/x?token=abc');
      expect(mail.html).toContain('<a href="http://localhost:8080/x?token=abc">');
      expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
      if (lang !== 'en') expect(mail.subject).not.toBe(renderMail(kind, 'en', { brand: 'Amora', name: 'R', link: 'l' }).subject);
    }
    expect(Object.keys(MAIL_TEXTS[lang])).toEqual(Object.keys(MAIL_TEXTS.en));
  });

  it("says how long each link is valid with the language's plural forms (from the tokens' lifetimes)", () => {
    const vars = { brand: 'Amora', name: 'Robin', link: 'http://localhost/x' };
    expect(renderMail('activation', 'en', vars).text).toContain('valid for 7 days');
    expect(renderMail('password_reset', 'en', vars).text).toContain('valid for 1 hour and');
    expect(renderMail('mail_change', 'en', vars).text).toContain('valid for 24 hours');
    // Polish: one (1 godzinę), few (24 godziny), many (7 dni).
    expect(renderMail('password_reset', 'pl', vars).text).toContain('przez 1 godzinę');
    expect(renderMail('mail_change', 'pl', vars).text).toContain('przez 24 godziny');
    expect(renderMail('activation', 'pl', vars).text).toContain('przez 7 dni');
    expect(renderMail('password_reset', 'de', vars).text).toContain('1 Stunde gültig');
    expect(renderMail('mail_change', 'fr', vars).text).toContain('valable 24 heures');
  });

  it('escapes the name in the HTML part', () => {
    const mail = renderMail('activation', 'en', { brand: 'Amora', name: '<img src=x onerror=alert(1)>', link: 'http://localhost/' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
  });
});

describe('complaint notice to support in seven languages', () => {
  const complaint = {
    brand: 'Amora', name: 'Robin', reference: 'C-000042', category: 'payment' as const, description: 'Charged twice <b>today</b>',
    from: 'robin@test.example', memberId: 7, reported: null, language: 'pl' as const, site: 'Amora',
  };
  it.each(LOCALES)('%s: its own subject and lines, every field filled, no placeholder left', (lang) => {
    const mail = renderComplaintNotice(lang, complaint);
    expect(mail.language).toBe(lang);
    expect(mail.subject).toContain('C-000042');
    expect(mail.text).toContain('Robin <robin@test.example>');
    expect(mail.text).toContain('Charged twice <b>today</b>');
    expect(mail.html).not.toContain('<b>today');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
    // The complainant's language is named in the support's language (Polish → "Polish", "Pools", "Polnisch" …).
    expect(mail.text).toContain(new Intl.DisplayNames([lang], { type: 'language' }).of('pl')!);
    if (lang !== 'en') {
      const en = renderComplaintNotice('en', complaint);
      expect(mail.subject).not.toBe(en.subject);
      expect(mail.text).not.toBe(en.text);
    }
    expect(Object.keys(COMPLAINT_NOTICE_TEXTS[lang])).toEqual(Object.keys(COMPLAINT_NOTICE_TEXTS.en));
  });

  it.each(LOCALES)('%s: a report from chat is described in words of that language, with the evidence and the reporter’s text', (lang) => {
    const text = reportDescription(lang, 'scam', 'send me money', 'Asks for money');
    expect(text.split('\n')).toEqual([
      expect.stringContaining(COMPLAINT_NOTICE_TEXTS[lang].reasons.scam),
      COMPLAINT_NOTICE_TEXTS[lang].reportedMessage,
      'send me money',
      COMPLAINT_NOTICE_TEXTS[lang].reporterText,
      'Asks for money',
    ]);
    expect(text).not.toMatch(/[{}]/);
    if (lang !== 'en') expect(text).not.toBe(reportDescription('en', 'scam', 'send me money', 'Asks for money'));
    // Every reason has words, and they differ from each other.
    const reasons = Object.values(COMPLAINT_NOTICE_TEXTS[lang].reasons);
    expect(new Set(reasons).size).toBe(REPORT_CATEGORIES.length);
  });

  it('a visitor is marked as such, and the answer time uses plural forms', () => {
    const visitor = { ...complaint, memberId: null, name: null, reported: { id: 12345, name: 'Sam' } };
    expect(renderComplaintNotice('en', visitor).text).toContain('From: robin@test.example (visitor without an account)');
    // The member by name, with the plain number support looks them up by (no digit grouping).
    expect(renderComplaintNotice('en', visitor).text).toContain('Member complained about: Sam (12345)');
    expect(renderComplaintNotice('nl', visitor).text).toContain('Lid over wie geklaagd wordt: Sam (12345)');
    expect(renderComplaintNotice('pl', visitor).text).toContain('w ciągu 5 dni roboczych');
    expect(renderComplaintNotice('de', visitor).text).toContain('innerhalb von 5 Werktagen');
  });
});

describe('activation', () => {
  it('GET activate.php answers delivered false while the mail waits in the outbox, true once it is out', async () => {
    await deliverPending(t.db, devMailbox);
    const a = await signedUp(t);
    expect(await a.api.activationStatus()).toEqual({ delivered: false });
    await deliverPending(t.db, devMailbox);
    expect(await a.api.activationStatus()).toEqual({ delivered: true });
  });

  it('answers 403 to the poll when nobody is logged in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/activate.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'login_required' });
  });

  it('the link of the mail confirms the address once; a second click says the account is already active', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const link = linkIn((await mailsTo(t.db, email))[0]!);
    const first = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/activate/done');
    expect((await a.api.validateEmail(email)).status).toBe('active');
    const second = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(second.headers.location).toBe('/activate/done?already=1');
  });

  it('sends an expired, unknown or malformed token to /activate/error', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const link = linkIn((await mailsTo(t.db, email))[0]!);
    await t.db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [a.user.profile.id]);
    for (const url of [
      `${link.pathname}${link.search}`,
      '/api/activate.php?token=' + 'A'.repeat(43),
      '/api/activate.php?token=x',
      '/api/activate.php?token=',
      '/api/activate.php?token=a&token=b',
      "/api/activate.php?token=' OR 1=1 --",
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({ url, status: 302, location: '/activate/error' });
    }
    expect((await a.api.validateEmail(email)).status).toBe('not_confirmed');
  });
});

describe('development mailbox: GET /api/dev/mailbox', () => {
  it('lists each mail with recipient, subject, time and text, its links clickable', async () => {
    const a = await signedUp(t, { name: 'Kim <b>bold</b>' });
    const email = a.request.email as string;
    await deliverPending(t.db, devMailbox);
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const link = linkIn((await mailsTo(t.db, email))[0]!);
    expect(html).toContain(email);
    expect(html).toContain('Confirm your email address for Amora');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    expect(html).toContain(`<a href="${link.href.replace(/&/g, '&amp;')}">`);
    expect(html).toContain('Kim &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect((html.match(/<article>/g) ?? []).length).toBe(1);
  });

  it('shows every recipient without a filter, newest first', async () => {
    const a = await signedUp(t);
    const b = await signedUp(t);
    const html = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).body;
    const ia = html.indexOf(a.request.email as string);
    const ib = html.indexOf(b.request.email as string);
    expect(ia).toBeGreaterThan(0);
    expect(ib).toBeGreaterThan(0);
    expect(ib).toBeLessThan(ia);
  });

  it('does not exist in production', async () => {
    const prod = await t.appWith({ production: true });
    const res = await prod.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('@');
  });

  it('a person can activate an account from it', async () => {
    const a = await signedUp(t);
    await deliverPending(t.db, devMailbox);
    const page = await browser(t.app).fetch(`/api/dev/mailbox?to=${encodeURIComponent(a.request.email as string)}`);
    const href = /<a href="([^"]+)">/.exec(await page.text())![1]!.replace(/&amp;/g, '&');
    const url = new URL(href);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.headers.location).toBe('/activate/done');
  });
});
