import { STORAGE_COOKIE, STORAGE_COOKIE_MAX_AGE_S } from '@dating/shared';
import { memoryStorageEnv } from '../testing/testShell';
import { createClientStorage, STORAGE_MIRROR_KEY } from './storage';
import { captureTracking, countVisit } from './tracking';

describe('client storage', () => {
  it('keeps state in a 30-day SameSite=Lax cookie, mirrored in local storage', () => {
    const env = memoryStorageEnv();
    const storage = createClientStorage(env);
    storage.set('payment_country', 'NL');
    const written = env.writes.at(-1)!;
    expect(written).toMatch(new RegExp(`^${STORAGE_COOKIE}=`));
    expect(written).toContain(`Max-Age=${STORAGE_COOKIE_MAX_AGE_S}`);
    expect(STORAGE_COOKIE_MAX_AGE_S).toBe(2_592_000);
    expect(written).toContain('SameSite=Lax');
    expect(written).toContain('Path=/');
    expect(JSON.parse(decodeURIComponent(env.localData.get(STORAGE_MIRROR_KEY)!))).toEqual({ payment_country: 'NL' });
    expect(storage.get('payment_country')).toBe('NL');
  });

  it('marks the cookie Secure on https', () => {
    const env = { ...memoryStorageEnv(), secure: true };
    createClientStorage(env).set('skippedSiteEntryWarning', true);
    expect(env.writes.at(-1)).toContain('; Secure');
  });

  it('restores the cookie from the mirror when the cookie is gone', () => {
    const env = memoryStorageEnv();
    createClientStorage(env).set('lastChat', { profile: 9, date: '2025-03-01T10:00:00.000Z' });
    env.jar.clear();
    const again = createClientStorage(env);
    expect(again.get('lastChat')).toEqual({ profile: 9, date: '2025-03-01T10:00:00.000Z' });
    expect(env.jar.has(STORAGE_COOKIE)).toBe(true);
  });

  it('drops stored values that do not fit the contract, keeping the rest', () => {
    const env = memoryStorageEnv();
    env.jar.set(STORAGE_COOKIE, encodeURIComponent(JSON.stringify({ payment_country: 'Netherlands', skippedSiteEntryWarning: true })));
    const storage = createClientStorage(env);
    expect(storage.get('payment_country')).toBeUndefined();
    expect(storage.get('skippedSiteEntryWarning')).toBe(true);
    expect(() => storage.set('payment_country', 'nl' as never)).toThrow('payment_country does not fit its schema');
  });

  it('removes a key, and the cookie when nothing is left', () => {
    const env = memoryStorageEnv();
    const storage = createClientStorage(env);
    storage.set('skippedSiteEntryWarning', true);
    storage.remove('skippedSiteEntryWarning');
    expect(env.jar.has(STORAGE_COOKIE)).toBe(false);
    expect(env.localData.has(STORAGE_MIRROR_KEY)).toBe(false);
  });
});

describe('tracking parameters', () => {
  it('are captured from the entry URL and kept for the signup', () => {
    const storage = createClientStorage(memoryStorageEnv());
    expect(captureTracking('?network=adnet&ref=spring&sub1=a&sub2=b&sub3=c&page=2', storage)).toEqual({
      network: 'adnet', ref: 'spring', sub1: 'a', sub2: 'b', sub3: 'c',
    });
    // A later entry without parameters keeps what the first one brought.
    expect(captureTracking('?page=3', storage)).toEqual({ network: 'adnet', ref: 'spring', sub1: 'a', sub2: 'b', sub3: 'c' });
  });

  it('a new traffic source replaces the old one', () => {
    const storage = createClientStorage(memoryStorageEnv());
    captureTracking('?network=old&sub1=x', storage);
    expect(captureTracking('?network=new', storage)).toEqual({ network: 'new' });
  });

  it('are cut to the length the signup accepts', () => {
    const storage = createClientStorage(memoryStorageEnv());
    expect(captureTracking(`?ref=${'r'.repeat(300)}`, storage).ref).toHaveLength(100);
  });
});

describe('the visit of a browser session', () => {
  it('is counted once per session, with the entry’s traffic source and the page it began on', async () => {
    const sent: unknown[] = [];
    const api = { sendVisit: async (req: unknown) => (sent.push(req), true) };
    window.history.replaceState(null, '', '/landers/gallery/summer?network=adnet');
    countVisit(api, { network: 'adnet' }, sessionStorage);
    countVisit(api, { network: 'adnet' }, sessionStorage);
    expect(sent).toEqual([{ trafficsource: { network: 'adnet' }, path: '/landers/gallery/summer' }]);
    sessionStorage.clear();
    countVisit(api, {}, sessionStorage);
    expect(sent).toHaveLength(2);
  });

  it('never gets in the way: a failed call is forgotten', async () => {
    sessionStorage.clear();
    const api = { sendVisit: async () => false };
    expect(() => countVisit(api as never, {}, sessionStorage)).not.toThrow();
    await Promise.resolve();
  });
});
