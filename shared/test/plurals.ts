// The plural rule of the catalogs and the mails, in one place (used by shared/test/catalogs.test.ts
// and api/test/mail-plurals.test.ts): a number in a sentence is a plural, and a plural has every form
// the language counts with.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The plural categories a language's counts take, from CLDR through Intl.PluralRules: Polish one,
 * few, many (and other, which ICU requires anyway); English, Dutch, German, French, Italian and
 * Spanish one and other. Counts here stay below a million: CLDR's `many` of French, Italian and
 * Spanish covers only whole millions ("1 000 000 de membres"), where `other` reads well enough, so
 * it is not asked for.
 */
export function countCategories(locale: string, type: Intl.PluralRuleType = 'cardinal'): string[] {
  const key = `${locale}/${type}`;
  const known = categories.get(key);
  if (known) return known;
  const rules = new Intl.PluralRules(locale, { type });
  const seen = new Set<string>(['other']);
  for (let n = 0; n < 10_000; n++) seen.add(rules.select(n));
  for (let n = 10_000; n < 1_000_000; n += 1_000) seen.add(rules.select(n));
  const found = rules.resolvedOptions().pluralCategories.filter((c) => seen.has(c));
  categories.set(key, found);
  return found;
}
const categories = new Map<string, string[]>();

function walk(els: MessageFormatElement[], visit: (el: MessageFormatElement, inPlural: boolean) => void, inPlural = false) {
  for (const el of els) {
    visit(el, inPlural);
    if (el.type === TYPE.plural) for (const opt of Object.values(el.options)) walk(opt.value, visit, true);
    else if (el.type === TYPE.select) for (const opt of Object.values(el.options)) walk(opt.value, visit, inPlural);
    else if (el.type === TYPE.tag) walk(el.children, visit, inPlural);
  }
}

/** Each plural of `message` that lacks a form `locale` counts with, as "argument: missing forms". */
export function pluralGaps(message: string, locale: string): string[] {
  const gaps: string[] = [];
  walk(parse(message), (el) => {
    if (el.type !== TYPE.plural) return;
    const missing = countCategories(locale, el.pluralType).filter((c) => !(c in el.options));
    if (missing.length) gaps.push(`${el.value}: ${missing.join(', ')}`);
  });
  return gaps;
}

/**
 * Arguments of `message` formatted as a bare number (`{credits, number}`) outside any plural: in a
 * sentence such a count needs a plural, else Polish says "2 kredytów" and French "1 nouveaux".
 */
export function bareCounts(message: string): string[] {
  const names: string[] = [];
  walk(parse(message), (el, inPlural) => {
    if (el.type === TYPE.number && !inPlural) names.push(el.value);
  });
  return names;
}
