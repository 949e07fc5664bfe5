import { newIdempotencyKey, type ApiClient, type CampaignCreate } from '@dating/shared';
import { browser, failure, operatorBrowser, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs } from './social-helpers';
import { linkIn, mailsTo, signedUp } from './account-helpers';

let t: TestApi;
/** The development operator (admin) in two browsers: one acting on amora, one switched to velvet. */
let amoraOperator: Awaited<ReturnType<typeof operatorBrowser>>;
let velvetOperator: Awaited<ReturnType<typeof operatorBrowser>>;

beforeAll(async () => {
  t = await startTestApi();
  amoraOperator = await operatorBrowser(t.app);
  velvetOperator = await operatorBrowser(t.app);
  await velvetOperator.api.operatorSwitchSite(velvetOperator.operator.sites.find((s) => s.name === 'velvet')!.id);
}, 60_000);

afterAll(() => t.close());

/** The operator's client: an operator session whose current site is amora, or velvet. */
function operator(site: 'amora' | 'velvet' = 'amora'): ApiClient {
  return (site === 'velvet' ? velvetOperator : amoraOperator).api;
}

const SPRING: CampaignCreate = {
  slug: 'spring-walks',
  kinds: ['gallery', 'iconslanding'],
  texts: {
    en: { headline: 'Walk into spring together', text: 'Parks, markets and long walks: meet singles who love the outdoors.' },
    nl: { headline: 'Wandel samen de lente in', text: 'Parken, markten en lange wandelingen: ontmoet singles die van buiten zijn houden.' },
  },
  target_gender: 'female',
  min_age: 30,
  max_age: 50,
};

/** A raw operator call, to send what the typed client would refuse. */
async function raw(method: string, body: unknown, asOperator = true, url = '/api/admin/campaigns.php') {
  const visitor = browser(t.app);
  if (!asOperator) await visitor.visit();
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { 'x-original-host': 'localhost:8080', ...(asOperator ? amoraOperator.headers() : visitor.headers()) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json() as { error: string; message: string; field?: string } };
}

