import sharp from 'sharp';
import { browser, failure, newOperator, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser } from './social-helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const photo = async () =>
  new Blob([new Uint8Array(await sharp({ create: { width: 320, height: 320, channels: 3, background: '#a36' } }).jpeg().toBuffer())], { type: 'image/jpeg' });

const NEW_PROFILE = { name: 'Sanne', gender: 'female', date_of_birth: '1994-03-12', country: 'NL', city: 'Utrecht', language: 'nl', personal: 'Houdt van fietsen.' } as const;

/** A site-run profile of amora made by an admin of amora, and a member who wrote to it. */
async function profileWithConversation(text = 'Hoi Sanne, hoe gaat het?', memberFields: Parameters<typeof memberBrowser>[2] = {}) {
  const admin = await newOperator(t, 'admin', ['amora']);
  const { profile } = await admin.api.createSiteRunProfile({ ...NEW_PROFILE, name: `Sanne ${Date.now() % 100000}` });
  const { member, api } = await memberBrowser(t.app, t.db, { language: 'nl', credits: 10_000, ...memberFields });
  const sent = await api.sendMessage({ profile: profile.id }, text);
  return { admin, profile, member, memberApi: api, conversation: sent.message.conversation };
}

describe('disclosure', () => {
  test('a site-run profile is marked wherever a member meets it, on velvet (fictional_icon false) too', async () => {
    const made = await addMember(t.db, { name: 'Run By Site', fictional: true });
    expect((await browser(t.app).api.profile(made.id)).profile.fictional).toBe(true);
    expect((await browser(t.app, 'velvet.localhost').api.profile(made.id, { trafficsource: 'newsletter' })).profile.fictional).toBe(true);
    const { member, api } = await memberBrowser(t.app, t.db, { credits: 10_000 });
    await api.sendMessage({ profile: made.id }, 'Hello');
    // The same member on velvet: the conversation list and the conversation carry the mark.
    const velvet = await loginAs(t.app, member, 'velvet.localhost');
    const chats = await velvet.api.chats();
    const conversation = chats.chats.find((c) => c.profile.id === made.id)!.conversation.id;
    expect((await velvet.api.messages(conversation)).profile.fictional).toBe(true);
    expect(chats.chats.find((c) => c.profile.id === made.id)?.profile.fictional).toBe(true);
  });
});

describe('site-run profiles', () => {
  test('an admin or a moderator creates one; its name, text and photo enter the moderation queue; support and finance may not', async () => {
    const moderator = await newOperator(t, 'moderator', ['amora']);
    const { profile } = await moderator.api.createSiteRunProfile(NEW_PROFILE);
    expect(profile).toMatchObject({ name: 'Sanne', age: expect.any(Number), city: 'Utrecht', conversations: 0 });
    await moderator.api.uploadSiteRunPhoto(profile.id, await photo());
    const queue = await moderator.api.moderationQueue({ limit: 100 });
    const mine = queue.items.filter((i) => i.member.id === profile.id).map((i) => i.field).sort();
    expect(mine).toEqual(['name', 'personal', 'photo']);
    const listed = await moderator.api.siteRunProfiles();
    expect(listed.profiles.map((p) => p.id)).toContain(profile.id);
    expect(listed.fictional_icon).toBe(true);
    for (const role of ['support', 'finance'] as const) {
      const op = await newOperator(t, role, ['amora']);
      expect(await failure(op.api.createSiteRunProfile(NEW_PROFILE))).toMatchObject({ status: 403, code: 'role_forbidden' });
    }
    // Seen by members as marked.
    expect((await browser(t.app).api.profile(profile.id)).profile.fictional).toBe(true);
  }, 60_000); // three operators enrolled and a photo re-encoded: slow on a busy machine

  test('bad input is a 400 naming the field', async () => {
    const admin = await newOperator(t, 'admin', ['amora']);
    expect(await failure(admin.api.createSiteRunProfile({ ...NEW_PROFILE, name: '' }))).toMatchObject({ status: 400, field: 'name' });
    expect(await failure(admin.api.createSiteRunProfile({ ...NEW_PROFILE, date_of_birth: '2020-01-01' }))).toMatchObject({ status: 400, field: 'date_of_birth' });
    expect(await failure(admin.api.createSiteRunProfile({ ...NEW_PROFILE, language: 'xx' as 'nl' }))).toMatchObject({ status: 400, field: 'language' });
    expect(await failure(admin.api.updateSiteRunProfile({ id: 2_147_483_647, name: 'X' }))).toMatchObject({ status: 404, field: 'id' });
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/site_run_photo.php?id=abc', headers: admin.headers() });
    expect(res.statusCode).toBe(400);
  });

  test('an operator of velvet runs velvet’s profiles only: amora’s are 403, and velvet’s are not amora’s', async () => {
    const amora = await newOperator(t, 'admin', ['amora']);
    const velvet = await newOperator(t, 'admin', ['velvet']);
    const { profile: amoraProfile } = await amora.api.createSiteRunProfile(NEW_PROFILE);
    const { profile: velvetProfile } = await velvet.api.createSiteRunProfile({ ...NEW_PROFILE, name: 'Velvet Vera' });
    expect(await failure(velvet.api.updateSiteRunProfile({ id: amoraProfile.id, personal: 'x' }))).toMatchObject({ status: 403, code: 'site_forbidden' });
    expect(await failure(velvet.api.uploadSiteRunPhoto(amoraProfile.id, await photo()))).toMatchObject({ status: 403, code: 'site_forbidden' });
    expect((await amora.api.siteRunProfiles()).profiles.map((p) => p.id)).not.toContain(velvetProfile.id);
    expect((await velvet.api.siteRunProfiles()).profiles.map((p) => p.id)).toEqual([velvetProfile.id]);
    expect((await velvet.api.siteRunProfiles()).fictional_icon).toBe(false);
    // An edit of the text goes through moderation (post-moderation: applied at once, and queued).
    const { profile } = await velvet.api.updateSiteRunProfile({ id: velvetProfile.id, personal: 'Nieuwe tekst', city: 'Amsterdam' });
    expect(profile).toMatchObject({ personal: 'Nieuwe tekst', city: 'Amsterdam' });
  });
});

