// Phrasing a native speaker would not write: Polish declines names, so "O mnie: Miguel" (about me:
// Miguel) on someone else's profile and "Zablokuj: Miguel" read like form labels. The messages say
// "Miguel o sobie" and "Zablokuj użytkownika Miguel", keeping the name in the nominative. Below, the
// rules of docs/i18n.md ("Wording") that a pattern can catch, over every catalog members read.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const pl = (pkg: string): Record<string, string> => JSON.parse(readFileSync(path.join(ROOT, pkg, 'src/i18n/pl.json'), 'utf8'));

describe('Polish speaks of another member naturally', () => {
  it.each([
    ['mf-search', 'member.about', '{name} o sobie'],
    ['mf-landers', 'memberLanding.about', '{name} o sobie'],
    ['mf-chat', 'block.button', 'Zablokuj użytkownika {name}'],
    ['mf-chat', 'unblock.button', 'Odblokuj użytkownika {name}'],
    ['mf-chat', 'report.button', 'Zgłoś użytkownika {name}'],
    ['mf-search', 'member.safety', 'Zablokuj lub zgłoś użytkownika {name}'],
  ])('%s %s', (pkg, key, text) => {
    expect(pl(pkg)[key]).toBe(text);
  });

  it('no message labels a member\'s name with a colon', () => {
    for (const pkg of ['mf-search', 'mf-chat', 'mf-landers', 'mf-likes-notifications']) {
      const stiff = Object.entries(pl(pkg)).filter(([, v]) => /: \{name\}$/.test(v));
      expect(stiff).toEqual([]);
    }
  });
});

/** The catalogs members read (the back office speaks to staff). */
const MEMBER_CATALOGS = [
  'shared/src/ui/i18n',
  'shell/src/i18n/messages',
  'shell/src/i18n/titles',
  ...['mf-auth-signup', 'mf-search', 'mf-chat', 'mf-likes-notifications', 'mf-commerce', 'mf-landers'].map((d) => `${d}/src/i18n`),
];
const catalog = (dir: string, locale: string): Array<[string, string]> =>
  Object.entries(JSON.parse(readFileSync(path.join(ROOT, dir, `${locale}.json`), 'utf8')) as Record<string, string>);
/** A whole word of `words`, in Polish letters too (\b knows only ASCII). */
const word = (words: string, flags = 'u') => new RegExp(`(?<!\\p{L})(?:${words})(?!\\p{L})`, flags);

describe.each(MEMBER_CATALOGS)('wording of %s', (dir) => {
  it('Polish keeps names in the nominative: no "Zablokowano: {name}" label, no preposition that would decline a name', () => {
    const declined = catalog(dir, 'pl').filter(
      ([, v]) => /: \{(name|site|brand)\}/.test(v) || /(?<!\p{L})(z|ze|od|do|dla|w|u|o|przez) \{(name|site|brand)\}/iu.test(v),
    );
    expect(declined).toEqual([]);
  });

  it('Polish addresses the member one way, capitalised (Ty, Cię, Twój), and never in the masculine alone', () => {
    const lower = word('ci|cię|ciebie|tobie|tobą|twój|twoja|twoje|twojego|twojej|twoim|twoich|twoją|twoimi');
    const gendered = /łeś|łaś|\((-?a|-aś)\)|(?<=\p{L})\/(a|-a)(?!\p{L})/u;
    expect(catalog(dir, 'pl').filter(([, v]) => lower.test(v) || gendered.test(v))).toEqual([]);
  });

  it('French says "tu" to the member ("vous" only for two people: "vous vous plaisez")', () => {
    // The back office's page titles speak to staff, as the back office does ("vous").
    const formal = catalog(dir, 'fr').filter(([id, v]) => {
      if (id.startsWith('title.backoffice')) return false;
      const text = v.replace(/vous (ne )?vous \p{L}+|rendez-vous/gu, '');
      const words = text.match(/\p{L}+/gu) ?? [];
      return words.some((w) => /^(vous|votre|vos|veuillez)$/i.test(w) || (/ez$/.test(w) && !/^(chez|assez)$/i.test(w)));
    });
    expect(formal).toEqual([]);
  });

  it('German says "registrieren" for signing up and "anmelden" for logging in', () => {
    expect(catalog(dir, 'de').filter(([, v]) => /kostenlos an(melden)?\b|einloggen|logge dich/i.test(v))).toEqual([]);
  });

  it('Italian and Spanish welcome without assuming a gender', () => {
    expect([...catalog(dir, 'it'), ...catalog(dir, 'es')].filter(([, v]) => /\b(Benvenut[oa]|Bentornat[oa]|Bienvenid[oa])\b/.test(v))).toEqual([]);
  });
});
