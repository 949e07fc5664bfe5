import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { PremiumView } from './premium/PremiumView';
import { PricingView } from './pricing/PricingView';
import { CreditsView } from './credits/CreditsView';
import { RepeatOrderView } from './repeat-order/RepeatOrderView';
import { CreditCheckoutView } from './credit-checkout/CreditCheckoutView';
import { TransactionView } from './transaction/TransactionView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_commerce. */
export const definition: RemoteDefinition<'mf_commerce'> = {
  name: 'mf_commerce',
  views: {
    premium: PremiumView,
    pricing: PricingView,
    credits: CreditsView,
    'repeat-order': RepeatOrderView,
    'credit-checkout': CreditCheckoutView,
    transaction: TransactionView,
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
