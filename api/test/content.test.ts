import { LanderResponseSchema } from '@dating/shared';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { browser, failure, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs } from './social-helpers';

let t: TestApi;

beforeAll(async () => {
  t = await startTestApi();
  // Members of amora's pool: women in Amsterdam and Utrecht, one man, one of each inactive status.
  for (let i = 0; i < 6; i++) {
    await addMember(t.db, { name: `Amsterdam ${i}`, city: 'Amsterdam', gender: 'female', dateOfBirth: '1992-03-03', personal: 'Loves canals' });
  }
  for (let i = 0; i < 3; i++) await addMember(t.db, { name: `Utrecht ${i}`, city: 'Utrecht', gender: 'female', dateOfBirth: '1988-03-03' });
  await addMember(t.db, { name: 'Man in Utrecht', city: 'Utrecht', gender: 'male', dateOfBirth: '1985-03-03' });
  await addMember(t.db, { name: 'Hidden Deleted', city: 'Amsterdam', gender: 'female', dateOfBirth: '1990-03-03', status: 'deleted' });
  await addMember(t.db, { name: 'Hidden Unconfirmed', city: 'Amsterdam', gender: 'female', dateOfBirth: '1990-03-03', status: 'not_confirmed' });
  const online = await addMember(t.db, { name: 'Online Now', city: 'Utrecht', gender: 'female', dateOfBirth: '1991-03-03' });
  await t.db.query(`UPDATE members SET last_seen_at = now() WHERE id = $1`, [online.id]);
  const hiding = await addMember(t.db, { name: 'Online Hiding', city: 'Utrecht', gender: 'female', dateOfBirth: '1991-04-04' });
  await t.db.query(`UPDATE members SET last_seen_at = now(), hide_presence = true WHERE id = $1`, [hiding.id]);
}, 60_000);

afterAll(() => t.close());

async function mailsTo(to: string) {
  const { rows } = await t.db.query<{ kind: string; subject: string; text_body: string; language: string }>(
    'SELECT kind, subject, text_body, language FROM outbox WHERE to_email = $1 ORDER BY id',
    [to],
  );
  return rows;
}

