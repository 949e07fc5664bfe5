import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ageFromDateOfBirth, dateOfBirthBounds, ErrorResponseSchema, MAX_AGE, type UserUpdate } from '@dating/shared';
import { imagesDir } from '../src/images/store';
import { signedUp } from './account-helpers';
import { failure, browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

/** The date of birth of someone who turns `years` today (plus `days` days). */
function bornYearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function put(b: Awaited<ReturnType<typeof signedUp>>, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/user.php',
    headers: { ...b.headers(), 'x-original-host': 'localhost' },
    payload: body as object,
  });
}

describe('PUT /api/user.php: location', () => {
  it('saves country, region (by name or by id) and city, and answers the updated user', async () => {
    const a = await signedUp(t);
    const { user } = await a.api.updateUser({ country: 'NL', countryregion: 'noord-holland', city: ' Amsterdam ' });
    expect(user.profile).toMatchObject({ country: 'NL', countryregion: 'Noord-Holland', city: 'Amsterdam' });
    const byId = await a.api.updateUser({ country: 'NL', countryregion: '110', city: 'Utrecht' });
    expect(byId.user.profile).toMatchObject({ countryregion: 'Utrecht', city: 'Utrecht' });
    const none = await a.api.updateUser({ country: 'DE', countryregion: '', city: '' });
    expect(none.user.profile).toMatchObject({ country: 'DE', countryregion: null, city: null });
  });

  it('keeps city-level coordinates for a known city, privately: they are never answered', async () => {
    const a = await signedUp(t);
    const { user } = await a.api.updateUser({ country: 'NL', countryregion: 'Utrecht', city: 'Utrecht' });
    const { rows } = await t.db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM members WHERE id = $1', [user.profile.id]);
    expect(rows[0]!.latitude).toBeCloseTo(52.09, 1);
    expect(JSON.stringify(user)).not.toMatch(/latitude|longitude|52\.0/);
    await a.api.updateUser({ country: 'NL', city: 'Nowhere-at-all' });
    const after = await t.db.query<{ latitude: number | null }>('SELECT latitude FROM members WHERE id = $1', [user.profile.id]);
    expect(after.rows[0]!.latitude).toBeNull();
  });

  it.each([
    ['a country the site does not serve', { country: 'JP' }, 'country'],
    ['no country', { city: 'Utrecht' }, 'country'],
    ['a region of another country', { country: 'NL', countryregion: 'Bayern' }, 'countryregion'],
    ['a region id of another country', { country: 'NL', countryregion: '302' }, 'countryregion'],
    ['a city of more than 255 characters', { country: 'NL', city: 'x'.repeat(256) }, 'city'],
    ['a city with control characters', { country: 'NL', city: 'Utrecht\u0007' }, 'city'],
    ['a region that is not text', { country: 'NL', countryregion: 12 }, 'countryregion'],
  ])('refuses %s with a 400 naming the field', async (_name, body, field) => {
    const a = await signedUp(t);
    const res = await put(a, body);
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it("refuses a country of the member pool that this site does not serve (velvet: no US)", async () => {
    const a = await signedUp(t, { language: 'nl' }, 'velvet.localhost');
    const err = await failure(a.api.updateUser({ country: 'US' }));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'country' });
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    const err = await failure(b.api.updateUser({ country: 'NL' }));
    expect({ status: err.status, code: err.code }).toEqual({ status: 403, code: 'login_required' });
  });
});

