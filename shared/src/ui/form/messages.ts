// The words of the contract's rule messages (../../schemas/messages.ts). Every remote's catalogs
// hold these keys in the seven languages; the English here is only the fallback.
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { MAX_AGE, MIN_AGE, RULE_MESSAGES, readRuleMessage, type RuleMessageKey } from '@dating/shared';

export const ruleMessages: Record<RuleMessageKey, MessageDescriptor> = defineMessages({
  [RULE_MESSAGES.required]: { id: 'validation.required', defaultMessage: 'Value is required' },
  [RULE_MESSAGES.emailInvalid]: { id: 'validation.email_invalid', defaultMessage: 'Value is not a valid email address' },
  [RULE_MESSAGES.tooLong]: { id: 'validation.too_long', defaultMessage: 'Use at most {max} characters' },
  [RULE_MESSAGES.nameStartsWithAt]: { id: 'signup.name_starts_with_at', defaultMessage: 'Your name cannot start with @' },
  [RULE_MESSAGES.nameEqualToEmail]: { id: 'signup.name_equal_to_email', defaultMessage: 'Your name cannot be your email address' },
  [RULE_MESSAGES.dateOfBirth]: {
    id: 'profile.date_of_birth_error',
    defaultMessage: 'Choose a real date of birth; you must be at least {min_age} years old',
  },
  [RULE_MESSAGES.countryRequired]: { id: 'validation.country_required', defaultMessage: 'Choose your country' },
  [RULE_MESSAGES.passwordsDiffer]: { id: 'validation.passwords_differ', defaultMessage: 'The two passwords are not the same' },
  [RULE_MESSAGES.sameEmail]: { id: 'validation.same_email', defaultMessage: 'This is already your email address' },
  [RULE_MESSAGES.consentRequired]: { id: 'checkout.consentRequired', defaultMessage: 'Please confirm that delivery may start right away.' },
  [RULE_MESSAGES.adultRequired]: { id: 'signup.adult_required', defaultMessage: 'Confirm that you are 18 or older to create an account' },
});

/**
 * Puts a rule message (from a form's zod issue or an API answer) in the member's words. The words
 * are descriptors with literal ids (formatjs extraction sees every one): the contract's rules here,
 * plus `own`, a view's descriptors for the rule messages of its own checks. A message that is no
 * rule message (a sentence of the API's own), or a key without words, comes back as it is.
 */
export function useRuleText(own: readonly MessageDescriptor[] = []): (message: string) => string {
  const intl = useIntl();
  return (message) => {
    const rule = readRuleMessage(message);
    if (!rule) return message;
    const descriptor = ruleMessages[rule.id as RuleMessageKey] ?? own.find((d) => d.id === rule.id);
    if (!descriptor) return message;
    return intl.formatMessage(descriptor, { min_age: MIN_AGE, max_age: MAX_AGE, ...rule.values });
  };
}
