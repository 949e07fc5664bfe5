import sharp from 'sharp';
import type { ModerationItem } from '@dating/shared';
import { mailsTo } from './account-helpers';
import { browser, failure, newOperator, operatorBrowser, startTestApi, type TestApi } from './helpers';
import { memberBrowser } from './social-helpers';

let t: TestApi;
let admin: Awaited<ReturnType<typeof operatorBrowser>>;
let moderator: Awaited<ReturnType<typeof newOperator>>;
beforeAll(async () => {
  t = await startTestApi();
  admin = await operatorBrowser(t.app);
  moderator = await newOperator(t, 'moderator', ['amora']);
}, 60_000);
afterAll(() => t.close());

const jpeg = async (colour = '#cc6633') =>
  new Blob([new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } }).jpeg().toBuffer())], { type: 'image/jpeg' });

/** The pending item of a member (of a kind), as the moderator's queue lists it. */
async function itemOf(memberId: number, kind: 'photo' | 'text' = 'photo', field?: string): Promise<ModerationItem> {
  const { items } = await moderator.api.moderationQueue({ limit: 100 });
  const item = items.find((i) => i.member.id === memberId && i.kind === kind && (!field || i.field === field));
  if (!item) throw new Error(`no ${kind} item of member ${memberId}`);
  return item;
}

async function setMode(mode: 'pre' | 'post') {
  expect(await admin.api.updateModerationSettings({ mode, target_minutes: 30 })).toEqual({ mode, target_minutes: 30 });
}

describe('post-moderation (the default)', () => {
  test('a new photo is visible at once and waits in the queue, oldest first, with its waiting time', async () => {
    const first = await memberBrowser(t.app, t.db, { name: 'First Uploader' });
    const second = await memberBrowser(t.app, t.db, { name: 'Second Uploader' });
    await first.api.uploadProfileImage(await jpeg(), 'a.jpg');
    await second.api.uploadProfileImage(await jpeg('#3366cc'), 'b.jpg');
    const queue = await moderator.api.moderationQueue({ limit: 100 });
    expect(queue.settings).toEqual({ mode: 'post', target_minutes: 30 });
    const ids = queue.items.map((i) => i.member.id);
    expect(ids.indexOf(first.member.id)).toBeLessThan(ids.indexOf(second.member.id));
    const item = await itemOf(first.member.id);
    expect(item).toMatchObject({ kind: 'photo', field: 'photo', status: 'pending', overdue: false, member: { name: 'First Uploader', age: expect.any(Number) } });
    expect(item.photo?.thumb_filename).toMatch(/_t\.jpg$/);
    expect(queue.pending).toBeGreaterThanOrEqual(2);
    // Visible to others at once.
    const visitor = browser(t.app);
    expect((await visitor.api.profile(first.member.id)).profile.images).toHaveLength(1);
    // Waiting longer than the target: overdue.
    await t.db.query(`UPDATE moderation_items SET created_at = now() - interval '45 minutes' WHERE id = $1`, [item.id]);
    expect(await itemOf(first.member.id)).toMatchObject({ overdue: true, waiting_seconds: expect.any(Number) });
    expect((await itemOf(first.member.id)).waiting_seconds).toBeGreaterThanOrEqual(45 * 60);
  });

  test('rejected: the photo is gone for everybody, the member is told the reason in their language (notice and mail); undo brings it back', async () => {
    const m = await memberBrowser(t.app, t.db, { name: 'Dutch Member', language: 'nl' });
    await m.api.uploadProfileImage(await jpeg(), 'nl.jpg');
    const item = await itemOf(m.member.id);
    const { reasons } = await moderator.api.moderationReasons();
    const nudity = reasons.find((r) => r.texts.en?.startsWith('Nudity'))!;
    const { item: decided } = await moderator.api.moderate({ item: item.id, decision: 'reject', reason: nudity.id });
    expect(decided).toMatchObject({ status: 'rejected', reason: { id: nudity.id, label: nudity.texts.en } });
    expect((await browser(t.app).api.profile(m.member.id)).profile.images).toEqual([]);
    expect((await m.api.getUser()).user?.profile.images).toEqual([]);
    const notice = (await m.api.notifications()).notifications.find((n) => n.notice === 'moderation-rejected-photo');
    expect(notice?.detail).toBe('Naakt of seksuele inhoud is niet toegestaan.');
    const mail = (await mailsTo(t.db, m.member.email)).find((x) => x.kind === 'moderation_rejected')!;
    expect(mail.language).toBe('nl');
    expect(mail.subject).toMatch(/Je foto op .* is niet goedgekeurd/);
    expect(mail.text_body).toContain('Naakt of seksuele inhoud is niet toegestaan.');
    expect((await m.api.myModeration()).items[0]).toMatchObject({ kind: 'photo', status: 'rejected', reason: 'Naakt of seksuele inhoud is niet toegestaan.' });
    // Decided once: a second decision is a 409.
    expect(await failure(moderator.api.moderate({ item: item.id, decision: 'approve' }))).toMatchObject({ status: 409, field: 'item' });
    // Undo: pending again, visible again (post-moderation).
    const { item: undone } = await moderator.api.moderationUndo();
    expect(undone).toMatchObject({ id: item.id, status: 'pending' });
    expect((await browser(t.app).api.profile(m.member.id)).profile.images).toHaveLength(1);
    const { entries } = await admin.api.auditLog({ action: 'moderation.' });
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['moderation.undo', 'moderation.reject']);
    expect(entries[1]).toMatchObject({ operator: { email: moderator.email }, site: 'amora', reason: nudity.texts.en });
    // The member can upload again.
    await m.api.uploadProfileImage(await jpeg('#00aa00'), 'again.jpg');
  });

  test('a changed text is live at once; rejected, the previous text is back', async () => {
    const m = await memberBrowser(t.app, t.db, { name: 'Texter', personal: 'I like walks.' });
    await m.api.updateUser({ profile: { personal: 'Call me at 0612345678' } });
    expect((await browser(t.app).api.profile(m.member.id)).profile.personal).toBe('Call me at 0612345678');
    const item = await itemOf(m.member.id, 'text', 'personal');
    expect(item).toMatchObject({ text_before: 'I like walks.', text: 'Call me at 0612345678' });
    const contact = (await moderator.api.moderationReasons()).reasons.find((r) => r.texts.en?.startsWith('Contact'))!;
    await moderator.api.moderate({ item: item.id, decision: 'reject', reason: contact.id });
    expect((await browser(t.app).api.profile(m.member.id)).profile.personal).toBe('I like walks.');
    const notice = (await m.api.notifications()).notifications.find((n) => n.notice === 'moderation-rejected-personal');
    expect(notice?.detail).toBe('Contact details, links or advertising are not allowed.');
  });
});