describe('the console', () => {
  test('a waiting conversation is listed oldest first, locked to one operator, and answered as the profile; the audit log names the operator', async () => {
    const first = await profileWithConversation('Eerste');
    const second = await profileWithConversation('Tweede');
    const support = await newOperator(t, 'support', ['amora']);
    const other = await newOperator(t, 'admin', ['amora']);
    const queue = await support.api.siteRunQueue();
    const order = queue.items.map((i) => i.conversation);
    expect(order.indexOf(first.conversation)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(first.conversation)).toBeLessThan(order.indexOf(second.conversation));
    const opened = await support.api.siteRunConversation(first.conversation);
    expect(opened).toMatchObject({ member: { id: first.member.id, language: 'nl', protected: false }, messages: [{ from: 'member', msg: 'Eerste' }] });
    // Locked: another operator cannot open or answer it, and sees who has it in the queue.
    expect(await failure(other.api.siteRunConversation(first.conversation))).toMatchObject({ status: 409, code: 'locked' });
    expect(await failure(other.api.siteRunAnswer({ conversation: first.conversation, msg: 'Ik ook' }))).toMatchObject({ status: 409, code: 'lock_lost' });
    expect((await other.api.siteRunQueue()).items.find((i) => i.conversation === first.conversation)?.locked_by).toBe(support.operator.name);
    const answered = await support.api.siteRunAnswer({ conversation: first.conversation, msg: 'Goed, en met jou?' });
    expect(answered.message).toMatchObject({ from: 'profile', operator: support.operator.name });
    // The member reads it from the profile; no operator anywhere in what they get.
    const page = await first.memberApi.messages(first.conversation);
    const last = page.messages.at(-1)!;
    expect(last).toMatchObject({ sender: first.profile.id, msg: 'Goed, en met jou?' });
    expect(page.profile.fictional).toBe(true);
    expect(JSON.stringify(page)).not.toContain(support.operator.name);
    expect(JSON.stringify(await first.memberApi.notifications())).not.toContain(support.operator.email);
    // Answered: out of the queue; the lock is gone, so the other operator may open it now.
    expect((await support.api.siteRunQueue()).items.map((i) => i.conversation)).not.toContain(first.conversation);
    await other.api.siteRunConversation(first.conversation);
    const audit = await other.api.auditLog({ action: 'site_run.answer', target_id: String(first.conversation) });
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ operator: { email: support.email } });
  });

  test('a member who asks whether the profile is real is offered the honest answer in their language', async () => {
    const { conversation } = await profileWithConversation('Ben je wel echt?');
    const support = await newOperator(t, 'support', ['amora']);
    const opened = await support.api.siteRunConversation(conversation);
    expect(opened.asks_if_real).toBe(true);
    expect(opened.honest_answer).toContain('Een eerlijk antwoord');
    expect(opened.honest_answer).toContain('Amora');
    const plain = await profileWithConversation('Wat doe je vandaag?', { language: 'pl' });
    const other = await support.api.siteRunConversation(plain.conversation);
    expect(other.asks_if_real).toBe(false);
    expect(other.honest_answer).toContain('Szczera odpowiedź');
  });

  test('notes per member are kept and shown with the conversation', async () => {
    const { conversation, member } = await profileWithConversation();
    const support = await newOperator(t, 'support', ['amora']);
    await support.api.siteRunNote(member.id, 'Mag graag wandelen; vroeg naar Utrecht.');
    const opened = await support.api.siteRunConversation(conversation);
    expect(opened.notes).toEqual([expect.objectContaining({ body: 'Mag graag wandelen; vroeg naar Utrecht.', operator: support.operator.name })]);
    expect(await failure(support.api.siteRunNote(member.id, ''))).toMatchObject({ status: 400, field: 'body' });
  });

  test('a member protected by support receives nothing from site-run profiles: left out of the queue, an answer is refused', async () => {
    const { conversation, member, memberApi, profile } = await profileWithConversation();
    const support = await newOperator(t, 'support', ['amora']);
    await support.api.siteRunConversation(conversation);
    expect(await support.api.siteRunSupportProtection({ member: member.id, protected: true, reason: 'Told us they are lonely and spending too much' })).toEqual({ by_member: false, by_support: true });
    const queue = await support.api.siteRunQueue();
    expect(queue.items.map((i) => i.conversation)).not.toContain(conversation);
    expect(queue.protected_left_out).toBeGreaterThanOrEqual(1);
    expect(await failure(support.api.siteRunAnswer({ conversation, msg: 'Hallo' }))).toMatchObject({ status: 409, code: 'member_protected' });
    // The member cannot lift support's protection, and cannot write (and pay) to such a profile.
    expect(await memberApi.setSiteRunProtection(false)).toEqual({ by_member: false, by_support: true });
    expect(await failure(memberApi.sendMessage({ profile: profile.id }, 'Nog een'))).toMatchObject({ status: 403, code: 'site_run_protected' });
    const audit = await support.api.auditLog({ action: 'site_run.protect' }).catch((e: unknown) => e);
    // Support does not read the audit log; an admin sees the entry.
    expect(audit).toBeInstanceOf(Error);
    const admin = await newOperator(t, 'admin', ['amora']);
    expect((await admin.api.auditLog({ action: 'site_run.protect', target_id: String(member.id) })).entries[0]?.reason).toMatch(/lonely/);
  });

  test('a member protects themselves from site-run profiles in their settings', async () => {
    const { member, memberApi, profile } = await profileWithConversation();
    expect(await memberApi.siteRunProtection()).toEqual({ by_member: false, by_support: false });
    expect(await memberApi.setSiteRunProtection(true)).toEqual({ by_member: true, by_support: false });
    expect(await failure(memberApi.sendMessage({ profile: profile.id }, 'Hoi'))).toMatchObject({ status: 403, code: 'site_run_protected' });
    const support = await newOperator(t, 'support', ['amora']);
    const queue = await support.api.siteRunQueue();
    expect(queue.items.map((i) => i.member.id)).not.toContain(member.id);
    // Real members stay reachable.
    const real = await addMember(t.db);
    await memberApi.sendMessage({ profile: real.id }, 'Hoi');
  });

  test('roles and sites: finance and moderators have no console; an operator of velvet cannot open amora’s conversations', async () => {
    const { conversation, member } = await profileWithConversation();
    for (const role of ['finance', 'moderator'] as const) {
      const op = await newOperator(t, role, ['amora']);
      expect(await failure(op.api.siteRunQueue())).toMatchObject({ status: 403, code: 'role_forbidden' });
      expect(await failure(op.api.siteRunConversation(conversation))).toMatchObject({ status: 403, code: 'role_forbidden' });
    }
    const velvet = await newOperator(t, 'support', ['velvet']);
    expect((await velvet.api.siteRunQueue()).items.map((i) => i.conversation)).not.toContain(conversation);
    expect(await failure(velvet.api.siteRunConversation(conversation))).toMatchObject({ status: 403, code: 'site_forbidden' });
    expect(await failure(velvet.api.siteRunAnswer({ conversation, msg: 'x' }))).toMatchObject({ status: 403, code: 'site_forbidden' });
    expect(await failure(velvet.api.siteRunRelease(conversation))).toMatchObject({ status: 403, code: 'site_forbidden' });
    // A conversation between two real members is no console's.
    const a = await memberBrowser(t.app, t.db, { credits: 1000 });
    const b = await addMember(t.db);
    const real = await a.api.sendMessage({ profile: b.id }, 'hi');
    const support = await newOperator(t, 'support', ['amora']);
    expect(await failure(support.api.siteRunConversation(real.message.conversation))).toMatchObject({ status: 404, field: 'conversation' });
    expect(await failure(support.api.siteRunNote(b.id + 1_000_000, 'x'))).toMatchObject({ status: 404 });
    void member;
  });

  test('bad input never answers 5xx', async () => {
    const support = await newOperator(t, 'support', ['amora']);
    for (const [method, url, payload] of [
      ['GET', '/api/operator/site_run_conversation.php?conversation=abc', undefined],
      ['GET', '/api/operator/site_run_conversation.php?conversation=99999999999', undefined],
      ['POST', '/api/operator/site_run_answer.php', { conversation: 'x', msg: '' }],
      ['POST', '/api/operator/site_run_answer.php', { conversation: 1 }],
      ['POST', '/api/operator/site_run_notes.php', { member: -1, body: 'x' }],
      ['PUT', '/api/operator/site_run_protection.php', { member: 1, protected: 'yes', reason: 'r' }],
      ['PUT', '/api/operator/site_run_profiles.php', { id: 1, gender: 'other' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: support.headers(), ...(payload ? { payload } : {}) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: expect.any(Number) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
