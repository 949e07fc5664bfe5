/**
 * Password-reset requests wait in the database (password_reset_requests), not in a process's
 * memory: a request the API answered but had not worked off yet is mailed by the next start.
 */
import { backgroundSettled } from '../src/account/background';
import { eventually, linkIn, mailsTo, signedUp } from './account-helpers';
import { browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

const queued = async (email: string) =>
  Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM password_reset_requests WHERE lower(email) = lower($1)', [email])).rows[0]!.n);
const resetMails = async (email: string) => (await mailsTo(t.db, email)).filter((m) => m.kind === 'password_reset');

describe('the password-reset queue', () => {
  it('keeps a request across a restart of the API: the next start mails the link', async () => {
    const member = await signedUp(t);
    const email = member.request.email as string;
    // Only the APIs of this test work the queue off: the first one not before it stops.
    await t.app.close();
    const first = await t.appWith({ passwordResetQueueMs: 3_600_000 });
    const b = browser(first);
    await b.visit();
    expect(await b.api.requestPasswordReset(email)).toEqual({ sent: true });
    expect(await queued(email)).toBe(1);
    await first.close();
    // Stopped before its next round: the request waits in the database, no mail has gone out.
    expect(await queued(email)).toBe(1);
    expect(await resetMails(email)).toHaveLength(0);

    const second = await t.appWith({});
    const [mail] = await eventually(async () => {
      const mails = await resetMails(email);
      return mails.length ? mails : null;
    });
    expect(linkIn(mail!).pathname).toBe('/reset-password/do');
    await backgroundSettled(second);
    expect(await queued(email)).toBe(0);
    expect(await resetMails(email)).toHaveLength(1);
  });
});