describe('pre-moderation', () => {
  afterAll(() => setMode('post'));

  test('a new photo is hidden from others until approved; the member sees it "in review"', async () => {
    await setMode('pre');
    const m = await memberBrowser(t.app, t.db, { name: 'Pre Photo' });
    await m.api.uploadProfileImage(await jpeg(), 'pre.jpg');
    expect((await browser(t.app).api.profile(m.member.id)).profile).toMatchObject({ images: [], main_image: null });
    expect((await m.api.getUser()).user?.profile.images).toEqual([expect.objectContaining({ in_review: true })]);
    expect((await m.api.myModeration()).items).toEqual([expect.objectContaining({ kind: 'photo', status: 'in_review', reason: null })]);
    await moderator.api.moderate({ item: (await itemOf(m.member.id)).id, decision: 'approve' });
    const seen = (await browser(t.app).api.profile(m.member.id)).profile;
    expect(seen.images).toHaveLength(1);
    expect(seen.main_image).not.toBeNull();
    expect((await m.api.myModeration()).items).toEqual([]);
  });

  test('a changed name waits: others and the profile keep the old name until approved', async () => {
    await setMode('pre');
    const m = await memberBrowser(t.app, t.db, { name: 'Old Name' });
    await m.api.updateUser({ profile: { name: 'New Name' } });
    expect((await browser(t.app).api.profile(m.member.id)).profile.name).toBe('Old Name');
    expect((await m.api.myModeration()).items[0]).toMatchObject({ kind: 'text', field: 'name', status: 'in_review', text: 'New Name' });
    await moderator.api.moderate({ item: (await itemOf(m.member.id, 'text', 'name')).id, decision: 'approve' });
    expect((await browser(t.app).api.profile(m.member.id)).profile.name).toBe('New Name');
  });
});

