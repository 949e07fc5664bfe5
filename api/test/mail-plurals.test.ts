// The mails follow the catalogs' plural rule (shared/test/plurals.ts): every plural has the forms the
// language counts with (Polish one, few, many), and no count stands bare in a sentence.
import { LOCALES } from '@dating/shared';
import { COMPLAINT_NOTICE_TEXTS, DESK_MAIL_TEXTS, MAIL_TEXTS } from '../src/mail/templates';
import { bareCounts, pluralGaps } from '../../shared/test/plurals';

/** Every message of a mail text tree, as [path, message]. */
function messages(node: unknown, at: string): Array<[string, string]> {
  if (typeof node === 'string') return [[at, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => messages(v, `${at}.${k}`));
  return [];
}

describe.each(LOCALES)('mails in %s', (locale) => {
  const all = [
    ...messages(MAIL_TEXTS[locale], 'MAIL_TEXTS'),
    ...messages(COMPLAINT_NOTICE_TEXTS[locale], 'COMPLAINT_NOTICE_TEXTS'),
    ...messages(DESK_MAIL_TEXTS[locale], 'DESK_MAIL_TEXTS'),
  ];

  it('are there to check', () => expect(all.length).toBeGreaterThan(10));

  it('have every plural form the language counts with', () => {
    expect(all.flatMap(([at, message]) => pluralGaps(message, locale).map((gap) => `${at} (${gap})`))).toEqual([]);
  });

  it('put no count bare in a sentence', () => {
    expect(all.flatMap(([at, message]) => bareCounts(message).map((arg) => `${at}: {${arg}, number}`))).toEqual([]);
  });
});