describe('PUT /api/user.php: profile', () => {
  it('saves the given fields and the signup step, and leaves the others alone', async () => {
    const a = await signedUp(t);
    await a.api.updateUser({ country: 'NL', city: 'Utrecht' });
    const update: UserUpdate = {
      profile: {
        gender: 'female',
        date_of_birth: '1990-05-17',
        personal: 'Walks by the canal.\nAnd cake.',
        fields: { relationship: 'single', eye_color: 'green', height: '170_179' },
        lastSignupStep: 5,
      },
    };
    const { user } = await a.api.updateUser(update);
    expect(user.profile).toMatchObject({
      name: 'Robin',
      gender: 'female',
      date_of_birth: '1990-05-17',
      personal: 'Walks by the canal.\nAnd cake.',
      city: 'Utrecht',
      lastSignupStep: 5,
      fields: { relationship: 'single', eye_color: 'green', height: '170_179' },
    });
    expect(user.profile.age).toBeGreaterThanOrEqual(34);
    const again = await a.api.updateUser({ profile: { name: 'Robin B.', fields: { eye_color: '', smoking: 'never' }, language: 'nl' } });
    expect(again.user.profile).toMatchObject({
      name: 'Robin B.',
      gender: 'female',
      language: 'nl',
      fields: { relationship: 'single', height: '170_179', smoking: 'never' },
    });
    expect((await a.api.getUser()).user?.profile.fields).toEqual({ relationship: 'single', height: '170_179', smoking: 'never' });
  });

  it('takes a member who turns 18 today, and 0000-00-00 to clear the date of birth', async () => {
    const a = await signedUp(t);
    expect((await a.api.updateUser({ profile: { date_of_birth: bornYearsAgo(18) } })).user.profile.age).toBe(18);
    expect((await a.api.updateUser({ profile: { date_of_birth: '0000-00-00' } })).user.profile).toMatchObject({
      date_of_birth: '0000-00-00',
      age: null,
    });
  });

  it('takes the oldest member the shared rule allows, and shows the age the signup form counts', async () => {
    const a = await signedUp(t);
    const { earliest } = dateOfBirthBounds();
    const { user } = await a.api.updateUser({ profile: { date_of_birth: earliest } });
    expect(user.profile.age).toBe(MAX_AGE);
    expect(user.profile.age).toBe(ageFromDateOfBirth(earliest));
  });

  it.each([
    ['someone under 18 (turns 18 tomorrow)', bornYearsAgo(18, 1)],
    ['someone over 100', bornYearsAgo(101)],
    ['a date that does not exist', '2001-02-30'],
    ['month 13', '1990-13-01'],
    ['a date in the future', '2999-01-01'],
  ])('refuses the date of birth of %s with profile.date_of_birth_error', async (_name, date) => {
    const a = await signedUp(t);
    // Sent as is: the typed client applies the same contract rule and would refuse before sending.
    await expect(a.api.updateUser({ profile: { date_of_birth: date } })).rejects.toThrow('profile.date_of_birth_error');
    const res = await put(a, { profile: { date_of_birth: date } });
    expect({ status: res.statusCode, field: res.json().field, message: res.json().message }).toEqual({
      status: 400,
      field: 'profile.date_of_birth',
      message: 'profile.date_of_birth_error',
    });
  });

  it.each([
    ['a field the site does not have', { fields: { shoe_size: '42' } }, 'profile.fields.shoe_size'],
    ['a value the field does not allow', { fields: { eye_color: 'purple' } }, 'profile.fields.eye_color'],
    ['a date of birth in another format', { date_of_birth: '17-05-1990' }, 'profile.date_of_birth'],
    ['a signup step beyond 7', { lastSignupStep: 8 }, 'profile.lastSignupStep'],
    ['an unknown gender', { gender: 'other' }, 'profile.gender'],
    ['an empty name', { name: ' ' }, 'profile.name'],
    ['a name starting with @', { name: '@me' }, 'profile.name'],
    ['a language that does not exist', { language: 'xx' }, 'profile.language'],
    ['profile notes of more than 5000 characters', { personal: 'x'.repeat(5001) }, 'profile.personal'],
    ['a profile that is not an object', 'me', 'profile'],
  ])('refuses %s with a 400 naming the field', async (_name, profile, field) => {
    const a = await signedUp(t);
    const res = await put(a, { profile });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
  });

  it("refuses a field another site shows but this one does not (velvet: no height)", async () => {
    const a = await signedUp(t, { language: 'nl' }, 'velvet.localhost');
    const err = await failure(a.api.updateUser({ profile: { fields: { height: '170_179' } } }));
    expect(err.field).toBe('profile.fields.height');
    expect((await a.api.updateUser({ profile: { fields: { smoking: 'never' } } })).user.profile.fields).toEqual({ smoking: 'never' });
  });
});

describe('DELETE /api/user.php: account deletion', () => {
  it('needs the password: a wrong one is a 400 naming password and deletes nothing', async () => {
    const a = await signedUp(t);
    const err = await failure(a.api.deleteAccount('not my password'));
    expect({ status: err.status, field: err.field, code: err.code }).toEqual({ status: 400, field: 'password', code: 'wrong_password' });
    expect((await a.api.getUser()).user).not.toBeNull();
  });

  it("deletes the member, their photos and every session, answers 'done', and the address reads deleted", async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    // A second browser logged in as the same member.
    const other = browser(t.app);
    await other.visit();
    await other.api.login({ email, password: a.password });
    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    const { image } = await a.api.uploadProfileImage(new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const thumbFile = path.join(imagesDir(t.config), image.thumb_filename.slice(0, 2), image.thumb_filename);
    expect(fs.existsSync(thumbFile)).toBe(true);

    expect(await a.api.deleteAccount(a.password)).toBe('done');
    expect((await a.api.getUser()).user).toBeNull();
    expect((await other.api.getUser()).user).toBeNull();
    expect(fs.existsSync(thumbFile)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${image.thumb_filename}` })).statusCode).toBe(404);
    const { rows } = await t.db.query('SELECT 1 FROM members WHERE id = $1', [a.user.profile.id]);
    expect(rows).toHaveLength(0);
    const { rows: kept } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM deleted_emails WHERE email_hash LIKE '%@%'");
    expect(kept[0]!.n).toBe(0); // the address itself is not kept
    expect((await a.api.validateEmail(email)).status).toBe('deleted');
    const stranger = browser(t.app);
    await stranger.visit();
    const login = await failure(stranger.api.login({ email, password: a.password }));
    expect(login.status).toBe(401);
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    const err = await failure(b.api.deleteAccount('whatever'));
    expect(err.status).toBe(403);
  });

  it('is a 400 naming password without one', async () => {
    const a = await signedUp(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php',
      headers: a.headers(),
      payload: { pass: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'password' });
  });
});