describe('GET /api/lander.php', () => {
  test('a campaign in the visitor’s language with its target group; every kind it allows', async () => {
    const { api } = browser(t.app);
    const page = await api.lander({ kind: 'gallery', slug: 'women-nearby', lang: 'nl', country: 'NL' });
    expect(page.campaign).toMatchObject({ slug: 'women-nearby', kind: 'gallery', language: 'nl', target_gender: 'female', min_age: 25, max_age: 45 });
    expect(page.campaign.headline).toBe('Vrouwen bij jou in de buurt willen je ontmoeten');
    const names = page.members.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Amsterdam 0', 'Utrecht 1', 'Online Now']));
    expect(names).not.toContain('Man in Utrecht');
    expect(page.online_count).toBeGreaterThanOrEqual(1);
    expect(page.members.find((m) => m.name === 'Online Now')?.online).toBe(true);
    expect(page.map).toBeNull();
    const summer = await api.lander({ kind: 'socialnetwork', slug: 'summer-love', lang: 'pl' });
    expect(summer.campaign.headline).toBe('Zakochaj się tego lata');
    expect(summer.members.map((m) => m.name)).toContain('Man in Utrecht');
  });

  test('a member who hides their presence is listed but never online, nor counted online', async () => {
    const { api } = browser(t.app);
    const page = await api.lander({ kind: 'gallery', slug: 'women-nearby', lang: 'en', country: 'NL' });
    const hiding = page.members.find((m) => m.name === 'Online Hiding');
    expect(hiding).toBeDefined();
    expect(hiding?.online).toBe(false);
    expect(page.members.find((m) => m.name === 'Online Now')?.online).toBe(true);
    expect(page.online_count).toBe(1);
  });

  test('never members who are deleted or not confirmed, never coordinates or addresses', async () => {
    const { fetch } = browser(t.app);
    const res = await fetch('/api/lander.php?kind=maplanding&slug=summer-love&country=NL');
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toMatch(/Hidden (Deleted|Unconfirmed)/);
    expect(text).not.toMatch(/latitude|longitude|email|date_of_birth/);
    const page = LanderResponseSchema.parse(JSON.parse(text));
    expect(Object.keys(page.members[0]!).sort()).toEqual(['age', 'city', 'country', 'fictional', 'id', 'main_image', 'name', 'online', 'personal']);
  });

  test('maplanding: member counts per city of the visitor’s country on a dot map', async () => {
    const { api } = browser(t.app);
    const page = await api.lander({ kind: 'maplanding', slug: 'summer-love', country: 'NL' });
    const map = page.map!;
    expect(map.country).toBe('NL');
    expect(map.dots.length).toBeGreaterThan(50);
    const amsterdam = map.cities.find((c) => c.city === 'Amsterdam')!;
    const utrecht = map.cities.find((c) => c.city === 'Utrecht')!;
    expect(amsterdam.count).toBeGreaterThanOrEqual(6);
    // Amsterdam lies north-west of Utrecht: the city's own coordinates, not a member's.
    expect(amsterdam.y).toBeLessThan(utrecht.y);
    expect(amsterdam.x).toBeLessThan(utrecht.x);
    for (const c of map.cities) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x).toBeLessThanOrEqual(map.width);
    }
  });

  test('404 for an unknown slug, a kind the campaign does not use and another site’s campaign', async () => {
    const { api } = browser(t.app);
    expect((await failure(api.lander({ kind: 'gallery', slug: 'no-such-campaign' }))).status).toBe(404);
    expect((await failure(api.lander({ kind: 'socialnetwork', slug: 'women-nearby' }))).status).toBe(404);
    const velvet = browser(t.app, 'velvet.localhost:8080');
    expect((await failure(velvet.api.lander({ kind: 'gallery', slug: 'women-nearby' }))).status).toBe(404);
    expect((await velvet.api.lander({ kind: 'video', slug: 'after-dark', lang: 'de' })).campaign.headline).toBe('Heute Abend bist du nicht allein');
  });

  test('400 naming the field for a bad kind, slug or country', async () => {
    const { fetch } = browser(t.app);
    for (const [qs, field] of [
      ['kind=bogus&slug=summer-love', 'kind'],
      ['kind=video&slug=Not%20A%20Slug', 'slug'],
      ['kind=video', 'slug'],
      ['kind=video&slug=summer-love&country=nowhere', 'country'],
      ['kind=video&slug=summer-love&lang=xx', 'lang'],
    ] as const) {
      const res = await fetch(`/api/lander.php?${qs}`);
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe(field);
    }
  });
});

