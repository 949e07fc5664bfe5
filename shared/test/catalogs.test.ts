// Seven languages are part of done: every package's catalogs hold the same keys in every locale,
// with the same placeholders, and are really translated (not English copies).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../src/locales';

const ROOT = path.resolve(__dirname, '../..');
const CATALOG_DIRS = [
  'shared/src/ui/i18n',
  'shell/src/i18n/messages',
  ...['mf-auth-signup', 'mf-search', 'mf-chat', 'mf-likes-notifications', 'mf-commerce', 'mf-landers'].map((d) => `${d}/src/i18n`),
];

const load = (dir: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(ROOT, dir, `${locale}.json`), 'utf8'));
/** Argument names of an ICU message (through select and plural branches), sorted, unique. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if ('value' in el && el.type !== TYPE.literal && typeof el.value === 'string') names.add(el.value);
      if ('options' in el) for (const opt of Object.values(el.options)) walk(opt.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe.each(CATALOG_DIRS)('catalogs of %s', (dir) => {
  it('exist for all seven locales and nothing else', () => {
    expect(existsSync(path.join(ROOT, dir))).toBe(true);
    const files = readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  const en = load(dir, 'en');
  it('are not empty', () => expect(Object.keys(en).length).toBeGreaterThan(0));

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key of en, with the same placeholders', (locale) => {
    const other = load(dir, locale);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect([key, placeholders(other[key])]).toEqual([key, placeholders(en[key])]);
      expect(other[key].trim()).not.toBe('');
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is translated, not an English copy', (locale) => {
    const other = load(dir, locale);
    const keys = Object.keys(en);
    // Words such as "Premium", "FAQ" or "Chats" are the same in several languages; whole catalogs are not.
    const same = keys.filter((k) => other[k] === en[k] && /[a-z]{4,}/i.test(en[k].replace(/\{[^}]*\}/g, '')));
    expect(same.length / keys.length).toBeLessThanOrEqual(0.25);
  });
});
