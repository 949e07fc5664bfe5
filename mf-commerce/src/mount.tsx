import { createRemoteMount, type RemoteDefinition } from '@dating/shared';
import { lazyView } from '@dating/shared/ui';
import { loadMessages } from './messages';

/** Every view the shell's route table names for mf_commerce. */
export const definition: RemoteDefinition<'mf_commerce'> = {
  name: 'mf_commerce',
  views: {
    premium: lazyView(() => import(/* webpackChunkName: "view-premium" */ './premium/PremiumView').then((m) => m.PremiumView)),
    pricing: lazyView(() => import(/* webpackChunkName: "view-pricing" */ './pricing/PricingView').then((m) => m.PricingView)),
    credits: lazyView(() => import(/* webpackChunkName: "view-credits" */ './credits/CreditsView').then((m) => m.CreditsView)),
    // The two forms of this remote: react-hook-form loads with them, not with /pricing or /premium.
    'repeat-order': lazyView(() => import(/* webpackChunkName: "view-repeat-order" */ './repeat-order/RepeatOrderView').then((m) => m.RepeatOrderView)),
    'credit-checkout': lazyView(() => import(/* webpackChunkName: "view-credit-checkout" */ './credit-checkout/CreditCheckoutView').then((m) => m.CreditCheckoutView)),
    transaction: lazyView(() => import(/* webpackChunkName: "view-transaction" */ './transaction/TransactionView').then((m) => m.TransactionView)),
  },
  loadMessages,
  build: process.env.BUILD_LABEL,
};

export const lifecycles = createRemoteMount(definition);

export const { bootstrap, mount, update, unmount } = lifecycles;