describe('POST /api/complaints.php', () => {
  test('a visitor’s complaint is stored, confirmed in their language and sent to support', async () => {
    const b = browser(t.app);
    await b.visit();
    const about = await addMember(t.db, { name: 'Rude One' });
    const res = await b.api.complain({
      category: 'member',
      member: `http://localhost:8080/members/${about.id}`,
      description: 'Deze persoon stuurt mij beledigende berichten. Log in op https://phish.example/login',
      email: 'visitor@test.example',
      language: 'nl',
    });
    expect(res.reference).toMatch(/^C-\d{6}$/);
    expect(res.confirmation_sent_to).toBe('visitor@test.example');
    const { rows } = await t.db.query('SELECT category, reporter_email, reported_member_id, reporter_member_id, source FROM complaints WHERE reporter_email = $1', ['visitor@test.example']);
    expect(rows).toEqual([{ category: 'member', reporter_email: 'visitor@test.example', reported_member_id: about.id, reporter_member_id: null, source: 'form' }]);
    const [confirmation] = await mailsTo('visitor@test.example');
    expect(confirmation).toMatchObject({ kind: 'complaint_confirmation', language: 'nl' });
    expect(confirmation!.subject).toBe(`We hebben je klacht ontvangen (${res.reference})`);
    // The reference and fixed words only: the form relays nothing a visitor wrote to the address they typed.
    expect(confirmation!.text_body).toContain(`Kenmerk: ${res.reference}`);
    expect(confirmation!.text_body).toContain('herhaalt deze e-mail niet wat je schreef');
    expect(confirmation!.text_body).not.toContain('beledigende');
    expect(confirmation!.text_body).not.toMatch(/phish|https?:/);
    // amora's support works in the site's language (English), whatever the visitor's.
    const notice = (await mailsTo('support@amora.example')).at(-1)!;
    expect(notice).toMatchObject({ kind: 'complaint_notice', language: 'en', subject: `[Amora] Complaint ${res.reference}: a member` });
    expect(notice.text_body).toContain('From: visitor@test.example (visitor without an account)');
    expect(notice.text_body).toContain(`Member complained about: Rude One (${about.id})`);
    expect(notice.text_body).toContain('Language of the complainant: Dutch');
    expect(notice.text_body).toContain('within 5 working days');
    expect(notice.text_body).toContain('Deze persoon stuurt mij beledigende berichten.');
  });

  test('a member complains with the account’s address; velvet’s support gets velvet’s', async () => {
    const member = await addMember(t.db, { name: 'Complaining Member' });
    const b = await loginAs(t.app, member, 'velvet.localhost:8080');
    const res = await b.api.complain({ category: 'payment', description: 'I was charged twice for one credit package.', language: 'de', email: 'ignored@test.example' });
    expect(res.confirmation_sent_to).toBe(member.email);
    const [mail] = await mailsTo(member.email);
    expect(mail!.subject).toBe(`Wir haben deine Beschwerde erhalten (${res.reference})`);
    expect(mail!.text_body).toContain('Hallo Complaining Member,');
    // velvet's support gets the notice in velvet's language (Dutch), naming the member's language in Dutch.
    const notices = await mailsTo('service@velvet.example');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'complaint_notice', language: 'nl', subject: `[Velvet] Klacht ${res.reference}: een betaling` });
    expect(notices[0]!.text_body).toContain(`Van: Complaining Member <${member.email}> (lid ${member.id})`);
    expect(notices[0]!.text_body).toContain('Taal van de indiener: Duits');
    expect(notices[0]!.text_body).toContain('Beantwoord de klacht binnen 5 werkdagen');
    expect(await mailsTo('ignored@test.example')).toEqual([]);
  });

  test('400 with the field: no address from a visitor, short description, unknown member, bad category', async () => {
    const b = browser(t.app);
    await b.visit();
    const post = (body: unknown) => b.fetch('/api/complaints.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': b.jar.get('csrf')! },
      body: JSON.stringify(body),
    });
    const ok = { category: 'other', description: 'Something long enough to be a description.', language: 'en', email: 'v@test.example' };
    for (const [body, field] of [
      [{ ...ok, email: '' }, 'email'],
      [{ ...ok, email: 'not-an-address' }, 'email'],
      [{ ...ok, description: 'too short' }, 'description'],
      [{ ...ok, category: 'weather' }, 'category'],
      [{ ...ok, member: 'somebody' }, 'member'],
      [{ ...ok, member: '99999999' }, 'member'],
      [{ ...ok, language: 'xx' }, 'language'],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe(field);
    }
    const { rows } = await t.db.query(`SELECT 1 FROM complaints WHERE reporter_email = 'v@test.example'`);
    expect(rows).toEqual([]);
  });

  test('without the CSRF header: refused', async () => {
    const b = browser(t.app);
    await b.visit();
    const res = await b.fetch('/api/complaints.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'other', description: 'Something long enough to be a description.', language: 'en', email: 'x@test.example' }),
    });
    expect(res.status).toBe(403);
  });

  test('rate-limited per address', async () => {
    const app = await t.appWith({ rateLimits: true });
    const b = browser(app);
    await b.visit();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.complaint.max; i++) {
      const err = await b.api
        .complain({ category: 'other', description: `Complaint number ${i} with enough words.`, language: 'en', email: 'flood@test.example' })
        .then(() => 200, (e: { status: number }) => e.status);
      statuses.push(err);
    }
    expect(statuses.slice(0, RATE_LIMITS.complaint.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
