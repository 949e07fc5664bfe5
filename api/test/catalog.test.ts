import { CompanyInfoSchema, LOCALE_COOKIE } from '@dating/shared';
import { reverseGeocode } from '../src/geocode';
import { ENGLAND_ANCHORS, REGION_BY_ADMIN_CODE } from '../src/geocode/regions';
import { ALL_COUNTRIES, regionData } from '../src/seed/regions';
import { signedUp } from './account-helpers';
import { failure, browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/geocode.php', () => {
  it('finds Amsterdam, Noord-Holland, NL from coordinates in the city', async () => {
    expect(await browser(t.app).api.geocode(52.3731, 4.8922)).toEqual({ country: 'NL', countryregion: 'Noord-Holland', city: 'Amsterdam' });
  });

  it.each([
    [50.8467, 4.3525, 'BE', 'Brussel', 'Brussels'],
    [51.05, 3.72, 'BE', 'Oost-Vlaanderen', 'Gent'],
    [49.68, 5.81, 'BE', 'Luxemburg', 'Arlon'],
    [53.48, -2.24, 'GB', 'North West England', 'Manchester'],
    [51.5074, -0.1278, 'GB', 'London', 'London'],
    [55.95, -3.19, 'GB', 'Scotland', 'Edinburgh'],
    [48.14, 11.58, 'DE', 'Bayern', 'Munich'],
    [45.5, -73.57, 'CA', 'Quebec', 'Montréal'],
    [-41.29, 174.78, 'NZ', 'Wellington', 'Wellington'],
    [50.06, 19.94, 'PL', 'Małopolskie', 'Kraków'],
  ])('maps %f, %f to %s, %s, %s', async (lat, lon, country, countryregion, city) => {
    expect(await browser(t.app).api.geocode(lat, lon)).toEqual({ country, countryregion, city });
  });

  it('answers the nearest coastal town for a point just off the coast, and nothing in the open sea', async () => {
    expect((await browser(t.app).api.geocode(52.4, 4.45)).country).toBe('NL');
    expect(await browser(t.app).api.geocode(55.0, 3.0)).toEqual({ country: null, countryregion: null, city: null });
  });

  it("answers nothing outside the site's countries (velvet serves no Italy; nobody serves Portugal)", async () => {
    expect(await browser(t.app, 'velvet.localhost').api.geocode(45.4642, 9.19)).toEqual({ country: null, countryregion: null, city: null });
    expect((await browser(t.app).api.geocode(45.4642, 9.19)).country).toBe('IT');
    expect((await browser(t.app).api.geocode(38.72, -9.14)).country).toBeNull();
  });

  it('never answers the coordinates it was given', async () => {
    const res = await get('/api/geocode.php?lat=52.3731234&lon=4.8922345');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ country: 'NL', city: 'Amsterdam' });
    expect(res.body).not.toMatch(/52\.37|4\.89|lat|lon/);
  });

  it.each([
    ['lat=&lon=4.9', 'lat'],
    ['lon=4.9', 'lat'],
    ['lat=52.3', 'lon'],
    ['lat=91&lon=0', 'lat'],
    ['lat=0&lon=-180.5', 'lon'],
    ['lat=abc&lon=1', 'lat'],
    ['lat=1e3&lon=1', 'lat'],
    ['lat=NaN&lon=1', 'lat'],
    ['lat=Infinity&lon=1', 'lat'],
    ['lat=0x10&lon=1', 'lat'],
    ['lat=1&lat=2&lon=1', 'lat'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/geocode.php?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it("maps only to regions the seeded region_data has (every code and anchor)", () => {
    const data = regionData(ALL_COUNTRIES);
    const names = (c: string) => new Set(data[c]!.map((r) => r.name));
    for (const [country, codes] of Object.entries(REGION_BY_ADMIN_CODE)) {
      for (const region of Object.values(codes)) expect(`${country}: ${names(country).has(region) ? region : `missing ${region}`}`).toBe(`${country}: ${region}`);
    }
    for (const region of Object.keys(ENGLAND_ANCHORS)) expect(names('GB').has(region)).toBe(true);
    // Every region of every country is reachable from some city.
    const reached = new Set(Object.values(REGION_BY_ADMIN_CODE).flatMap((c) => Object.values(c)));
    expect(reverseGeocode(51.2194, 4.4025, ALL_COUNTRIES, data).countryregion).toBe('Antwerpen');
    for (const country of ALL_COUNTRIES.filter((c) => c !== 'BE' && c !== 'GB')) {
      for (const r of data[country]!) expect(`${country}/${r.name}: ${reached.has(r.name)}`).toBe(`${country}/${r.name}: true`);
    }
  });
});

describe('catalogues', () => {
  it("GET profile_fields.php answers the allowed values of the site's configurable fields, in its order", async () => {
    const { allowed_values } = await browser(t.app).api.profileFields();
    expect(Object.keys(allowed_values)).toEqual(['relationship', 'looking_for', 'height', 'eye_color', 'hair_color', 'smoking']);
    expect(allowed_values.relationship).toEqual(['single', 'divorced', 'separated', 'widowed', 'open_relationship']);
    const velvet = await browser(t.app, 'velvet.localhost').api.profileFields();
    expect(Object.keys(velvet.allowed_values)).toEqual(['relationship', 'looking_for', 'smoking']);
  });

  it("GET regions.php answers the site's regions per country", async () => {
    const { region_data } = await browser(t.app, 'velvet.localhost').api.regions();
    expect(Object.keys(region_data).sort()).toEqual(['AT', 'BE', 'CH', 'DE', 'FR', 'GB', 'NL']);
    expect(region_data.NL).toContainEqual({ id: 108, name: 'Noord-Holland' });
  });

  it('GET interests.php names the interests in the language of the locale cookie, else the site’s', async () => {
    const en = await browser(t.app).api.interests();
    expect(en.interests.length).toBeGreaterThanOrEqual(15);
    expect(en.interests).toContainEqual({ id: 1, name: 'Travel' });
    const de = await get('/api/interests.php', { cookie: `${LOCALE_COOKIE}=de` });
    expect(de.json().interests).toContainEqual({ id: 1, name: 'Reisen' });
    expect(de.headers['content-language']).toBe('de');
    const velvet = await get('/api/interests.php', { 'x-original-host': 'velvet.localhost' });
    expect(velvet.json().interests).toContainEqual({ id: 1, name: 'Reizen' });
    const pl = await get('/api/interests.php', { cookie: `${LOCALE_COOKIE}=pl`, 'x-original-host': 'velvet.localhost' });
    expect(pl.json().interests).toContainEqual({ id: 1, name: 'Reizen' }); // velvet does not offer Polish
  });

  it("GET companyinfo.php answers the site's company", async () => {
    expect(CompanyInfoSchema.parse(await browser(t.app).api.companyInfo())).toMatchObject({ name: 'Amora Online B.V.', city: 'Amsterdam' });
    expect((await browser(t.app, 'velvet.localhost').api.companyInfo()).name).toBe('Velvet Media GmbH');
  });
});

describe('GET /api/discountcode.php', () => {
  it('welcome=true: a new free member has the welcome code of the site', async () => {
    const a = await signedUp(t);
    expect(await a.api.discountCode({ welcome: 'true' })).toEqual({
      discount: { code: 'WELCOME25', percentage: 25, extra_credits: null, expires_at: null, welcome: true },
    });
    const v = await signedUp(t, { language: 'nl' }, 'velvet.localhost');
    expect((await v.api.discountCode({ welcome: 'true' })).discount?.code).toBe('VELVET20');
  });

  it('welcome=true: no code for a visitor, a paying member or a member who signed up too long ago', async () => {
    expect(await browser(t.app).api.discountCode({ welcome: 'true' })).toEqual({ discount: null });
    const paid = await signedUp(t);
    await t.db.query('UPDATE members SET paid_user = true WHERE id = $1', [paid.user.profile.id]);
    expect(await paid.api.discountCode({ welcome: 'true' })).toEqual({ discount: null });
    const old = await signedUp(t);
    await t.db.query(`UPDATE members SET signup_date = now() - interval '8 days' WHERE id = $1`, [old.user.profile.id]);
    expect(await old.api.discountCode({ welcome: 'true' })).toEqual({ discount: null });
  });

  it('looks other codes up by code (any case) or traffic source, never an expired one or another site’s', async () => {
    const api = browser(t.app).api;
    expect((await api.discountCode({ code: 'spring20' })).discount).toMatchObject({ code: 'SPRING20', percentage: 20, welcome: false });
    expect((await api.discountCode({ code: 'SPRING20' })).discount?.expires_at).toMatch(/^\d{4}-/);
    expect((await api.discountCode({ network: 'affiliate' })).discount?.code).toBe('PARTNER15');
    expect(await api.discountCode({ code: 'OLDNEWS10' })).toEqual({ discount: null });
    expect(await api.discountCode({ code: 'NIGHTS10' })).toEqual({ discount: null });
    expect(await api.discountCode({ code: 'WELCOME25' })).toEqual({ discount: null });
    expect(await api.discountCode({ utm_source: 'mail', page: '2' })).toEqual({ discount: null });
  });

  it.each([
    ['welcome=yes', 'welcome'],
    ["code=' OR 1=1 --", 'code'],
    [`code=${'A'.repeat(41)}`, 'code'],
    ['network=a%00b', 'network'],
    ['code=a&code=b', 'code'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const res = await get(`/api/discountcode.php?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });

  it('answers null when asked for nothing', async () => {
    expect(await browser(t.app).api.discountCode()).toEqual({ discount: null });
  });

  it('a failing call is a proper error (checked by the client)', async () => {
    const err = await failure(browser(t.app).api.discountCode({ welcome: 'maybe' }));
    expect(err.status).toBe(400);
  });
});
