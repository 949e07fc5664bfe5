import { resolveLocale } from './locale';

const site = { siteLanguages: ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const, domainLanguage: 'nl' as const };

describe('locale choice', () => {
  it('takes the cookie first', () => {
    expect(resolveLocale({ ...site, siteLanguages: [...site.siteLanguages], cookie: 'pl', browserLanguages: ['de-DE'] })).toBe('pl');
  });
  it('then the first browser language the site offers', () => {
    expect(resolveLocale({ ...site, siteLanguages: [...site.siteLanguages], cookie: undefined, browserLanguages: ['ja', 'fr-BE', 'de'] })).toBe('fr');
  });
  it('then the site domain language', () => {
    expect(resolveLocale({ ...site, siteLanguages: [...site.siteLanguages], cookie: 'xx', browserLanguages: ['ja'] })).toBe('nl');
  });
  it('ignores a cookie for a language the site does not offer', () => {
    expect(resolveLocale({ siteLanguages: ['nl', 'en'], domainLanguage: 'nl', cookie: 'pl', browserLanguages: [] })).toBe('nl');
  });
});