describe('operators add campaigns as data: /api/admin/campaigns.php', () => {
  test('a created campaign is live at /landers/{kind}/{slug} in every kind it allows; deactivated it answers 404', async () => {
    const visitor = browser(t.app).api;
    await expect(visitor.lander({ kind: 'gallery', slug: 'spring-walks' })).rejects.toMatchObject({ status: 404 });

    const { campaign } = await operator().createCampaign(SPRING);
    expect(campaign).toMatchObject({
      slug: 'spring-walks',
      active: true,
      video_url: null,
      featured_member_ids: [],
      paths: ['/landers/gallery/spring-walks', '/landers/iconslanding/spring-walks'],
    });

    const nl = await visitor.lander({ kind: 'gallery', slug: 'spring-walks', lang: 'nl' });
    expect(nl.campaign).toMatchObject({ headline: 'Wandel samen de lente in', language: 'nl', target_gender: 'female', min_age: 30, max_age: 50 });
    // A language the campaign has no texts for: the site's language (amora: English).
    expect((await visitor.lander({ kind: 'iconslanding', slug: 'spring-walks', lang: 'pl' })).campaign.headline).toBe('Walk into spring together');
    // A kind the campaign does not allow stays a 404.
    await expect(visitor.lander({ kind: 'video', slug: 'spring-walks' })).rejects.toMatchObject({ status: 404 });

    const off = await operator().deactivateCampaign('spring-walks');
    expect(off.campaign).toMatchObject({ active: false, paths: [] });
    await expect(visitor.lander({ kind: 'gallery', slug: 'spring-walks' })).rejects.toMatchObject({ status: 404 });
    // The row stays: the list still has it, inactive, and PUT brings it back.
    const listed = (await operator().listCampaigns()).campaigns.find((c) => c.slug === 'spring-walks');
    expect(listed).toMatchObject({ active: false, texts: SPRING.texts });
    await operator().updateCampaign({ slug: 'spring-walks', active: true });
    expect((await visitor.lander({ kind: 'gallery', slug: 'spring-walks' })).campaign.slug).toBe('spring-walks');
  });

  test('an update changes only the fields given; featured members lead the page', async () => {
    const star = await addMember(t.db, { name: 'Featured Fenna', gender: 'female', dateOfBirth: '1986-05-05', city: 'Utrecht' });
    await operator().createCampaign({ ...SPRING, slug: 'autumn-cafes', kinds: ['collagelanding'] });
    const { campaign } = await operator().updateCampaign({
      slug: 'autumn-cafes',
      kinds: ['collagelanding', 'video'],
      video_url: 'https://cdn.example/autumn.mp4',
      featured_member_ids: [star.id],
      max_age: 60,
    });
    expect(campaign).toMatchObject({ kinds: ['collagelanding', 'video'], min_age: 30, max_age: 60, target_gender: 'female', texts: SPRING.texts });
    const page = await browser(t.app).api.lander({ kind: 'video', slug: 'autumn-cafes' });
    expect(page.campaign.video_url).toBe('https://cdn.example/autumn.mp4');
    expect(page.members[0]).toMatchObject({ id: star.id, name: 'Featured Fenna' });
  });

  test('campaigns belong to their site: velvet’s operator view has velvet’s, and a slug is free per site', async () => {
    const velvet = operator('velvet');
    const slugs = (await velvet.listCampaigns()).campaigns.map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['after-dark', 'summer-love']));
    expect(slugs).not.toContain('women-nearby');
    await velvet.createCampaign({ ...SPRING, slug: 'spring-walks' });
    expect((await browser(t.app, 'velvet.localhost:8080').api.lander({ kind: 'gallery', slug: 'spring-walks' })).campaign.slug).toBe(
      'spring-walks',
    );
  });

  test('400 with the field: unknown kind, duplicate slug, bad age range, no texts, bad slug, bad video, unknown featured member', async () => {
    await operator().createCampaign({ ...SPRING, slug: 'taken-slug' });
    const cases: [unknown, string, RegExp][] = [
      [{ ...SPRING, slug: 'new-one', kinds: ['gallery', 'bogus'] }, 'kinds.1', /unknown lander kind/],
      [{ ...SPRING, slug: 'new-one', kinds: [] }, 'kinds', /at least one/],
      [{ ...SPRING, slug: 'taken-slug' }, 'slug', /already has a campaign "taken-slug"/],
      [{ ...SPRING, slug: 'new-one', min_age: 50, max_age: 30 }, 'max_age', /ends before it starts/],
      [{ ...SPRING, slug: 'new-one', min_age: 16 }, 'min_age', /at least 18/],
      [{ ...SPRING, slug: 'new-one', texts: {} }, 'texts', /at least one language/],
      [{ ...SPRING, slug: 'new-one', texts: { xx: { headline: 'a', text: 'b' } } }, 'texts', /./],
      [{ ...SPRING, slug: 'New One!' }, 'slug', /lower-case slug/],
      [{ ...SPRING, slug: 'new-one', video_url: 'http://insecure.example/v.mp4' }, 'video_url', /https/],
      [{ ...SPRING, slug: 'new-one', featured_member_ids: [99999] }, 'featured_member_ids', /99999 is not an active member/],
    ];
    for (const [body, field, message] of cases) {
      const res = await raw('POST', body);
      expect({ status: res.status, field: res.body.field?.startsWith(field) ? field : res.body.field }).toEqual({ status: 400, field });
      expect(res.body.message).toMatch(message);
    }
    // An update whose merged range is inverted, and one of a campaign the site does not have.
    expect(await raw('PUT', { slug: 'taken-slug', min_age: 55 })).toMatchObject({ status: 400, body: { field: 'min_age' } });
    expect(await raw('PUT', { slug: 'no-such-campaign', active: false })).toMatchObject({ status: 404, body: { field: 'slug' } });
    expect((await raw('DELETE', undefined, true, '/api/admin/campaigns.php?slug=no-such-campaign')).status).toBe(404);
    expect((await raw('DELETE', undefined, true, '/api/admin/campaigns.php')).body).toMatchObject({ field: 'slug' });
    // Nothing of the refused ones was stored.
    expect((await operator().listCampaigns()).campaigns.map((c) => c.slug)).not.toContain('new-one');
  });

  test('authorization: a logged-in member, a visitor and a wrong token are refused and change nothing', async () => {
    const member = await loginAs(t.app, await addMember(t.db, { name: 'Curious Member' }));
    const attempts = [
      member.api.listCampaigns(),
      member.api.createCampaign({ ...SPRING, slug: 'member-made' }),
      member.api.updateCampaign({ slug: 'summer-love', active: false }),
      member.api.deactivateCampaign('summer-love'),
      browser(t.app).api.listCampaigns(),
    ];
    for (const attempt of attempts) expect(await failure(attempt)).toMatchObject({ status: 403, code: 'operator_login_required' });
    expect((await raw('POST', { ...SPRING, slug: 'member-made' }, false)).status).toBe(403);
    // The old shared bearer token opens nothing.
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/campaigns.php', headers: { authorization: 'Bearer test-admin-token-0123456789' } });
    expect(res.statusCode).toBe(403);
    const { campaigns } = await operator().listCampaigns();
    expect(campaigns.map((c) => c.slug)).not.toContain('member-made');
    expect(campaigns.find((c) => c.slug === 'summer-love')!.active).toBe(true);
  });
});

