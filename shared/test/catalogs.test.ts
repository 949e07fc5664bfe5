// Messages, in one place. Seven languages are part of done: every package's catalogs hold the same
// keys in every locale, with the same placeholders, and are really translated (not English copies).
// And the catalogs match the code: formatjs extracts every package's messages, and every id the
// code uses is in the package's en.json, with the same English text, and en.json holds no key the
// code does not use. Computed ids escape extraction: the linter forbids them (eslint.config.js),
// and extraction's own warnings about them fail here too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '../src/locales';
import { bareCounts, pluralGaps } from './plurals';

const ROOT = path.resolve(__dirname, '../..');
/** The UI kit's catalogs: RemoteRoot (shared/src/mount.tsx) merges them under every remote's own. */
const KIT = 'shared/src/ui/i18n';
/**
 * Each package's source folder, the folder of its catalogs, whether the kit's are merged under them,
 * and further catalog folders the package loads apart (the shell's page titles, loaded after start-up).
 */
const PACKAGES: Array<{ src: string; catalogs: string; kit: boolean; more?: string[] }> = [
  { src: 'shared/src', catalogs: KIT, kit: false },
  { src: 'shell/src', catalogs: 'shell/src/i18n/messages', kit: false, more: ['shell/src/i18n/titles'] },
  ...['mf-auth-signup', 'mf-search', 'mf-chat', 'mf-likes-notifications', 'mf-commerce', 'mf-landers', 'mf-backoffice'].map((d) => ({
    src: `${d}/src`,
    catalogs: `${d}/src/i18n`,
    kit: true,
  })),
];
const CATALOG_DIRS = PACKAGES.flatMap((p) => [p.catalogs, ...(p.more ?? [])]);

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

/**
 * Counts that may stand without a plural, with why: "Showing 3 of {total, plural, …}" (the noun
 * belongs to the total), and "3 new" where the adjective does not inflect.
 */
const BARE_COUNTS: Record<string, { arg: string; locales: readonly string[] }> = {
  'members.count': { arg: 'shown', locales: LOCALES },
  'likes.newCount': { arg: 'count', locales: ['en', 'nl', 'de'] },
};

describe.each(CATALOG_DIRS)('plurals in %s', (dir) => {
  it.each(LOCALES)('%s: every plural has the forms the language counts with (pl: one, few, many), and no count stands bare', (locale) => {
    const catalog = load(dir, locale);
    const gaps = Object.entries(catalog).flatMap(([id, message]) => pluralGaps(message, locale).map((gap) => `${id} (${gap})`));
    expect(gaps).toEqual([]);
    const bare = Object.entries(catalog).flatMap(([id, message]) =>
      bareCounts(message)
        .filter((arg) => !(BARE_COUNTS[id]?.arg === arg && BARE_COUNTS[id].locales.includes(locale)))
        .map((arg) => `${id}: {${arg}, number} outside a plural`),
    );
    expect(bare).toEqual([]);
  });
});

interface Extracted {
  messages: Record<string, { defaultMessage?: string; file?: string; line?: number }>;
  warnings: string[];
}

/** `formatjs extract` over a package's code (tests left out), with where each message is written. */
function extract(src: string, out: string): Extracted {
  const file = path.join(out, `${src.replace(/\//g, '_')}.json`);
  const res = spawnSync(
    path.join(ROOT, 'node_modules/.bin/formatjs'),
    ['extract', `${src}/**/*.{ts,tsx}`, '--ignore', '**/*.test.{ts,tsx}', '--extract-source-location', '--out-file', file],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`formatjs extract ${src} failed: ${res.stderr || res.error}`);
  const warnings = `${res.stdout}\n${res.stderr}`.split('\n').filter((l) => /\bWARN|\berror\b/i.test(l));
  return { messages: JSON.parse(readFileSync(file, 'utf8')), warnings };
}

describe('messages in code', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'formatjs-'));
  const extracted = new Map<string, Extracted>();
  beforeAll(() => {
    for (const { src } of PACKAGES) extracted.set(src, extract(src, out));
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  describe.each(PACKAGES)('$src', ({ src, catalogs, kit, more = [] }) => {
    const where = (m: { file?: string; line?: number }) => `${m.file}:${m.line}`;

    it('has only ids that extraction can read (string literals)', () => {
      expect(extracted.get(src)!.warnings).toEqual([]);
    });

    it(`uses only ids of ${catalogs}/en.json${kit ? ` (or of the kit's, ${KIT})` : ''}, with their English text`, () => {
      const { messages } = extracted.get(src)!;
      const en = { ...(kit ? load(KIT, 'en') : {}), ...load(catalogs, 'en'), ...Object.assign({}, ...more.map((dir) => load(dir, 'en'))) };
      expect(Object.keys(messages).length).toBeGreaterThan(0);
      const missing = Object.entries(messages).filter(([id]) => !(id in en)).map(([id, m]) => `${id} (${where(m)})`);
      expect(missing).toEqual([]);
      const differing = Object.entries(messages)
        .filter(([id, m]) => id in en && m.defaultMessage !== undefined && m.defaultMessage !== en[id])
        .map(([id, m]) => `${id} (${where(m)}): code "${m.defaultMessage}", en.json "${en[id]}"`);
      expect(differing).toEqual([]);
    });

    it.each([catalogs, ...more])('leaves no key of %s/en.json unused, and shares none with another folder', (dir) => {
      const { messages } = extracted.get(src)!;
      expect(Object.keys(load(dir, 'en')).filter((id) => !(id in messages))).toEqual([]);
      const others = [catalogs, ...more].filter((d) => d !== dir).map((d) => load(d, 'en'));
      expect(Object.keys(load(dir, 'en')).filter((id) => others.some((o) => id in o))).toEqual([]);
    });
  });
});
