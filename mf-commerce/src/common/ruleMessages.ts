import { defineMessages } from 'react-intl';

/**
 * Words of the contract's rule messages that live in this remote's catalog (useRuleText finds them
 * by id): CONSENT_REQUIRED of CheckoutFormSchema and ConsentFormSchema.
 */
export const commerceRuleMessages = defineMessages({
  consentRequired: { id: 'checkout.consentRequired', defaultMessage: 'Please confirm that delivery may start right away.' },
});
