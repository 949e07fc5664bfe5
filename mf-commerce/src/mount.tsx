import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { PremiumView } from './premium/PremiumView';
import { PricingView } from './pricing/PricingView';
import { CreditsView } from './credits/CreditsView';
import { TransactionView } from './transaction/TransactionView';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_commerce. */
export const definition: RemoteDefinition<'mf_commerce'> = {
  name: 'mf_commerce',
  views: {
    premium: PremiumView,
    pricing: PricingView,
    credits: CreditsView,
    // The two forms of this remote: react-hook-form loads with them, not with /pricing or /premium.
    'repeat-order': lazyView(() => import(/* webpackChunkName: "view-repeat-order" */ './repeat-order/RepeatOrderView').then((m) => m.RepeatOrderView)),
    'credit-checkout': lazyView(() => import(/* webpackChunkName: "view-credit-checkout" */ './credit-checkout/CreditCheckoutView').then((m) => m.CreditCheckoutView)),
    transaction: TransactionView,
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
