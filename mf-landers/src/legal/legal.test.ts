// The legal and help texts are part of done in every language: each page has substantial, real
// text in all seven locales (not a placeholder, not an English copy), the same structure in each,
// and only placeholders the company info can fill.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CSRF_COOKIE, LOCALE_COOKIE, LOCALES, STORAGE_COOKIE } from '@dating/shared';
import { siteSettings } from '@dating/shared/testing';
import { LEGAL, LEGAL_PAGES, STORAGE_ITEMS, fillLegal, legalFacts, type LegalDocument } from '.';

/** Characters of text a page has at least, in every language. */
const MIN_CHARS: Record<(typeof LEGAL_PAGES)[number], number> = {
  terms: 4000,
  privacy: 4000,
  cookies: 1000,
  faq: 3000,
  'return-policy': 2000,
  service: 350,
  ban: 800,
  'site-run': 1500,
};

const text = (d: LegalDocument) =>
  [d.title, d.intro, ...d.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.list ?? [])])].join('\n');

describe.each(LEGAL_PAGES)('legal page %s', (page) => {
  it.each(LOCALES)('has substantial text in %s', (locale) => {
    const doc = LEGAL[page][locale];
    expect(text(doc).length).toBeGreaterThanOrEqual(MIN_CHARS[page]);
    expect(text(doc)).not.toMatch(/coming soon|published here soon|lorem ipsum|binnenkort|demnächst/i);
    expect(text(doc)).not.toMatch(/\bTODO\b|\bXXX\b/);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has the structure of en and is translated', (locale) => {
    const en = LEGAL[page].en;
    const doc = LEGAL[page][locale];
    expect(doc.sections.map((s) => [!!s.paragraphs, !!s.list, s.when])).toEqual(
      en.sections.map((s) => [!!s.paragraphs, !!s.list, s.when]),
    );
    // Short headings ("4. Premium") may read the same; the sections' text never does.
    const body = (s: LegalDocument['sections'][number]) => [...(s.paragraphs ?? []), ...(s.list ?? [])].join('\n');
    expect(doc.sections.filter((s, i) => body(s) === body(en.sections[i]!))).toEqual([]);
    expect(doc.sections.filter((s, i) => s.heading === en.sections[i]!.heading).length).toBeLessThanOrEqual(Math.floor(en.sections.length / 4));
    expect(doc.intro).not.toBe(en.intro);
  });

  it('uses only placeholders the company info fills, and leaves none unfilled', () => {
    for (const locale of LOCALES) {
      const filled = text(fillLegal(LEGAL[page][locale], legalFacts(siteSettings(), locale), siteSettings()));
      expect(filled).not.toMatch(/\{[a-z]+\}/);
    }
  });
});

describe('the FAQ', () => {
  it.each(LOCALES)('answers at least 12 questions in %s, on credits, premium, cancelling, deleting, safety, reporting, photos and notifications', (locale) => {
    const faq = LEGAL.faq[locale];
    expect(faq.sections.length).toBeGreaterThanOrEqual(12);
    for (const q of faq.sections) expect(q.heading.trim()).toMatch(/[?？]$/);
  });
});

describe('the terms', () => {
  it('disclose profiles run by the service on every site, with the icon only where the site shows one', () => {
    const withIcon = fillLegal(LEGAL.terms.en, legalFacts(siteSettings({ settings: { fictional_icon: true } }), 'en'), siteSettings({ settings: { fictional_icon: true } }));
    const without = fillLegal(LEGAL.terms.en, legalFacts(siteSettings({ settings: { fictional_icon: false } }), 'en'), siteSettings({ settings: { fictional_icon: false } }));
    expect(text(withIcon)).toMatch(/carry a clear icon/);
    expect(text(without)).not.toMatch(/carry a clear icon/);
    expect(text(without)).toMatch(/run by our own moderators/);
  });
});

describe('the cookie table', () => {
  const ROOT = path.resolve(__dirname, '../../..');
  const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
  const names = STORAGE_ITEMS.map((i) => i.name);

  it('lists the cookies the API and the shell set', () => {
    const sessionCookie = /SESSION_COOKIE = '([^']+)'/.exec(source('api/src/session/session.ts'))![1];
    const deviceCookie = /DEVICE_COOKIE = '([^']+)'/.exec(source('api/src/session/session.ts'))![1];
    expect(names).toEqual(expect.arrayContaining([sessionCookie, deviceCookie, CSRF_COOKIE, LOCALE_COOKIE, STORAGE_COOKIE]));
  });

  it('lists the local storage keys, caches and databases of the shell and its service worker', () => {
    const mirror = /STORAGE_MIRROR_KEY = '([^']+)'/.exec(source('shell/src/storage/storage.ts'))![1];
    const siteCopy = /SITE_COPY_KEY = '([^']+)'/.exec(source('shell/src/bootstrap.tsx'))![1];
    const caches = [...source('shell/rspack.config.js').matchAll(/cacheName: '([^']+)'/g)].map((m) => m[1]);
    expect(caches.length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining([mirror, siteCopy, ...caches, 'workbox-expiration']));
    expect(names.some((n) => n.startsWith('workbox-precache'))).toBe(true);
  });

  it('says purpose and lifetime of every item in every language', () => {
    for (const item of STORAGE_ITEMS) {
      for (const locale of LOCALES) {
        expect(item.purpose[locale].length).toBeGreaterThan(15);
        expect(item.lifetime[locale].length).toBeGreaterThan(2);
      }
    }
  });
});
