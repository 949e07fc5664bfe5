// Phrasing a native speaker would not write: Polish declines names, so "O mnie: Miguel" (about me:
// Miguel) on someone else's profile and "Zablokuj: Miguel" read like form labels. The messages say
// "Miguel o sobie" and "Zablokuj użytkownika Miguel", keeping the name in the nominative.
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