describe('a campaign\'s own figures', () => {
  test('visitors, signups on its landers, their activations and first purchases come from the stored data; the list names the hosts and traffic sources for the tracking link', async () => {
    await operator().createCampaign({ ...SPRING, slug: 'figures-walks', kinds: ['gallery', 'video'] });
    const visitor = browser(t.app).api;
    await visitor.lander({ kind: 'gallery', slug: 'figures-walks' });
    await visitor.lander({ kind: 'gallery', slug: 'figures-walks' });
    await visitor.lander({ kind: 'video', slug: 'figures-walks' });
    // A kind the campaign does not use is no visit.
    await expect(visitor.lander({ kind: 'maplanding', slug: 'figures-walks' })).rejects.toMatchObject({ status: 404 });

    const a = await signedUp(t, { form_path: '/landers/gallery/figures-walks', trafficsource: { network: 'affiliate', ref: 'r1' } });
    await signedUp(t, { form_path: '/landers/video/figures-walks' });
    // A signup elsewhere does not count.
    await signedUp(t, { form_path: '/signup' });
    // One activates through the mail's link, and buys credits.
    const activation = (await mailsTo(t.db, a.request.email)).find((m) => m.kind === 'activation')!;
    const link = linkIn(activation);
    await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { 'x-original-host': 'localhost:8080' } });
    const pkg = (await a.api.credits()).packages.find((p) => p.id === 'starter')!;
    const paid = await a.api.createPayment({ idempotency_key: newIdempotencyKey(), kind: 'credits', package_id: pkg.id, method: 'ideal', expected_amount_cents: pkg.amount_cents, consent: true });
    await t.app.inject({ method: 'POST', url: new URL(paid.checkout_url!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=paid' });

    const list = await operator().listCampaigns();
    expect(list.campaigns.find((c) => c.slug === 'figures-walks')!.figures).toEqual({ visitors: 3, signups: 2, activations: 1, first_purchases: 1 });
    expect(list.hosts).toContain('localhost');
    expect(list.traffic_sources.length).toBeGreaterThan(0);
    // Another site's operator sees its own campaigns only.
    expect((await operator('velvet').listCampaigns()).campaigns.map((c) => c.slug)).not.toContain('figures-walks');
  });
});
