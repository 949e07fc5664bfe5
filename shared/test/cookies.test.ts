import { cookieString, cookieValue } from '../src/cookies';

describe('cookies: one way to read and write them on the client', () => {
  it('finds a cookie by its exact name and decodes it', () => {
    const all = 'xlocale=pl; locale=nl; client_state=%7B%22a%22%3A1%7D;csrf=t%2Bk';
    expect(cookieValue(all, 'locale')).toBe('nl');
    expect(cookieValue(all, 'client_state')).toBe('{"a":1}');
    expect(cookieValue(all, 'csrf')).toBe('t+k');
    expect(cookieValue(all, 'missing')).toBeUndefined();
    expect(cookieValue('', 'locale')).toBeUndefined();
  });

  it('answers undefined for a value that does not decode instead of throwing', () => {
    expect(cookieValue('locale=%E0%A4%A', 'locale')).toBeUndefined();
  });

  it('writes site-wide SameSite=Lax cookies, Secure on request, and removes them', () => {
    expect(cookieString('locale', 'de', { maxAgeS: 31_536_000 })).toBe('locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(cookieString('client_state', '{"a":"b c"}', { maxAgeS: 60, secure: true })).toBe(
      'client_state=%7B%22a%22%3A%22b%20c%22%7D; Max-Age=60; Path=/; SameSite=Lax; Secure',
    );
    expect(cookieString('client_state', null, { maxAgeS: 60 })).toBe('client_state=; Max-Age=0; Path=/; SameSite=Lax');
    const written = cookieString('t', 'a;b=c%', { maxAgeS: 1 });
    expect(cookieValue(written.split('; ')[0]!, 't')).toBe('a;b=c%');
  });
});