describe('rules of the queue', () => {
  test('bad input is a 400 naming the field; an unknown item 404', async () => {
    const m = await memberBrowser(t.app, t.db);
    await m.api.uploadProfileImage(await jpeg(), 'x.jpg');
    const item = await itemOf(m.member.id);
    const cases: [unknown, string][] = [
      [{ item: item.id, decision: 'reject' }, 'reason'],
      [{ item: item.id, decision: 'reject', reason: 999999 }, 'reason'],
      [{ item: item.id, decision: 'maybe' }, 'decision'],
      [{ item: 2 ** 31, decision: 'approve' }, 'item'],
      [{ item: 'x', decision: 'approve' }, 'item'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/operator/moderation.php', headers: moderator.headers(), payload: payload as object });
      expect({ payload, status: res.statusCode, field: res.json().field }).toEqual({ payload, status: 400, field });
    }
    expect(await failure(moderator.api.moderate({ item: 999999, decision: 'approve' }))).toMatchObject({ status: 404, field: 'item' });
    const res = await t.app.inject({ method: 'GET', url: '/api/operator/moderation.php?limit=0', headers: moderator.headers() });
    expect([res.statusCode, res.json().field]).toEqual([400, 'limit']);
  });

  test('a reason of another site is refused, and a reason needs an English text', async () => {
    const velvetAdmin = await newOperator(t, 'admin', ['velvet']);
    const { reason } = await velvetAdmin.api.createModerationReason({ en: 'Velvet only', nl: 'Alleen velvet' });
    const m = await memberBrowser(t.app, t.db);
    await m.api.uploadProfileImage(await jpeg(), 'x.jpg');
    const item = await itemOf(m.member.id);
    expect(await failure(moderator.api.moderate({ item: item.id, decision: 'reject', reason: reason.id }))).toMatchObject({ status: 400, field: 'reason' });
    expect(await failure(moderator.api.updateModerationReason({ id: reason.id, active: false }))).toMatchObject({ status: 403, code: 'site_forbidden' });
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/moderation_reasons.php', headers: moderator.headers(), payload: { texts: { nl: 'Alleen Nederlands' } } });
    expect([res.statusCode, res.json().field]).toEqual([400, 'texts.en']);
  });

  test('reasons are kept by the operators: added, changed, retired (no longer accepted)', async () => {
    const { reason } = await moderator.api.createModerationReason({ en: 'Blurry photo', de: 'Unscharfes Foto' });
    expect(reason).toMatchObject({ active: true, texts: { en: 'Blurry photo', de: 'Unscharfes Foto' } });
    const { reason: changed } = await moderator.api.updateModerationReason({ id: reason.id, texts: { en: 'The photo is blurry', de: 'Das Foto ist unscharf' } });
    expect(changed.texts.en).toBe('The photo is blurry');
    await moderator.api.updateModerationReason({ id: reason.id, active: false });
    const m = await memberBrowser(t.app, t.db);
    await m.api.uploadProfileImage(await jpeg(), 'x.jpg');
    expect(await failure(moderator.api.moderate({ item: (await itemOf(m.member.id)).id, decision: 'reject', reason: reason.id }))).toMatchObject({
      status: 400,
      field: 'reason',
    });
  });

  test('site isolation: an operator of velvet sees nothing of amora and cannot decide its items', async () => {
    const m = await memberBrowser(t.app, t.db);
    await m.api.uploadProfileImage(await jpeg(), 'x.jpg');
    const item = await itemOf(m.member.id);
    const velvetModerator = await newOperator(t, 'moderator', ['velvet']);
    const queue = await velvetModerator.api.moderationQueue({ limit: 100 });
    expect(queue.items.map((i) => i.id)).not.toContain(item.id);
    expect(await failure(velvetModerator.api.moderate({ item: item.id, decision: 'approve' }))).toMatchObject({ status: 403, code: 'site_forbidden' });
    expect((await itemOf(m.member.id)).status).toBe('pending');
  });

  test('roles: support and finance cannot moderate; only admins set the mode', async () => {
    for (const role of ['support', 'finance'] as const) {
      const op = await newOperator(t, role);
      expect(await failure(op.api.moderationQueue())).toMatchObject({ status: 403, code: 'role_forbidden' });
      expect(await failure(op.api.moderate({ item: 1, decision: 'approve' }))).toMatchObject({ status: 403, code: 'role_forbidden' });
    }
    expect(await failure(moderator.api.updateModerationSettings({ mode: 'pre' }))).toMatchObject({ status: 403, code: 'role_forbidden' });
    expect(await moderator.api.moderationSettings()).toEqual({ mode: 'post', target_minutes: 30 });
  });

  test('undo takes back only the operator’s own last decision', async () => {
    const other = await newOperator(t, 'moderator', ['amora']);
    expect(await failure(other.api.moderationUndo())).toMatchObject({ status: 404 });
  });
});
