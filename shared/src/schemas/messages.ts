// The messages of the field rules of spec §5, as the contract's schemas report them: each issue's
// message is the catalog key the member reads it under (every package's i18n catalogs hold these
// keys), with the values it needs after a `?` (`validation.too_long?max=150`). The API answers a
// bad field with the same message, so the client says the same thing whichever side noticed.

/** Catalog keys of the field rules. */
export const RULE_MESSAGES = {
  required: 'validation.required',
  emailInvalid: 'validation.email_invalid',
  tooLong: 'validation.too_long',
  nameStartsWithAt: 'signup.name_starts_with_at',
  nameEqualToEmail: 'signup.name_equal_to_email',
  dateOfBirth: 'profile.date_of_birth_error',
  countryRequired: 'validation.country_required',
  passwordsDiffer: 'validation.passwords_differ',
  sameEmail: 'validation.same_email',
  consentRequired: 'checkout.consentRequired',
  adultRequired: 'signup.adult_required',
} as const;
export type RuleMessageKey = (typeof RULE_MESSAGES)[keyof typeof RULE_MESSAGES];

/** A rule message with its values, e.g. `ruleMessage('validation.too_long', { max: 150 })`. */
export function ruleMessage(key: RuleMessageKey | (string & {}), values?: Record<string, string | number>): string {
  if (!values || !Object.keys(values).length) return key;
  return `${key}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`;
}

/** `validation.too_long?max=150`: used for every "at most N characters" rule. */
export const tooLong = (max: number) => ruleMessage(RULE_MESSAGES.tooLong, { max });

const RULE_MESSAGE = /^([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9_]*)+)(?:\?([^\s]*))?$/;

/** Whether a message (of a zod issue, or of an API error answer) is a rule message key. */
export function isRuleMessage(message: string): boolean {
  return RULE_MESSAGE.test(message);
}

/**
 * The catalog key and values of a rule message; null for any other text (a sentence of the API's
 * own). Numeric values come back as numbers, so plurals and number formats work.
 */
export function readRuleMessage(message: string): { id: string; values: Record<string, string | number> } | null {
  const m = RULE_MESSAGE.exec(message);
  if (!m) return null;
  const values: Record<string, string | number> = {};
  for (const [k, v] of new URLSearchParams(m[2] ?? '')) values[k] = v !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
  return { id: m[1]!, values };
}
