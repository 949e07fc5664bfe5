import {
  ageFromDateOfBirth,
  ageOn,
  dateOfBirthBounds,
  FREE_USER_ADS_AFTER_MS,
  isAllowedDateOfBirth,
  isRealDate,
  parseDateOfBirth,
  pickTracking,
  seesWebcamTiles,
  TrackingInfoSchema,
  visitorMaySearch,
} from '../src';

describe('age from a date of birth (one rule for client and server: the UTC date)', () => {
  it('turns a year older on the birthday itself, from 00:00 UTC', () => {
    expect(ageFromDateOfBirth('2000-06-15', new Date('2018-06-14T23:59:59.999Z'))).toBe(17);
    expect(ageFromDateOfBirth('2000-06-15', new Date('2018-06-15T00:00:00.000Z'))).toBe(18);
    expect(ageFromDateOfBirth('2000-06-15', new Date('2018-06-16T00:00:00.000Z'))).toBe(18);
  });

  it('counts the UTC date whatever the local time zone says', () => {
    // 23:30 on 14 June in New York is already 15 June in UTC: 18.
    expect(ageFromDateOfBirth('2000-06-15', new Date('2018-06-14T23:30:00-04:00'))).toBe(18);
    // 00:30 on 15 June in Amsterdam is still 14 June in UTC: 17.
    expect(ageFromDateOfBirth('2000-06-15', new Date('2018-06-15T00:30:00+02:00'))).toBe(17);
  });

  it('turns someone born on 29 February a year older on 1 March in years without it', () => {
    expect(ageOn({ year: 2000, month: 2, day: 29 }, new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn({ year: 2000, month: 2, day: 29 }, new Date('2018-03-01T00:00:00Z'))).toBe(18);
    expect(ageOn({ year: 2000, month: 2, day: 29 }, new Date('2020-02-29T00:00:00Z'))).toBe(20);
  });

  it('handles month and year ends', () => {
    expect(ageFromDateOfBirth('2000-12-31', new Date('2018-12-31T00:00:00Z'))).toBe(18);
    expect(ageFromDateOfBirth('2000-12-31', new Date('2019-01-01T00:00:00Z'))).toBe(18);
    expect(ageFromDateOfBirth('2001-01-01', new Date('2018-12-31T23:59:59Z'))).toBe(17);
  });

  it('has no age for an empty, malformed or impossible date', () => {
    for (const value of ['', '0000-00-00', null, undefined, '2000-6-15', '2000-02-30', '2001-02-29', '2000-13-01', '2000-04-31', 'x']) {
      expect(ageFromDateOfBirth(value, new Date('2020-01-01T00:00:00Z'))).toBeNull();
    }
    expect(parseDateOfBirth('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(1904, 2, 29)).toBe(true);
    expect(isRealDate(50, 1, 1)).toBe(true);
  });

  it('allows 18 to 100 years (spec §5)', () => {
    const now = new Date('2024-05-10T08:00:00Z');
    expect(isAllowedDateOfBirth('2006-05-10', now)).toBe(true);
    expect(isAllowedDateOfBirth('2006-05-11', now)).toBe(false);
    expect(isAllowedDateOfBirth('1923-05-11', now)).toBe(true); // 100
    expect(isAllowedDateOfBirth('1923-05-10', now)).toBe(false); // 101 today
    expect(isAllowedDateOfBirth('0000-00-00', now)).toBe(false);
  });
});

describe('the allowed range of dates of birth', () => {
  const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('is exactly what isAllowedDateOfBirth accepts, on every day of a leap and a common year', () => {
    for (let t = Date.parse('2023-01-01T12:00:00Z'); t < Date.parse('2025-01-01T00:00:00Z'); t += 86_400_000) {
      const now = new Date(t);
      const { earliest, latest } = dateOfBirthBounds(now);
      expect([now.toISOString(), isAllowedDateOfBirth(latest, now)]).toEqual([now.toISOString(), true]);
      expect(isAllowedDateOfBirth(shift(latest, 1), now)).toBe(false);
      expect(isAllowedDateOfBirth(earliest, now)).toBe(true);
      expect(isAllowedDateOfBirth(shift(earliest, -1), now)).toBe(false);
    }
  });

  it('gives 28 February as the latest date when 18 years back has no 29 February', () => {
    expect(dateOfBirthBounds(new Date('2024-02-29T10:00:00Z'))).toEqual({ earliest: '1923-03-01', latest: '2006-02-28' });
  });
});

describe('who sees webcam tiles (spec §6)', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  const signedUp = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('a free member who signed up more than 4 days ago, on a site that resells cams', () => {
    expect(FREE_USER_ADS_AFTER_MS).toBe(4 * 24 * 60 * 60 * 1000);
    expect(seesWebcamTiles({ paid_user: false, signup_date: signedUp(FREE_USER_ADS_AFTER_MS + 1) }, ['cams'], now)).toBe(true);
    expect(seesWebcamTiles({ paid_user: false, signup_date: signedUp(10 * 86_400_000) }, ['camads'], now)).toBe(true);
  });

  it('not a member who signed up 4 days ago or less', () => {
    expect(seesWebcamTiles({ paid_user: false, signup_date: signedUp(FREE_USER_ADS_AFTER_MS) }, ['cams'], now)).toBe(false);
    expect(seesWebcamTiles({ paid_user: false, signup_date: signedUp(3 * 86_400_000) }, ['cams'], now)).toBe(false);
  });

  it('not a paid member, not a visitor, not on a site without cams or camads', () => {
    const old = signedUp(30 * 86_400_000);
    expect(seesWebcamTiles({ paid_user: true, signup_date: old }, ['cams', 'camads'], now)).toBe(false);
    expect(seesWebcamTiles(null, ['cams'], now)).toBe(false);
    expect(seesWebcamTiles({ paid_user: false, signup_date: old }, [], now)).toBe(false);
    expect(seesWebcamTiles({ paid_user: false, signup_date: old }, ['dating'], now)).toBe(false);
  });
});

describe('tracking keys (spec §3)', () => {
  it('picks network, ref and sub1-3 from a query, nothing else, and the schema accepts exactly those', () => {
    const picked = pickTracking({ network: 'n1', ref: 'r', sub1: 'a', sub2: '', sub3: 'c', utm_source: 'x', page: '2' });
    expect(picked).toEqual({ network: 'n1', ref: 'r', sub1: 'a', sub3: 'c' });
    expect(pickTracking({ network: 'x'.repeat(300) }).network).toHaveLength(100);
    expect(Object.keys(TrackingInfoSchema.shape).sort()).toEqual(['network', 'ref', 'sub1', 'sub2', 'sub3']);
    expect(TrackingInfoSchema.safeParse({ network: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('logged-out search (spec §6)', () => {
  it('is allowed by logged_out_search, or by logged_out_search_trafficsource with a traffic source', () => {
    expect(visitorMaySearch({ logged_out_search: true, logged_out_search_trafficsource: false }, undefined)).toBe(true);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: true }, 'aff')).toBe(true);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: true }, undefined)).toBe(false);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: true }, '  ')).toBe(false);
    expect(visitorMaySearch({ logged_out_search: false, logged_out_search_trafficsource: false }, 'aff')).toBe(false);
  });
});
